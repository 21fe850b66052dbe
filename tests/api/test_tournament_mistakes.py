"""A director's mistakes and late changes that must not corrupt a tournament (issue 13, found in use).

Each test is a request a tournament director really sends at the wrong moment — a swap after the results are
in, a start after the round closed, an amendment after the finish — or a setting the pairing could not carry
out; each must be refused naming why (or, for a field drops left unsplittable, paired with byes the director
accepts), and must leave the results and standings as they were.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem
from tests.api.test_tournaments import BASE, _create, _end, _post, _register, _round
from tests.conftest import Api


def _by_hand(api: Api, tid: str, number: int, table: dict[str, Any], **extra: Any) -> Any:
    """The table's result entered by the director: its seats ranked in seat order (seat order = places)."""
    places = {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}
    return _post(api, f"{tid}/rounds/{number}/tables/{table['table']}/result", {"places": places, **extra})


def _approve(api: Api, tid: str, number: int, table: int) -> Any:
    return _post(api, f"{tid}/rounds/{number}/tables/{table}/approval", {"override_reason": "score sheet signed"})


def _closed_round(api: Api, tid: str, number: int) -> dict[str, Any]:
    """Round `number` paired, every table's result entered by hand and approved, the round closed."""
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    for table in _round(api, tid, number)["tables"]:
        assert _by_hand(api, tid, number, table).status_code == 201
        assert _approve(api, tid, number, table["table"]).status_code == 201
    assert _post(api, f"{tid}/rounds/{number}/close").status_code == 200
    return _round(api, tid, number)


def _started(api: Api) -> str:
    """A tournament of 8 whose round 1 is paired and started (its games created): its id."""
    tid = _create(api)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200
    return str(tid)


def _closed_round_of_games(api: Api) -> str:
    """A tournament whose round 1 was started (its games created), its results entered by hand and approved before
    any game ended, and closed: its id."""
    tid = _started(api)
    for table in _round(api, tid, 1)["tables"]:
        assert _by_hand(api, tid, 1, table).status_code == 201
        assert _approve(api, tid, 1, table["table"]).status_code == 201
    assert _post(api, f"{tid}/rounds/1/close").status_code == 200
    return str(tid)


def _standings(api: Api, tid: str) -> list[tuple[str, Any]]:
    items = api.client.get(f"{BASE}/{tid}/standings", headers=api.headers()).get_json()["items"]
    return [(line["player"], line["values"]["score"]) for line in items]


def test_a_result_entered_by_hand_that_its_table_game_contradicts_is_not_approved_until_amended(api: Api) -> None:
    # The table's game is recorded after all and ends with other places than were entered by hand: approving the
    # hand entry would silently overrule the record, so the director is told and decides by amending.
    tid = _started(api)
    table = _round(api, tid, 1)["tables"][0]
    assert _by_hand(api, tid, 1, table).status_code == 201  # the first player in seat order wins
    last_seat = table["seats"][table["players"][-1]]
    _end(api, table["game"], {seat: 40 if seat == last_seat else 10 for seat in table["seats"].values()})

    refused = assert_problem(_approve(api, tid, 1, 1), 409)
    amended = _by_hand(api, tid, 1, table, amend_reason="the score sheet was right; the recorder slipped")
    approved = _approve(api, tid, 1, 1)

    assert "ended with other places" in refused["detail"] and refused["game_places"][table["players"][-1]] == 1
    # The game named by its table, as the director knows it (td16); its id in `game`.
    assert refused["detail"].startswith("the game of round 1 table 1 ") and table["game"] not in refused["detail"]
    assert refused["game"] == table["game"]
    assert amended.status_code == 201, amended.get_json()
    assert approved.status_code == 201, approved.get_json()


