"""Positions through HTTP (issue 15, point 3), for every ruleset of the registry: read a game's position, start a
new game from it and see the same game; invalid positions refused by path; `adjust` checked against the same
invariants unless an arbiter forces it (CORE-ADJUST-3), and forced adjustments listed by audits.

Every ruleset is tested, none skipped: a ruleset without the position protocol fails here. Each plays the first
sample of `replays/samples/` whose name starts with its id, as an organiser records it at a table.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain import registry
from service.cli_audits import report_lines
from service.samples import sample_name, sample_paths
from tests.api.conftest import assert_problem, assert_refused, stored_events, total_events
from tests.conftest import Api

RULESETS = registry.ruleset_ids()
PLAYED_A_LITTLE = 12  # steps of the sample recorded before the first position is read
NOBODY = "nobody"


def sample_of(ruleset_id: str) -> dict[str, Any]:
    """The first sample game of the ruleset (every ruleset ships one: DESIGN §10)."""
    paths = [p for p in sample_paths() if sample_name(p).startswith(f"{ruleset_id}_")]
    assert paths, f"no sample game of {ruleset_id} in replays/samples"
    sample: dict[str, Any] = json.loads(paths[0].read_text(encoding="utf-8"))
    return sample


def record_sample(api: Api, sample: dict[str, Any], steps: int | None = None) -> tuple[str, list[int]]:
    """The sample's game and its first `steps` steps (all by default), recorded by an organiser; the game's
    version after each step."""
    created = api.client.post("/api/v1/games", json=sample["game"], headers=api.headers("organiser"))
    assert created.status_code == 201, created.get_json()
    game_id: str = created.get_json()["id"]
    versions = []
    for step in sample["actions"][:steps]:
        if "sealed" in step:
            response = api.client.post(
                f"/api/v1/games/{game_id}/sealed", json=step["sealed"], headers=api.headers("organiser")
            )
        else:
            response = api.send_action(game_id, step, "organiser")
        assert response.status_code == 201, (step, response.get_json())
        versions.append(response.get_json().get("version", 0))
    return game_id, versions


def position_of(api: Api, game_id: str, at: int | None = None, role: str | None = "arbiter") -> dict[str, Any]:
    response = api.client.get(
        f"/api/v1/games/{game_id}/position" + (f"?at={at}" if at else ""), headers=api.headers(role)
    )
    assert response.status_code == 200, response.get_json()
    assert response.headers["ETag"] == f'"{response.get_json()["version"]}"'
    body: dict[str, Any] = response.get_json()
    return body


def unsealed_from(api: Api, game_id: str, versions: list[int]) -> int:
    """The first of these versions (each where an action's events end) at which nobody is waited on for a sealed
    submission: a position holds no half-submitted secret (a new game could not take over an open round), so a
    table starts from such a moment."""
    for at in versions:
        pending = api.client.get(f"/api/v1/games/{game_id}/pending?at={at}&as=arbiter", headers=api.headers("admin"))
        waiting = pending.get_json()["waiting"]
        if not any(option["type"] == "seal" for entry in waiting for option in entry["options"]):
            return at
    raise AssertionError(f"game {game_id} waits for a sealed submission after each of {versions}")


def started_from(read: dict[str, Any]) -> dict[str, Any]:
    """The POST /games body starting a game from a position as GET /position answered it."""
    fields = ("ruleset", "variant", "options", "board", "seats", "mode", "dice", "visibility", "position")
    return {**{name: read[name] for name in fields}, "title": f"from {read['game']} at {read['version']}"}


def create(api: Api, body: dict[str, Any]) -> Any:
    return api.client.post("/api/v1/games", json=body, headers=api.headers("organiser"))


def views(api: Api, game_id: str, seats: list[str], at: int | None = None) -> dict[str, Any]:
    """What each viewer sees of the game's rules: the arbiter's whole state, each seat's and a spectator's view."""
    query = f"&at={at}" if at else ""
    seen = {}
    for viewer in ("arbiter", "spectator", *seats):
        response = api.client.get(f"/api/v1/games/{game_id}/state?as={viewer}{query}", headers=api.headers("admin"))
        assert response.status_code == 200, response.get_json()
        state = response.get_json()["state"]
        seen[viewer] = state["state"] if viewer == "arbiter" else state["rules"]
    return seen


# --- (a) a game started from a position is the same game ---


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_game_started_from_a_position_views_the_same_for_every_viewer_when_read_mid_game_and_at_the_end(
    api: Api, ruleset_id: str
) -> None:
    game_id, versions = record_sample(api, sample_of(ruleset_id))
    mid = unsealed_from(api, game_id, versions[min(PLAYED_A_LITTLE, len(versions) // 2) :])

    for at in (mid, None):
        read = position_of(api, game_id, at)
        seats = [s["seat"] for s in read["seats"]]
        created = create(api, started_from(read))
        assert created.status_code == 201, created.get_json()
        new_id = created.get_json()["id"]

        assert views(api, new_id, seats) == views(api, game_id, seats, read["version"])
        assert position_of(api, new_id)["position"] == read["position"]
        assert stored_events(api, new_id)[0]["data"]["position"] == read["position"]


# --- (b) invalid positions are refused, every wrong path named ---


def seat_occurrences(node: Any, seats: set[str], path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], bool]]:
    """Where a seat id occurs in a JSON document, in document order: (path, is a key)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in seats:
                yield (*path, key), True
            yield from seat_occurrences(value, seats, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from seat_occurrences(value, seats, (*path, str(index)))
    elif isinstance(node, str) and node in seats:
        yield path, False


def replaced(document: Any, path: tuple[str, ...], is_key: bool, new: str) -> Any:
    """A copy of `document` with the key or value at `path` renamed to `new`."""
    copy = json.loads(json.dumps(document))
    parent = copy
    for part in path[:-1]:
        parent = parent[int(part)] if isinstance(parent, list) else parent[part]
    last = path[-1]
    if is_key:
        parent[new] = parent.pop(last)
    elif isinstance(parent, list):
        parent[int(last)] = new
    else:
        parent[last] = new
    return copy


def pointer(*parts: str) -> str:
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def error_paths(body: dict[str, Any]) -> list[str]:
    """The paths a 400 (`errors`) or a 422 `invalid-position` (`violations`) names."""
    if body["status"] == 400:
        return list(body["errors"])
    return [v["path"] for v in body["violations"]]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_position_naming_an_unknown_seat_is_refused_at_that_path_and_nothing_is_written(
    api: Api, ruleset_id: str
) -> None:
    game_id, _ = record_sample(api, sample_of(ruleset_id), PLAYED_A_LITTLE)
    read = position_of(api, game_id)
    seats = {s["seat"] for s in read["seats"]}
    occurrences = sorted(seat_occurrences(read["position"], seats), key=lambda found: not found[1])  # keys first
    assert occurrences, f"the {ruleset_id} position names no seat"
    path, is_key = occurrences[0]
    before = total_events(api)

    response = create(api, {**started_from(read), "position": replaced(read["position"], path, is_key, NOBODY)})

    assert response.status_code in (400, 422), response.get_json()
    body = assert_problem(response, response.status_code)
    wrong = pointer("position", *path[:-1], NOBODY) if is_key else pointer("position", *path)
    named = error_paths(body)
    assert any(wrong == p or wrong.startswith(p + "/") for p in named if p != "/position"), (wrong, named)
    assert total_events(api) == before


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_position_with_a_misspelt_key_is_a_400_naming_it_and_nothing_is_written(api: Api, ruleset_id: str) -> None:
    """Nothing in a position is dropped silently (domain/positions.py): an unknown key is an error too."""
    game_id, _ = record_sample(api, sample_of(ruleset_id), PLAYED_A_LITTLE)
    read = position_of(api, game_id)
    key = next(iter(read["position"]))
    misspelt = {(f"{key}s" if name == key else name): value for name, value in read["position"].items()}
    before = total_events(api)

    response = create(api, {**started_from(read), "position": misspelt})

    body = assert_problem(response, 400)
    assert f"/position/{key}s" in body["errors"]
    assert total_events(api) == before


# --- (c) adjust keeps the invariants unless an arbiter forces it; audits list what was forced ---


def unknown_seat_changes(state: Any, seats: set[str]) -> Iterator[list[dict[str, Any]]]:
    """Adjustments that hand an entry of the state keyed by a seat to a seat the game does not have."""
    for path, is_key in seat_occurrences(state, seats):
        if is_key:
            value = replaced(state, path, True, NOBODY)
            for part in (*path[:-1], NOBODY):
                value = value[int(part)] if isinstance(value, list) else value[part]
            yield [
                {"op": "remove", "path": pointer(*path)},
                {"op": "set", "path": pointer(*path[:-1], NOBODY), "value": value},
            ]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_an_adjustment_to_an_unknown_seat_is_refused_unless_an_arbiter_forces_it_and_audits_list_it(
    api: Api, ruleset_id: str
) -> None:
    """CORE-ADJUST-3: the adjusted position keeps the invariants (known seats), or an arbiter forces it."""
    read = position_of(api, record_sample(api, sample_of(ruleset_id), PLAYED_A_LITTLE)[0])
    created = create(api, started_from(read))
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]  # started from a position: running, whatever the sample did next
    state = views(api, game_id, [])["arbiter"]
    refused = None
    for changes in unknown_seat_changes(state, {s["seat"] for s in read["seats"]}):
        response = api.act(game_id, "organiser", type="adjust", data={"reason": "moved to nobody", "changes": changes})
        if response.status_code == 201:
            # Recorded: the entry is not part of the position (a copy of the board kept in the state), or the
            # position check missed an unknown seat, which the position then shows.
            assert position_of(api, game_id)["position"] == read["position"], (changes, "an unknown seat passed")
            continue
        # Otherwise the state cannot hold it (CORE-ADJUST-2) or its position names an unknown seat (CORE-ADJUST-3).
        if assert_problem(response, 422)["rule"]["id"] == "CORE-ADJUST-3":
            refused = (changes, response.get_json())
            break
    assert refused is not None, f"no adjustment of a seat's entry of the {ruleset_id} state reached CORE-ADJUST-3"
    changes, body = refused
    assert_refused_with_paths(body)

    data = {"reason": "as the table has it", "changes": changes, "force": True}
    assert api.act(game_id, "organiser", type="adjust", data=data).get_json()["rule"]["id"] == "CORE-ADJUST-3"
    forced = api.act(game_id, "arbiter", type="adjust", data=data)

    assert forced.status_code == 201, forced.get_json()
    [event] = forced.get_json()["events"]
    assert event["data"]["forced"] is True and event["data"]["overridden"]
    audit = api.client.get(f"/api/v1/games/{game_id}/audit", headers=api.headers("arbiter")).get_json()
    assert audit["counts"]["forced_adjustments"] == 1
    assert [a["version"] for a in audit["adjustments"] if a["forced"]] == [event["version"]]


def assert_refused_with_paths(body: dict[str, Any]) -> None:
    """CORE-ADJUST-3 first, then every broken invariant by its own rule with its path in the position."""
    assert body["violations"][0]["rule_id"] == "CORE-ADJUST-3"
    broken = body["violations"][1:]
    assert broken and all(v["details"]["path"].startswith("/") for v in broken)
    assert all(v["rule_id"] != "CORE-ADJUST-3" for v in broken)


# --- freeform, by its own rules ---


def test_freeform_position_naming_an_unknown_seat_is_refused_with_its_path_and_rule(api: Api) -> None:
    """FF-POSITION-1: a position names only seats of the game."""
    position = {"actions": 1, "counts": {"move": 1}, "last": {"green": {"type": "move", "data": {}, "number": 1}}}
    before = total_events(api)

    response = api.client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}, {"seat": "blue"}], "position": position},
        headers=api.headers(),
    )

    body = assert_problem(response, 422, "invalid-position")
    assert body["rule"]["id"] == "FF-POSITION-1" and body["rule"]["summary"]
    assert [(v["path"], v["rule_id"]) for v in body["violations"]] == [("/position/last/green", "FF-POSITION-1")]
    assert list(body["errors"]) == ["/position/last/green"]
    assert total_events(api) == before


