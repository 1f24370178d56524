"""The `stratakb` argument parser: every command, its arguments, help texts and examples (no I/O).

Usage errors exit 2 with one line (`StrataParser.error`). The commands are added by group, each
group one function: ingesting, asking, the store, the servers and keys, presets and evaluation.
`EXAMPLES` holds each command's examples by its path ("keys create"); `build_parser` puts them in
every (sub)command's epilog, so a command added later gets its examples from one entry there.
Every option and positional carries a help text (tests/cli/test_cli_help.py walks the tree).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stratakb_core import __version__
from stratakb_core.cli.exits import EXIT_REFUSED
from stratakb_core.cli.history_parser import add_history_parsers
from stratakb_core.cli.reading_commands import add_parsers as add_reading_parsers
from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = ["EXAMPLES", "StrataParser", "build_parser", "walk_parsers"]

Subparsers = Any  # argparse's _SubParsersAction, which it does not export

LAYER_HELP = "search this layer (repeatable; default: every layer, or the ones routing picks)"

# Examples shown under each command's help, by the command's path.
EXAMPLES: dict[str, list[str]] = {
    "": ["stratakb demo", "stratakb add ~/docs/contracts", 'stratakb ask "How much notice do we need to give?"',
         "stratakb status"],
    "add": ["stratakb add ~/docs/contracts", "stratakb add ./runbooks --name ops --description 'Ops runbooks'",
            "stratakb add ./runbooks --dry-run"],
    "search": ['stratakb search "AC04"', 'stratakb search "notice period" --layer contracts --top-k 3',
               "stratakb search invoice --filter page=3 --json"],
    "ask": ['stratakb ask "How much notice do we need to give?"',
            'stratakb ask "What is the termination fee?" --mode extractive',
            'stratakb ask "Who approves refunds?" --detailed'],
    "verify": ["stratakb verify draft.md --passages d12:0-410 d12:410-900",
               "stratakb verify draft.md --interaction int_0123456789abcdef0123"],
    "receipt": ["stratakb receipt rcpt_0123456789abcdef"],
    "layers": ["stratakb layers", "stratakb layers --json"],
    "events": ["stratakb events", "stratakb events --layer contracts --limit 10", "stratakb events --oldest-first"],
    "demo": ["stratakb demo"],
    "status": ["stratakb status", "stratakb status --json"],
    "verify-store": ["stratakb verify-store", "stratakb verify-store --json", "stratakb verify-store --reindex"],
    "reembed": ["EMBEDDING_MODEL=BAAI/bge-small-en-v1.5 stratakb reembed"],
    "inspect": ["stratakb inspect manifest contracts", "stratakb inspect chunks contracts",
                "stratakb inspect --sql 'SELECT count(*) FROM chunks'"],
    "watch": ["stratakb watch ~/docs/contracts"],
    "completion": ["stratakb completion bash > ~/.local/share/bash-completion/completions/stratakb",
                   "stratakb completion zsh > ~/.zfunc/_stratakb",
                   "stratakb completion fish > ~/.config/fish/completions/stratakb.fish"],
    "mcp": ["stratakb mcp", "stratakb mcp --transport http --port 8765"],
    "keys": ["stratakb keys create --role viewer --name laptop", "stratakb keys list"],
    "keys create": ["stratakb keys create --role viewer --name 'team assistant'"],
    "keys list": ["stratakb keys list --json"],
    "keys revoke": ["stratakb keys revoke key_0123456789ab"],
    "preset": ["stratakb preset apply presets/sepa.yaml --dry-run"],
    "preset apply": ["stratakb preset apply presets/sepa.yaml", "stratakb preset apply presets/sepa.yaml --dry-run"],
    "eval": ["stratakb eval eval/golden.yaml", "stratakb eval eval/golden.yaml --mode hybrid --json"],
    "read": ["stratakb read --layer docs runbooks/failover.md", "stratakb read d12:0-410 --expand"],
    "table": ["stratakb table list", "stratakb table query d3.s1 --measure sum:amount --group-by region"],
    "table list": ["stratakb table list --layer sheets --json"],
    "table query": ["stratakb table query d3.s1 --where 'status=overdue' --measure count"],
    "feedback": ["stratakb feedback int_0123abcd --helpful", "stratakb feedback int_0123abcd --not-helpful "
                 "--better-query 'SCT Inst reject codes'"],
    "learning": ["stratakb learning stats", "stratakb learning reset --layer docs"],
    "learning stats": ["stratakb learning stats --layer docs --json"],
    "learning reset": ["stratakb learning reset --layer docs", "stratakb learning reset --all"],
    "rollback": ["stratakb rollback docs --to 42 --dry-run", "stratakb rollback docs --to 2026-03-04T12:00:00Z"],
    "gc": ["stratakb gc --dry-run", "stratakb gc --retention-days 30"],
    "remove-layer": ["stratakb remove-layer old_docs --yes"],
    "rename-layer": ["stratakb rename-layer docs runbooks --yes"],
    "remove-source": ["stratakb remove-source runbooks path/to/old-folder --yes"],
    "rebuild-layer": ["stratakb rebuild-layer runbooks --yes"],
    "backup": ["stratakb backup store.skb"],
    "restore": ["stratakb restore store.skb"],
    "export-layer": ["stratakb export-layer runbooks runbooks.skb --no-vectors"],
    "import-layer": ["stratakb import-layer runbooks.skb --root /srv/docs --yes"],
}


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


def _json(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--json", action="store_true", help=f"print {what} as JSON (nothing else on stdout)")


def _add_ingest(sub: Subparsers) -> None:
    a = sub.add_parser("add", help="create the layer of a folder, or sync it")
    a.add_argument("folder", type=Path, help="the folder to add (run again to sync its changes)")
    a.add_argument("--name", help="the layer's name (default: from the folder's name)")
    a.add_argument("--description", help="what the layer holds (default: from the folder's README)")
    _json(a, "the report")
    a.add_argument("--allow-broad", action="store_true",
                   help="allow a drive root, your home folder or above, or a system folder")
    a.add_argument("--yes", action="store_true", help="allow a large run without asking")
    a.add_argument("--max-file-size", type=_size_mb, default=50 * 1024 * 1024, metavar="MB",
                   help="skip files larger than this many megabytes (default 50)")
    a.add_argument("--dry-run", action="store_true",
                   help="print the plan (selection, policy, what would be added, updated or removed); write nothing")


def _add_asking(sub: Subparsers) -> None:
    s = sub.add_parser("search", help="hybrid search for exact terms, codes and identifiers")
    s.add_argument("query", help="the words to find: exact terms, codes and identifiers work best")
    s.add_argument("--layer", action="append", dest="layers", metavar="LAYER", help=LAYER_HELP)
    s.add_argument("--top-k", type=int, default=5, metavar="N", help="how many passages to return, 1 to 50 (default 5)")
    s.add_argument("--filter", action="append", dest="filters", metavar="KEY=VALUE",
                   help="exact match on chunk metadata, e.g. page=3 (repeatable)")
    _json(s, "the strata_search response")
    s.add_argument("--as-of", metavar="SEQ|TIME", help="search the layers as they stood right after that event")

    k = sub.add_parser("ask", help="answer a question from the documents, with citations")
    k.add_argument("question", help="the question, in plain language")
    k.add_argument("--layer", action="append", dest="layers", metavar="LAYER", help=LAYER_HELP)
    k.add_argument("--top-k", type=int, default=10, metavar="N",
                   help="passages considered per search, 1 to 50 (default 10); the token budget decides how "
                   "many are shown")
    k.add_argument("--mode", choices=["grounded", "extractive"],
                   help="grounded: the passages to answer from; extractive: the documents' own sentences, "
                   "with a receipt (default: the layer's mode)")
    k.add_argument("--detailed", action="store_true",
                   help="also show the scores, the query variants, the layers searched and the sources")
    _json(k, "the strata_ask response")
    k.add_argument("--as-of", metavar="SEQ|TIME", help="answer from the layers as they stood right after that event")

    v = sub.add_parser("verify", help="check a drafted answer against the passages it cites; a verified "
                       "draft gets a receipt")
    v.add_argument("draft", type=Path, help="the drafted answer's file ('-' reads standard input); cite "
                   "passages as [S1], [S2] in the order given")
    refs = v.add_mutually_exclusive_group(required=True)
    refs.add_argument("--passages", nargs="+", metavar="REF",
                      help="the passages' refs (d12:0-410) as ask printed them, in order: the first is S1")
    refs.add_argument("--interaction", metavar="ID",
                      help="use the passages of this ask (its interaction id, int_..., from ask --json)")
    _json(v, "the strata_verify response")

    rc = sub.add_parser("receipt", help="open a receipt: each quote marked >>> <<< in its context")
    rc.add_argument("receipt_id", help="the receipt's id (rcpt_...), as ask or verify printed it")
    _json(rc, "the strata_get_receipt response")


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
    _json(ly, "the layers")

    e = sub.add_parser("events", help="show the event log, newest first")
    e.add_argument("--layer", help="only this layer's events")
    e.add_argument("--after", type=int, default=0, metavar="SEQ", help="only events after this seq number")
    e.add_argument("--limit", type=int, default=50, metavar="N", help="show at most N events (default 50)")
    e.add_argument("--oldest-first", action="store_true", help="oldest first (default: newest first, like git log)")
    _json(e, "the events")

    d = sub.add_parser("demo", help="ingest the bundled sample and answer a sample question")
    _json(d, "the ingest report and the answer")

    st = sub.add_parser("status", help="where the data lives, the server, the models, the layers and versions")
    _json(st, "the status")

    vs = sub.add_parser("verify-store", help="rebuild the projections from the events and compare")
    vs.add_argument("--reindex", action="store_true", help="also build the vector index again when the store "
                    "grew past the graph it was built as (searches and syncs go on meanwhile)")
    _json(vs, "the differences")

    re_ = sub.add_parser("reembed", help="embed the stored chunks with EMBEDDING_MODEL and make it the active model")
    re_.add_argument("--layer", action="append", dest="layers", metavar="LAYER", help="only this layer (repeatable; "
                     "the model is activated once every layer has its vectors)")
    re_.add_argument("--batch-size", type=int, default=512, metavar="N", help="chunks per batch (default 512)")
    _json(re_, "the result")

    ins = sub.add_parser("inspect", help="DuckDB queries over the Dagster stage outputs and the store")
    ins.add_argument("what", nargs="?", choices=["manifest", "chunks", "flagged", "redacted", "tables"],
                     help="manifest LAYER: files with reasons; chunks LAYER: chunks per file; flagged [LAYER];"
                     " redacted [LAYER]: secret values redacted per file and kind")
    ins.add_argument("layer", nargs="?", help="the layer to inspect (manifest, chunks; optional for flagged)")
    ins.add_argument("--sql", help="a DuckDB query over the store tables and the stage_* Parquet views")
    _json(ins, "the rows")

    w = sub.add_parser("watch", help="sync a folder's layer whenever its files change (Ctrl-C stops)")
    w.add_argument("folder", type=Path, help="the folder to watch (added first when it is not a layer yet)")
    w.add_argument("--debounce", type=float, default=2.0, metavar="SECONDS",
                   help="wait until the files have been quiet this long before syncing (default 2)")

    c = sub.add_parser("completion", help="print a shell completion script (bash, zsh or fish)")
    c.add_argument("shell", choices=["bash", "zsh", "fish"], help="the shell to complete in")


def _add_server(sub: Subparsers) -> None:
    m = sub.add_parser("mcp", help="run the MCP server (stdio, or streamable HTTP on loopback)")
    m.add_argument("--transport", choices=["stdio", "http"], default="stdio",
                   help="stdio (default; role STRATA_MCP_ROLE) or streamable HTTP with bearer keys")
    m.add_argument("--host", default="127.0.0.1", help="HTTP address to listen on (default 127.0.0.1)")
    m.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")

    ky = sub.add_parser("keys", help="bearer keys for the MCP server's HTTP transport (stored hashed)")
    ky_sub = ky.add_subparsers(dest="keys_command", required=True, parser_class=StrataParser)
    kyc = ky_sub.add_parser("create", help="create a key; it is printed once and only its hash is kept")
    kyc.add_argument("--role", required=True, choices=["viewer", "operator", "admin"],
                     help="viewer: ask and search; operator: also ingest; admin: also create layers and presets")
    kyc.add_argument("--name", default="", help="what the key is for (shown by keys list)")
    _json(kyc, "the key and its record")
    kyl = ky_sub.add_parser("list", help="list the keys (id, role, name, created, revoked); never the keys")
    _json(kyl, "the keys' records")
    kyr = ky_sub.add_parser("revoke", help="revoke a key by its id; it stops working at once")
    kyr.add_argument("id", help="the key's id (key_...), as keys list shows it")
    _json(kyr, "the key's record")


def _add_presets_and_eval(sub: Subparsers) -> None:
    pr = sub.add_parser("preset", help="apply a preset: a layer's settings and source folders in YAML")
    pr_sub = pr.add_subparsers(dest="preset_command", required=True, parser_class=StrataParser)
    pa = pr_sub.add_parser("apply", help="create or update the preset's layer and rebuild its chunks")
    pa.add_argument("file", type=Path, help="the preset's YAML file")
    pa.add_argument("--dry-run", action="store_true",
                    help="write nothing: list the settings that would change (layer_check)")
    pa.add_argument("--docs-root", type=Path, metavar="DIR",
                    help="resolve the sources' paths against DIR instead of the preset's folder")
    _json(pa, "the result")

    ev_ = sub.add_parser("eval", help="score a golden set of questions per search mode (Recall, MRR, nDCG@10)")
    ev_.add_argument("golden", type=Path, nargs="?", help="the golden set's YAML file")
    ev_.add_argument("--layer", action="append", dest="layers", metavar="LAYER", help="search this layer "
                     "(repeatable; default: the golden set's layers)")
    ev_.add_argument("--mode", action="append", dest="modes", metavar="MODE",
                     help="fulltext, vector, hybrid, hybrid_no_slots, hybrid_evidence or hybrid_rerank "
                     "(repeatable; default all)")
    ev_.add_argument("--top-k", type=int, default=10, metavar="N", help="results scored per question (default 10)")
    ev_.add_argument("--json", action="store_true", help="print the full report, per question, as JSON")
    ev_.add_argument("--injection", action="store_true", help="instead: the injection scan on its fixture set"
                     " (attacks missed, false positives on clean text)")
    ev_.add_argument("--redaction", action="store_true", help="instead: secret redaction on its fixture set"
                     " (secrets caught, false redactions on clean text)")


def walk_parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
                 ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser of the tree with its command path, the root first."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from walk_parsers(child, (*path, name))


_ARGUMENT_HELP = {
    "--json": "print the result as JSON", "layer": "the layer's name", "interaction_id":
    "the interaction id (int_...) an ask or search returned", "new_name": "the layer's new name",
    "folder": "the source folder, as the layer holds it", "file": "the archive file (.skb)",
}


def _finish(root: argparse.ArgumentParser) -> None:
    """Each command's examples as its epilog, kept as written; the commands' common arguments
    (`--json`, a layer, a file) get their one wording where a command left them without help."""
    for path, parser in walk_parsers(root):
        for action in parser._actions:
            key = action.option_strings[0] if action.option_strings else action.dest
            if not action.help and key in _ARGUMENT_HELP:
                action.help = _ARGUMENT_HELP[key]
        examples = EXAMPLES.get(" ".join(path))
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
        if examples:
            parser.epilog = "examples:\n" + "\n".join(f"  {line}" for line in examples)


def build_parser() -> argparse.ArgumentParser:
    p = StrataParser(prog="stratakb", description="StrataKB: a knowledge base whose answers cite their sources.")
    p.add_argument("--version", action="version", version=f"stratakb {__version__}",
                   help="print the version and exit")
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
    _finish(p)
    return p
