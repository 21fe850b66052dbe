"""Kard és Korona refusals through the HTTP API cite the most specific rule that bars the action (issue 17).

The umbrella rule, when there is one, follows it among the violations.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import act, ok
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

PTD = ["pannonia", "tiszahat", "delvidek"]
RED = PTD[0]


def _rules(body: dict[str, Any]) -> list[str]:
    return [v["rule_id"] for v in body["violations"]]


def _advanced_recruitment(api: Api, garrison: dict[str, int]) -> str:
    """An advanced game in 1302's recruitment, Red first, with this garrison in his castle k1 and 30 garas."""
    game = str(
        api.create_game(
            ruleset="kard_es_korona",
            variant="advanced",
            options={"variant": "advanced"},
            board=province_board("advanced"),
            seats=[{"seat": s} for s in PTD],
            dice="table",
            mode="adjudicated",
        )["id"]
    )
    position = {
        "phase": "recruit",
        "year": 1302,
        "starting_player": RED,
        "turn": RED,
        "units": {f"{RED}_k1": {RED: garrison}},
        "control": {f"{RED}_k1": RED},
        "treasury": {RED: 30, "tiszahat": 0, "delvidek": 0},
    }
    changes = [{"op": "set", "path": f"/{key}", "value": value} for key, value in position.items()]
    # A worked example's position skips what the setup would have done (neutral pieces, step allowances):
    # CORE-ADJUST-3 refuses it unless the arbiter forces it.
    response = api.act(
        game, "arbiter", type="adjust", data={"changes": changes, "reason": "recruitment position", "force": True}
    )
    assert response.status_code == 201, response.get_json()
    return game


def test_refused_citing_kk_castle_4_then_kk_recruit_4_when_a_recruit_breaks_the_advanced_arm_limit(
    api: Api,
) -> None:
    """KK-CASTLE-4, seed 000 L263: „4 csapatnál nagyobb sereg esetében semelyik fegyvernem sem haladhatja meg egy
    egységnél többel a sereg többi részét! Várvédőknél egy négy egységből álló sereg állhat csak gyalogosból vagy
    csak íjászból, de egy ötödik csapatnak már másfajtának kell lennie." — KK-RECRUIT-4 (L145: „A várakra
    meghatározott 7 egységes limitet és a haladó változatban annak fegyvernembéli elosztását természetesen
    ilyenkor is be kell tartani.") is the umbrella."""
    game = _advanced_recruitment(api, {"infantry": 3, "archer": 1})
    fifth = [{"castle": f"{RED}_k1", "arm": "infantry", "count": 1}]  # 4 infantry against 1 other

    body = assert_refused(act(api, game, "recruit", RED, purchases=fifth), "KK-CASTLE-4")

    assert _rules(body) == ["KK-CASTLE-4", "KK-RECRUIT-4"]
    assert [v["details"]["limit_rule"] for v in body["violations"]] == ["KK-CASTLE-4", "KK-CASTLE-4"]
    cavalry = [{"castle": f"{RED}_k1", "arm": "cavalry", "count": 1}]  # 3 infantry against 2 others
    assert ok(act(api, game, "recruit", RED, purchases=cavalry))[0]["type"] == "UnitsRecruited"


def test_refused_citing_kk_turn_3_when_a_lord_places_his_starting_forces_out_of_turn(api: Api) -> None:
    """KK-TURN-3, seed 000 L122: „Az első év/forduló elején a játékosok kockadobással vagy sorsolás útján döntik
    el, melyikük kezdi a játékot. A többi játékos az óramutató járásának megfelelően követi a kezdő játékost."

    Setup placement is part of the first year (A-53: in turn order); KK-SETUP-6 (home province) is not broken.
    """
    game = str(
        api.create_game(
            ruleset="kard_es_korona",
            variant="basic",
            options={"variant": "basic"},
            board="basic",
            seats=[{"seat": s} for s in ("felvidek", "erdely", "szlavonia")],
            dice="table",
            mode="adjudicated",
        )["id"]
    )
    ok(act(api, game, "choose_first_player", None, player="felvidek"))
    erdely = {
        "kolozs": {"infantry": 2, "archer": 1, "cavalry": 1},
        "feher": {"infantry": 2, "archer": 1, "cavalry": 1},
        "torda": {"infantry": 1, "archer": 2, "cavalry": 1},
    }

    body = assert_refused(act(api, game, "place_forces", "erdely", lord="kolozs", placements=erdely), "KK-TURN-3")

    assert _rules(body) == ["KK-TURN-3"]
    assert body["violations"][0]["details"] == {"field": "seat"}
