"""A throw-away local PostgreSQL server for the test suite (stdlib and psycopg, a dependency of Annals).

``PostgresServer`` runs ``initdb`` into a fresh temporary directory, starts the
server on a free TCP port of 127.0.0.1 with ``pg_ctl``, and removes everything
again on ``stop()`` (or at interpreter exit, as a safety net).

PostgreSQL refuses to run as root, so when this process is root every server
command runs as the ``postgres`` system user (``runuser``, or ``su`` as a
fallback). If that user does not exist nothing is created: ``server_user_problem()``
reports why, and the pytest fixtures skip.

Standalone smoke test (also handy for benchmarks)::

    python -m tests.postgres_server
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from types import TracebackType
from urllib.parse import urlsplit, urlunsplit

import psycopg

SUPERUSER = "annals"
TEST_DATABASE = "annals_test"
SERVER_OS_USER = "postgres"
START_ATTEMPTS = 3
_LOG_TAIL_LINES = 40
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}")
_BIND_FAILURE = ("could not bind", "address already in use", "could not create any tcp/ip sockets")


class PostgresUnavailable(RuntimeError):
    """The test server could not be set up or started."""


class ServerUserMissing(PostgresUnavailable):
    """Running as root, but there is no unprivileged user to run PostgreSQL as."""


# --------------------------------------------------------------------------- discovery


def _has_initdb(directory: Path) -> bool:
    return (directory / "initdb").is_file() and os.access(directory / "initdb", os.X_OK)


def find_pg_bin() -> Path | None:
    """Directory holding initdb/pg_ctl/postgres, or None.

    Order: ``$ANNALS_PG_BIN``; ``pg_config --bindir``; the highest
    ``/usr/lib/postgresql/<major>/bin`` that contains initdb.
    """
    env = os.environ.get("ANNALS_PG_BIN")
    if env:
        path = Path(env).expanduser()
        return path if _has_initdb(path) else None

    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and _has_initdb(Path(out)):
            return Path(out)

    def major(path: Path) -> tuple[int, ...]:
        return tuple(int(p) for p in re.findall(r"\d+", path.parent.name)) or (0,)

    candidates = [p for p in Path("/usr/lib/postgresql").glob("*/bin") if _has_initdb(p)]
    return max(candidates, key=major) if candidates else None


def _running_as_root() -> bool:
    return os.geteuid() == 0


def server_user_problem() -> str | None:
    """Why the server cannot be run from this process, or None if it can."""
    if not _running_as_root():
        return None
    try:
        pwd.getpwnam(SERVER_OS_USER)
    except KeyError:
        return (
            f"running as root and there is no {SERVER_OS_USER!r} system user; PostgreSQL refuses to "
            f"run as root (create one, e.g. `useradd --system {SERVER_OS_USER}`, or run as non-root)"
        )
    if _runuser() is None and shutil.which("su") is None:
        return f"running as root and neither runuser nor su is available to switch to {SERVER_OS_USER!r}"
    return None


def _runuser() -> str | None:
    found = shutil.which("runuser")
    if found:
        return found
    for candidate in ("/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def _as_server_user(cmd: list[str]) -> list[str]:
    """Wrap cmd so it runs as the postgres OS user when we are root."""
    if not _running_as_root():
        return cmd
    runuser = _runuser()
    if runuser:
        return [runuser, "-u", SERVER_OS_USER, "--", *cmd]
    return ["su", SERVER_OS_USER, "-s", "/bin/sh", "-c", shlex.join(cmd)]


def _server_env() -> dict[str, str]:
    # A developer's PGDATA/PGPORT/PGHOST/... must not leak into our private server.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env["LC_MESSAGES"] = "C"
    return env


def _world_traversable(path: Path) -> bool:
    return all(os.stat(directory).st_mode & stat.S_IXOTH for directory in [path, *path.parents])


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --------------------------------------------------------------------------- URLs and admin SQL


def to_libpq_url(url: str) -> str:
    """``postgresql+psycopg://...`` (SQLAlchemy) -> ``postgresql://...`` (libpq / psycopg)."""
    parts = urlsplit(url)
    scheme = parts.scheme.split("+", 1)[0]
    if scheme == "postgres":
        scheme = "postgresql"
    return urlunsplit(parts._replace(scheme=scheme))


