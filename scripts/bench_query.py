"""Query latency and scale benchmark (not a test): strata_search and strata_ask p50/p95 as the store grows
(up to 1M chunks), with the load and HNSW build times, index sizes, PostgreSQL's memory and the recall@10
of the HNSW index against exact search.

The store starts from the real PEPs and RFCs (../shared/corpora), ingested with all-MiniLM-L6-v2.
It is then scaled up with synthetic chunks: each copies the text of a real chunk with its words
shuffled, and a vector made from that chunk's real vector plus Gaussian noise (sigma 0.05,
normalised), so the HNSW graph and the full-text index see realistic sizes and distributions.
They are loaded with COPY and indexed after the load, as a large first ingest does.
Queries are embedded by the real model each time (the search cache is off).

At each size it also reports: the seconds to COPY-load the synthetic chunks and to build the HNSW
index after the load; the size of the vector table, its HNSW index and the full-text (GIN) index;
the memory of the PostgreSQL server (shared_buffers, and the proportional set size, PSS, of all its
processes, so shared memory is counted once); and the recall@10 of the vector arm's own statement
(HNSW, iterative scan) against an exact scan, for a few ef_search values, on the benchmark's
questions with no layer filter and with a selective one (the real `peps` layer only).

    python scripts/bench_query.py [--sizes 10000 100000 1000000] [--queries 40] [--json]
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.query import (  # noqa: E402
    AskConfig,
    CrossEncoderReranker,
    Engine,
    SearchCache,
    ask_tool,
    search_tool,
    title_key,
)
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store import events as ev  # noqa: E402
from stratakb_core.store import lexeme_df, projector, readers, search_sql  # noqa: E402
from stratakb_core.store import vectors as vector_tables  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402

QUESTIONS = [
    "How long should a line of Python code be?", "How should I name constants?",
    "What does the WebSocket opening handshake look like?", "How is a WebSocket frame masked?",
    "What is the Sec-WebSocket-Accept header for?", "How does a client close a WebSocket connection?",
    "What is the maximum size of an IPv6 extension header?", "How are IPv6 fragments reassembled?",
    "What does the routing header contain?", "What is the hop limit field?",
    "How does TCP slow start work?", "What is the congestion window after a timeout?",
    "How do I format a timestamp in RFC 3339?", "Are leap seconds allowed in timestamps?",
    "What does MUST NOT mean in an RFC?", "What is the difference between SHOULD and MAY?",
    "How is an email address header formatted?", "Which header fields are required in a message?",
    "How does an OAuth client get an access token?", "What is a refresh token?",
    "What is the authorization code grant?", "How are redirect URIs validated?",
    "How do I write a docstring for a function?", "What goes in the first line of a docstring?",
    "What is the Zen of Python?", "How do type hints work for generics?", "What is a Protocol class?",
    "How are version numbers compared?", "What is a pre-release version?",
    "How does the with statement call __exit__?", "What is an assignment expression?",
    "How do f-strings evaluate expressions?", "What is a virtual environment?",
    "What does PYTHONPATH do in a virtual environment?", "How does a build backend build a wheel?",
    "What is pyproject.toml used for?", "How do match statements work?", "What is structural pattern matching?",
    "How do I annotate a variable?", "What is the GIL and can it be disabled?",
]


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def scale_to(conn, target: int, rng: random.Random) -> dict:
    """Add synthetic chunks until the store holds `target` chunks; returns what it took."""
    have = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    need = target - have
    if need <= 0:
        return {"added": 0}
    t_load = time.perf_counter()
    model = vector_tables.active_model(conn)
    real = conn.execute(
        f"SELECT c.text, e.embedding FROM chunks c JOIN {model.table} e ON e.text_hash = c.embed_hash "
        "WHERE c.layer <> 'synthetic'").fetchall()
    conn.commit()
    if readers.get_layer(conn, "synthetic") is None:
        projector.commit_events(conn, [ev.Event("layer_created", "synthetic", {
            "display_name": "synthetic", "description": "benchmark filler", "origin": {"kind": "bench"},
            "chunk_config": {"chunk_size": 800, "chunk_overlap": 100}})])
        sid = readers.allocate_ids(conn, "sources_id_seq", 1)[0]
        conn.commit()
        projector.commit_events(conn, [ev.Event("source_added", "synthetic", {
            "source_id": sid, "root": f"/synthetic/{sid}", "name": "synthetic"})])
    sid = conn.execute("SELECT id FROM sources WHERE layer = 'synthetic'").fetchone()[0]
    conn.execute(f"DROP INDEX IF EXISTS {model.table}_hnsw")
    conn.commit()
    per_doc = 100
    added = 0
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    while added < need:
        n = min(per_doc, need - added)
        picks = [rng.choice(real) for _ in range(n)]
        texts = []
        for text, _ in picks:
            words = text.split()
            rng.shuffle(words)
            texts.append(" ".join(words))
        body = "\n\n".join(texts)
        vid = hashlib.sha256(body.encode()).hexdigest()
        doc_id = readers.allocate_ids(conn, "documents_id_seq", 1)[0]
        conn.execute("INSERT INTO document_versions (id, text, kind, first_line) VALUES (%s, %s, 'text', 1)"
                     " ON CONFLICT DO NOTHING", (vid, body))
        conn.execute("INSERT INTO documents (id, layer, source_id, path, version_id, content_hash, updated_seq,"
                     " size, mtime_ns) VALUES (%s, 'synthetic', %s, %s, %s, %s, 0, 0, 0)",
                     (doc_id, sid, f"synthetic/{doc_id}.txt", vid, vid))
        offset = 0
        rows, vecs = [], []
        base = np.stack([np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)
                         for _, v in picks])  # pgvector's Vector, not an array
        noisy = base + nrng.normal(0, 0.05, base.shape).astype(np.float32)
        noisy /= np.linalg.norm(noisy, axis=1, keepdims=True)
        for i, (v, text) in enumerate(zip(noisy, texts, strict=True)):
            h = hashlib.sha256(f"{doc_id}:{i}".encode()).digest()
            rows.append((f"syn{doc_id}_{i}", doc_id, "synthetic", vid, i, offset, offset + len(text), i + 1, i + 1,
                         h, text))
            vecs.append((h, v))
            offset += len(text) + 2
        with conn.cursor() as cur:
            with cur.copy("COPY chunks (id, document_id, layer, version_id, ordinal, start_char, end_char,"
                          " line_start, line_end, embed_hash, text) FROM STDIN") as cp:
                for r in rows:
                    cp.write_row(r)
        vector_tables.put_embeddings(conn, model.table, [h for h, _ in vecs], np.stack([v for _, v in vecs]))
        conn.commit()
        added += n
    lexeme_df.rebuild(conn, ["synthetic"])  # the keyword arm's counts, as the projector keeps them
    conn.commit()
    load_s = time.perf_counter() - t_load
    t = time.perf_counter()
    conn.execute("SET maintenance_work_mem = '6GB'")  # the 1M graph (~2 GB) must fit, or the build goes to disk
    conn.execute(vector_tables.hnsw_index_sql(model.table, if_not_exists=False, rows=target))
    build_s = time.perf_counter() - t
    conn.commit()
    # What autovacuum does after a bulk insert (scan the new rows, set the visibility map, ANALYZE),
    # done here so it does not run during the timed searches: in the 2026-12-02 08:30 run it did,
    # and strata_search's p50 at 1M carried ~20 ms of its I/O (the hybrid statement, timed later,
    # did not). The searches are timed on a settled store, as a store is between its syncs.
    t = time.perf_counter()
    conn.autocommit = True
    conn.execute("VACUUM (ANALYZE)")
    conn.autocommit = False
    vacuum_s = time.perf_counter() - t
    print(f"  loaded {added:,} synthetic chunks in {load_s:.0f} s; HNSW index built in {build_s:.0f} s",
          file=sys.stderr)
    return {"added": added, "load_s": round(load_s, 1), "hnsw_build_s": round(build_s, 1),
            "vacuum_analyze_s": round(vacuum_s, 1), "ef_construction": vector_tables.ef_construction_for(target)}


def sizes_mb(conn) -> dict:
    """On-disk sizes (MB) of the vector table, its HNSW index, the chunks table and its indexes."""
    table = vector_tables.active_model(conn).table
    row = conn.execute(
        "SELECT pg_table_size(%s), pg_relation_size(%s),"
        " pg_table_size('chunks'), pg_indexes_size('chunks'), pg_database_size(current_database())",
        (table, f"{table}_hnsw")).fetchone()
    gin = conn.execute(
        "SELECT coalesce(sum(pg_relation_size(i.indexrelid)), 0)::bigint FROM pg_index i JOIN pg_class c"
        " ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = 'chunks'::regclass"
        " AND a.amname = 'gin'").fetchone()[0]
    conn.commit()
    mb = 1024 * 1024
    return {"vector_table_mb": round(row[0] / mb, 1), "hnsw_index_mb": round(row[1] / mb, 1),
            "chunks_table_mb": round(row[2] / mb, 1), "chunks_indexes_mb": round(row[3] / mb, 1),
            "fulltext_gin_mb": round(gin / mb, 1), "database_mb": round(row[4] / mb, 1)}


def _proc_kb(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def server_memory(conn) -> dict:
    """PostgreSQL's memory: shared_buffers, and the PSS / RSS summed over the server's processes
    (the postmaster named in postmaster.pid and its children; Linux only)."""
    shared = conn.execute("SELECT setting::bigint * 8192 FROM pg_settings WHERE name = 'shared_buffers'").fetchone()[0]
    data_dir = conn.execute("SHOW data_directory").fetchone()[0]
    conn.commit()
    out = {"shared_buffers_mb": round(shared / 2**20, 1)}
    try:
        master = int(Path(data_dir, "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return out  # an external server: its memory is not ours to read
    pids = [master]
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == master:
            pids.append(int(stat_file.parent.name))
    out["server_pss_mb"] = round(sum(_proc_kb(p, "Pss") for p in pids) / 1024, 1)
    out["server_rss_mb"] = round(sum(_proc_kb(p, "Rss") for p in pids) / 1024, 1)
    out["server_processes"] = len(pids)
    return out


def _nearest(conn, table: str, q: np.ndarray, k: int, layers: list[str] | None, *, exact: bool,
             ef_search: int = 100) -> list[bytes]:
    """The vector arm's own statement (search._vector_arm); exact turns every index off."""
    if exact:
        conn.execute("SET LOCAL enable_indexscan = off")
        conn.execute("SET LOCAL enable_bitmapscan = off")
    else:
        conn.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        conn.execute(f"SET LOCAL hnsw.ef_search = {int(ef_search)}")
    cond, params = "", {"q": q, "k": k}
    if layers is not None:
        cond, params["layers"] = " AND c.layer = ANY(%(layers)s)", layers
    rows = conn.execute(
        f"WITH r AS MATERIALIZED (SELECT e.text_hash, e.embedding <=> %(q)s AS d FROM {table} e"
        f" WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.embed_hash = e.text_hash{cond})"
        " ORDER BY e.embedding <=> %(q)s LIMIT %(k)s) SELECT text_hash FROM r ORDER BY d", params).fetchall()
    conn.commit()
    return [bytes(r[0]) for r in rows]


