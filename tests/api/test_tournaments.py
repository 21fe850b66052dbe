"""A tournament director's whole workflow through HTTP (issue 13), with freeform tables of four.

Sixteen players, two Swiss rounds of four tables. Each table's game is created by the tournament and ended by
the organiser with every seat's score (CORE-END-1); the result follows the game as provisional, the seated
players confirm it, the director approves it. One game is disputed: its result cannot be approved until the
arbiter rules, and the ruling's corrected end amends the tournament result, naming the dispute.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api

BASE = "/api/v1/tournaments"


def _create(api: Api, **body: Any) -> dict[str, Any]:
    payload = {"name": "Club Swiss", "ruleset": "freeform", "table_size": 4, "rounds": 2, **body}
    response = api.client.post(BASE, json=payload, headers=api.headers("organiser"))
    assert response.status_code == 201, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def _register(api: Api, tournament: str, count: int) -> list[str]:
    ids = []
    for n in range(count):
        body = {"name": f"Player {n:02d}", "club": f"club-{n % 4}"}
        response = api.client.post(f"{BASE}/{tournament}/players", json=body, headers=api.headers("organiser"))
        assert response.status_code == 201, response.get_json()
        ids.append(response.get_json()["player"])
    return ids


def _post(api: Api, path: str, body: Any | None = None, role: str = "organiser", token: str | None = None) -> Any:
    headers = bearer(token) if token else api.headers(role)
    return api.client.post(f"{BASE}/{path}", json=body if body is not None else {}, headers=headers)


def _end(api: Api, game: str, scores: dict[str, int], role: str = "organiser") -> None:
    best = max(scores.values())
    data = {"winners": [s for s, v in scores.items() if v == best], "scores": scores}
    response = api.act(game, role, type="end_game", seat=None, data=data)
    assert response.status_code == 201, response.get_json()


def _rotated(table: int) -> dict[str, int]:
    """Scores 40/30/20/10 starting at seat-<table> (seat-1 wins table 1, seat-2 table 2...)."""
    return {f"seat-{(table - 1 + n) % 4 + 1}": 40 - 10 * n for n in range(4)}


def _round(api: Api, tournament: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] = api.client.get(f"{BASE}/{tournament}/rounds/{number}", headers=api.headers()).get_json()
    return found


def _play_round(api: Api, tournament: str, number: int, tokens: dict[str, str]) -> dict[str, Any]:
    """Start the round, end each game (table t's winner is seat-t, then the next seats in turn), confirm and
    approve every table. Winners of different seats meet in round 2, so no faction repeat is forced there."""
    started = _post(api, f"{tournament}/rounds/{number}/start")
    assert started.status_code == 200, started.get_json()
    paired = _round(api, tournament, number)
    for table in paired["tables"]:
        _end(api, table["game"], _rotated(table["table"]))
    paired = _round(api, tournament, number)
    for table in paired["tables"]:
        for player in table["players"]:
            response = _post(
                api, f"{tournament}/rounds/{number}/tables/{table['table']}/confirmations", token=tokens[player]
            )
            assert response.status_code == 201, response.get_json()
        approved = _post(api, f"{tournament}/rounds/{number}/tables/{table['table']}/approval")
        assert approved.status_code == 201, approved.get_json()
    return _round(api, tournament, number)


def test_a_created_tournament_commits_its_draw_seed_and_writes_nothing_on_a_preview(api: Api) -> None:
    created = _create(api)
    players = _register(api, created["id"], 16)
    before = api.client.get(f"{BASE}/{created['id']}/events", headers=api.headers()).get_json()["items"]

    preview = _post(api, f"{created['id']}/rounds", {"preview": True})

    assert preview.status_code == 200 and preview.get_json()["published"] is False
    assert len(created["seed_commitment"]) == 64 and created["seed"] is None
    after = api.client.get(f"{BASE}/{created['id']}/events", headers=api.headers()).get_json()["items"]
    assert after == before  # the preview wrote nothing
    seated = sorted(p for t in preview.get_json()["tables"] for p in t["players"])
    assert seated == sorted(players)


def test_round_one_keeps_club_members_apart_when_asked(api: Api) -> None:
    created = _create(api, keep_apart="club")
    players = _register(api, created["id"], 16)  # four clubs of four: every table can hold one of each
    club = {p: n % 4 for n, p in enumerate(players)}

    plan = _post(api, f"{created['id']}/rounds", {}).get_json()

    for table in plan["tables"]:
        assert len({club[p] for p in table["players"]}) == 4, table


def test_results_follow_the_games_and_standings_rank_by_placement_points(api: Api) -> None:
    created = _create(api)
    tid = created["id"]
    players = _register(api, tid, 16)
    tokens = {p: api.token_for_player(p) for p in players}
    assert _post(api, f"{tid}/rounds", {}).status_code == 201

    played = _play_round(api, tid, 1, tokens)

    for table in played["tables"]:
        result = table["result"]
        seat_of = table["seats"]
        # The end_game scores 40/30/20/10 rank the seats 1st to 4th, starting at seat-<table>.
        expected = {seat: 1 + (40 - score) // 10 for seat, score in _rotated(table["table"]).items()}
        assert {seat_of[p]: n for p, n in result["places"].items()} == expected
        assert result["approved"] and sorted(result["confirmed_by"]) == sorted(table["players"])
    standings = api.client.get(f"{BASE}/{tid}/standings", headers=api.headers()).get_json()["items"]
    scores = sorted((line["values"]["score"] for line in standings), reverse=True)
    assert scores == [100] * 4 + [50] * 4 + [20] * 4 + [10] * 4
    assert standings[4]["separated_by"] == "score"  # the first 50 is below the last 100 by score


def test_round_two_is_rematch_free_and_the_explanation_says_so(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 16)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    first = _play_round(api, tid, 1, tokens)
    assert _post(api, f"{tid}/rounds/1/close").status_code == 200

    paired = _post(api, f"{tid}/rounds", {})

    assert paired.status_code == 201, paired.get_json()
    met = {frozenset((a, b)) for t in first["tables"] for a in t["players"] for b in t["players"] if a != b}
    second = paired.get_json()
    for table in second["tables"]:
        assert not any(frozenset((a, b)) in met for a in table["players"] for b in table["players"] if a != b)
        assert table["rematches"] == []
        # Score groups: the four round-1 winners meet at table 1, the seconds at table 2...
    assert {len(t["score_group"]) for t in second["tables"]} == {1}
    explained = api.client.get(f"{BASE}/{tid}/rounds/2/pairing", headers=api.headers()).get_json()
    assert explained["repeat_cost"] == 0 and explained["problems"] == []


def _started(api: Api, count: int) -> tuple[str, dict[str, str], list[dict[str, Any]]]:
    """A Swiss of `count` players with round 1 started: its id, each player's token, round 1's tables."""
    tid = _create(api)["id"]
    tokens = {p: api.token_for_player(p) for p in _register(api, tid, count)}
    _post(api, f"{tid}/rounds", {})
    _post(api, f"{tid}/rounds/1/start")
    return tid, tokens, _round(api, tid, 1)["tables"]


def _in_seat_order(table: dict[str, Any]) -> dict[str, int]:
    """Places by seat: the table's players ranked in seat order."""
    return {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}


def test_a_player_confirms_only_their_own_table_and_never_a_result_they_entered(api: Api) -> None:
    tid, tokens, tables = _started(api, 16)
    first, second = tables[:2]
    entering = first["players"][0]
    by_seat = _in_seat_order(first)
    _end_unscored(api, first["game"], first["seats"][entering])  # its end gives no ranking: entered by seat

    entered = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": by_seat}, token=tokens[entering])
    own = _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=tokens[entering])
    other = _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=tokens[second["players"][0]])

    assert entered.status_code == 201, entered.get_json()
    assert_problem(own, 409)
    assert_problem(other, 403)


