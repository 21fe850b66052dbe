"""The sizes of a run and the shapes of what is written: event payloads and freeform actions."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain.canonical import canonical_json

SEATS = ("red", "blue", "green", "gold")
PAYLOAD_BYTES = 300  # canonical JSON of an event's data, about what a board-game move weighs


@dataclass(frozen=True, slots=True)
class Plan:
    """How much work each measurement does (bounded loops, so a run has a known length)."""

    appends: int  # commits of one event each (and rows of the driver's ceiling), per workload
    batch_events: int  # events appended ten per commit, per workload
    rounds: int  # interleaved slices the append workloads of one backend are timed in
    append_warmup: int  # untimed commits per append workload: enough to grow SQLite's WAL to its steady size
    fold_events: int  # length of the freeform game that is folded and read
    fold_repeats: int  # timed folds of that game; the median is reported
    replay_events: int  # length of the game replayed whole for its peak memory (issue 19: a million)
    reads: int  # random-version state reads, through the loader and through HTTP each
    http_requests: int  # timed POST /actions over all client threads
    http_clients: int
    warmup: int  # untimed reads before the timed ones, and untimed POSTs per HTTP client

    @classmethod
    def full(cls) -> Plan:
        """The `make bench` run (about two minutes on two cores)."""
        return cls(2_000, 5_000, 10, 400, 10_000, 7, 1_000_000, 500, 3_000, 8, 50)

    @classmethod
    def quick(cls) -> Plan:
        """A smoke run of the same code in well under a minute; its numbers are noisy."""
        return cls(500, 1_000, 4, 200, 2_000, 3, 100_000, 200, 800, 8, 20)


def event_data(n: int) -> dict[str, Any]:
    """The data of event n: a move with a free-text note, padded to ~PAYLOAD_BYTES of canonical JSON."""
    data: dict[str, Any] = {
        "seat": SEATS[n % len(SEATS)],
        "type": "move",
        "data": {"unit": f"hussar-{n % 97}", "from": f"area-{n % 53}", "to": f"area-{(n * 7) % 53}", "note": ""},
    }
    data["data"]["note"] = "x" * max(0, PAYLOAD_BYTES - len(canonical_json(data)))
    return data


def event_metadata() -> dict[str, Any]:
    """Metadata shaped like what GameCommands writes: actor, role, request id, ruleset version."""
    return {"actor": str(uuid.uuid4()), "role": "admin", "request_id": str(uuid.uuid4()), "ruleset_version": "1.0.0"}


def freeform_actions(count: int, seed: int = 1) -> Iterator[dict[str, Any]]:
    """`count` action bodies for a table-dice freeform game: notes, moves and rolls (with entered faces)."""
    rng = random.Random(seed)
    for n in range(count):
        seat = SEATS[n % len(SEATS)]
        kind = rng.random()
        if kind < 0.4:
            yield {"type": "note", "seat": seat, "data": {"text": f"turn {n // 4}: {seat} holds the pass"}}
        elif kind < 0.8:
            unit, origin, target = f"unit-{rng.randrange(40)}", f"area-{rng.randrange(60)}", f"area-{rng.randrange(60)}"
            yield {"type": "move", "seat": seat, "data": {"unit": unit, "from": origin, "to": target}}
        else:
            faces = [rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
            yield {"type": "roll", "seat": seat, "data": {"count": len(faces), "dice": faces, "purpose": "battle"}}


def game_body(title: str) -> dict[str, Any]:
    """A validated POST /games body: freeform, four seats, table dice, public."""
    return {
        "ruleset": "freeform",
        "variant": None,
        "options": {},
        "board": None,
        "seats": [{"seat": s, "player": None} for s in SEATS],
        "mode": "adjudicated",
        "dice": "table",
        "visibility": "public",
        "title": title,
    }
