"""The Dagster location: definitions load, each asset runs on a real PostgreSQL with the hash
embedder, a full materialization equals `stratakb add`, the reembed job works from stored chunks,
the schedule and sensors request the expected runs and partitions, and a Dagster sync waits for a
CLI sync of the same layer."""

from __future__ import annotations

import datetime as dt
import shutil
import threading
import time
import uuid
from pathlib import Path

import dagster as dg
import psycopg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from stratakb_core.embedding import HashEmbedder
from stratakb_core.ingest.addplan import description_from_readme
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import projector, readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.values import ChunkConfig
from tests.conftest import write

LAYER = "docs"


@pytest.fixture
def instance():
    with dg.instance_for_test() as inst:
        yield inst


@pytest.fixture
def stages_dir(tmp_path) -> Path:
    return tmp_path / "stages"


@pytest.fixture
def resources(database_url, stages_dir):
    from resources import ParquetIOManager, StrataStore

    return {"strata": StrataStore(database_url=database_url, embedding_backend="hash", embedding_model="hash-384"),
            "parquet_io": ParquetIOManager(base_dir=str(stages_dir))}


@pytest.fixture
def other_database_url(pg_server, template_db):
    """A second database from the same template, for comparing two ways of filling a store."""
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name} TEMPLATE {template_db}")
    yield pg_server.get_uri(database=name)
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def create_layer(database_url: str, layer: str, root: Path, origin: dict | None = None) -> None:
    """Register a layer and its folder without syncing it (what a preset does before its first sync)."""
    settings = Settings.from_env({"EMBEDDING_BACKEND": "hash", "DATABASE_URL": database_url})
    with Database(settings).connection() as conn:
        source_id = readers.allocate_ids(conn, "sources_id_seq", 1)[0]
        conn.commit()
        default = ChunkConfig()
        projector.commit_events(conn, [
            ev.Event(ev.LAYER_CREATED, layer, {
                "display_name": root.name, "description": description_from_readme(root) or "",
                "origin": origin or {"kind": "add"},
                "chunk_config": {"chunk_size": default.chunk_size, "chunk_overlap": default.chunk_overlap},
            }, None, "test"),
            ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_id, "root": str(root), "name": layer}, None, "test"),
        ])


def materialize_layer(instance, resources, layer: str = LAYER, selection=None):
    from assets import layer_assets

    if layer not in instance.get_dynamic_partitions("layers"):
        instance.add_dynamic_partitions("layers", [layer])
    return dg.materialize(layer_assets, partition_key=layer, instance=instance, resources=resources,
                          selection=selection)


def store_rows(database_url: str) -> tuple[list[tuple], list[tuple]]:
    """Documents and chunks as comparable rows: no ids, sequence numbers or run ids."""
    with psycopg.connect(database_url) as c:
        docs = c.execute(
            "SELECT layer, path, version_id, content_hash, date::text, date_source, supersedes, flags::text,"
            " size, mtime_ns FROM documents ORDER BY path").fetchall()
        chunks = c.execute(
            "SELECT d.path, c.layer, c.version_id, c.ordinal, c.start_char, c.end_char, c.line_start,"
            " c.line_end, c.page, c.section_path, c.clause_path, c.metadata::text, c.embed_hash, c.text"
            " FROM chunks c JOIN documents d ON d.id = c.document_id ORDER BY d.path, c.ordinal").fetchall()
    return docs, chunks


def last_run(database_url: str) -> ev.StoredEvent:
    with psycopg.connect(database_url) as c:
        row = c.execute("SELECT seq, occurred_at, type, layer, run_id, actor, payload FROM events"
                        " WHERE type = 'run_finished' ORDER BY seq DESC LIMIT 1").fetchone()
    return ev.StoredEvent(*row)


COUNTS = ("files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped", "files_flagged",
          "chunks_stored", "chunks_embedded", "chunks_reused", "errors")


# ---------------------------------------------------------------------------------------------


def test_definitions_load_with_the_assets_jobs_schedule_and_sensors():
    from pipelines.definitions import defs

    dg.Definitions.validate_loadable(defs)
    keys = {k.to_user_string() for k in defs.resolve_asset_graph().get_all_asset_keys()}
    assert keys == {"selected_files", "policy_decisions", "parsed_documents", "structure_maps", "chunks",
                    "chunk_embeddings", "layer_store", "tables", "learned_rewrites", "layer_affinities"}
    sync = defs.resolve_job_def("sync_layer")
    assert sync.executor_def.name == "in_process"
    assert defs.resolve_job_def("reembed").executor_def.name == "in_process"
    assert sync.partitions_def is not None and sync.partitions_def.name == "layers"
    assert defs.resolve_schedule_def("sync_every_layer").job_name == "sync_layer"
    assert {s.name for s in defs.sensors} == {"layer_partitions", "external_syncs", "source_folder_changes",
                                                "learning_promoter"}


