"""How many live streams one client may hold open: anonymous ones per address, others per token.

A caller with a token is known and accountable, so its streams count against its token wherever it
connects from (a leaked token cannot open more than its share from many machines); an anonymous
caller can only be told apart by its address. Counts are kept per serving process.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field

from service.errors import AnnalsError


class TooManyStreams(AnnalsError):
    """The client holds as many live streams as it may; `retry_after` seconds until one of them ends."""

    status, slug, title = 429, "too-many-streams", "Too many live streams"

    def __init__(self, detail: str, retry_after: int) -> None:
        super().__init__(detail, retry_after=retry_after)
        self.retry_after = retry_after


@dataclass(eq=False, slots=True)
class Slot:
    """One open stream's place in its client's count, until released."""

    client: str
    deadline: float
    released: bool = field(default=False)


class StreamLimits:
    """Open streams per client (address or token) in this process, within the configured limits."""

    def __init__(self, per_address: int, per_token: int) -> None:
        if per_address < 1 or per_token < 1:
            raise ValueError(
                f"ANNALS_STREAMS_PER_ADDRESS ({per_address}) and ANNALS_STREAMS_PER_TOKEN ({per_token}) "
                "must be at least 1"
            )
        self._per_address = per_address
        self._per_token = per_token
        self._lock = threading.Lock()
        self._open: dict[str, list[Slot]] = {}

    def take(self, address: str | None, token_id: str | None, seconds: float) -> Slot:
        """A slot for a stream that ends within `seconds`, or TooManyStreams (429) naming the limit."""
        if token_id is not None:
            client, limit, who = f"token:{token_id}", self._per_token, "this token"
        else:
            client, limit, who = f"address:{address or 'unknown'}", self._per_address, f"address {address!r}"
        now = time.monotonic()
        with self._lock:
            held = self._open.setdefault(client, [])
            if len(held) >= limit:
                soonest = min(slot.deadline for slot in held)
                retry_after = max(1, math.ceil(soonest - now))
                raise TooManyStreams(
                    f"{who} holds {len(held)} live streams, the most allowed; one ends within {retry_after} s",
                    retry_after,
                )
            slot = Slot(client, now + seconds)
            held.append(slot)
            return slot

    def release(self, slot: Slot) -> None:
        """Give the slot back (idempotent)."""
        with self._lock:
            if slot.released:
                return
            slot.released = True
            held = self._open.get(slot.client, [])
            held.remove(slot)
            if not held:
                self._open.pop(slot.client, None)

    def held(self, address: str | None, token_id: str | None) -> int:
        """Streams this client holds open now."""
        client = f"token:{token_id}" if token_id is not None else f"address:{address or 'unknown'}"
        with self._lock:
            return len(self._open.get(client, ()))
