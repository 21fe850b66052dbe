"""A Swiss round planned from a tournament's folded state and its seed (issue 13).

The plan is the `RoundPaired` event's data: the tables (players in seat order, their seats, the band of the
ranking each table drew from, the rematches it could not avoid and the seating's cost), the byes, and the
problems a director is shown before publishing (a rematch, a faction repeat, a second bye, a solver stopped at
its time limit). A faction repeat is `unavoidable` when the player's seat costs no more than their floor, the
cheapest seat any table of that size could give them whoever else sat there (at tables of 2 from round 3 on,
once a player has played both seats): no pairing, swap or seating could spare them it, so it is counted
(`unavoidable_repeats`) and publishing does not wait for it. Everything is derived from the log and the
committed seed, so `annals tournament check-pairing` re-derives a published round and compares.

The pairing method is the tournament's, recorded at creation (`settings.pairing`, td17): a tournament created with
`SEAT_AWARE_PAIRING` (2) pairs its tables of 2 on seats too (`seat_needs`: two who both played seat-1 clash), so
a repeat a swap or a float could spare is spared; one without (created before) pairs as it always did. Since td20
new tournaments record `EXACT_PAIRING` (3): the same, solved to a relative gap of 0 rather than HiGHS's 1e-4, so
`optimal: true` means the optimum itself; older ones keep the gap they were paired with, and so re-derive.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from typing import Any

from domain.tournaments.factions import default_neighbours, default_seat_sets
from domain.tournaments.standings import Standing
from domain.tournaments.state import TournamentState
from domain.tournaments.tables import Remainder, Split, TableSizeError, fewest_byes, split_evenly, split_field
from service.tournaments.pairing import PairedTable, pair_round
from service.tournaments.projection import current_standings, draw_seed
from service.tournaments.seating import (
    FACTION_WEIGHT,
    POSITION_WEIGHT,
    History,
    Seating,
    SeatingError,
    Weights,
    seat_table,
)

SEAT_AWARE_PAIRING = 2  # settings.pairing of tournaments created since td17; absent: the first method
EXACT_PAIRING = 3  # since td20: seat-aware, and solved to the optimum (HiGHS's relative gap 0, not its 1e-4)


def _method(settings: Mapping[str, Any]) -> int:
    """The tournament's pairing method (1, the first, when its settings name none)."""
    method = settings.get("pairing")
    return method if isinstance(method, int) and not isinstance(method, bool) else 1


def seat_sets(settings: Mapping[str, Any], size: int) -> list[tuple[str, ...]]:
    """The seat sets a table of `size` may play: the director's, else the rulebook's."""
    given = settings.get("seat_sets")
    if isinstance(given, Mapping) and isinstance(given.get(str(size)), list):
        return [tuple(str(s) for s in chosen) for chosen in given[str(size)] if isinstance(chosen, list)]
    return list(default_seat_sets(str(settings.get("ruleset", "")), size))


def history_of(state: TournamentState, before_round: int) -> tuple[dict[frozenset[str], int], frozenset[str], History]:
    """Who met whom how often, who had a bye, and who played which seat at which position, before a round."""
    met: Counter[frozenset[str]] = Counter()
    had_bye: set[str] = set()
    factions: dict[str, Counter[str]] = {}
    positions: dict[str, Counter[int]] = {}
    for paired in state.rounds:
        if paired.number >= before_round:
            continue
        had_bye.update(paired.byes)
        for table in paired.tables:
            for a, b in combinations(table.players, 2):
                met[frozenset((a, b))] += 1
            for position, player in enumerate(table.players, start=1):
                seat = table.seats.get(player)
                if seat is not None:
                    factions.setdefault(player, Counter())[seat] += 1
                positions.setdefault(player, Counter())[position] += 1
    return dict(met), frozenset(had_bye), History(factions, positions)