def test_instance_config_is_sqlite_without_telemetry_and_one_run_per_layer(tmp_path):
    shutil.copy(Path(__file__).resolve().parents[2] / "dagster_home" / "dagster.yaml", tmp_path / "dagster.yaml")
    with dg.DagsterInstance.from_config(str(tmp_path)) as inst:
        assert not inst.telemetry_enabled
        assert type(inst.run_storage).__name__ == "SqliteRunStorage"
        assert inst.run_coordinator.get_run_queue_config().tag_concurrency_limits == [
            {"key": "dagster/partition", "value": {"applyLimitPerUniqueValue": True}, "limit": 1}]


def test_each_asset_runs_directly_against_the_store(database_url, settings, db, docs, instance, resources, conn):
    import assets as a

    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New runbook\n\nRestart the cache with care.\n")
    write(docs, "runbooks/database-failover.md", "# Failover\n\nPromote the replica, then repoint the app.\n")
    (docs / "retention-policy.txt").unlink()
    write(docs, "notes.py", "print('code is skipped')\n")
    instance.add_dynamic_partitions("layers", [LAYER])
    strata = resources["strata"]

    def ctx():
        return dg.build_asset_context(partition_key=LAYER, instance=instance)

    selected = a.selected_files(ctx(), strata=strata)
    assert selected.metadata["sources"].value == 1
    assert isinstance(selected.value, pa.Table) and selected.metadata["files"].value == 6

    planned = a.policy_decisions(ctx(), strata=strata, selected_files=selected.value)
    meta = {k: v.value for k, v in planned.metadata.items()}
    assert (meta["added"], meta["removed"], meta["skipped"]) == (1, 1, 1)
    assert meta["updated"] == 1

    parsed = a.parsed_documents(ctx(), strata=strata, policy_decisions=planned.value)
    assert parsed.metadata["parsed"].value == 2 and parsed.metadata["failed"].value == 0

    structure = a.structure_maps(ctx(), strata=strata, parsed_documents=parsed.value)
    assert structure.metadata["documents"].value == 2

    chunked = a.chunks(ctx(), strata=strata, parsed_documents=parsed.value, structure_maps=structure.value)
    assert chunked.metadata["chunks"].value >= 2
    assert chunked.value.column("embed_text").to_pylist()[0].startswith("[docs > runbooks/")

    embedded = a.chunk_embeddings(ctx(), strata=strata, chunks=chunked.value)
    assert embedded.value.schema.field("vector").type == pa.list_(pa.float32(), 384)
    assert embedded.metadata["embedded"].value == embedded.value.num_rows > 0

    stored = a.layer_store(ctx(), strata=strata, selected_files=selected.value, policy_decisions=planned.value,
                           parsed_documents=parsed.value, structure_maps=structure.value, chunks=chunked.value,
                           chunk_embeddings=embedded.value)
    counts = dict(stored.metadata)  # a MaterializeResult keeps the raw values
    assert (counts["files_added"], counts["files_updated"], counts["files_removed"]) == (1, 1, 1)
    assert counts["errors"] == 0
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert "runbooks/new.md" in paths and "retention-policy.txt" not in paths
    run = last_run(database_url)
    assert run.actor == "dagster" and run.payload["command"] == "dagster"
    from stratakb_core.store.rebuild import verify_projections

    assert verify_projections(conn) == []


