"""Phase I and II: the event card, income and recruitment (KK-EVENT-1..3, KK-ECON, KK-RECRUIT)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Action, Decision
from domain.rulesets.kard_es_korona.captivity import can_pay_ransom
from domain.rulesets.kard_es_korona.cards import card_for, neutral_changes
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import ARMS, EMPTY, Force, castle_limit_breaches, single
from domain.rulesets.kard_es_korona.state import ELECTION, EVENT, RECRUIT, KKState, is_neutral
from domain.rulesets.kard_es_korona.vassals import adjust_income, holds_for
from domain.rulesets.kard_es_korona.year import begin_movement, election_year

# --- phase I ---


def decide_draw_event(state: KKState, action: Action) -> Decision:
    """KK-TURN-1, KK-EVENT-1..4: the starting player draws the year's card; then income (from year 2) follows."""
    if state.phase != EVENT:
        return refuse("KK-TURN-2", f"the event card is drawn in phase I, not in phase {state.phase!r}", "type")
    if action.seat is not None and action.seat != state.starting_player:
        return refuse("KK-TURN-1", f"the starting player {state.starting_player} draws the event card", "seat")
    card = card_for(action.data)
    if card is None:
        return refuse("KK-EVENT-1", f"card {action.data.get('card')!r} is not an event card id", "data.card")
    if card.id in state.drawn_events:
        # One card of the deck is turned up a year: 16 cards for at most 12 years, none put back.
        return refuse("KK-EVENT-1", f"{card.name_hu} was turned up already: it is out of the deck", "data.card")
    changes = neutral_changes(state, card, action.data.get("neutral_infantry"))
    if isinstance(changes, Decision):
        return changes
    flow = Flow(state)
    # Catalog §5.3: the card's place in the deck, 1 for the game's first (none is put back); older draws lack it.
    deck_position = len(state.drawn_events) + 1
    drawn = {"year": state.year, "card": card.id, "name": card.name_hu, "duration": card.duration}
    flow.emit("EventCardDrawn", drawn | {"deck_position": deck_position})
    flow.note("KK-EVENT-1", f"{card.name_hu} ({card.name_en}) drawn for {state.year}, card {deck_position} of the deck")
    if card.calls_election and election_year(state):
        flow.emit("EventCardVoided", {"card": card.id, "reason": "election_year"})
        flow.note("KK-EVENT-3", f"{state.year} already ends with an election: {card.name_hu} is void")
    elif card.income_related and state.year_index == 1:
        flow.emit("EventCardVoided", {"card": card.id, "reason": "first_year_income"})
        flow.note("KK-EVENT-3", "no income in the first year: the income card is void")
    elif card.calls_election:
        flow.emit("ExtraordinaryElectionScheduled", {"year": state.year, "card": card.id})
        flow.note("KK-EVENT-4", f"an extraordinary election closes {state.year}")
    elif changes:
        flow.emit("EventEffectApplied", {"card": card.id, "effect": "neutral_infantry", "changes": changes})
        shown = ", ".join(f"{c['change']:+d} infantry in {c['county']}" for c in changes)
        flow.note("KK-EVENT-5", f"{card.name_hu} changes the neutral forces: {shown}")
    after_event(flow)
    return flow.decision()


def after_event(flow: Flow) -> None:
    """KK-TURN-2, KK-ECON-5: income and recruitment from the second year on; in 1301 movement follows."""

    if flow.state.year_index == 1:
        flow.note("KK-ECON-5", "1301: no income and no recruitment")
        begin_movement(flow)
        return
    collect_income(flow)


# --- phase II: income ---


def income_entry(state: KKState, seat: str) -> dict[str, Any]:
    """KK-ECON-1..4, KK-OFFICE-3, A-1, A-3: one player's income this year.

    KK-GEN-3: a county he controls but holds with none of his units yields nothing.
    """
    board = state.board
    assert board is not None
    treasurer = state.offices.get("treasurer") == seat
    castle_rate = 5 if treasurer else 3
    add_mode = state.options.get("castle_income_mode") == "add"
    castles: list[str] = []
    counties: list[str] = []
    for county_id, owner in state.control.items():
        if owner != seat or not state.force(county_id, seat).total:
            continue
        (castles if board.counties[county_id].castle else counties).append(county_id)
    county_income = len(counties) + (len(castles) if add_mode else 0)
    castle_income = castle_rate * len(castles)
    complete = [p for p in board.provinces if _whole_province(state, seat, p) and not _one_vassals(state, seat, p)]
    total = county_income + castle_income + 4 * len(complete)
    return {
        "seat": seat,
        "castles": sorted(castles),
        "counties": sorted(counties),
        "county_income": county_income,
        "castle_rate": castle_rate,
        "castle_income": castle_income,
        "provinces_complete": complete,
        "province_bonus": 4 * len(complete),
        "total": total,
        "treasury_after": state.treasury.get(seat, 0) + total,
    }


