"""Checkpoints of the log (DESIGN §12, tamper evidence): what is signed, as bytes, and how heads are hashed.

A stream checkpoint states "stream S had version V with head hash H"; a global checkpoint states "the
log held P positions, its S streams' heads hash to H, and the global checkpoint before this one hashes
to PREV" (so global checkpoints chain). The service signs `payload(checkpoint)` with a key kept outside
the database; anyone with the public key can check an exported checkpoint with these bytes alone.
Pure: no keys, no signing, no I/O here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.canonical import canonical_json
from domain.chain import GENESIS

STREAM = "stream"
GLOBAL = "global"
KINDS = (STREAM, GLOBAL)
# Domain separation: these bytes can never be mistaken for an event hash input or another protocol's message.
PAYLOAD_PREFIX = b"annals-checkpoint/1\n"
FIRST_PREV = GENESIS  # the `prev` of the first global checkpoint of a log

Head = tuple[str, int, str]  # (stream id, version, head hash)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A signed statement about a stream's head (kind "stream") or the whole log's (kind "global").

    For a stream checkpoint `number` is the stream's version; for a global one it is the log's last
    position, `streams` the number of streams and `head` the hash of every stream's head (`heads_root`).
    """

    kind: str
    number: int
    head: str
    signed_at: str
    key_id: str
    signature: str = ""
    stream: str | None = None
    streams: int | None = None
    prev: str | None = None

    def signed_fields(self) -> dict[str, Any]:
        """Every field the signature covers (all but the signature itself)."""
        if self.kind == STREAM:
            return {
                "kind": STREAM,
                "stream": self.stream,
                "version": self.number,
                "head": self.head,
                "signed_at": self.signed_at,
                "key_id": self.key_id,
            }
        return {
            "kind": GLOBAL,
            "position": self.number,
            "streams": self.streams,
            "head": self.head,
            "prev": self.prev,
            "signed_at": self.signed_at,
            "key_id": self.key_id,
        }

    def to_json(self) -> dict[str, Any]:
        """The published shape: the signed fields and the signature (base64)."""
        return {**self.signed_fields(), "signature": self.signature}


class CheckpointFormatError(ValueError):
    """A checkpoint object that does not have the published shape; the message names the field."""


def payload(checkpoint: Checkpoint) -> bytes:
    """The exact bytes a checkpoint's signature is over."""
    return PAYLOAD_PREFIX + canonical_json(checkpoint.signed_fields()).encode("utf-8")


def checkpoint_hash(checkpoint: Checkpoint) -> str:
    """SHA-256 of the signed bytes: what the next global checkpoint names as its `prev`."""
    return hashlib.sha256(payload(checkpoint)).hexdigest()


def heads_root(heads: Iterable[Head]) -> str:
    """One hash over every stream's head, in stream id order (code points, as Python sorts strings)."""
    digest = hashlib.sha256()
    for stream, version, head in sorted(heads):
        digest.update(canonical_json([stream, version, head]).encode("utf-8") + b"\n")
    return digest.hexdigest()


def from_json(value: Any) -> Checkpoint:
    """A published checkpoint read back; raises CheckpointFormatError naming the first bad field."""
    if not isinstance(value, Mapping):
        raise CheckpointFormatError("a checkpoint is a JSON object")
    kind = value.get("kind")
    if kind not in KINDS:
        raise CheckpointFormatError(f"kind {kind!r} is neither 'stream' nor 'global'")
    number_field = "version" if kind == STREAM else "position"
    strings = ["head", "signed_at", "key_id", "signature"] + (["stream"] if kind == STREAM else ["prev"])
    for name in strings:
        if not isinstance(value.get(name), str) or not value[name]:
            raise CheckpointFormatError(f"{name} is not a non-empty string")
    integers = [number_field] + ([] if kind == STREAM else ["streams"])
    for name in integers:
        number = value.get(name)
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise CheckpointFormatError(f"{name} is not a non-negative integer")
    return Checkpoint(
        kind=kind,
        number=value[number_field],
        head=value["head"],
        signed_at=value["signed_at"],
        key_id=value["key_id"],
        signature=value["signature"],
        stream=value.get("stream") if kind == STREAM else None,
        streams=value.get("streams") if kind == GLOBAL else None,
        prev=value.get("prev") if kind == GLOBAL else None,
    )
