"""The pages answer HTML under `/` (not problem documents), the rulebook lists every rule, the API is untouched."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from domain import registry
from domain.platform import all_rules
from service.api.meta import SPEC
from service.samples import SAMPLES, game_of, load_sample
from tests.conftest import Api
from tests.web.made import a_disputed_game, a_tournament_paired_to_round_1

STATIC = Path(__file__).resolve().parents[2] / "service" / "web" / "static"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/games",
        "/login",
        "/docs",
        "/games/{game}",
        "/disputes/{dispute}",
        "/tournaments/{tournament}/rounds/1/pairings",
        "/ratings",
    ],
)
def test_page_is_html_when_a_browser_opens_it(api: Api, path: str) -> None:
    # Real ids: a dead link is a 404 page (tests/web/test_page_not_found.py), not a 200 whose script says so.
    game, dispute = a_disputed_game(api) if "{game}" in path or "{dispute}" in path else ("", "")
    tournament = a_tournament_paired_to_round_1(api) if "{tournament}" in path else ""
    response = api.client.get(path.format(game=game, dispute=dispute, tournament=tournament))
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert b"<!doctype html>" in response.data
    assert b'id="not-here"' not in response.data


def test_games_list_offers_every_ruleset_as_a_filter_when_opened(api: Api) -> None:
    page = api.client.get("/games").get_data(as_text=True)
    offered = dict(re.findall(r'<option value="([a-z0-9_]+)">([^<]*)</option>', page))
    assert set(registry.ruleset_ids()) <= set(offered)
    # Offered by the game's name, not its id.
    assert offered["kard_es_korona"] == "Kard és Korona"
    assert offered["agot2"] == "A Game of Thrones: The Board Game"


def test_ratings_page_offers_every_game_and_shows_the_one_asked_for(api: Api) -> None:
    page = api.client.get("/ratings?ruleset=agot2").get_data(as_text=True)
    offered = re.findall(r'<option value="([a-z0-9_]+)"', page)
    assert offered == list(registry.ruleset_ids())
    assert '<option value="agot2" selected>A Game of Thrones: The Board Game</option>' in page
    assert '<option value="kard_es_korona" selected>' in api.client.get("/ratings?ruleset=nope").get_data(as_text=True)


def test_game_page_names_its_game_and_loads_its_module_when_opened(api: Api) -> None:
    game, _ = a_disputed_game(api)
    page = api.client.get(f"/games/{game}").get_data(as_text=True)
    assert f'data-game="{game}"' in page
    assert "/web/static/game.js" in page


def test_rulebook_anchors_every_rule_with_its_summary_and_quote_when_opened(api: Api) -> None:
    page = api.client.get("/rulesets/kard_es_korona/rules").get_data(as_text=True)
    rules = all_rules(registry.current("kard_es_korona"))
    anchored = set(re.findall(r'<div class="rule" id="([^"]+)">', page))
    assert anchored == set(rules)
    siege = rules["KK-SIEGE-3"]
    block = page.split('id="KK-SIEGE-3"', 1)[1].split('<div class="rule"', 1)[0]
    assert '<a href="#KK-SIEGE-3">' in block
    assert _escaped(siege.summary) in block
    assert _escaped(siege.source_quote) in block


def test_rulebook_of_a_games_older_version_marks_the_rules_a_later_version_rules_differently(api: Api) -> None:
    # Kard és Korona 1.1.0 changed KK-OPEN-4/5 (an all-archer open battle): a 1.0.0 game's rulebook says so.
    old = api.client.get("/rulesets/kard_es_korona/rules?version=1.0.0").get_data(as_text=True)
    assert "This page shows 1.0.0, not the current 1.1.0." in old
    marked = set(re.findall(r'id="([A-Z0-9-]+)">(?:(?!<div class="rule").)*?<p class="changed"', old, re.S))
    assert marked == {"KK-OPEN-4", "KK-OPEN-5"}
    assert "Ruled differently from 1.1.0 on:" in old.split('id="KK-OPEN-4"', 1)[1].split('<div class="rule"', 1)[0]
    assert '<a href="/rulesets/kard_es_korona/rules?version=1.1.0">1.1.0</a>, current' in old

    current = api.client.get("/rulesets/kard_es_korona/rules").get_data(as_text=True)
    assert "This page shows" not in current
    assert "Ruling changed in 1.1.0:" in current.split('id="KK-OPEN-5"', 1)[1].split('<div class="rule"', 1)[0]
    assert '<a href="/rulesets/kard_es_korona/rules?version=1.0.0">1.0.0</a>' in current


def test_rulebook_of_a_version_not_shipped_is_a_404_naming_it(api: Api) -> None:
    response = api.client.get("/rulesets/kard_es_korona/rules?version=0.9")
    assert response.status_code == 404
    assert "'0.9'" in response.get_json()["detail"]


@pytest.mark.parametrize("number", ["0", "00"])
def test_pairings_page_of_round_0_is_the_404_page_of_a_round_not_paired(api: Api, number: str) -> None:
    # One behaviour: rounds count from 1, so round 0 is a round the tournament has not paired, like round 2 here.
    tournament = a_tournament_paired_to_round_1(api)
    zero = api.client.get(f"/tournaments/{tournament}/rounds/{number}/pairings", headers={"Accept": "text/html"})
    unpaired = api.client.get(f"/tournaments/{tournament}/rounds/2/pairings", headers={"Accept": "text/html"})

    assert zero.status_code == unpaired.status_code == 404 and zero.mimetype == "text/html"
    page = zero.get_data(as_text=True)
    assert f"No round 0 of the tournament {tournament} here (HTTP 404)." in page
    assert re.sub(r'([Rr]ound |data-round=")0', r"\1<n>", page) == re.sub(
        r'([Rr]ound |data-round=")2', r"\1<n>", unpaired.get_data(as_text=True)
    )
    detail = api.client.get(f"/tournaments/{tournament}/rounds/{number}/pairings").get_json()["detail"]
    assert detail == "the tournament 'Spring Open' has no round 0: rounds are numbered from 1"


def test_rulebook_of_a_ruleset_with_one_version_lists_no_versions(api: Api) -> None:
    assert 'class="releases"' not in api.client.get("/rulesets/freeform/rules").get_data(as_text=True)


def test_docs_page_lists_every_operation_of_the_contract_when_opened(api: Api) -> None:
    page = api.client.get("/docs").get_data(as_text=True)
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    for path, item in spec["paths"].items():
        for method in ("get", "post", "patch", "delete"):
            if method in item:
                assert f"<td><code>{method.upper()}</code></td><td><code>{path}</code></td>" in page


def test_rulebook_is_a_404_problem_naming_the_ruleset_when_it_is_unknown(api: Api) -> None:
    response = api.client.get("/rulesets/chess/rules")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert "chess" in response.get_json()["detail"]


def test_static_modules_are_served_as_javascript_when_a_page_asks(api: Api) -> None:
    for module in sorted(STATIC.glob("*.js")):
        with api.client.get(f"/web/static/{module.name}") as response:  # a file body: closed, not left to GC
            assert response.status_code == 200, module.name
            assert response.mimetype in ("text/javascript", "application/javascript")


def test_modules_import_only_modules_that_exist_when_shipped() -> None:
    for module in STATIC.glob("*.js"):
        for imported in re.findall(r'from "\./([^"]+)"', module.read_text(encoding="utf-8")):
            assert (STATIC / imported).is_file(), f"{module.name} imports missing {imported}"


def test_board_drawing_places_every_area_of_a_board_when_asked(api: Api) -> None:
    game = api.client.get(f"/api/v1/games/{game_of(load_sample(api.services, _sample('agot2')))}").get_json()
    drawing = api.client.get(f"/boards/{game['board']}/drawing.json").get_json()
    document = api.client.get(f"/api/v1/boards/{game['board']}").get_json()["document"]
    assert drawing["placement"] == "layout"
    assert {a["id"] for a in drawing["areas"]} == {a["id"] for a in document["areas"]}
    assert len(drawing["edges"]) == len(document["edges"])
    winterfell = next(a for a in drawing["areas"] if a["id"] == "winterfell")
    assert winterfell["castle"] is True  # AGoT's Winterfell is a castle (its board's `structure`)
    assert winterfell["home"] == "stark"


def test_board_drawing_is_a_404_problem_when_the_board_is_unknown(api: Api) -> None:
    response = api.client.get("/boards/" + "0" * 64 + "/drawing.json")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_unknown_page_is_still_a_404_problem_when_nothing_routes_it(api: Api) -> None:
    response = api.client.get("/no/such/page")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def _sample(prefix: str) -> Path:
    return next(p for p in sorted(SAMPLES.glob("*.sample.json")) if p.name.startswith(prefix))


def _escaped(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;").replace("'", "&#39;")
    )


@pytest.mark.parametrize("ruleset_id", registry.ruleset_ids())
def test_actions_page_shows_every_action_with_its_rules_schema_and_example(api: Api, ruleset_id: str) -> None:
    """Issue 15, point 5: each action's page in the served docs shows its schema and example."""
    page = api.client.get(f"/rulesets/{ruleset_id}/actions").get_data(as_text=True)
    declared = api.client.get(f"/api/v1/rulesets/{ruleset_id}/actions").get_json()["items"]

    assert set(re.findall(r'<div class="rule action" id="action-([a-z_0-9]+)">', page)) == {a["type"] for a in declared}
    for action in declared:
        block = page.split(f'id="action-{action["type"]}"', 1)[1].split('<div class="rule action"', 1)[0]
        assert all(f"#{rule_id}" in block for rule_id in action["rule_ids"]), action["type"]
        assert '<pre class="schema">' in block and '<pre class="example">' in block
        assert f'"type": {json.dumps(action["example"]["type"])}' in block


