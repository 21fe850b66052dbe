"""Ratings from tournament tables (service/ratings.py): a result typed in for a table played on a physical board
counts once approved, for the tournament's ruleset and in the order the results were recorded; a table whose game
counts counts through its game only; byes, provisional results and private tournaments do not count."""

from __future__ import annotations

from typing import Any

import pytest

from service.tournaments.records import import_tournament
from tests.api.test_tournaments import _create, _post, _register, _round
from tests.conftest import Api
from tests.replays.test_tournament_sample import _document


def _tournament(api: Api, players: int, **body: Any) -> tuple[str, list[str]]:
    """A tournament of tables of two (1 point for the winner), round 1 paired."""
    tid: str = _create(api, table_size=2, rounds=2, placement_points={"2": [1, 0]}, **body)["id"]
    entrants = _register(api, tid, players)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    return tid, entrants


def _typed_in(api: Api, tid: str, number: int, table: int, winner: str, approve: bool = True, **body: Any) -> str:
    """Enter table `table`'s result by hand (`winner` first, a player id), approve it; the winner's opponent."""
    found = next(t for t in _round(api, tid, number)["tables"] if t["table"] == table)
    places = {seat: 1 if player == winner else 2 for player, seat in found["seats"].items()}
    entered = _post(api, f"{tid}/rounds/{number}/tables/{table}/result", {"places": places, **body})
    assert entered.status_code == 201, entered.get_json()
    if approve:
        approved = _post(api, f"{tid}/rounds/{number}/tables/{table}/approval", {"override_reason": "score sheet"})
        assert approved.status_code == 201, approved.get_json()
    return str(next(p for p in found["players"] if p != winner))


def _board(api: Api, ruleset: str = "freeform") -> list[dict[str, Any]]:
    response = api.client.get(f"/api/v1/ratings?ruleset={ruleset}", headers=api.headers("viewer"))
    assert response.status_code == 200, response.get_json()
    items: list[dict[str, Any]] = response.get_json()["items"]
    return items


def _history(api: Api, player: str, ruleset: str = "freeform") -> list[dict[str, Any]]:
    items = api.client.get(f"/api/v1/players/{player}/ratings").get_json()["items"]
    return next((list(i["history"]) for i in items if i["ruleset"] == ruleset), [])


def _first_of_table(api: Api, tid: str, number: int, table: int) -> str:
    return str(next(t for t in _round(api, tid, number)["tables"] if t["table"] == table)["players"][0])


def test_results_typed_in_at_a_public_tournament_count_once_approved_winners_above_losers(api: Api) -> None:
    tid, _ = _tournament(api, 6)
    winners = [_first_of_table(api, tid, 1, n) for n in (1, 2)]
    losers = [_typed_in(api, tid, 1, n, w) for n, w in zip((1, 2), winners, strict=True)]
    pending = _typed_in(api, tid, 1, 3, _first_of_table(api, tid, 1, 3), approve=False)  # still provisional

    board = _board(api)

    assert {i["player"] for i in board} == {*winners, *losers} and pending not in {i["player"] for i in board}
    assert {i["player"] for i in board[:2]} == set(winners)  # each table's winner is ranked above both losers
    assert all(i["games"] == 1 and i["last_game"] is None for i in board)
    (step,) = _history(api, losers[1])
    assert step["game"] is None and step["table"] == {"tournament": tid, "round": 1, "table": 2}
    assert step["place"] == 2 and step["players"] == 2


def test_a_shared_place_typed_in_is_a_tie(api: Api) -> None:
    tid, _ = _tournament(api, 2)
    table = _round(api, tid, 1)["tables"][0]
    entered = _post(api, f"{tid}/rounds/1/tables/1/result", {"places": dict.fromkeys(table["seats"].values(), 1)})
    assert entered.status_code == 201, entered.get_json()
    assert _post(api, f"{tid}/rounds/1/tables/1/approval", {"override_reason": "a draw"}).status_code == 201

    board = _board(api)

    assert len(board) == 2 and board[0]["mu"] == board[1]["mu"] and board[0]["rating"] == board[1]["rating"]
    assert [s["place"] for p in table["players"] for s in _history(api, p)] == [1, 1]


def test_results_count_in_the_order_they_were_recorded_an_amendment_where_it_was_made(api: Api) -> None:
    tid, (ann, bob) = _tournament(api, 2)
    _typed_in(api, tid, 1, 1, ann)
    assert _post(api, f"{tid}/rounds/1/close").status_code == 200
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201  # the two meet again
    _typed_in(api, tid, 2, 1, ann)
    _typed_in(api, tid, 1, 1, bob, amend_reason="the sheet of round 1 was read upside down")

    history = _history(api, bob)

    # Round 1's result now stands as amended after round 2's: Bob lost round 2, then (as amended) won round 1.
    assert [(s["table"]["round"], s["place"]) for s in history] == [(2, 2), (1, 1)]
    assert history[1]["rating"] > history[0]["rating"]


