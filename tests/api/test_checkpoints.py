"""Checkpoints through the API and the CLI: made when a game ends and at export, published with the public keys,
carried in records, checked on import and offline, made on a cadence, never signed over a tampered log."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from sqlalchemy import text

from domain.checkpoints import checkpoint_hash, from_json, heads_root, payload
from service.checkpoints import CheckpointTimer, LogTampered
from service.cli import cli
from service.store.events import EventDraft
from tests.api.conftest import assert_problem
from tests.conftest import Api

NDJSON = "application/x-ndjson"


def _ended_game(api: Api, **body: Any) -> str:
    game = str(api.create_game(**body)["id"])
    assert api.act(game, type="note", seat="red", data={"text": "gg"}).status_code == 201
    assert api.act(game, type="end_game", data={"winners": ["red"]}).status_code == 201
    return game


def _export(api: Api, game: str) -> str:
    response = api.client.get(f"/api/v1/games/{game}/export", headers=api.headers())
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def _import(api: Api, record: str, keep_id: bool = False) -> Any:
    return api.client.post(
        f"/api/v1/games/import?keep_id={'true' if keep_id else 'false'}",
        data=record.encode("utf-8"),
        headers=api.headers("admin", **{"Content-Type": NDJSON}),
    )


def _header(record: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(record.splitlines()[0])
    return found


def _with_header(record: str, header: dict[str, Any]) -> str:
    lines = record.splitlines()
    return "\n".join([json.dumps(header, sort_keys=True, separators=(",", ":")), *lines[1:]]) + "\n"


def test_the_ended_games_head_is_listed_signed_under_a_published_key_when_a_game_ends(api: Api) -> None:
    game = _ended_game(api)
    head = api.client.get(f"/api/v1/games/{game}").get_json()

    body = api.client.get("/api/v1/checkpoints").get_json()

    newest = body["items"][0]
    assert (newest["kind"], newest["stream"], newest["version"], newest["head"]) == (
        "stream",
        f"game:{game}",
        head["version"],
        head["last_hash"],
    )
    key = next(k for k in body["keys"] if k["key_id"] == newest["key_id"])
    assert key["current"] is True and key["algorithm"] == "ed25519"
    public = Ed25519PublicKey.from_public_bytes(base64.b64decode(key["public_key"]))
    public.verify(base64.b64decode(newest["signature"]), payload(from_json(newest)))  # raises if it does not hold


def test_checkpoints_come_newest_first_page_by_page_when_a_limit_is_given(api: Api) -> None:
    games = [_ended_game(api) for _ in range(3)]

    first = api.client.get("/api/v1/checkpoints?limit=2").get_json()
    second = api.client.get(f"/api/v1/checkpoints?limit=2&after={first['next']}").get_json()

    streams = [c["stream"] for c in first["items"] + second["items"]]
    assert streams == [f"game:{g}" for g in reversed(games)]
    assert second["next"] is None
    assert [c["id"] for c in first["items"] + second["items"]] == sorted(
        (c["id"] for c in first["items"] + second["items"]), reverse=True
    )


def test_a_private_games_checkpoints_are_hidden_from_anonymous_readers_when_listed(any_api: Api) -> None:
    hidden = _ended_game(any_api, visibility="private")
    shown = _ended_game(any_api)

    anonymous = any_api.client.get("/api/v1/checkpoints").get_json()["items"]
    staff = any_api.client.get("/api/v1/checkpoints", headers=any_api.headers("viewer")).get_json()["items"]

    assert [c["stream"] for c in anonymous] == [f"game:{shown}"]
    assert {c["stream"] for c in staff} == {f"game:{shown}", f"game:{hidden}"}


def test_listing_is_a_400_when_the_cursor_was_not_made_by_the_api(api: Api) -> None:
    body = assert_problem(api.client.get("/api/v1/checkpoints?after=bm90LWEtbnVtYmVy"), 400, "bad-request")

    assert "after" in body["errors"]


def test_exports_carry_the_same_checkpoint_when_nothing_was_recorded_between_them(api: Api) -> None:
    game = str(api.create_game()["id"])
    api.act(game, type="note", seat="red", data={"text": "one"})

    first, second = _export(api, game), _export(api, game)
    api.act(game, type="note", seat="red", data={"text": "two"})
    third = _export(api, game)

    assert first == second
    assert _header(first)["checkpoint"]["version"] == 2
    assert _header(third)["checkpoint"]["version"] == 3
    assert len(api.client.get(f"/api/v1/checkpoints?stream=game:{game}").get_json()["items"]) == 2


def test_export_is_refused_and_nothing_signed_when_the_log_lost_its_last_event(api: Api) -> None:
    game = _ended_game(api)
    last = api.client.get(f"/api/v1/games/{game}").get_json()["version"]
    with api.services.engine.begin() as conn:
        conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        conn.execute(text("DELETE FROM events WHERE stream_id = :s AND version = :v"), {"s": f"game:{game}", "v": last})
    before = api.client.get("/api/v1/checkpoints").get_json()["items"]

    response = api.client.get(f"/api/v1/games/{game}/export", headers=api.headers())

    body = assert_problem(response, 409, "log-tampered")
    assert "annals verify" in body["detail"]
    assert api.client.get("/api/v1/checkpoints").get_json()["items"] == before


@pytest.mark.parametrize("stream", ["game", "annotations"])
def test_export_is_refused_and_nothing_signed_when_an_event_no_longer_matches_its_hash(api: Api, stream: str) -> None:
    game = str(api.create_game()["id"])  # running, never exported: no head is signed yet
    assert api.act(game, type="note", seat="red", data={"text": "the ford holds"}).status_code == 201
    assert api.act(game, type="note", seat="blue", data={"text": "gg"}).status_code == 201
    note = {"kind": "comment", "at_version": 2, "body": {"text": "the ford holds"}}
    assert api.client.post(f"/api/v1/games/{game}/annotations", json=note, headers=api.headers()).status_code == 201
    with api.services.engine.begin() as conn:
        conn.exec_driver_sql("DROP TRIGGER events_refuse_update")
        conn.execute(
            text("UPDATE events SET data = replace(data, 'holds', 'falls') WHERE stream_id = :s"),
            {"s": f"{stream}:{game}"},
        )

    response = api.client.get(f"/api/v1/games/{game}/export?with_annotations=true", headers=api.headers())

    body = assert_problem(response, 409, "log-tampered")
    assert f"{stream}:{game}" in body["detail"] and "version" in body["detail"]
    assert api.client.get(f"/api/v1/checkpoints?stream=game:{game}").get_json()["items"] == []


def test_import_reports_the_checkpoint_verified_and_keeps_it_when_the_id_is_kept(api: Api, tmp_path: Path) -> None:
    from tests.conftest import _api, _finish, _make_app

    game = _ended_game(api)
    record = _export(api, game)
    other_app = _make_app(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        other = _api(other_app)
        response = _import(other, record, keep_id=True)
        kept = other.client.get(f"/api/v1/checkpoints?stream=game:{game}").get_json()["items"]
        again = _export(other, game)
    finally:
        _finish(other_app)

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["checkpoint"]["status"] == "verified"
    assert [c["signature"] for c in kept] == [_header(record)["checkpoint"]["signature"]]
    assert again == record


def test_import_is_refused_when_the_records_checkpoint_signature_was_forged(api: Api) -> None:
    game = _ended_game(api)
    record = _export(api, game)
    header = _header(record)
    forged = Ed25519PrivateKey.generate().sign(payload(from_json(header["checkpoint"])))
    header["checkpoint"]["signature"] = base64.b64encode(forged).decode()

    body = assert_problem(_import(api, _with_header(record, header)), 422, "unprocessable")

    assert "does not verify" in body["detail"] and "checkpoint" in body["errors"]


def test_import_is_refused_when_the_checkpoint_signs_a_longer_chain_than_the_record_holds(api: Api) -> None:
    game = _ended_game(api)
    lines = _export(api, game).splitlines()
    header = _header(lines[0])
    header["game"].pop("version")
    header["game"].pop("last_hash")

    body = assert_problem(_import(api, _with_header("\n".join(lines[:-1]), header)), 422, "unprocessable")

    assert f"ending at version {len(lines) - 2}" in body["detail"]


def test_import_reports_an_unknown_key_and_goes_on_when_the_signer_is_not_in_the_keyring(api: Api) -> None:
    game = _ended_game(api)
    record = _export(api, game)
    header = _header(record)
    stranger = Ed25519PrivateKey.generate()
    from service.signing import key_id_of

    checkpoint = from_json({**header["checkpoint"], "key_id": key_id_of(stranger.public_key())})
    header["checkpoint"] = {
        **checkpoint.to_json(),
        "signature": base64.b64encode(stranger.sign(payload(checkpoint))).decode(),
    }

    response = _import(api, _with_header(record, header))

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["checkpoint"]["status"] == "unknown-key"


def test_keep_id_reexport_is_signed_anew_when_the_records_key_is_known_but_not_the_current_one(
    api: Api, tmp_path: Path
) -> None:
    from service.signing import key_id_of
    from tests.conftest import _api, _finish, _make_app

    game = _ended_game(api)
    header = _header(_export(api, game))
    retired = Ed25519PrivateKey.generate()  # a key the importer knows, as `annals keys rotate` leaves one
    checkpoint = from_json({**header["checkpoint"], "key_id": key_id_of(retired.public_key())})
    header["checkpoint"] = {
        **checkpoint.to_json(),
        "signature": base64.b64encode(retired.sign(payload(checkpoint))).decode(),
    }
    other_app = _make_app(f"sqlite:///{tmp_path / 'other.db'}")
    try:
        other = _api(other_app)
        other.services.keyring._public[checkpoint.key_id] = retired.public_key()
        response = _import(other, _with_header(_export(api, game), header), keep_id=True)
        again = _header(_export(other, game))
    finally:
        _finish(other_app)

    assert response.status_code == 201, response.get_json()
    assert response.get_json()["checkpoint"]["status"] == "verified"
    assert again["checkpoint"]["key_id"] != checkpoint.key_id
    assert again["game"] == header["game"]


def test_verify_record_checks_the_signature_offline_when_given_the_published_public_key(
    api: Api, tmp_path: Path
) -> None:
    game = _ended_game(api)
    record = tmp_path / "game.jsonl"
    record.write_text(_export(api, game), encoding="utf-8")
    published = tmp_path / "annals.pub"
    published.write_text(api.client.get("/api/v1/checkpoints").get_json()["keys"][0]["public_key"], encoding="utf-8")
    stranger = tmp_path / "stranger.pub"
    stranger.write_text(base64.b64encode(Ed25519PrivateKey.generate().public_key().public_bytes_raw()).decode())
    forged = tmp_path / "forged.jsonl"
    header = _header(record.read_text(encoding="utf-8"))
    header["checkpoint"]["signed_at"] = "2020-01-01T00:00:00.000000Z"
    forged.write_text(_with_header(record.read_text(encoding="utf-8"), header), encoding="utf-8")
    runner = CliRunner()

    signed = runner.invoke(cli, ["verify-record", str(record), "--public-key", str(published)])
    unknown = runner.invoke(cli, ["verify-record", str(record), "--public-key", str(stranger)])
    bad = runner.invoke(cli, ["verify-record", str(forged), "--public-key", str(published)])

    assert signed.exit_code == 0 and signed.output.startswith("SIGNED"), signed.output
    assert unknown.exit_code == 2 and unknown.output.startswith("UNVERIFIABLE"), unknown.output
    assert bad.exit_code == 1 and bad.output.startswith("BAD signature"), bad.output


# --- global checkpoints on a cadence ---


@pytest.fixture
def own_witness(api: Api, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A witness file of this test's own (the app's default is shared by the run)."""
    from service.witness import WitnessCache

    path = tmp_path / "witness.json"
    api.services.checkpoints.witness = WitnessCache(path)
    api.services.verifier.witness = api.services.checkpoints.witness
    return path


