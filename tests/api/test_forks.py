"""Forks over HTTP: a what-if game from a prefix, its own dice, its parent named, diffs against the parent."""

from __future__ import annotations

from typing import Any

from domain.dice import derive_faces
from tests.api.conftest import assert_problem, bearer
from tests.conftest import Api


def _game(api: Api, dice: str = "table") -> str:
    game = api.create_game(dice=dice, title="river crossing")["id"]
    moves = [("red", "ford"), ("blue", "hill"), ("red", "bridge")]
    for seat, where in moves:
        assert api.act(game, type="move", seat=seat, data={"to": where}).status_code == 201
    return str(game)


def _fork(api: Api, game: str, at: int, role: str = "admin", **extra: Any) -> Any:
    return api.client.post(f"/api/v1/games/{game}/forks", json={"at_version": at, **extra}, headers=api.headers(role))


def _events(api: Api, game: str) -> list[dict[str, Any]]:
    response = api.client.get(f"/api/v1/games/{game}/events", headers={**api.headers(), "Accept": "application/json"})
    assert response.status_code == 200
    items: list[dict[str, Any]] = response.get_json()["items"]
    return items


def test_fork_has_the_prefix_of_the_parent_and_names_it(api: Api) -> None:
    parent = _game(api)  # versions 1 created, 2-4 moves

    response = _fork(api, parent, 3)

    assert response.status_code == 201, response.get_json()
    fork = response.get_json()
    assert response.headers["Location"] == f"/api/v1/games/{fork['id']}"
    assert fork["version"] == 3 and fork["fork"] == {"parent": parent, "at_version": 3, "canonical_dice": False}
    assert fork["title"] == "What if: river crossing from version 3"
    theirs, ours = _events(api, parent)[:3], _events(api, fork["id"])
    assert [(e["type"], e["data"].get("data")) for e in ours] == [(e["type"], e["data"].get("data")) for e in theirs]
    assert ours[0]["data"]["game_id"] == fork["id"]
    assert api.client.get(f"/api/v1/games/{fork['id']}/verify").get_json()["ok"] is True
    assert api.client.get(f"/api/v1/games/{parent}").get_json()["fork"] is None


def test_fork_plays_on_without_touching_the_parent(api: Api) -> None:
    parent = _game(api)
    fork = _fork(api, parent, 2).get_json()["id"]

    assert api.act(fork, type="move", seat="blue", data={"to": "ford"}).status_code == 201

    assert api.client.get(f"/api/v1/games/{parent}").get_json()["version"] == 4
    last = _events(api, fork)[-1]
    assert last["version"] == 3 and last["data"]["data"] == {"to": "ford"}


def test_forks_are_listed_under_their_parent(api: Api) -> None:
    parent = _game(api)
    first = _fork(api, parent, 2).get_json()["id"]
    second = _fork(api, parent, 4, title="blue stays home").get_json()["id"]

    listed = api.client.get(f"/api/v1/games/{parent}/forks").get_json()["items"]

    assert sorted(g["id"] for g in listed) == sorted([first, second])
    assert {g["title"] for g in listed} == {"What if: river crossing from version 2", "blue stays home"}


def test_diff_against_the_parent_shows_what_the_what_if_changed(api: Api) -> None:
    parent = _game(api)
    fork = _fork(api, parent, 2).get_json()["id"]
    api.act(fork, type="scout", seat="blue", data={"area": "ford"})

    same = api.client.get(f"/api/v1/games/{fork}/diff?a=2&b=2&base=parent").get_json()
    changed = api.client.get(f"/api/v1/games/{fork}/diff?a=4&b=3&base=parent").get_json()

    assert same["a_game"] == parent
    assert [op for op in same["ops"] if "game_id" not in op["path"]] == []
    paths = {op["path"] for op in changed["ops"]}
    assert any("scout" in path for path in paths), changed["ops"]


def test_diff_against_a_parent_is_400_for_a_game_that_is_no_fork(api: Api) -> None:
    game = _game(api)
    body = assert_problem(api.client.get(f"/api/v1/games/{game}/diff?a=1&b=2&base=parent"), 400)
    assert "base" in body["errors"]


def test_server_dice_fork_rolls_from_its_own_seed_not_the_parents(api: Api) -> None:
    parent = _game(api, dice="server")
    fork = _fork(api, parent, 4).get_json()
    parent_next = api.act(parent, type="roll", seat="red", data={"count": 8}).get_json()["events"][0]["data"]["faces"]

    rolled = api.act(fork["id"], type="roll", seat="red", data={"count": 8}).get_json()["events"][0]["data"]["faces"]
    ended = api.act(fork["id"], type="end_game", data={"winners": ["red"]}).get_json()["events"]

    revealed = next(e for e in ended if e["type"] == "DiceSeedRevealed")["data"]
    parent_commitment = api.client.get(f"/api/v1/games/{parent}").get_json()["dice_commitment"]
    assert revealed["commitment"] == fork["dice_commitment"] != parent_commitment
    assert rolled == list(derive_faces(bytes.fromhex(revealed["seed"]), fork["id"], 1, 8, {}))
    assert rolled != parent_next  # 8 dice alike by chance: 1 in 6^8


