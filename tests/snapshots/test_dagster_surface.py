"""The Dagster code location (`pipelines.definitions`, loaded by workspace.yaml): assets and their
dependencies, partitions, jobs, schedules, sensors and resources; and the stage outputs of one
materialized partition: the Parquet files under $DAGSTER_HOME/storage/<asset>/<layer>.parquet (the
README's layout) with their schemas, each asset's materialization metadata keys, and what
`stratakb inspect` sees of them."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import dagster as dg
import psycopg
import pyarrow.parquet as pq

from tests.snapshots._support import (
    _DROP_PREFIXES,
    REPO,
    UPDATE_VAR,
    assert_snapshot,
    mask,
    product_env,
    run_stratakb,
)
from tests.snapshots.conftest import copy_corpus

LAYER = "docs"


def _status(value) -> str | None:
    return None if value is None else getattr(value, "value", str(value))


def test_definitions():
    from pipelines.definitions import defs

    dg.Definitions.validate_loadable(defs)
    graph = defs.resolve_asset_graph()
    assets = {}
    for spec in sorted(defs.resolve_all_asset_specs(), key=lambda s: s.key.to_user_string()):
        node = graph.get(spec.key)
        assets[spec.key.to_user_string()] = {
            "deps": sorted(k.to_user_string() for k in node.parent_keys),
            "group": spec.group_name,
            "kinds": sorted(spec.kinds),
            "partitions": {"type": type(spec.partitions_def).__name__, "name": spec.partitions_def.name}
            if spec.partitions_def else None,
            "description": spec.description,
        }
    io_managers = {}
    for a in defs.assets:
        for key in a.keys:
            io_managers[key.to_user_string()] = a.get_io_manager_key_for_asset_key(key)
    for name, io in io_managers.items():
        assets[name]["io_manager_key"] = io
    jobs = {}
    for job in sorted(defs.resolve_all_job_defs(), key=lambda j: j.name):
        jobs[job.name] = {
            "partitions": job.partitions_def.name if job.partitions_def else None,
            "executor": job.executor_def.name,
            "nodes": sorted(n.name for n in job.graph.nodes),
            "description": job.description,
        }
    schedules = {s.name: {"cron": s.cron_schedule, "job": s.job_name, "default_status": _status(s.default_status),
                          "timezone": s.execution_timezone, "description": s.description}
                 for s in sorted(defs.schedules, key=lambda s: s.name)}
    sensors = {s.name: {"minimum_interval_seconds": s.minimum_interval_seconds,
                        "default_status": _status(s.default_status),
                        "required_resources": sorted(s.required_resource_keys), "description": s.description}
               for s in sorted(defs.sensors, key=lambda s: s.name)}
    resources = {key: type(value).__name__ for key, value in sorted(defs.resources.items())}
    assert_snapshot("dagster/definitions.json", {
        "assets": assets, "jobs": jobs, "schedules": schedules, "sensors": sensors, "resources": resources,
        "executor": defs.executor.name if defs.executor else None,
    })


def test_parquet_layout_of_a_materialized_partition(snap_db, tmp_path, monkeypatch):
    from pipelines.definitions import defs

    docs = copy_corpus(tmp_path)
    env = product_env(snap_db, tmp_path / "data")
    # The CLI creates the layer and syncs it; then some changes, so every Dagster stage has rows.
    p = run_stratakb(["add", str(docs), "--json"], env, tmp_path)
    assert p.returncode == 0, p.stderr
    with open(docs / "contracts" / "acme-msa.md", "a", encoding="utf-8") as f:
        f.write("\n7.4 Notices go to the addresses in the order form.\n")
    (docs / "runbooks" / "new.md").write_text("# New runbook\n\nRestart the cache with care.\n", encoding="utf-8")
    (docs / "retention-policy.txt").unlink()
    with psycopg.connect(snap_db) as c:
        before = c.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]

    home = tmp_path / "dagster_home"
    home.mkdir()
    for name in list(os.environ):
        if name.startswith(_DROP_PREFIXES) and name != UPDATE_VAR:
            monkeypatch.delenv(name)
    for name in ("DATABASE_URL", "EMBEDDING_BACKEND", "RERANKING_ENABLED", "HF_HUB_OFFLINE", "STRATA_DATA_DIR"):
        monkeypatch.setenv(name, env[name])
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    with dg.instance_for_test(temp_dir=str(home)) as instance:
        instance.add_dynamic_partitions("layers", [LAYER])
        result = defs.resolve_job_def("sync_layer").execute_in_process(partition_key=LAYER, instance=instance)
        assert result.success
        metadata = {}
        for event in result.get_asset_materialization_events():
            mat = event.step_materialization_data.materialization
            metadata[mat.asset_key.to_user_string()] = {"partition": mat.partition,
                                                        "metadata_keys": sorted(mat.metadata)}
        storage = Path(instance.storage_directory())

    files = sorted(f for f in storage.rglob("*.parquet"))
    rel = [f.relative_to(storage).as_posix() for f in files]
    # The README documents the layout; every file follows it.
    assert "storage/<asset>/<layer>.parquet" in (REPO / "README.md").read_text(encoding="utf-8")
    assert storage == home / "storage"
    assert rel and all(re.fullmatch(rf"[a-z_]+/{LAYER}\.parquet", r) for r in rel), rel
    schemas = {}
    for f, r in zip(files, rel, strict=True):
        schema = pq.read_schema(f)
        schemas[r] = {
            "columns": {field.name: str(field.type) for field in schema},
            "metadata_keys": sorted(k.decode() for k in (schema.metadata or {}) if not k.startswith(b"ARROW")),
            "has_rows": pq.read_metadata(f).num_rows > 0,
        }
    with psycopg.connect(snap_db) as c:
        dagster_events = [(t, a.split(":", 1)[0]) for t, a in c.execute(
            "SELECT type, actor FROM events WHERE seq > %s ORDER BY seq", (before,))]

    # What `stratakb inspect` reads of those files (DAGSTER_HOME points at the same instance).
    tables = run_stratakb(["inspect", "tables", "--json"], {**env, "DAGSTER_HOME": str(home)}, tmp_path)
    assert tables.returncode == 0, tables.stderr
    sql = run_stratakb(["inspect", "--sql", "SELECT count(*) > 0 AS has_rows FROM stage_chunks", "--json"],
                       {**env, "DAGSTER_HOME": str(home)}, tmp_path)
    assert sql.returncode == 0, sql.stderr

    assert_snapshot("dagster/materialization.json", {
        "parquet_files": schemas,
        "materializations": dict(sorted(metadata.items())),
        "events_appended": [f"{t} ({a})" for t, a in dagster_events],
        "inspect_tables": json.loads(mask(tables.stdout, {str(tmp_path): "<TMP>"})),
        "inspect_sql_stage_chunks": json.loads(sql.stdout),
    })