def test_byes_and_private_tournaments_do_not_count(api: Api) -> None:
    tid, entrants = _tournament(api, 3, remainder="byes")
    bye = next(p for p in entrants if p in _round(api, tid, 1)["byes"])
    _typed_in(api, tid, 1, 1, _first_of_table(api, tid, 1, 1))
    hidden, _ = _tournament(api, 2, visibility="private")
    _typed_in(api, hidden, 1, 1, _first_of_table(api, hidden, 1, 1))

    rated = {i["player"] for i in _board(api)}

    assert rated == set(entrants) - {bye}


@pytest.mark.parametrize("amended", [False, True], ids=["as_reported", "amended_to_the_same_places"])
def test_a_table_whose_game_counts_counts_once_through_its_game(api: Api, amended: bool) -> None:
    """Also when the director amends (amend_reason) to the places the game ended with: nothing is overruled."""
    tid, _ = _tournament(api, 2)
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200
    table = _round(api, tid, 1)["tables"][0]
    ended = api.act(table["game"], "organiser", type="end_game", seat=None, data={"scores": {"seat-1": 3, "seat-2": 1}})
    assert ended.status_code == 201, ended.get_json()
    if amended:
        same = {"places": {"seat-1": 1, "seat-2": 2}, "amend_reason": "checked against the sheet"}
        assert _post(api, f"{tid}/rounds/1/tables/1/result", same).status_code == 201
    assert _post(api, f"{tid}/rounds/1/tables/1/approval", {"override_reason": "the game's end"}).status_code == 201

    for player in table["players"]:
        (step,) = _history(api, player)
        assert step["game"] == table["game"] and step["table"] is None


def test_an_agot_table_whose_end_ranks_no_one_counts_from_its_result_typed_in(api: Api) -> None:
    """AGoT's end is not modelled (GOT-X-25): an `end_game` naming only the winner (CORE-END-1) ranks no one, so the
    table's result typed in counts, for agot2, with the table's game named; a physical table beside it counts too."""
    tid = _create(api, ruleset="agot2", board="base", table_size=3, rounds=1, remainder="byes")["id"]
    _register(api, tid, 6)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    physical = _round(api, tid, 1)["tables"][1]
    places = {"stark": 1, "lannister": 2, "baratheon": 3}
    assert _post(api, f"{tid}/rounds/1/tables/2/result", {"places": places}).status_code == 201
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200
    played = _round(api, tid, 1)["tables"][0]
    ended = api.act(played["game"], "organiser", type="end_game", seat=None, data={"winners": ["stark"]})
    assert ended.status_code == 201, ended.get_json()
    assert _post(api, f"{tid}/rounds/1/tables/1/result", {"places": places}).status_code == 201
    for n in (1, 2):
        assert _post(api, f"{tid}/rounds/1/tables/{n}/approval", {"override_reason": "sheet"}).status_code == 201

    board = _board(api, "agot2")

    house = {p: s for t in (played, physical) for p, s in t["seats"].items()}
    assert len(board) == 6 and {house[i["player"]] for i in board[:2]} == {"stark"}
    assert {house[i["player"]] for i in board[4:]} == {"baratheon"}
    stark = next(p for p, s in played["seats"].items() if s == "stark")
    (step,) = _history(api, stark, "agot2")
    assert step["game"] == played["game"] and step["table"] == {"tournament": tid, "round": 1, "table": 1}
    assert _board(api, "freeform") == []


def test_a_directors_amendment_of_a_recorded_games_result_is_what_counts_once_in_its_games_stead(api: Api) -> None:
    """A Kard és Korona table's game ends ranking every seat (CORE-END-1, a score for each); the director amends the
    table's result (amend_reason) to other places and approves it: the standings use the amendment, so do the
    ratings, once, from the table (the game is not counted beside it)."""
    tid = _create(api, ruleset="kard_es_korona", board="basic", table_size=3, rounds=1, remainder="byes")["id"]
    _register(api, tid, 3)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200
    table = _round(api, tid, 1)["tables"][0]
    player_of = {seat: player for player, seat in table["seats"].items()}
    first, second, third = sorted(player_of)  # the game's places, in seat order
    scores = {first: 3, second: 2, third: 1}
    ended = api.act(table["game"], "organiser", type="end_game", seat=None, data={"scores": scores})
    assert ended.status_code == 201, ended.get_json()
    amended = {first: 3, second: 2, third: 1}  # the score sheet read the other way round: the third seat won
    amendment = {"places": amended, "amend_reason": "the score sheet was read upside down"}
    assert _post(api, f"{tid}/rounds/1/tables/1/result", amendment).status_code == 201
    assert _post(api, f"{tid}/rounds/1/tables/1/approval", {}).status_code == 201

    board = [i["player"] for i in _board(api, "kard_es_korona")]
    standings = api.client.get(f"/api/v1/tournaments/{tid}/standings", headers=api.headers()).get_json()["items"]

    assert [line["player"] for line in standings] == [player_of[third], player_of[second], player_of[first]]
    assert board == [player_of[third], player_of[second], player_of[first]]
    for seat in (first, second, third):
        (step,) = _history(api, player_of[seat], "kard_es_korona")
        assert step["table"] == {"tournament": tid, "round": 1, "table": 1} and step["game"] == table["game"]
        assert step["place"] == amended[seat]


