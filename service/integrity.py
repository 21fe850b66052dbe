"""Tamper evidence, checked: every stream any record knows, against its chain, its summary, its signed
checkpoints and the witness file; and the chain of global checkpoints against the whole log.

A finding is one line an operator reads: its kind, the stream (or "log") and what disagrees with what.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Engine, select

from domain.checkpoints import FIRST_PREV, checkpoint_hash, heads_root, payload
from service.signing import INVALID, UNKNOWN_KEY, VALID, Keyring
from service.store import checkpoints as checkpoint_rows
from service.store import disputes as dispute_rows
from service.store.checkpoints import StoredCheckpoint
from service.store.events import ChainReport, EventStore
from service.store.tables import disputes, game_summaries
from service.witness import Witness, WitnessCache

# Kinds of finding, in the order a stream's findings are listed.
BROKEN_CHAIN = "broken-chain"  # a link of the chain does not hold (an edit, a deleted event)
DELETED_STREAM = "deleted-stream"  # records know the stream, the log has no event of it
TRUNCATED = "truncated"  # the stream is shorter than a record of it says
RECHAINED = "rechained"  # the hash at a signed version is not the signed head
HEAD_MISMATCH = "head-mismatch"  # a read model (unsigned) disagrees with the stream's head
MISSING_HEAD = "missing-head"  # a game or dispute stream with events and no read-model row recording its head
BAD_SIGNATURE = "bad-signature"  # a checkpoint whose signature does not verify
UNKNOWN_KEY_FINDING = "unknown-key"  # a checkpoint signed by a key that is not in the keyring
GLOBAL_CHAIN = "global-chain"  # a global checkpoint does not follow the one before it
GLOBAL_HEAD = "global-head"  # the log no longer hashes to the newest global checkpoint
WITNESS = "witness"  # the witness file outside the database disagrees with the database
SNAPSHOT = "snapshot"  # a stored snapshot (read instead of the events before it) is not the log's fold

# Findings about a stream that a rebuild of its summary would not erase any evidence of.
REBUILDABLE = frozenset({MISSING_HEAD})


@dataclass(frozen=True, slots=True)
class Finding:
    """One disagreement between the log and a record of it."""

    kind: str
    stream: str | None
    version: int | None
    detail: str

    def line(self) -> str:
        """The operator's line: `KIND  stream  detail`."""
        return f"{self.kind.upper():<14} {self.stream or 'log'}  {self.detail}"

    def to_json(self) -> dict[str, Any]:
        """The API's shape of a finding."""
        return {"kind": self.kind, "stream": self.stream, "version": self.version, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class Claim:
    """What a record says of a stream: its head at a version (`exact`: that version is the last one)."""

    source: str
    version: int
    head: str | None
    signed: bool
    exact: bool = False


@dataclass(frozen=True, slots=True)
class StreamCheck:
    """A stream's chain report, its findings and its newest checkpoint whose signature verifies."""

    stream: str
    report: ChainReport
    findings: tuple[Finding, ...]
    checkpoint: StoredCheckpoint | None = None

    def companion_json(self) -> dict[str, Any]:
        """The stream as a verify report lists another stream beside its own: whether it holds, its first finding."""
        first = self.findings[0] if self.findings else None
        return {
            "stream": self.stream,
            "ok": first is None,
            "first_broken": first.version if first else None,
            "reason": first.detail if first else None,
        }


@dataclass(frozen=True, slots=True)
class LogCheck:
    """Every stream's check and the findings about the log as a whole."""

    streams: tuple[StreamCheck, ...]
    log_findings: tuple[Finding, ...] = ()
    globals_checked: int = 0
    newest_global: int | None = None  # the position the newest global checkpoint signs: how CLI, API and README name it

    @property
    def findings(self) -> list[Finding]:
        """Every finding: the log's first, then stream by stream."""
        return [*self.log_findings, *(f for s in self.streams for f in s.findings)]


@dataclass(frozen=True, slots=True)
class _Known:
    """What the records other than the log say about one stream."""

    summary: Mapping[str, Any] | None = None
    dispute_version: int | None = None
    checkpoints: list[StoredCheckpoint] = field(default_factory=list)


def claim_findings(stream: str, last_version: int, hashes: Mapping[int, str], claims: Sequence[Claim]) -> list[Finding]:
    """Findings of a stream whose last version is `last_version` (0: no events) and whose stored hashes at the
    claimed versions are `hashes`, against what records claim about it."""
    if not claims:
        return []
    if last_version == 0:
        said = "; ".join(f"{c.source} records version {c.version}" for c in claims)
        return [Finding(DELETED_STREAM, stream, None, f"the log has no event of this stream, but {said}")]
    found: list[Finding] = []
    for claim in claims:
        if claim.version > last_version:
            detail = f"the stream ends at version {last_version} but {claim.source} records version {claim.version}"
            found.append(Finding(TRUNCATED, stream, last_version + 1, detail))
        elif claim.exact and claim.version < last_version:
            detail = f"the stream goes on to version {last_version} but {claim.source} records version {claim.version}"
            found.append(Finding(HEAD_MISMATCH, stream, claim.version + 1, detail))
        elif claim.head is not None and claim.version in hashes and hashes[claim.version] != claim.head:
            kind = RECHAINED if claim.signed else HEAD_MISMATCH
            detail = f"the hash at version {claim.version} is not the head {claim.source} records ({claim.head[:16]})"
            found.append(Finding(kind, stream, claim.version, detail))
    return found


def with_derived(
    check: StreamCheck,
    stale_snapshots: Callable[[str], list[int]],
    summary_drift: Callable[[str, ChainReport], list[str]],
    dispute_drift: Callable[[str], list[str]] | None = None,
) -> StreamCheck:
    """A stream's check with what its intact log re-derives: a game's stored snapshots (read instead of the
    events before them; `stale_snapshots`: the versions that are not the fold, by game id), its summary
    (`summary_drift`: the fields that are not the log's, given the chain check that holds, so the log is not
    read a second time) and a dispute's read-model row (`dispute_drift`:
    the fields that are not the fold of its stream, by dispute id)."""
    if not check.report.ok or not check.report.events:
        return check
    kind, _, key = check.stream.partition(":")
    found: list[Finding] = []
    if kind == "game":
        for version in stale_snapshots(key):
            detail = (
                f"the snapshot at version {version} is not the log's fold at that version: states read through "
                "it are wrong until the game's snapshots are deleted (a cache; they are written again)"
            )
            found.append(Finding(SNAPSHOT, check.stream, version, detail))
    fields = (
        summary_drift(key, check.report)
        if kind == "game"
        else dispute_drift(key)
        if dispute_drift and kind == "dispute"
        else []
    )
    if fields:
        model = "game summary" if kind == "game" else "disputes read model"
        detail = f"the {model} disagrees with the {kind}'s stream on {', '.join(fields)}"
        found.append(Finding(HEAD_MISMATCH, check.stream, None, detail))
    return replace(check, findings=(*check.findings, *found)) if found else check


def _missing_read_model(stream: str, known: _Known) -> str | None:
    """The read model that should hold a row for this stream and holds none (a deleted row), if any."""
    if stream.startswith("game:") and known.summary is None:
        return "game summary"
    if stream.startswith("dispute:") and known.dispute_version is None:
        return "disputes read-model row"
    return None


def describe(stored: StoredCheckpoint) -> str:
    """A stream checkpoint as a finding names it: when and by which key (the finding gives the version it signs)."""
    cp = stored.checkpoint
    return f"the checkpoint signed {cp.signed_at} (key {cp.key_id})"


class Verifier:
    """Checks streams and the log against every record of them."""

    def __init__(self, engine: Engine, store: EventStore, keyring: Keyring, witness: WitnessCache) -> None:
        self.engine = engine
        self.store = store
        self.keyring = keyring
        self.witness = witness

    def check_game(self, stream: str, summary: Mapping[str, Any]) -> StreamCheck:
        """One game stream against its summary, its checkpoints and the witness (GET /games/{id}/verify)."""
        witness = self._trusted(self.witness.current())
        return self._check(stream, _Known(summary, None, checkpoint_rows.of_stream(self.engine, stream)), witness)

    def check_stream(self, stream: str) -> StreamCheck:
        """One stream of any kind against every record of it."""
        known = self._known(stream).get(stream, _Known())
        return self._check(stream, known, self._trusted(self.witness.current()), in_full=True)

    def check_companions(self, game_id: str) -> tuple[StreamCheck, ...]:
        """The game's annotation stream (when it has one) and its disputes' streams, each checked in full."""
        annotations = f"annotations:{game_id}"
        streams = [annotations] if self.store.stream_version(annotations) else []
        query = select(disputes.c.dispute_id).where(disputes.c.game_id == game_id)
        with self.engine.connect() as conn:
            rows = {f"dispute:{dispute_id}" for dispute_id in conn.execute(query).scalars()}
        # The log's own disputes of the game too: a dispute whose read-model row was deleted is still listed.
        streams += sorted(rows | set(dispute_rows.streams_in_log(self.engine, game_id)))
        return tuple(self.check_stream(stream) for stream in streams)

    def check_all(self, prefix: str = "") -> LogCheck:
        """Every stream known to any record (log, summaries, read models, checkpoints, witness), and the log."""
        witness_file = self.witness.current()
        witness = self._trusted(witness_file)
        known = self._known(None, prefix)
        lengths = checkpoint_rows.stream_lengths(self.engine, prefix)
        streams = set(lengths) | set(known) | {s for s in witness.heads if s.startswith(prefix)}
        checks = tuple(
            self._check(s, known.get(s, _Known()), witness, lengths.get(s, 0), in_full=True) for s in sorted(streams)
        )
        if prefix:
            return LogCheck(checks)
        log_findings, chain = self._check_globals(witness_file)
        newest = chain[-1].checkpoint.number if chain else None
        return LogCheck(checks, tuple(log_findings), len(chain), newest)

    # --- one stream ---

    def _check(
        self, stream: str, known: _Known, witness: Witness, last_version: int | None = None, in_full: bool = False
    ) -> StreamCheck:
        if last_version is None:
            last_version = self.store.stream_version(stream)
        report = self.store.verify(stream)
        chain: list[Finding] = []
        if last_version and not report.ok:
            chain.append(Finding(BROKEN_CHAIN, stream, report.first_broken, str(report.reason)))
        signatures: list[Finding] = []
        claims, valid = self._claims(stream, known, witness, signatures)
        hashes = checkpoint_rows.hashes_at(self.engine, stream, [c.version for c in claims if c.head is not None])
        ordered = [*chain, *claim_findings(stream, last_version, hashes, claims), *signatures]
        if in_full and last_version and (missing := _missing_read_model(stream, known)) is not None:
            detail = f"the stream has {last_version} events but no {missing} records its head"
            ordered.append(Finding(MISSING_HEAD, stream, None, detail))
        return StreamCheck(stream, report, tuple(_unique(ordered)), valid[-1] if valid else None)

    def _claims(
        self, stream: str, known: _Known, witness: Witness, findings: list[Finding]
    ) -> tuple[list[Claim], list[StoredCheckpoint]]:
        claims: list[Claim] = []
        if known.summary is not None:
            summary = known.summary
            claims.append(Claim("the game summary", int(summary["version"]), summary["last_hash"], False, exact=True))
        if known.dispute_version is not None:
            claims.append(Claim("the disputes read model", known.dispute_version, None, False, exact=True))
        valid: list[StoredCheckpoint] = []
        for stored in known.checkpoints:
            verdict = self.keyring.verify(
                stored.checkpoint.key_id, payload(stored.checkpoint), stored.checkpoint.signature
            )
            if verdict == VALID:
                valid.append(stored)
                claims.append(Claim(describe(stored), stored.checkpoint.number, stored.checkpoint.head, True))
            else:
                findings.append(_signature_finding(verdict, stream, stored))
        if stream in witness.heads:
            version, head = witness.heads[stream]
            assert witness.checkpoint is not None
            source = f"the witness file's global checkpoint at position {witness.checkpoint.number}"
            claims.append(Claim(source, version, head, True))
        return claims, valid

    def _known(self, stream: str | None, prefix: str = "") -> dict[str, _Known]:
        """Summaries, dispute rows and checkpoints by stream (of one stream, or of all with the prefix)."""
        summaries: dict[str, Mapping[str, Any]] = {}
        dispute_versions: dict[str, int] = {}
        with self.engine.connect() as conn:
            query = select(game_summaries.c.game_id, game_summaries.c.version, game_summaries.c.last_hash)
            if stream is not None:
                query = query.where(game_summaries.c.game_id == stream.removeprefix("game:"))
            for row in conn.execute(query):
                summaries[f"game:{row.game_id}"] = {"version": row.version, "last_hash": row.last_hash}
            dispute_query = select(disputes.c.dispute_id, disputes.c.stream_version)
            if stream is not None:
                dispute_query = dispute_query.where(disputes.c.dispute_id == stream.removeprefix("dispute:"))
            for dispute in conn.execute(dispute_query):
                dispute_versions[f"dispute:{dispute.dispute_id}"] = int(dispute.stream_version)
        if stream is not None:
            summaries = {s: v for s, v in summaries.items() if s == stream}
            dispute_versions = {s: v for s, v in dispute_versions.items() if s == stream}
            stored = checkpoint_rows.of_stream(self.engine, stream)
        else:
            stored = checkpoint_rows.of_streams(self.engine, prefix)
        by_stream: dict[str, list[StoredCheckpoint]] = defaultdict(list)
        for checkpoint in stored:
            by_stream[str(checkpoint.checkpoint.stream)].append(checkpoint)
        names = {s for s in (*summaries, *dispute_versions, *by_stream) if s.startswith(prefix)}
        return {s: _Known(summaries.get(s), dispute_versions.get(s), by_stream.get(s, [])) for s in names}

    # --- the log as a whole ---

    def _check_globals(self, witness: Witness) -> tuple[list[Finding], list[StoredCheckpoint]]:
        found: list[Finding] = []
        chain = checkpoint_rows.globals_in_order(self.engine)
        expected, before = FIRST_PREV, "none (the first global checkpoint)"
        for stored in chain:
            cp = stored.checkpoint
            verdict = self.keyring.verify(cp.key_id, payload(cp), cp.signature)
            if verdict != VALID:
                found.append(_signature_finding(verdict, None, stored))
            if cp.prev != expected:
                detail = (
                    f"the global checkpoint at position {cp.number} does not follow the global checkpoint before it "
                    f"in the database ({before}): a global checkpoint was removed or altered"
                )
                found.append(Finding(GLOBAL_CHAIN, None, cp.number, detail))
            expected, before = checkpoint_hash(cp), f"at position {cp.number}"
        if chain:
            found.extend(self._check_latest(chain[-1]))
        found.extend(self._check_witness(witness, chain))
        return found, chain

    def _check_latest(self, latest: StoredCheckpoint) -> list[Finding]:
        cp = latest.checkpoint
        with self.engine.connect() as conn:
            last = checkpoint_rows.last_position(conn)
            heads = checkpoint_rows.heads_at(conn, cp.number)
        found: list[Finding] = []
        if last < cp.number:
            detail = f"the log ends at position {last}, before the global checkpoint at position {cp.number}"
            found.append(Finding(GLOBAL_HEAD, None, last + 1, detail))
        if heads_root(heads) != cp.head or len(heads) != cp.streams:
            detail = (
                f"the log up to position {cp.number} no longer hashes to global checkpoint at position {cp.number} "
                f"(signed {cp.signed_at}; {cp.streams} stream heads then, {len(heads)} now)"
            )
            found.append(Finding(GLOBAL_HEAD, None, cp.number, detail))
        return found

    def _check_witness(self, witness: Witness, chain: Sequence[StoredCheckpoint]) -> list[Finding]:
        where = f"the witness file {witness.path}"
        if not witness.exists:
            if not chain:
                return []
            detail = (
                f"there is no witness file at {witness.path}, but the database holds {len(chain)} global checkpoint(s)"
            )
            return [Finding(WITNESS, None, None, detail)]
        if witness.problem is not None or witness.checkpoint is None:
            return [Finding(WITNESS, None, None, f"{where} {witness.problem}")]
        cp = witness.checkpoint
        verdict = self.keyring.verify(cp.key_id, payload(cp), cp.signature)
        if verdict != VALID:
            reason = "is signed by a key not in the keyring" if verdict == UNKNOWN_KEY else "has a bad signature"
            return [Finding(WITNESS, None, cp.number, f"{where} {reason} (key {cp.key_id})")]
        if not any(stored.checkpoint == cp for stored in chain):
            detail = (
                f"{where} holds the global checkpoint of position {cp.number} (signed {cp.signed_at}), which the "
                "database does not: global checkpoints were deleted, or the database is an older copy"
            )
            return [Finding(WITNESS, None, cp.number, detail)]
        return []

    def _trusted(self, witness: Witness) -> Witness:
        """The witness, if its heads may be believed (readable, hashing to a checkpoint we can verify)."""
        cp = witness.checkpoint
        if cp is None or witness.problem is not None:
            return Witness(witness.path)
        if self.keyring.verify(cp.key_id, payload(cp), cp.signature) != VALID:
            return Witness(witness.path)
        return witness


def _signature_finding(verdict: str, stream: str | None, stored: StoredCheckpoint) -> Finding:
    cp = stored.checkpoint
    what = f"the {cp.kind} checkpoint {'of version' if stream else 'at position'} {cp.number} (signed {cp.signed_at})"
    if verdict == INVALID:
        return Finding(BAD_SIGNATURE, stream, cp.number, f"{what}: its signature does not verify under key {cp.key_id}")
    return Finding(UNKNOWN_KEY_FINDING, stream, cp.number, f"{what}: key {cp.key_id} is not in the keyring")


def _unique(findings: Iterable[Finding]) -> list[Finding]:
    seen: set[tuple[str, int | None, str]] = set()
    kept = []
    for finding in findings:
        key = (finding.kind, finding.version, finding.detail)
        if key not in seen:
            seen.add(key)
            kept.append(finding)
    return kept