def _end_unscored(api: Api, game: str, winner: str) -> None:
    """End a freeform game naming its winner only: no ranking of every seat, so the result is entered by seat."""
    response = api.act(game, "organiser", type="end_game", seat=None, data={"winners": [winner]})
    assert response.status_code == 201, response.get_json()


def test_a_player_cannot_enter_a_result_while_the_tables_game_is_still_being_recorded(api: Api) -> None:
    tid, tokens, (first, second) = _started(api, 8)
    entering = first["players"][0]
    by_seat = _in_seat_order(first)
    before = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()["version"]

    refused = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": by_seat}, token=tokens[entering])
    after_refusal = api.client.get(f"{BASE}/{tid}", headers=api.headers()).get_json()["version"]
    # Decision: the director still enters one while the game runs (time called); a player waits for the game's end.
    by_director = _post(api, f"{tid}/rounds/1/tables/2/result", {"places": {s: 1 for s in second["seats"].values()}})
    _end_unscored(api, first["game"], first["seats"][entering])
    entered = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": by_seat}, token=tokens[entering])

    problem = assert_problem(refused, 409, "game-in-progress")
    assert problem["game"] == first["game"] and first["game"] not in problem["detail"]  # named by its table:
    assert problem["detail"].startswith("the game of round 1 table 1 is still being recorded")
    assert problem["game_status"] == "active" and "still being recorded" in problem["detail"]
    assert after_refusal == before  # nothing written
    assert by_director.status_code == 201, by_director.get_json()
    assert entered.status_code == 201, entered.get_json()
    statuses = [t["game_status"] for t in _round(api, tid, 1)["tables"]]
    assert statuses == ["ended", "active"]