def test_full_materialization_equals_stratakb_add(database_url, other_database_url, settings, db, docs, instance,
                                                  stages_dir):
    from resources import ParquetIOManager, StrataStore

    write(docs, "guide/intro.md", "---\ndate: 2024-05-01\n---\n# Intro\n\n## Setup\n\nInstall it.\n\n## Use\n\n"
          + "Run it every day. " * 120 + "\n")
    write(docs, "empty.md", "   \n")
    write(docs, ".env", "TOKEN=1\n")
    shutil.copy(Path(__file__).resolve().parents[1] / "fixtures" / "pep-0604.rst", docs / "pep-0604.rst")
    cli = add_folder(db, settings, AddOptions(folder=docs))

    create_layer(other_database_url, cli.layer, docs)
    res = {"strata": StrataStore(database_url=other_database_url, embedding_backend="hash",
                                 embedding_model="hash-384"),
           "parquet_io": ParquetIOManager(base_dir=str(stages_dir))}
    result = materialize_layer(instance, res, layer=cli.layer)
    assert result.success

    assert store_rows(other_database_url) == store_rows(database_url)
    a, b = last_run(database_url).payload, last_run(other_database_url).payload
    assert {k: b[k] for k in COUNTS} == {k: a[k] for k in COUNTS}
    mat = result.asset_materializations_for_node("layer_store")[0]
    assert mat.metadata["files_added"].value == cli.files_added
    with psycopg.connect(database_url) as c1, psycopg.connect(other_database_url) as c2:
        q = f"SELECT text_hash, embedding::text FROM {vector_tables.model_table_name('hash-384', 384)}"
        assert sorted(c1.execute(q).fetchall()) == sorted(c2.execute(q).fetchall())

    # A second run changes nothing, as a second `stratakb add` would not.
    again = materialize_layer(instance, res, layer=cli.layer)
    mat = again.asset_materializations_for_node("layer_store")[0]
    assert mat.metadata["files_unchanged"].value == cli.files_added
    assert mat.metadata["chunks_stored"].value == 0
    assert store_rows(other_database_url) == store_rows(database_url)


def test_a_preset_layer_is_synced_with_the_preset_selection(database_url, tmp_path, instance, resources, conn):
    folder = tmp_path / "handbook"
    write(folder, "guide.md", "# Guide\n\nText.\n")
    write(folder, "build/notes.md", "# Build notes\n\nText.\n")  # `stratakb add` leaves build/ out
    create_layer(database_url, "handbook", folder, origin={"kind": "preset", "preset": "presets/handbook.yaml"})
    result = materialize_layer(instance, resources, layer="handbook")
    assert result.success
    assert result.asset_materializations_for_node("policy_decisions")[0].metadata["policy"].value == "preset"
    paths = {p for (p,) in conn.execute("SELECT path FROM documents WHERE layer = 'handbook'")}
    assert paths == {"guide.md", "build/notes.md"}


def test_stage_outputs_are_parquet_files_per_asset_and_layer(database_url, settings, db, docs, instance,
                                                             resources, stages_dir):
    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New\n\nText.\n")
    assert materialize_layer(instance, resources).success
    names = sorted(p.relative_to(stages_dir).as_posix() for p in stages_dir.rglob("*") if p.is_file())
    assert names == [f"{a}/{LAYER}.parquet" for a in ("chunk_embeddings", "chunks", "parsed_documents",
                                                       "policy_decisions", "selected_files", "structure_maps")]
    emb = pq.read_table(stages_dir / "chunk_embeddings" / f"{LAYER}.parquet")
    assert emb.schema.field("vector").type == pa.list_(pa.float32(), 384)
    assert emb.schema.metadata[b"model"] == b"hash-384"


def test_parquet_io_manager_refuses_a_partition_key_that_is_not_a_layer_name(tmp_path):
    from resources import ParquetIOManager

    io = ParquetIOManager(base_dir=str(tmp_path))
    io.setup_for_execution(dg.build_init_resource_context())
    with pytest.raises(dg.Failure):
        io._path(dg.AssetKey("chunks"), "../escape")
    assert io._path(dg.AssetKey("chunks"), "ok_layer-1") == tmp_path / "chunks" / "ok_layer-1.parquet"


def test_a_dagster_sync_waits_for_a_cli_sync_of_the_same_layer(database_url, settings, db, docs, instance,
                                                               resources, conn):
    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New\n\nText.\n")
    holder = db.connect()  # stands in for a `stratakb add` of the layer that is running
    layer_locks.lock_layer_session(holder, LAYER)
    outcome: dict = {}

    def run() -> None:
        outcome["result"] = materialize_layer(instance, resources)

    thread = threading.Thread(target=run)
    try:
        thread.start()
        time.sleep(4.0)
        assert thread.is_alive(), "the Dagster run did not wait for the layer lock"
        assert last_run(database_url).actor != "dagster"
        assert conn.execute("SELECT count(*) FROM documents WHERE path = 'runbooks/new.md'").fetchone()[0] == 0
        conn.commit()
    finally:
        layer_locks.unlock_layer_session(holder, LAYER)
        holder.close()
        thread.join(timeout=120)
    assert outcome["result"].success
    assert last_run(database_url).actor == "dagster"


