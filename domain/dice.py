"""Provably fair d6 dice (DESIGN §6): commitment, derivation and verification, plus the dice supplies
rules engines draw from.

The algorithm is published so that anyone holding a game export can re-derive every roll:

1. Seed and commitment. At game creation the service draws a secret 32-byte seed and records only
   ``commitment = lower-case hex SHA-256(seed)`` in ``GameCreated``. The seed is revealed later.
2. Roll message. Roll ``k`` (1-based: the k-th die face drawn in the game) is keyed by the UTF-8 bytes of
   ``"<game id>:<k>:<client seeds>"``, where ``k`` is written in decimal without sign or leading zeros and
   ``<client seeds>`` is the seats' client seeds as ``seat=value`` pairs sorted by seat (Unicode code point
   order, which equals UTF-8 byte order) and joined with ``,`` -- the empty string when there are none.
   Nothing is escaped. Client seeds are fixed before a game's first roll, so within one game the
   messages of different k always differ.
3. Digest. ``digest = HMAC-SHA256(key=seed, msg=message)``.
4. Face by rejection sampling. Walk the 32 digest bytes in order; reject every byte ``b >= 252``
   (252 = 42 * 6, so the accepted range 0..251 maps onto 1..6 without modulo bias); the first accepted
   byte gives the face ``b % 6 + 1``.
5. If all 32 bytes are rejected (probability (4/256)**32, about 1e-58), compute
   ``HMAC-SHA256(seed, message + b":" + str(attempt).encode())`` for attempt = 1, 2, ... and walk each new
   digest the same way until a byte is accepted.

Published test vectors (seed as hex; every HMAC computed independently with
``printf '%s' MESSAGE | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED``)::

    S1 = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
         commitment 630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd
    S2 = 9c4174eca3e0513d234ab6430bd89625b16bc1cbccf2a1fc92e30417ab376ce7
         commitment 2f7b9cd6aaba604b0c8ba5183bff9ffbb31f72b221d1b10313f12691f37afb00

    seed  message                                                         digest starts  face
    S1    game-1:1:                                                       4a4dd8...      3
    S1    game-1:2:                                                       a12fee...      6
    S1    game-1:34:                                                      fb47d5...      6  (251 accepted)
    S1    game-1:66:                                                      fc6390...      4  (252 rejected)
    S1    game-1:3753:                                                    fffce9...      6  (2 rejected)
    S1    game-1:6366:                                                    fcfc61...      2  (2 rejected)
    S2    0b7e1c52-9d0a-4a43-8c1e-5f2d6a7b8c90:7:austria=42,venice=c0ffee  8dc1cb...      4
    S2    0b7e1c52-9d0a-4a43-8c1e-5f2d6a7b8c90:8:austria=42,venice=c0ffee  43f141...      2
    S2    győr-1848:1:erdely=tökmag                                       3beedb...      6
    S1    game-1:1::1   (the attempt-1 re-hash message of game-1 roll 1)  6074ad...      1

    S1, game-1, no client seeds, rolls 1..8: 3 6 2 1 4 4 1 3
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from domain.canonical import sha256_hex

SEED_BYTES = 32
FACES = 6
# The largest multiple of 6 that fits in a byte: bytes below it map onto faces without bias.
_ACCEPT_BELOW = 252


class DiceExhausted(Exception):
    """More table dice were needed than the recorder entered."""

    def __init__(self, needed: int, available: int) -> None:
        super().__init__(f"needed {needed} dice but only {available} were entered")
        self.needed = needed
        self.available = available


class DiceSupply(Protocol):
    """Where a rules engine gets its faces from within one decision."""

    @property
    def drawn(self) -> int: ...

    def draw(self, count: int) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class RollMismatch:
    """A recorded face that the revealed seed does not reproduce."""

    k: int
    recorded: int
    expected: int


@dataclass(frozen=True, slots=True)
class DiceVerification:
    """The result of checking a revealed seed against its commitment and the recorded rolls."""

    commitment_ok: bool
    mismatches: tuple[RollMismatch, ...]
    checked: int

    @property
    def ok(self) -> bool:
        """True when the seed matches its commitment and reproduces every recorded roll."""
        return self.commitment_ok and not self.mismatches


def seed_commitment(seed: bytes) -> str:
    """Lower-case hex SHA-256 of the 32-byte seed."""
    _check_seed(seed)
    return sha256_hex(seed)


def roll_message(game_id: str, k: int, client_seeds: Mapping[str, str]) -> bytes:
    """The UTF-8 bytes of ``"<game id>:<k>:<client seeds>"`` that roll k is keyed by."""
    _check_k(k)
    seeds = ",".join(f"{seat}={client_seeds[seat]}" for seat in sorted(client_seeds))
    return f"{game_id}:{k}:{seeds}".encode()


def derive_face(seed: bytes, game_id: str, k: int, client_seeds: Mapping[str, str]) -> int:
    """The face 1..6 of roll k of a game."""
    _check_seed(seed)
    message = roll_message(game_id, k, client_seeds)
    digest = hmac.digest(seed, message, hashlib.sha256)
    attempt = 0
    while (face := _first_fair_face(digest)) is None:
        attempt += 1
        digest = hmac.digest(seed, message + b":" + str(attempt).encode(), hashlib.sha256)
    return face


def derive_faces(
    seed: bytes, game_id: str, first_k: int, count: int, client_seeds: Mapping[str, str]
) -> tuple[int, ...]:
    """The faces of rolls first_k .. first_k + count - 1."""
    _check_k(first_k)
    if count < 0:
        raise ValueError(f"cannot derive {count} faces")
    return tuple(derive_face(seed, game_id, k, client_seeds) for k in range(first_k, first_k + count))


def verify_rolls(
    seed: bytes,
    commitment: str,
    game_id: str,
    rolls: Iterable[tuple[int, int]],
    client_seeds: Mapping[str, str],
) -> DiceVerification:
    """Check a revealed seed against its commitment and every recorded (k, face); mismatches are data."""
    # Both checks always run: an arbiter wants to see every wrong roll even when the commitment fails.
    commitment_ok = hmac.compare_digest(seed_commitment(seed).encode(), commitment.lower().encode())
    mismatches = []
    checked = 0
    for k, recorded in rolls:
        expected = derive_face(seed, game_id, k, client_seeds)
        checked += 1
        if recorded != expected:
            mismatches.append(RollMismatch(k=k, recorded=recorded, expected=expected))
    return DiceVerification(commitment_ok=commitment_ok, mismatches=tuple(mismatches), checked=checked)


class SeededDice:
    """Server dice for one decision: derives the game's next faces from the seed and counts them."""

    __slots__ = ("_client_seeds", "_drawn", "_first_k", "_game_id", "_seed")

    def __init__(self, seed: bytes, game_id: str, next_k: int, client_seeds: Mapping[str, str]) -> None:
        _check_seed(seed)
        _check_k(next_k)
        self._seed = seed
        self._game_id = game_id
        self._first_k = next_k
        self._client_seeds = dict(client_seeds)
        self._drawn = 0

    @property
    def first_k(self) -> int:
        """The roll index of the first face this supply hands out."""
        return self._first_k

    @property
    def drawn(self) -> int:
        """How many faces have been drawn so far."""
        return self._drawn

    def draw(self, count: int) -> tuple[int, ...]:
        """The next `count` faces of the game."""
        faces = derive_faces(self._seed, self._game_id, self._first_k + self._drawn, count, self._client_seeds)
        self._drawn += count
        return faces


