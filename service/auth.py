"""Bearer tokens and what each role may do."""

from __future__ import annotations

from dataclasses import dataclass

from domain.kernel import Authority, GameMeta
from service.errors import Forbidden, Unauthorized
from service.store import tokens

RECORDERS = frozenset({"admin", "organiser"})
WRITERS = frozenset({"admin", "organiser", "arbiter", "player"})


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: a token's role and player, or anonymous (role None)."""

    token_id: str | None = None
    role: str | None = None
    player_id: str | None = None

    @property
    def is_anonymous(self) -> bool:
        """No token was sent."""
        return self.role is None

    @property
    def sees_everything(self) -> bool:
        """Admins, organisers, arbiters and viewers read private games too."""
        return self.role in ("admin", "organiser", "arbiter", "viewer")

    def require(self, *roles: str) -> None:
        """Raise 401 without a token, 403 when the role is not among `roles`."""
        if self.is_anonymous:
            raise Unauthorized("this request needs 'Authorization: Bearer <token>'")
        if self.role not in roles:
            raise Forbidden(f"a {self.role} token may not do this; needs one of: {', '.join(roles)}")

    def seats_in(self, meta: GameMeta) -> tuple[str, ...]:
        """The seats of a game this caller's player holds."""
        if self.player_id is None:
            return ()
        return tuple(s.seat for s in meta.seats if s.player == self.player_id)

    def authority_for(self, meta: GameMeta, seat: str | None) -> Authority:
        """The capacity in which this caller acts for `seat` (403 when it may not)."""
        self.require(*WRITERS)
        if self.role in RECORDERS:
            return Authority.RECORDER
        if self.role == "arbiter":
            return Authority.ARBITER
        if seat is None or seat not in self.seats_in(meta):
            held = ", ".join(self.seats_in(meta)) or "none"
            raise Forbidden(f"this player token holds seats [{held}] of this game, not {seat!r}")
        return Authority.PLAYER


def authenticate(engine: object, header: str | None) -> Principal:
    """The principal for an Authorization header value (anonymous when absent)."""
    if not header:
        return Principal()
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise Unauthorized("the Authorization header must be 'Bearer <token>'")
    record = tokens.find(engine, value.strip())  # type: ignore[arg-type]
    if record is None:
        raise Unauthorized("unknown or revoked token")
    return Principal(record.id, record.role, record.player_id)