def _whole_province(state: KKState, seat: str, province: str) -> bool:
    """KK-ECON-4, A-3: every county of the province controlled (and garrisoned, under the option); a vassal's
    county counts for his liege as if the liege stood in it himself (KK-VASSAL-4), his garrison included."""
    board = state.board
    assert board is not None
    counties = board.provinces[province]
    garrison = bool(state.options.get("province_requires_garrison"))
    return all(
        holds_for(state, seat, c) and (not garrison or state.force(c, state.control[c]).total > 0) for c in counties
    )


def _one_vassals(state: KKState, seat: str, province: str) -> bool:
    """KK-ECON-4, KK-VASSAL-5: the whole province is one vassal's of `seat`. Its +4 is then in that vassal's
    normal income, which the liege collects in full (or half of, under `split_half`): the seed gives a united
    province its +4 once, so the liege does not add it to his own income again. A province his vassal and
    he (or two of his vassals) hold together is his alone to unite: its +4 is his (A-27)."""
    board = state.board
    assert board is not None
    owners = {state.control.get(c) for c in board.provinces[province]}
    if len(owners) != 1:
        return False
    (owner,) = owners
    return owner is not None and owner != seat and state.lieges.get(owner) == seat


def collect_income(flow: Flow) -> None:
    """KK-ECON-1: every player collects at once; recruitment follows in turn order (KK-RECRUIT-1).

    KK-ECON-6: the income is added to what is left from earlier years.
    KK-TRAD-2: under the traditional order the turn order starts at the roll's winner, who recruits first.
    """
    state = flow.state
    entries = adjust_income(state, [income_entry(state, seat) for seat in state.turn_order()])
    flow.emit("IncomeCollected", {"year": state.year, "entries": entries})
    for e in entries:
        own = e["castle_income"] + e["county_income"] + e["province_bonus"]
        flow.note(
            "KK-ECON-1",
            f"{e['seat']}: {len(e['castles'])} castles x {e['castle_rate']} + {e['county_income']} counties"
            f" + {e['province_bonus']} provinces = {own}",
            castle_rate=e["castle_rate"],
            castle_income=e["castle_income"],
            county_income=e["county_income"],
            province_bonus=e["province_bonus"],
            total=own,
        )
        if e.get("vassal_halving_applied") or e.get("vassal_income_received"):
            kept = own // 2 if e["vassal_halving_applied"] else own
            flow.note(
                "KK-VASSAL-5",
                f"{e['seat']}: {kept} of his own {own}"
                f" + {e['vassal_income_received']} from his vassals' income = {e['total']}",
                own=own,
                kept=kept,
                vassal_income_received=e["vassal_income_received"],
                total=e["total"],
            )
    skip_unable_recruiters(flow)
    if flow.state.turn is None:
        begin_movement(flow)


# --- phase II: recruitment ---


def prices(state: KKState, seat: str) -> dict[str, int]:
    """KK-RECRUIT-2, KK-OFFICE-4: 5/5/9 garas; the Palatine pays 4/4/7."""
    if state.offices.get("palatine") == seat:
        return {"infantry": 4, "archer": 4, "cavalry": 7}
    return {"infantry": 5, "archer": 5, "cavalry": 9}