def test_a_hand_entered_result_must_rank_every_seat(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 16)
    _post(api, f"{tid}/rounds", {})
    _post(api, f"{tid}/rounds/1/start")

    partial = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": {"seat-1": 1, "seat-2": 2}})
    not_a_ranking = _post(
        api, f"{tid}/rounds/1/tables/1/result", {"places": {"seat-1": 1, "seat-2": 1, "seat-3": 2, "seat-4": 4}}
    )

    assert "seat-3" in assert_problem(partial, 422)["errors"]["places"][0]
    assert assert_problem(not_a_ranking, 422)["errors"]["places"]


def test_a_disputed_result_stays_provisional_until_ruled_and_an_overturn_amends_it(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 16)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    _post(api, f"{tid}/rounds/1/start")
    table = _round(api, tid, 1)["tables"][0]
    game = table["game"]
    _end(api, game, {"seat-1": 40, "seat-2": 30, "seat-3": 20, "seat-4": 10})
    ended_version = api.client.get(f"/api/v1/games/{game}", headers=api.headers()).get_json()["version"]
    for player in table["players"]:
        _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=tokens[player])
    loser = next(p for p in table["players"] if table["seats"][p] == "seat-4")
    claim = {"version": ended_version, "claim": "seat-4 held the most points at the end"}
    opened = api.client.post(f"/api/v1/games/{game}/disputes", json=claim, headers=bearer(tokens[loser]))
    assert opened.status_code == 201, opened.get_json()

    blocked = _post(api, f"{tid}/rounds/1/tables/1/approval")

    assert_problem(blocked, 409)
    corrected = {
        "type": "end_game",
        "seat": None,
        "data": {"winners": ["seat-4"], "scores": {"seat-1": 30, "seat-2": 20, "seat-3": 10, "seat-4": 40}},
    }
    ruling = {
        "decision": "overturned",
        "reasoning": "recount",
        "rule_ids": ["CORE-END-1"],
        "corrected_action": corrected,
    }
    ruled = api.client.post(
        f"/api/v1/disputes/{opened.get_json()['id']}/ruling", json=ruling, headers=api.headers("arbiter")
    )
    assert ruled.status_code == 201, ruled.get_json()
    result = _round(api, tid, 1)["tables"][0]["result"]
    assert result["amended_by_dispute"] == opened.get_json()["id"]
    assert result["places"][loser] == 1 and result["provisional"]
    assert _post(api, f"{tid}/rounds/1/tables/1/approval").status_code == 201


def test_finishing_reveals_the_seed_its_commitment_promised_and_the_read_model_equals_a_rebuild(api: Api) -> None:
    import hashlib

    from service.store import tournaments as rows
    from service.tournaments.projection import rebuild_tournaments

    tid = _create(api, rounds=1)["id"]
    players = _register(api, tid, 16)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    _play_round(api, tid, 1, tokens)
    _post(api, f"{tid}/rounds/1/close")
    engine = api.services.engine
    before = (rows.get(engine, tid), rows.tables_of(engine, tid), rows.entrants_of(engine, tid))

    finished = _post(api, f"{tid}/finish")
    rebuild_tournaments(engine, api.services.store)

    body = finished.get_json()
    assert body["status"] == "finished"
    assert hashlib.sha256(bytes.fromhex(body["seed"])).hexdigest() == body["seed_commitment"]
    after = (rows.get(engine, tid), rows.tables_of(engine, tid), rows.entrants_of(engine, tid))
    assert after[1:] == before[1:] and after[0] is not None and after[0]["status"] == "finished"
    assert api.client.get(f"{BASE}/{tid}/verify", headers=api.headers()).get_json()["ok"] is True