class TableDice:
    """Physical dice: hands out the faces the recorder entered, in order."""

    __slots__ = ("_drawn", "_faces")

    def __init__(self, faces: Iterable[int]) -> None:
        faces = tuple(faces)
        for index, face in enumerate(faces):
            # bool is an int subclass; True must not pass as a 1.
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= FACES:
                raise ValueError(f"die {index + 1}: {face!r} is not a d6 face (1..6)")
        self._faces = faces
        self._drawn = 0

    @property
    def drawn(self) -> int:
        """How many faces have been drawn so far."""
        return self._drawn

    @property
    def remaining(self) -> int:
        """How many entered faces are still undrawn."""
        return len(self._faces) - self._drawn

    def draw(self, count: int) -> tuple[int, ...]:
        """The next `count` entered faces; DiceExhausted when fewer are left (nothing is consumed then)."""
        if count < 0:
            raise ValueError(f"cannot draw {count} dice")
        if count > self.remaining:
            raise DiceExhausted(needed=count, available=self.remaining)
        faces = self._faces[self._drawn : self._drawn + count]
        self._drawn += count
        return faces


def _first_fair_face(digest: bytes) -> int | None:
    """The face of the first byte below 252, or None when every byte is rejected."""
    for byte in digest:
        if byte < _ACCEPT_BELOW:
            return byte % FACES + 1
    return None


def _check_seed(seed: bytes) -> None:
    if len(seed) != SEED_BYTES:
        raise ValueError(f"a dice seed is {SEED_BYTES} bytes, got {len(seed)}")


def _check_k(k: int) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"roll index k is a positive integer, got {k!r}")
