"""`annals tournament …` on a SQLite file: a director runs a one-round tournament from the command line, and
anyone re-derives its draw from the exported stream (issue 13)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from service import create_app
from service.auth import Principal
from service.cli import cli
from service.games import RequestContext
from service.store import tournaments as rows
from service.tournaments.commands import load


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'annals.db'}")
    monkeypatch.setenv("ANNALS_SIGNING_KEY_FILE", str(tmp_path / "keys" / "signing-key.pem"))
    made = CliRunner()
    assert made.invoke(cli, ["db", "upgrade"]).exit_code == 0
    return made


def _ok(result: Result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def _end_every_game(games: list[str], seats: int = 4, winners: list[str] | None = None) -> None:
    """The tables play: each game ends with seat-1 first down to seat-`seats` (through the service's own commands),
    or game n with `winners[n]` first."""
    app = create_app()
    services = app.extensions["annals"]
    try:
        for n, game in enumerate(games):
            first = winners[n] if winners else "seat-1"
            scores = {f"seat-{k}": seats + 1 - k for k in range(1, seats + 1)}
            scores[first], scores["seat-1"] = scores["seat-1"], scores[first]
            body = {"type": "end_game", "seat": None, "data": {"winners": [first], "scores": scores}}
            services.commands.act(Principal("system:test", "admin"), game, body, None, None, RequestContext("t"))
    finally:
        services.close()


def _one_round(runner: CliRunner, tmp_path: Path, timed: bool = False) -> tuple[str, Path]:
    """A finished one-round tournament of eight, run from the command line; its id and its exported stream. Timed:
    a round of 150 minutes whose clock is started, extended (the round, then table 2 alone) and called."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    timing = ["--round-minutes", "150"] if timed else []
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1", *timing])).splitlines()[-1]
    for n in range(8):
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"]))
    paired = _ok(runner.invoke(cli, ["tournament", "pair", tid]))
    games = [line.split()[-1] for line in paired.splitlines() if line.startswith("table ") and ": game " in line]
    assert len(games) == 2
    if timed:
        _time_round_one(runner, tid)
    _end_every_game(games)
    for table in (1, 2):
        _ok(runner.invoke(cli, ["tournament", "approve", tid, "1", str(table), "--override-reason", "club night"]))
    _ok(runner.invoke(cli, ["tournament", "close-round", tid, "1"]))
    _ok(runner.invoke(cli, ["tournament", "finish", tid]))
    export = tmp_path / "tournament.jsonl"
    _ok(runner.invoke(cli, ["tournament", "export", tid, "-o", str(export)]))
    return tid, export


def test_a_director_runs_a_round_from_the_command_line_and_the_export_rederives_its_draw(
    runner: CliRunner, tmp_path: Path
) -> None:
    tid, export = _one_round(runner, tmp_path)

    standings = json.loads(_ok(runner.invoke(cli, ["tournament", "standings", tid, "--format", "json"])))
    checked = runner.invoke(cli, ["tournament", "check-pairing", "--events", str(export)])

    # WBC placement points at four: each table's seat-1 takes 100, seat-2 50, seat-3 20, seat-4 10.
    assert [row["score"] for row in standings] == [100, 100, 50, 50, 20, 20, 10, 10]
    assert checked.exit_code == 0 and "round 1: same as published" in checked.output


def test_standings_print_an_opponents_score_as_a_number_not_a_fraction(runner: CliRunner, tmp_path: Path) -> None:
    """A winner's three opponents scored 50, 20 and 10: an opponents' score of 80/3, which the table printed as
    "80/3" (qatd). JSON gives it as the API does (26.6667), the table as the standings page does (26.67)."""
    tid, _ = _one_round(runner, tmp_path)

    standings = json.loads(_ok(runner.invoke(cli, ["tournament", "standings", tid, "--format", "json"])))
    table = _ok(runner.invoke(cli, ["tournament", "standings", tid]))

    assert standings[0]["score"] == 100 and standings[0]["opponents_score"] == 26.6667
    assert "opponents_score=26.67" in table and "/" not in table


def _time_round_one(runner: CliRunner, tid: str) -> None:
    started = _ok(runner.invoke(cli, ["tournament", "start-round", tid, "1"]))
    assert "for 150 minutes" in started
    extend = ["tournament", "extend-round", tid, "1", "--reason", "fire alarm"]
    assert "10 minute(s) more" in _ok(runner.invoke(cli, [*extend, "--minutes", "10"]))
    assert "table 2: 5 minute(s) more" in _ok(runner.invoke(cli, [*extend, "--minutes", "5", "--table", "2"]))
    refused = runner.invoke(cli, [*extend, "--minutes", "0"])
    twice = runner.invoke(cli, ["tournament", "start-round", tid, "1"])
    assert refused.exit_code == 1 and "minutes" in refused.output, refused.output
    assert twice.exit_code == 1 and "started once" in twice.output, twice.output
    assert "time called at" in _ok(runner.invoke(cli, ["tournament", "call-time", tid, "1"]))


def _clock_of(tid: str) -> Any:
    app = create_app()
    services = app.extensions["annals"]
    try:
        paired = load(services, Principal("system:test", "admin"), tid).state.round(1)
        assert paired is not None and paired.clock is not None
        return paired.clock
    finally:
        services.close()


def test_a_timed_rounds_clock_survives_export_check_pairing_and_a_record_imported_elsewhere(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, export = _one_round(runner, tmp_path, timed=True)
    clock = _clock_of(tid)
    record = tmp_path / "timed.tournament.json"
    _ok(runner.invoke(cli, ["tournament", "record", tid, "-o", str(record)]))

    checked = runner.invoke(cli, ["tournament", "check-pairing", "--events", str(export)])
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'another.db'}")
    _ok(runner.invoke(cli, ["db", "upgrade"]))
    _ok(runner.invoke(cli, ["tournament", "import", str(record)]))
    verified = runner.invoke(cli, ["verify"])

    assert checked.exit_code == 0 and "round 1: same as published" in checked.output
    assert clock.minutes == 150 and clock.extended == 10 and dict(clock.tables) == {2: 5}
    assert clock.time_called is not None
    assert _clock_of(tid) == clock
    assert verified.exit_code == 0, verified.output


def test_check_pairing_finds_a_published_round_that_is_not_the_seeds_draw(runner: CliRunner, tmp_path: Path) -> None:
    _, export = _one_round(runner, tmp_path)
    lines = [json.loads(line) for line in export.read_text().splitlines()]
    paired = next(e for e in lines if e["type"] == "RoundPaired")
    first, second = paired["data"]["tables"]
    first["players"][0], second["players"][0] = second["players"][0], first["players"][0]  # a hand-picked draw
    export.write_text("".join(json.dumps(e) + "\n" for e in lines))

    checked = runner.invoke(cli, ["tournament", "check-pairing", "--events", str(export)])

    assert checked.exit_code == 1 and "round 1: DIFFERS" in checked.output


def _recorded_for_another_database(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, Path]:
    """A finished tournament's record written to a file, then the runner switched to an empty database."""
    tid, _ = _one_round(runner, tmp_path)
    record = tmp_path / "club-night.tournament.json"
    _ok(runner.invoke(cli, ["tournament", "record", tid, "-o", str(record)]))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'another.db'}")
    _ok(runner.invoke(cli, ["db", "upgrade"]))
    return tid, record


