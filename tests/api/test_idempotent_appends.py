"""DESIGN §9: every POST that appends honours `Idempotency-Key` — forks, imports and the tournament director's
workflow too. A retry gets the first answer byte for byte with `Idempotent-Replayed: true` and nothing is written
again; the same key with another request is a 422 (`idempotency-key-reused`) and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import update

from service.store.tables import idempotency_keys
from tests.api.conftest import assert_problem, total_events
from tests.conftest import Api

BASE = "/api/v1/tournaments"
NDJSON = "application/x-ndjson"


@dataclass(frozen=True)
class Request:
    """A POST: its path, JSON body (or NDJSON text) and caller."""

    path: str
    body: Any = None
    token: str | None = None

    def send(self, api: Api, key: str) -> Any:
        headers = {"Authorization": f"Bearer {self.token or api.tokens['organiser']}", "Idempotency-Key": key}
        if isinstance(self.body, str):
            return api.client.post(self.path, data=self.body, headers={**headers, "Content-Type": NDJSON})
        return api.client.post(self.path, json=self.body if self.body is not None else {}, headers=headers)


def _ok(response: Any) -> Any:
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()


def _post(api: Api, path: str, body: Any = None) -> Any:
    return _ok(api.client.post(f"{BASE}/{path}", json=body or {}, headers=api.headers("organiser")))


def _swiss(api: Api, stage: str) -> str:
    """A Swiss tournament of one round, eight players at two tables of four, brought up to `stage`."""
    body = {"name": "Club night", "ruleset": "freeform", "table_size": 4, "rounds": 1}
    tid = str(_ok(api.client.post(BASE, json=body, headers=api.headers("organiser")))["id"])
    for n in range(8):
        _post(api, f"{tid}/players", {"name": f"Player {n}"})
    steps = ["paired", "started", "reported", "approved", "closed"]
    for step in steps[: steps.index(stage) + 1] if stage in steps else []:
        if step == "paired":
            _post(api, f"{tid}/rounds")
        elif step == "started":
            _post(api, f"{tid}/rounds/1/start")
        elif step in ("reported", "approved"):
            for table in (1, 2):
                suffix = "result" if step == "reported" else "approval"
                _post(
                    api,
                    f"{tid}/rounds/1/tables/{table}/{suffix}",
                    _places(api, tid, table) if suffix == "result" else {"override_reason": "a short night"},
                )
        else:
            _post(api, f"{tid}/rounds/1/close")
    return tid


def _table(api: Api, tid: str, table: int) -> dict[str, Any]:
    paired = api.client.get(f"{BASE}/{tid}/rounds/1", headers=api.headers()).get_json()
    found: dict[str, Any] = paired["tables"][table - 1]
    return found


def _places(api: Api, tid: str, table: int, reverse: bool = False) -> dict[str, Any]:
    seats = sorted(_table(api, tid, table)["seats"].values(), reverse=reverse)
    return {"places": {seat: n for n, seat in enumerate(seats, start=1)}}


# Each case: the request under test and another request of the same operation (None: there is no other one).
Case = Callable[[Api], tuple[Request, Request | None]]


def _create(api: Api) -> tuple[Request, Request | None]:
    body = {"name": "Club night", "ruleset": "freeform", "table_size": 4, "rounds": 1}
    return Request(BASE, body), Request(BASE, {**body, "name": "Another night"})


def _register(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "registered")
    return Request(f"{BASE}/{tid}/players", {"name": "Ann"}), Request(f"{BASE}/{tid}/players", {"name": "Bob"})


def _drop(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "registered")
    player = _entrant(api, tid)
    path = f"{BASE}/{tid}/players/{player}/drop"
    return Request(path, {"reason": "ill"}), Request(path, {"reason": "left early"})


def _entrant(api: Api, tid: str) -> str:
    entrants = api.client.get(f"{BASE}/{tid}/players", headers=api.headers()).get_json()["items"]
    return str(entrants[0]["player_id"])


def _pair(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "registered")
    return Request(f"{BASE}/{tid}/rounds", {}), Request(f"{BASE}/{tid}/rounds", {"accept_problems": True})


def _swap(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "paired")
    pair = [_table(api, tid, 1)["players"][0], _table(api, tid, 2)["players"][0]]
    path = f"{BASE}/{tid}/rounds/1/swaps"
    return Request(path, {"players": pair, "reason": "a couple"}), Request(path, {"players": pair, "reason": "x"})


def _start(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "paired")
    return Request(f"{BASE}/{tid}/rounds/1/start"), Request(f"{BASE}/{tid}/rounds/2/start")


def _result(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "started")
    path = f"{BASE}/{tid}/rounds/1/tables/1/result"
    return Request(path, _places(api, tid, 1)), Request(path, _places(api, tid, 1, reverse=True))


def _confirm(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "reported")
    token = api.token_for_player(_table(api, tid, 1)["players"][0])
    path = f"{BASE}/{tid}/rounds/1/tables/%d/confirmations"
    return Request(path % 1, token=token), Request(path % 2, token=token)


def _approve(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "reported")
    path = f"{BASE}/{tid}/rounds/1/tables/1/approval"
    return Request(path, {"override_reason": "a short night"}), Request(path, {"override_reason": "late"})


def _close(api: Api) -> tuple[Request, Request | None]:
    tid = _swiss(api, "approved")
    return Request(f"{BASE}/{tid}/rounds/1/close"), Request(f"{BASE}/{tid}/rounds/2/close")


def _finish(api: Api) -> tuple[Request, Request | None]:
    return Request(f"{BASE}/{_swiss(api, 'closed')}/finish"), None


def _link(api: Api) -> tuple[Request, Request | None]:
    body = {"name": "Season", "ruleset": "freeform", "format": "league", "table_size": 2, "scoring": "win-draw-loss"}
    tid = _ok(api.client.post(BASE, json=body, headers=api.headers("organiser")))["id"]
    ann, bob = (_post(api, f"{tid}/players", {"name": name})["player"] for name in ("Ann", "Bob"))
    games = [api.create_game(seats=[{"seat": "red", "player": ann}, {"seat": "blue", "player": bob}])["id"]]
    games.append(api.create_game(seats=[{"seat": "red", "player": bob}, {"seat": "blue", "player": ann}])["id"])
    return Request(f"{BASE}/{tid}/games", {"game": games[0]}), Request(f"{BASE}/{tid}/games", {"game": games[1]})


def _fork(api: Api) -> tuple[Request, Request | None]:
    game = api.create_game()["id"]
    api.act(game, type="note", seat="red")
    path = f"/api/v1/games/{game}/forks"
    return Request(path, {"at_version": 1}), Request(path, {"at_version": 2})


def _import(api: Api) -> tuple[Request, Request | None]:
    records = []
    for seat in ("red", "blue"):
        game = api.create_game()["id"]
        api.act(game, type="note", seat=seat)
        records.append(api.client.get(f"/api/v1/games/{game}/export", headers=api.headers()).get_data(as_text=True))
    return Request("/api/v1/games/import", records[0]), Request("/api/v1/games/import", records[1])


CASES: dict[str, Case] = {
    "fork": _fork,
    "import": _import,
    "create": _create,
    "register": _register,
    "drop": _drop,
    "pair": _pair,
    "swap": _swap,
    "start": _start,
    "result": _result,
    "confirm": _confirm,
    "approve": _approve,
    "close": _close,
    "finish": _finish,
    "link": _link,
}


@pytest.mark.parametrize("case", CASES)
def test_the_first_answer_and_nothing_written_again_when_an_append_is_retried_with_its_key(api: Api, case: str) -> None:
    request, _ = CASES[case](api)
    first = request.send(api, f"{case}-1")
    written = total_events(api)

    again = request.send(api, f"{case}-1")

    assert first.status_code in (200, 201), first.get_json()
    assert (again.status_code, again.get_data()) == (first.status_code, first.get_data())
    assert "Idempotent-Replayed" not in first.headers and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers.get("Location") == first.headers.get("Location")
    assert total_events(api) == written


# A tournament finishes one way; a creation's and a registration's reused key were refused already.
@pytest.mark.parametrize("case", [name for name in CASES if name not in ("finish", "create", "register")])
def test_422_and_nothing_written_when_an_appends_key_is_reused_for_another_request(api: Api, case: str) -> None:
    request, other = CASES[case](api)
    assert other is not None
    assert request.send(api, f"{case}-1").status_code in (200, 201)
    written = total_events(api)

    reused = other.send(api, f"{case}-1")

    assert_problem(reused, 422, "idempotency-key-reused")
    assert total_events(api) == written


def test_a_key_used_for_one_operation_is_not_a_retry_of_another(api: Api) -> None:
    """Keys are scoped to the operation: a drop's key sent with a pairing pairs the round, and the drop's retry
    still gets the drop's answer."""
    tid = _swiss(api, "registered")
    drop = Request(f"{BASE}/{tid}/players/{_entrant(api, tid)}/drop", {"reason": "ill"})
    dropped = drop.send(api, "k")

    paired = Request(f"{BASE}/{tid}/rounds", {}).send(api, "k")
    again = drop.send(api, "k")

    assert paired.status_code == 201 and "Idempotent-Replayed" not in paired.headers
    assert paired.get_json()["published"] is True
    assert again.get_data() == dropped.get_data() and again.headers["Idempotent-Replayed"] == "true"


