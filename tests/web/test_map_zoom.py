"""The map on a phone: zoomed in, a Kard és Korona area name is readable and the frame pans; Fit shows it whole."""

from __future__ import annotations

from tests.web.conftest import Site, Tab, screenshot

LABEL_HEIGHT = "() => document.querySelector('#board .area .label').getBoundingClientRect().height"
FRAME = """() => {
  const frame = document.getElementById('board-frame');
  return {scroll: frame.scrollWidth, client: frame.clientWidth, page: document.documentElement.scrollWidth};
}"""


def test_a_phone_zooms_the_map_until_its_names_are_readable_and_fits_it_again(site: Site, tab: Tab) -> None:
    game = site.games["kard_es_korona_basic_three_lords"]
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.open(f"{site.base}/games/{game}")
    tab.wait_ready()
    fitted = tab.page.evaluate(LABEL_HEIGHT)
    whole = tab.page.evaluate(FRAME)

    for _ in range(3):
        tab.page.click("#zoom-in")
    zoomed = tab.page.evaluate(LABEL_HEIGHT)
    panned = tab.page.evaluate(FRAME)
    screenshot(tab, "map_zoomed_on_a_phone")
    level = tab.page.text_content("#zoom-level")
    tab.page.click("#zoom-fit")

    assert whole["scroll"] <= whole["client"] + 1  # fitted: nothing to pan
    assert level == "300%" and zoomed >= 2.9 * fitted and zoomed >= 9  # a ~4 px name becomes ~12 px
    assert panned["scroll"] >= 2.9 * panned["client"]  # the frame pans the wider map...
    assert panned["page"] <= 390  # ...and the page itself stays the phone's width
    assert tab.page.evaluate(LABEL_HEIGHT) == fitted and tab.page.is_disabled("#zoom-fit")
    assert tab.errors == []