def test_a_tournament_record_written_by_one_database_imports_into_another(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, record = _recorded_for_another_database(runner, tmp_path, monkeypatch)

    first = _ok(runner.invoke(cli, ["tournament", "import", str(record)]))
    second = _ok(runner.invoke(cli, ["tournament", "import", str(record)]))
    standings = json.loads(_ok(runner.invoke(cli, ["tournament", "standings", tid, "--format", "json"])))

    assert f"tournament {tid}: imported (2 game(s)" in first
    assert "already here, nothing written" in second
    assert [row["score"] for row in standings] == [100, 100, 50, 50, 20, 20, 10, 10]


def test_pair_with_the_previews_plan_digest_publishes_that_plan_or_refuses_when_it_changed(runner: CliRunner) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "2"])).splitlines()[-1]
    players = [
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"])).split()[-1] for n in range(9)
    ]
    shown = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--preview"]))
    digest = shown.splitlines()[-1].removeprefix("plan digest ")
    _ok(runner.invoke(cli, ["tournament", "drop", tid, players[0], "--reason", "went home"]))

    refused = runner.invoke(cli, ["tournament", "pair", tid, "--plan-digest", digest, "--accept-problems"])
    again = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--preview"])).splitlines()[-1]
    published = runner.invoke(cli, ["tournament", "pair", tid, "--no-start", "--plan-digest", again.split()[-1]])

    assert len(digest) == 64
    assert refused.exit_code == 1 and "preview it again" in refused.output
    assert published.exit_code == 0, published.output
    assert published.stdout.strip().splitlines()[-1] == again


