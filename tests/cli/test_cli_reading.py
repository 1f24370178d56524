"""`stratakb read` and `stratakb table` as a user runs them (a real process, the embedded store's
database, tables under STRATA_DATA_DIR): pages, --all, --expand, table list and query by flags or
JSON, and bad input refused with exit 2 and the argument named."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import FIXTURES, cli_env, run_cli


# One store for the module, added once: the tests only read it.
@pytest.fixture(scope="module")
def env(module_database_url, tmp_path_factory) -> dict[str, str]:
    return cli_env(module_database_url, STRATA_DATA_DIR=str(tmp_path_factory.mktemp("reading") / "data"))


@pytest.fixture(scope="module")
def added(env, tmp_path_factory) -> None:
    folder = tmp_path_factory.mktemp("reading-docs") / "docs"
    folder.mkdir()
    for name in ("rfc6455.txt", "currency-codes-all.csv"):
        shutil.copy(FIXTURES / name, folder / name)
    r = run_cli(["add", str(folder), "--name", "docs", "--yes", "--json"], env)
    assert r.returncode == 0, r.stderr


def test_read_pages_and_expand(env, added):
    r = run_cli(["read", "rfc6455.txt", "--layer", "docs", "--all", "--json", "--budget-tokens", "5000"], env)
    assert r.returncode == 0, r.stderr
    pages = json.loads(r.stdout)
    text = (FIXTURES / "rfc6455.txt").read_text(encoding="utf-8")
    assert len(pages) > 1 and pages[-1]["next"] is None
    assert sum(len(p["text"]) for p in pages) == pages[0]["total_chars"]
    assert all(a["next"] == b["start"] == a["end"] for a, b in zip(pages, pages[1:], strict=False))
    assert "The WebSocket Protocol" in text and "The WebSocket Protocol" in "".join(p["text"] for p in pages)
    doc_id = pages[0]["document_id"]
    first = run_cli(["read", "--document-id", str(doc_id)], env)
    assert first.returncode == 0 and "rfc6455.txt (docs), lines 1-" in first.stdout
    assert "More: stratakb read ... --start " in first.stdout and "\\n" not in first.stdout.splitlines()[5]
    body = pages[0]["text"]
    at = body.index("Status of This Memo") if "Status of This Memo" in body else 0
    ex = run_cli(["read", "--ref", f"d{doc_id}:{at}-{at + 10}", "--expand", "--json"], env)
    assert ex.returncode == 0, ex.stderr
    out = json.loads(ex.stdout)
    assert out["clause"]["citation"]["file"] == "rfc6455.txt" and out["clause"]["text"]


def test_table_list_and_query(env, added):
    r = run_cli(["table", "list", "--json"], env)
    assert r.returncode == 0, r.stderr
    tables = json.loads(r.stdout)["tables"]
    assert [t["file"] for t in tables] == ["currency-codes-all.csv"] and tables[0]["rows"] == 449
    name = tables[0]["table"]
    euro = (FIXTURES / "currency-codes-all.csv").read_text(encoding="utf-8").count(",Euro,")
    q = run_cli(["table", "query", name, "--where", "currency", "=", "Euro", "--measure", "count", "--json"], env)
    assert q.returncode == 0, q.stderr
    assert json.loads(q.stdout)["rows"] == [{"count": euro}]
    same = run_cli(["table", "query", "--request", json.dumps({"table": name, "measures": ["count"], "filters": [
        {"column": "currency", "op": "=", "value": "Euro"}]}), "--json"], env)
    assert json.loads(same.stdout)["rows"] == [{"count": euro}]
    text = run_cli(["table", "query", name, "--group-by", "currency", "--measure", "count",
                    "--order-by", "count:desc", "--limit", "2"], env)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0].startswith("currency\tcount") and f"Euro\t{euro}" in lines[1]
    assert "Source: table " + name in text.stdout and "Note:" in text.stdout
    listing = run_cli(["table", "list"], env)
    assert name in listing.stdout and "currency (text)" in listing.stdout


def test_bad_input_is_refused_with_the_argument_named(env, added):
    cases = [
        (["table", "query", "d1.s1'; DROP TABLE documents; --", "--measure", "count", "--json"], "unknown table"),
        (["table", "query", "--request", "{not json", "--json"], "not valid JSON"),
        (["table", "query", "d9.s1", "--measure", "sum", "--json"], None),
        (["read", "nope.txt", "--layer", "docs", "--json"], "no document 'nope.txt'"),
        (["read", "--ref", "d1:5-2", "--expand", "--json"], "ref must look like"),
    ]
    for args, argument in cases:
        r = run_cli(args, env)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        err = json.loads(r.stdout)["error"]
        assert err["code"] in ("invalid_argument", "usage_error"), err
        assert argument is None or argument in err["message"], err
    r = run_cli(["read", "rfc6455.txt"], env)
    assert r.returncode == 2 and "needs its layer" in r.stderr