def decide_recruit(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-RECRUIT-1..7, KK-CASTLE-2..4 (each ahead of KK-RECRUIT-4): units bought and placed in the player's castles.

    In a transcript (`lenient`) a purchase into castles is recorded as played, with the rules it breaks.
    """
    checks = Checks(lenient)
    seat = action.seat
    board = state.board
    if board is None or seat is None:
        return refuse("KK-RECRUIT-1", "recruiting needs a seat", "seat")
    if state.phase != RECRUIT:
        return refuse("KK-TURN-2", f"recruitment is phase II, not phase {state.phase!r}", "type")
    if seat in state.recruited:
        return refuse("KK-RECRUIT-1", f"{seat} has already recruited this year", "seat")
    if state.turn != seat and checks.broken(
        "KK-RECRUIT-1", f"recruitment goes in turn order: it is {state.turn}'s turn, not {seat}'s", "seat"
    ):
        return checks.refusal()
    raw = action.data.get("purchases", [])
    if not isinstance(raw, list):
        return refuse("KK-RECRUIT-2", "purchases must be a list of {castle, arm, count}", "data.purchases")
    added: dict[str, Force] = {}
    purchases = []
    for index, item in enumerate(raw):
        purchase = _purchase(state, seat, item, f"data.purchases[{index}]", checks)
        if isinstance(purchase, Decision):
            return purchase
        castle, arm, count = purchase["castle"], purchase["arm"], purchase["count"]
        added[castle] = added.get(castle, EMPTY).plus(single(arm, count))
        purchases.append(purchase)
    cost_of = prices(state, seat)
    total_cost = sum(cost_of[p["arm"]] * p["count"] for p in purchases)
    treasury = state.treasury.get(seat, 0)
    if total_cost > treasury and checks.broken(
        "KK-RECRUIT-2", f"the purchases cost {total_cost} garas; {seat} has {treasury}", "data.purchases"
    ):
        return checks.refusal()
    if _breaks_castle_limits(state, seat, added, checks) or _breaks_knight_caps(state, added, checks):
        return checks.refusal()
    flow = Flow(state)
    if purchases:
        flow.emit(
            "UnitsRecruited",
            {
                "seat": seat,
                "purchases": purchases,
                "prices": cost_of,
                "total_cost": total_cost,
                "treasury_after": treasury - total_cost,
            },
        )
        flow.note("KK-RECRUIT-2", f"{seat} pays {total_cost} of {treasury} garas", cost=total_cost)
    finish_recruitment(flow, seat)
    return flow.decision(tuple(checks.violations))


def _purchase(state: KKState, seat: str, item: Any, where: str, checks: Checks) -> dict[str, Any] | Decision:
    """KK-RECRUIT-2/3: one purchase: a known arm, a whole count, raised in a castle the player holds alone."""
    board = state.board
    assert board is not None
    if not isinstance(item, Mapping):
        return refuse("KK-RECRUIT-2", f"purchase {item!r} is not an object", where)
    castle, arm, count = item.get("castle"), item.get("arm"), item.get("count", 1)
    if arm not in ARMS:
        return refuse("KK-RECRUIT-2", f"arm {arm!r} is not one of {', '.join(ARMS)}", f"{where}.arm")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        return refuse("KK-RECRUIT-2", f"count {count!r} must be a whole number of at least 1", f"{where}.count")
    county = board.counties.get(castle) if isinstance(castle, str) else None
    if county is None or not county.castle:
        return refuse("KK-RECRUIT-3", f"{castle!r} is not a castle county: units are raised only in castles", where)
    if state.battle_in(county.id) is not None or any(o != seat for o in state.owners_in(county.id)):
        return refuse("KK-RECRUIT-3", f"{county.name} holds another side's units", f"{where}.castle")
    if state.control.get(county.id) != seat and checks.broken(
        "KK-RECRUIT-3", f"{seat} does not control the castle {county.name}", f"{where}.castle"
    ):
        return checks.refusal()
    return {"castle": county.id, "arm": arm, "count": count}


def _breaks_castle_limits(state: KKState, seat: str, added: Mapping[str, Force], checks: Checks) -> bool:
    """KK-RECRUIT-4, KK-CASTLE-2..4: the garrisons after the purchase keep to the castles' limits; True when the
    action must be refused now."""
    board = state.board
    assert board is not None
    variant, arm_limit = str(state.options["variant"]), str(state.options["castle_arm_limit"])
    for castle, force in added.items():
        garrison = state.force(castle, seat).plus(force)
        for rule_id, reason in castle_limit_breaches(garrison, arm_limit, variant):
            message = f"{board.counties[castle].name} would hold {garrison.describe()}: {reason} ({rule_id})"
            # The castle's own limit bars the purchase; KK-RECRUIT-4 (limits bind recruitment) is its umbrella.
            refused = checks.broken(rule_id, message, "data.purchases", limit_rule=rule_id)
            checks.broken("KK-RECRUIT-4", message, "data.purchases", limit_rule=rule_id)
            if refused:
                return True
    return False


def _breaks_knight_caps(state: KKState, added: Mapping[str, Force], checks: Checks) -> bool:
    """KK-RECRUIT-5..7: the caps on new cavalry (knight_caps); True when the action must be
    refused now."""
    return any(checks.broken(rule_id, message, "data.purchases") for rule_id, message in knight_caps(state, added))


def knight_caps(state: KKState, added: Mapping[str, Force]) -> list[tuple[str, str]]:
    """KK-RECRUIT-5..7, A-42: per-castle and yearly caps on new cavalry (option knight_recruit_caps)."""
    if not state.options.get("knight_recruit_caps", True):
        return []
    advanced = state.options.get("variant") == "advanced"
    per_castle = 3 if advanced else 2
    found = []
    for castle, force in added.items():
        if force.cavalry > per_castle:
            rule = "KK-RECRUIT-6" if advanced else "KK-RECRUIT-5"
            found.append((rule, f"{force.cavalry} new cavalry in {castle}; at most {per_castle} per castle a year"))
    knights = sum(f.cavalry for f in added.values())
    if advanced:
        allowed = max(state.year_index - state.knights_recruited, 1)
        if knights > allowed:
            found.append(
                (
                    "KK-RECRUIT-7",
                    f"{knights} new cavalry; the {state.year} quota leaves {allowed} (year index {state.year_index}, "
                    f"{state.knights_recruited} already recruited)",
                )
            )
    elif knights > 4:
        found.append(("KK-RECRUIT-5", f"{knights} new cavalry; at most 4 a year"))
    return found


def finish_recruitment(flow: Flow, seat: str) -> None:
    """The next player recruits; after the last one the movement phase begins (KK-TURN-2)."""

    flow.emit("RecruitmentFinished", {"seat": seat, "reason": "done"})
    skip_unable_recruiters(flow)
    if flow.state.turn is None:
        begin_movement(flow)


def skip_unable_recruiters(flow: Flow) -> None:
    """KK-RECRUIT-3, KK-RECRUIT-2: a player without a castle or the price of one unit cannot recruit (unless his
    turn is a window to ransom his lord, KK-CAPTIVE-2).

    KK-VASSAL-3: a vassal too, so a vassal with no castle is never reinforced.
    """

    while flow.state.phase == RECRUIT and flow.state.turn is not None:
        state, seat = flow.state, flow.state.turn
        castles = [c for c in state.castles_of(seat) if state.battle_in(c) is None]
        cheapest = min(prices(state, seat).values())
        if (castles and state.treasury.get(seat, 0) >= cheapest) or can_pay_ransom(state, seat):
            return
        reason = "no_castle" if not castles else "no_money"
        flow.emit("RecruitmentFinished", {"seat": seat, "reason": reason})
        flow.note("KK-RECRUIT-3" if not castles else "KK-RECRUIT-2", f"{seat} cannot recruit ({reason})")


def decide_transfer_money(state: KKState, action: Action) -> Decision:
    """KK-GEN-6: money handed to another player (an agreement is never enforced, only the transfer recorded)."""
    if state.phase == ELECTION:  # KK-ELECT-4: no money passes between players during the election phase
        return refuse("KK-ELECT-4", "money may not be handed over during an election", "type")
    seat, to, amount = action.seat, action.data.get("to"), action.data.get("amount")
    if seat is None or to not in state.seats or to == seat:
        return refuse("KK-GEN-6", f"{to!r} is not another player of this game", "data.to")
    frozen = _money_frozen(state, seat, str(to))
    if frozen is not None:
        return frozen
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        return refuse("KK-GEN-7", f"amount {amount!r} must be a whole number of garas", "data.amount")
    if amount > state.treasury.get(seat, 0):
        return refuse("KK-GEN-6", f"{seat} has {state.treasury.get(seat, 0)} garas, not {amount}", "data.amount")
    flow = Flow(state)
    flow.emit("MoneyTransferred", {"from": seat, "to": to, "amount": amount, "memo": str(action.data.get("memo", ""))})
    return flow.decision()


def _money_frozen(state: KKState, seat: str, to: str) -> Decision | None:
    """KK-ELIM-1/4, KK-VASSAL-1, KK-LORD-7: an eliminated player's money is gone, and a lord defeated by a player
    keeps his treasury for the victor until his fate is settled (None: the money may pass)."""
    for who, field in ((seat, "seat"), (to, "data.to")):
        if state.lord_status.get(who) == "eliminated":
            message = f"{who} is out of the game: no money passes to or from him"
            return refuse("KK-ELIM-1", message, field).then(refuse("KK-ELIM-4", message, field))
    defeat = state.defeat
    if defeat.get("seat") != seat or is_neutral(str(defeat.get("by", ""))):
        return None
    message = f"{seat}'s lord is defeated by {defeat['by']}: his treasury is the victor's if he falls or swears fealty"
    if defeat.get("cause") == "duel":
        return refuse("KK-LORD-7", message, "seat").then(refuse("KK-VASSAL-1", message, "seat"))
    return refuse("KK-ELIM-4", message, "seat").then(refuse("KK-VASSAL-1", message, "seat"))