def test_a_sync_between_planning_and_storing_is_not_undone(database_url, settings, db, docs, instance, resources,
                                                           conn):
    from assets import chunk_embeddings, layer_store

    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New\n\nText.\n")
    instance.add_dynamic_partitions("layers", [LAYER])
    from assets import layer_assets

    upto = dg.AssetSelection.assets(chunk_embeddings).upstream()
    assert dg.materialize(layer_assets, partition_key=LAYER, instance=instance, resources=resources,
                          selection=upto).success
    # The CLI syncs the layer after Dagster planned it, and a file changes again.
    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New\n\nText, edited.\n")
    result = dg.materialize(layer_assets, partition_key=LAYER, instance=instance, resources=resources,
                            selection=[layer_store])
    assert result.success
    rows = conn.execute("SELECT count(*) FROM documents WHERE path = 'runbooks/new.md'").fetchone()
    assert rows[0] == 1
    text = conn.execute("SELECT v.text FROM documents d JOIN document_versions v ON v.id = d.version_id"
                        " WHERE d.path = 'runbooks/new.md'").fetchone()[0]
    assert "edited" in text
    from stratakb_core.store.rebuild import verify_projections

    assert verify_projections(conn) == []


def test_reembed_job_reembeds_from_stored_chunks(database_url, settings, db, docs, instance, stages_dir, conn):
    from pipelines.definitions import defs
    from resources import ParquetIOManager, StrataStore

    add_folder(db, settings, AddOptions(folder=docs))
    instance.add_dynamic_partitions("layers", [LAYER])
    shutil.rmtree(docs)  # nothing can be read again
    job = defs.resolve_job_def("reembed")
    result = job.execute_in_process(instance=instance, resources={
        "strata": StrataStore(database_url=database_url, embedding_backend="hash", embedding_model="hash-256"),
        "parquet_io": ParquetIOManager(base_dir=str(stages_dir))})
    assert result.success
    active = vector_tables.active_model(conn)
    assert (active.model, active.dimensions) == ("hash-256", 256)
    missing = conn.execute(f"SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM {active.table} t"
                           " WHERE t.text_hash = c.embed_hash)").fetchone()[0]
    assert missing == 0
    mats = result.asset_materializations_for_node("reembed_store")
    assert [(m.partition, m.metadata["model"].value) for m in mats] == [(LAYER, "hash-256")]
    conn.commit()
    from stratakb_core.query.search import hybrid_search

    hits = hybrid_search(conn, HashEmbedder(256), "database failover replica", top_k=3)
    assert hits


def test_schedule_requests_a_sync_of_every_layer_with_idempotent_run_keys(instance, resources):
    from pipelines.definitions import sync_every_layer

    when = dt.datetime(2026, 1, 2, 3, 0, tzinfo=dt.UTC)
    ctx = dg.build_schedule_context(instance=instance, scheduled_execution_time=when)
    assert isinstance(sync_every_layer(ctx), dg.SkipReason)
    instance.add_dynamic_partitions("layers", ["alpha", "beta"])
    requests = sync_every_layer(dg.build_schedule_context(instance=instance, scheduled_execution_time=when))
    assert [(r.partition_key, r.run_key) for r in requests] == [
        ("alpha", "alpha:2026-01-02T03:00:00+00:00"), ("beta", "beta:2026-01-02T03:00:00+00:00")]
    again = sync_every_layer(dg.build_schedule_context(instance=instance, scheduled_execution_time=when))
    assert [r.run_key for r in again] == [r.run_key for r in requests]


def test_partition_sensor_registers_a_partition_per_layer(settings, db, docs, instance, resources):
    from pipelines.definitions import layer_partitions

    ctx = dg.build_sensor_context(instance=instance, resources={"strata": resources["strata"]})
    assert isinstance(layer_partitions(ctx), dg.SkipReason)
    add_folder(db, settings, AddOptions(folder=docs))
    result = layer_partitions(dg.build_sensor_context(instance=instance, resources={"strata": resources["strata"]}))
    assert isinstance(result, dg.SensorResult)
    [request] = result.dynamic_partitions_requests
    assert list(request.partition_keys) == [LAYER]
    instance.add_dynamic_partitions("layers", list(request.partition_keys))
    after = layer_partitions(dg.build_sensor_context(instance=instance, resources={"strata": resources["strata"]}))
    assert isinstance(after, dg.SkipReason)


