"""The traditional turn order through the public HTTP API (KK-TRAD-1..3): the yearly roll with server dice and the
starting player's choice to move first or last."""

from __future__ import annotations

from tests.api.conftest import assert_refused
from tests.api.test_kard_es_korona_api import PTD, act, adjust, ok, state
from tests.conftest import Api
from tests.domain.kard_es_korona.small_boards import province_board

RED, GREEN, BLUE = PTD


def test_kk_trad_1_to_3_yearly_roll_then_first_or_last_through_the_api(api: Api) -> None:
    game = str(
        api.create_game(
            ruleset="kard_es_korona",
            variant="basic",
            options={"variant": "basic", "turn_order_mode": "traditional"},
            board=province_board("basic"),
            seats=[{"seat": s} for s in PTD],
            dice="server",
        )["id"]
    )
    units = {f"{s}_k1": {s: {"infantry": 1}} for s in PTD}
    control = {c: next(iter(by)) for c, by in units.items()}
    adjust(api, game, phase="starting_roll", year=1301, starting_player=RED, units=units, control=control)
    adjust(api, game, lords={s: f"{s}_k1" for s in PTD})
    events = ok(act(api, game, "roll_for_starting_player", None))
    chosen = next(e for e in events if e["type"] == "StartingPlayerChosen")["data"]
    assert chosen["method"] == "traditional_roll"
    assert all(len(faces) == 2 for round in chosen["rolls"] for faces in round.values())  # two dice each
    winner = chosen["seat"]
    final = chosen["rolls"][-1]
    assert sum(final[winner]) == max(sum(f) for f in final.values())
    assert [e["type"] for e in events][-1] == "YearBegan"
    ok(act(api, game, "draw_event", winner, card="veres_kard"))
    rules = state(api, game)
    assert rules["phase"] == "recruit" or rules["phase"] == "turn_position"
    while rules["phase"] == "recruit":
        ok(act(api, game, "pass", rules["turn"]))
        rules = state(api, game)
    assert rules["phase"] == "turn_position" and rules["turn"] == winner
    others = [s for s in PTD if s != winner]
    assert_refused(act(api, game, "choose_turn_position", others[0], position="first"), "KK-TRAD-3")
    ok(act(api, game, "choose_turn_position", winner, position="last"))
    rules = state(api, game)
    assert rules["turn_order"][-1] == winner and rules["turn"] == rules["turn_order"][0] != winner