def test_the_timer_signs_a_global_checkpoint_when_enough_events_gathered(api: Api, own_witness: Path) -> None:
    now = [0.0]
    timer = CheckpointTimer(api.services.checkpoints, every_events=5, every_seconds=3600, monotonic=lambda: now[0])
    game = str(api.create_game()["id"])

    waiting = timer.tick()
    for n in range(4):
        api.act(game, type="note", seat="red", data={"n": n})
    made = timer.tick()
    nothing_new = timer.tick()

    assert waiting is None
    assert made is not None and made.checkpoint.number == 5 and made.checkpoint.streams == 1
    assert nothing_new is None
    assert json.loads(own_witness.read_text())["checkpoint"]["signature"] == made.checkpoint.signature


def test_the_timer_signs_a_global_checkpoint_when_the_period_passed_with_anything_new(
    api: Api, own_witness: Path
) -> None:
    now = [0.0]
    timer = CheckpointTimer(api.services.checkpoints, every_events=1000, every_seconds=60, monotonic=lambda: now[0])
    api.create_game()

    early = timer.tick()
    now[0] = 61.0
    late = timer.tick()

    assert early is None
    assert late is not None and late.checkpoint.prev == "0" * 64


def test_the_timer_thread_makes_global_checkpoints_until_stopped_when_started(api: Api, own_witness: Path) -> None:
    import time

    timer = CheckpointTimer(api.services.checkpoints, every_events=1, every_seconds=0.05)
    api.create_game()
    timer.start()
    try:
        deadline = time.monotonic() + 10
        while not own_witness.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        timer.stop()

    assert own_witness.exists()
    assert api.client.get("/api/v1/checkpoints?kind=global").get_json()["items"][0]["position"] == 1


