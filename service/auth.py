"""Bearer tokens and what each role may do."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Engine

from domain.kernel import Authority, GameMeta
from service.clock import Clock, SystemClock, isoformat
from service.errors import Forbidden, Unauthorized
from service.store import tokens
from service.store import tournaments as tournament_rows

RECORDERS = frozenset({"admin", "organiser"})
WRITERS = frozenset({"admin", "organiser", "arbiter", "player"})


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: a token's role and player, or anonymous (role None)."""

    token_id: str | None = None
    role: str | None = None
    player_id: str | None = None
    games: tuple[str, ...] | None = None  # the only games this (player) token may write to; None: any
    tournament: str | None = None  # a player token bound to this tournament (its games are `games`)

    @property
    def is_anonymous(self) -> bool:
        """No token was sent."""
        return self.role is None

    @property
    def sees_everything(self) -> bool:
        """Admins, organisers, arbiters and viewers read private games too."""
        return self.role in ("admin", "organiser", "arbiter", "viewer")

    @property
    def sends_as(self) -> Authority | None:
        """The authority its actions carry (`authority_for`): recorder, arbiter or player; None for a reader."""
        if self.role in RECORDERS:
            return Authority.RECORDER
        if self.role == "arbiter":
            return Authority.ARBITER
        return Authority.PLAYER if self.role == "player" else None

    def require(self, *roles: str) -> None:
        """Raise 401 without a token, 403 when the role is not among `roles`."""
        if self.is_anonymous:
            raise Unauthorized("this request needs 'Authorization: Bearer <token>'")
        if self.role not in roles:
            article = "an" if (self.role or "")[:1] in ("a", "o") else "a"  # an admin, an arbiter, an organiser
            raise Forbidden(f"{article} {self.role} token may not do this; needs one of: {', '.join(roles)}")

    def require_game(self, game_id: str) -> None:
        """403 when this token is bound to other games (a tournament player's token)."""
        if self.games is not None and game_id not in self.games:
            raise Forbidden(f"this token is bound to games [{', '.join(self.games)}], not {game_id}")

    def require_unbound(self, what: str) -> None:
        """403 when this token is bound to games: it may not `what` (create a game, a fork)."""
        if self.games is not None:
            raise Forbidden(f"a token bound to games [{', '.join(self.games)}] may not {what}")

    def require_tournament(self, tournament_id: str, named: Callable[[str, str], str]) -> None:
        """403 when this token is bound to another tournament, or to games rather than a tournament. `named(id,
        otherwise)` names a tournament as this caller may read it (`naming.tournament_named_for`); the ids stay in
        the problem's `tournament` and `bound_tournament`."""
        if self.games is not None and self.tournament != tournament_id:
            bound = named(self.tournament, "another tournament") if self.tournament else "its games"
            raise Forbidden(
                f"this token is bound to {bound}, not {named(tournament_id, 'the tournament asked for')}",
                tournament=tournament_id,
                bound_tournament=self.tournament,
            )

    def seats_in(self, meta: GameMeta) -> tuple[str, ...]:
        """The seats of a game this caller's player holds."""
        if self.player_id is None:
            return ()
        return tuple(s.seat for s in meta.seats if s.player == self.player_id)

    def authority_for(self, meta: GameMeta, seat: str | None) -> Authority:
        """The capacity in which this caller acts for `seat` (403 when it may not)."""
        self.require(*WRITERS)
        self.require_game(meta.game_id)
        authority = self.sends_as
        if authority is not None and authority is not Authority.PLAYER:
            return authority
        held = ", ".join(self.seats_in(meta)) or "none"
        if seat is None:
            raise Forbidden(f"the action names no seat: this player token acts for its seats [{held}] of this game")
        if seat not in self.seats_in(meta):
            raise Forbidden(f"this player token holds seats [{held}] of this game, not {seat!r}")
        return Authority.PLAYER