def test_registering_a_name_twice_from_the_command_line_needs_different_person(runner: CliRunner) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Ann"]))

    again = runner.invoke(cli, ["tournament", "register", tid, "--name", "Ann"])
    told = runner.invoke(cli, ["tournament", "register", tid, "--name", "Ann", "--different-person"])

    assert again.exit_code != 0 and "Ann is already an entrant" in again.output
    assert told.exit_code == 0, told.output


def test_a_tournament_record_missing_a_table_game_is_refused_naming_its_table_not_its_id(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, record = _recorded_for_another_database(runner, tmp_path, monkeypatch)
    document = json.loads(record.read_text())
    games = [json.loads(lines[0])["game"]["id"] for lines in document["games"]]
    document["games"] = document["games"][:1]  # the second table's game record left out
    record.write_text(json.dumps(document))

    refused = runner.invoke(cli, ["tournament", "import", str(record)])

    assert refused.exit_code != 0
    assert "the record of the game of round 1 table 2 is missing" in refused.output, refused.output
    assert games[1] not in refused.output


def test_a_director_withdraws_a_published_round_from_the_command_line_and_pairs_it_again(runner: CliRunner) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    players = [
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"])).split()[-1] for n in range(9)
    ]
    _ok(runner.invoke(cli, ["tournament", "pair", tid, "--no-start", "--accept-problems"]))  # one bye of nine
    no_reason = runner.invoke(cli, ["tournament", "withdraw-round", tid, "1", "--reason", ""])

    withdrawn = runner.invoke(cli, ["tournament", "withdraw-round", tid, "1", "--reason", "Player 0 did not show"])
    _ok(runner.invoke(cli, ["tournament", "drop", tid, players[0], "--reason", "did not show"]))
    again = _ok(runner.invoke(cli, ["tournament", "pair", tid]))  # eight left: two tables, their games created
    started = runner.invoke(cli, ["tournament", "withdraw-round", tid, "1", "--reason", "too late"])

    assert no_reason.exit_code != 0 and "reason" in no_reason.output
    assert withdrawn.exit_code == 0, withdrawn.output
    assert f"round 1 withdrawn; pair it again with: annals tournament pair {tid}" in withdrawn.output
    assert "round 1: repeat cost 0" in again and "Player 0" not in again and "byes" not in again
    assert started.exit_code == 1 and "round 1 has started" in started.output


def _played_round(runner: CliRunner, tid: str, number: int, winners: list[str]) -> None:
    """Round `number` paired (its problems accepted), its games ended (game n won by `winners[n]`), closed."""
    paired = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--accept-problems"]))
    games = [line.split()[-1] for line in paired.splitlines() if line.startswith("table ") and ": game " in line]
    _end_every_game(games, seats=2, winners=winners)
    for table in range(1, len(games) + 1):
        _ok(runner.invoke(cli, ["tournament", "approve", tid, str(number), str(table), "--override-reason", "sheet"]))
    _ok(runner.invoke(cli, ["tournament", "close-round", tid, str(number)]))


def test_pair_prints_unavoidable_repeats_apart_and_publishes_without_accept_problems_at_tables_of_2(
    runner: CliRunner, tmp_path: Path
) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"placement_points": {"2": [1, 0]}}))
    create = ["tournament", "create", "--name", "Duels", "--ruleset", "freeform", "--table-size", "2"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "3", "--settings", str(settings)])).splitlines()[-1]
    for n in range(4):
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"]))
    _played_round(runner, tid, 1, ["seat-1", "seat-2"])  # the winners played different seats: round 2 swaps them
    _played_round(runner, tid, 2, ["seat-1", "seat-1"])  # now everyone has played both seats once

    third = runner.invoke(cli, ["tournament", "pair", tid, "--no-start"])

    assert third.exit_code == 0, third.output
    lines = third.stdout.splitlines()
    assert [line.split()[:2] for line in lines if line.split()[0] in ("UNAVOIDABLE", "PROBLEM")] == [
        ["UNAVOIDABLE", "faction_repeat"]
    ] * 4