def plan_round(
    state: TournamentState,
    number: int,
    seed: bytes,
    time_limit: float = 20.0,
    ratings: Mapping[str, float | None] | None = None,
) -> dict[str, Any]:
    """The `RoundPaired` data of round `number` (a Swiss round, or the final table after the last one).

    `ratings` are the players' ratings for a tournament seeded by rating (`seeded_by_rating`): looked up when the
    round is paired, read back from its `RoundPaired` when it is re-derived."""
    settings = state.settings
    left_out = state.not_checked_in  # with check-in required: who has not checked in is not paired (td20)
    players = [p for p in state.active_players if p not in left_out]
    size = int(settings.get("table_size", 4))
    round_seed = draw_seed(seed, f"round:{number}")
    standing = current_standings(state, seed, approved_only=False)  # a director pairs on what is entered
    scores = {s.player: s.values["score"] for s in standing}
    met, had_bye, history = history_of(state, number)
    final = bool(settings.get("final_table")) and number == int(settings.get("rounds") or 0) + 1
    problems: list[dict[str, Any]] = []
    # Who can still play: the final table's cut is drawn among them (a dropped leader is not "last in").
    eligible = [s for s in standing if s.player in set(players)]
    if final:
        if len(eligible) < size:
            raise TableSizeError(
                f"the final table seats the top {size}, but only {len(eligible)} player(s) are still in the event: "
                "finish the tournament after the Swiss rounds"
            )
        split: Split = Split((size,), 0)
        players = [s.player for s in eligible[:size]]
    else:
        split, problems = _split(settings, len(players), size)
    apart = _apart(state, players) if number == 1 and settings.get("keep_apart") else ()
    needs = seat_needs(settings, players, split, history)
    frozen = seeded_by_rating(settings, number, players, ratings) if not final else None
    rated = None if frozen is None else {p: r for p, r in frozen.items() if r is not None}
    exact = _method(settings) >= EXACT_PAIRING
    paired = pair_round(players, scores, met, split, round_seed, had_bye, apart, time_limit, needs, rated, exact)
    tables = []
    for table in paired.tables:
        seated = _seat(settings, table, history, round_seed)
        table = _real_rematches(table, met)
        tables.append(_table_json(table, seated, scores))
        problems += _table_problems(table, seated, _above_floor(settings, seated, history))
        problems += _kept_together(table, apart, str(settings.get("keep_apart")))
    byes = [] if final else list(paired.byes)
    problems += [{"kind": "second_bye", "players": [p], "detail": f"{p} already had a bye"} for p in paired.second_byes]
    if not paired.optimal:
        problems.append({"kind": "not_optimal", "players": [], "detail": "the solver stopped at its time limit"})
    data: dict[str, Any] = {
        "round": number,
        "kind": "final" if final else "swiss",
        "tables": tables,
        "byes": byes,
        "ranking": list(paired.ranking),
        "repeat_cost": paired.repeat_cost,
        "band_cost": paired.band_cost,
        "optimal": paired.optimal,
        "problems": problems,
        "unavoidable_repeats": sum(1 for problem in problems if problem.get("unavoidable")),
        "seed_purpose": f"round:{number}",
    }
    if frozen is not None:  # the ratings round 1 was seeded by, frozen: a later game cannot change its re-derivation
        data["ratings"] = frozen
    if left_out:
        data["not_checked_in"] = list(left_out)
    if final and len(eligible) > size:
        last_in, first_out = eligible[size - 1].player, eligible[size].player
        separated_by = _separated_by(standing, state.tiebreaks, last_in, first_out)
        data["cut"] = {"last_in": last_in, "first_out": first_out, "separated_by": separated_by}
    return data


def seeded_by_rating(
    settings: Mapping[str, Any], number: int, players: Sequence[str], ratings: Mapping[str, float | None] | None
) -> dict[str, float | None] | None:
    """Round 1 of a tournament created with `"seeding": "rating"`: each player's rating (the conservative ordinal,
    to 6 decimals; None when unrated), as recorded in its `RoundPaired`. Other rounds and tournaments: None, and
    round 1 is the seeded draw alone, as it always was."""
    if settings.get("seeding") != "rating" or number != 1:
        return None
    given = ratings or {}
    return {p: None if (found := given.get(p)) is None else round(float(found), 6) for p in sorted(players)}


def seat_needs(settings: Mapping[str, Any], players: Sequence[str], split: Split, history: History) -> dict[str, int]:
    """For a round of tables of 2 of a tournament created with `SEAT_AWARE_PAIRING`: the seat position (1 or 2) each
    player needs, when their cheapest seat at the other costs more (`Weights.cost`, over every seat set of 2) - who
    played seat-1 needs seat-2. Two who need the same position clash: one of them would sit above their floor, in a
    repeat another opponent would spare them. Other tournaments and table sizes: none, the first method's pairing."""
    sets = [chosen for chosen in seat_sets(settings, 2) if len(chosen) == 2]
    if _method(settings) < SEAT_AWARE_PAIRING or set(split.tables) != {2} or not sets:
        return {}
    weights, found = weights_of(settings), {}
    for player in players:
        first, second = (min(weights.cost(history, player, chosen[n - 1], n) for chosen in sets) for n in (1, 2))
        if first != second:
            found[player] = 1 if first < second else 2
    return found