def test_core_end_1_a_game_ending_after_its_tables_result_was_approved_is_shown_and_the_result_stands(api: Api) -> None:
    # The result was entered by hand and approved and the round closed; then the table's game ends with other places.
    # The closed round's result stands (the standings do not move), but the round's table says what the game says.
    tid = _closed_round_of_games(api)
    before = _standings(api, tid)
    first, second = _round(api, tid, 1)["tables"]
    last = first["players"][-1]
    _end(api, first["game"], {seat: 40 if p == last else 10 for p, seat in first["seats"].items()})
    _end(
        api, second["game"], {seat: 40 - 10 * n for n, seat in enumerate(second["seats"][p] for p in second["players"])}
    )

    after = _round(api, tid, 1)["tables"]

    assert after[0]["game_disagrees"]["places"][last] == 1 and after[0]["result"]["places"][last] == 4
    assert after[0]["result"]["approved"] and after[1]["game_disagrees"] is None  # the second game agrees
    assert _standings(api, tid) == before
    amended = _by_hand(api, tid, 1, first, amend_reason="the game's record stands")  # the director decides
    assert amended.status_code == 201 and _round(api, tid, 1)["tables"][0]["game_disagrees"] is None


def test_core_end_1_a_game_ending_after_an_amendment_that_it_contradicts_is_shown_until_amended_again(api: Api) -> None:
    # The director amended the approved result before the game ended: that amendment did not see the game's end, so
    # an end that differs from it is shown as for any result that stands, until the director amends after the end.
    tid = _closed_round_of_games(api)
    first = _round(api, tid, 1)["tables"][0]
    amended = _by_hand(api, tid, 1, first, amend_reason="a late correction from the score sheet")
    assert amended.status_code == 201, amended.get_json()
    last = first["players"][-1]
    _end(api, first["game"], {seat: 40 if p == last else 10 for p, seat in first["seats"].items()})

    shown = _round(api, tid, 1)["tables"][0]
    again = _by_hand(api, tid, 1, first, amend_reason="the score sheet stands over the game's record")

    assert shown["game_disagrees"]["places"][last] == 1 and shown["result"]["places"][last] == 4
    assert again.status_code == 201 and _round(api, tid, 1)["tables"][0]["game_disagrees"] is None


def test_a_result_amended_before_its_table_game_ended_otherwise_is_not_approved_until_amended_again(
    api: Api,
) -> None:
    tid = _started(api)
    table = _round(api, tid, 1)["tables"][0]
    assert _by_hand(api, tid, 1, table).status_code == 201
    assert _by_hand(api, tid, 1, table, amend_reason="a seat was misread").status_code == 201
    last = table["players"][-1]
    _end(api, table["game"], {seat: 40 if p == last else 10 for p, seat in table["seats"].items()})

    refused = assert_problem(_approve(api, tid, 1, 1), 409)
    assert _by_hand(api, tid, 1, table, amend_reason="the score sheet stands").status_code == 201
    approved = _approve(api, tid, 1, 1)

    assert refused["game_places"][last] == 1
    assert approved.status_code == 201, approved.get_json()


def test_core_end_1_a_game_declaring_other_winners_after_the_round_closed_is_shown(api: Api) -> None:
    tid = _closed_round_of_games(api)
    table = _round(api, tid, 1)["tables"][0]
    winner = table["players"][-1]
    ended = api.act(table["game"], "organiser", type="end_game", seat=None, data={"winners": [table["seats"][winner]]})
    assert ended.status_code == 201, ended.get_json()

    assert _round(api, tid, 1)["tables"][0]["game_disagrees"] == {"winners": [winner]}