def test_a_csv_list_registers_everyone_or_nobody_naming_each_refused_line(runner: CliRunner, tmp_path: Path) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Ann", "--club", "Szeged"]))
    bad = tmp_path / "bad.csv"
    bad.write_text("Name,Club,Team,Email\nBob,Pécs,,\n\nann,Szeged,,\nCid,,,not-an-email\nbob,Pécs,,\n", "utf-8")
    good = tmp_path / "good.csv"
    good.write_text("name,club\n" + "".join(f"Player {n},club-{n % 3}\n" for n in range(8)), "utf-8")

    refused = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(bad)])
    malformed = bad.read_text("utf-8").replace("not-an-email", "cid@example.org")
    bad.write_text(malformed, "utf-8")
    conflicting = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(bad)])
    registered = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(good)])
    paired = runner.invoke(cli, ["tournament", "pair", tid, "--no-start"])

    assert refused.exit_code == 1 and "line 5: Cid: email" in refused.stderr and "malformed" in refused.stderr
    assert conflicting.exit_code == 1
    assert "line 4: ann: Ann of Szeged is already an entrant" in conflicting.stderr
    assert "line 6: bob: Bob is entrant 0 of this list too" in conflicting.stderr
    assert "2 of 4 entrant(s) refused, nobody registered" in conflicting.stderr
    assert [line.split(" ", 1)[1] for line in _ok(registered).splitlines()] == [f"Player {n}" for n in range(8)]
    assert paired.exit_code == 0, paired.output
    # Ann and the file's eight: three tables of three (smaller tables, the default remainder), nobody left out.
    assert "byes:" not in paired.stdout and paired.stdout.count("table ") == 3
    assert all(f"Player {n} (" in paired.stdout for n in range(8)) and "Ann (" in paired.stdout


def test_a_csv_list_registers_known_players_by_id_and_a_second_namesake_by_different_person(
    runner: CliRunner, tmp_path: Path
) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    earlier = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    ann, bob = (_ok(runner.invoke(cli, ["tournament", "register", earlier, "--name", n])) for n in ("Ann", "Bob"))
    _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "John Smith"]))
    listed = tmp_path / "list.csv"
    header = "name,player,club,different_person\n"
    wrong = f"Ann,{ann},,\nBobby,{bob},,\nJohn Smith,,,\nJohn Smith,,,maybe\n"
    listed.write_text(header + wrong, "utf-8")

    mistyped = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])
    listed.write_text(header + f"Ann,{ann},,\nbob,{bob},,\n,{bob[:-1]}x,,\nJohn Smith,,,\n", "utf-8")
    unknown = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])
    listed.write_text(header + f"Ann,{ann},,\n,{bob},,\nJohn Smith,,,Yes\nCid,,,no\n", "utf-8")
    registered = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])
    entrants = _ok(runner.invoke(cli, ["tournament", "standings", tid, "--format", "json"]))

    assert mistyped.exit_code == 1 and f"line 3: Bobby: player {bob} is Bob, not Bobby" in mistyped.stderr
    assert unknown.exit_code == 1 and f"line 4: {bob[:-1]}x: no player" in unknown.stderr
    assert "line 5: John Smith: John Smith is already an entrant" in unknown.stderr
    assert [line.split(" ", 1)[0] for line in _ok(registered).splitlines()][:2] == [ann, bob]
    names = sorted(line["name"] for line in json.loads(entrants))
    assert names == ["Ann", "Bob", "Cid", "John Smith", "John Smith"]


