"""`stratakb read` (a document page by page, or a passage widened to its clause with --expand) and
`stratakb table` (list the spreadsheet tables, query one); does I/O (the store, the terminal).

The responses are the MCP tools' (strata_read_document, strata_expand, strata_list_tables,
strata_table_query), built by the same query functions; --json prints them as they are. The
query package is imported when a command runs, so `stratakb --help` stays light.
"""

from __future__ import annotations

import argparse
from typing import Any

from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.errors import UsageError
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["add_parsers", "cmd_read", "cmd_table", "table_request"]

MAX_ALL_PAGES = 10_000


def _block(text: str) -> str:
    """Text of several lines for the terminal: each line escaped (controls, tabs), line breaks kept."""
    return "\n".join(esc(line) for line in text.rstrip("\n").split("\n"))


def add_parsers(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """`read` and `table` (with its list and query subcommands); parser_class for the subcommands."""
    r = sub.add_parser("read", help="read a document in order, page by page, or widen a passage to its clause")
    r.add_argument("path", nargs="?", help="the file's path within its layer (with --layer)")
    r.add_argument("--layer", help="the layer of PATH")
    r.add_argument("--document-id", type=int, help="the document's id (42 for a ref d42:...)")
    r.add_argument("--ref", help="a passage ref (d42:1830-1905): read from its line")
    r.add_argument("--expand", action="store_true", help="with --ref: the whole clause it sits in, its parent "
                   "heading and neighbour sections (strata_expand)")
    r.add_argument("--start", type=int, help="where the page starts (the previous page's next)")
    r.add_argument("--budget-tokens", type=int, help="the page's size in tokens (default 1500)")
    r.add_argument("--all", action="store_true", help="print every page from START to the end")
    r.add_argument("--json", action="store_true", help="print the strata_read_document / strata_expand response")

    t = sub.add_parser("table", help="spreadsheet tables: list them, compute over every row")
    t_sub = t.add_subparsers(dest="table_command", required=True, parser_class=parser_class)
    tl = t_sub.add_parser("list", help="each table's name, file, sheet, rows and typed columns")
    tl.add_argument("--layer", action="append", dest="layers", help="only this layer (repeatable)")
    tl.add_argument("--json", action="store_true", help="print the strata_list_tables response")
    tq = t_sub.add_parser("query", help="count, sum, average, min, max or list rows of a table")
    tq.add_argument("table", nargs="?", help="the table's name from `stratakb table list` (d12.s1)")
    tq.add_argument("--request", metavar="JSON", help="the whole request as JSON, as strata_table_query takes it")
    tq.add_argument("--where", action="append", nargs=3, metavar=("COLUMN", "OP", "VALUE"),
                    help="keep rows where COLUMN OP VALUE (=, !=, <, <=, >, >=, in with a,b,c, contains)")
    tq.add_argument("--group-by", action="append", metavar="COLUMN", help="group by this column (repeatable)")
    tq.add_argument("--measure", action="append", metavar="OP[:COLUMN]",
                    help="count, sum:COL, avg:COL, min:COL, max:COL or count_distinct:COL (repeatable)")
    tq.add_argument("--order-by", action="append", metavar="NAME[:desc]", help="order by a column or measure")
    tq.add_argument("--column", action="append", dest="columns", metavar="COLUMN", help="rows: this column")
    tq.add_argument("--limit", type=int, help="rows or groups returned, 1 to 1000 (default 100)")
    tq.add_argument("--json", action="store_true", help="print the strata_table_query response")


# ---------------------------------------------------------------------------------------------
# stratakb read
# ---------------------------------------------------------------------------------------------


def _page_report(page: dict[str, Any]) -> str:
    cit = page["citation"]
    where = f"{page['file']} ({page['layer']}), lines {page['lines']}"
    if page.get("pages"):
        where += ", page " + ", ".join(str(p) for p in page["pages"])
    lines = [esc(where), f"  characters {page['start']}-{page['end']} of {page['total_chars']}, ref {page['ref']}"]
    labels = [f"date {cit['date']} ({cit['date_source']})" if cit.get("date") else "",
              f"replaced by {cit['replaced_by']}" if cit.get("replaced_by") else "",
              "archived" if cit.get("archived") else ""]
    if any(labels):
        lines.append("  " + esc(", ".join(x for x in labels if x)))
    for t in page.get("tables") or []:
        lines.append(esc(f"  table {t['table']}: {t.get('sheet') or 'rows'}, {t['rows']} rows"))
    lines += ["", _block(page["text"]), ""]
    if page.get("note"):
        lines.append("Note: " + esc(page["note"]))
    if page.get("next") is not None:
        lines.append(f"More: stratakb read ... --start {page['next']}")
    return "\n".join(lines)


def _expand_report(out: dict[str, Any]) -> str:
    c = out["clause"]
    cit = c["citation"]
    lines = [esc(f"{cit['file']} ({cit['layer']}), lines {cit['lines']}"
                 + (f", page {cit['page']}" if cit.get("page") else "")),
             esc(f"  {c['clause_path'] or '(no section)'}, ref {c['ref']}" + (" (cut)" if c.get("cut") else "")),
             "", _block(c["text"]), ""]
    if out.get("parent"):
        lines.append(esc(f"Parent: {out['parent']['heading']} ({out['parent']['ref']})"))
    for key in ("previous", "next"):
        if out.get(key):
            lines.append(esc(f"{key.capitalize()}: {out[key]['heading']} ({out[key]['ref']})"))
    if out.get("note"):
        lines.append("Note: " + esc(out["note"]))
    return "\n".join(lines)


def cmd_read(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.query import expand_tool, read_tool

    if args.path is not None and args.layer is None:
        raise UsageError("a path needs its layer: stratakb read PATH --layer LAYER")
    if args.expand:
        if args.ref is None:
            raise UsageError("--expand widens a passage: give it with --ref d42:1830-1905")
        with Database(settings).connection() as conn:
            out = expand_tool(conn, settings, args.ref, args.budget_tokens)
        print(json_dumps(out, indent=2) if args.json else _expand_report(out))
        return EXIT_OK
    pages = []
    start = args.start
    with Database(settings).connection() as conn:
        while True:
            page = read_tool(conn, settings, layer=args.layer, path=args.path, document_id=args.document_id,
                             ref=args.ref, start=start, budget_tokens=args.budget_tokens)
            pages.append(page)
            start = page["next"]
            if not args.all or start is None or len(pages) >= MAX_ALL_PAGES:
                break
    if args.json:
        print(json_dumps(pages if args.all else pages[0], indent=2))
    else:
        print("\n".join(_page_report(p) for p in pages))
    return EXIT_OK


# ---------------------------------------------------------------------------------------------
# stratakb table
# ---------------------------------------------------------------------------------------------


def _measure(text: str) -> Any:
    op, sep, column = text.partition(":")
    return {"op": op, "column": column} if sep else op


def _order(text: str) -> dict[str, Any]:
    by, sep, how = text.rpartition(":")
    if sep and how.lower() in ("desc", "asc"):
        return {"by": by, "desc": how.lower() == "desc"}
    return {"by": text, "desc": False}


def table_request(args: argparse.Namespace) -> dict[str, Any] | str:
    """The request of `stratakb table query`: --request JSON, with the flags' parts added."""
    import json

    request: dict[str, Any] = {}
    if args.request is not None:
        try:
            loaded = json.loads(args.request)
        except ValueError as exc:
            raise UsageError(f"--request is not valid JSON: {exc}") from None
        if not isinstance(loaded, dict):
            raise UsageError('--request must be a JSON object such as {"table": "d12.s1", "measures": ["count"]}')
        request = loaded
    if args.table is not None:
        request["table"] = args.table
    if "table" not in request:
        raise UsageError("name the table: stratakb table query d12.s1 (stratakb table list names them)")
    if args.where:
        request["filters"] = [*request.get("filters", []), *(
            {"column": c, "op": op, "value": v.split(",") if op == "in" else v} for c, op, v in args.where)]
    for key, flag, conv in (("group_by", args.group_by, str), ("measures", args.measure, _measure),
                            ("order_by", args.order_by, _order), ("columns", args.columns, str)):
        if flag:
            request[key] = [*request.get(key, []), *(conv(x) for x in flag)]
    if args.limit is not None:
        request["limit"] = args.limit
    return request


def _cell(v: Any) -> str:
    if isinstance(v, list):
        return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in v) if all(
            isinstance(x, list) and len(x) == 2 for x in v) else str(v)
    return "" if v is None else str(v)


def _query_report(out: dict[str, Any]) -> str:
    cols = list(out["columns"])
    lines = ["\t".join(esc(c) for c in cols)] + ["\t".join(esc(_cell(r.get(c))) for c in cols) for r in out["rows"]]
    cit = out["citation"]
    where = f"{cit['file']}" + (f", sheet {cit['sheet']}" if cit.get("sheet") else "") + f" ({cit['layer']})"
    lines += ["", esc(f"Source: table {cit['table']}, {where}" + (f", rows {cit['rows']}" if cit.get("rows") else ""))]
    if out.get("note"):
        lines.append("Note: " + esc(out["note"]))
    return "\n".join(lines)


def _list_report(out: dict[str, Any]) -> str:
    if not out["tables"]:
        return "No tables yet: add a folder with CSV, TSV or XLSX files (stratakb add)."
    lines = []
    for t in out["tables"]:
        head = f"{t['table']}  {t['file']}" + (f" [{t['sheet']}]" if t.get("sheet") else "") + \
            f" ({t['layer']}), {t['rows']} rows"
        lines.append(esc(head + (f": refused: {t['refused']}" if t.get("refused") else "")))
        for c in t["columns"]:
            header = f'  "{c["header"]}"' if c["header"] != c["name"] else ""
            lines.append("    " + esc(f"{c['name']} ({c['type']}){header}"))
    return "\n".join(lines)


def cmd_table(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.query import list_tables_tool, table_query_tool

    with Database(settings).connection() as conn:
        if args.table_command == "list":
            out = list_tables_tool(conn, settings, args.layers)
            print(json_dumps(out, indent=2) if args.json else _list_report(out))
        else:
            out = table_query_tool(conn, settings, table_request(args))
            print(json_dumps(out, indent=2) if args.json else _query_report(out))
    return EXIT_OK
