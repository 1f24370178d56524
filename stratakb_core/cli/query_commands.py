"""`stratakb search`, `ask`, `receipt` and `eval`: the commands that read the store to answer;
does I/O.

Each prints the same response dict the MCP tool returns (`--json`), or renders it for people
(`render`).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import psycopg

from stratakb_core.cli.exits import EXIT_FAILED, EXIT_OK
from stratakb_core.cli.render import (
    ask_report,
    extractive_report,
    receipt_report,
    search_response_report,
    verify_report,
)
from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.errors import UsageError
from stratakb_core.evaluation.runner import evaluate, format_eval_report
from stratakb_core.query import (
    AskConfig,
    CrossEncoderReranker,
    Engine,
    ask_tool,
    build_rewriter,
    open_receipt,
    search_tool,
    table_limits,
    verify_draft,
)
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.store.events import default_actor
from stratakb_core.store.interactions import interaction_passages
from stratakb_core.store.vectors import check_active_model
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["build_engine", "cmd_ask", "cmd_eval", "cmd_receipt", "cmd_search", "cmd_verify", "query_embedder"]


def query_embedder(settings: Settings, conn: psycopg.Connection) -> Embedder:
    """The configured embedder, refused when the store's active model is another one."""
    embedder = build_embedder(settings)
    check_active_model(conn, embedder.name)
    return embedder


def build_engine(settings: Settings, conn: psycopg.Connection, embedder: Embedder | None = None) -> Engine:
    """The answer engine the settings describe (the embedder checked against the store's model)."""
    embedder = embedder if embedder is not None else query_embedder(settings, conn)
    reranker = CrossEncoderReranker(settings.reranking_model) if settings.reranking_enabled else None
    return Engine(embedder, AskConfig(
        token_budget=settings.answer_token_budget, keyword_slots=settings.hybrid_keyword_slots,
        reranking_enabled=settings.reranking_enabled, learning_enabled=settings.learning_enabled,
        store_raw_queries=settings.learning_store_raw_queries, reranking_model=settings.reranking_model,
        data_dir=settings.data_dir, table_limits=table_limits(settings)), reranker,
        rewriter=build_rewriter(settings), connect=Database(settings).connection)


# The answer's warning that the reranker could not be used (query.ranking words it); the CLI shows it
# once per process, on stderr, instead of in every answer (`stratakb status` says why).
_RERANKER_WARNING = re.compile(r"(?:Reranking is on|the reranking model).*?; passages are ranked by the offline "
                               r"evidence reranker \([^)]*\)\.\s*", re.DOTALL)
_warned: set[str] = set()


def reranker_warning_once(resp: dict[str, Any]) -> dict[str, Any]:
    """The response without the reranker warning, which goes to stderr the first time in this process."""
    warning = resp.get("warning") or ""
    m = _RERANKER_WARNING.search(warning)
    if m is None:
        return resp
    text = m.group(0).strip()
    if text not in _warned:
        _warned.add(text)
        print(f"stratakb: warning: {esc(text)} (stratakb status shows the reranker; RERANKING_ENABLED=false "
              "turns reranking off)", file=sys.stderr)
    rest = (warning[:m.start()] + warning[m.end():]).strip()
    out = {k: v for k, v in resp.items() if k != "warning"}
    if rest:
        out["warning"] = rest
    return out


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
    with Database(settings).connection() as conn:
        engine = build_engine(settings, conn)
        resp = search_tool(engine, conn, args.query, layers=args.layers, top_k=args.top_k,
                           metadata_filter=_filters(args.filters), client=default_actor(),
                           as_of=getattr(args, "as_of", None))
    if args.json:
        print(json_dumps(resp, indent=2))
    else:
        print(search_response_report(reranker_warning_once(resp)))
    return EXIT_OK


def cmd_ask(args: argparse.Namespace, settings: Settings) -> int:
    with Database(settings).connection() as conn:
        engine = build_engine(settings, conn)
        resp = ask_tool(engine, conn, args.question, layers=args.layers, top_k=args.top_k, mode=args.mode,
                        response_format="detailed" if args.detailed else "concise", client=default_actor(),
                        as_of=getattr(args, "as_of", None))
    if args.json:
        print(json_dumps(resp, indent=2))
    elif "answer" in resp:  # extractive: the documents' own sentences and a receipt
        print(extractive_report(args.question, reranker_warning_once(resp)))
    else:
        print(ask_report(args.question, reranker_warning_once(resp)))
    return EXIT_OK


def _read_draft(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"no draft file {esc(str(path))}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the draft file {esc(str(path))}: {exc}") from None


def cmd_verify(args: argparse.Namespace, settings: Settings) -> int:
    draft = _read_draft(args.draft)
    with Database(settings).connection() as conn:
        refs = args.passages
        if args.interaction is not None:
            refs = interaction_passages(conn, args.interaction)
            if refs is None:
                raise UsageError(f"no interaction {esc(args.interaction)!r} in the store (asks are recorded while "
                                 "LEARNING_ENABLED is on); pass the refs with --passages")
            if not refs:
                raise UsageError(f"interaction {esc(args.interaction)!r} returned no passages to verify against")
        resp = verify_draft(conn, draft, refs, token_budget=settings.answer_token_budget)
    print(json_dumps(resp, indent=2) if args.json else verify_report(resp))
    return EXIT_OK


def cmd_receipt(args: argparse.Namespace, settings: Settings) -> int:
    with Database(settings).connection() as conn:
        resp = open_receipt(conn, args.receipt_id)
    print(json_dumps(resp, indent=2) if args.json else receipt_report(resp))
    return EXIT_OK


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    if args.injection or args.redaction:
        return safety_eval(args)
    if args.golden is None:
        raise UsageError("give the golden set's YAML file, or --injection / --redaction")
    with Database(settings).connection() as conn:
        report = evaluate(conn, lambda: query_embedder(settings, conn), settings, args.golden,
                          layers=args.layers, modes=args.modes, k=args.top_k)
    print(json_dumps(report, indent=2) if args.json else format_eval_report(report))
    return EXIT_FAILED if any(p["broken"] for p in report["problems"]) else EXIT_OK


def safety_eval(args: argparse.Namespace) -> int:
    """`stratakb eval --injection` / `--redaction`: the fixture sets' figures; exit 1 when a split
    misses a target."""
    # imported here: compiling the scanners' rules costs ~0.4 s that search and ask never need
    from stratakb_core.ingest.safety_eval import SPLITS, evaluate_injection, evaluate_redaction
    from stratakb_core.ingest.safety_eval import format_report as format_safety_report

    runs = [f for f, on in ((evaluate_injection, args.injection), (evaluate_redaction, args.redaction)) if on]
    results = [run() for run in runs]
    if args.json:
        print(json_dumps(results if len(results) > 1 else results[0], indent=2))
    else:
        print("\n\n".join(format_safety_report(r) for r in results))
    return EXIT_OK if all(r[s]["meets_targets"] for r in results for s in SPLITS) else EXIT_FAILED