def test_actions_page_of_an_unknown_ruleset_is_404(api: Api) -> None:
    assert api.client.get("/rulesets/chess/actions").status_code == 404


def test_interactive_api_page_is_served_from_the_package_and_reads_the_contract(api: Api) -> None:
    """Issue 15, point 5: Swagger UI at /api/v1/docs, its files served by Annals itself (no CDN)."""
    page = api.client.get("/api/v1/docs/")
    text = page.get_data(as_text=True)

    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "/api/v1/openapi.yaml" in text
    assert "http://" not in text.replace("http://localhost", "") and "https://" not in text
    for script in re.findall(r'<script src="([^"]+)"', text):
        served = api.client.get(script)
        assert served.status_code == 200 and served.get_data(), script
        served.close()


@pytest.mark.parametrize("ruleset_id", registry.ruleset_ids())
def test_rulebook_lists_what_the_engine_leaves_to_adjust_with_rules_of_its_own_catalog(
    api: Api, ruleset_id: str
) -> None:
    """Issue 15: anything a ruleset cannot compute is listed in its rulebook as such, each by a rule it has."""
    ruleset = registry.current(ruleset_id)
    page = api.client.get(f"/rulesets/{ruleset_id}/rules").get_data(as_text=True)
    served = api.client.get(f"/api/v1/rulesets/{ruleset_id}").get_json()["left_to_adjust"]

    assert served == [{"rule_id": r, "effect": e} for r, e in ruleset.left_to_adjust]
    for rule_id, effect in ruleset.left_to_adjust:
        assert rule_id in all_rules(ruleset), rule_id
        assert f'<li data-rule="{rule_id}"><a href="#{rule_id}">{rule_id}</a>: {_escaped(effect)}</li>' in page
    assert ("What the engine leaves to" in page) == bool(ruleset.left_to_adjust)
    assert bool(ruleset.left_to_adjust) == (ruleset_id != "freeform")  # freeform computes no rules at all


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # what Chromium sends for a page


@pytest.mark.parametrize("path", ["/no/such/page", "/rulesets/chess/rules", "/rulesets/chess/actions"])
def test_a_browser_opening_a_missing_page_gets_a_page_saying_so_not_raw_json(api: Api, path: str) -> None:
    response = api.client.get(path, headers={"Accept": BROWSER_ACCEPT})
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "<!doctype html>" in page and 'data-status="404"' in page
    assert ("chess" if "chess" in path else "/no/such/page") in page  # the problem's detail, as the API words it


def test_the_api_answers_a_browser_with_problem_documents_still(api: Api) -> None:
    response = api.client.get("/api/v1/games/nope", headers={"Accept": BROWSER_ACCEPT})
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