def test_a_csv_list_names_a_misnamed_player_a_malformed_row_and_a_namesake_in_one_try(
    runner: CliRunner, tmp_path: Path
) -> None:
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    bob = _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Bob"]))
    other = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    _ok(runner.invoke(cli, ["tournament", "register", other, "--name", "John Smith"]))
    _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "John Smith"]))
    listed = tmp_path / "list.csv"
    listed.write_text(f"name,player,different_person\nBobby,{bob},\nJohn Smith,,\nCid,,maybe\n", "utf-8")

    refused = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])

    assert refused.exit_code == 1
    assert f"line 2: Bobby: player {bob} is Bob, not Bobby" in refused.stderr
    assert "line 3: John Smith: John Smith is already an entrant" in refused.stderr
    assert "line 4: Cid: different_person" in refused.stderr
    assert "3 of 3 entrant(s) refused" in refused.stderr


def test_check_in_from_the_command_line_pairs_who_checked_in_and_names_who_is_dropped(
    runner: CliRunner, tmp_path: Path
) -> None:
    settings = tmp_path / "settings.json"
    settings.write_text(json.dumps({"require_check_in": True}))
    create = ["tournament", "create", "--name", "Venue", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1", "--settings", str(settings)])).splitlines()[-1]
    ids = [_ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"])) for n in range(5)]

    neither = runner.invoke(cli, ["tournament", "check-in", tid])
    opened = _ok(runner.invoke(cli, ["tournament", "check-in", tid, "--open"]))
    marked = _ok(runner.invoke(cli, ["tournament", "check-in", tid, *[f"--player={p}" for p in ids[:4]]]))
    twice = runner.invoke(cli, ["tournament", "check-in", tid, "--player", ids[0]])
    preview = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--preview"]))
    published = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--no-start"]))

    assert neither.exit_code == 2 and opened == "check-in is open"
    assert marked.splitlines() == [f"checked in: Player {n} ({ids[n][:8]})" for n in range(4)]
    assert twice.exit_code == 1 and "Player 0 has checked in already" in twice.stderr
    assert f"not checked in, left out: Player 4 ({ids[4][:8]})" in preview
    assert f"not checked in, dropped: Player 4 ({ids[4][:8]})" in published and published.count("table ") == 1


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"name,club\nAnn,x\nB\xff\xfeb,y\n", "Error: line 3: not UTF-8 (byte 18 of the file)"),
        (b"name,club\n" + b"x" * 200_000 + b",c\n", "Error: line 2: not CSV (field larger than field limit"),
        (b'name,club\nAnn,x\n"Bob,y\n', "Error: line 3: not CSV (unexpected end of data)"),
        (b"name,club\nAnn,Szeged,Pecs\n", "Error: line 2: 3 cells, the header names 2"),
        (b"name,club,name\nAnn,Szeged,Bob\n", "Error: the file's header row names ['name', 'club', 'name']"),
        (b"name\n" + b"a" * (1024 * 1024), "Error: the file is longer than 1,048,576 bytes"),
    ],
    ids=["not-utf-8", "huge-field", "open-quote", "extra-cell", "repeated-column", "huge-file"],
)
def test_a_csv_list_that_is_no_list_is_refused_naming_its_line_and_registers_nobody(
    runner: CliRunner, tmp_path: Path, content: bytes, said: str
) -> None:
    """A file not UTF-8 or a field past the csv module's limit was a traceback; an open quote read the rest of the
    file as one name, a cell past the header was dropped and a column named twice kept its last cell, silently."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    listed = tmp_path / "list.csv"
    listed.write_bytes(content)

    result = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])

    assert result.exit_code in (1, 2) and not isinstance(result.exception, (UnicodeError, csv.Error)), result.output
    assert said in result.stderr, result.stderr
    assert _entrants(tid) == []


def _entrants(tournament_id: str) -> list[dict[str, object]]:
    app = create_app()
    try:
        return rows.entrants_of(app.extensions["annals"].engine, tournament_id)
    finally:
        app.extensions["annals"].close()


def test_a_refused_csv_line_quotes_its_name_with_terminal_escapes_written_out(
    runner: CliRunner, tmp_path: Path
) -> None:
    """ShownText refuses a name holding an escape or a bidi override because it could reach a terminal: the refusal
    printed that very name to the director's terminal."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    listed = tmp_path / "list.csv"
    listed.write_text("name\nAnn\n\x1b]2;owned\x07Bob\n\u202eecilA\n", "utf-8")

    result = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])

    assert result.exit_code == 1
    assert "line 3: \\u001b]2;owned\\u0007Bob: name: holds U+001B" in result.stderr
    assert "line 4: \\u202eecilA: name: holds U+202E" in result.stderr
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr


