"""The `stratakb` command line: argument parsing, prompts, progress and exit codes; does I/O.

Errors from the core map to exit codes in one table (`exit_code_for`): 0 done, 1 some files
failed or internal error, 2 refused or usage error, 3 database unreachable or schema, 130
interrupted.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stratakb_core.errors import DatabaseError, RefusedError, StrataError, UsageError
from stratakb_core.settings import Settings
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

EXIT_OK, EXIT_FAILED, EXIT_REFUSED, EXIT_DATABASE, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def exit_code_for(exc: BaseException) -> int:
    if isinstance(exc, KeyboardInterrupt):
        return EXIT_INTERRUPTED
    if isinstance(exc, (UsageError, RefusedError)):
        return EXIT_REFUSED
    if isinstance(exc, DatabaseError):
        return EXIT_DATABASE
    return EXIT_FAILED


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage errors exit 2 with one line
        self.print_usage(sys.stderr)
        print(f"stratakb: error: {esc(message)}", file=sys.stderr)
        raise SystemExit(EXIT_REFUSED)


def _size_mb(value: str) -> int:
    try:
        mb = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of megabytes: {value!r}") from None
    if not mb > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return int(mb * 1024 * 1024)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="stratakb", description="StrataKB: a knowledge base whose answers cite their sources.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    a = sub.add_parser("add", help="create the layer of a folder, or sync it")
    a.add_argument("folder", type=Path)
    a.add_argument("--name", help="the layer's name (default: from the folder's name)")
    a.add_argument("--description", help="what the layer holds (default: from the folder's README)")
    a.add_argument("--json", action="store_true", help="print the report as JSON")
    a.add_argument("--allow-broad", action="store_true",
                   help="allow a drive root, your home folder or above, or a system folder")
    a.add_argument("--yes", action="store_true", help="allow a large run without asking")
    a.add_argument("--max-file-size", type=_size_mb, default=50 * 1024 * 1024, metavar="MB",
                   help="skip files larger than this many megabytes (default 50)")
    a.add_argument("--dry-run", action="store_true",
                   help="print the plan (selection, policy, what would be added, updated or removed); write nothing")

    s = sub.add_parser("search", help="hybrid search for exact terms, codes and identifiers")
    s.add_argument("query")
    s.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable)")
    s.add_argument("--top-k", type=int, default=5)
    s.add_argument("--filter", action="append", dest="filters", metavar="KEY=VALUE",
                   help="exact match on chunk metadata, e.g. page=3 (repeatable)")
    s.add_argument("--json", action="store_true", help="print the strata_search response")

    k = sub.add_parser("ask", help="answer a question from the documents, with citations")
    k.add_argument("question")
    k.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable)")
    k.add_argument("--top-k", type=int, default=10)
    k.add_argument("--mode", choices=["grounded", "extractive"])
    k.add_argument("--detailed", action="store_true", help="scores, query variants and sources")
    k.add_argument("--json", action="store_true", help="print the strata_ask response")

    rc = sub.add_parser("receipt", help="open a receipt: each quote marked >>> <<< in its context")
    rc.add_argument("receipt_id")
    rc.add_argument("--json", action="store_true", help="print the strata_get_receipt response")

    ly = sub.add_parser("layers", help="list the layers")
    ly.add_argument("--json", action="store_true")

    e = sub.add_parser("events", help="show the event log")
    e.add_argument("--layer")
    e.add_argument("--after", type=int, default=0)
    e.add_argument("--limit", type=int, default=50)
    e.add_argument("--json", action="store_true")

    d = sub.add_parser("demo", help="ingest the bundled sample and answer a sample question")
    d.add_argument("--json", action="store_true")

    sub.add_parser("verify-store", help="rebuild the projections from the events and compare")

    re_ = sub.add_parser("reembed", help="embed the stored chunks with EMBEDDING_MODEL and make it the active model")
    re_.add_argument("--layer", action="append", dest="layers", help="only this layer (repeatable; the model"
                     " is activated once every layer has its vectors)")
    re_.add_argument("--batch-size", type=int, default=512, help="chunks per batch (default 512)")
    re_.add_argument("--json", action="store_true")

    ins = sub.add_parser("inspect", help="DuckDB queries over the Dagster stage outputs and the store")
    ins.add_argument("what", nargs="?", choices=["manifest", "chunks", "flagged", "tables"],
                     help="manifest LAYER: files with reasons; chunks LAYER: chunks per file; flagged [LAYER]")
    ins.add_argument("layer", nargs="?")
    ins.add_argument("--sql", help="a DuckDB query over the store tables and the stage_* Parquet views")
    ins.add_argument("--json", action="store_true")

    m = sub.add_parser("mcp", help="run the MCP server (stdio, or streamable HTTP on loopback)")
    m.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    m.add_argument("--host", default="127.0.0.1", help="HTTP address to listen on (default 127.0.0.1)")
    m.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")

    ky = sub.add_parser("keys", help="bearer keys for the MCP server's HTTP transport (stored hashed)")
    ky_sub = ky.add_subparsers(dest="keys_command", required=True, parser_class=_Parser)
    kyc = ky_sub.add_parser("create", help="create a key; it is printed once and only its hash is kept")
    kyc.add_argument("--role", required=True, choices=["viewer", "operator", "admin"])
    kyc.add_argument("--name", default="", help="what the key is for (shown by keys list)")
    kyc.add_argument("--json", action="store_true")
    kyl = ky_sub.add_parser("list", help="list the keys (id, role, name, created, revoked); never the keys")
    kyl.add_argument("--json", action="store_true")
    kyr = ky_sub.add_parser("revoke", help="revoke a key by its id; it stops working at once")
    kyr.add_argument("id")
    kyr.add_argument("--json", action="store_true")

    pr = sub.add_parser("preset", help="apply a preset: a layer's settings and source folders in YAML")
    pr_sub = pr.add_subparsers(dest="preset_command", required=True, parser_class=_Parser)
    pa = pr_sub.add_parser("apply", help="create or update the preset's layer and rebuild its chunks")
    pa.add_argument("file", type=Path, help="the preset's YAML file")
    pa.add_argument("--dry-run", action="store_true",
                    help="write nothing: list the settings that would change (layer_check)")
    pa.add_argument("--docs-root", type=Path, metavar="DIR",
                    help="resolve the sources' paths against DIR instead of the preset's folder")
    pa.add_argument("--json", action="store_true", help="print the result as JSON")

    ev_ = sub.add_parser("eval", help="score a golden set of questions per search mode (Recall, MRR, nDCG@10)")
    ev_.add_argument("golden", type=Path, help="the golden set's YAML file")
    ev_.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable; default:"
                     " the golden set's layers)")
    ev_.add_argument("--mode", action="append", dest="modes", metavar="MODE",
                     help="fulltext, vector, hybrid, hybrid_no_slots or hybrid_rerank (repeatable; default all)")
    ev_.add_argument("--top-k", type=int, default=10, help="results scored per question (default 10)")
    ev_.add_argument("--json", action="store_true", help="print the full report, per question, as JSON")
    return p


def _print_error(exc: StrataError | BaseException, as_json: bool) -> int:
    code = exit_code_for(exc)
    if isinstance(exc, StrataError):
        message, kind = exc.message, exc.code
    else:
        message, kind = f"{type(exc).__name__}: {exc}", "internal_error"
    status = "refused" if code == EXIT_REFUSED else ("interrupted" if code == EXIT_INTERRUPTED else "error")
    if as_json:
        err: dict[str, Any] = {"code": kind, "message": message}
        flag = getattr(exc, "flag", None)
        if flag:
            err["flag"] = flag
        print(json_dumps({"status": status, "error": err, "exit_code": code}))
    else:
        print(f"stratakb: {status}: {esc(message)}", file=sys.stderr)
    return code


def _confirm_at_terminal(as_json: bool):
    if not sys.stdin.isatty() or not sys.stderr.isatty():
        return None

    def ask(question: str) -> bool:
        print(question + " [y/N] ", end="", file=sys.stderr, flush=True)
        try:
            answer = sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("y", "yes")

    return ask


def _progress(enabled: bool):
    if not enabled:
        return None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    prog = Progress(TextColumn("Ingesting"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    transient=True, console=None)
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if total < 5:  # short runs need no bar
            return
        if task is None:
            prog.start()
            task = prog.add_task("ingest", total=total)
        prog.update(task, completed=done)

    return prog, update


def cmd_add(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.cli.render import add_report
    from stratakb_core.ingest.sync import AddOptions, add_folder
    from stratakb_core.store.connection import Database

    opts = AddOptions(
        folder=args.folder, name=args.name, description=args.description,
        allow_broad=args.allow_broad, yes=args.yes, max_file_size=args.max_file_size,
        confirm=_confirm_at_terminal(args.json),
    )
    if args.dry_run:
        from stratakb_core.ingest.inspection import dry_run, dry_run_report

        plan = dry_run(Database(settings), settings, opts)
        print(json_dumps(plan, indent=2) if args.json else dry_run_report(plan))
        return EXIT_REFUSED if plan["refusal"] else EXIT_OK
    prog, update = _progress(not args.json and sys.stderr.isatty())
    try:
        result = add_folder(Database(settings), settings, opts, progress=update)
    finally:
        if prog is not None:
            prog.stop()
    if args.json:
        print(json_dumps(result.as_dict(), indent=2))
    else:
        print(add_report(result))
    return result.exit_code


def _embedder_for_query(settings: Settings, conn):
    from stratakb_core.embedding import build_embedder
    from stratakb_core.store import projections as store

    embedder = build_embedder(settings)
    active = store.active_model(conn)
    if active is not None and active.model != embedder.name:
        from stratakb_core.errors import ModelMismatchError

        raise ModelMismatchError(
            f"the store holds vectors of {active.model} but EMBEDDING_MODEL is {embedder.name}; "
            "set EMBEDDING_MODEL to the store's model to search"
        )
    return embedder


def _engine(settings: Settings, conn):
    from stratakb_core.query.answer import AskConfig, Engine
    from stratakb_core.query.rerank import CrossEncoderReranker

    embedder = _embedder_for_query(settings, conn)
    reranker = CrossEncoderReranker(settings.reranking_model) if settings.reranking_enabled else None
    return Engine(embedder, AskConfig(
        token_budget=settings.answer_token_budget, keyword_slots=settings.hybrid_keyword_slots,
        reranking_enabled=settings.reranking_enabled, learning_enabled=settings.learning_enabled,
        store_raw_queries=settings.learning_store_raw_queries, reranking_model=settings.reranking_model), reranker)


def _filters(items: list[str] | None) -> dict[str, str] | None:
    if not items:
        return None
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--filter takes KEY=VALUE, not {esc(item)!r}")
        out[key] = value
    return out


def cmd_search(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.cli.render import search_response_report
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        engine = _engine(settings, conn)
        resp = engine.search(conn, args.query, layers=args.layers, top_k=args.top_k,
                             metadata_filter=_filters(args.filters))
    if args.json:
        print(json_dumps(resp, indent=2))
    else:
        print(search_response_report(resp))
    return EXIT_OK


def cmd_ask(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.cli.render import ask_report
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        engine = _engine(settings, conn)
        resp = engine.ask(conn, args.question, layers=args.layers, top_k=args.top_k, mode=args.mode,
                          response_format="detailed" if args.detailed else "concise")
    if args.json:
        print(json_dumps(resp, indent=2))
    elif "answer" in resp:  # extractive: the documents' own sentences and a receipt
        from stratakb_core.query.extractive import format_answer

        print(format_answer(args.question, resp))
    else:
        print(ask_report(args.question, resp))
    return EXIT_OK


def cmd_layers(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.store import projections as store
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        layers = store.list_layers(conn)
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
    from stratakb_core.store import events as ev
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        rows = list(ev.read(conn, after=args.after, layer=args.layer, limit=args.limit))
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
    from stratakb_core.store.connection import Database
    from stratakb_core.store.rebuild import verify_projections

    with Database(settings).connection() as conn:
        diffs = verify_projections(conn)
    if not diffs:
        print("The projections match a rebuild from the event log.")
        return EXIT_OK
    for d in diffs:
        print(f"{d.table}: {d.rows} rows only in the {d.only_in} table")
    return EXIT_FAILED


def cmd_demo(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.cli.demo import run_demo

    return run_demo(settings, as_json=args.json)


def cmd_mcp(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.mcp.server import run_http, run_stdio

    if args.transport == "http":
        run_http(args.host, args.port, settings)
    else:
        run_stdio(settings)
    return EXIT_OK


def cmd_preset(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.ingest.presets import apply_preset, format_preset_report
    from stratakb_core.store.connection import Database

    def waiting(message: str) -> None:
        print(f"stratakb: {esc(message)}", file=sys.stderr)

    prog, update = _progress(not args.json and not args.dry_run and sys.stderr.isatty())
    try:
        result = apply_preset(Database(settings), settings, args.file, dry_run=args.dry_run,
                              docs_root=args.docs_root, on_wait=waiting, progress=update)
    finally:
        if prog is not None:
            prog.stop()
    print(json_dumps(result.as_dict(), indent=2) if args.json else format_preset_report(result))
    return result.exit_code


def cmd_reembed(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.ingest.reembed import reembed
    from stratakb_core.store.connection import Database

    prog, update = _progress(not args.json and sys.stderr.isatty())
    try:
        result = reembed(Database(settings), settings, layers=args.layers, batch_size=args.batch_size,
                         progress=update)
    finally:
        if prog is not None:
            prog.stop()
    if args.json:
        print(json_dumps(result.as_dict(), indent=2))
        return EXIT_OK
    print(f"Re-embedded {result.chunks} chunks with {esc(result.model)}: {result.embedded} embedded, "
          f"{result.reused} already there, {result.rehashed} rehashed ({result.seconds:.1f} s).")
    if result.activated:
        print(f"Active model: {esc(result.model)} (was {esc(result.previous_model or 'none')}).")
    for note in result.notes:
        print(f"note: {esc(note)}")
    return EXIT_OK


def cmd_inspect(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.ingest import inspection as ins
    from stratakb_core.ingest.stage_tables import stage_storage_dir
    from stratakb_core.store.connection import Database

    if (args.what is None) == (args.sql is None):
        raise UsageError("give one of: manifest LAYER, chunks LAYER, flagged [LAYER], tables, or --sql QUERY")
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
        else:
            table = ins.tables(conn, storage)
    print(json_dumps({"rows": ins.table_rows(table)}, indent=2) if args.json else ins.format_table(table))
    return EXIT_OK


def cmd_keys(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.mcp import roles
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        if args.keys_command == "create":
            key, secret = roles.create_key(conn, args.role, args.name)
            if args.json:
                print(json_dumps({**key.as_dict(), "key": secret}, indent=2))
            else:
                print(f"Created key {key.id} ({key.role}). Copy it now: it is not shown again.", file=sys.stderr)
                print(secret)
        elif args.keys_command == "list":
            keys = roles.list_keys(conn)
            if args.json:
                print(json_dumps({"keys": [k.as_dict() for k in keys]}, indent=2))
            elif not keys:
                print("No keys yet. Create one with: stratakb keys create --role viewer")
            for k in [] if args.json else keys:
                state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
                print(f"{k.id}  {k.role:<8}  {k.created_at:%Y-%m-%d %H:%M}  {state}  {esc(k.name)}")
        else:
            key, changed = roles.revoke_key(conn, args.id)
            if args.json:
                print(json_dumps({**key.as_dict(), "changed": changed}, indent=2))
            else:
                print(f"Key {key.id} ({key.role}) {'revoked' if changed else 'was already revoked'}.")
    return EXIT_OK


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.evaluation.runner import evaluate, format_report
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        report = evaluate(conn, lambda: _embedder_for_query(settings, conn), settings, args.golden,
                          layers=args.layers, modes=args.modes, k=args.top_k)
    print(json_dumps(report, indent=2) if args.json else format_report(report))
    return EXIT_FAILED if any(p["broken"] for p in report["problems"]) else EXIT_OK


def cmd_receipt(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.query.receipts import format_receipt, open_receipt
    from stratakb_core.store.connection import Database

    with Database(settings).connection() as conn:
        resp = open_receipt(conn, args.receipt_id)
    print(json_dumps(resp, indent=2) if args.json else format_receipt(resp))
    return EXIT_OK


COMMANDS = {
    "receipt": cmd_receipt,
    "eval": cmd_eval,
    "keys": cmd_keys,
    "add": cmd_add, "search": cmd_search, "ask": cmd_ask, "layers": cmd_layers, "events": cmd_events,
    "demo": cmd_demo, "verify-store": cmd_verify_store, "mcp": cmd_mcp, "preset": cmd_preset,
    "reembed": cmd_reembed, "inspect": cmd_inspect,
}


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=os.environ.get("STRATA_LOG_LEVEL", "WARNING").upper(), stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    parser = build_parser()
    args = parser.parse_args(argv)
    as_json = bool(getattr(args, "json", False))
    try:
        settings = Settings.from_env()
        return COMMANDS[args.command](args, settings)
    except KeyboardInterrupt as exc:
        return _print_error(exc, as_json) if as_json else (print(
            "stratakb: interrupted; what was stored stays, run again to carry on", file=sys.stderr
        ) or EXIT_INTERRUPTED)
    except StrataError as exc:
        return _print_error(exc, as_json)
    except Exception as exc:  # last resort: one line, exit 1, never a traceback wall
        logging.getLogger(__name__).debug("internal error", exc_info=True)
        return _print_error(exc, as_json)


if __name__ == "__main__":
    sys.exit(main())