def test_freeform_position_lists_every_broken_invariant_when_several_are_broken(api: Api) -> None:
    """FF-POSITION-2 and -3: the count is the sum of the counts; each last action's type is counted."""
    position = {"actions": 5, "counts": {"move": 1}, "last": {"red": {"type": "roll", "data": {}, "number": 1}}}

    response = api.client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}], "position": position},
        headers=api.headers(),
    )

    body = assert_problem(response, 422, "invalid-position")
    assert [(v["path"], v["rule_id"]) for v in body["violations"]] == [
        ("/position/actions", "FF-POSITION-2"),
        ("/position/last/red/type", "FF-POSITION-3"),
    ]


def test_freeform_malformed_position_is_a_400_by_pointer(api: Api) -> None:
    position = {"actions": -1, "counts": {"Move": 1}, "last": {"red": {"type": "move", "number": 1}}}

    response = api.client.post(
        "/api/v1/games",
        json={"ruleset": "freeform", "seats": [{"seat": "red"}], "position": position},
        headers=api.headers(),
    )

    body = assert_problem(response, 400)
    assert {"/position/actions", "/position/counts", "/position/last/red/data"} <= set(body["errors"])


def test_a_float_where_a_position_takes_a_whole_number_is_a_400_by_pointer_and_nothing_is_written(api: Api) -> None:
    """A Kard és Korona position with `year: 1301.0` started a game whose year stayed a float; now it is malformed."""
    game_id, _ = record_sample(api, sample_of("kard_es_korona"), PLAYED_A_LITTLE)
    read = position_of(api, game_id)
    before = total_events(api)

    response = create(api, {**started_from(read), "position": {**read["position"], "year": 1301.0}})

    body = assert_problem(response, 400)
    assert "/position/year" in body["errors"]
    assert total_events(api) == before