def test_a_tournament_import_retried_with_its_key_gets_its_first_report_and_another_record_is_422(
    api: Api, tmp_path: Any
) -> None:
    """A second import without a key writes nothing but says `written: false`; with its key, the first report."""
    from tests.conftest import _api, _finish, _make_app

    tid = _swiss(api, "closed")
    _post(api, f"{tid}/finish")
    record = api.client.get(f"{BASE}/{tid}/record", headers=api.headers()).get_json()
    elsewhere = _make_app(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    other = _api(elsewhere)
    try:
        first = Request(f"{BASE}/import", record, other.tokens["organiser"]).send(other, "import-1")
        written = total_events(other)
        again = Request(f"{BASE}/import", record, other.tokens["organiser"]).send(other, "import-1")
        reused = Request(f"{BASE}/import", {**record, "players": []}, other.tokens["organiser"]).send(other, "import-1")

        assert first.status_code == 201 and first.get_json()["written"] is True, first.get_json()
        assert (again.status_code, again.get_data()) == (201, first.get_data())
        assert again.headers["Idempotent-Replayed"] == "true" and again.headers["Location"] == first.headers["Location"]
        assert_problem(reused, 422, "idempotency-key-reused")
        assert total_events(other) == written
    finally:
        _finish(elsewhere)


def test_a_tournaments_creation_retried_after_registrations_gets_its_first_answer(api: Api) -> None:
    """The answer is the one kept at creation (no players, version 1), not the tournament as it is now; a key
    kept before creations kept their answer (its row's response empty) is answered from that version too."""
    create, _ = _create(api)
    first = create.send(api, "create-1")
    tid = first.get_json()["id"]
    _post(api, f"{tid}/players", {"name": "Ann"})

    again = create.send(api, "create-1")
    with api.services.engine.begin() as conn:
        conn.execute(update(idempotency_keys).values(response=None))
    older = create.send(api, "create-1")

    assert again.get_data() == older.get_data() == first.get_data()
    assert first.get_json()["players"] == 0 and again.headers["Idempotent-Replayed"] == "true"
