"""Tamper evidence (issue 16, point 3): what an attacker with write access to the database does, and how
`annals verify`, `GET /games/{id}/verify` and `annals rebuild` answer it, on SQLite and PostgreSQL.

Every tamper starts from the same log: game A (5 events) and game B (3 events), a global checkpoint made by
`annals checkpoint` (mirrored to the witness file) and an export of A (a signed stream checkpoint of A at
version 5). The attacker drops the immutability triggers first, as anyone with DDL rights could.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from sqlalchemy import Connection, Engine, text

from domain.chain import event_hash_of_texts
from service import config, wiring
from service.cli import cli
from service.clock import SystemClock
from service.entropy import SystemEntropy
from tests.conftest import Api, _api, _finish, _make_app
from tests.service.test_disputes_rebuild import _disputed


@pytest.fixture
def witness(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own witness file (the run's signing key is shared)."""
    path = tmp_path / "witness.json"
    monkeypatch.setenv("ANNALS_WITNESS_FILE", str(path))
    return path


@pytest.fixture
def site(backend_url: str, witness: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """The API on a fresh database, and the CLI pointed at the same database (DATABASE_URL)."""
    monkeypatch.setenv("DATABASE_URL", backend_url)
    app = _make_app(backend_url, WITNESS_FILE=str(witness))
    yield _api(app)
    _finish(app)


def annals(*args: str) -> Result:
    """Run an `annals` command as an operator would, configured from the environment, and release it."""
    wired = wiring.build(config.load(), SystemClock(), SystemEntropy())
    try:
        result = CliRunner().invoke(cli, list(args), obj=wired)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result
    finally:
        wired.close()


def _game(api: Api, notes: int) -> str:
    game = api.create_game()["id"]
    for n in range(notes):
        assert api.act(game, type="note", seat="red", data={"n": n}).status_code == 201
    return str(game)


def _recorded(api: Api) -> tuple[str, str]:
    """Games A (5 events, exported: signed at version 5) and B (3 events), under a global checkpoint."""
    a, b = _game(api, 4), _game(api, 2)
    made = annals("checkpoint")
    assert made.exit_code == 0 and "global checkpoint at position " in made.output, made.output
    assert api.client.get(f"/api/v1/games/{a}/export").status_code == 200
    assert annals("verify").exit_code == 0
    return a, b


# --- the attacker's tools ---


def _unlock(conn: Connection) -> None:
    """Remove the triggers that refuse UPDATE and DELETE on events and checkpoints."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("ALTER TABLE events DISABLE TRIGGER USER")
        conn.exec_driver_sql("ALTER TABLE checkpoints DISABLE TRIGGER USER")
        return
    for name in (
        "events_refuse_update",
        "events_refuse_delete",
        "checkpoints_refuse_update",
        "checkpoints_refuse_delete",
    ):
        conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {name}")


def _delete_version(conn: Connection, game: str, version: int) -> None:
    conn.execute(text("DELETE FROM events WHERE stream_id = :s AND version = :v"), {"s": f"game:{game}", "v": version})


def _edit_data(conn: Connection, game: str, version: int) -> None:
    conn.execute(
        text("UPDATE events SET data = :d WHERE stream_id = :s AND version = :v"),
        {"d": '{"data":{"n":99},"seat":"red","type":"note"}', "s": f"game:{game}", "v": version},
    )


def _rechain_from(conn: Connection, game: str, version: int, stream: str | None = None) -> None:
    """Recompute every hash from `version` on, as if the edited event had been recorded that way (in the
    game's stream, or in `stream`)."""
    rows = conn.execute(
        text("SELECT * FROM events WHERE stream_id = :s ORDER BY version"), {"s": stream or f"game:{game}"}
    ).mappings()
    prev = None
    for row in list(rows):
        if row["version"] < version:
            prev = row["hash"]
            continue
        assert prev is not None
        digest = event_hash_of_texts(
            prev,
            stream_id=row["stream_id"],
            version=row["version"],
            event_id=row["event_id"],
            type=row["type"],
            schema_version=row["schema_version"],
            data_json=row["data"],
            metadata_json=row["metadata"],
            recorded_at=row["recorded_at"],
        )
        conn.execute(
            text("UPDATE events SET prev_hash = :p, hash = :h WHERE position = :pos"),
            {"p": prev, "h": digest, "pos": row["position"]},
        )
        prev = digest


def _summary_to_log(conn: Connection, game: str) -> None:
    """Make the summary agree with the (truncated) log, as `annals rebuild` would have."""
    head = conn.execute(
        text("SELECT version, hash FROM events WHERE stream_id = :s ORDER BY version DESC LIMIT 1"),
        {"s": f"game:{game}"},
    ).one()
    conn.execute(
        text("UPDATE game_summaries SET version = :v, last_hash = :h WHERE game_id = :g"),
        {"v": head[0], "h": head[1], "g": game},
    )


def tamper_a(conn: Connection, game: str) -> None:
    """(a) delete the last event."""
    _delete_version(conn, game, 5)


def tamper_b(conn: Connection, game: str) -> None:
    """(b) edit an event's data without re-chaining."""
    _edit_data(conn, game, 3)


def tamper_c(conn: Connection, game: str) -> None:
    """(c) edit an event and re-chain every later hash."""
    _edit_data(conn, game, 3)
    _rechain_from(conn, game, 3)


def tamper_d(conn: Connection, game: str) -> None:
    """(d) delete the first event."""
    _delete_version(conn, game, 1)


def tamper_e(conn: Connection, game: str) -> None:
    """(e) delete the whole stream."""
    conn.execute(text("DELETE FROM events WHERE stream_id = :s"), {"s": f"game:{game}"})


def tamper_f(conn: Connection, game: str) -> None:
    """(f) delete a middle event."""
    _delete_version(conn, game, 3)


def tamper_g(conn: Connection, game: str) -> None:
    """(g) delete the last event and edit the summary to match the truncated log."""
    _delete_version(conn, game, 5)
    _summary_to_log(conn, game)


def tamper_h(conn: Connection, game: str) -> None:
    """(h) delete the last event, edit the summary to match, and delete every checkpoint row too."""
    tamper_g(conn, game)
    conn.execute(text("DELETE FROM checkpoints"))


TAMPERS: dict[str, tuple[Callable[[Connection, str], None], str]] = {
    "a_last_event_deleted": (tamper_a, "truncated"),
    "b_event_edited": (tamper_b, "broken-chain"),
    "c_event_edited_and_rechained": (tamper_c, "rechained"),
    "d_first_event_deleted": (tamper_d, "broken-chain"),
    "e_stream_deleted": (tamper_e, "deleted-stream"),
    "f_middle_event_deleted": (tamper_f, "broken-chain"),
    "g_summary_matches_the_truncated_log": (tamper_g, "truncated"),
    "h_checkpoint_rows_deleted_too": (tamper_h, "truncated"),
}


def _tamper(engine: Engine, how: Callable[[Connection, str], None], game: str) -> None:
    with engine.begin() as conn:
        _unlock(conn)
        how(conn, game)


def _verify_view(api: Api, game: str) -> dict[str, Any]:
    response = api.client.get(f"/api/v1/games/{game}/verify")
    assert response.status_code == 200, response.get_data(as_text=True)
    body: dict[str, Any] = response.get_json()
    return body


def _assert_detected(api: Api, a: str, b: str, kind: str) -> None:
    result = annals("verify")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    prefix = "BROKEN" if kind == "broken-chain" else kind.upper()
    assert any(line.startswith(prefix) and f"game:{a}" in line for line in lines), lines
    assert any(line.startswith("ok") and f"game:{b}" in line for line in lines), lines  # B is untouched
    body = _verify_view(api, a)
    assert body["ok"] is False
    assert kind in [f["kind"] for f in body["findings"]], body
    assert _verify_view(api, b)["ok"] is True


# --- the eight tampers ---


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_verify_and_the_verify_view_report_the_game_when_its_log_was_tampered_with(site: Api, name: str) -> None:
    a, b = _recorded(site)
    how, kind = TAMPERS[name]

    _tamper(site.services.engine, how, a)

    _assert_detected(site, a, b, kind)


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_rebuild_refuses_and_the_tamper_stays_detected_when_the_log_was_tampered_with(site: Api, name: str) -> None:
    a, b = _recorded(site)
    how, kind = TAMPERS[name]
    _tamper(site.services.engine, how, a)

    rebuilt = annals("rebuild")

    assert rebuilt.exit_code == 1, rebuilt.output
    assert any(line.startswith("REFUSED") and f"game:{a}" in line for line in rebuilt.output.splitlines())
    assert f"game:{b}" not in rebuilt.output
    _assert_detected(site, a, b, kind)


def test_truncation_stays_detected_by_its_checkpoint_when_rebuild_accepts_the_tampered_log(site: Api) -> None:
    a, _ = _recorded(site)
    _tamper(site.services.engine, tamper_a, a)

    rebuilt = annals("rebuild", "--accept-tampered")

    assert rebuilt.exit_code == 0, rebuilt.output
    assert site.client.get(f"/api/v1/games/{a}").get_json()["version"] == 4  # the summary follows the log
    result = annals("verify")
    assert result.exit_code == 1
    assert any(line.startswith("TRUNCATED") and f"game:{a}" in line for line in result.output.splitlines())
    body = _verify_view(site, a)
    assert body["ok"] is False and {f["kind"] for f in body["findings"]} == {"truncated"}
    assert "the checkpoint signed " in body["reason"] or "witness" in body["reason"]


def test_only_the_witness_names_the_game_when_stream_summary_and_every_checkpoint_row_are_deleted(
    site: Api,
) -> None:
    a, b = _recorded(site)

    def erase_everything(conn: Connection, game: str) -> None:
        tamper_e(conn, game)
        conn.execute(text("DELETE FROM game_players WHERE game_id = :g"), {"g": game})
        conn.execute(text("DELETE FROM game_summaries WHERE game_id = :g"), {"g": game})
        conn.execute(text("DELETE FROM checkpoints"))

    _tamper(site.services.engine, erase_everything, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("DELETED-STREAM") and f"game:{a}" in line and "witness" in line for line in lines)
    assert any(line.startswith("WITNESS") and "the database does not" in line for line in lines), lines
    assert any(line.startswith("ok") and f"game:{b}" in line for line in lines), lines
    assert site.client.get(f"/api/v1/games/{a}/verify").status_code == 404  # no record of A is left in the database


def test_verify_and_rebuild_find_nothing_when_nobody_tampered(site: Api) -> None:
    a, _ = _recorded(site)

    rebuilt = annals("rebuild")
    result = annals("verify")

    assert rebuilt.exit_code == 0, rebuilt.output
    assert result.exit_code == 0, result.output
    assert "0 broken, 0 finding(s)" in result.output
    assert _verify_view(site, a)["checkpoint"]["version"] == 5


def test_checkpoint_verify_and_the_api_name_a_global_checkpoint_by_the_same_position_when_row_ids_have_gaps(
    site: Api,
) -> None:
    a, _ = _recorded(site)  # a global checkpoint, then the export's stream checkpoint: the next row id skips one
    site.act(a, type="note", seat="red", data={"n": "later"})

    made = annals("checkpoint")
    again = annals("checkpoint")
    checked = annals("verify")
    listed = site.client.get("/api/v1/checkpoints?kind=global", headers=site.headers()).get_json()["items"]

    newest, first = listed[0], listed[1]
    assert newest["id"] - first["id"] == 2  # rows: global, stream (the export), global: the 2nd global is not id 2
    assert made.output.startswith(f"global checkpoint at position {newest['position']}: "), made.output
    assert again.output.startswith(f"nothing new to sign: global checkpoint at position {newest['position']}")
    assert f"2 global checkpoint(s) checked, the newest at position {newest['position']}," in checked.output
    assert checked.exit_code == 0, checked.output


# --- SQLite's write-ahead log cut short ---


@pytest.fixture
def sqlite_site(tmp_path: Path, witness: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Api, Path]]:
    database = tmp_path / "live" / "annals.db"
    database.parent.mkdir()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    app = _make_app(f"sqlite:///{database}", WITNESS_FILE=str(witness))
    yield _api(app), database
    _finish(app)


@pytest.mark.parametrize("cut", ["wal_left_behind", "wal_cut_to_its_header"])
def test_verify_reports_the_lost_commits_when_the_sqlite_wal_file_is_lost_or_cut(
    sqlite_site: tuple[Api, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: str
) -> None:
    api, database = sqlite_site
    a = _game(api, 2)
    with api.services.engine.connect() as conn:  # what is written so far reaches the database file itself
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    for n in range(4):
        assert api.act(a, type="note", seat="blue", data={"late": n}).status_code == 201
    assert annals("checkpoint").exit_code == 0  # signed and witnessed, but only in the -wal file so far
    copy = tmp_path / "copy" / "annals.db"
    copy.parent.mkdir()
    shutil.copyfile(database, copy)  # the writer still holds its connection: the WAL is not merged
    if cut == "wal_cut_to_its_header":
        with open(f"{database}-wal", "rb") as wal:
            Path(f"{copy}-wal").write_bytes(wal.read(32))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{copy}")

    result = annals("verify")

    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("TRUNCATED") and f"game:{a}" in line and "witness" in line for line in lines), lines
    assert any(line.startswith("WITNESS") and "older copy" in line for line in lines), lines
    copied = _make_app(f"sqlite:///{copy}", WITNESS_FILE=str(api.services.settings["WITNESS_FILE"]))
    try:
        body = _verify_view(_api(copied), a)
    finally:
        _finish(copied)
    assert body["ok"] is False and "truncated" in [f["kind"] for f in body["findings"]]


# --- the checkpoints themselves ---


def test_verify_reports_a_bad_signature_when_a_checkpoint_row_was_edited(site: Api) -> None:
    a, b = _recorded(site)

    def forge(conn: Connection, game: str) -> None:
        conn.execute(text("UPDATE checkpoints SET version = 4 WHERE stream_id = :s"), {"s": f"game:{game}"})

    _tamper(site.services.engine, forge, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    assert any(line.startswith("BAD-SIGNATURE") and f"game:{a}" in line for line in result.output.splitlines())
    assert "bad-signature" in [f["kind"] for f in _verify_view(site, a)["findings"]]
    assert _verify_view(site, b)["ok"] is True


def test_verify_reports_the_broken_global_chain_when_a_global_checkpoint_was_deleted(site: Api) -> None:
    a, _ = _recorded(site)
    site.act(a, type="note", seat="red", data={"n": "later"})
    assert annals("checkpoint").exit_code == 0

    def drop_first_global(conn: Connection, game: str) -> None:
        conn.execute(text("DELETE FROM checkpoints WHERE id = (SELECT MIN(id) FROM checkpoints WHERE kind = 'global')"))

    _tamper(site.services.engine, drop_first_global, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    assert any(line.startswith("GLOBAL-CHAIN") for line in result.output.splitlines()), result.output


def test_rebuild_restores_a_lost_summary_when_the_log_agrees_with_every_signed_head(site: Api) -> None:
    a, _ = _recorded(site)

    def lose_summary(conn: Connection, game: str) -> None:
        conn.execute(text("DELETE FROM game_players WHERE game_id = :g"), {"g": game})
        conn.execute(text("DELETE FROM game_summaries WHERE game_id = :g"), {"g": game})

    _tamper(site.services.engine, lose_summary, a)
    lost = annals("verify", a)

    rebuilt = annals("rebuild")

    assert lost.exit_code == 1 and lost.output.startswith("MISSING-HEAD"), lost.output
    assert rebuilt.exit_code == 0, rebuilt.output
    assert annals("verify").exit_code == 0
    assert _verify_view(site, a)["ok"] is True


# --- a snapshot row edited: the chain holds, the state read through it does not ---


@pytest.fixture
def snapshot_site(backend_url: str, witness: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Api]:
    """The API writing a snapshot every 2 events, and the CLI on the same database."""
    monkeypatch.setenv("DATABASE_URL", backend_url)
    monkeypatch.setenv("ANNALS_SNAPSHOT_EVERY", "2")
    app = _make_app(backend_url, WITNESS_FILE=str(witness), SNAPSHOT_EVERY=2)
    yield _api(app)
    _finish(app)


def _forge_snapshot_4(conn: Connection, game: str) -> None:
    """The snapshot at version 4 (three notes) edited to show 99."""
    state = conn.execute(
        text("SELECT state FROM snapshots WHERE stream_id = :s AND version = 4"), {"s": f"game:{game}"}
    ).scalar_one()
    forged = state.replace('"counts":{"note":3}', '"counts":{"note":99}')
    assert forged != state, state[:300]
    conn.execute(
        text("UPDATE snapshots SET state = :state WHERE stream_id = :s AND version = 4"),
        {"state": forged, "s": f"game:{game}"},
    )


def test_verify_reports_a_snapshot_row_edited_to_change_the_state_readers_are_shown(snapshot_site: Api) -> None:
    api = snapshot_site
    a, b = _game(api, 4), _game(api, 2)

    _tamper(api.services.engine, _forge_snapshot_4, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    assert any(line.startswith("SNAPSHOT") and f"game:{a}" in line for line in result.output.splitlines())
    assert annals("verify", a).exit_code == 1
    view = _verify_view(api, a)
    assert view["ok"] is False
    assert [(f["kind"], f["version"]) for f in view["findings"]] == [("snapshot", 4)]
    assert _verify_view(api, b)["ok"] is True


def test_a_second_verify_folds_only_what_came_after_the_snapshots_the_first_found_to_be_the_fold(
    snapshot_site: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = snapshot_site
    game = _game(api, 5)  # versions 1-6, a snapshot at 2, 4 and 6
    assert _verify_view(api, game)["ok"] is True
    folded: list[tuple[int, int]] = []
    read_facts = api.services.store.read_facts

    def counted(stream: str, after: int, until: int, upcasters: Any = None) -> Any:
        folded.append((after, until))
        return read_facts(stream, after, until, upcasters)

    monkeypatch.setattr(api.services.store, "read_facts", counted)

    assert _verify_view(api, game)["ok"] is True
    assert folded == []  # the chain check needs no state, and every snapshot was found to be the fold before
    for n in (5, 6):
        assert api.act(game, type="note", seat="red", data={"n": n}).status_code == 201  # a snapshot at 8
    folded.clear()
    assert _verify_view(api, game)["ok"] is True
    assert folded == [(6, 8)]  # from the snapshot at 6, known to be the fold, not from the first event

    _tamper(api.services.engine, _forge_snapshot_4, game)  # edited after it was found to be the fold
    view = _verify_view(api, game)
    assert [(f["kind"], f["version"]) for f in view["findings"]] == [("snapshot", 4)]


def test_verify_reports_a_dispute_row_edited_to_close_an_appealed_dispute(site: Api) -> None:
    _recorded(site)
    _disputed(site)  # one dispute overturned, then appealed (open again); one open
    assert annals("verify").exit_code == 0

    def forge(conn: Connection, _: str) -> None:
        conn.execute(text("UPDATE disputes SET status = 'upheld' WHERE appeals = 1"))

    _tamper(site.services.engine, forge, "")

    result = annals("verify")
    assert result.exit_code == 1, result.output
    flagged = [line for line in result.output.splitlines() if line.startswith("HEAD-MISMATCH")]
    assert len(flagged) == 1 and "dispute:" in flagged[0] and flagged[0].endswith("on status"), flagged


def test_verify_and_the_verify_view_report_a_summary_edited_to_hide_a_public_game(site: Api) -> None:
    a, b = _recorded(site)

    def forge(conn: Connection, game: str) -> None:
        conn.execute(text("UPDATE game_summaries SET visibility = 'private' WHERE game_id = :g"), {"g": game})

    _tamper(site.services.engine, forge, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    flagged = [line for line in result.output.splitlines() if line.startswith("HEAD-MISMATCH")]
    assert len(flagged) == 1 and f"game:{a}" in flagged[0] and flagged[0].endswith("on visibility"), flagged
    view = site.client.get(f"/api/v1/games/{a}/verify", headers=site.headers("admin")).get_json()
    assert [f["kind"] for f in view["findings"]] == ["head-mismatch"], view
    assert _verify_view(site, b)["ok"] is True


def test_verify_reports_a_player_row_added_to_list_a_game_to_someone_without_a_seat(site: Api) -> None:
    a, b = _recorded(site)
    player = site.client.post("/api/v1/players", json={"name": "Mallory"}, headers=site.headers("admin"))
    assert player.status_code == 201, player.get_data(as_text=True)

    def forge(conn: Connection, game: str) -> None:
        conn.execute(
            text("UPDATE game_players SET player_id = :p WHERE game_id = :g AND seat = 'red'"),
            {"p": player.get_json()["id"], "g": game},
        )

    _tamper(site.services.engine, forge, a)

    result = annals("verify")
    assert result.exit_code == 1, result.output
    flagged = [line for line in result.output.splitlines() if line.startswith("HEAD-MISMATCH")]
    assert len(flagged) == 1 and f"game:{a}" in flagged[0] and "seat holders" in flagged[0], flagged
    assert _verify_view(site, b)["ok"] is True


def _tournament_rechained_under_a_signed_head(site: Api, names: tuple[str, ...]) -> str:
    """A tournament whose entrants (of club north) are under a global checkpoint, then whose first registration
    was edited (club south) and the stream re-chained from it: its chain holds, its signed heads do not."""
    headers = site.headers("organiser")
    created: str = site.client.post(
        "/api/v1/tournaments",
        json={"name": "Open", "ruleset": "freeform", "table_size": 4, "rounds": 1},
        headers=headers,
    ).get_json()["id"]
    for name in names:
        body = {"name": name, "club": "north"}
        assert site.client.post(f"/api/v1/tournaments/{created}/players", json=body, headers=headers).status_code == 201
    _rechained_under_a_global_checkpoint(site, f"tournament:{created}", "north", "south")
    return created


def _rechained_under_a_global_checkpoint(site: Api, stream: str, old: str, new: str, version: int = 2) -> None:
    """Sign a global checkpoint, then edit `old` to `new` in one version of the stream and re-chain it from there."""
    site.services.checkpoints.checkpoint_global()
    with site.services.engine.begin() as conn:
        _unlock(conn)
        conn.execute(
            text("UPDATE events SET data = replace(data, :old, :new) WHERE stream_id = :s AND version = :v"),
            {"s": stream, "v": version, "old": old, "new": new},
        )
        _rechain_from(conn, "", version, stream)


def test_the_tournament_verify_view_reports_a_registration_edited_and_rechained_under_a_signed_head(
    site: Api,
) -> None:
    """GET /tournaments/{id}/verify recomputed the chain alone: after an entrant's club was edited and the
    stream re-chained it answered ok, while `annals verify` named the stream RECHAINED against the global
    checkpoint and the witness."""
    created = _tournament_rechained_under_a_signed_head(site, ("Ann", "Bea"))
    stream = f"tournament:{created}"

    verified = site.client.get(f"/api/v1/tournaments/{created}/verify", headers=site.headers("organiser")).get_json()

    assert any(line.startswith("RECHAINED") and stream in line for line in annals("verify").output.splitlines())
    assert verified["ok"] is False
    assert [f["kind"] for f in verified["findings"]] == ["rechained"]
    assert verified["first_broken"] == 3 and "witness" in verified["reason"]


def test_the_tournament_record_is_refused_naming_the_finding_when_its_stream_was_edited_and_rechained(
    site: Api,
) -> None:
    """GET /tournaments/{id}/record exported the edited, re-chained stream as the tournament's history, though its
    verify view reported it `rechained` against the signed heads."""
    created = _tournament_rechained_under_a_signed_head(site, ("Ann",))

    exported = site.client.get(f"/api/v1/tournaments/{created}/record", headers=site.headers("organiser"))

    problem = exported.get_json()
    assert exported.status_code == 409 and problem["type"] == "/api/v1/problems/log-tampered", problem
    assert "rechained at version 2" in problem["detail"] and "nothing was exported" in problem["detail"]
    assert [f["kind"] for f in problem["findings"]] == ["rechained"]


def _tournament_with_a_rechained_dispute(site: Api) -> tuple[str, str]:
    """A tournament of four whose one game's end was overturned by a dispute (the ruling amends the result, naming
    it), under a global checkpoint; then its ruling (version 3) was edited and re-chained."""
    headers = site.headers("organiser")
    base = "/api/v1/tournaments"
    body = {"name": "Open", "ruleset": "freeform", "table_size": 4, "rounds": 1}
    created: str = site.client.post(base, json=body, headers=headers).get_json()["id"]
    for n in range(4):
        entrant = {"name": f"Player {n}"}
        assert site.client.post(f"{base}/{created}/players", json=entrant, headers=headers).status_code == 201
    assert site.client.post(f"{base}/{created}/rounds", json={}, headers=headers).status_code == 201
    assert site.client.post(f"{base}/{created}/rounds/1/start", json={}, headers=headers).status_code == 200
    game = site.client.get(f"{base}/{created}/rounds/1", headers=headers).get_json()["tables"][0]["game"]
    end = {"winners": ["seat-1"], "scores": {"seat-1": 40, "seat-2": 30, "seat-3": 20, "seat-4": 10}}
    assert site.act(game, "organiser", type="end_game", seat=None, data=end).status_code == 201
    claim = {"version": 2, "claim": "seat-4 held the most points at the end"}
    arbiter = site.headers("arbiter")
    dispute = site.client.post(f"/api/v1/games/{game}/disputes", json=claim, headers=arbiter).get_json()["id"]
    corrected = {"winners": ["seat-4"], "scores": {"seat-1": 30, "seat-2": 20, "seat-3": 10, "seat-4": 40}}
    ruling = {
        "decision": "overturned",
        "reasoning": "recount",
        "rule_ids": ["CORE-END-1"],
        "corrected_action": {"type": "end_game", "seat": None, "data": corrected},
    }
    assert site.client.post(f"/api/v1/disputes/{dispute}/ruling", json=ruling, headers=arbiter).status_code == 201
    stream = f"dispute:{dispute}"
    _rechained_under_a_global_checkpoint(site, stream, "recount", "coin toss", version=3)
    return created, stream


def test_the_tournament_record_and_verify_view_report_a_dispute_stream_edited_and_rechained(site: Api) -> None:
    """GET /tournaments/{id}/record checked the tournament's stream against its signed heads and each table game by
    its export, but carried the disputes behind its amendments as stored: a ruling edited and re-chained under the
    global checkpoint was exported as the reason a result changed, and the verify view answered ok."""
    created, stream = _tournament_with_a_rechained_dispute(site)
    headers = site.headers("organiser")

    exported = site.client.get(f"/api/v1/tournaments/{created}/record", headers=headers)
    verified = site.client.get(f"/api/v1/tournaments/{created}/verify", headers=headers).get_json()

    assert any(line.startswith("RECHAINED") and stream in line for line in annals("verify").output.splitlines())
    problem = exported.get_json()
    assert exported.status_code == 409 and problem["type"] == "/api/v1/problems/log-tampered", problem
    assert problem["detail"].startswith(f"{stream} fails its check (rechained")
    assert "rechained" in [f["kind"] for f in problem["findings"]]
    assert verified["ok"] is False and verified["findings"] == [], verified
    assert [(s["stream"], s["ok"]) for s in verified["streams"]] == [(stream, False)]
