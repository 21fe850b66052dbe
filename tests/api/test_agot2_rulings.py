"""agot2 refusals through the HTTP API cite the most specific rule that bars the action (issue 17)."""

from __future__ import annotations

from typing import Any

from domain.kernel import Game
from tests.api.conftest import assert_refused, total_events
from tests.api.test_agot2_examples import _act, _create, _one, _seal_all
from tests.conftest import Api
from tests.domain.agot2 import test_transcript_deviations as deviations
from tests.domain.agot2.tables import units

CARDS = {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1"}}


def _beaten(api: Api, game: Game, attack: dict[str, Any], casualty: str) -> tuple[str, str]:
    """Red's march (no support) wins against Blue; Blue has taken its casualty and now chooses a retreat."""
    game_id = _create(api, game)
    cid = _one(_act(api, game_id, "march", "red", **attack), "CombatInitiated")["combat_id"]
    resolved = _one(_seal_all(api, game_id, CARDS), "CombatResolved")  # the Blade is spent this round
    assert resolved["winner"] == "red"
    if resolved["casualties_due"]:
        _act(api, game_id, "choose_casualties", "blue", combat_id=cid, units=[casualty])
    return game_id, cid


def _rules(body: dict[str, Any]) -> list[str]:
    return [v["rule_id"] for v in body["violations"]]


def test_refused_citing_got_retreat_8_then_got_retreat_2_when_footmen_retreat_into_a_sea_area(api: Api) -> None:
    """GOT-RETREAT-8, seed 001 撤退和溃败: 「步兵和骑士不能撤退至海域或港口，战舰不能撤退至陆域。」

    The empty sea area s1 next to the battle is no retreat for footmen (l3 and l4 are); GOT-RETREAT-2 (the
    defender retreats under GOT-RETREAT-3 to GOT-RETREAT-9) is the umbrella.
    """
    game = deviations._game(
        "adjudicated",
        {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "s1": "sea"},
        [("l1", "l2"), ("l2", "l3"), ("l2", "l4"), ("l2", "s1")],
        units("red", "l1", "knight", "knight") + units("blue", "l2", "footman", "footman"),
        [("l1", "red", "march_0")],
    )
    attack = {"from_area": "l1", "moves": [{"to_area": "l2", "units": ["red:knight:l1:1", "red:knight:l1:2"]}]}
    game_id, cid = _beaten(api, game, attack, "blue:footman:l2:1")
    before = total_events(api)

    response = api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "s1"})

    body = assert_refused(response, "GOT-RETREAT-8")
    assert _rules(body) == ["GOT-RETREAT-8", "GOT-RETREAT-2"]
    assert body["violations"][0]["details"] == {"field": "data.to_area"}
    assert total_events(api) == before
    retreated = _act(api, game_id, "choose_retreat", "blue", combat_id=cid, to_area="l3")
    assert _one(retreated, "RetreatChosen")["to_area"] == "l3"


def test_refused_citing_got_retreat_8_when_ships_retreat_into_a_land_area(api: Api) -> None:
    """GOT-RETREAT-8, seed 001 撤退和溃败: 「战舰不能撤退至陆域。」 — not GOT-RETREAT-3 (the land area is empty)."""
    game = deviations._game(
        "adjudicated",
        {"s1": "sea", "s2": "sea", "s3": "sea", "s4": "sea", "l1": "land"},
        [("s1", "s2"), ("s2", "s3"), ("s2", "s4"), ("s2", "l1")],
        units("red", "s1", "ship", "ship", "ship") + units("blue", "s2", "ship", "ship"),
        [("s1", "red", "march_0")],
    )
    ships = ["red:ship:s1:1", "red:ship:s1:2", "red:ship:s1:3"]
    attack = {"from_area": "s1", "moves": [{"to_area": "s2", "units": ships}]}
    game_id, cid = _beaten(api, game, attack, "blue:ship:s2:1")

    response = api.act(game_id, type="choose_retreat", seat="blue", data={"combat_id": cid, "to_area": "l1"})

    assert _rules(assert_refused(response, "GOT-RETREAT-8")) == ["GOT-RETREAT-8", "GOT-RETREAT-2"]
    assert _one(_act(api, game_id, "choose_retreat", "blue", combat_id=cid, to_area="s3"), "RetreatChosen")