def test_core_end_1_a_result_by_hand_placing_first_another_than_the_games_declared_winner_waits_for_an_amendment(
    api: Api,
) -> None:
    # The game ended naming its winner only (CORE-END-1 without scores), so its places are entered by hand; a hand
    # entry that puts someone else first contradicts the record and would be approved unseen.
    tid = _started(api)
    table = _round(api, tid, 1)["tables"][0]
    winner = table["players"][-1]  # the last in seat order; _by_hand places the first one first
    ended = api.act(table["game"], "organiser", type="end_game", seat=None, data={"winners": [table["seats"][winner]]})
    assert ended.status_code == 201, ended.get_json()
    assert _by_hand(api, tid, 1, table).status_code == 201

    refused = assert_problem(_approve(api, tid, 1, 1), 409)
    places = {table["seats"][p]: n for n, p in enumerate(reversed(table["players"]), start=1)}
    amended = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": places, "amend_reason": "the record stands"})
    approved = _approve(api, tid, 1, 1)

    entrants = api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    name = next(e["name"] for e in entrants if e["player_id"] == winner)
    assert f"declaring {name} the winner(s)" in refused["detail"] and refused["game_winners"] == [winner]
    assert amended.status_code == 201, amended.get_json()
    assert approved.status_code == 201, approved.get_json()