def test_fork_audits_only_its_own_actions(api: Api) -> None:
    parent = _game(api)
    fork = _fork(api, parent, 4).get_json()["id"]
    api.act(fork, type="move", seat="red", data={"to": "castle"})

    body = api.client.get(f"/api/v1/games/{fork}/audit", headers=api.headers()).get_json()

    assert body["counts"]["actions"] == 1 and body["counts"]["consistent"] == 1, body


def test_audit_of_a_copied_action_points_to_the_parent_not_a_500(api: Api) -> None:
    """Issue 16, point 5: the fork's copy of an action is audited where it was decided, in the parent."""
    parent = _game(api)
    fork = _fork(api, parent, 4).get_json()["id"]

    for caller in ({}, api.headers()):  # anonymous readers of a public game too
        body = assert_problem(api.client.get(f"/api/v1/games/{fork}/audit/3", headers=caller), 422, "not-an-action")
        assert body["detail"].endswith(f"it is audited there: GET /api/v1/games/{parent}/audit/3")
    assert api.client.get(f"/api/v1/games/{parent}/audit/3").get_json()["verdict"] == "consistent"


def test_fork_inside_an_open_sealed_round_is_409_and_writes_nothing(api: Api) -> None:
    parent = _game(api)
    api.act(parent, type="open_sealed", data={"round": "bids"})

    assert_problem(_fork(api, parent, 5), 409)
    assert api.client.get(f"/api/v1/games/{parent}/forks").get_json()["items"] == []
    assert _fork(api, parent, 4).status_code == 201  # before the round opened


def test_fork_beyond_the_game_is_422_like_a_dispute_and_a_viewer_may_not_fork(api: Api) -> None:
    parent = _game(api)
    beyond = assert_problem(_fork(api, parent, 9), 422, "unprocessable")
    assert beyond["errors"]["at_version"] == ["version 9 is beyond the game's version 4"]
    assert_problem(_fork(api, parent, 2, role="viewer"), 403)


def test_player_may_fork_a_public_game_to_study_it(api: Api) -> None:
    parent = _game(api)
    token = api.token_for_player(api.player("Student"))

    response = api.client.post(f"/api/v1/games/{parent}/forks", json={"at_version": 3}, headers=bearer(token))

    assert response.status_code == 201, response.get_json()


def _sample_game(api: Api, name: str) -> str:
    from service.samples import game_of, load_sample, sample_paths

    path = next(p for p in sample_paths() if p.name.startswith(name))
    return str(game_of(load_sample(api.services, path)))


def test_fork_inside_one_actions_events_is_422_naming_the_versions_either_side(api: Api) -> None:
    # v2 DiceRolled and v3 StartingPlayerChosen were recorded by one roll_dice: a fork keeps both or neither.
    parent = _sample_game(api, "kard_es_korona_basic_castle_victory")
    types = [e["type"] for e in _events(api, parent)[:3]]
    assert types == ["GameCreated", "DiceRolled", "StartingPlayerChosen"]
    forks_before = len(api.client.get(f"/api/v1/games/{parent}/forks").get_json()["items"])

    response = _fork(api, parent, 2)

    body = assert_problem(response, 422)
    assert "at_version" in body["errors"] and "fork at 1 or 3" in body["errors"]["at_version"][0]
    assert len(api.client.get(f"/api/v1/games/{parent}/forks").get_json()["items"]) == forks_before
    assert _fork(api, parent, 1).status_code == 201 and _fork(api, parent, 3).status_code == 201


def test_fork_inside_a_rulings_correction_is_422_and_after_it_is_allowed(api: Api) -> None:
    # v2 move, v3 roll 6, v4 CorrectionApplied, v5 StateAdjusted (the strike), v6 the corrected roll: one ruling.
    game = api.create_game(mode="transcript", dice="table")["id"]
    api.act(game, type="move", seat="red", data={"to": "b2"})
    api.act(game, type="roll", seat="red", data={"count": 1, "dice": [6, 3]})
    claim = {"version": 3, "claim": "one die, two faces", "rule_ids": ["CORE-DICE-1"]}
    dispute = api.client.post(f"/api/v1/games/{game}/disputes", json=claim, headers=api.headers("arbiter"))
    reroll = {"type": "roll", "seat": "red", "data": {"count": 1, "dice": [2]}}
    ruling = {"decision": "overturned", "reasoning": "one die", "rule_ids": ["CORE-DICE-1"], "corrected_action": reroll}
    ruled = api.client.post(
        f"/api/v1/disputes/{dispute.get_json()['id']}/ruling", json=ruling, headers=api.headers("arbiter")
    )
    assert ruled.status_code == 201, ruled.get_json()
    assert [e["type"] for e in _events(api, game)[3:]] == ["CorrectionApplied", "StateAdjusted", "DiceRolled"]

    for inside in (4, 5):
        body = assert_problem(_fork(api, game, inside), 422)
        assert "fork at 3 or 6" in body["errors"]["at_version"][0]
    assert _fork(api, game, 3).status_code == 201 and _fork(api, game, 6).status_code == 201
