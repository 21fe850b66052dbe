"""A finished game's result as a tournament reads it: places, measures, the victory rule, what decided it.

Expected places are worked out from the catalogs: KK-WIN-7 / A-41 (castles, then counties, cavalry on the board,
treasury; the winners share place 1), RV-VIC-3 (the first to the influence target wins; the others by influence),
CORE-END-1 (a game ended by hand: the scores given for every seat, declared winners first).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.kernel import GAME_ENDED, Authority, Decision, Game, advance
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.tournaments.outcomes import KK_MEASURES, Outcome, outcome_of
from tests.domain.cedofan_rv.fixtures import A, B, C, Table, board, noble, troops
from tests.domain.kard_es_korona.builders import THREE, act, play, position, set_up, when
from tests.replays.kk_autoplay import autoplay

F, E, S = THREE  # felvidek, erdely, szlavonia
ONE = Force(infantry=1)


# --- Kard és Korona ---


def last_year(units: dict[str, dict[str, Force]], control: dict[str, str], **changes: Any) -> Game:
    """1308's movement phase with this position (3 players on the test board)."""
    options = changes.pop("options", {})
    game = play(set_up(THREE, **options), act("draw_event", F, card="veres_kard"))
    return position(game, units, control=control, year=1308, **changes)


def two_castles_each() -> tuple[dict[str, dict[str, Force]], dict[str, str]]:
    """Each lord: his two castles, one infantry in each; nothing else."""
    units = {f"{seat}_{k}": {seat: ONE} for seat in THREE for k in ("k1", "k2")}
    return units, {county: next(iter(by)) for county, by in units.items()}


def finish(game: Game) -> tuple[Game, dict[str, Any]]:
    """Everyone passes in 1308: the year and the game end (KK-WIN-7)."""
    game = play(game, act("pass", F), act("pass", E))
    decision = when(game, act("pass", S))
    return _after(game, decision)


def _after(game: Game, decision: Decision) -> tuple[Game, dict[str, Any]]:
    assert not decision.violations, decision.violations
    for event in decision.events:
        game = advance(KARD_ES_KORONA, game, event)
    assert decision.events[-1].type == GAME_ENDED
    return game, dict(decision.events[-1].data)


def kk(game: Game, ended: dict[str, Any]) -> Outcome:
    found = outcome_of("kard_es_korona", game.state, ended, THREE)
    assert found is not None
    return found


def test_kk_win_7_counties_decide_when_castles_tie_and_treasury_separates_the_others() -> None:
    units, control = two_castles_each()
    control["szlavonia_a"] = S  # a plain county: Szlavónia 2 castles, 3 counties; the others 2 and 2
    game, ended = finish(last_year(units, control, treasury={F: 5, E: 0, S: 0}))
    outcome = kk(game, ended)
    # castles tie at 2; counties put Szlavónia first; Felvidék and Erdély tie down to the treasury, 5 to 0.
    assert outcome.places == {F: 2, E: 3, S: 1}
    assert (outcome.condition, outcome.decided_by) == ("KK-WIN-7", "counties")
    assert outcome.measure_names == ("castles", "counties", "cavalry", "treasury")
    assert outcome.measures[S] == {"castles": 2, "counties": 3, "cavalry": 0, "treasury": 0}
    assert outcome.measures[F] == {"castles": 2, "counties": 2, "cavalry": 0, "treasury": 5}


def test_kk_win_7_older_game_ended_without_ranking_is_ranked_from_the_final_state() -> None:
    units, control = two_castles_each()
    units["felvidek_k1"] = {F: Force(infantry=1, cavalry=1)}  # cavalry on the board separates Felvidék
    game, ended = finish(last_year(units, control))
    older = {"by": "rules", "winners": ended["winners"], "reason": ended["reason"]}
    outcome = kk(game, older)
    assert outcome.places == {F: 1, E: 2, S: 2}
    assert (outcome.condition, outcome.decided_by) == ("KK-WIN-7", "cavalry")
    assert outcome == kk(game, ended)


def test_kk_game_ended_ranking_needs_no_state_but_an_older_event_does() -> None:
    units, control = two_castles_each()
    control["szlavonia_a"] = S
    game, ended = finish(last_year(units, control))
    assert outcome_of("kard_es_korona", None, ended, THREE) == kk(game, ended)
    older = {"by": "rules", "winners": ended["winners"], "reason": ended["reason"]}
    assert outcome_of("kard_es_korona", None, older, THREE) is None


def test_kk_win_7_equal_lords_share_first_place_when_every_count_ties() -> None:
    units, control = two_castles_each()
    outcome = kk(*finish(last_year(units, control)))
    assert outcome.places == {F: 1, E: 1, S: 1}
    assert outcome.decided_by == "tie"


def test_kk_win_2_last_lord_first_then_the_fallen_by_their_counts() -> None:
    """KK-WIN-2: Erdély is dead and Szlavónia a vassal; Erdély still holds a castle and a knight, Szlavónia nothing."""
    units = {"felvidek_k1": {F: ONE}, "erdely_k1": {E: Force(cavalry=1)}}
    game = play(set_up(THREE), act("draw_event", F, card="veres_kard"))
    game = position(game, units, control={"felvidek_k1": F, "erdely_k1": E}, lord_status={E: "eliminated", S: "vassal"})
    outcome = kk(*_after(game, when(game, act("pass", F))))
    assert outcome.places == {F: 1, E: 2, S: 3}
    assert (outcome.condition, outcome.decided_by) == ("KK-WIN-2", None)