def test_an_approval_waiting_for_confirmations_names_the_players_it_waits_for(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    table = _round(api, tid, 1)["tables"][0]
    assert _by_hand(api, tid, 1, table).status_code == 201  # by the director: every seated player confirms

    refused = assert_problem(_post(api, f"{tid}/rounds/1/tables/1/approval", {}), 409)

    names = {p: f"Player {n:02d}" for n, p in enumerate(players)}  # as _register names them
    assert sorted(refused["missing"]) == sorted(table["players"])
    assert refused["detail"].startswith(
        "waiting for confirmation by " + ", ".join(names[p] for p in refused["missing"])
    )
    assert not any(p in refused["detail"] for p in players)


def test_a_swap_in_a_closed_round_is_refused_and_its_approved_results_stay(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    closed = _closed_round(api, tid, 1)
    before = _standings(api, tid)
    a, b = closed["tables"][0]["players"][0], closed["tables"][1]["players"][0]

    swapped = _post(api, f"{tid}/rounds/1/swaps", {"players": [a, b], "reason": "after the fact"})

    assert "closed" in assert_problem(swapped, 409)["detail"]
    assert _round(api, tid, 1)["tables"] == closed["tables"]
    assert _standings(api, tid) == before


def test_a_swap_is_refused_for_a_table_whose_result_is_in_even_before_the_round_closes(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    _post(api, f"{tid}/rounds", {})
    first = _round(api, tid, 1)["tables"][0]
    assert _by_hand(api, tid, 1, first).status_code == 201
    other = _round(api, tid, 1)["tables"][1]["players"][0]

    swapped = _post(api, f"{tid}/rounds/1/swaps", {"players": [first["players"][0], other], "reason": "late"})

    problem = assert_problem(swapped, 409)
    assert problem["tables"] == [1] and "result" in problem["detail"]
    assert _round(api, tid, 1)["tables"][0]["result"] is not None
    assert _round(api, tid, 1)["tables"][0]["players"] == first["players"]


def test_starting_a_closed_round_creates_no_games(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    closed = _closed_round(api, tid, 1)

    started = _post(api, f"{tid}/rounds/1/start")

    assert "closed" in assert_problem(started, 409)["detail"]
    assert [t["game"] for t in _round(api, tid, 1)["tables"]] == [t["game"] for t in closed["tables"]] == [None, None]
    listed = api.client.get(f"/api/v1/games?tournament={tid}", headers=api.headers()).get_json()["items"]
    assert listed == []


def test_starting_a_round_creates_no_game_for_a_table_whose_result_is_already_in(api: Api) -> None:
    # A table played on paper and entered by hand before the director starts the round's recorded games.
    tid = _create(api)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    assert _by_hand(api, tid, 1, _round(api, tid, 1)["tables"][0]).status_code == 201

    started = _post(api, f"{tid}/rounds/1/start")

    assert started.status_code == 200, started.get_json()
    assert [c["table"] for c in started.get_json()["created"]] == [2]
    assert [t["game"] is None for t in _round(api, tid, 1)["tables"]] == [True, False]
    assert _post(api, f"{tid}/rounds/1/start").get_json()["created"] == []


def test_dropping_a_player_never_registered_is_404_and_one_already_dropped_is_409_saying_so(api: Api) -> None:
    tid = _create(api)["id"]
    player = _register(api, tid, 8)[0]
    stranger = api.player("Never entered")
    assert _post(api, f"{tid}/players/{player}/drop", {"reason": "went home"}).status_code == 200

    unknown = _post(api, f"{tid}/players/{stranger}/drop", {"reason": "mistyped"})
    again = _post(api, f"{tid}/players/{player}/drop", {"reason": "went home"})

    missing, dropped = assert_problem(unknown, 404), assert_problem(again, 409)
    # Named as the director knows them (td15 #4); the ids stay in the structured `player` field.
    assert missing["detail"].startswith("Never entered is not registered") and missing["player"] == stranger
    assert dropped["detail"].startswith("Player 00 of club-0 has already dropped") and dropped["player"] == player
    assert player not in dropped["detail"] and stranger not in missing["detail"]


def test_a_result_for_a_table_or_round_that_does_not_exist_is_404_naming_it(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    places = {"places": {"seat-1": 1, "seat-2": 2, "seat-3": 3, "seat-4": 4}}

    no_table = _post(api, f"{tid}/rounds/1/tables/9/result", places)
    no_round = _post(api, f"{tid}/rounds/4/tables/1/result", places)
    no_approval = _post(api, f"{tid}/rounds/1/tables/9/approval", {})

    assert assert_problem(no_table, 404)["detail"] == "round 1 has no table 9"
    assert assert_problem(no_round, 404)["detail"] == "round 4 is not paired"
    assert assert_problem(no_approval, 404)["detail"] == "round 1 has no table 9"


def test_a_seat_set_naming_a_seat_twice_is_refused_at_creation_naming_seat_sets(api: Api) -> None:
    body = {"name": "Twice", "ruleset": "freeform", "table_size": 4, "rounds": 1, "remainder": "byes"}
    body["seat_sets"] = {"4": [["north", "north", "east", "west"]]}

    response = api.client.post(BASE, json=body, headers=api.headers("organiser"))

    problem = assert_problem(response, 422)
    assert "north" in problem["errors"]["seat_sets"][0] and "twice" in problem["errors"]["seat_sets"][0]


def test_sum_of_squares_refuses_a_result_without_its_measure_instead_of_scoring_everyone_zero(api: Api) -> None:
    tid = _create(api, scoring="sum-of-squares", scoring_measure="centres", remainder="byes")["id"]
    _register(api, tid, 4)
    _post(api, f"{tid}/rounds", {})
    table = _round(api, tid, 1)["tables"][0]
    seats = [table["seats"][p] for p in table["players"]]

    without = _by_hand(api, tid, 1, table)
    partial = _by_hand(api, tid, 1, table, measures={seats[0]: {"centres": 9}})
    # Diplomacy's worked figures: centres 9, 3, 3, 0 score 100·81/99, 100·9/99 each, and 0.
    whole = _by_hand(api, tid, 1, table, measures={s: {"centres": c} for s, c in zip(seats, (9, 3, 3, 0), strict=True)})

    assert "centres" in assert_problem(without, 422)["errors"]["measures"][0]
    assert "centres" in assert_problem(partial, 422)["errors"]["measures"][0]
    assert whole.status_code == 201, whole.get_json()
    scores = dict(_standings(api, tid))
    assert round(scores[table["players"][0]], 3) == round(8100 / 99, 3)
    assert round(scores[table["players"][1]], 3) == round(900 / 99, 3)
    assert scores[table["players"][3]] == 0


def test_sum_of_squares_will_not_approve_a_games_result_that_lacks_its_measure_until_amended(api: Api) -> None:
    tid = _create(api, scoring="sum-of-squares", scoring_measure="centres", remainder="byes")["id"]
    _register(api, tid, 4)
    _post(api, f"{tid}/rounds", {})
    _post(api, f"{tid}/rounds/1/start")
    table = _round(api, tid, 1)["tables"][0]
    _end(api, table["game"], {"seat-1": 40, "seat-2": 30, "seat-3": 20, "seat-4": 10})  # CORE-END-1: a `score`

    refused = _approve(api, tid, 1, 1)
    seats = [table["seats"][p] for p in table["players"]]
    centres = {s: {"centres": c} for s, c in zip(seats, (9, 3, 3, 0), strict=True)}
    amended = _by_hand(api, tid, 1, table, measures=centres, amend_reason="centres from the map")
    approved = _approve(api, tid, 1, 1)

    assert "centres" in assert_problem(refused, 409)["detail"]
    assert amended.status_code == 201, amended.get_json()
    assert approved.status_code == 201, approved.get_json()


def test_an_unknown_seat_in_measures_is_named_under_measures_not_places(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 4)
    _post(api, f"{tid}/rounds", {"accept_problems": True})
    table = _round(api, tid, 1)["tables"][0]

    response = _by_hand(api, tid, 1, table, measures={"seat-9": {"score": 3}})

    problem = assert_problem(response, 422)
    assert "seat-9" in problem["errors"]["measures"][0] and "places" not in problem["errors"]


def test_a_two_player_swiss_with_its_own_placement_points_is_created_without_points_for_tables_of_one(
    api: Api,
) -> None:
    # README: Swiss rounds seat tables of 2-6; WBC has no 2-player points, so the director gives them. The default
    # remainder (smaller tables, of k - 1) has no table of 1 to score: an odd field gets a bye instead.
    tournament = _create(api, table_size=2, rounds=3, placement_points={"2": [1, 0]})
    _register(api, tournament["id"], 5)

    plan = _post(api, f"{tournament['id']}/rounds", {"preview": True}).get_json()

    assert tournament["settings"]["placement_points"] == {"2": [1, 0]}
    assert [len(t["players"]) for t in plan["tables"]] == [2, 2] and len(plan["byes"]) == 1


def test_a_two_player_swiss_gives_the_odd_player_a_bye_without_a_problem_to_accept_each_round(api: Api) -> None:
    # At tables of 2 the only remainder is a bye (a table of 1 is no game), so the default is `byes`: an odd
    # field pairs at once, not as a `remainder_byes` problem the director must accept every round.
    tournament = _create(api, table_size=2, rounds=3, placement_points={"2": [1, 0]})
    _register(api, tournament["id"], 5)

    paired = _post(api, f"{tournament['id']}/rounds", {})

    assert tournament["settings"]["remainder"] == "byes"
    assert paired.status_code == 201, paired.get_json()
    assert [len(t["players"]) for t in paired.get_json()["tables"]] == [2, 2] and len(paired.get_json()["byes"]) == 1


def test_smaller_tables_asked_for_at_tables_of_2_is_422_naming_remainder(api: Api) -> None:
    created = api.client.post(
        "/api/v1/tournaments",
        json={"name": "Duels", "ruleset": "freeform", "table_size": 2, "rounds": 3, "remainder": "smaller_tables"},
        headers=api.headers("organiser"),
    )

    assert "choose 'byes'" in assert_problem(created, 422)["errors"]["remainder"][0]


def test_drops_that_leave_a_field_smaller_tables_cannot_seat_pair_with_a_bye_the_director_accepts(api: Api) -> None:
    # 8 players at tables of 4 (or 3): after three drops 5 remain, and 5 is neither 4 + 3 nor 3 + 3.
    tid = _create(api, remainder="smaller_tables")["id"]
    players = _register(api, tid, 8)
    _closed_round(api, tid, 1)
    for player in players[:3]:
        response = _post(api, f"{tid}/players/{player}/drop", {"reason": "left early"})
        assert response.status_code == 200, response.get_json()

    preview = _post(api, f"{tid}/rounds", {"preview": True}).get_json()
    refused = _post(api, f"{tid}/rounds", {})
    accepted = _post(api, f"{tid}/rounds", {"accept_problems": True})

    assert [len(t["players"]) for t in preview["tables"]] == [4] and len(preview["byes"]) == 1
    assert [p["kind"] for p in preview["problems"]].count("remainder_byes") == 1
    assert assert_problem(refused, 409, "pairing-problems")
    assert accepted.status_code == 201, accepted.get_json()
    assert set(accepted.get_json()["byes"]) <= set(players[3:])


def test_a_finished_tournaments_results_are_final(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    players = _register(api, tid, 4)
    token = api.token_for_player(players[0])
    closed = _closed_round(api, tid, 1)
    assert _post(api, f"{tid}/finish").status_code == 200
    before = _standings(api, tid)
    table = closed["tables"][0]

    amended = _by_hand(api, tid, 1, {**table, "players": table["players"][::-1]}, amend_reason="too late")
    confirmed = _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=token)

    assert "finished" in assert_problem(amended, 409)["detail"]
    assert "finished" in assert_problem(confirmed, 409)["detail"]
    assert _standings(api, tid) == before


def test_the_final_tables_cut_is_drawn_among_players_still_in_the_event(api: Api) -> None:
    tid = _create(api, rounds=1, final_table=True)["id"]
    _register(api, tid, 8)
    _closed_round(api, tid, 1)
    ranked = [player for player, _ in _standings(api, tid)]
    assert _post(api, f"{tid}/players/{ranked[0]}/drop", {"reason": "had to leave"}).status_code == 200

    final = _post(api, f"{tid}/rounds", {"accept_problems": True}).get_json()

    assert sorted(final["tables"][0]["players"]) == sorted(ranked[1:5])
    assert final["cut"]["last_in"] == ranked[4] and final["cut"]["first_out"] == ranked[5]


def test_a_final_table_the_remaining_field_cannot_fill_is_refused_saying_what_to_do(api: Api) -> None:
    tid = _create(api, rounds=1, final_table=True)["id"]
    players = _register(api, tid, 4)
    _closed_round(api, tid, 1)
    assert _post(api, f"{tid}/players/{players[0]}/drop", {"reason": "had to leave"}).status_code == 200

    final = _post(api, f"{tid}/rounds", {"accept_problems": True})

    detail = assert_problem(final, 409)["detail"]
    assert "only 3 player(s)" in detail and "finish" in detail
    assert _post(api, f"{tid}/finish").status_code == 200  # the way out it names


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_exported_inert(api: Api) -> None:
    """OWASP CSV injection: a cell starting with = + - @ is a formula to Excel and LibreOffice."""
    tid = _create(api)["id"]
    body = {"name": '=HYPERLINK("http://evil.example","prize")'}
    assert api.client.post(f"{BASE}/{tid}/players", json=body, headers=api.headers("organiser")).status_code == 201

    exported = api.client.get(f"{BASE}/{tid}/standings?format=csv&public=true").get_data(as_text=True)

    row = exported.splitlines()[1]
    assert "'=HYPERLINK" in row and ",=HYPERLINK" not in row and ',"=HYPERLINK' not in row


def test_a_pairing_refused_for_its_problems_names_the_players_who_meet_again(api: Api) -> None:
    # Four players at one table of four: round 2 can only seat them together again.
    tid = _create(api, rounds=2)["id"]
    players = _register(api, tid, 4)  # "Player 00" to "Player 03"
    _closed_round(api, tid, 1)

    refused = assert_problem(_post(api, f"{tid}/rounds", {}), 409, "pairing-problems")

    rematches = [p for p in refused["problems"] if p["kind"] == "repeat_opponent"]
    assert len(rematches) == 6  # every pair of the four met once
    for problem in rematches:
        a, b = problem["players"]  # the ids stay
        assert (
            problem["detail"] == f"Player {players.index(a):02d} and Player {players.index(b):02d} met 1 time(s) before"
        )
    assert not any(p in refused["detail"] for p in players)  # the refusal's words name them too
