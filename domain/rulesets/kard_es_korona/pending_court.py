"""What the court waits for (issue 15, point 2): the elections' sealed bids, ties and roll-offs (KK-ELECT-3..13,
KK-OFFICE-2/5), the public sale of an office (KK-OFFICE-6), and what a player may do at any time: hand over money
(KK-GEN-6), leave the game (KK-NEUTRAL-5), or, as a liege, veto a vassal's battle (KK-VASSAL-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Game, SealedRound
from domain.pending import Waiting, sealing
from domain.rulesets.kard_es_korona.election_state import JUDGE_REROLL, PALATINE, ROLL_OFF, SEALED
from domain.rulesets.kard_es_korona.elections import sealed_errors
from domain.rulesets.kard_es_korona.pending_choices import NO_DATA, Probe, offered, waiting
from domain.rulesets.kard_es_korona.state import OFFICES, KKState

_BID_RULES = ("KK-ELECT-5", "KK-ELECT-6", "KK-ELECT-3")


def election(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-ELECT-5..12: the auction under way waits for sealed bids, the Palatine, a roll-off or the Judge Royal."""
    current = state.election
    if current is None:
        return ()
    if current.awaiting == SEALED:
        return sealed_bids(probe.game, state)
    if current.awaiting == PALATINE and current.decider is not None:
        choices = ({"player": seat} for seat in current.tied)
        fields = {"office": current.office, "tied": list(current.tied), "bids": dict(current.bids)}
        option = offered(probe, current.decider, "decide_tie", ("KK-ELECT-11", "KK-OFFICE-5"), choices, fields=fields)
        return waiting(current.decider, f"the Palatine decides the tie for {current.office}", option)
    if current.awaiting == ROLL_OFF:
        fields = {"office": current.office, "tied": list(current.tied)}
        return tuple(
            entry
            for seat in current.tied
            for entry in waiting(
                seat,
                f"the tied bidders roll off for {current.office}",
                offered(probe, seat, "roll_off", ("KK-ELECT-10", "KK-ELECT-12"), NO_DATA, fields=fields),
            )
        )
    if current.awaiting == JUDGE_REROLL:
        judge = state.offices.get("judge_royal")
        answers = ({"reroll": True}, {"reroll": False})
        fields = {"faces": dict(current.faces)}
        rules = ("KK-OFFICE-2", "KK-ELECT-12")
        # KK-OFFICE-2: his one new die when he rerolls, none when he keeps it.
        by_answer = {"reroll": {"true": 1, "false": 0}}
        option = offered(probe, judge, "reroll_tie_die", rules, answers, fields=fields, dice_by=by_answer)
        return waiting(judge, "the Judge Royal may reroll his roll-off die", option)
    return ()


def sealed_bids(game: Game, state: KKState) -> tuple[Waiting, ...]:
    """KK-ELECT-6, KK-ELECT-3: each eligible seat seals a bid of 0 up to its treasury, hidden from the others."""

    def payloads(sealed_round: SealedRound, seat: str) -> tuple[Mapping[str, Any], ...]:
        money = state.treasury.get(seat, 0)
        amounts = sorted({0, 1, money // 3, money // 2, money})
        bids = ({"amount": amount} for amount in amounts)
        return tuple(b for b in bids if not sealed_errors(state, sealed_round, seat, b))

    def fields(sealed_round: SealedRound, seat: str) -> Mapping[str, Any]:
        office = state.election.office if state.election is not None else None
        return {"office": office, "amount": {"minimum": 0, "maximum": state.treasury.get(seat, 0)}}

    return sealing(game.meta, payloads, _BID_RULES, exhaustive=False, fields=fields)


def office_sale(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """KK-OFFICE-6, A-38: an open sale takes rising bids from the others until the seller closes it."""
    sale = state.office_sale
    if sale is None:
        return ()
    found: list[Waiting] = []
    for seat in state.seats:
        if seat == sale.seller:
            continue
        money = state.treasury.get(seat, 0)
        bids = ({"amount": amount} for amount in sorted({sale.amount + 1, money}) if amount > sale.amount)
        fields = {"office": sale.office, "amount": {"minimum": sale.amount + 1, "maximum": money}}
        bid = offered(probe, seat, "bid_for_office", ("KK-OFFICE-6",), bids, complete=False, fields=fields)
        found.extend(waiting(seat, f"{seat} may bid for {sale.office}", bid))
    close = offered(probe, sale.seller, "close_office_sale", ("KK-OFFICE-6",), NO_DATA)
    found.extend(waiting(sale.seller, f"{sale.seller} closes the sale of {sale.office}", close))
    return tuple(found)


def at_any_time(probe: Probe, state: KKState) -> tuple[Waiting, ...]:
    """What a player may do outside his turn: sell an office, hand over money, veto a vassal's battle, leave."""
    found: list[Waiting] = []
    for seat in state.seats:
        money = state.treasury.get(seat, 0)
        # KK-ELIM-1: no money passes to an eliminated player
        others = [s for s in state.seats if s != seat and state.lord_status.get(s) != "eliminated"]
        gifts = ({"to": to, "amount": 1} for to in others) if money else ()
        sell = ({"office": office} for office in OFFICES if state.offices.get(office) == seat)
        vetoes = (
            {"battle": b.id} for b in state.battles if b.status == "pending" and state.lieges.get(b.attacker) == seat
        )
        found.extend(
            waiting(
                seat,
                f"{seat} may act outside the turn",
                offered(probe, seat, "offer_office", ("KK-OFFICE-6",), sell),
                offered(
                    probe,
                    seat,
                    "transfer_money",
                    ("KK-GEN-6", "KK-GEN-7"),
                    gifts,
                    complete=False,
                    fields={"to": others, "amount": {"minimum": 1, "maximum": money}},
                ),
                offered(probe, seat, "veto_battle", ("KK-VASSAL-2",), vetoes),
                offered(probe, seat, "leave_game", ("KK-NEUTRAL-5",), NO_DATA),
            )
        )
    return tuple(found)
