"""The map on a phone: zoomed in, a Kard és Korona area name is readable and the frame pans; Fit shows it whole."""

from __future__ import annotations

import pytest

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


COVERED = """() => {
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const areas = [...document.querySelectorAll('#board g.area')].map((g) => ({
    id: g.dataset.area,
    label: g.querySelector('.label').getBoundingClientRect(),
    spot: g.querySelector('.spot').getBoundingClientRect(),
  }));
  const names = [], spots = [];
  for (const a of areas) for (const b of areas) {
    if (a === b) continue;
    if (hit(a.label, b.label) && a.id < b.id) names.push(`${a.id} / ${b.id}`);
    if (hit(a.label, b.spot)) spots.push(`${a.id} on ${b.id}`);
  }
  return {names, spots};
}"""


@pytest.mark.parametrize(
    ("sample", "was_on_a_spot"),
    [
        ("agot2_north_two_rounds", ["dragonstone_port on dragonstone", "pyke on pyke_port"]),
        ("kard_es_korona_advanced_six_lords", ["pilis on esztergom", "doboka on belso_szolnok"]),
    ],
)
def test_no_area_name_covers_another_name_and_crowded_names_move_off_their_neighbours(
    site: Site, tab: Tab, sample: str, was_on_a_spot: list[str]
) -> None:
    """Drawn above their spots, close areas' names ran into each other ("King's Landing" into "Blackwater Bay",
    "Esztergom" into "Pilis") and onto neighbours' spots ("Port of Dragonstone" on Dragonstone): a name that would
    moves beside its spot. Where no place is free a name may still touch a spot, never another name."""
    tab.open(f"{site.base}/games/{site.games[sample]}")
    tab.wait_ready()
    covered = tab.page.evaluate(COVERED)
    assert covered["names"] == []
    assert not set(was_on_a_spot) & set(covered["spots"])
    assert tab.errors == []
