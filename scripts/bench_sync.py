"""No-change sync benchmark (not a test): `stratakb add` of a 10,000-file folder that is already stored.

Builds a folder of 10,000 files (the PEPs and RFCs cut into pieces of ~1,100 characters, spread
over 100 folders; 1 file in 50 is a file the add policy skips: code, a build file, a secret
name), ingests it once with EMBEDDING_BACKEND=hash (the vectors do not matter here: nothing is
embedded again), then times the sync that finds nothing changed:

  fresh process   `python -m stratakb_core.cli add FOLDER --json` as a new process (median of 5):
                  interpreter start, imports, the walk, the stored stat list, the plan, the
                  run_finished event
  in process      add_folder() in this process (median of 5)

and, in process, the parts: selection (the walk), the stored (size, mtime) list (one query), the
plan (policy and stat comparison); and the import time of the CLI's add path.

--compare DIR times the fresh process of another source tree too (say, a checkout of an older
commit: `git worktree add /tmp/before <commit>`), on the same folder and store, alternating run by
run with this tree's, so that a shared machine's load weighs on both alike.

    python scripts/bench_sync.py [--files 10000] [--corpora ../shared/corpora] [--compare DIR] [--json]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.ingest.selection import select_files  # noqa: E402
from stratakb_core.ingest.stages import plan_files  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store import readers  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402

PIECE_CHARS = 1100  # ~2.4 chunks a file, as the folder of issue 13 (24,092 chunks)
# Every 50th file is one the policy skips, by name or extension.
SKIPPED_NAMES = ("tool.py", "package.json", "db-credentials.yaml", "build.lock", "style.css")
EXTENSIONS = (".md", ".txt", ".rst")


def build_folder(root: Path, corpora: Path, files: int) -> dict[str, int]:
    """Write `files` files under root from the corpus texts; returns counts by kind."""
    texts = []
    for name in ("peps", "rfc"):
        for path in sorted((corpora / name).rglob("*")):
            if path.is_file() and path.suffix in (".rst", ".txt", ".md"):
                texts.append(path.read_text(encoding="utf-8", errors="replace"))
    pieces = [t[i : i + PIECE_CHARS] for t in texts for i in range(0, len(t), PIECE_CHARS)]
    pieces = [p for p in pieces if p.strip()]
    if not pieces:
        raise SystemExit(f"no .rst/.txt/.md text under {corpora}/peps or {corpora}/rfc (pass --corpora)")
    counts = {"documents": 0, "skipped_by_policy": 0}
    per_dir = 100
    for i in range(files):
        folder = root / f"area-{i // per_dir:03d}"
        if i % per_dir == 0:
            folder.mkdir(parents=True, exist_ok=True)
        body = pieces[i % len(pieces)]
        if i % 50 == 49:
            name = SKIPPED_NAMES[(i // 50) % len(SKIPPED_NAMES)]  # two per folder, never the same name
            counts["skipped_by_policy"] += 1
        else:
            # The index in the text keeps every document distinct (no two share a content hash).
            name, body = f"note-{i:05d}{EXTENSIONS[i % len(EXTENSIONS)]}", f"Note {i}.\n\n{body}"
            counts["documents"] += 1
        (folder / name).write_text(body, encoding="utf-8")
    return counts


def median_of(fn, runs: int) -> tuple[float, list[float]]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--compare", type=Path, help="another source tree whose fresh process is timed alongside")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="stratakb-bench-sync-"))
    atexit.register(shutil.rmtree, work, True)  # registered first: runs after the server stops
    folder = work / "notes"
    counts = build_folder(folder, args.corpora, args.files)
    env = {**os.environ, "STRATA_DATA_DIR": str(work / "data"), "EMBEDDING_BACKEND": "hash",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("DATABASE_URL", None)
    settings = Settings.from_env(env)
    db = Database(settings)
    embedder = build_embedder(settings)
    out: dict = {"files": args.files, **counts, "embedding_backend": "hash"}

    t = time.perf_counter()
    first = add_folder(db, settings, AddOptions(folder=folder, yes=True), embedder=embedder)
    out.update(first_ingest_s=round(time.perf_counter() - t, 1), chunks=first.chunks_stored,
               first_files_added=first.files_added, first_errors=len(first.errors))
    print(f"ingested {first.files_added} files, {first.chunks_stored} chunks in {out['first_ingest_s']} s",
          file=sys.stderr)

    def in_process() -> None:
        r = add_folder(db, settings, AddOptions(folder=folder), embedder=embedder)
        assert r.files_added == r.files_updated == r.files_removed == r.chunks_embedded == 0, r.counts()

    in_process()  # warm: the OS caches the folder's metadata, as for any second sync
    med, times = median_of(in_process, args.runs)
    out.update(in_process_s=round(med, 4), in_process_runs=[round(x, 4) for x in times])

    # The parts of the in-process figure.
    root = folder.resolve()
    out["selection_s"] = round(median_of(lambda: select_files(root), args.runs)[0], 4)
    conn = db.connect()
    try:
        source = next(s for s in readers.sources(conn) if s.root == str(root))
        out["stored_list_s"] = round(median_of(lambda: readers.documents_of_source(conn, source.id), args.runs)[0], 4)
        stored = readers.documents_of_source(conn, source.id)
        conn.commit()
    finally:
        conn.close()
    selection = select_files(root)
    out["plan_s"] = round(median_of(lambda: plan_files(selection, stored, max_file_size=10 << 20), args.runs)[0], 4)

    cli = [sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json"]

    def fresh(tree: Path = REPO) -> float:
        e = {**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")]))}
        t = time.perf_counter()
        p = subprocess.run(cli, env=e, capture_output=True, text=True, cwd=work)
        took = time.perf_counter() - t
        if p.returncode != 0:
            raise SystemExit(f"stratakb add failed ({p.returncode}): {p.stderr[-2000:]} {p.stdout[-2000:]}")
        counts = json.loads(p.stdout)
        assert counts["files_added"] == counts["files_updated"] == counts["chunks_embedded"] == 0, counts
        return took

    trees = [REPO] + ([args.compare.resolve()] if args.compare else [])
    for tree in trees:
        fresh(tree)  # warm the OS's file cache for the interpreter and the packages
    times_by_tree: dict[Path, list[float]] = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            times_by_tree[tree].append(fresh(tree))
    times = times_by_tree[REPO]
    out.update(fresh_process_s=round(statistics.median(times), 3), fresh_process_runs=[round(x, 3) for x in times])
    if args.compare:
        before = times_by_tree[args.compare.resolve()]
        out.update(compare_tree=str(args.compare), compare_fresh_process_s=round(statistics.median(before), 3),
                   compare_fresh_process_runs=[round(x, 3) for x in before])
    imp = [sys.executable, "-c", "import stratakb_core.cli.main, stratakb_core.cli.ingest_commands"]
    out["cli_import_s"] = round(median_of(lambda: subprocess.run(imp, env=env, check=True), args.runs)[0], 3)
    bare = [sys.executable, "-c", "pass"]
    out["python_start_s"] = round(median_of(lambda: subprocess.run(bare, env=env, check=True), args.runs)[0], 3)

    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{args.files} files ({counts['documents']} documents, {out['chunks']} chunks; "
              f"{counts['skipped_by_policy']} skipped by the policy), first ingest {out['first_ingest_s']} s")
        print(f"No-change sync, fresh `stratakb add` process: {out['fresh_process_s']:.3f} s "
              f"(median of {args.runs}; target <= 1.0 s)")
        if args.compare:
            print(f"  the same with {args.compare}: {out['compare_fresh_process_s']:.3f} s (alternated run by run)")
        print(f"No-change sync, in process: {out['in_process_s']:.3f} s (median of {args.runs}; target <= 0.3 s)")
        print(f"  selection (walk) {out['selection_s']:.3f} s, stored (size, mtime) list {out['stored_list_s']:.3f} s,"
              f" plan {out['plan_s']:.3f} s")
        print(f"  Python start {out['python_start_s']:.3f} s; importing the CLI's add path {out['cli_import_s']:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