def test_mirror_sensor_reports_cli_syncs_as_materializations(settings, db, docs, instance, resources):
    from pipelines.definitions import external_syncs

    strata = {"strata": resources["strata"]}
    cli = add_folder(db, settings, AddOptions(folder=docs))
    first = external_syncs(dg.build_sensor_context(instance=instance, resources=strata))
    [mat] = first.asset_events
    assert (mat.asset_key, mat.partition) == (dg.AssetKey("layer_store"), LAYER)
    assert mat.metadata["files_added"].value == cli.files_added
    assert mat.metadata["actor"].value.startswith("cli:")
    assert list(first.dynamic_partitions_requests[0].partition_keys) == [LAYER]
    for request in first.dynamic_partitions_requests:
        instance.add_dynamic_partitions("layers", list(request.partition_keys))
    for event in first.asset_events:
        instance.report_runless_asset_event(event)
    assert instance.get_materialized_partitions(dg.AssetKey("layer_store")) == {LAYER}

    # Nothing new: nothing reported. A Dagster run is not mirrored (it materialized the asset itself).
    second = external_syncs(dg.build_sensor_context(instance=instance, resources=strata, cursor=first.cursor))
    assert second.asset_events == [] and second.cursor == first.cursor
    write(docs, "runbooks/new.md", "# New\n\nText.\n")
    assert materialize_layer(instance, resources).success
    third = external_syncs(dg.build_sensor_context(instance=instance, resources=strata, cursor=second.cursor))
    assert third.asset_events == [] and int(third.cursor) > int(second.cursor)
    add_folder(db, settings, AddOptions(folder=docs))
    fourth = external_syncs(dg.build_sensor_context(instance=instance, resources=strata, cursor=third.cursor))
    assert [m.metadata["files_unchanged"].value for m in fourth.asset_events] == [cli.files_added + 1]


# ---------------------------------------------------------------------------------------------
# The write path's rules hold for the layer_store stage
# ---------------------------------------------------------------------------------------------


def staged(db, layer: str = LAYER) -> dict:
    """The stage outputs the layer_store stage takes, made by the stage functions."""
    from stratakb_core.ingest import layer_stages as st

    embedder = HashEmbedder()
    with db.connection() as conn:
        selected = st.select_stage(conn, layer).table
        planned = st.plan_stage(conn, layer, selected).table
        parsed = st.parse_stage(planned).table
        structure = st.structure_stage(conn, layer, parsed).table
        chunked = st.chunk_stage(conn, layer, parsed, structure).table
        embedded = st.embed_stage(conn, embedder, chunked).table
    return {"selected": selected, "planned": planned, "parsed": parsed, "structure": structure,
            "chunks": chunked, "embeddings": embedded, "embedder": embedder, "actor": "dagster"}


def test_an_interrupted_store_stage_keeps_what_it_stored_and_records_the_interrupt(database_url, db, docs, conn,
                                                                                  monkeypatch):
    from stratakb_core.ingest import source_sync
    from stratakb_core.ingest.layer_stages import store_stage
    from tests.helpers.write_path import documents, events_of, interrupt_after

    monkeypatch.setattr(source_sync, "GROUP_CHUNKS", 1)  # every file is its own group
    create_layer(database_url, LAYER, docs)
    r = store_stage(db, LAYER, **staged(db), progress=interrupt_after(2))
    assert r.interrupted and r.files_added == 2 and len(documents(conn, LAYER)) == 2
    finished = events_of(conn, ev.RUN_FINISHED)
    assert len(finished) == 1 and finished[0].payload["interrupted"] is True
    assert finished[0].payload["command"] == "dagster"
    again = store_stage(db, LAYER, **staged(db))
    assert not again.interrupted and again.files_added == 3 and len(documents(conn, LAYER)) == 5


def test_a_failing_file_in_the_store_stage_keeps_its_chunks_and_is_recorded(database_url, settings, db, docs, conn):
    from stratakb_core.ingest.layer_stages import store_stage
    from tests.helpers.write_path import break_file, chunks_of, events_of

    add_folder(db, settings, AddOptions(folder=docs))
    before = chunks_of(conn, LAYER, "retention-policy.txt")
    break_file(docs / "retention-policy.txt")
    write(docs, "runbooks/new.md", "# New runbook\n\nRestart the cache with care.\n")
    r = store_stage(db, LAYER, **staged(db))
    assert [(e.file, e.reason) for e in r.errors] == [("retention-policy.txt", "parse_error")]
    assert r.added == ["runbooks/new.md"]
    assert chunks_of(conn, LAYER, "retention-policy.txt") == before
    assert [e.payload["path"] for e in events_of(conn, ev.FILE_FAILED)] == ["retention-policy.txt"]
    assert events_of(conn, ev.RUN_FINISHED)[-1].payload["errors"] == 1