def test_the_sample_tournaments_disputed_table_counts_once_through_its_game_with_the_rulings_places(api: Api) -> None:
    """The sample's round 2 table 1: the arbiter's ruling corrected the game itself (CORE-END-1, the runner-up first),
    the tournament's `ResultAmended` names the dispute and agrees with the game's end: it counts once, through it."""
    report = import_tournament(api.services, _document())
    amended = next(e["data"] for e in _document()["events"] if e["type"] == "ResultAmended")
    assert (amended["round"], amended["table"], bool(amended.get("dispute"))) == (2, 1, True)
    table = next(t for t in _round(api, report.tournament_id, 2)["tables"] if t["table"] == 1)

    for player, place in amended["places"].items():
        steps = [s for s in _history(api, player, "kard_es_korona") if s["game"] == table["game"]]
        assert [(s["table"], s["place"]) for s in steps] == [(None, place)]


def _seat_of(api: Api, tid: str, number: int, table: int, player: str) -> str:
    return str(next(t for t in _round(api, tid, number)["tables"] if t["table"] == table)["seats"][player])


def test_a_forfeit_typed_in_scores_the_table_but_is_no_game_played_so_not_rated(api: Api) -> None:
    """Table 1's second player did not come: the director types the result in naming that seat `forfeit`. The
    standings score it (the one who came wins the point); the round shows the forfeit; neither player is rated.
    Table 2 was played and counts."""
    tid, _ = _tournament(api, 4)
    came, played = (_first_of_table(api, tid, 1, n) for n in (1, 2))
    absent = next(p for p in _round(api, tid, 1)["tables"][0]["players"] if p != came)
    seat = _seat_of(api, tid, 1, 1, absent)
    _typed_in(api, tid, 1, 1, came, forfeit=[seat])
    lost = _typed_in(api, tid, 1, 2, played)

    standings = api.client.get(f"/api/v1/tournaments/{tid}/standings", headers=api.headers()).get_json()["items"]
    scores = {line["player"]: line["values"]["score"] for line in standings}

    assert _round(api, tid, 1)["tables"][0]["result"]["forfeit"] == [absent]
    assert scores[came] > scores[absent]
    assert {i["player"] for i in _board(api)} == {played, lost}
    assert _history(api, came) == [] and _history(api, absent) == []


def test_a_forfeit_names_seats_of_the_table_placed_below_every_seat_that_played(api: Api) -> None:
    tid, _ = _tournament(api, 2)
    table = _round(api, tid, 1)["tables"][0]
    winner, loser = table["players"]
    places = {table["seats"][winner]: 1, table["seats"][loser]: 2}
    path = f"{tid}/rounds/1/tables/1/result"

    unknown = _post(api, path, {"places": places, "forfeit": ["nobody"]})
    above = _post(api, path, {"places": places, "forfeit": [table["seats"][winner]]})

    assert unknown.status_code == 422 and "nobody" in unknown.get_json()["errors"]["forfeit"][0]
    assert above.status_code == 422 and table["seats"][winner] in above.get_json()["errors"]["forfeit"][0]
    assert _round(api, tid, 1)["tables"][0]["result"] is None


def test_a_recorded_games_table_amended_to_a_forfeit_is_not_rated_nor_its_game(api: Api) -> None:
    """The game was recorded to an end ranking both seats, but the director finds the second player never played
    it (a result entered on the wrong table's game, say) and amends the table to a forfeit: no game played."""
    tid, _ = _tournament(api, 2)
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200
    table = _round(api, tid, 1)["tables"][0]
    ended = api.act(table["game"], "organiser", type="end_game", seat=None, data={"scores": {"seat-1": 3, "seat-2": 1}})
    assert ended.status_code == 201, ended.get_json()
    forfeit = {"places": {"seat-1": 1, "seat-2": 2}, "forfeit": ["seat-2"], "amend_reason": "seat 2 never came"}
    assert _post(api, f"{tid}/rounds/1/tables/1/result", forfeit).status_code == 201
    assert _post(api, f"{tid}/rounds/1/tables/1/approval", {}).status_code == 201

    assert _board(api) == []