@pytest.mark.parametrize(
    ("witnessed", "refusal"),
    [(True, "does not continue from its head signed"), (False, "no longer hashes to global checkpoint")],
)
def test_global_checkpoints_chain_and_none_is_signed_over_a_log_that_changed_under_the_last(
    api: Api, own_witness: Path, witnessed: bool, refusal: str
) -> None:
    game = str(api.create_game()["id"])
    api.act(game, type="note", seat="red", data={"n": 1})
    first = api.services.checkpoints.checkpoint_global().made
    api.act(game, type="note", seat="red", data={"n": 2})
    second = api.services.checkpoints.checkpoint_global().made
    with api.services.engine.begin() as conn:
        conn.exec_driver_sql("DROP TRIGGER events_refuse_delete")
        conn.execute(text("DELETE FROM events WHERE stream_id = :s AND version = 3"), {"s": f"game:{game}"})
    for n in (3, 4):  # the log goes on from the truncated head
        api.services.store.append(f"game:{game}", None, [EventDraft("ActionRecorded", {"n": n})])
    if not witnessed:  # the heads are then recomputed from the whole log
        own_witness.unlink()

    assert first is not None and second is not None
    assert second.checkpoint.prev == checkpoint_hash(first.checkpoint)
    with pytest.raises(LogTampered, match=refusal):
        api.services.checkpoints.checkpoint_global()