def test_standings_after_a_round_never_paired_are_404_not_the_current_ones_relabelled(api: Api) -> None:
    tid = _create(api, rounds=3)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201

    after_one = api.client.get(f"{BASE}/{tid}/standings?after_round=1", headers=api.headers())
    after_seven = api.client.get(f"{BASE}/{tid}/standings?after_round=7", headers=api.headers())

    assert after_one.status_code == 200 and after_one.get_json()["after_round"] == 1
    assert "no round 7" in assert_problem(after_seven, 404)["detail"]


def test_public_standings_in_csv_carry_names_but_no_player_ids(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    players = _register(api, tid, 16)

    response = api.client.get(f"{BASE}/{tid}/standings?format=csv&public=true")

    text = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert text.splitlines()[0].startswith("rank,name,club,score")
    assert "Player 00" in text and not any(p in text for p in players)


def test_a_league_counts_games_as_they_are_played_and_refuses_strangers_and_repeats(api: Api) -> None:
    league = _create(api, format="league", rounds=None, table_size=2, scoring="win-draw-loss")
    tid = league["id"]
    ann, bob, cid = _register(api, tid, 3)
    stranger = api.player("Stranger")
    played = api.create_game(seats=[{"seat": "red", "player": ann}, {"seat": "blue", "player": bob}])["id"]
    _end(api, played, {"red": 2, "blue": 1})
    later = api.create_game(seats=[{"seat": "red", "player": cid}, {"seat": "blue", "player": ann}])["id"]
    foreign = api.create_game(seats=[{"seat": "red", "player": cid}, {"seat": "blue", "player": stranger}])["id"]

    first = _post(api, f"{tid}/games", {"game": played})
    second = _post(api, f"{tid}/games", {"game": later})
    _end(api, later, {"red": 3, "blue": 3})  # a draw, reported as the game ends

    assert first.status_code == 201 and second.status_code == 201, (first.get_json(), second.get_json())
    strangers = assert_problem(_post(api, f"{tid}/games", {"game": foreign}), 422)
    again = assert_problem(_post(api, f"{tid}/games", {"game": played}), 409)
    tables = _round(api, tid, 0)["tables"]
    assert [t["result"]["places"] for t in tables] == [{ann: 1, bob: 2}, {cid: 1, ann: 1}]
    waiting = assert_problem(_post(api, f"{tid}/finish"), 409)  # results still provisional
    # Named as the director knows them (td16): the stranger by name, a linked game by its league game number.
    assert (
        "Stranger" in strangers["detail"] and stranger not in strangers["detail"] and foreign not in strangers["detail"]
    )
    assert "already counts for this league as league game 1" in again["detail"] and played not in again["detail"]
    assert again["game"] == played and again["tournament"] == tid
    assert "league game(s) [1, 2]" in waiting["detail"] and waiting["games"] == [played, later]
    for table in tables:
        _post(api, f"{tid}/rounds/0/tables/{table['table']}/approval", {"override_reason": "club season"})
    standings = api.client.get(f"{BASE}/{tid}/standings", headers=api.headers()).get_json()["items"]
    # Win/draw/loss: ann won one and drew one (1.5), cid drew one (0.5), bob lost one (0).
    assert [(line["player"], line["values"]["score"]) for line in standings] == [(ann, 1.5), (cid, 0.5), (bob, 0)]
    assert _post(api, f"{tid}/finish").status_code == 200


def test_a_director_swaps_two_players_with_a_reason_until_the_games_exist(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    plan = _post(api, f"{tid}/rounds", {}).get_json()
    a, b = plan["tables"][0]["players"][0], plan["tables"][1]["players"][0]

    swapped = _post(api, f"{tid}/rounds/1/swaps", {"players": [a, b], "reason": "a married couple asked to sit apart"})
    _post(api, f"{tid}/rounds/1/start")
    too_late = _post(api, f"{tid}/rounds/1/swaps", {"players": [a, b], "reason": "again"})

    assert swapped.status_code == 201, swapped.get_json()
    tables = _round(api, tid, 1)["tables"]
    assert b in tables[0]["players"] and a in tables[1]["players"]
    assert set(tables[0]["seats"]) == set(tables[0]["players"])  # the swapped tables are seated again
    explained = api.client.get(f"{BASE}/{tid}/rounds/1/pairing", headers=api.headers()).get_json()
    assert explained["swaps"][0]["reason"] == "a married couple asked to sit apart"
    assert_problem(too_late, 409)


def test_the_final_table_takes_the_top_four_after_the_swiss_rounds(api: Api) -> None:
    tid = _create(api, rounds=1, final_table=True)["id"]
    players = _register(api, tid, 8)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    _play_round(api, tid, 1, tokens)
    _post(api, f"{tid}/rounds/1/close")
    standings = api.client.get(f"{BASE}/{tid}/standings", headers=api.headers()).get_json()["items"]

    final = _post(api, f"{tid}/rounds", {"accept_problems": True}).get_json()

    assert final["kind"] == "final" and final["byes"] == []
    assert sorted(final["tables"][0]["players"]) == sorted(line["player"] for line in standings[:4])
    assert final["cut"]["first_out"] == standings[4]["player"]
    assert final["cut"]["separated_by"] == standings[4]["separated_by"]
    assert_problem(_post(api, f"{tid}/rounds", {}), 409)  # nothing is paired while the final table plays


def test_a_tournament_token_acts_only_in_its_players_table_game_and_confirms_only_there(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    _post(api, f"{tid}/rounds", {})
    _post(api, f"{tid}/rounds/1/start")
    mine, other = _round(api, tid, 1)["tables"]
    player = mine["players"][0]
    minted = api.client.post(
        "/api/v1/tokens", json={"role": "player", "player": player, "tournament": tid}, headers=api.headers("organiser")
    )
    assert minted.status_code == 201, minted.get_json()
    token = minted.get_json()["token"]
    outsider = api.player("Not entered")
    refused = api.client.post(
        "/api/v1/tokens",
        json={"role": "player", "player": outsider, "tournament": tid},
        headers=api.headers("organiser"),
    )
    seat = mine["seats"][player]

    in_own_game = api.act(mine["game"], None, headers=bearer(token), type="note", seat=seat, data={"text": "ok"})
    in_other_game = api.act(other["game"], None, headers=bearer(token), type="note", seat=seat, data={"text": "no"})
    _end(api, mine["game"], _rotated(1))
    _end(api, other["game"], _rotated(2))
    own_confirmation = _post(api, f"{tid}/rounds/1/tables/{mine['table']}/confirmations", token=token)
    other_confirmation = _post(api, f"{tid}/rounds/1/tables/{other['table']}/confirmations", token=token)

    assert "tournament" in assert_problem(refused, 422)["errors"]
    assert in_own_game.status_code == 201, in_own_game.get_json()
    assert_problem(in_other_game, 403)
    assert own_confirmation.status_code == 201
    assert_problem(other_confirmation, 403)


def test_an_agot_table_of_three_plays_baratheon_lannister_and_stark_only(api: Api) -> None:
    tid = _create(api, ruleset="agot2", board="base", table_size=3, rounds=1, remainder="byes")["id"]
    _register(api, tid, 7)

    plan = _post(api, f"{tid}/rounds", {"preview": True}).get_json()

    assert len(plan["byes"]) == 1
    for table in plan["tables"]:
        assert sorted(table["seats"].values()) == ["baratheon", "lannister", "stark"]


def test_a_rounds_tables_name_each_seat_as_players_call_it_the_agot_houses(api: Api) -> None:
    tid = _create(api, ruleset="agot2", board="base", table_size=3, rounds=1, remainder="byes")["id"]
    _register(api, tid, 6)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201

    found = api.client.get(f"{BASE}/{tid}/rounds/1", headers=api.headers()).get_json()

    # A table of three plays House Baratheon, Lannister and Stark (as the test above): each House by its name.
    for table in found["tables"]:
        assert table["seat_names"] == {"baratheon": "Baratheon", "lannister": "Lannister", "stark": "Stark"}


def test_a_tournament_the_rulebook_cannot_seat_is_refused_naming_the_field(api: Api) -> None:
    # KK-SETUP-4: three players play Felvidék, Erdély and Szlavónia, or Pannonia, Tiszahát and Délvidék.
    wrong_triple = {"3": [["felvidek", "erdely", "pannonia"]]}
    payload = {"name": "Odd", "ruleset": "kard_es_korona", "variant": "basic", "board": "basic", "rounds": 3}
    refused_seats = api.client.post(
        BASE, json={**payload, "table_size": 3, "remainder": "byes", "seat_sets": wrong_triple}, headers=api.headers()
    )
    # WBC placement points are given for tables of 3 and 4 only.
    refused_points = api.client.post(BASE, json={**payload, "table_size": 5}, headers=api.headers())
    # AGoT needs at least three houses: tables of two are never made.
    refused_smaller = api.client.post(
        BASE,
        json={**payload, "ruleset": "agot2", "variant": None, "board": "base", "table_size": 3},
        headers=api.headers(),
    )

    assert "KK-SETUP-4" in assert_problem(refused_seats, 422)["errors"]["seat_sets"][0]
    assert "placement_points" in assert_problem(refused_points, 422)["errors"]["scoring"][0]
    assert "byes" in assert_problem(refused_smaller, 422)["errors"]["remainder"][0]


def test_kk_gen_1_a_tournament_whose_variant_is_not_its_boards_is_refused_before_anyone_registers(api: Api) -> None:
    # KK-GEN-1: the advanced game is played on the advanced side of the map; a tournament created for it on the
    # basic side would be paired and then unable to start a single game.
    payload = {"name": "Mismatch", "ruleset": "kard_es_korona", "table_size": 4, "rounds": 3}
    mismatched = api.client.post(BASE, json={**payload, "variant": "advanced", "board": "basic"}, headers=api.headers())
    zero_bye = api.client.post(
        BASE, json={**payload, "variant": "basic", "board": "basic", "bye_points": "1/0"}, headers=api.headers()
    )

    assert "KK-GEN-1" in assert_problem(mismatched, 422)["errors"]["board"][0]
    assert "bye_points" in assert_problem(zero_bye, 400)["errors"]
    listed = api.client.get(BASE, headers=api.headers()).get_json()["items"]
    assert [t for t in listed if t["name"] == "Mismatch"] == []


def test_kk_gen_1_a_tournament_on_a_shipped_map_plays_that_maps_variant(api: Api) -> None:
    payload = {"name": "Advanced Swiss", "ruleset": "kard_es_korona", "table_size": 4, "rounds": 3, "board": "advanced"}
    created = api.client.post(BASE, json=payload, headers=api.headers())
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["settings"]["options"]["variant"] == "advanced"


def test_a_players_history_lists_each_tournament_with_their_entry(api: Api) -> None:
    first = _create(api, name="Autumn Swiss")["id"]
    second = _create(api, name="Winter League", format="league", rounds=None)["id"]
    ann = _register(api, first, 4)[0]
    _post(api, f"{second}/players", {"player": ann})
    _post(api, f"{second}/players/{ann}/drop", {"reason": "moved away"})

    history = api.client.get(f"/api/v1/players/{ann}/tournaments").get_json()["items"]

    entries = [(h["tournament_name"], h["status"]) for h in history]
    assert entries == [("Winter League", "dropped"), ("Autumn Swiss", "active")]
    assert all(h["games"] == 0 and h["byes"] == 0 for h in history)
    unknown = api.client.get("/api/v1/players/00000000-0000-4000-8000-000000000000/tournaments")
    assert assert_problem(unknown, 404, "not-found")["detail"].startswith("no player")


def test_a_registration_repeated_with_its_idempotency_key_registers_nobody_twice(api: Api) -> None:
    tid = _create(api)["id"]
    headers = {**api.headers("organiser"), "Idempotency-Key": "register-ann-1"}

    first = api.client.post(f"{BASE}/{tid}/players", json={"name": "Ann"}, headers=headers)
    again = api.client.post(f"{BASE}/{tid}/players", json={"name": "Ann"}, headers=headers)

    assert first.status_code == 201 and again.status_code == 201
    assert again.get_json()["player"] == first.get_json()["player"]
    assert api.client.get(f"{BASE}/{tid}").get_json()["players"] == 1
    assert [p["name"] for p in api.client.get("/api/v1/players?q=ann", headers=api.headers()).get_json()["items"]] == [
        "Ann"
    ]


def test_the_games_list_filters_a_tournaments_games(api: Api) -> None:
    tid = _create(api)["id"]
    _register(api, tid, 8)
    _post(api, f"{tid}/rounds", {})
    created = _post(api, f"{tid}/rounds/1/start").get_json()["created"]
    api.create_game(title="a friendly game outside the tournament")

    listed = api.client.get(f"/api/v1/games?tournament={tid}", headers=api.headers()).get_json()["items"]

    assert sorted(g["id"] for g in listed) == sorted(c["game"] for c in created)


def test_a_finished_tournaments_record_imports_elsewhere_with_the_same_standings(api: Api, tmp_path: Any) -> None:
    from tests.conftest import _api, _finish, _make_app

    tid = _create(api, rounds=1)["id"]
    players = _register(api, tid, 8)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    _play_round(api, tid, 1, tokens)
    _post(api, f"{tid}/rounds/1/close")
    _post(api, f"{tid}/finish")
    record = api.client.get(f"{BASE}/{tid}/record").get_json()
    standings = api.client.get(f"{BASE}/{tid}/standings?public=true").get_json()["items"]
    elsewhere = _make_app(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    other = _api(elsewhere)
    try:
        imported = other.client.post(f"{BASE}/import", json=record, headers=other.headers("organiser"))
        again = other.client.post(f"{BASE}/import", json=record, headers=other.headers("organiser"))
        record["events"] = record["events"][:-1]  # the same tournament with another (shorter) history
        other_history = other.client.post(f"{BASE}/import", json=record, headers=other.headers())

        assert imported.status_code == 201, imported.get_json()
        assert imported.get_json()["games"] == 2 and again.get_json()["written"] is False
        assert other.client.get(f"{BASE}/{tid}/standings?public=true").get_json()["items"] == standings
        assert other.client.get(f"{BASE}/{tid}/verify").get_json()["ok"] is True
        assert "seed" in assert_problem(other_history, 422)["detail"]  # unfinished: its draw seed is still secret
    finally:
        _finish(elsewhere)


def test_a_result_amended_after_its_round_closed_holds_the_next_pairing_until_approved(api: Api) -> None:
    tid = _create(api)["id"]
    players = _register(api, tid, 16)
    tokens = {p: api.token_for_player(p) for p in players}
    _post(api, f"{tid}/rounds", {})
    _play_round(api, tid, 1, tokens)
    _post(api, f"{tid}/rounds/1/close")
    table = _round(api, tid, 1)["tables"][0]
    reversed_places = {table["seats"][p]: 4 - n for n, p in enumerate(table["players"])}

    by_a_player = _post(
        api, f"{tid}/rounds/1/tables/1/result", {"places": reversed_places}, token=tokens[table["players"][0]]
    )
    amended = _post(
        api, f"{tid}/rounds/1/tables/1/result", {"places": reversed_places, "amend_reason": "score sheet misread"}
    )
    held = _post(api, f"{tid}/rounds", {})
    approved = _post(api, f"{tid}/rounds/1/tables/1/approval", {})
    paired = _post(api, f"{tid}/rounds", {})

    assert_problem(by_a_player, 409)  # the round is closed: only a director amends, with a reason
    assert amended.status_code == 201, amended.get_json()
    assert "awaits approval" in assert_problem(held, 409)["detail"]
    assert approved.status_code == 201 and paired.status_code == 201, (approved.get_json(), paired.get_json())


def test_the_entrants_events_and_a_players_history_are_paged_like_every_list(api: Api) -> None:
    """Issue 15, point 4: every list takes `limit`/`after` and says `next`; followed, the pages cover it once."""
    created = _create(api)
    players = _register(api, created["id"], 5)

    def walk(path: str) -> list[Any]:
        seen, after = [], None
        for _ in range(10):
            query = f"?limit=2&after={after}" if after else "?limit=2"
            page = api.client.get(f"{path}{query}", headers=api.headers()).get_json()
            assert len(page["items"]) <= 2
            seen += page["items"]
            if page["next"] is None:
                return seen
            after = page["next"]
        raise AssertionError("the pages never ended")

    whole = api.client.get(f"{BASE}/{created['id']}/players", headers=api.headers()).get_json()
    assert whole["next"] is None and len(whole["items"]) == 5
    assert walk(f"{BASE}/{created['id']}/players") == whole["items"]
    events = walk(f"{BASE}/{created['id']}/events")
    assert [e["version"] for e in events] == list(range(1, 7))  # created, then five registrations
    assert [e["player_id"] for e in walk(f"/api/v1/players/{players[0]}/tournaments")] == [players[0]]
    assert_problem(api.client.get(f"{BASE}/{created['id']}/events?after=nonsense", headers=api.headers()), 400)