def recall_at_10(conn, embedder, questions: list[str], ef_values: tuple[int, ...] = (40, 100, 200, 400, 1000)) -> dict:
    """recall@10 of HNSW (iterative scan) against an exact scan, unfiltered and filtered to `peps`."""
    from pgvector.psycopg import register_vector

    register_vector(conn)
    table = vector_tables.active_model(conn).table
    qs = [np.asarray(embedder.embed_query(q), dtype=np.float32) for q in questions]
    out: dict = {"queries": len(qs)}
    for label, layers in (("all_layers", None), ("peps_only", ["peps"])):
        t = time.perf_counter()
        truth = [set(_nearest(conn, table, q, 10, layers, exact=True)) for q in qs]
        exact_ms = (time.perf_counter() - t) * 1000 / len(qs)
        row: dict = {"exact_ms_per_query": round(exact_ms, 1)}
        for ef in ef_values:
            t = time.perf_counter()
            hits = [len(truth_q & set(_nearest(conn, table, q, 10, layers, exact=False, ef_search=ef)))
                    / max(1, len(truth_q)) for q, truth_q in zip(qs, truth, strict=True)]
            row[f"ef_search={ef}"] = {"recall@10": round(sum(hits) / len(hits), 4),
                                      "ms_per_query": round((time.perf_counter() - t) * 1000 / len(qs), 1)}
        out[label] = row
    return out