def to_sqlalchemy_url(url: str) -> str:
    """Any postgres URL -> ``postgresql+psycopg://...`` (the driver the project depends on)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(scheme="postgresql+psycopg"))


def with_database(url: str, database: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + database))


def _quote_identifier(name: str) -> str:
    if not _IDENTIFIER.fullmatch(name):
        raise ValueError(f"unsafe database name: {name!r}")
    return '"' + name + '"'


def _admin_execute(libpq_url: str, statement: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE need that)."""
    with psycopg.connect(libpq_url, autocommit=True, connect_timeout=10) as conn:
        conn.execute(statement)


class _AdminMixin:
    """create_database/drop_database on top of ``admin_libpq_url`` and ``url``."""

    url: str
    admin_libpq_url: str
    _create_options = ""

    def database_url(self, name: str) -> str:
        return with_database(self.url, name)

    def create_database(self, name: str) -> str:
        """CREATE DATABASE name; return its ``postgresql+psycopg://`` URL."""
        _admin_execute(
            self.admin_libpq_url,
            f"CREATE DATABASE {_quote_identifier(name)}{self._create_options}",
        )
        return self.database_url(name)

    def drop_database(self, name: str) -> None:
        """DROP DATABASE IF EXISTS name WITH (FORCE) (terminates leftover connections)."""
        _admin_execute(
            self.admin_libpq_url,
            f"DROP DATABASE IF EXISTS {_quote_identifier(name)} WITH (FORCE)",
        )


class ExternalPostgres(_AdminMixin):
    """A server someone else runs (``ANNALS_TEST_POSTGRES_URL``); never started or stopped here."""

    major_version: int | None = None

    def __init__(self, url: str) -> None:
        self.url = to_sqlalchemy_url(url)
        # Admin statements connect to the database named in the URL itself.
        self.admin_libpq_url = to_libpq_url(self.url)
        self.timings: dict[str, float] = {}

    def stop(self) -> None:
        pass


# --------------------------------------------------------------------------- safety nets

_live_servers: set[PostgresServer] = set()
_signals_hooked = False


def _stop_live_servers_and_die(signum: int, frame: object) -> None:
    for server in list(_live_servers):
        with contextlib.suppress(Exception):
            server._atexit_stop()
    # Die of the same signal with the default action, as if we had never intercepted it.
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _hook_termination_signals() -> None:
    """atexit covers normal exit and Ctrl-C; SIGTERM/SIGHUP (CI cancel, closed terminal,
    `timeout`) kill Python without running atexit, so stop the servers on those too.
    Only installed where nobody else handles the signal."""
    global _signals_hooked
    if _signals_hooked or threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is signal.SIG_DFL:
            signal.signal(signum, _stop_live_servers_and_die)
    _signals_hooked = True


# --------------------------------------------------------------------------- the local server


