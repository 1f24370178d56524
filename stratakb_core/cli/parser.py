"""The `stratakb` argument parser: every command, its arguments and help texts (no I/O).

Usage errors exit 2 with one line (`StrataParser.error`). The commands are added by group, each
group one function: ingesting, asking, the store, the servers and keys, presets and evaluation.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from stratakb_core.cli.exits import EXIT_REFUSED
from stratakb_core.cli.history_parser import add_history_parsers
from stratakb_core.cli.reading_commands import add_parsers as add_reading_parsers
from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = ["StrataParser", "build_parser"]

Subparsers = Any  # argparse's _SubParsersAction, which it does not export


class StrataParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # usage errors exit 2 with one line
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


def _add_ingest(sub: Subparsers) -> None:
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


def _add_asking(sub: Subparsers) -> None:
    s = sub.add_parser("search", help="hybrid search for exact terms, codes and identifiers")
    s.add_argument("query")
    s.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable)")
    s.add_argument("--top-k", type=int, default=5)
    s.add_argument("--filter", action="append", dest="filters", metavar="KEY=VALUE",
                   help="exact match on chunk metadata, e.g. page=3 (repeatable)")
    s.add_argument("--json", action="store_true", help="print the strata_search response")
    s.add_argument("--as-of", metavar="SEQ|TIME", help="search the layers as they stood right after that event")

    k = sub.add_parser("ask", help="answer a question from the documents, with citations")
    k.add_argument("question")
    k.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable)")
    k.add_argument("--top-k", type=int, default=10)
    k.add_argument("--mode", choices=["grounded", "extractive"])
    k.add_argument("--detailed", action="store_true", help="scores, query variants and sources")
    k.add_argument("--json", action="store_true", help="print the strata_ask response")
    k.add_argument("--as-of", metavar="SEQ|TIME", help="answer from the layers as they stood right after that event")

    rc = sub.add_parser("receipt", help="open a receipt: each quote marked >>> <<< in its context")
    rc.add_argument("receipt_id")
    rc.add_argument("--json", action="store_true", help="print the strata_get_receipt response")


def _add_learning(sub: Subparsers) -> None:
    fb = sub.add_parser("feedback", help="rate the results of an ask or search by its interaction id")
    fb.add_argument("interaction_id")
    rated = fb.add_mutually_exclusive_group(required=True)
    rated.add_argument("--helpful", dest="helpful", action="store_true", default=None, help="the results helped")
    rated.add_argument("--not-helpful", dest="helpful", action="store_false", help="the results did not help")
    fb.add_argument("--correct-layer", help="the layer the question belongs to")
    fb.add_argument("--better-query", help="wording that would have found the answer")
    fb.add_argument("--chunk", action="append", dest="chunks", metavar="ID=RATING",
                    help="rate a passage (S1) or chunk id: useful, wrong or outdated (repeatable)")
    fb.add_argument("--json", action="store_true", help="print the strata_feedback response")

    le = sub.add_parser("learning", help="what the server has learned (stats), or clear it (reset)")
    le_sub = le.add_subparsers(dest="learning_command", required=True, parser_class=StrataParser)
    ls = le_sub.add_parser("stats", help="synonyms, layer affinities, learned rewrites and demoted chunks")
    ls.add_argument("--layer", help="only this layer (and synonyms stored with no layer)")
    ls.add_argument("--json", action="store_true", help="print the strata_learning_stats response")
    lr = le_sub.add_parser("reset", help="clear one layer's learning (keeps the history) or everything (--all)")
    lr.add_argument("--layer", help="the layer to reset")
    lr.add_argument("--all", action="store_true", help="the global reset: everything learned, for good")
    lr.add_argument("--json", action="store_true", help="print the strata_reset_learning response")


def _add_store(sub: Subparsers) -> None:
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
    ins.add_argument("what", nargs="?", choices=["manifest", "chunks", "flagged", "redacted", "tables"],
                     help="manifest LAYER: files with reasons; chunks LAYER: chunks per file; flagged [LAYER];"
                     " redacted [LAYER]: secret values redacted per file and kind")
    ins.add_argument("layer", nargs="?")
    ins.add_argument("--sql", help="a DuckDB query over the store tables and the stage_* Parquet views")
    ins.add_argument("--json", action="store_true")


def _add_server(sub: Subparsers) -> None:
    m = sub.add_parser("mcp", help="run the MCP server (stdio, or streamable HTTP on loopback)")
    m.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    m.add_argument("--host", default="127.0.0.1", help="HTTP address to listen on (default 127.0.0.1)")
    m.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")

    ky = sub.add_parser("keys", help="bearer keys for the MCP server's HTTP transport (stored hashed)")
    ky_sub = ky.add_subparsers(dest="keys_command", required=True, parser_class=StrataParser)
    kyc = ky_sub.add_parser("create", help="create a key; it is printed once and only its hash is kept")
    kyc.add_argument("--role", required=True, choices=["viewer", "operator", "admin"])
    kyc.add_argument("--name", default="", help="what the key is for (shown by keys list)")
    kyc.add_argument("--json", action="store_true")
    kyl = ky_sub.add_parser("list", help="list the keys (id, role, name, created, revoked); never the keys")
    kyl.add_argument("--json", action="store_true")
    kyr = ky_sub.add_parser("revoke", help="revoke a key by its id; it stops working at once")
    kyr.add_argument("id")
    kyr.add_argument("--json", action="store_true")


def _add_presets_and_eval(sub: Subparsers) -> None:
    pr = sub.add_parser("preset", help="apply a preset: a layer's settings and source folders in YAML")
    pr_sub = pr.add_subparsers(dest="preset_command", required=True, parser_class=StrataParser)
    pa = pr_sub.add_parser("apply", help="create or update the preset's layer and rebuild its chunks")
    pa.add_argument("file", type=Path, help="the preset's YAML file")
    pa.add_argument("--dry-run", action="store_true",
                    help="write nothing: list the settings that would change (layer_check)")
    pa.add_argument("--docs-root", type=Path, metavar="DIR",
                    help="resolve the sources' paths against DIR instead of the preset's folder")
    pa.add_argument("--json", action="store_true", help="print the result as JSON")

    ev_ = sub.add_parser("eval", help="score a golden set of questions per search mode (Recall, MRR, nDCG@10)")
    ev_.add_argument("golden", type=Path, nargs="?", help="the golden set's YAML file")
    ev_.add_argument("--layer", action="append", dest="layers", help="search this layer (repeatable; default:"
                     " the golden set's layers)")
    ev_.add_argument("--mode", action="append", dest="modes", metavar="MODE",
                     help="fulltext, vector, hybrid, hybrid_no_slots, hybrid_evidence or hybrid_rerank "
                     "(repeatable; default all)")
    ev_.add_argument("--top-k", type=int, default=10, help="results scored per question (default 10)")
    ev_.add_argument("--json", action="store_true", help="print the full report, per question, as JSON")
    ev_.add_argument("--injection", action="store_true", help="instead: the injection scan on its fixture set"
                     " (attacks missed, false positives on clean text)")
    ev_.add_argument("--redaction", action="store_true", help="instead: secret redaction on its fixture set"
                     " (secrets caught, false redactions on clean text)")


def build_parser() -> argparse.ArgumentParser:
    p = StrataParser(prog="stratakb", description="StrataKB: a knowledge base whose answers cite their sources.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=StrataParser)
    # Added in the order `stratakb --help` lists them.
    _add_ingest(sub)
    _add_asking(sub)
    add_reading_parsers(sub, StrataParser)  # read, table (cli/reading_commands.py)
    _add_learning(sub)
    _add_store(sub)
    _add_server(sub)
    _add_presets_and_eval(sub)
    add_history_parsers(sub, StrataParser)
    return p
