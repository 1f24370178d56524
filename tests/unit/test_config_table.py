"""The README's configuration table is generated from stratakb_core.settings.VARIABLES, and every
environment variable the code reads is in it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from stratakb_core.settings import DEFAULT_MODEL, VARIABLES, Settings

REPO = Path(__file__).resolve().parent.parent.parent
# Variables the code reads that belong to other tools or the platform, not to StrataKB's configuration.
NOT_OURS = {"HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "XDG_DATA_HOME",
            "LOCALAPPDATA", "XDG_RUNTIME_DIR", "HOME", "PATH", "COLUMNS"}
READ = re.compile(r"""(?:environ(?:\.get)?|env\.get|env\[|_bool\(env,|_int\(env,|num\()"""
                  r"""\s*\(?["']([A-Z][A-Z0-9_]+)["']""")


def _read_by_code() -> set[str]:
    names: set[str] = set()
    for folder in ("stratakb_core", "resources", "pipelines", "assets"):
        for path in (REPO / folder).rglob("*.py"):
            names.update(READ.findall(path.read_text(encoding="utf-8")))
    return names - NOT_OURS


def test_every_variable_the_code_reads_is_documented() -> None:
    documented = {v.name for v in VARIABLES}
    assert len(documented) == len(VARIABLES), "a variable is listed twice"
    missing = _read_by_code() - documented
    assert not missing, f"read by the code but not in settings.VARIABLES: {sorted(missing)}"
    for name in ("EMBEDDING_RUNTIME", "EMBEDDING_QUANTIZE", "QUERY_REWRITE_PROVIDER", "QUERY_REWRITE_MODEL",
                 "QUERY_REWRITE_BASE_URL", "QUERY_REWRITE_API_KEY", "ANTHROPIC_API_KEY", "RERANKING_ENABLED",
                 "RERANKING_MODEL", "ANSWER_TOKEN_BUDGET", "EMBEDDING_BATCH_SIZE", "LEARNING_ENABLED",
                 "LEARNING_STORE_RAW_QUERIES", "STRATA_LOG_LEVEL", "STRATA_PARSE_TIMEOUT", "STRATA_PARSE_MEMORY_MB",
                 "STRATA_DAGSTER_STORAGE"):
        assert name in documented, name
    assert all(v.description.strip() for v in VARIABLES)


def test_documented_defaults_are_the_settings_defaults() -> None:
    s = Settings.from_env({})
    doc = {v.name: v.default.strip("`") for v in VARIABLES}
    assert doc["EMBEDDING_MODEL"] == s.embedding_model == DEFAULT_MODEL
    assert doc["EMBEDDING_BATCH_SIZE"] == str(s.embedding_batch_size)
    assert doc["ANSWER_TOKEN_BUDGET"] == str(s.answer_token_budget)
    assert doc["HYBRID_KEYWORD_SLOTS"] == str(s.hybrid_keyword_slots)
    assert doc["RERANKING_MODEL"] == s.reranking_model
    assert doc["RERANKING_ENABLED"] == str(s.reranking_enabled).lower()
    assert doc["LEARNING_ENABLED"] == str(s.learning_enabled).lower()
    assert doc["STRATA_MCP_ROLE"] == s.mcp_role
    assert doc["EMBEDDING_RUNTIME"] == s.embedding_runtime
    assert doc["EMBEDDING_QUANTIZE"] == s.embedding_quantize
    assert doc["QUERY_REWRITE_PROVIDER"] == s.query_rewrite_provider


def test_readme_table_is_the_generated_one() -> None:
    p = subprocess.run([sys.executable, "scripts/config_table.py", "--check"], cwd=REPO, capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for v in VARIABLES:
        assert f"| `{v.name}` |" in readme
