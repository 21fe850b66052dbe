"""Victory (KK-WIN-1..7, A-37, A-39..A-41, A-58): one check after every decision, ending with `GameEnded`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.kernel import GAME_ENDED, Authority, Decision, Event, Game, Viewer, advance
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.state import KKState
from domain.rulesets.kard_es_korona.victory import castles_held, castles_to_win, counties_held, provinces_to_win
from tests.domain.kard_es_korona.builders import THREE, act, new_game, play, position, rule_ids, set_up, types, when
from tests.domain.kard_es_korona.small_boards import RING

FIVE = ("felvidek", "tiszahat", "erdely", "delvidek", "pannonia")
ONE = Force(infantry=1)
F, E, S = THREE  # felvidek, erdely, szlavonia


def province(p: str) -> tuple[str, ...]:
    return tuple(f"{p}_{k}" for k in ("k1", "k2", "a", "b", "c", "d", "m"))


def in_movement(seats: tuple[str, ...] = THREE, **options: Any) -> Game:
    """1301's movement phase, the first seat to move (every player has 4 steps)."""
    return play(set_up(seats, **options), act("draw_event", seats[0], card="veres_kard"))


def ended(decision: Decision) -> dict[str, object]:
    assert not decision.violations, decision.violations
    assert types(decision)[-1] == GAME_ENDED
    return dict(decision.events[-1].data)


def step(game: Game, seat: str, origin: str, to: str) -> Decision:
    return when(game, act("move", seat, to=to, groups=[{"from": origin, "units": {"infantry": 1}}]))


# --- KK-WIN-5/6: castles ---


def seven_castle_game() -> Game:
    """Felvidék holds six castles and has an infantry next to the empty castle of Pest (3 players: 7 win)."""
    castles = ("felvidek_k1", "felvidek_k2", "tiszahat_k1", "tiszahat_k2", "delvidek_k1", "delvidek_k2")
    units = {"felvidek_k1": {F: Force(infantry=2)}, "erdely_k1": {E: ONE}, "szlavonia_k1": {S: ONE}}
    control = {**{c: F for c in castles}, "erdely_k1": E, "szlavonia_k1": S}
    return position(in_movement(), units, control=control)


def test_kk_win_5_kk_win_6_seventh_castle_wins_at_once_with_three_players() -> None:
    decision = step(seven_castle_game(), F, "felvidek_k1", "pest")
    result = ended(decision)
    assert result["by"] == "rules"
    assert result["winners"] == [F]
    assert str(result["reason"]).startswith("KK-WIN-5")
    assert types(decision)[:2] == ["StepTaken", "CountyControlChanged"]


def test_no_victory_when_six_castles_are_held_by_one_of_three_players_kk_win_5() -> None:
    game = seven_castle_game()
    decision = step(game, F, "felvidek_k1", "felvidek_a")  # an empty plain county: still six castles
    assert not decision.violations
    assert GAME_ENDED not in types(decision)


def test_kk_core_game_1_no_action_is_accepted_when_the_game_has_ended_by_victory() -> None:
    win = act("move", F, to="pest", groups=[{"from": "felvidek_k1", "units": ONE.to_json()}])
    game = play(seven_castle_game(), win)
    assert game.meta.ended
    assert rule_ids(when(game, act("pass", E))) == ["CORE-GAME-1"]


@pytest.mark.parametrize(
    ("players", "basic", "advanced"),
    [(2, 9, 13), (3, 7, 11), (4, 7, 11), (5, 6, 9), (6, 6, 9)],
)
def test_kk_win_5_castles_needed_by_variant_and_player_count(players: int, basic: int, advanced: int) -> None:
    seats = RING[:players]
    assert castles_to_win(new_game(seats, "basic").state) == basic
    assert castles_to_win(new_game(seats, "advanced").state) == advanced


@pytest.mark.parametrize(("players", "needed"), [(2, 4), (3, 4), (4, 3), (5, 3), (6, 3)])
def test_kk_win_4_whole_provinces_needed_by_player_count(players: int, needed: int) -> None:
    assert provinces_to_win(new_game(RING[:players]).state) == needed


# --- KK-WIN-4: whole provinces ---


def three_province_game(**options: object) -> Game:
    """5 players (3 provinces win, 6 castles): Felvidék holds Felvidék, Tiszahát and Pest and Kunság of the
    royal centre (5 castles), with an infantry in Pest next to Fejér, the last royal county."""
    held = (*province("felvidek"), *province("tiszahat"), "pest", "kunsag")
    units = {"pest": {"felvidek": Force(infantry=2)}, "erdely_k1": {"erdely": ONE}}
    units.update({c: {"felvidek": ONE} for c in province("felvidek")})
    control = {**{c: "felvidek" for c in held}, "erdely_k1": "erdely"}
    return position(in_movement(FIVE, **options), units, control=control)


def test_kk_win_4_third_whole_province_wins_with_five_players_royal_centre_counts() -> None:
    result = ended(step(three_province_game(), "felvidek", "pest", "fejer"))
    assert result["winners"] == ["felvidek"]
    assert str(result["reason"]).startswith("KK-WIN-4")