def _separated_by(standing: Sequence[Standing], chain: Sequence[str], above: str, below: str) -> str | None:
    """The tiebreak that ranks `above` over `below`: the ranking splits groups criterion by criterion, so it is
    the earliest criterion of `chain` among the separations of the lines between them (dropped players may
    stand there)."""
    order = [line.player for line in standing]
    between = standing[order.index(above) + 1 : order.index(below) + 1]
    reasons = [line.separated_by for line in between if line.separated_by is not None]
    return min(reasons, key=lambda r: list(chain).index(r) if r in chain else len(chain), default=None)


def _split(settings: Mapping[str, Any], players: int, size: int) -> tuple[Split, list[dict[str, Any]]]:
    """The round's tables as the director chose, or, when drops left a field that smaller tables cannot seat
    (5 players at tables of 4 and 3), the fewest byes instead: shown as a problem the director accepts, since
    the settings cannot change mid-event and a round nobody can pair would stop the tournament."""
    remainder = Remainder(settings.get("remainder", "smaller_tables"))
    smallest = _weight(settings, "min_table_size", 2)
    # Tournaments created since tdx3 record the sizes they seat and split evenly over them (14 at AGoT tables of 6:
    # 5+5+4); older ones keep tables of k and k − 1, and so re-derive their rounds as they were paired.
    given = settings.get("table_sizes")
    sizes = [n for n in given if isinstance(n, int) and not isinstance(n, bool)] if isinstance(given, list) else None
    try:
        if sizes is not None and remainder is Remainder.SMALLER_TABLES:
            return split_evenly(players, sizes), []
        return split_field(players, size, remainder, smallest), []
    except TableSizeError as error:
        if remainder is not Remainder.SMALLER_TABLES:
            raise
        split = (
            fewest_byes(players, sizes) if sizes is not None else split_field(players, size, Remainder.BYES, smallest)
        )
        detail = f"{error}; {split.byes} player(s) get a bye instead of sitting at smaller tables"
        return split, [{"kind": "remainder_byes", "players": [], "detail": detail}]


