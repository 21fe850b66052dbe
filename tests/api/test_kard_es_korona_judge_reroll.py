"""Kard és Korona through the HTTP API: the Judge Royal is offered a reroll only when one can help him (issue 17,
point 6).

Seed 000 L200 (the lords' duel): „Mindketten lovagként küzdenek, csak hatos dobással győzedelmeskedhetnek a másik
fölött … de a párviadal folyamán a regnáló országbíró egy dobását egyszer újradobhatja. Addig folyik a harc, amíg
egyikük egyedül nem tud hatot dobni" — only a lone 6 wins, and the reigning Judge Royal may reroll one of his own
duel dice once. A 6 is the best face there is: with a 6 he has won (a lone 6) or voided the round (6 against 6),
and no reroll can do better, so the table is not asked whether he keeps it. With a 2 against a 6 he has lost
unless he rerolls, so the offer stands.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import act, adjust, guards, movement_position, ok, state
from tests.conftest import Api

RED = "pannonia"
BLUE = "tiszahat"  # the defender, and the Judge Royal


def _duel(api: Api) -> str:
    """Red's lord with 1 cavalry attacks Blue's lord with 1 infantry in Fejér; both units die in one exchange
    (each side's 6 hits), so the two lords are left alone and fight a duel (KK-LORD-5). Blue is Judge Royal."""
    units = {**guards(), "pest": {RED: {"cavalry": 1}}, "fejer": {BLUE: {"infantry": 1}}}
    game = movement_position(api, units, {RED: "pest", BLUE: "fejer", "delvidek": "delvidek_k2"})
    adjust(api, game, offices={"judge_royal": BLUE, "treasurer": None, "palatine": None})
    ok(act(api, game, "move", RED, to="fejer", groups=[{"from": "pest", "units": {"cavalry": 1}, "lord": True}]))
    for seat in (BLUE, "delvidek", RED):
        ok(act(api, game, "pass", seat))
    ok(act(api, game, "lead_arm", RED, arm="cavalry"))
    ok(act(api, game, "lead_arm", BLUE, arm="infantry"))
    started = ok(act(api, game, "fight_exchange", RED, dice=[6, 6]))
    assert started[-1]["type"] == "DuelStarted"
    return game


def _types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def _skip_noted(response: Any) -> bool:
    """The trace says why no reroll was offered (issue 17, point 6: "skip the offer then (recorded in the trace)")."""
    return any(
        step["rule_id"] == "KK-OFFICE-2" and "no reroll can improve it" in step["text"]
        for step in response.get_json()["trace"]
    )


def test_kk_lord_6_the_judge_royal_who_rolls_a_lone_6_in_the_duel_is_not_asked_to_reroll(api: Api) -> None:
    """„… csak hatos dobással győzedelmeskedhetnek … Addig folyik a harc, amíg egyikük egyedül nem tud hatot
    dobni": the Judge Royal's lone 6 has won the duel; a reroll could only lose it."""
    game = _duel(api)
    response = act(api, game, "fight_duel", RED, dice=[1, 6])  # Red 1, Blue (Judge Royal) 6: Blue alone rolled 6
    won = ok(response)
    assert "RerollOffered" not in _types(won) and _skip_noted(response)
    resolved = next(e for e in won if e["type"] == "DuelRoundResolved")
    assert resolved["data"]["winner"] == BLUE
    assert state(api, game)["reroll_offer"] == {}
    # Nothing waits for him: a keep_roll has no roll on offer to keep.
    assert_refused(act(api, game, "keep_roll", BLUE), "KK-OFFICE-1")


def test_kk_lord_6_the_judge_royals_6_against_a_6_voids_the_round_with_no_reroll_offered(api: Api) -> None:
    """„Addig folyik a harc, amíg egyikük egyedül nem tud hatot dobni": 6 against 6 is no lone 6, the round is
    void; his 6 is the best face there is, so no reroll is offered — and his one reroll stays his for a round
    he would lose („… a regnáló országbíró egy dobását egyszer újradobhatja")."""
    game = _duel(api)
    response = act(api, game, "fight_duel", RED, dice=[6, 6])
    void = ok(response)
    assert "RerollOffered" not in _types(void) and _skip_noted(response)
    assert void[-1]["type"] == "DuelRoundResolved" and void[-1]["data"]["winner"] is None
    rules = state(api, game)
    assert rules["reroll_offer"] == {} and "duel:b1301-1" not in rules["rerolls_used"]  # still his to spend
    # The next round, his 2 against Red's lone 6, would lose: now the reroll is offered, to him alone.
    offered = ok(act(api, game, "fight_duel", RED, dice=[6, 2]))
    assert _types(offered)[-1] == "RerollOffered" and offered[-1]["data"]["seat"] == BLUE
    assert state(api, game)["reroll_offer"]["seat"] == BLUE