class TokenLookup:
    """Bearer token → principal, remembered for a few seconds: one query per token, not per request.

    A revoked token stops working within `ttl` seconds in every process (immediately in the one
    that revoked it, through `forget`); an expired one at its expiry. Each lookup in the database
    also records the token's last use, at most once a minute.
    """

    def __init__(
        self,
        engine: Engine,
        ttl: float = 10.0,
        now: Callable[[], float] = time.monotonic,
        clock: Clock | None = None,
    ) -> None:
        self.engine = engine
        self.ttl = ttl
        self.now = now
        self.clock = clock or SystemClock()
        # token hash -> (when looked up, principal or None, expiry)
        self._known: dict[str, tuple[float, Principal | None, str | None]] = {}
        self._lock = threading.Lock()
        self.forgotten = 0  # how many times `forget` ran: a long request's `StillValid` checks again after one

    def principal(self, header: str | None) -> Principal:
        """The principal for an Authorization header value (anonymous when absent)."""
        if not header:
            return Principal()
        scheme, _, value = header.partition(" ")
        value = value.strip()
        if scheme.lower() != "bearer" or not value:
            raise Unauthorized("the Authorization header must be 'Bearer <token>'")
        key = tokens.token_hash(value)
        with self._lock:
            known = self._known.get(key)
        if known is not None and known[1] is not None and known[2] is None and self.now() - known[0] <= self.ttl:
            return known[1]  # remembered, and never expiring: no clock to read (the usual request)
        wall = isoformat(self.clock.now())
        if known is None or self.now() - known[0] > self.ttl:
            record = tokens.find(self.engine, value, wall)
            found = self._principal_of(record) if record else None
            known = (self.now(), found, record.expires_at if record else None)
            with self._lock:
                if len(self._known) > 10_000:  # bounded: unknown tokens sent in bulk must not grow it forever
                    self._known.clear()
                self._known[key] = known
            if record is not None and _minutes_apart(record.last_used_at, wall):
                tokens.touch(self.engine, record.id, wall)
        principal, expires_at = known[1], known[2]
        if principal is None or (expires_at is not None and expires_at <= wall):
            raise Unauthorized("unknown, revoked or expired token")
        return principal

    def _principal_of(self, record: tokens.TokenRecord) -> Principal:
        """A token's principal; a tournament-bound token's games are its player's tables' games, as of now."""
        games = record.games
        if record.tournament is not None:
            games = tournament_rows.games_of_player(self.engine, record.tournament, record.player_id or "")
        return Principal(record.id, record.role, record.player_id, games, record.tournament)

    def forget(self) -> None:
        """Drop every remembered token (after a revocation in this process)."""
        with self._lock:
            self._known.clear()
            self.forgotten += 1


class StillValid:
    """Whether the token a long request began with (a live stream's) still works: a revoked or expired one stops it.

    `holds` asks the lookup again (it may read the database); `due` says, cheaply, when to: after a revocation in
    this process (`forget`) or once the lookup's `ttl` has passed, the delay of a revocation in another process.
    """

    def __init__(self, lookup: TokenLookup, header: str) -> None:
        self._lookup = lookup
        self._header = header
        self._checked_at = lookup.now()
        self._forgotten = lookup.forgotten

    def due(self) -> bool:
        """Whether the token must be looked up again before anything more is sent."""
        return self._forgotten != self._lookup.forgotten or self._lookup.now() - self._checked_at >= self._lookup.ttl

    def holds(self) -> bool:
        """Whether the token still works (revoked, expired or deleted: False)."""
        self._forgotten = self._lookup.forgotten
        self._checked_at = self._lookup.now()
        try:
            self._lookup.principal(self._header)
        except Unauthorized:
            return False
        return True


def _minutes_apart(earlier: str | None, later: str) -> bool:
    """Whether a last use at `earlier` is worth rewriting at `later` (never used, or a minute ago or more)."""
    return earlier is None or earlier[:16] != later[:16]  # "YYYY-MM-DDTHH:MM": another minute