def test_freeform_adjust_refused_naming_the_invariant_then_recorded_when_forced(api: Api) -> None:
    """CORE-ADJUST-3 with FF-POSITION-2: 5 moves counted but 1 action recorded."""
    game_id = api.create_game()["id"]
    api.act(game_id, type="move", seat="red")
    data = {"reason": "the table counts 5 moves", "changes": [{"op": "set", "path": "/counts/move", "value": 5}]}

    refused = assert_refused(api.act(game_id, "organiser", type="adjust", data=data), "CORE-ADJUST-3")
    forced = api.act(game_id, "arbiter", type="adjust", data={**data, "force": True})

    assert [(v["rule_id"], v["details"].get("path")) for v in refused["violations"][1:]] == [
        ("FF-POSITION-2", "/actions")
    ]
    assert forced.status_code == 201, forced.get_json()
    overridden = forced.get_json()["events"][0]["data"]["overridden"]
    assert [(o["path"], o["rule_id"]) for o in overridden] == [("/actions", "FF-POSITION-2")]
    assert [t["rule_id"] for t in forced.get_json()["trace"]] == ["CORE-ADJUST-2", "CORE-ADJUST-3"]
    report = report_lines(api.client.get(f"/api/v1/games/{game_id}/audit", headers=api.headers()).get_json())
    assert any(line.startswith("v3  FORCED  ") for line in report)
    assert "    overrides FF-POSITION-2 at /actions: actions is 1 but the counts add up to 5" in report