def test_kk_win_7_arbiter_named_winner_of_a_final_tie_is_first_a_41_final_tie_arbiter() -> None:
    units, control = two_castles_each()
    game = last_year(units, control, options={"final_tie": "arbiter"})
    game = play(game, act("pass", F), act("pass", E), act("pass", S))
    closing = act("end_game", None, Authority.ARBITER, winners=[E], reason="A-41: ruling on the tie")
    outcome = kk(*_after(game, when(game, closing)))
    assert outcome.places == {F: 2, E: 1, S: 2}
    assert (outcome.condition, outcome.decided_by) == ("KK-WIN-7", None)


def test_kk_game_ended_by_hand_before_the_last_year_needs_scores_for_every_seat() -> None:
    game = play(set_up(THREE), act("draw_event", F, card="veres_kard"))
    abandoned = {"by": "recorder", "winners": [], "reason": "the table stopped in 1301"}
    assert outcome_of("kard_es_korona", game.state, abandoned, THREE) is None
    scored = {"by": "recorder", "winners": [], "scores": {F: 2, E: 5, S: 2}, "reason": "agreed"}
    outcome = outcome_of("kard_es_korona", game.state, scored, THREE)
    assert outcome is not None and outcome.places == {F: 2, E: 1, S: 2} and outcome.decided_by == "score"


@pytest.mark.parametrize(("seats", "seed"), [(THREE, 1), (("erdely", "delvidek", "pannonia", "felvidek"), 4)])
def test_a_random_kk_game_played_to_its_end_ranks_its_game_ended_winners_first(
    seats: tuple[str, ...], seed: int
) -> None:
    played = autoplay(seats, seed=seed)
    ended = dict(played.game.meta.result or {})
    outcome = outcome_of("kard_es_korona", played.game.state, ended, seats)
    assert outcome is not None and outcome.condition == ended["condition"]
    assert sorted(s for s, place in outcome.places.items() if place == 1) == sorted(ended["winners"])
    # KK-WIN-2, A-40: lords still standing rank above the dead and the sworn; within each, A-41's counts decide.
    out = {s for s in seats if played.game.state.lord_status.get(s) in ("eliminated", "vassal")}
    rest = sorted((s for s in seats if outcome.places[s] > 1), key=lambda s: outcome.places[s])
    assert [s in out for s in rest] == sorted(s in out for s in rest)
    for group in ([s for s in rest if s not in out], [s for s in rest if s in out]):
        counts = [tuple(outcome.measures[s][name] for name in KK_MEASURES) for s in group]
        assert counts == sorted(counts, reverse=True)
    older = {key: ended[key] for key in ("by", "winners", "reason")}
    assert outcome_of("kard_es_korona", played.game.state, older, seats) == outcome


# --- cedofan RV ---


def test_rv_vic_3_winner_first_then_the_others_by_influence() -> None:
    pieces = [noble("g", A, "r"), *troops("a", 2, "infantry", A, "r", "g"), *troops("b", 1, "infantry", B, "r")]
    table = Table.on(board({"r": {}}, [], pieces), options={"influence_target": 5})
    table.game = replace(table.game, state=replace(table.state, influence={A: 4, B: 2, C: 3}))
    table.impulse(A)
    decision = table.act(A, "attack", dice=[6, 1, 1, 1], nobles=["g"])  # RV-VIC-1: A wins the battle, +1
    ended = dict(decision.events[-1].data)
    outcome = outcome_of(CEDOFAN_RV.id, table.state, ended, (A, B, C))
    assert outcome is not None
    assert outcome.places == {A: 1, B: 3, C: 2}
    assert outcome.measures == {A: {"influence": 5}, B: {"influence": 2}, C: {"influence": 3}}
    assert (outcome.condition, outcome.decided_by) == ("RV-VIC-3", None)


# --- rulesets whose end the engine does not compute ---

HOUSES = ("stark", "lannister", "baratheon")


@pytest.mark.parametrize("ruleset", ["agot2", "freeform", "cedofan_kards_bs"])
def test_end_game_scores_for_every_seat_rank_the_table_winners_first(ruleset: str) -> None:
    ended = {"by": "arbiter", "winners": ["baratheon"], "scores": {"stark": 6, "lannister": 6, "baratheon": 5}}
    outcome = outcome_of(ruleset, None, ended, HOUSES)
    assert outcome is not None
    assert outcome.places == {"stark": 2, "lannister": 2, "baratheon": 1}
    assert outcome.measures["stark"] == {"score": 6} and outcome.measure_names == ("score",)
    assert outcome.decided_by is None


def test_end_game_scores_alone_rank_a_draw_by_score_when_no_winner_is_named() -> None:
    ended = {"by": "recorder", "winners": [], "scores": {"stark": 7, "lannister": 4, "baratheon": 4}}
    outcome = outcome_of("agot2", None, ended, HOUSES)
    assert outcome is not None and outcome.places == {"stark": 1, "lannister": 2, "baratheon": 2}
    assert outcome.decided_by == "score"


@pytest.mark.parametrize(
    "ended",
    [
        {"by": "arbiter", "winners": ["stark"]},
        {"by": "arbiter", "winners": ["stark"], "scores": {"stark": 7, "lannister": 4}},
        {"by": "arbiter", "reason": "time"},
        {"by": "arbiter", "winners": ["tyrell"], "scores": {"stark": 1, "lannister": 2, "baratheon": 3}},
    ],
    ids=["winners only", "a seat without a score", "reason only", "a winner who is not a seat"],
)
def test_no_outcome_when_the_td_must_enter_the_ranking(ended: dict[str, Any]) -> None:
    assert outcome_of("agot2", None, ended, HOUSES) is None
