"""`stratakb status`: where the data lives, whether the embedded server runs and who holds it, the
embedding model and its runtime, the reranker (available or not, and why), the layers with their
sizes, the Dagster home and the versions; does I/O (reads the store, never loads a model).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
from pathlib import Path
from typing import Any

from stratakb_core import __version__
from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.embedding import build_embedder
from stratakb_core.errors import StrataError
from stratakb_core.ingest.health import health_report
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.store.embedded_server import embedded_server_state
from stratakb_core.store.status import layer_totals
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_status", "reranker_availability", "status_report"]

_RUNTIMES = {"OnnxEmbedder": "onnx", "SentenceTransformerEmbedder": "torch", "HashEmbedder": "hash (no model)",
             "OpenAICompatibleEmbedder": "http"}


def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def reranker_availability(settings: Settings) -> tuple[bool, str]:
    """Whether the reranking model can load here, and why, from the files alone (loads nothing)."""
    if not settings.reranking_enabled:
        return False, "reranking is off (RERANKING_ENABLED=false); answers keep the search's order"
    name = settings.reranking_model
    if Path(name).expanduser().is_dir():
        return True, f"local folder {name}"
    try:
        from huggingface_hub import try_to_load_from_cache

        cached = try_to_load_from_cache(name, "config.json")
    except Exception:  # not a hub name, or no hub client
        cached = None
    if isinstance(cached, str):
        return True, f"{name} is in the local model cache"
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes"):
        return False, (f"no local copy of {name} and HF_HUB_OFFLINE is set; answers use the offline evidence "
                       "reranker (set RERANKING_MODEL to a local folder to rerank)")
    return False, (f"no local copy of {name}: the first ask downloads it from the model hub if it can be reached, "
                   "else answers use the offline evidence reranker")


def status_report(settings: Settings) -> dict[str, Any]:
    db = Database(settings)
    server = embedded_server_state(settings.data_dir).as_dict() if db.embedded else None
    embedder, embedder_error, runtime = None, None, None
    try:
        embedder = build_embedder(settings)
        runtime = _RUNTIMES.get(type(embedder).__name__, type(embedder).__name__)
    except StrataError as exc:
        embedder_error = exc.message
    available, why = reranker_availability(settings)
    health = health_report(db, settings, embedder=embedder, embedder_error=embedder_error,
                           reranker_state="available" if available else f"unavailable: {why}")
    layers: dict[str, Any] = {}
    if health["store"]["reachable"]:
        with db.connection() as conn:
            layers = {name: vars(t) for name, t in layer_totals(conn).items()}
    dagster_home = os.environ.get("DAGSTER_HOME")
    return {
        "status": health["status"],
        "problems": health["problems"],
        "data_dir": str(settings.data_dir),
        "database": {**health["store"], "server_before_this_command": server},
        "embedding": {**health["embedding"], "runtime": runtime, "backend": settings.embedding_backend},
        "reranker": {"enabled": settings.reranking_enabled, "model": settings.reranking_model,
                     "available": available, "why": why},
        "layers": layers,
        "dagster_home": dagster_home,
        "dagster_home_exists": bool(dagster_home) and Path(dagster_home).is_dir(),
        "versions": {"stratakb": __version__, "python": platform.python_version(), "mcp": _version("mcp"),
                     "dagster": _version("dagster"), "onnxruntime": _version("onnxruntime"),
                     "sentence-transformers": _version("sentence-transformers"),
                     "postgresql": health["store"].get("server_version"),
                     "pgvector": health["store"].get("pgvector_version")},
    }


def _mb(n: int) -> str:
    return f"{n / 1_048_576:.1f} MB" if n >= 104_858 else f"{n / 1024:.1f} KB"


def _server_line(server: dict[str, Any] | None, location: str) -> list[str]:
    if server is None:
        return [f"Database:   {esc(location)} (external; DATABASE_URL)"]
    state = (f"running (pid {server['pid']}, port {server['port']})" if server["running"]
             else "not running (this command started it; it stops when the last user exits)")
    out = [f"Database:   embedded PostgreSQL in {esc(server['pgdata'])}", f"Server:     {state}"]
    out.extend(f"  held by pid {h['pid']}: {esc(h['command'])}" for h in server["held_by"])
    return out


def format_status(r: dict[str, Any]) -> str:
    emb, rr, db = r["embedding"], r["reranker"], r["database"]
    out = [f"StrataKB {r['versions']['stratakb']}: {r['status']}", f"Data:       {esc(r['data_dir'])}",
           *_server_line(db["server_before_this_command"], db["location"])]
    if not db["reachable"]:
        out.append(f"  unreachable: {esc(db.get('error', ''))}")
    active = emb.get("active_model") or "none yet"
    out.append(f"Model:      {esc(str(emb['configured_model']))} "
               f"(runtime {emb['runtime'] or 'unavailable'}; store's active model: {esc(str(active))})")
    out.append(f"Reranker:   {esc(rr['model'])}: {'available' if rr['available'] else 'not available'} "
               f"({esc(rr['why'])})")
    if r["layers"]:
        out.append("Layers:")
        out.extend(f"  {esc(name)}: {t['documents']} documents, {t['chunks']} chunks, {_mb(t['bytes'])}"
                   for name, t in r["layers"].items())
    else:
        out.append("Layers:     none yet (stratakb add <folder>)")
    home = r["dagster_home"]
    out.append(f"Dagster:    DAGSTER_HOME={esc(home)}" + ("" if r["dagster_home_exists"] else " (missing)")
               if home else "Dagster:    DAGSTER_HOME is not set")
    v = r["versions"]
    out.append("Versions:   " + ", ".join(f"{k} {v[k]}" for k in v if v[k] and k != "stratakb"))
    out.extend(f"Problem:    {esc(p)}" for p in r["problems"])
    return "\n".join(out)


def cmd_status(args: argparse.Namespace, settings: Settings) -> int:
    report = status_report(settings)
    print(json_dumps(report, indent=2) if args.json else format_status(report))
    return EXIT_OK
