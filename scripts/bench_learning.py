"""Learning benchmark: what the learning loop and query rewriting do to retrieval on the peps/rfc golden set.

Everything goes through the MCP server, connected in process with the SDK's real client
(`mcp.Client(create_server(settings))`: the same tools, roles and sessions as over stdio, without a
subprocess). Each `Client` is one MCP session, so one client key.

  1. The layers peps and rfc are ingested from a copy of ../shared/corpora (a temp folder).
  2. Rewriting: the golden set's Recall@10 with query rewriting off, then on, with a scripted
     OpenAI-compatible server on 127.0.0.1 replying with the expected passage's terms (the plumbing's
     ceiling); then the latency one ask gains when that provider answers in 300 ms.
  3. Learning: the golden set and the held-out paraphrases (eval/learning/rephrasings.yaml) are
     scored; the session log of that file (users who asked a missed question, then reworded it and
     rated the rewording helpful) is replayed by two MCP sessions on a server with learning on,
     which runs the promoter itself every 50 interactions (the rest is promoted as the Dagster asset
     learned_rewrites does, by run_promoter); both are scored again; then one layer is reset
     (strata_reset_learning) and both are scored a third time, and again after the next promoter run
     (a layer reset keeps the history, so what has enough evidence is learned again).

Scoring asks strata_ask (detailed, top_k 10) on a server with LEARNING_ENABLED=false, so scoring
records nothing and learns nothing (it still applies what was learned).

    PYTHONPATH=. .venv/bin/python scripts/bench_learning.py [--backend hash|sentence_transformers]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml
from mcp import Client
from mcp.types import TextContent

from stratakb_core.evaluation.golden import Question, load_golden
from stratakb_core.evaluation.metrics import mean, recall_at_k, reciprocal_rank
from stratakb_core.evaluation.runner import _resolve
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.mcp.server import create_server
from stratakb_core.query import run_promoter
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from tests.helpers.rewrite_server import Scripted, rewrite_server

REPO = Path(__file__).resolve().parent.parent
CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"  # ../shared/corpora beside the checkout
GOLDEN = REPO / "eval" / "golden" / "peps_rfc.yaml"
REPHRASINGS = REPO / "eval" / "learning" / "rephrasings.yaml"
K = 10


def _body(result: Any) -> dict[str, Any]:
    block = result.content[0]
    assert isinstance(block, TextContent)
    data = json.loads(block.text)
    if result.is_error:
        raise RuntimeError(f"tool error: {data}")
    return data


async def _score(settings: Settings, conn: Any, items: Sequence[tuple[str, Question]],
                 layers: Sequence[str]) -> dict[str, dict[str, float | None]]:
    """question id -> recall@10 and RR, asking each through strata_ask (detailed) on a server with learning off."""
    out: dict[str, dict[str, float | None]] = {}
    async with Client(create_server(replace(settings, learning_enabled=False))) as client:
        for qid, q in items:
            ask = _body(await client.call_tool("strata_ask", {
                "question": q.question, "layers": list(q.layers or layers), "top_k": K,
                "response_format": "detailed"}))
            rows = _resolve(conn, ask)
            hits = [q.targets_hit(r.get("file"), r.get("text"), r.get("clause_path")) for r in rows[:K]]
            out[qid] = {"recall": recall_at_k(hits, q.relevance(), K), "rr": reciprocal_rank(hits, q.relevance(), K)}
    return out


def _summary(scores: dict[str, dict[str, float | None]], ids: Sequence[str] | None = None) -> tuple[float, float]:
    keep = [scores[i] for i in (ids if ids is not None else scores) if scores[i]["recall"] is not None]
    return (100 * (mean([s["recall"] for s in keep]) or 0.0), mean([s["rr"] for s in keep]) or 0.0)


def _setup(backend: str, work: Path) -> tuple[Settings, Database]:
    for layer in ("peps", "rfc"):
        shutil.copytree(CORPORA / layer, work / layer)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "QUERY_REWRITE_", "ANTHROPIC_"))}
    env.update({"EMBEDDING_BACKEND": backend, "RERANKING_ENABLED": "false", "LEARNING_ENABLED": "true"})
    if not env.get("DATABASE_URL"):
        env["STRATA_DATA_DIR"] = str(work / "data")
    settings = Settings.from_env(env)
    db = Database(settings)
    for layer in ("peps", "rfc"):
        result = add_folder(db, settings, AddOptions(folder=work / layer, name=layer))
        if result.errors:
            raise SystemExit(f"ingest of {layer} failed: {result.errors[:3]}")
    return settings, db


def _rewriting_settings(settings: Settings, url: str) -> Settings:
    return replace(settings, query_rewrite_provider="openai_compatible", query_rewrite_base_url=url + "/v1",
                   query_rewrite_model="scripted", query_rewrite_api_key=None)


def _expected_terms(q: Question) -> str:
    return json.dumps([e.quote or e.section or "" for e in q.expected][:3] or [q.question])


async def bench_rewriting(settings: Settings, conn: Any, golden: Any, latency_n: int) -> dict[str, Any]:
    questions = [(q.id, q) for q in golden.questions]
    off = await _score(settings, conn, questions, golden.layers)
    with rewrite_server() as server:
        server.script = [Scripted(text=_expected_terms(q)) for _, q in questions]
        on = await _score(_rewriting_settings(settings, server.url), conn, questions, golden.layers)
        calls = len(server.requests)
    timed = [q for _, q in questions if q.answerable][:latency_n]
    times: dict[str, list[float]] = {}
    with rewrite_server() as server:
        server.default = Scripted(text='["a rewritten query", "another rewritten query"]', delay=0.3)
        for label, s in (("off", settings), ("on", _rewriting_settings(settings, server.url))):
            async with Client(create_server(replace(s, learning_enabled=False))) as client:
                await client.call_tool("strata_ask", {"question": "warm up", "layers": list(golden.layers)})
                times[label] = []
                for q in timed:
                    t = time.perf_counter()
                    _body(await client.call_tool("strata_ask", {"question": q.question, "layers": list(golden.layers)}))
                    times[label].append((time.perf_counter() - t) * 1000)
    added = statistics.median(times["on"]) - statistics.median(times["off"])
    return {"off": _summary(off), "on": _summary(on), "model_calls": calls,
            "ask_ms_off": statistics.median(times["off"]), "ask_ms_on": statistics.median(times["on"]),
            "added_ms": added, "provider_ms": 300.0, "asks_timed": len(timed)}


def _heldout(golden: Any, log: dict[str, Any]) -> list[tuple[str, Question]]:
    by_id = {q.id: q for q in golden.questions}
    out = []
    for entry in log["entries"]:
        base = by_id[entry["golden_id"]]
        for i, text in enumerate(entry["heldout"]):
            out.append((f"{base.id}#h{i}", replace(base, question=text)))
    return out


async def replay_session_log(settings: Settings, log: dict[str, Any]) -> dict[str, int]:
    """Each session asks the first wording, then the rewording, and rates the rewording helpful."""
    asked = 0
    async with Client(create_server(settings)) as one, Client(create_server(settings)) as two:
        for session in (one, two):
            for entry in log["entries"] * int(log.get("rounds", 1)):
                for pair in entry["session"]:
                    layers = entry.get("layers")
                    args = {"question": pair["asked"]} | ({"layers": layers} if layers else {})
                    await session.call_tool("strata_ask", args)
                    again = _body(await session.call_tool("strata_ask", args | {"question": pair["reworded"]}))
                    await session.call_tool("strata_feedback", {"interaction_id": again["interaction_id"],
                                                                "helpful": True})
                    asked += 2
    return {"interactions": asked}


async def bench_learning(settings: Settings, db: Database, conn: Any, golden: Any, reset_layer: str) -> dict[str, Any]:
    log = yaml.safe_load(REPHRASINGS.read_text(encoding="utf-8"))
    missed = [e["golden_id"] for e in log["entries"]]
    heldout = _heldout(golden, log)
    everything = [(q.id, q) for q in golden.questions]
    rows: dict[str, Any] = {}
    rows["before"] = (await _score(settings, conn, heldout, golden.layers),
                      await _score(settings, conn, everything, golden.layers))
    replay = await replay_session_log(settings, log)
    promoted_in_server = conn.execute("SELECT count(*) FROM events WHERE type = 'learning_promoted'").fetchone()[0]
    conn.commit()
    result = run_promoter(conn, actor="bench")  # what the learned_rewrites asset does for the remainder
    rows["after learning"] = (await _score(settings, conn, heldout, golden.layers),
                              await _score(settings, conn, everything, golden.layers))
    async with Client(create_server(settings)) as admin:
        stats = _body(await admin.call_tool("strata_learning_stats", {}))
        _body(await admin.call_tool("strata_reset_learning", {"layer": reset_layer}))
    rows[f"after reset ({reset_layer})"] = (await _score(settings, conn, heldout, golden.layers),
                                            await _score(settings, conn, everything, golden.layers))
    run_promoter(conn, actor="bench")  # a layer reset keeps the history: the next run learns it again
    rows["after the next promoter run"] = (await _score(settings, conn, heldout, golden.layers),
                                           await _score(settings, conn, everything, golden.layers))
    return {"rows": rows, "missed": missed, "replay": replay, "promoted_in_server": promoted_in_server,
            "final_promotion": result.as_dict(), "learned": stats["counts"],
            "synonyms": [(s["term"], s["synonym"], s["layer"]) for s in stats["synonyms"]]}


def _print_learning(out: dict[str, Any], golden: Any) -> None:
    rest = [q.id for q in golden.questions if q.id not in out["missed"]]
    print(f"Session log: {out['replay']['interactions']} interactions by 2 MCP sessions; promoter runs in the "
          f"server: {out['promoted_in_server']}; learned: {out['learned']}")
    print("Synonyms learned: " + ", ".join(f"{t} -> {s} [{ly or 'any'}]" for t, s, ly in out["synonyms"]))
    print(f"\n{'':28}{'held-out R@10':>14}{'MRR':>7}{'golden R@10':>13}{'MRR':>7}{'rest R@10':>11}{'MRR':>7}")
    base_rest = None
    for label, (held, gold) in out["rows"].items():
        h, g, r = _summary(held), _summary(gold), _summary(gold, rest)
        base_rest = base_rest or r
        print(f"{label:28}{h[0]:14.1f}{h[1]:7.3f}{g[0]:13.1f}{g[1]:7.3f}{r[0]:11.1f}{r[1]:7.3f}")
    before, after = out["rows"]["before"][1], list(out["rows"].values())[1][1]
    worse = [i for i in rest if (after[i]["recall"] or 0) < (before[i]["recall"] or 0)]
    print(f"(rest = the {len(rest)} golden questions not in the session log; questions whose recall dropped after "
          f"learning: {worse or 'none'})")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="hash", help="EMBEDDING_BACKEND (default hash: fast, deterministic)")
    p.add_argument("--reset-layer", default="peps")
    p.add_argument("--latency-asks", type=int, default=20)
    p.add_argument("--skip-rewriting", action="store_true")
    args = p.parse_args(argv)
    golden = load_golden(GOLDEN)
    with tempfile.TemporaryDirectory(prefix="stratakb-bench-learning-") as tmp:
        settings, db = _setup(args.backend, Path(tmp))
        with db.connection() as conn:
            print(f"backend {args.backend}, model {settings.embedding_model}, reranking off, "
                  f"{len(golden.questions)} golden questions\n")
            if not args.skip_rewriting:
                rw = asyncio.run(bench_rewriting(settings, conn, golden, args.latency_asks))
                print(f"Rewriting (scripted provider returning the expected terms, {rw['model_calls']} calls): "
                      f"golden R@10 off {rw['off'][0]:.1f} (MRR {rw['off'][1]:.3f}) -> on {rw['on'][0]:.1f} "
                      f"(MRR {rw['on'][1]:.3f})")
                print(f"Latency (provider answering in 300 ms, median of {rw['asks_timed']} asks): "
                      f"{rw['ask_ms_off']:.0f} ms -> {rw['ask_ms_on']:.0f} ms, added {rw['added_ms']:.0f} ms = "
                      f"{rw['added_ms'] / 300:.2f}x the provider's 300 ms (target <= 1.2x)\n")
            out = asyncio.run(bench_learning(settings, db, conn, golden, args.reset_layer))
            _print_learning(out, golden)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