def recall_questions(n: int) -> list[str]:
    """The recall sample: the 40 timed questions, then the golden sets' questions in file order
    (distinct texts; recall compares HNSW with an exact scan, so no answer key is read)."""
    out = list(dict.fromkeys(QUESTIONS))
    for name in ("peps_rfc.yaml", "users_v2.yaml"):
        data = yaml.safe_load((REPO / "eval" / "golden" / name).read_text(encoding="utf-8"))
        for q in data.get("questions", []):
            if isinstance(q, dict) and isinstance(q.get("question"), str) and q["question"] not in out:
                out.append(q["question"])
    return out[:n]


class CountingCursor:
    """A cursor class that counts the statements a connection sends (BEGIN/COMMIT are not counted)."""

    count = 0


def statements_per_search(db: Database, engine: Engine, question: str) -> dict:
    """Statements one hybrid search sends (SearchCache + hybrid_search), and one strata_search call
    (validation, the exact-clause lookup, absent terms, recording the interaction...)."""
    import psycopg

    class Counting(psycopg.Cursor):
        def execute(self, *args, **kwargs):
            CountingCursor.count += 1
            return super().execute(*args, **kwargs)

    conn = db.connect()
    try:
        conn.cursor_factory = Counting
        search_tool(engine, conn, question, top_k=5)  # warm: the per-connection settings
        CountingCursor.count = 0
        engine.cache.search(conn, engine.embedder, question, layers=None, top_k=5, keyword_slots=1)
        hybrid = CountingCursor.count
        CountingCursor.count = 0
        search_tool(engine, conn, question, top_k=5)
        return {"hybrid_search": hybrid, "strata_search": CountingCursor.count}
    finally:
        conn.close()


