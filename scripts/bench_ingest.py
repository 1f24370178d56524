"""Ingest benchmark (not a test): PEPs + RFCs with the real model, against embedding alone.

Prints files/s, chunks/s, the wall time of the whole `add` against the time to embed the same
chunk texts alone (measured in the same run, same model instance, same batch size), the wall
time of a second `add` with nothing changed (in process, and as a fresh `stratakb add`
process), and a run after editing one section of one file (how many chunks were embedded).

    python scripts/bench_ingest.py [--corpora ../shared/corpora] [--json]
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.ingest.chunking import chunk_document, embedding_text  # noqa: E402
from stratakb_core.ingest.parsing import parser_for  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402
from stratakb_core.values import ChunkConfig  # noqa: E402


def machine() -> str:
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError, AttributeError):
        mem = float("nan")
    return f"{os.cpu_count()} cores, {mem:.0f} GiB, {platform.machine()}, Python {platform.python_version()}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="stratakb-bench-"))
    # Registered before the embedded server starts, so it runs after the server has stopped.
    atexit.register(shutil.rmtree, work, True)
    folders = []
    for name in ("peps", "rfc"):
        src = args.corpora / name
        if not src.is_dir():
            print(f"missing corpus folder: {src}", file=sys.stderr)
            return 2
        dst = work / name
        shutil.copytree(src, dst)
        folders.append(dst)
    env = {**os.environ, "STRATA_DATA_DIR": str(work / "data")}
    env.pop("DATABASE_URL", None)
    settings = Settings.from_env(env)
    db = Database(settings)
    embedder = build_embedder(settings)
    out: dict = {"machine": machine(), "model": embedder.name}

    t = time.perf_counter()
    embedder.embed(["warm up"])
    out["model_load_s"] = time.perf_counter() - t
    db.connect().close()  # start the embedded server and migrate, outside the timings

    # The chunk texts the ingest will embed, computed up front (outside every timing) the way the
    # ingest does: parse, structure map, chunk, and the [layer > file > headings] prefix.
    from stratakb_core.ingest.structure import apply_structure

    texts: list[str] = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            rel = path.relative_to(folder).as_posix()
            parser = parser_for(rel)
            if parser is None or not path.is_file():
                continue
            doc = apply_structure(parser.parse(path.read_bytes(), rel), ())
            for c in chunk_document(doc, ChunkConfig()):
                texts.append(embedding_text(c, folder.name, rel))
    unique = list(dict.fromkeys(texts))

    def embed_only() -> float:
        t = time.perf_counter()
        for i in range(0, len(unique), 256):  # the groups the ingest embeds, in the same order
            embedder.embed(unique[i : i + 256])
        return time.perf_counter() - t

    # Embedding alone before and after the ingest, so a change in the machine's load during the
    # run shows up as a spread instead of biasing the ratio.
    embed_before = embed_only()

    # 1. Fresh ingest.
    t = time.perf_counter()
    results = [add_folder(db, settings, AddOptions(folder=f), embedder=embedder) for f in folders]
    add_s = time.perf_counter() - t
    files = sum(r.files_added for r in results)
    chunks = sum(r.chunks_stored for r in results)
    embedded = sum(r.chunks_embedded for r in results)
    out.update(add_s=add_s, files=files, chunks=chunks, chunks_embedded=embedded,
               files_per_s=files / add_s, chunks_per_s=chunks / add_s,
               errors=[e.as_dict() for r in results for e in r.errors])

    # 2. The same chunk texts, embedded alone, again.
    embed_after = embed_only()
    embed_s = (embed_before + embed_after) / 2
    out.update(embed_only_s=embed_s, embed_only_before_s=embed_before, embed_only_after_s=embed_after,
               embed_only_texts=len(unique), add_over_embed=add_s / embed_s)

    # 3. No change.
    t = time.perf_counter()
    again = [add_folder(db, settings, AddOptions(folder=f), embedder=embedder) for f in folders]
    out["nochange_in_process_s"] = time.perf_counter() - t
    out["nochange_embedded"] = sum(r.chunks_embedded for r in again)
    cli = [sys.executable, "-m", "stratakb_core.cli", "add"]
    times = []
    for _ in range(3):
        t = time.perf_counter()
        for f in folders:
            p = subprocess.run([*cli, str(f), "--json"], env=env, capture_output=True, text=True)
            if p.returncode != 0:
                print(p.stderr, file=sys.stderr)
        times.append(time.perf_counter() - t)
    out["nochange_cli_s"] = sorted(times)[1]

    # 4. Edit one section of one file.
    pep8 = folders[0] / "pep-0008.rst"
    text = pep8.read_text(encoding="utf-8")
    needle = "Limit all lines to a maximum of 79 characters."
    assert needle in text, "pep-0008.rst changed upstream; pick another sentence"
    pep8.write_text(text.replace(needle, "Limit all lines to a maximum of 80 characters."), encoding="utf-8")
    doc = apply_structure(parser_for("pep-0008.rst").parse(pep8.read_bytes(), "pep-0008.rst"), ())
    section_chunks = [c for c in chunk_document(doc, ChunkConfig()) if "80 characters" in c.text]
    t = time.perf_counter()
    edit = add_folder(db, settings, AddOptions(folder=folders[0]), embedder=embedder)
    out.update(edit_s=time.perf_counter() - t, edit_files_updated=edit.files_updated,
               edit_chunks_embedded=edit.chunks_embedded, edit_chunks_reused=edit.chunks_reused,
               edit_section_chunks=len(section_chunks))

    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"Machine: {out['machine']}; model {out['model']} (load {out['model_load_s']:.1f} s)")
        print(f"Fresh ingest: {files} files, {chunks} chunks in {add_s:.1f} s "
              f"({files / add_s:.2f} files/s, {chunks / add_s:.2f} chunks/s); errors: {len(out['errors'])}")
        print(f"Embedding the same {len(unique)} texts alone: {embed_s:.1f} s (mean of {embed_before:.1f} s "
              f"before and {embed_after:.1f} s after); add / embed-only = {add_s / embed_s:.3f} (target <= 1.15)")
        print(f"No-change sync of both folders: {out['nochange_in_process_s']:.3f} s in process, "
              f"{out['nochange_cli_s']:.2f} s as two `stratakb add` processes (median of 3); "
              f"{out['nochange_embedded']} chunks embedded (target < 1.5 s)")
        print(f"Edit of one section (pep-0008.rst): {edit.files_updated} file updated, "
              f"{edit.chunks_embedded} chunks embedded, {edit.chunks_reused} reused; the edited "
              f"text sits in {len(section_chunks)} chunk(s); {out['edit_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
