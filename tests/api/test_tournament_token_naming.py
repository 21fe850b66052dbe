"""Token refusals name tournaments as the caller knows them (td17): by name where the caller may read the tournament,
never by id; the ids stay in the problem's structured fields (`tournament`, `bound_tournament`)."""

from __future__ import annotations

from tests.api.conftest import assert_problem
from tests.api.test_tournaments import _create, _post, _register
from tests.conftest import Api


def _bound_token(api: Api, tournament: str) -> str:
    """A player token bound to `tournament` (its player an active entrant there)."""
    player = _register(api, tournament, 1)[0]
    body = {"role": "player", "player": player, "tournament": tournament}
    minted = api.client.post("/api/v1/tokens", json=body, headers=api.headers("organiser"))
    assert minted.status_code == 201, minted.get_json()
    token: str = minted.get_json()["token"]
    return token


def test_a_token_bound_to_one_tournament_is_refused_in_another_named_by_both_names(api: Api) -> None:
    spring = _create(api, name="Spring Open")["id"]
    club = _create(api, name="Club Swiss")["id"]
    token = _bound_token(api, spring)

    refused = _post(api, f"{club}/rounds/1/tables/1/confirmations", token=token)

    problem = assert_problem(refused, 403)
    assert problem["detail"] == "this token is bound to the tournament 'Spring Open', not the tournament 'Club Swiss'"
    assert (problem["tournament"], problem["bound_tournament"]) == (club, spring)


def test_a_private_tournament_the_token_cannot_read_is_not_named_in_the_refusal(api: Api) -> None:
    spring = _create(api, name="Spring Open")["id"]
    hidden = _create(api, name="Invitational", visibility="private")["id"]
    token = _bound_token(api, spring)

    refused = _post(api, f"{hidden}/rounds/1/tables/1/confirmations", token=token)

    problem = assert_problem(refused, 403)
    assert problem["detail"] == "this token is bound to the tournament 'Spring Open', not the tournament asked for"
    assert "Invitational" not in problem["detail"] and problem["tournament"] == hidden


def test_a_token_for_a_player_who_is_not_an_entrant_names_the_tournament_and_keeps_its_id_in_a_field(
    api: Api,
) -> None:
    club = _create(api, name="Club Swiss")["id"]
    outsider = api.player("Not entered")

    refused = api.client.post(
        "/api/v1/tokens",
        json={"role": "player", "player": outsider, "tournament": club},
        headers=api.headers("organiser"),
    )

    problem = assert_problem(refused, 422)
    assert problem["errors"]["tournament"] == [
        f"player {outsider!r} is not an active entrant of the tournament 'Club Swiss'"
    ]
    assert club not in problem["detail"] and problem["tournament"] == club
