"""History benchmark (not a test): rollback, export and import of a layer against a fresh ingest.

For the PEPs and RFCs layers (the configured model, MiniLM by default) and a generated
10,000-file layer (EMBEDDING_BACKEND=hash, to keep it quick: its fresh ingest then costs parsing,
chunking and storing, not embedding), each in a fresh database of its own:

1. a fresh `add` of the folder (timed), then an edit of a tenth of its files and a second `add`;
2. a rollback to the point right after the first `add` (timed; chunks restored, 0 embedded);
3. an export (timed; file size against the layer's stored text plus its vectors);
4. an import into another empty database (timed), then an `add` of the same folder (files unchanged).

    python scripts/bench_history.py [--corpora ../shared/corpora] [--files 10000] [--json]
                                    [--only peps,rfc,notes10k] [--notes-model]

--notes-model runs the 10,000-file layer with the configured model too (MiniLM by default: its
fresh ingest is then what a user's is, embedding included; ~20 minutes on 2 cores) instead of the
hash embedder, whose fresh ingest is only the parsing and storing an import also does.

Targets (issue 14): rollback and import <= 5% of a fresh ingest, export size <= 1.5x text + vectors.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import psycopg  # noqa: E402

from stratakb_core.ingest.layer_transfer import export_layer, import_layer  # noqa: E402
from stratakb_core.ingest.lifecycle import rollback_layer  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store import events as ev  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402


def new_database(base_uri: str, settings: Settings) -> Settings:
    name = "bench_" + uuid.uuid4().hex[:10]
    with psycopg.connect(base_uri, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    head, sep, query = base_uri.partition("?")
    return replace(settings, database_url=head.rsplit("/", 1)[0] + "/" + name + sep + query)


def generated(root: Path, n: int) -> Path:
    for i in range(n):
        d = root / f"part{i // 500:02d}"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"note-{i:05d}.md").write_text(
            f"# Note {i}\n\n## Scope\n\nThis note {i} covers service {i % 97} and its runbook step {i % 13}.\n\n"
            f"## Procedure\n\nRestart worker {i % 31}, check queue depth, page owner team-{i % 17} if it "
            f"exceeds {100 + i % 900} messages.\n", encoding="utf-8")
    return root


def layer_bytes(db: Database, layer: str) -> tuple[int, int]:
    with db.connection() as c:
        text = c.execute("SELECT coalesce(sum(octet_length(v.text)), 0) FROM document_versions v WHERE v.id IN"
                         " (SELECT version_id FROM documents WHERE layer = %s)", (layer,)).fetchone()[0]
        model = c.execute("SELECT table_name, dimensions FROM embedding_models WHERE active").fetchone()
        n = c.execute(f"SELECT count(*) FROM {model[0]} t WHERE EXISTS (SELECT 1 FROM chunks c WHERE c.layer = %s"
                      " AND c.embed_hash = t.text_hash)", (layer,)).fetchone()[0]
    return int(text), int(n) * (int(model[1]) * 4 + 32)


def run_case(name: str, folder: Path, settings: Settings, base_uri: str, work: Path) -> dict:
    src = new_database(base_uri, settings)
    db = Database(src)
    t = time.perf_counter()
    first = add_folder(db, src, AddOptions(folder=folder, name=name, yes=True))
    ingest_s = time.perf_counter() - t
    with db.connection() as c:
        point = ev.last_seq(c)
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    edited = files[:: max(1, len(files) // 10)]
    originals = {p: p.read_bytes() for p in edited}
    for p in edited:
        with p.open("a", encoding="utf-8") as fh:
            fh.write("\n\nAn added paragraph, so the layer has a history to roll back.\n")
    second = add_folder(db, src, AddOptions(folder=folder, name=name, yes=True))
    t = time.perf_counter()
    rb = rollback_layer(db, name, str(point))
    rollback_s = time.perf_counter() - t
    for p, data in originals.items():  # the folder back as it was at the rolled-back point
        p.write_bytes(data)
    bundle = work / f"{name}.skb"
    t = time.perf_counter()
    ex = export_layer(db, name, bundle)
    export_s = time.perf_counter() - t
    text_b, vec_b = layer_bytes(db, name)
    dst = new_database(base_uri, settings)
    t = time.perf_counter()
    im = import_layer(Database(dst), bundle)
    import_s = time.perf_counter() - t
    again = add_folder(Database(dst), dst, AddOptions(folder=folder, name=name, yes=True))
    return {
        "layer": name, "backend": settings.embedding_backend, "files": first.files_added,
        "chunks": first.chunks_stored, "fresh_ingest_s": round(ingest_s, 2),
        "edit_files_updated": second.files_updated,
        "rollback_s": round(rollback_s, 3), "rollback_pct_of_ingest": round(100 * rollback_s / ingest_s, 2),
        "rollback_chunks_restored": rb["chunks_restored"], "rollback_chunks_embedded": rb["chunks_embedded"],
        "export_s": round(export_s, 3), "export_bytes": ex["bytes"], "text_bytes": text_b, "vector_bytes": vec_b,
        "export_ratio": round(ex["bytes"] / max(1, text_b + vec_b), 3),
        "import_s": round(import_s, 3), "import_pct_of_ingest": round(100 * import_s / ingest_s, 2),
        "import_chunks_embedded": im["chunks_embedded"],
        "add_after_import": {"unchanged": again.files_unchanged, "updated": again.files_updated,
                             "chunks_embedded": again.chunks_embedded},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", default="peps,rfc,notes10k", help="comma-separated layers to run")
    ap.add_argument("--notes-model", action="store_true", help="the 10,000-file layer with the configured model")
    args = ap.parse_args()
    only = set(args.only.split(","))
    work = Path(tempfile.mkdtemp(prefix="stratakb-bench-history-"))
    try:
        base = Settings.from_env({**os.environ, "STRATA_DATA_DIR": str(work / "data")})
        uri = base.database_url or Database(base).uri()
        results = []
        for name in [n for n in ("peps", "rfc") if n in only]:
            folder = work / name
            shutil.copytree(args.corpora / name, folder)
            results.append(run_case(name, folder, base, uri, work))
        hashed = Settings.from_env({**os.environ, "STRATA_DATA_DIR": str(work / "data"), "EMBEDDING_BACKEND": "hash",
                                    "EMBEDDING_MODEL": ""})
        if "notes10k" in only:
            results.append(run_case("notes10k", generated(work / "notes10k", args.files),
                                    base if args.notes_model else hashed, uri, work))
        if args.json:
            print(json.dumps(results, indent=2))
            return
        for r in results:
            print(f"{r['layer']} ({r['backend']}): {r['files']} files, {r['chunks']} chunks; fresh ingest "
                  f"{r['fresh_ingest_s']} s")
            print(f"  rollback {r['rollback_s']} s ({r['rollback_pct_of_ingest']}% of ingest), "
                  f"{r['rollback_chunks_restored']} chunks restored, {r['rollback_chunks_embedded']} embedded")
            print(f"  export {r['export_s']} s, {r['export_bytes']} bytes = {r['export_ratio']}x text "
                  f"({r['text_bytes']}) + vectors ({r['vector_bytes']})")
            print(f"  import {r['import_s']} s ({r['import_pct_of_ingest']}% of ingest), "
                  f"{r['import_chunks_embedded']} embedded; add afterwards: {r['add_after_import']}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
