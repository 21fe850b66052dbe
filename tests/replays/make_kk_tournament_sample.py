"""Writes `replays/samples/tournaments/kk_spring_open.tournament.json`: a recorded Kard és Korona tournament.

Run from the repository root: `python -m tests.replays.make_kk_tournament_sample`. The tournament is run through
the service's own commands on a temporary SQLite database, as a director, the players and an arbiter would run it
(issue 13, "Sample"): twelve players, three Swiss rounds of the basic game (board `basic`, table dice,
adjudicated), tables of 4 and, when the field does not divide, of 3. Round 1 seats three tables of four; then one
player drops, so rounds 2 and 3 seat 4 + 4 + 3. Every table's game is played to its end by the rules by the seeded
random legal player (`kk_autoplay`), each action sent through `services.commands.act` (bids through `seal`) as the
organiser recording at the table, with the seats the pairing gave. The results follow the games; every seated
player confirms, the director approves, rounds close and the tournament finishes, revealing its draw seed.

One result is changed by a dispute (round 2, table 1): the runner-up disputes the game's last action (the one
whose events hold `GameEnded`); the arbiter overturns it with a corrected `end_game` naming the runner-up the
winner, with the arbiter's ranking points for every seat (arbiter authority, CORE-END-1; see `dispute`); the
tournament amends the result (`ResultAmended` naming the dispute) and the director approves it.

Everything that would differ between runs is fixed: the entropy (`SeededEntropy`, the tests' own), the clock
(a stepping clock from a fixed morning), the ids (`uuid.uuid4` drawn from a seeded Random while the generator
runs) and the checkpoint signing key (a published test key, `SAMPLE_KEY`: the sample's signatures prove nothing
beyond the file itself). Running the generator twice writes the same bytes.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import random
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

from domain import registry
from service import config
from service.auth import Principal
from service.disputes import open_dispute, rule
from service.games import RequestContext
from service.loading import stream_of
from service.schemas.tournaments import TournamentCreateSchema
from service.store import events as events_module
from service.store.migrate import upgrade
from service.tournaments import commands, results, rounds
from service.tournaments.commands import load
from service.tournaments.records import export_tournament
from service.wiring import Services, build
from tests.conftest import SeededEntropy
from tests.replays.kk_autoplay import autoplay
from tests.replays.kk_table import SAMPLES

TARGET = SAMPLES / "tournaments" / "kk_spring_open.tournament.json.gz"
# A published test key (Ed25519 seed = SHA-256 of this text): the sample's checkpoints are signed, not secret.
SAMPLE_KEY = base64.b64encode(hashlib.sha256(b"annals sample tournament key").digest()).decode()
NAMES = (
    "Bodnár Hajnalka",
    "Csonka Levente",
    "Deák Boglárka",
    "Erdős Máté",
    "Fazekas Dalma",
    "Gulyás Bence",
    "Halász Villő",
    "Izsó Ábel",
    "Jakab Réka",
    "Kertész Olivér",
    "Lengyel Zsófia",
    "Mészáros Botond",
)
DROPPED, DROP_REASON = 7, "had to leave after round 1 (family matter)"
DISPUTED = (2, 1)  # round 2, table 1
ROUND_STARTS = ("2026-04-18T09:00:00", "2026-04-18T13:30:00", "2026-04-18T18:00:00")
DIRECTOR = Principal(token_id="sample:director", role="organiser")
RECORDER = Principal(token_id="sample:table-recorder", role="organiser")
ARBITER = Principal(token_id="sample:arbiter", role="arbiter")
SETTINGS = {
    "name": "Kard és Korona Spring Open 2026",
    "ruleset": "kard_es_korona",
    "variant": "basic",
    "board": "basic",
    "format": "swiss",
    "rounds": 3,
    "table_size": 4,
    "remainder": "smaller_tables",
    "scoring": "placement-wbc",
    "dice": "table",
    "mode": "adjudicated",
}


class SteppingClock:
    """A clock that moves a quarter of a second each time it is read; rounds start at set times."""

    def __init__(self, start: str) -> None:
        self.moment = datetime.fromisoformat(start).replace(tzinfo=UTC)

    def now(self) -> datetime:
        self.moment += timedelta(milliseconds=250)
        return self.moment

    def jump(self, to: str) -> None:
        """Move on to `to` (a round's start), never back."""
        self.moment = max(self.moment, datetime.fromisoformat(to).replace(tzinfo=UTC))


@contextmanager
def seeded_ids(seed: int) -> Iterator[None]:
    """The service's random ids (`uuid.uuid4`, the store's event ids) drawn from a seeded Random meanwhile."""
    rng = random.Random(seed)

    def seeded() -> uuid.UUID:
        return uuid.UUID(bytes=rng.randbytes(16), version=4)

    original = uuid.uuid4
    uuid.uuid4 = seeded
    try:
        with mock.patch.object(events_module, "time_ordered_uuid", lambda _unix_ms: str(seeded())):
            yield
    finally:
        uuid.uuid4 = original


def ctx(request: str) -> RequestContext:
    """The request context of one step of the sample."""
    return RequestContext(request_id=f"sample:{request}", client="make_kk_tournament_sample")


def player_principal(player: str) -> Principal:
    """A registered player's token (bound to the player, as a TD issues them)."""
    return Principal(token_id=f"sample:player:{player}", role="player", player_id=player)


def services_in(folder: Path, clock: SteppingClock) -> Services:
    """The service on a fresh SQLite file in `folder`, with the sample's entropy, clock and key."""
    settings = config.load(
        {
            "DATABASE_URL": f"sqlite:///{folder / 'annals.db'}",
            "SIGNING_KEY": SAMPLE_KEY,
            "SIGNING_KEY_FILE": str(folder / "signing-key.pem"),
            "RATELIMIT_ENABLED": False,
        }
    )
    services = build(settings, clock, SeededEntropy(2026))
    upgrade(services.engine)
    return services


def play_table(services: Services, game_id: str, seed: int) -> None:
    """Play the game to its end with the random player: its actions sent through the service, as recorded."""
    loaded = services.loader.load(game_id, RECORDER)
    seats = [s.seat for s in loaded.game.meta.seats]
    played = autoplay(seats, "basic", seed)
    for index, step in enumerate(played.actions):
        key = f"{game_id}:{index}"
        if "sealed" in step:
            services.commands.seal(RECORDER, game_id, step["sealed"], None, key, ctx(key))
        else:
            services.commands.act(RECORDER, game_id, step, None, key, ctx(key))
    assert services.loader.load(game_id, RECORDER).game.meta.ended, f"game {game_id} did not end"


def play_round(services: Services, tid: str, number: int, clock: SteppingClock) -> None:
    """Pair, start and play round `number`; confirm and approve its results (the disputed one after its ruling)."""
    clock.jump(ROUND_STARTS[number - 1])
    pair(services, tid, number)
    rounds.start(services, DIRECTOR, tid, number, ctx(f"start:{number}"))
    paired = load(services, DIRECTOR, tid).state.round(number)
    assert paired is not None
    for table in paired.tables:
        assert table.game is not None
        play_table(services, table.game, seed=100 * number + table.number)
        for player in table.players:
            principal = player_principal(player)
            results.confirm(services, principal, tid, number, table.number, ctx(f"confirm:{number}:{player}"))
        if (number, table.number) == DISPUTED:
            dispute(services, table.game, table.players, table.seats)
            amended = load(services, DIRECTOR, tid).state.table(number, table.number)
            assert amended is not None and amended.result is not None and amended.result.amended_by_dispute
        results.approve(services, DIRECTOR, tid, number, table.number, {}, ctx(f"approve:{number}:{table.number}"))
    rounds.close(services, DIRECTOR, tid, number, ctx(f"close:{number}"))


def pair(services: Services, tid: str, number: int) -> None:
    """Publish the round's pairing; problems the plan flags are read and accepted, as a TD would.

    With 11 players after the drop, rounds 2 and 3 cannot avoid every repeat: three round-1 tables give at most
    one newcomer per earlier table at a table, so a table of four seats two players who met before."""
    try:
        rounds.pair(services, DIRECTOR, tid, {}, ctx(f"pair:{number}"))
    except rounds.PairingProblems as refused:
        for problem in refused.extra.get("problems", []):
            print(f"round {number}: accepted: {problem['detail']}")
        rounds.pair(services, DIRECTOR, tid, {"accept_problems": True}, ctx(f"pair:{number}:accepted"))


def dispute(services: Services, game_id: str, seated: tuple[str, ...], seats: Any) -> None:
    """The runner-up disputes the last action; the arbiter overturns it and ranks the lords by hand.

    The struck action cannot be replaced by the rest of the year played again, so the arbiter ends the game by
    hand (CORE-END-1): the runner-up first, the winner second, the others as the count left them. After the strike
    the last year is no longer over, so the result is read from a score for every seat: the arbiter's ranking
    points (4 for first at a table of four, 3 for second...; the KK-WIN-7 measures would contradict the ruling)."""
    events = services.store.read(stream_of(game_id))
    ended = next(e for e in reversed(events) if e.type == "GameEnded")
    # The action whose events hold GameEnded: its first event carries the action in its metadata.
    action_version = next(e.version for e in reversed(events[: ended.version]) if "action" in e.metadata)
    ranking = {row["seat"]: row for row in ended.data["ranking"]}
    winner = next(seat for seat, row in ranking.items() if row["place"] == 1)
    runner_up = next(seat for seat, row in ranking.items() if row["place"] == 2)
    raiser = next(p for p in seated if seats[p] == runner_up)
    # The claim names the lords as the table does (the lord of Felvidék), not by their seat ids.
    lord = registry.current("kard_es_korona").seat_name
    claim = {
        "version": action_version,
        "claim": (
            f"The last action was recorded wrongly: as it was played at the table, the lord of {lord(runner_up)} "
            f"ends 1308 ahead of the lord of {lord(winner)} in the final count (KK-WIN-7)"
        ),
        "rule_ids": ["KK-WIN-7"],
    }
    opened, _replayed = open_dispute(services, player_principal(raiser), game_id, claim, ctx("dispute"), "dispute")
    scores = {seat: len(ranking) + 1 - row["place"] for seat, row in ranking.items()}
    scores[winner], scores[runner_up] = scores[runner_up], scores[winner]
    corrected = {"type": "end_game", "seat": None, "data": {"winners": [runner_up], "scores": scores}}
    ruling = {
        "decision": "overturned",
        "reasoning": (
            f"The table's score sheet confirms the claim. The rest of 1308 cannot be played again from the record, "
            f"so the arbiter ends the game ranking the lords by hand: {lord(runner_up)} first, {lord(winner)} second."
        ),
        "rule_ids": ["CORE-END-1", "KK-WIN-7"],
        "corrected_action": corrected,
    }
    rule(services, ARBITER, opened["id"], ruling, ctx("ruling"), "ruling")  # the tournament result follows it


def run(folder: Path) -> dict[str, Any]:
    """Run the whole tournament in `folder`; the sample document."""
    clock = SteppingClock("2026-04-18T08:00:00")
    services = services_in(folder, clock)
    try:
        body = TournamentCreateSchema().load(SETTINGS)
        created = commands.Asked.creating(DIRECTOR, "create", body, lambda after: after.tournament_id)
        tid = commands.create(services, DIRECTOR, body, ctx("create"), created)
        names: dict[str, str] = {}
        for number, name in enumerate(NAMES):
            entry = {"name": name, "club": f"club-{number % 3 + 1}"}
            names[commands.register(services, DIRECTOR, tid, entry, ctx(f"register:{number}"))["player"]] = name
        play_round(services, tid, 1, clock)
        dropped = list(names)[DROPPED]
        commands.drop(services, DIRECTOR, tid, dropped, DROP_REASON, ctx("drop"))
        for number in (2, 3):
            play_round(services, tid, number, clock)
        commands.finish(services, DIRECTOR, tid, ctx("finish"))
        return document(services, tid)
    finally:
        services.close()


def document(services: Services, tid: str) -> dict[str, Any]:
    """The sample: the tournament's record (`export_tournament`) with a description."""
    description = (
        f"{SETTINGS['name']}: a Kard és Korona tournament of 12 players over 3 Swiss rounds "
        "(basic game, tables of 4 and 3), every game played to its end by the rules with random legal "
        "actions; one player dropped after round 1; one result changed by a dispute ruling. Generated by "
        "tests/replays/make_kk_tournament_sample.py; the names are invented."
    )
    return {"description": description, **export_tournament(services, DIRECTOR, tid)}


def generate() -> tuple[dict[str, Any], bytes]:
    """The sample and the file's bytes, gzipped (mtime 0, so the bytes depend on the content only): the records
    are ~5 MB of JSON, ~0.7 MB packed."""
    with tempfile.TemporaryDirectory() as folder, seeded_ids(13):
        sample = run(Path(folder))
    text = json.dumps(sample, ensure_ascii=False, sort_keys=True) + "\n"
    return sample, gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def main() -> None:
    sample, packed = generate()
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_bytes(packed)
    lines = sum(len(g) for g in sample["games"])
    print(f"{TARGET.name}: {len(sample['events'])} tournament events, {len(sample['games'])} games ({lines} lines)")


if __name__ == "__main__":
    main()
