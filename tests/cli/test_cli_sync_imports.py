"""A no-change `stratakb add` imports only what its path needs (issue 13: a no-change sync of a large
folder is mostly imports): no query code, no DuckDB/PyArrow (the dry run's), no YAML (presets'), no
model runtime, no Dagster, no connection pool, no content-safety scanner, and no parser module (the
plan trusts the policy's extension list). A real process against a real PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import cli_env, run_cli

# Top-level packages (or module prefixes) a no-change add must not import.
FORBIDDEN = ("psycopg_pool", "dagster", "torch", "onnxruntime", "sentence_transformers", "transformers",
             "tokenizers", "pyarrow", "duckdb", "yaml", "pypdf", "docx", "openpyxl", "mcp",
             "stratakb_core.query", "stratakb_core.ingest.presets", "stratakb_core.ingest.inspection",
             "stratakb_core.ingest.parsing.markdown", "stratakb_core.ingest.parsing.pdf",
             # the content-safety scanners compile their rules on import (~0.3 s): only for files read
             "stratakb_core.ingest.injection", "stratakb_core.ingest.redaction", "stratakb_core.ingest.regex_gate")

PROBE = (
    "import json, sys\n"
    "from stratakb_core.cli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def test_no_change_add_imports_only_its_path(database_url, docs):
    env = cli_env(database_url)
    first = run_cli(["add", str(docs), "--json"], env)
    assert first.returncode == 0, first.stderr
    p = subprocess.run([sys.executable, "-c", PROBE, "add", str(docs), "--json"], env=env, capture_output=True,
                       text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stderr
    result = json.loads(p.stdout)
    assert result["files_added"] == result["files_updated"] == result["chunks_embedded"] == 0
    assert result["files_unchanged"] == 5
    modules = json.loads(p.stderr.strip().splitlines()[-1])
    loaded = sorted(m for m in modules if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
    assert loaded == [], f"a no-change add imported {loaded}"
    assert "psycopg" in modules  # the one heavy import it does need


def test_add_report_still_renders_without_query_imports(database_url, docs):
    p = run_cli(["add", str(docs)], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    assert "Layer docs created" in p.stdout