def test_no_province_victory_when_a_province_county_has_no_garrison_a_3_option() -> None:
    game = three_province_game(province_requires_garrison=True)  # Tiszahát's counties hold no units
    assert GAME_ENDED not in types(step(game, "felvidek", "pest", "fejer"))


# --- KK-WIN-2: last lord standing ---


def test_kk_win_2_last_lord_wins_when_the_others_are_eliminated_or_vassals() -> None:
    game = position(in_movement(), {"felvidek_k1": {F: ONE}}, lord_status={E: "eliminated", S: "vassal"})
    result = ended(when(game, act("pass", F)))
    assert result["winners"] == [F]
    assert str(result["reason"]).startswith("KK-WIN-2")


def test_no_last_lord_victory_when_the_other_lord_is_only_captive_a_40() -> None:
    game = position(in_movement(), {"felvidek_k1": {F: ONE}}, lord_status={E: "eliminated", S: "captive"})
    assert GAME_ENDED not in types(when(game, act("pass", F)))


# --- KK-WIN-3: all three offices ---

ALL_THREE = {"judge_royal": E, "treasurer": E, "palatine": E}


def test_kk_win_3_holding_all_three_offices_wins_a_37_default() -> None:
    game = position(in_movement(), {"felvidek_k1": {F: ONE}}, offices=ALL_THREE)
    result = ended(when(game, act("pass", F)))
    assert result["winners"] == [E]
    assert str(result["reason"]).startswith("KK-WIN-3")


def test_no_office_victory_while_the_election_is_still_running_kk_win_3() -> None:
    game = position(in_movement(), {"felvidek_k1": {F: ONE}}, offices=ALL_THREE, phase="election")
    decision = when(game, act("transfer_money", F, to=E, amount=1))
    assert GAME_ENDED not in types(decision)


def test_no_office_victory_when_the_offices_were_not_won_outright_a_37_newly_won_only() -> None:
    game = position(in_movement(all_offices_win="newly_won_only"), {"felvidek_k1": {F: ONE}}, offices=ALL_THREE)
    assert GAME_ENDED not in types(when(game, act("pass", F)))


# --- KK-WIN-7: the end of the last year ---


def last_year(units: dict[str, dict[str, Force]], control: dict[str, str], **changes: Any) -> Game:
    """1308's movement phase with this position; the three players then pass and the year ends."""
    options = changes.pop("options", {})
    return position(in_movement(**options), units, control=control, year=1308, **changes)


def end_of_1308(game: Game) -> Decision:
    game = play(game, act("pass", F), act("pass", E))
    return when(game, act("pass", S))


def base_position() -> tuple[dict[str, dict[str, Force]], dict[str, str]]:
    """Each player: 2 castles with one infantry each, nothing else."""
    units, control = {}, {}
    for seat in THREE:
        for county in (f"{seat}_k1", f"{seat}_k2"):
            units[county] = {seat: ONE}
            control[county] = seat
    return units, control


def test_kk_win_7_most_castles_win_after_1308() -> None:
    units, control = base_position()
    control["pest"] = E
    decision = end_of_1308(last_year(units, control))
    result = ended(decision)
    assert result["winners"] == [E]
    assert str(result["reason"]).startswith("KK-WIN-7")
    [tally] = [e for e in decision.events if e.type == "FinalStandingsCounted"]
    assert tally.data["decided_by"] == "castles"
    assert tally.data["standings"][0]["seat"] == E


def test_kk_win_7_counties_break_a_castle_tie() -> None:
    units, control = base_position()
    control["szlavonia_a"] = S  # a plain county, no castle
    assert ended(end_of_1308(last_year(units, control)))["winners"] == [S]


def test_kk_win_7_cavalry_on_the_board_breaks_a_castle_and_county_tie() -> None:
    units, control = base_position()
    units["felvidek_k1"] = {F: Force(infantry=1, cavalry=1)}
    assert ended(end_of_1308(last_year(units, control)))["winners"] == [F]


def test_kk_win_7_treasury_breaks_the_last_tie() -> None:
    units, control = base_position()
    game = last_year(units, control, treasury={F: 3, E: 9, S: 4})
    assert ended(end_of_1308(game))["winners"] == [E]


def test_kk_win_7_tied_players_share_the_win_a_41_default() -> None:
    units, control = base_position()
    assert ended(end_of_1308(last_year(units, control)))["winners"] == list(THREE)


def test_arbiter_ends_a_final_tie_when_final_tie_is_arbiter_a_41() -> None:
    units, control = base_position()
    game = last_year(units, control, options={"final_tie": "arbiter"})
    decision = end_of_1308(game)
    assert "FinalStandingsCounted" in types(decision)
    assert GAME_ENDED not in types(decision)
    game = play(game, act("pass", F), act("pass", E), act("pass", S))
    assert not game.meta.ended
    closing = when(game, act("end_game", None, Authority.ARBITER, winners=[F], reason="KK-WIN-7, A-41: ruling"))
    assert types(closing) == [GAME_ENDED]


