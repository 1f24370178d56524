"""The tables step of a sync: materialize a layer's current spreadsheets as Parquet and prune the
tables of files no longer current; does I/O (the store, the source files, the tables folder).

Every sync of a layer ends with this step, whichever driver ran it: `stratakb add`
(`ingest.sync.add_folder`), `stratakb preset apply` (`ingest.presets.apply`), the MCP ingest
tool (`ingest.layer_admin`) call `refresh_layer_tables` under the layer's lock right after the
run; Dagster runs it as the `tables` asset after `layer_store`. The step reads the store, not the
run, so it is idempotent: a spreadsheet whose file version already has a manifest is not read
again, and one the last run could not materialize is tried again on the next.

For each current CSV, TSV and XLSX document of the layer (``documents.content_hash`` names its
folder, see ``store.table_registry``), the file is read from its source folder; a file that
changed or went away since it was stored is left for the next sync, with a note. A file that
cannot be read as a table is a note too, never a failure of the run. Then the folders of the
layer's other file versions (removed or replaced files) are removed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from stratakb_core.errors import StrataError
from stratakb_core.ingest.source_sync import layer_lock
from stratakb_core.ingest.sync_result import AddResult
from stratakb_core.ingest.table_files import file_sha256, is_table_file
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.store.documents_read import TableSource, table_sources
from stratakb_core.store.table_registry import prune_tables, read_manifest, store_tables_dir, table_dir
from stratakb_core.textsafe import name_from_store

__all__ = ["TablesSync", "refresh_layer_tables", "sync_layer_tables", "tables_dir", "tables_stage"]

log = logging.getLogger(__name__)

def tables_dir(settings: Settings, conn: psycopg.Connection) -> Path:
    """Where the store's tables live: ``<data_dir>/tables/<store key>`` (STRATA_DATA_DIR; see
    ``store.table_registry.store_tables_dir``), for ingest and queries alike."""
    return store_tables_dir(settings.data_dir, conn)


@dataclass
class TablesSync:
    """What the tables step did for one layer."""

    layer: str
    materialized: list[str] = field(default_factory=list)  # file paths written now
    reused: int = 0  # file versions whose tables were already there
    tables: int = 0  # sheets materialized now
    pruned: int = 0  # folders of file versions no longer current
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {"files_materialized": len(self.materialized), "files_reused": self.reused,
                "tables_written": self.tables, "folders_pruned": self.pruned, "notes": len(self.notes)}


def _materialize(base: Path, layer: str, doc: TableSource, out: TablesSync) -> None:
    try:
        if read_manifest(table_dir(base, layer, doc.content_hash)) is not None:
            out.reused += 1
            return
    except StrataError as exc:  # a layer or hash that cannot name a folder
        out.notes.append(f"{doc.path}: no table: {exc.message}")
        return
    path = Path(doc.root) / name_from_store(doc.path)  # the name os functions open (undecodable bytes)
    try:
        sha = file_sha256(path)
    except OSError as exc:
        out.notes.append(f"{doc.path}: no table: cannot read the file ({exc.strerror or exc}); "
                         "the next sync tries again")
        return
    if sha != doc.content_hash:
        out.notes.append(f"{doc.path}: no table yet: the file changed since it was stored; the next sync "
                         "materializes it")
        return
    from stratakb_core.ingest.tables import materialize_tables  # PyArrow: only when a table is written

    try:
        made = materialize_tables(path, base, layer, rel_path=doc.path, doc_sha=sha)
    except StrataError as exc:
        out.notes.append(f"{doc.path}: no table: {exc.message}")
        return
    except OSError as exc:
        out.notes.append(f"{doc.path}: no table: {exc.strerror or exc}")
        return
    except Exception as exc:  # noqa: BLE001 - one file's table is a note, never the end of the run
        log.exception("tables of %s", doc.path)
        out.notes.append(f"{doc.path}: no table: {type(exc).__name__}: {exc}")
        return
    out.materialized.append(doc.path)
    out.tables += sum(1 for t in made.tables if t.path)
    out.notes.extend(f"{doc.path}: {n}" for n in made.notes)
    out.notes.extend(f"{doc.path}: sheet {t.sheet or t.sheet_index} not materialized: {t.refused}"
                     for t in made.tables if t.refused)


def sync_layer_tables(conn: psycopg.Connection, layer: str, base_dir: Path) -> TablesSync:
    """Materialize the layer's current spreadsheets that have no tables yet and prune the tables
    of its other file versions; see the module docstring. The caller holds the layer's lock."""
    out = TablesSync(layer)
    docs = [d for d in table_sources(conn, layer) if is_table_file(d.path)]
    base = Path(base_dir)
    for doc in docs:
        _materialize(base, layer, doc, out)
    out.pruned = len(prune_tables(base, layer, keep={d.content_hash for d in docs}))
    return out


def refresh_layer_tables(conn: psycopg.Connection, settings: Settings, result: AddResult) -> TablesSync | None:
    """The tables step after a driver's sync run (`result`): never raises for a file or the
    folder; what went wrong is added to result.notes. Skipped for an interrupted run; an
    interrupt during the step stops it and marks the run interrupted."""
    if result.interrupted:
        return None
    try:
        done = sync_layer_tables(conn, result.layer, tables_dir(settings, conn))
    except KeyboardInterrupt:
        result.interrupted = True
        result.notes.append("tables: interrupted; the next sync materializes the rest")
        return None
    except (OSError, StrataError, psycopg.Error) as exc:
        log.warning("tables of layer %s: %s", result.layer, exc)
        why = exc.message if isinstance(exc, StrataError) else (
            exc.strerror if isinstance(exc, OSError) else str(exc).splitlines()[0] if str(exc) else "")
        result.notes.append(f"tables: not refreshed ({type(exc).__name__}: {why})"[:300])
        return None
    result.notes.extend(f"tables: {n}" for n in done.notes)
    return done


def tables_stage(db: Database, layer: str, on_wait: Callable[[str], None] | None = None) -> TablesSync:
    """The Dagster `tables` asset: the tables step for one layer, under the layer's lock."""
    conn = db.connect()
    try:
        with layer_lock(conn, layer, on_wait):
            return sync_layer_tables(conn, layer, tables_dir(db.settings, conn))
    finally:
        conn.close()