# --- who may read a position ---


def test_a_running_games_position_is_read_by_admin_and_arbiter_only_and_by_anyone_once_it_ended(api: Api) -> None:
    """A position holds every secret (the arbiter's view) until the game has ended."""
    holder = api.player("Red")
    game_id = api.create_game(seats=[{"seat": "red", "player": holder}, {"seat": "blue"}])["id"]
    url = f"/api/v1/games/{game_id}/position"
    red = {"Authorization": f"Bearer {api.token_for_player(holder)}"}

    assert_problem(api.client.get(url), 401)
    assert_problem(api.client.get(url, headers=api.headers("viewer")), 403)
    assert_problem(api.client.get(url, headers=api.headers("organiser")), 403)
    assert_problem(api.client.get(url, headers=red), 403)
    assert position_of(api, game_id, role="admin")["version"] == 1
    api.act(game_id, type="end_game", data={"winners": ["red"]})

    assert api.client.get(url).status_code == 200
    assert api.client.get(url + "?at=1", headers=red).get_json()["ended"] is False


def test_position_is_404_for_an_unknown_game_and_400_beyond_its_version(api: Api) -> None:
    game_id = api.create_game()["id"]

    assert_problem(api.client.get("/api/v1/games/00000000-0000-4000-8000-000000000000/position"), 404)
    assert_problem(api.client.get(f"/api/v1/games/{game_id}/position?at=5", headers=api.headers()), 400)


def test_a_position_inside_the_events_of_one_action_is_a_400_naming_where_that_action_ends(api: Api) -> None:
    """Between a step's `StepTaken` and the `BattleCreated` it caused the units stand in the county with no battle:
    such a position was served, and `POST /games` refused it (KK-BATTLE-3, KK-MOVE-18). Positions exist between
    actions, as forks do (service/forks.py)."""
    game_id, versions = record_sample(api, sample_of("kard_es_korona"), 40)
    inside, end = next((v - 1, v) for before, v in itertools.pairwise(versions) if v - before > 1)
    url = f"/api/v1/games/{game_id}/position?at={inside}"

    body = assert_problem(api.client.get(url, headers=api.headers("arbiter")), 400)

    assert "at" in body["errors"] and str(end) in body["errors"]["at"][0]
    assert create(api, started_from(position_of(api, game_id, end))).status_code == 201


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_position_schema_is_served_for_every_ruleset(api: Api, ruleset_id: str) -> None:
    body = api.client.get(f"/api/v1/rulesets/{ruleset_id}/position-schema").get_json()

    assert body["ruleset"] == ruleset_id
    assert body["schema"]["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert body["schema"]["type"] == "object" and body["schema"].get("additionalProperties") is False