def test_a_global_checkpoint_from_the_witness_signs_the_same_heads_as_one_from_the_whole_log(
    api: Api, own_witness: Path
) -> None:
    games = [str(api.create_game()["id"]) for _ in range(3)]
    api.services.checkpoints.checkpoint_global()
    for game in games[:2]:
        api.act(game, type="note", seat="red", data={"n": 1})
    api.create_game()

    incremental = api.services.checkpoints.checkpoint_global().made

    assert incremental is not None
    with api.services.engine.connect() as conn:
        from service.store.checkpoints import heads_at

        whole = heads_at(conn, incremental.checkpoint.number)
    assert (incremental.checkpoint.head, incremental.checkpoint.streams) == (heads_root(whole), 4)


# --- the key on the command line ---


@pytest.fixture
def fresh_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No signing key yet: a key file path of this test's own, and a database."""
    path = tmp_path / "instance" / "signing-key.pem"
    monkeypatch.setenv("ANNALS_SIGNING_KEY_FILE", str(path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'instance' / 'annals.db'}")
    return path


def test_db_upgrade_creates_the_signing_key_and_says_where_once_when_there_is_none(fresh_key: Path) -> None:
    runner = CliRunner()

    first = runner.invoke(cli, ["db", "upgrade"])
    second = runner.invoke(cli, ["db", "upgrade"])

    assert first.exit_code == 0, first.output
    assert fresh_key.is_file() and (fresh_key.parent / "keyring").is_dir()
    told = [line for line in first.stderr.splitlines() if "signing key" in line]
    assert len(told) == 1 and str(fresh_key) in told[0] and "back it up outside the database" in told[0]
    assert "signing key" not in second.stderr


def test_keys_rotate_keeps_the_old_public_key_listed_when_the_key_is_replaced(fresh_key: Path) -> None:
    runner = CliRunner()
    created = runner.invoke(cli, ["keys", "create"])
    again = runner.invoke(cli, ["keys", "create"])

    rotated = runner.invoke(cli, ["keys", "rotate"])
    shown = runner.invoke(cli, ["keys", "show"])

    assert created.exit_code == 0 and "back it up" in created.output
    assert again.exit_code == 1 and "annals keys rotate" in again.output
    assert rotated.exit_code == 0, rotated.output
    states = [line.split()[1] for line in shown.output.splitlines()]
    assert states == ["current", "retired"]
    old_id = created.output.split("key id ")[1][:16]
    assert f"{old_id} retired" in shown.output