def test_a_csv_list_a_hungarian_excel_saved_with_semicolons_registers_its_entrants(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Excel in a Hungarian (or German, Czech…) locale saves "CSV" with semicolons, the comma being the decimal
    mark: a Kard és Korona club's list was refused as a header naming ['name;club'] (qatd)."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    listed = tmp_path / "list.csv"
    listed.write_bytes('\ufeffname;club\r\nÁrpád Fehér;Pécs\r\nZoltán Kis;"Győr; Sopron"\r\n'.encode("utf-8"))

    registered = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])

    assert [line.split(" ", 1)[1] for line in _ok(registered).splitlines()] == ["Árpád Fehér", "Zoltán Kis"]
    assert sorted(str(e["club"]) for e in _entrants(tid)) == ["Győr; Sopron", "Pécs"]


def test_a_csv_list_not_in_utf_8_says_how_to_save_it(runner: CliRunner, tmp_path: Path) -> None:
    """Excel's plain "CSV" in a Hungarian Windows is Windows-1250: the refusal said the bytes were not UTF-8, not
    what to do about it (qatd)."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    listed = tmp_path / "list.csv"
    listed.write_bytes("name,club\nÁrpád Fehér,Pécs\n".encode("cp1250"))

    refused = runner.invoke(cli, ["tournament", "register", tid, "--csv", str(listed)])

    assert refused.exit_code == 1 and "line 2: not UTF-8" in refused.stderr
    assert "CSV UTF-8" in refused.stderr
    assert _entrants(tid) == []


def test_the_standings_table_tells_two_entrants_of_one_name_apart_by_their_ids(runner: CliRunner) -> None:
    """Two people named Ann (`--different-person`) were two lines "Ann" in the standings, unlike the pairing, which
    prints each player's id (qatd)."""
    create = ["tournament", "create", "--name", "Club night", "--ruleset", "freeform", "--table-size", "4"]
    tid = _ok(runner.invoke(cli, [*create, "--rounds", "1"])).splitlines()[-1]
    first = _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Ann"]))
    second = _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "ann", "--different-person"]))
    _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Bea"]))
    for club in ("Pécs", "Győr"):  # two of one name whose clubs tell them apart, as the pages do
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", "Cid", "--club", club, "--different-person"]))

    table = _ok(runner.invoke(cli, ["tournament", "standings", tid]))

    assert f"Ann ({first[:8]})" in table and f"ann ({second[:8]})" in table
    assert "Bea " in table and "Bea (" not in table
    assert "Cid (Pécs)" in table and "Cid (Győr)" in table


def test_pair_prints_each_players_house_by_its_name(runner: CliRunner) -> None:
    create = ["tournament", "create", "--name", "Westeros night", "--ruleset", "agot2", "--board", "base"]
    tid = _ok(runner.invoke(cli, [*create, "--table-size", "3", "--rounds", "1", "--remainder", "byes"])).splitlines()[
        -1
    ]
    for n in range(3):
        _ok(runner.invoke(cli, ["tournament", "register", tid, "--name", f"Player {n}"]))

    paired = _ok(runner.invoke(cli, ["tournament", "pair", tid, "--preview"]))

    # A table of three plays House Baratheon, Lannister and Stark: the line names the Houses, not their ids.
    table = next(line for line in paired.splitlines() if line.startswith("table 1: "))
    assert sorted(part.rsplit(" (", 1)[1].rstrip(")") for part in table.removeprefix("table 1: ").split(", ")) == [
        "Baratheon",
        "Lannister",
        "Stark",
    ]
