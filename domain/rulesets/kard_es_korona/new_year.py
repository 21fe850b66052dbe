"""The start of a year: the roll for the starting player under the traditional order (KK-TRAD-1), the
executions due (KK-CAPTIVE-3) and the marker moved on (KK-TURN-1).
"""

from __future__ import annotations

from domain.rulesets.kard_es_korona.defeat import execute_due
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.turn_order import is_traditional, rollers


def begin_year(flow: Flow, year: int, starting_player: str) -> None:
    """KK-TURN-1: the year marker moves on; the starting player draws the event card next."""

    execute_due(flow, year)  # KK-CAPTIVE-3: the marker reaching a captive's year executes him first
    state = flow.state
    order = list(state.seats[state.seats.index(starting_player) :] + state.seats[: state.seats.index(starting_player)])
    order = [s for s in order if state.lord_status.get(s) != "eliminated"]  # KK-ELIM-1: out of the game
    starting_player = order[0] if order else starting_player
    flow.emit(
        "YearBegan", {"year": year, "year_index": year - 1300, "starting_player": starting_player, "turn_order": order}
    )
    flow.note("KK-TURN-1", f"year {year} begins; turn order {', '.join(order)}")


def next_year(flow: Flow, year: int, starting_player: str) -> None:
    """KK-TURN-1, KK-TRAD-1/6: the next year begins, after the roll for the marker under the traditional order."""

    if not is_traditional(flow.state):
        begin_year(flow, year, starting_player)
        return
    flow.emit("StartingRollDue", {"year": year, "rollers": list(rollers(flow.state))})
    flow.note("KK-TRAD-1", f"{year}: the players roll two dice each for the starting player")
