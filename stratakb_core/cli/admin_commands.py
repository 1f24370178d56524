"""`stratakb layers`, `events`, `verify-store`, `inspect` and `demo`: looking at the store; does I/O.
"""

from __future__ import annotations

import argparse
import os

from stratakb_core.cli.demo import run_demo
from stratakb_core.cli.exits import EXIT_FAILED, EXIT_OK
from stratakb_core.errors import UsageError
from stratakb_core.ingest import inspection as ins
from stratakb_core.ingest.stage_tables import stage_storage_dir
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import lexeme_df, readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.store.rebuild import verify_projections
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_demo", "cmd_events", "cmd_inspect", "cmd_layers", "cmd_verify_store"]


def cmd_layers(args: argparse.Namespace, settings: Settings) -> int:

    with Database(settings).connection() as conn:
        layers = readers.list_layers(conn)
    if args.json:
        print(json_dumps({"layers": layers}, indent=2))
    elif not layers:
        print("No layers yet. Add a folder with: stratakb add <folder>")
    else:
        for layer in layers:
            print(f"{esc(layer['name'])}: {layer['documents']} documents, {layer['chunks']} chunks"
                  f" ({layer['answer_mode']}) - {esc(layer['description'])}")
            for root in layer["sources"]:
                print(f"    {esc(root)}")
    return EXIT_OK


def cmd_events(args: argparse.Namespace, settings: Settings) -> int:

    with Database(settings).connection() as conn:
        rows = list(ev.read(conn, after=args.after, layer=args.layer, limit=args.limit,
                            newest_first=not args.oldest_first))
    if args.json:
        print(json_dumps({"events": [
            {"seq": e.seq, "occurred_at": e.occurred_at.isoformat(), "type": e.type, "layer": e.layer,
             "run_id": e.run_id, "actor": e.actor, "payload": e.payload} for e in rows]}, indent=2))
    else:
        for e in rows:
            summary = {k: v for k, v in e.payload.items() if k != "chunks"}
            print(f"{e.seq:>6} {e.occurred_at:%Y-%m-%d %H:%M:%S} {e.type:<24} {esc(e.layer or '-')}"
                  f" {esc(json_dumps(summary))[:160]}")
    return EXIT_OK


def cmd_verify_store(args: argparse.Namespace, settings: Settings) -> int:

    with Database(settings).connection() as conn:
        diffs = verify_projections(conn)
        # lexeme_df is a cache of the chunks, not event state: a wrong count is recounted here.
        recounted = sum(d.rows for d in diffs if d.table == "lexeme_df" and d.only_in == "live")
        if any(d.table == "lexeme_df" for d in diffs):
            lexeme_df.rebuild(conn)
            conn.commit()
            diffs = [d for d in diffs if d.table != "lexeme_df"]
        graph = _vector_graph(conn, reindex=args.reindex)
    note = f"lexeme_df: {recounted} rows differed; recounted from the chunks" if recounted else None
    if args.json:
        out = {"status": "ok" if not diffs else "differs", "differences": [
            {"table": d.table, "rows": d.rows, "only_in": d.only_in} for d in diffs]}
        if recounted:
            out["lexeme_df_recounted"] = recounted
        if graph:
            out["vector_index"] = graph
        print(json_dumps(out, indent=2))
        return EXIT_OK if not diffs else EXIT_FAILED
    if note:
        print(note)
    if graph:
        print(_graph_line(graph))
    if not diffs:
        print("The projections match a rebuild from the event log.")
        return EXIT_OK
    for d in diffs:
        print(f"{d.table}: {d.rows} rows only in the {d.only_in} table")
    return EXIT_FAILED


def _vector_graph(conn, *, reindex: bool) -> dict | None:
    """The active model's HNSW index when the store outgrew the graph it was built as (vectors
    synced in one by one into a graph built for a small store), rebuilt with --reindex."""
    model = vector_tables.active_model(conn)
    if model is None:
        return None
    outgrown = vector_tables.graph_outgrown(conn, model.table)
    conn.commit()
    if outgrown is None:
        return None
    rows, built = outgrown
    out = {"table": model.table, "vectors": rows, "ef_construction": built,
           "wanted": vector_tables.ef_construction_for(rows), "rebuilt": False}
    if reindex:
        conn.autocommit = True  # REINDEX CONCURRENTLY runs outside a transaction
        try:
            out["ef_construction"] = vector_tables.rebuild_graph(conn, model.table)
        finally:
            conn.autocommit = False
        out["rebuilt"] = True
    return out


def _graph_line(graph: dict) -> str:
    if graph["rebuilt"]:
        return (f"vector index of {graph['table']}: built again for {graph['vectors']:,} vectors"
                f" (ef_construction {graph['ef_construction']})")
    return (f"vector index of {graph['table']}: built as a smaller store's graph (ef_construction"
            f" {graph['ef_construction']}) and now holding {graph['vectors']:,} vectors; recall falls as it grows."
            f" `stratakb verify-store --reindex` builds it again with ef_construction {graph['wanted']}"
            " (searches and syncs go on; minutes per million vectors)")


def cmd_demo(args: argparse.Namespace, settings: Settings) -> int:

    return run_demo(settings, as_json=args.json)


def cmd_inspect(args: argparse.Namespace, settings: Settings) -> int:

    if (args.what is None) == (args.sql is None):
        raise UsageError("give one of: manifest LAYER, chunks LAYER, flagged [LAYER], redacted [LAYER], tables, or"
                         " --sql QUERY")
    if args.what in ("manifest", "chunks") and not args.layer:
        raise UsageError(f"inspect {args.what} needs a layer name")
    storage = stage_storage_dir(os.environ)
    with Database(settings).connection() as conn:
        if args.sql is not None:
            table = ins.run_sql(conn, args.sql, storage)
        elif args.what == "manifest":
            table = ins.manifest(conn, args.layer)
        elif args.what == "chunks":
            table = ins.chunk_stats(conn, args.layer)
        elif args.what == "flagged":
            table = ins.flagged(conn, args.layer)
        elif args.what == "redacted":
            table = ins.redacted(conn, args.layer)
        else:
            table = ins.tables(conn, storage)
    print(json_dumps({"rows": ins.table_rows(table)}, indent=2) if args.json else ins.format_table(table))
    return EXIT_OK
