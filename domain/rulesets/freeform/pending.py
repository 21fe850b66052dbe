"""What a freeform game waits for: any seat may record any snake_case action at any time (FF-ACTION-1), roll or
open a sealed round; seats named by an open round are also waited on for their sealed submission (FF-SEAL-1/2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import Game, SealedRound, Viewer
from domain.pending import Option, Pending, Waiting, ended_or, for_viewer, merged, sealing
from domain.rulesets.freeform.actions import MAX_ROLL


def pending(game: Game, viewer: Viewer) -> Pending:
    """Every seat may act; nothing is ever owed except an open round's sealed submissions."""
    return for_viewer(ended_or(game, _pending), viewer)


def _pending(game: Game) -> Pending:
    free = tuple(
        Waiting(seat, _free_options(game, seat), "any seat may record an action") for seat in game.meta.seat_names()
    )
    sealed = sealing(game.meta, _payloads, ("FF-SEAL-1", "FF-SEAL-2"), exhaustive=False, fields=_payload_fields)
    return Pending("play", "FF-ACTION-1", "any seat may record an action", merged((*sealed, *free)))


def _free_options(game: Game, seat: str) -> tuple[Option, ...]:
    rounds = len(game.meta.sealed) + len(game.meta.revealed_rounds) + 1
    return (
        Option(
            "roll",
            ("FF-ROLL-1",),
            tuple({"count": n} for n in (1, 2, 6)),
            exhaustive=False,
            fields={"count": {"minimum": 1, "maximum": MAX_ROLL}},
        ),
        Option(
            "open_sealed",
            ("FF-SEAL-1",),
            ({"round": _fresh_round(game, rounds)},),
            exhaustive=False,
            fields={"round": "a short lower-case name not used before in this game", "taken": _taken(game)},
        ),
        Option(
            "record",
            ("FF-ACTION-1", "FF-ACTION-2"),
            ({"note": "any JSON object"},),
            exhaustive=False,
            note="any snake_case type not reserved by the platform, with any JSON object of at most 64 KiB",
        ),
    )


def _fresh_round(game: Game, number: int) -> str:
    taken = set(_taken(game))
    while f"round-{number}" in taken:
        number += 1
    return f"round-{number}"


def _taken(game: Game) -> list[str]:
    return sorted({*game.meta.sealed, *game.meta.revealed_rounds})


def _payloads(sealed_round: SealedRound, seat: str) -> tuple[Any, ...]:
    return ({"sealed_by": seat},)


def _payload_fields(sealed_round: SealedRound, seat: str) -> Mapping[str, Any]:
    return {"payload": "any JSON value of at most 64 KiB (FF-SEAL-2)"}