class PostgresServer(_AdminMixin):
    """A private PostgreSQL cluster in a temp directory. Use as a context manager."""

    def __init__(self, bin_dir: Path | None = None, durable: bool = False) -> None:
        found = bin_dir or find_pg_bin()
        if found is None:
            raise PostgresUnavailable("PostgreSQL binaries not found (set ANNALS_PG_BIN)")
        self.bin_dir = Path(found)
        # A durable server keeps PostgreSQL's defaults (fsync, synchronous_commit, full_page_writes on):
        # for benchmarks that compare commit rates, where a commit must wait for its WAL flush.
        self.durable = durable
        self.base_dir: Path | None = None
        self.port: int | None = None
        self.major_version: int | None = None
        self.timings: dict[str, float] = {}
        self._owner_pid: int | None = None

    # -- paths & urls
    @property
    def data_dir(self) -> Path:
        return self._base() / "data"

    @property
    def log_file(self) -> Path:
        return self._base() / "log"

    def _base(self) -> Path:
        if self.base_dir is None:
            raise PostgresUnavailable("server not started")
        return self.base_dir

    @property
    def running(self) -> bool:
        return self.port is not None

    # The mixin only reads `url` and `admin_libpq_url` (ExternalPostgres sets them once); here they are read-only
    # properties, which mypy reports as overriding a writable attribute, because they exist only while running.
    @property
    def url(self) -> str:  # type: ignore[override]
        if self.port is None:
            raise PostgresUnavailable("server not started")
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{TEST_DATABASE}"

    @property
    def admin_libpq_url(self) -> str:  # type: ignore[override]  # read-only, as `url` above
        if self.port is None:
            raise PostgresUnavailable("server not started")
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    # -- lifecycle
    def __enter__(self) -> PostgresServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> PostgresServer:
        if self.base_dir is not None:
            raise PostgresUnavailable("server already started")
        problem = server_user_problem()
        if problem:
            raise ServerUserMissing(problem)
        self._owner_pid = os.getpid()
        atexit.register(self._atexit_stop)
        _live_servers.add(self)
        _hook_termination_signals()
        t0 = time.perf_counter()
        try:
            self._make_base_dir()
            self._initdb()
            t1 = time.perf_counter()
            self._start_server()
            t2 = time.perf_counter()
            self.create_database(TEST_DATABASE)
            t3 = time.perf_counter()
        except BaseException:
            self.stop()
            raise
        self.timings = {"initdb": t1 - t0, "pg_ctl start": t2 - t1, "create db": t3 - t2, "total": t3 - t0}
        return self

    def stop(self) -> None:
        """Stop the server (immediate mode) and delete its directory. Idempotent."""
        base, self.base_dir, self.port = self.base_dir, None, None
        _live_servers.discard(self)
        with contextlib.suppress(Exception):
            atexit.unregister(self._atexit_stop)
        if base is None:
            return
        pid = _postmaster_pid(base / "data")
        if pid is not None:
            self._run(
                [self._bin("pg_ctl"), "-D", str(base / "data"), "-m", "immediate", "-w", "stop"],
                cwd=base,
                check=False,
            )
            _wait_until_reaped(pid)
        shutil.rmtree(base, ignore_errors=True)

    def _atexit_stop(self) -> None:
        # Never let a forked child (e.g. a test that forks) tear down the parent's server.
        if self._owner_pid == os.getpid():
            self.stop()

    # -- steps
    def _bin(self, name: str) -> str:
        return str(self.bin_dir / name)

    def _make_base_dir(self) -> None:
        parent = None
        if _running_as_root() and not _world_traversable(Path(tempfile.gettempdir())):
            parent = "/tmp"  # the postgres user must be able to reach its data directory
        self.base_dir = Path(tempfile.mkdtemp(prefix="annals-pg-", dir=parent))
        if _running_as_root():
            user = pwd.getpwnam(SERVER_OS_USER)
            os.chown(self.base_dir, user.pw_uid, user.pw_gid)

    def _initdb(self) -> None:
        base_cmd = [
            self._bin("initdb"),
            "-D",
            str(self.data_dir),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            # Test clusters are disposable: skip initdb's final fsync of every file.
            "--no-sync",
        ]
        proc = self._run([*base_cmd, "--locale=C.UTF-8"], cwd=self._base(), check=False, timeout=180)
        if proc.returncode != 0:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            first = proc.stdout
            proc = self._run([*base_cmd, "--no-locale"], cwd=self._base(), check=False, timeout=180)
            if proc.returncode != 0:
                raise PostgresUnavailable(
                    "initdb failed (with --locale=C.UTF-8 and with --no-locale):\n"
                    f"{_tail(first)}\n---\n{_tail(proc.stdout)}"
                )
        version = (self.data_dir / "PG_VERSION").read_text().strip()
        self.major_version = int(version.split(".")[0])
        if self.major_version >= 15:
            # FILE_COPY (PG 15+) copies template1 file by file plus two checkpoints; with fsync off
            # that is ~4x faster than the default WAL_LOG for a small template (~15 vs ~60 ms).
            self._create_options = " STRATEGY = FILE_COPY"

    def _start_server(self) -> None:
        base = self._base()
        failure = ""
        for attempt in range(1, START_ATTEMPTS + 1):
            port = _free_port()
            # fsync/synchronous_commit/full_page_writes are off ONLY for this throw-away test
            # server: it makes writes much faster and a crash merely loses the temp cluster.
            # Production PostgreSQL keeps all three on — durability of the event log depends on it.
            unsafe = ["-F", "-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            options = " ".join(
                [
                    *([] if self.durable else unsafe),
                    f"-p {port}",
                    f"-k {shlex.quote(str(base))}",
                    "-c listen_addresses=127.0.0.1",
                    "-c max_connections=100",
                ]
            )
            log_size = self.log_file.stat().st_size if self.log_file.exists() else 0
            proc = self._run(
                [
                    self._bin("pg_ctl"),
                    "-D",
                    str(self.data_dir),
                    "-o",
                    options,
                    "-l",
                    str(self.log_file),
                    "-t",
                    "60",
                    "-w",
                    "start",
                ],
                cwd=base,
                check=False,
                timeout=120,
            )
            if proc.returncode == 0:
                self.port = port
                return
            log = self._read_log(since=log_size)
            failure = f"pg_ctl start failed (attempt {attempt}, port {port}):\n{proc.stdout.strip()}\n{log}"
            # Make sure a half-started postmaster is gone before trying again.
            stale = _postmaster_pid(self.data_dir)
            if stale is not None:
                self._run(
                    [self._bin("pg_ctl"), "-D", str(self.data_dir), "-m", "immediate", "-w", "stop"],
                    cwd=base,
                    check=False,
                )
                _wait_until_reaped(stale)
            if not any(marker in log.lower() for marker in _BIND_FAILURE):
                break  # not a port collision: retrying will not help
        raise PostgresUnavailable(f"{failure}\n--- log tail ({self.log_file}) ---\n{self._log_tail()}")

    # -- helpers
    def _run(
        self, cmd: list[str], *, cwd: Path, check: bool = True, timeout: float = 60
    ) -> subprocess.CompletedProcess[str]:
        try:
            proc = subprocess.run(
                _as_server_user(cmd),
                cwd=cwd,  # the postgres user may not be able to enter our cwd
                env=_server_env(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=timeout,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PostgresUnavailable(f"{shlex.join(cmd)} failed: {exc}\n{self._log_tail()}") from exc
        if check and proc.returncode != 0:
            raise PostgresUnavailable(f"{shlex.join(cmd)} exited {proc.returncode}:\n{_tail(proc.stdout)}")
        return proc

    def _read_log(self, since: int = 0) -> str:
        try:
            with open(self.log_file, encoding="utf-8", errors="replace") as fh:
                fh.seek(since)
                return fh.read()
        except (OSError, PostgresUnavailable):
            return ""

    def _log_tail(self) -> str:
        return _tail(self._read_log()) or "(no server log)"


def _postmaster_pid(data_dir: Path) -> int | None:
    try:
        return int((data_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _wait_until_reaped(pid: int, timeout: float = 5.0) -> None:
    """Wait (bounded) until the stopped postmaster has left the process table.

    pg_ctl daemonises the postmaster, so after it exits it stays a zombie until
    PID 1 reaps it; a slow init (as in some containers) leaves ``[postgres] <defunct>``
    visible for a second or so. Best effort: never raises.
    """
    deadline = time.monotonic() + timeout
    proc = Path(f"/proc/{pid}")
    while proc.exists() and time.monotonic() < deadline:
        try:
            if "postgres" not in (proc / "comm").read_text():
                return  # pid reused by something else
        except OSError:
            return
        time.sleep(0.02)


def _tail(text: str, lines: int = _LOG_TAIL_LINES) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def main() -> int:
    t0 = time.perf_counter()
    with PostgresServer() as server:
        started = time.perf_counter() - t0
        print(server.url)
        with psycopg.connect(to_libpq_url(server.url)) as conn:
            row = conn.execute("SELECT version()").fetchone()
        print(row[0] if row else "?")
        steps = ", ".join(f"{k} {v:.2f}s" for k, v in server.timings.items())
        print(f"started in {started:.2f}s ({steps}); bin dir {server.bin_dir}")
    print(f"stopped; total {time.perf_counter() - t0:.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