def hybrid_statement_ms(conn, embedder, questions: list[str]) -> list[float]:
    """The hybrid statement alone (both arms, titles, candidates), on an embedded query."""
    table = vector_tables.active_model(conn).table
    conn.commit()
    times = []
    for q in questions:
        v = np.asarray(embedder.embed_query(q), dtype=np.float32)
        t = time.perf_counter()
        search_sql.hybrid_candidates(conn, table, q, v, k=40, layers=None, metadata_filter=None, vector=True,
                                     keyword=True, title_key=title_key(q))
        conn.commit()
        times.append((time.perf_counter() - t) * 1000)
    return times


def measure(conn, engine: Engine, questions: list[str], fn: str) -> list[float]:
    times = []
    for q in questions:
        t = time.perf_counter()
        if fn == "search":
            search_tool(engine, conn, q, top_k=5)
        else:
            ask_tool(engine, conn, q, top_k=10)
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--recall-queries", type=int, default=120,
                    help="questions in the recall@10 sample (the 40 timed ones, then the golden sets')")
    ap.add_argument("--no-recall", action="store_true", help="skip the recall@10 measure (exact scans)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="stratakb-bench-q-"))
    atexit.register(shutil.rmtree, work, True)
    env = {**os.environ, "STRATA_DATA_DIR": str(work / "data")}
    env.pop("DATABASE_URL", None)
    settings = Settings.from_env(env)
    db = Database(settings)
    embedder = build_embedder(settings)
    t = time.perf_counter()
    for name in ("peps", "rfc"):
        shutil.copytree(args.corpora / name, work / name)
        add_folder(db, settings, AddOptions(folder=work / name), embedder=embedder)
    print(f"ingested peps + rfc in {time.perf_counter() - t:.0f} s", file=sys.stderr)
    ce_dir = work / "cross-encoder"
    from tests.helpers.cross_encoder import build_cross_encoder

    build_cross_encoder(ce_dir, size="minilm")
    questions = (QUESTIONS * 10)[: args.queries]
    rng = random.Random(7)
    report: dict = {"machine": f"{os.cpu_count()} cores", "sizes": {}}
    conn = db.connect()
    for size in args.sizes:
        build = scale_to(conn, size, rng)
        n = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
        conn.commit()
        plain = Engine(embedder, AskConfig(reranking_enabled=False, learning_enabled=False))
        plain.cache = SearchCache(size=0)
        reranked = Engine(embedder, AskConfig(reranking_enabled=True, learning_enabled=False),
                          CrossEncoderReranker(str(ce_dir)))
        reranked.cache = SearchCache(size=0)
        measure(conn, plain, questions, "search")  # warm: one pass (at 1M the first one reads the graph in)
        ask_tool(reranked, conn, questions[0])
        row = {}
        for label, engine, fn in (("strata_search", plain, "search"), ("strata_ask (no rerank)", plain, "ask"),
                                  ("strata_ask (rerank 20)", reranked, "ask")):
            ms = measure(conn, engine, questions, fn)
            row[label] = {"p50_ms": round(statistics.median(ms), 1), "p95_ms": round(pct(ms, 0.95), 1)}
        t = time.perf_counter()
        for q in questions:
            embedder.embed_query(q)
        row["query_embedding_ms"] = round((time.perf_counter() - t) * 1000 / len(questions), 1)
        hs = hybrid_statement_ms(conn, embedder, questions)
        row["hybrid_statement_ms"] = {"p50_ms": round(statistics.median(hs), 1), "p95_ms": round(pct(hs, 0.95), 1)}
        row["strata_search_p50_over_embedding_plus_statement"] = round(
            row["strata_search"]["p50_ms"] / (row["query_embedding_ms"] + row["hybrid_statement_ms"]["p50_ms"]), 2)
        row["statements_per_search"] = statements_per_search(db, plain, questions[1])
        row["build"] = build
        row["sizes_mb"] = sizes_mb(conn)
        row["memory"] = server_memory(conn)
        row["product_ef_search"] = search_sql.ef_search_for(n)  # what strata_search ran with above
        if not args.no_recall:
            efs = tuple(sorted({40, 100, 200, 400, 1000, row["product_ef_search"]}))
            row["recall"] = recall_at_10(conn, embedder, recall_questions(args.recall_queries), efs)
        report["sizes"][n] = row
        print(f"{n:,} chunks: {json.dumps(row)}", file=sys.stderr)
    conn.close()
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for n, row in report["sizes"].items():
            print(f"\n{n:,} chunks (query embedding {row['query_embedding_ms']} ms each; hybrid statement "
                  f"{row['hybrid_statement_ms']}; strata_search p50 / (embedding + statement) "
                  f"{row['strata_search_p50_over_embedding_plus_statement']}; "
                  f"statements {row['statements_per_search']})")
            for label in ("strata_search", "strata_ask (no rerank)", "strata_ask (rerank 20)"):
                print(f"  {label:<24} p50 {row[label]['p50_ms']:>7} ms   p95 {row[label]['p95_ms']:>7} ms")
            print(f"  build {row['build']}; sizes (MB) {row['sizes_mb']}; memory {row['memory']}")
            if "recall" in row:
                print(f"  recall@10 {row['recall']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
