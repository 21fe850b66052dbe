"""What a tournament director expects of results, entrants and refusals (the tournament QA pass, td15).

Each test is a defect the QA pass found: provisional results ranked as final in the public standings, a
confirmation accepted after the approval, the same name registered twice in silence, refusals naming entrants by
id. The expected behaviour is what a TD running Best Coast Pairings or a club Swiss would expect.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import Event
from domain.tournaments.state import fold
from service.tournaments.checking import check_rounds
from service.tournaments.projection import tournament_seed
from tests.api.conftest import assert_problem, bearer
from tests.api.test_tournaments import BASE, _create, _post, _register, _round
from tests.conftest import Api


def _places_in_seat_order(table: dict[str, Any]) -> dict[str, int]:
    return {table["seats"][p]: n for n, p in enumerate(table["players"], start=1)}


def _standings(api: Api, tid: str, query: str = "", role: str | None = "organiser") -> Any:
    return api.client.get(f"{BASE}/{tid}/standings{query}", headers=api.headers(role))


def test_public_standings_count_approved_results_only_while_staff_see_provisional_ones_marked(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    table = _round(api, tid, 1)["tables"][0]
    winner = table["players"][0]
    player_token = api.token_for_player(winner)
    entered = api.client.post(
        f"{BASE}/{tid}/rounds/1/tables/1/result",
        json={"places": _places_in_seat_order(table)},
        headers=bearer(player_token),
    )
    assert entered.status_code == 201, entered.get_json()

    public = _standings(api, tid, "?public=true", role=None).get_json()
    staff = _standings(api, tid).get_json()
    staff_approved = _standings(api, tid, "?results=approved").get_json()
    players_all = _standings(api, tid, "?results=all", role=None)
    public_all = _standings(api, tid, "?public=true&results=all")

    assert public["results"] == "approved" and public["provisional_tables"] == 1
    assert {line["values"]["score"] for line in public["items"]} == {0}  # the player's own entry is not final
    assert staff["results"] == "all"
    top = staff["items"][0]
    assert top["player"] == winner and top["values"]["score"] > 0 and top["provisional"] == 1
    assert {line["values"]["score"] for line in staff_approved["items"]} == {0}
    assert_problem(players_all, 403)
    assert_problem(public_all, 400)

    approved = _post(api, f"{tid}/rounds/1/tables/1/approval", {"override_reason": "score sheet signed"})
    assert approved.status_code == 201, approved.get_json()
    after = _standings(api, tid, "?public=true", role=None).get_json()
    assert after["provisional_tables"] == 0 and after["items"][0]["name"] == top["name"]
    assert after["items"][0]["values"]["score"] == top["values"]["score"]


def test_a_confirmation_after_the_directors_approval_is_409_naming_the_approval(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    table = _round(api, tid, 1)["tables"][0]
    assert _post(api, f"{tid}/rounds/1/tables/1/result", {"places": _places_in_seat_order(table)}).status_code == 201
    approved = _post(api, f"{tid}/rounds/1/tables/1/approval", {"override_reason": "score sheet signed"})
    assert approved.status_code == 201, approved.get_json()
    events = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    approval = next(e for e in events if e["type"] == "ResultApproved")

    late = _post(api, f"{tid}/rounds/1/tables/1/confirmations", token=api.token_for_player(table["players"][1]))

    refused = assert_problem(late, 409)
    assert "approved by the director" in refused["detail"] and refused["approval"]["version"] == approval["version"]
    after = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    assert len(after) == len(events)  # nothing written


def test_registering_a_name_an_entrant_has_is_409_naming_them_unless_the_request_says_it_is_someone_else(
    api: Api,
) -> None:
    tid = _create(api, rounds=1)["id"]
    players = f"{BASE}/{tid}/players"
    headers = api.headers("organiser")
    ann = api.client.post(players, json={"name": "Ann", "club": "Szeged"}, headers=headers).get_json()["player"]

    again = api.client.post(players, json={"name": " ann "}, headers=headers)
    same_club = api.client.post(players, json={"name": "Ann", "club": "Szeged"}, headers=headers)
    other_club = api.client.post(players, json={"name": "Ann", "club": "Pécs"}, headers=headers)
    told = api.client.post(players, json={"name": "Ann", "different_person": True}, headers=headers)

    refused = assert_problem(again, 409)
    assert (
        refused["detail"].startswith("Ann of Szeged is already an entrant of this tournament (registered)")
        and ann not in refused["detail"]
    )
    assert refused["entrant"] == {"player": ann, "name": "Ann", "club": "Szeged", "status": "registered"}
    assert_problem(same_club, 409)
    assert other_club.status_code == 201 and told.status_code == 201, (other_club.get_json(), told.get_json())
    entrants = api.client.get(players, headers=headers).get_json()["items"]
    assert [e["name"] for e in entrants].count("Ann") == 3  # the first Ann, Ann of Pécs, the Ann said to differ


def test_a_dropped_entrant_registered_again_by_name_is_409_pointing_to_their_id(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    (bob,) = _register(api, tid, 1)
    assert _post(api, f"{tid}/players/{bob}/drop", {"reason": "left early"}).status_code == 200

    again = api.client.post(f"{BASE}/{tid}/players", json={"name": "Player 00"}, headers=api.headers("organiser"))

    refused = assert_problem(again, 409)
    assert (
        "Player 00 of club-0 is already an entrant of this tournament (dropped)" in refused["detail"]
        and "by 'player'" in refused["detail"]
    )
    assert refused["entrant"]["player"] == bob and refused["entrant"]["status"] == "dropped"


def test_registering_an_entrant_again_by_id_is_409_naming_them_with_the_id_kept_in_player(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    (ann,) = _register(api, tid, 1)

    again = api.client.post(f"{BASE}/{tid}/players", json={"player": ann}, headers=api.headers("organiser"))

    refused = assert_problem(again, 409)
    assert refused["detail"] == "Player 00 of club-0 is already registered in this tournament"
    assert refused["player"] == ann


def test_a_published_round_not_started_is_withdrawn_and_paired_again_without_the_no_show(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    players = _register(api, tid, 9)  # nine: tables of 4 and smaller ones (or byes), whichever the plan gives
    assert _post(api, f"{tid}/rounds", {"accept_problems": True}).status_code == 201
    no_show = _round(api, tid, 1)["tables"][0]["players"][0]

    withdrawn = _post(api, f"{tid}/rounds/1/withdrawal", {"reason": f"{no_show} did not show up"})
    gone = api.client.get(f"{BASE}/{tid}/rounds/1", headers=api.headers())
    dropped = _post(api, f"{tid}/players/{no_show}/drop", {"reason": "no-show"})
    again = _post(api, f"{tid}/rounds", {"accept_problems": True})

    assert withdrawn.status_code == 200, withdrawn.get_json()
    assert_problem(gone, 404)
    assert dropped.status_code == 200 and again.status_code == 201, (dropped.get_json(), again.get_json())
    paired = _round(api, tid, 1)
    seated = [p for t in paired["tables"] for p in t["players"]] + paired["byes"]
    assert sorted(seated) == sorted(p for p in players if p != no_show)
    pairing = api.client.get(f"{BASE}/{tid}/rounds/1/pairing", headers=api.headers()).get_json()
    assert [t["players"] for t in pairing["tables"]] == [t["players"] for t in paired["tables"]]
    events = api.client.get(f"{BASE}/{tid}/events", headers=api.headers()).get_json()["items"]
    assert [e["type"] for e in events].count("RoundPaired") == 2  # the withdrawn pairing stays in the log
    # Both pairings re-derive from the seed (annals tournament check-pairing): the withdrawal hides no draw.
    log = [Event(e["type"], e["data"]) for e in events]
    seed = tournament_seed(api.services.engine, tid, fold(log))
    assert [(c.round, c.same) for c in check_rounds(log, seed)] == [(1, True), (1, True)]


def test_a_round_that_has_started_is_not_withdrawn(api: Api) -> None:
    tid = _create(api, rounds=1)["id"]
    _register(api, tid, 8)
    assert _post(api, f"{tid}/rounds", {}).status_code == 201
    assert _post(api, f"{tid}/rounds/1/start").status_code == 200

    refused = assert_problem(_post(api, f"{tid}/rounds/1/withdrawal", {"reason": "too late"}), 409)

    assert "round 1 has started" in refused["detail"] and refused["tables"] == [1, 2]
    assert len(_round(api, tid, 1)["tables"]) == 2