def reseat(state: TournamentState, number: int, seed: bytes, tables: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    """Tables whose players a director chose (a swap), seated and explained like a paired round's."""
    met, _, history = history_of(state, number)
    round_seed = draw_seed(seed, f"round:{number}")
    scores = {s.player: s.values["score"] for s in current_standings(state, seed, approved_only=False)}
    found = []
    for index, members in enumerate(tables, start=1):
        rematches = tuple(
            (a, b, met[frozenset((a, b))]) for a, b in combinations(members, 2) if met.get(frozenset((a, b)))
        )
        table = PairedTable(index, tuple(members), (0, 0), rematches)
        found.append(_table_json(table, _seat(state.settings, table, history, round_seed), scores))
    return found


def weights_of(settings: Mapping[str, Any]) -> Weights:
    """The director's seating weights (faction, position, neighbours on the map), else the defaults."""
    given = settings.get("faction_neighbours")
    neighbours = (
        {str(f): frozenset(str(n) for n in near) for f, near in given.items() if isinstance(near, list)}
        if isinstance(given, Mapping)
        else default_neighbours(str(settings.get("ruleset", "")))
    )
    return Weights(
        _weight(settings, "faction_weight", FACTION_WEIGHT),
        _weight(settings, "position_weight", POSITION_WEIGHT),
        neighbours,
        _weight(settings, "neighbour_weight", 0),
    )


def _seat(settings: Mapping[str, Any], table: PairedTable, history: History, seed: bytes) -> tuple[Seating, list[str]]:
    """The cheapest seating over every seat set the table's size allows (the first set on equal cost)."""
    best: tuple[Seating, list[str]] | None = None
    weights = weights_of(settings)
    for chosen in seat_sets(settings, len(table.players)):
        seating = seat_table(
            table.players,
            chosen,
            history,
            seed,
            weights.faction,
            weights.position,
            weights.neighbours,
            weights.neighbour,
        )
        if best is None or seating.cost < best[0].cost:
            best = (seating, list(chosen))
    if best is None:
        raise SeatingError(f"no seat set for a table of {len(table.players)}: give seat_sets[{len(table.players)}]")
    return best


def _table_json(
    table: PairedTable, seated: tuple[Seating, list[str]], scores: Mapping[str, Fraction]
) -> dict[str, Any]:
    seating, chosen = seated
    by_seat = {seat: player for player, seat in seating.seats.items()}
    in_order = [by_seat[seat] for seat in chosen]  # players in seat (turn) order
    return {
        "number": table.number,
        "players": in_order,
        "seats": {p: seating.seats[p] for p in in_order},
        "seat_set": chosen,
        "band": list(table.band),
        "score_group": sorted({str(scores.get(p, Fraction(0))) for p in in_order}, key=Fraction, reverse=True),
        "rematches": [{"players": [a, b], "earlier": n} for a, b, n in table.rematches],
        "seating": {
            "cost": seating.cost,
            "faction_repeats": [{"player": p, "seat": s, "earlier": n} for p, s, n in seating.faction_repeats],
            "position_repeats": [{"player": p, "position": s, "earlier": n} for p, s, n in seating.position_repeats],
        },
    }


def _real_rematches(table: PairedTable, met: Mapping[frozenset[str], int]) -> PairedTable:
    """The table with only the pairs that really met before (the solver also counts club-mates as having met)."""
    real = tuple((a, b, met[frozenset((a, b))]) for a, b, _ in table.rematches if met.get(frozenset((a, b))))
    return replace(table, rematches=real)


def _kept_together(table: PairedTable, apart: Sequence[frozenset[str]], key: str) -> list[dict[str, Any]]:
    """Players the director asked to keep apart (same club or team in round 1) who share this table anyway."""
    together = [pair for pair in apart if pair <= set(table.players)]
    return [
        {
            "kind": f"same_{key}",
            "players": sorted(pair),
            "detail": f"{' and '.join(sorted(pair))} share a {key} and could not be kept apart",
            "table": table.number,
        }
        for pair in together
    ]


def _above_floor(settings: Mapping[str, Any], seated: tuple[Seating, list[str]], history: History) -> frozenset[str]:
    """The players of a table whose seat costs more than their floor: the cheapest seat any table of this size
    could give them, whoever else sat there (`Weights.floor`). A repeat at the floor is unavoidable (they have
    played every seat as often, weighted as the director set); above it, another composition of the tables (a
    swap) could have spared them it."""
    seating, chosen = seated
    weights, position = weights_of(settings), {seat: n for n, seat in enumerate(chosen, start=1)}
    sets = seat_sets(settings, len(chosen))
    return frozenset(
        player
        for player, seat in seating.seats.items()
        if weights.cost(history, player, seat, position[seat]) > weights.floor(history, player, sets)
    )


def _table_problems(
    table: PairedTable, seated: tuple[Seating, list[str]], above_floor: frozenset[str]
) -> list[dict[str, Any]]:
    """The table's rematches and faction repeats; a repeat at the player's floor is `unavoidable` (see
    `_above_floor`): it is shown, but publishing does not wait for it to be accepted."""
    problems = [
        {
            "kind": "repeat_opponent",
            "players": [a, b],
            "detail": f"{a} and {b} met {n} time(s) before",
            "table": table.number,
        }
        for a, b, n in table.rematches
    ]
    problems += [
        {
            "kind": "faction_repeat",
            "players": [p],
            "detail": f"{p} plays {s} again ({n} time(s) before)"
            + (
                ", though a table of this size has a fresher seat for them: a swap may spare them it"
                if p in above_floor
                else f": unavoidable, no seat a table of {len(table.players)} offers is fresher for them"
            ),
            "table": table.number,
            "unavoidable": p not in above_floor,
        }
        for p, s, n in seated[0].faction_repeats
    ]
    return problems


def _apart(state: TournamentState, players: Sequence[str]) -> list[frozenset[str]]:
    """Pairs of players of the same club (or team) to keep apart in round 1."""
    key = str(state.settings.get("keep_apart"))
    groups: dict[str, list[str]] = {}
    for player in players:
        group = state.entrants.get(player, {}).get(key)
        if group:
            groups.setdefault(str(group), []).append(player)
    return [frozenset(pair) for members in groups.values() for pair in combinations(members, 2)]


def _weight(settings: Mapping[str, Any], name: str, default: int) -> int:
    value = settings.get(name)
    return value if isinstance(value, int) and not isinstance(value, bool) else default
