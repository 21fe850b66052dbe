"""The tournaments read model from the fold of each `tournament:<id>` stream (issue 13).

`rows_of` is the one place that turns a folded tournament into rows; the append path and the rebuild both call
it, so the read model equals a rebuild from the log by construction (a property test checks it too).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, Engine

from domain.canonical import canonical_json
from domain.kernel import Event
from domain.tournaments.standings import Standing
from domain.tournaments.state import TournamentState, fold, standings_of
from service.store import secrets
from service.store import tournaments as rows
from service.store.engine import WRITE
from service.store.events import EventStore, RecordedEvent

STREAM_PREFIX = "tournament:"
SEED_KIND, SEED_NAME = "tournament_seed", "draw"


def stream_of_tournament(tournament_id: str) -> str:
    """The stream holding a tournament."""
    return f"{STREAM_PREFIX}{tournament_id}"


def fold_recorded(events: Sequence[RecordedEvent]) -> TournamentState:
    """A tournament's state from its recorded events."""
    return fold([Event(e.type, e.data) for e in events])


def draw_seed(seed: bytes, purpose: str) -> bytes:
    """A seed for one use of the tournament's committed seed (a round's draw, the standings' final draw)."""
    return hmac.new(seed, purpose.encode(), hashlib.sha256).digest()


def tournament_seed(engine: Engine | Connection, tournament_id: str, state: TournamentState) -> bytes:
    """The tournament's draw seed: revealed in the log once finished, else the server's secret."""
    if state.seed is not None:
        return bytes.fromhex(state.seed)
    stored = secrets.get(engine, stream_of_tournament(tournament_id), SEED_KIND, SEED_NAME)
    return bytes.fromhex(stored) if isinstance(stored, str) else b""


def current_standings(
    state: TournamentState, seed: bytes, after_round: int | None = None, approved_only: bool = True
) -> list[Standing]:
    """The standings every reader sees: approved results only unless staff ask for the provisional ones too
    (`approved_only=False`); the chain's draw uses the tournament seed's 'standings' draw."""
    return standings_of(state, draw_seed(seed, "standings"), after_round, approved_only)


def provisional_counts(state: TournamentState, after_round: int | None = None) -> dict[str, int]:
    """Per player, how many of their tables' results (up to `after_round`) wait for the director's approval."""
    counts: dict[str, int] = {}
    for paired in state.rounds:
        if after_round is not None and paired.number > after_round:
            continue
        for table in paired.tables:
            if table.result is not None and table.result.provisional:
                for player in table.players:
                    counts[player] = counts.get(player, 0) + 1
    return counts


def status_of(state: TournamentState) -> str:
    """registration until the first round is paired, running until finished."""
    if state.finished:
        return "finished"
    return "running" if state.rounds else "registration"


def rows_of(
    events: Sequence[RecordedEvent], seed: bytes
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The tournament's row, its tables' rows and its entrants' rows."""
    state = fold_recorded(events)
    settings = state.settings
    created, last = events[0], events[-1]
    row = {
        "tournament_id": state.tournament_id,
        "name": str(settings.get("name", ""))[:200],
        "ruleset": str(settings.get("ruleset", "")),
        "format": str(settings.get("format", "swiss")),
        "status": status_of(state),
        "visibility": str(settings.get("visibility", "public")),
        "rounds_planned": settings.get("rounds") if isinstance(settings.get("rounds"), int) else None,
        "rounds_paired": len(state.rounds),
        "players": len(state.active_players),
        "version": last.version,
        "last_hash": last.hash,
        "created_by": created.metadata.get("actor"),
        "created_at": created.recorded_at,
        "updated_at": last.recorded_at,
    }
    tables = [
        {
            "round": r.number,
            "table_no": t.number,
            "game_id": t.game,
            "players": canonical_json(list(t.players)),
            "seats": canonical_json(dict(t.seats)),
            "result": "none" if t.result is None else "provisional" if t.result.provisional else "approved",
        }
        for r in state.rounds
        for t in r.tables
    ]
    standing = {s.player: s for s in current_standings(state, seed)} if seed else {}
    games = {p: 0 for p in state.registered}
    byes = {p: 0 for p in state.registered}
    for paired in state.rounds:
        for player in paired.byes:
            byes[player] = byes.get(player, 0) + 1
        for table in paired.tables:
            for player in table.players:
                games[player] = games.get(player, 0) + 1
    entrants = [
        {
            "player_id": p,
            "status": "dropped" if p in state.dropped else "active",
            "club": state.entrants.get(p, {}).get("club"),
            "team": state.entrants.get(p, {}).get("team"),
            "rank": standing[p].rank if p in standing else None,
            "score": _exact(standing[p].values["score"]) if p in standing else "0",
            "games": games.get(p, 0),
            "byes": byes.get(p, 0),
        }
        for p in state.registered
    ]
    return row, tables, entrants


def project(conn: Connection, events: Sequence[RecordedEvent], seed: bytes) -> None:
    """Write the read model of one tournament from its whole stream (inside the append's transaction)."""
    if not events or events[0].type != "TournamentCreated":
        return
    rows.put(conn, *rows_of(events, seed))


def rebuild_tournaments(engine: Engine, store: EventStore) -> int:
    """Refill the tournaments read model from every tournament stream of the log."""
    count = 0
    with engine.connect().execution_options(**WRITE) as conn, conn.begin():
        rows.clear(conn)
        for stream in store.stream_ids(STREAM_PREFIX):
            events = list(store.iter_stream(stream))
            if not events or events[0].type != "TournamentCreated":
                continue
            state = fold_recorded(events)
            project(conn, events, tournament_seed(conn, state.tournament_id, state))
            count += 1
    return count


def _exact(value: Fraction) -> str:
    return str(value)


def plain_number(value: Fraction) -> int | float:
    """A criterion's value as the API and the CLI print it: a whole number, or a decimal to four places (an
    opponents' score of 80/3 is 26.6667, not "80/3")."""
    return int(value) if value.denominator == 1 else round(float(value), 4)
