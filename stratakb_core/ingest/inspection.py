"""`stratakb inspect` and `stratakb add --dry-run`: DuckDB queries over the Dagster stage outputs
(Parquet) and the store; reads only, writes nothing anywhere.

The store is read through psycopg into Arrow tables registered in DuckDB (DuckDB's postgres
extension would need a download). The Parquet files the Dagster location writes
(`<storage>/<asset>/<layer>.parquet`) are DuckDB views named `stage_<asset>`, with a `layer`
column taken from the file name.

    manifest LAYER   every file of the layer's folders: included, skipped by the policy,
                     excluded by the selection, or stored and to be removed, with the reason;
                     computed fresh from the folders (selection and plan, no file opened)
    chunks LAYER     chunk counts and sizes per file, from the store
    flagged [LAYER]  documents with flags (probably_scanned, truncated)
    redacted [LAYER] documents whose secret values were redacted at ingest: count per kind
    --sql QUERY      any DuckDB query over the store tables and the stage_* views
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pyarrow as pa

from stratakb_core.errors import UsageError
from stratakb_core.ingest.addplan import RunSize, broad_reason, large_run_reason
from stratakb_core.ingest.layer_stages import plan_stage, select_stage
from stratakb_core.ingest.sync import AddOptions, plan_folder
from stratakb_core.settings import Settings
from stratakb_core.store import readers
from stratakb_core.store.connection import Database
from stratakb_core.store.table_reads import STORE_TABLES, flagged_documents, read_table, redacted_documents
from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = [
    "STAGE_ASSETS", "STORE_TABLES", "Inspector", "chunk_stats", "dry_run", "dry_run_report", "flagged",
    "format_table", "manifest", "redacted", "run_sql", "table_rows",
]

STAGE_ASSETS = ("selected_files", "policy_decisions", "parsed_documents", "structure_maps", "chunks",
                "chunk_embeddings")

class Inspector:
    """A DuckDB connection with store tables and stage views registered on demand."""

    def __init__(self, conn: psycopg.Connection, storage_dir: Path | None = None) -> None:
        self.conn = conn
        self.storage_dir = storage_dir
        self.duck = duckdb.connect()
        self.registered: list[str] = []

    def store_table(self, name: str, *, layer: str | None = None) -> None:
        self.add(name, read_table(self.conn, name, layer=layer))

    def add(self, name: str, table: pa.Table) -> None:
        self.duck.register(name, table)
        self.registered.append(name)

    def stage_views(self) -> list[str]:
        """A view per asset whose Parquet files exist: stage_<asset>, with a layer column."""
        made = []
        if self.storage_dir is None:
            return made
        for asset in STAGE_ASSETS:
            folder = self.storage_dir / asset
            if not folder.is_dir() or not any(folder.glob("*.parquet")):
                continue
            glob = str(folder / "*.parquet").replace("'", "''")
            self.duck.execute(
                f"CREATE OR REPLACE VIEW stage_{asset} AS SELECT regexp_extract(filename, '([^/]+)\\.parquet$', 1)"
                f" AS layer, * EXCLUDE (filename) FROM read_parquet('{glob}', filename = true, union_by_name = true)")
            made.append(f"stage_{asset}")
            self.registered.append(f"stage_{asset}")
        return made

    def query(self, sql: str, params: Sequence[Any] | None = None) -> pa.Table:
        try:
            rel = self.duck.sql(sql, params=params)
            if rel is None:  # a statement that returns no rows
                return pa.table({})
            return rel.to_arrow_table()
        except duckdb.Error as exc:
            raise UsageError(f"query failed: {str(exc).strip().splitlines()[0]}") from exc

    def close(self) -> None:
        self.duck.close()


def _layer_exists(conn: psycopg.Connection, layer: str) -> None:
    if readers.get_layer(conn, layer) is None:
        conn.commit()
        raise UsageError(f"no layer named '{esc(layer)}'; see `stratakb layers`")
    conn.commit()


def manifest(conn: psycopg.Connection, layer: str, *, max_file_size: int | None = None) -> pa.Table:
    """The selection manifest of a layer, computed fresh from its folders (no file opened)."""
    _layer_exists(conn, layer)
    selected = select_stage(conn, layer).table
    kwargs = {"max_file_size": max_file_size} if max_file_size else {}
    planned = plan_stage(conn, layer, selected, **kwargs).table
    counts = {path: ", ".join(f"{k} {n}" for k, n in sorted(c.items()))
              for _lay, path, c in redacted_documents(conn, layer)}
    ins = Inspector(conn)
    try:
        ins.add("selected_files", selected)
        ins.add("policy_decisions", planned)
        schema = pa.schema([("path", pa.string()), ("redacted", pa.string())])
        ins.add("redactions", pa.Table.from_pylist([{"path": p, "redacted": c} for p, c in counts.items()],
                                                   schema=schema))
        return ins.query("""
            WITH s AS (SELECT * FROM selected_files WHERE kind IN ('file', 'excluded')),
                 p AS (SELECT * FROM policy_decisions WHERE decision <> 'source')
            SELECT coalesce(s.root, p.root) AS folder, coalesce(s.rel_path, p.rel_path) AS path,
                   CASE WHEN p.decision = 'removed' THEN 'removed'
                        WHEN s.kind = 'excluded' THEN 'excluded'
                        WHEN p.decision = 'skipped' THEN 'skipped'
                        ELSE 'included' END AS status,
                   CASE p.decision WHEN 'added' THEN 'add' WHEN 'updated' THEN 'update'
                        WHEN 'unchanged' THEN 'keep' WHEN 'removed' THEN 'remove' END AS action,
                   coalesce(s.reason, p.reason) AS reason, s.size AS size, r.redacted AS redacted
            FROM s FULL OUTER JOIN p ON s.source_id = p.source_id AND s.rel_path = p.rel_path
            LEFT JOIN redactions r ON r.path = coalesce(s.rel_path, p.rel_path)
            ORDER BY folder, path""")
    finally:
        ins.close()


def chunk_stats(conn: psycopg.Connection, layer: str) -> pa.Table:
    """Chunk counts and sizes (characters) per file of the layer, from the store."""
    _layer_exists(conn, layer)
    ins = Inspector(conn)
    try:
        ins.store_table("chunks", layer=layer)
        return ins.query("""
            SELECT path, count(*) AS chunks, sum(chars) AS characters, min(chars) AS smallest,
                   round(avg(chars))::BIGINT AS average, max(chars) AS largest,
                   count(*) FILTER (WHERE chars > 1000) AS over_1000
            FROM chunks GROUP BY path ORDER BY path""")
    finally:
        ins.close()


def flagged(conn: psycopg.Connection, layer: str | None = None) -> pa.Table:
    """Documents with flags (probably_scanned, truncated), one row per flag."""
    if layer is not None:
        _layer_exists(conn, layer)
    rows = flagged_documents(conn, layer)
    out = [{"layer": lay, "path": path, "reason": f.get("reason"), "count": f.get("count")}
           for lay, path, flags in rows for f in flags]
    table = pa.Table.from_pylist(out, schema=pa.schema([("layer", pa.string()), ("path", pa.string()),
                                                        ("reason", pa.string()), ("count", pa.int64())]))
    ins = Inspector(conn)
    try:
        ins.add("flags", table)
        return ins.query("SELECT * FROM flags ORDER BY layer, path, reason")
    finally:
        ins.close()


def redacted(conn: psycopg.Connection, layer: str | None = None) -> pa.Table:
    """Secret values redacted at ingest, one row per document and kind (never a value)."""
    if layer is not None:
        _layer_exists(conn, layer)
    rows = [{"layer": lay, "path": path, "kind": kind, "count": n}
            for lay, path, counts in redacted_documents(conn, layer) for kind, n in sorted(counts.items())]
    return pa.Table.from_pylist(rows, schema=pa.schema([("layer", pa.string()), ("path", pa.string()),
                                                        ("kind", pa.string()), ("count", pa.int64())]))


def run_sql(conn: psycopg.Connection, sql: str, storage_dir: Path | None = None) -> pa.Table:
    """A DuckDB query over the store tables it names and every stage_* view that has files."""
    ins = Inspector(conn, storage_dir)
    try:
        ins.stage_views()
        for name in STORE_TABLES:
            if re.search(rf"\b{name}\b", sql, re.IGNORECASE):
                ins.store_table(name)
        return ins.query(sql)
    finally:
        ins.close()


def tables(conn: psycopg.Connection, storage_dir: Path | None = None) -> pa.Table:
    """What --sql can query: the store tables, and the stage views whose Parquet files exist."""
    rows = [{"table": name, "from": "store"} for name in STORE_TABLES]
    if storage_dir is not None:
        for asset in STAGE_ASSETS:
            files = sorted((storage_dir / asset).glob("*.parquet")) if (storage_dir / asset).is_dir() else []
            if files:
                where = f"{len(files)} Parquet file(s) in {storage_dir / asset}"
                rows.append({"table": f"stage_{asset}", "from": where})
    return pa.Table.from_pylist(rows)


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def table_rows(table: pa.Table) -> list[dict[str, Any]]:
    """The rows as JSON-ready dicts (bytes as hex, times as ISO 8601)."""
    return [{k: _plain(v) for k, v in row.items()} for row in table.to_pylist()]


def format_table(table: pa.Table, *, width: int = 60) -> str:
    """A plain-text table for a terminal; cells escaped and cut at `width` characters."""
    names = table.column_names
    rows = [[_cell(v, width) for v in row.values()] for row in table_rows(table)]
    widths = [max([len(n), *(len(r[i]) for r in rows)]) for i, n in enumerate(names)]
    lines = ["  ".join(n.ljust(w) for n, w in zip(names, widths, strict=True)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.append(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")
    return "\n".join(lines)


def _cell(value: Any, width: int) -> str:
    text = "" if value is None else esc(value if isinstance(value, str) else str(value))
    return text if len(text) <= width else text[: width - 1] + "…"


# ---------------------------------------------------------------------------------------------
# stratakb add --dry-run
# ---------------------------------------------------------------------------------------------


def dry_run(db: Database, settings: Settings, opts: AddOptions) -> dict[str, Any]:
    """What `stratakb add` would do with opts: the plan, computed without writing anything."""
    layer, plan, selection = plan_folder(db, settings, opts)
    with db.connection() as conn:
        exists = readers.get_layer(conn, layer) is not None
        stored_redactions = redacted_documents(conn, layer) if exists else []
    stored_files = len(plan.unchanged) + plan.updates + len(plan.removals)
    confirmations = []
    why = broad_reason(Path(selection.root))
    if why and not opts.allow_broad:
        confirmations.append({"flag": "--allow-broad", "reason": f"the folder is {why}"})
    why = large_run_reason(RunSize(adds=plan.adds, updates=plan.updates, removes=len(plan.removals),
                                   bytes_in=sum(c.entry.size for c in plan.candidates), layer_files=stored_files))
    if why and not opts.yes:
        confirmations.append({"flag": "--yes", "reason": f"the run is large: {why}"})
    refusal = None
    if not exists and plan.included == 0:
        refusal = "nothing to add: no file in the folder is in a supported format"
    return {
        "status": "dry_run", "written": False, "layer": layer, "new_layer": not exists, "folder": selection.root,
        "selection": selection.method, "notes": list(selection.notes),
        "would_add": [c.entry.rel_path for c in plan.candidates if c.change == "added"],
        # A changed size or time: the file is read and stored again only if its bytes changed.
        "would_update": [c.entry.rel_path for c in plan.candidates if c.change == "updated"],
        "unchanged": len(plan.unchanged),
        "would_remove": [{"file": p, "reason": r} for p, r in plan.removals],
        "skipped": [{"file": p, "reason": r} for p, r in plan.skipped],
        "excluded": [{"file": x.rel_path, "reason": x.reason} for x in selection.excluded],
        "confirmations": confirmations, "refusal": refusal,
        # secret values redacted in the stored versions (a file to add or update is counted when
        # it is parsed; a dry run opens no file)
        "redacted": [{"file": path, "counts": c} for _lay, path, c in stored_redactions
                     if path not in {p for p, _r in plan.removals}],
    }


def dry_run_report(d: dict[str, Any]) -> str:
    """The dry run for a terminal."""
    lines = ["Dry run: nothing was written.",
             f"Layer '{esc(d['layer'])}' ({'new' if d['new_layer'] else 'existing'}) from {esc(d['folder'])}"
             f" (selection: {d['selection']})",
             f"  would add {len(d['would_add'])}, update {len(d['would_update'])} (if their bytes changed),"
             f" remove {len(d['would_remove'])}; {d['unchanged']} unchanged, {len(d['skipped'])} skipped,"
             f" {len(d['excluded'])} excluded"]
    lines += _listed("+ add    ", d["would_add"])
    lines += _listed("~ update ", d["would_update"])
    lines += _listed("- remove ", [f"{x['file']} ({x['reason']})" for x in d["would_remove"]])
    lines += _listed("  skip   ", [f"{x['file']} ({x['reason']})" for x in d["skipped"]])
    lines += _listed("  exclude", [f"{x['file']} ({x['reason']})" for x in d["excluded"]])
    lines += _listed("  redacted", [f"{x['file']} (" + ", ".join(f"{k} {n}" for k, n in x["counts"].items())
                                    + ", as stored)" for x in d.get("redacted", [])])
    for note in d["notes"]:
        lines.append(f"  note: {esc(note)}")
    for c in d["confirmations"]:
        lines.append(f"  would ask: {c['reason']} (pass {c['flag']})")
    if d["refusal"]:
        lines.append(f"  would refuse: {d['refusal']}")
    return "\n".join(lines)


def _listed(prefix: str, items: Iterable[str], limit: int = 200) -> list[str]:
    items = list(items)
    out = [f"  {prefix} {esc(i)}" for i in items[:limit]]
    if len(items) > limit:
        out.append(f"  {prefix} ... and {len(items) - limit} more (--json lists all)")
    return out
