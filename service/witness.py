"""The witness file: the newest global checkpoint and every stream head it covers, kept outside the database.

Someone who can write to the database can delete checkpoint rows, but not this file beside the key
(`ANNALS_WITNESS_FILE`): verification reads it to name every stream whose head changed since it was
written, and to notice that the database lost global checkpoints. The file is one canonical JSON
object `{"format": "annals-witness", "format_version": 1, "checkpoint": {...}, "heads": [[stream,
version, head], ...]}`; its heads hash to the checkpoint's signed `head`, so they are signed too.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from domain.canonical import canonical_json
from domain.checkpoints import GLOBAL, Checkpoint, CheckpointFormatError, Head, from_json, heads_root

FORMAT = "annals-witness"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class Witness:
    """A witness file as read: its checkpoint and heads, or why it cannot be used."""

    path: Path
    checkpoint: Checkpoint | None = None
    heads: dict[str, tuple[int, str]] = field(default_factory=dict)
    problem: str | None = None  # set when the file exists but cannot be trusted

    @property
    def exists(self) -> bool:
        """True when there was a file to read."""
        return self.checkpoint is not None or self.problem is not None


def read(path: Path) -> Witness:
    """The witness at `path`: empty when there is no file, with `problem` when it is unreadable or its heads
    do not hash to its checkpoint (the signature is checked by the caller, who holds the keyring)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Witness(path)
    except OSError as error:
        return Witness(path, problem=f"cannot be read: {error}")
    try:
        document = json.loads(text)
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ValueError(f"it is not an {FORMAT} file")
        checkpoint = from_json(document.get("checkpoint"))
        if checkpoint.kind != GLOBAL:
            raise ValueError("its checkpoint is not a global one")
        heads = [(str(s), int(v), str(h)) for s, v, h in document.get("heads", ())]
    except (ValueError, TypeError, CheckpointFormatError) as error:
        return Witness(path, problem=f"is not a witness file: {error}")
    if heads_root(heads) != checkpoint.head or len(heads) != checkpoint.streams:
        return Witness(path, checkpoint, problem="holds heads that do not hash to its signed checkpoint")
    return Witness(path, checkpoint, {stream: (version, head) for stream, version, head in heads})


def write(path: Path, checkpoint: Checkpoint, heads: Sequence[Head]) -> bool:
    """Replace the witness with a newer global checkpoint (atomically, synced); False when the file holds a
    newer one already (another process got there first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "checkpoint": checkpoint.to_json(),
        "heads": [list(h) for h in sorted(heads)],
    }
    with _locked(path):
        current = read(path).checkpoint
        if current is not None and current.number > checkpoint.number:
            return False
        fd, staged = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            os.write(fd, (canonical_json(document) + "\n").encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(staged, path)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return True


class _locked:
    """An exclusive flock on `<witness>.lock` for a read-compare-replace across processes."""

    _threads = threading.Lock()

    def __init__(self, path: Path) -> None:
        self._path = path.with_name(path.name + ".lock")
        self._fd = -1

    def __enter__(self) -> None:
        self._threads.acquire()
        self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def __exit__(self, *_: object) -> None:
        try:
            os.close(self._fd)  # closing the descriptor releases the flock
        finally:
            self._threads.release()


class WitnessCache:
    """The witness as last read, read again only when the file changes (for the per-game verify view)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._stamp: tuple[int, int, int] | None = None
        self._witness = Witness(path)

    def current(self) -> Witness:
        """The witness file as it is now."""
        try:
            stat = self.path.stat()
            stamp = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        except FileNotFoundError:
            return Witness(self.path)
        with self._lock:
            if stamp != self._stamp:
                self._witness, self._stamp = read(self.path), stamp
            return self._witness