def test_kk_win_7_eliminated_players_and_vassals_are_not_ranked_a_28() -> None:
    units, control = base_position()
    control["pest"] = E
    game = last_year(units, control, lord_status={E: "vassal"})
    assert ended(end_of_1308(game))["winners"] == [F, S]


def test_kk_win_6_the_rest_of_the_year_is_not_played_after_the_winning_capture() -> None:
    castles = ("felvidek_k1", "felvidek_k2", "tiszahat_k1", "tiszahat_k2", "delvidek_k1", "delvidek_k2")
    garrison = Force(cavalry=1, infantry=1, archer=1)
    units = {
        "felvidek_k1": {F: Force(infantry=3)},
        "felvidek_k2": {F: ONE},
        "pest": {"royal": garrison},
        "erdely_k1": {E: ONE},
        "szlavonia_k1": {S: ONE},
    }
    control = {**{c: F for c in castles}, "pest": "royal", "erdely_k1": E, "szlavonia_k1": S}
    lords = {F: "felvidek_k2", E: "erdely_k1", S: "szlavonia_k1"}
    game = position(in_movement(), units, control=control, lords=lords)
    siege = act("move", F, to="pest", groups=[{"from": "felvidek_k1", "units": {"infantry": 3}}])
    game = play(game, siege, act("pass", E), act("pass", S), act("pass", F))
    # The royal archer shoots first and misses (1); then Felvidék's 3 infantry roll 6 6 6 against 1 1.
    game = play(game, act("fight_exchange", None, Authority.RECORDER, dice=[1]))
    decision = when(game, act("fight_exchange", None, Authority.RECORDER, dice=[6, 6, 6, 1, 1]))
    assert ended(decision)["winners"] == [F]
    assert types(decision)[-3:] == ["CastleCaptured", "BattleEnded", GAME_ENDED]
    assert "YearEnded" not in types(decision)


def test_notation_and_bookmark_name_the_winner_when_the_game_ends() -> None:
    game = seven_castle_game()
    decision = step(game, F, "felvidek_k1", "pest")
    line = KARD_ES_KORONA.notation(decision.events[-1], game.state)
    assert line.startswith("game ended by rules: Felvidék win (KK-WIN-5")
    assert KARD_ES_KORONA.bookmarks(decision.events[-1]) == ("game end",)


def test_vassal_castles_count_for_the_liege_kk_vassal_4_a_28() -> None:
    control = {"felvidek_k1": F, "felvidek_k2": F, "erdely_k1": E, "erdely_k2": E, "erdely_a": E}
    stand_in: KKState = replace(set_up().state, control=control, lieges={E: F})
    assert castles_held(stand_in, F) == 4
    assert counties_held(stand_in, F) == 5
    assert castles_held(stand_in, S) == 0


# --- how the game was won, in GameEnded (issue 17) ---


def test_kk_win_2_game_ended_ranks_the_lords_out_of_the_game_after_the_last_lord_standing() -> None:
    """KK-WIN-2, seed 000 L250: „Ha egy tartományúr egyedül marad, mert az összes többi játékos hadura odavész a
    csatákban, vagy hűbéressé válik." — the winner first; the dead and the sworn lords after him, by the KK-WIN-7
    counts (L257)."""
    units = {"felvidek_k1": {F: ONE}, "erdely_k1": {E: Force(cavalry=1)}}
    control = {"felvidek_k1": F, "erdely_k1": E}
    game = position(in_movement(), units, control=control, lord_status={E: "eliminated", S: "vassal"})
    result = ended(when(game, act("pass", F)))
    assert (result["condition"], result["decided_by"]) == ("KK-WIN-2", None)
    assert result["ranking"] == [
        {"seat": F, "place": 1, "status": "standing", "castles": 1, "counties": 1, "cavalry": 0, "treasury": 0},
        {"seat": E, "place": 2, "status": "eliminated", "castles": 1, "counties": 1, "cavalry": 1, "treasury": 0},
        {"seat": S, "place": 3, "status": "vassal", "castles": 0, "counties": 0, "cavalry": 0, "treasury": 0},
    ]


def test_game_ended_recorded_before_condition_and_ranking_still_folds_and_reads() -> None:
    """Older GameEnded events carry the victory path only in `reason`: they fold, view and read as before."""
    game = seven_castle_game()
    old = Event(GAME_ENDED, {"by": "rules", "winners": [F], "reason": "KK-WIN-5: felvidek holds 7 castles"})
    line = KARD_ES_KORONA.notation(old, game.state)
    after = advance(KARD_ES_KORONA, game, old)
    assert after.meta.ended and after.meta.result == old.data
    assert KARD_ES_KORONA.view(after.state, Viewer(arbiter=True))["phase"] == game.state.phase
    assert line == "game ended by rules: Felvidék win (KK-WIN-5: felvidek holds 7 castles)"
