"""As-of answers, layer lifecycle, backups and layer export/import, and every bad input, on the
embedded PostgreSQL."""

from __future__ import annotations

import json
import shutil
import threading
import uuid
import zipfile
from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from stratakb_core.embedding import build_embedder
from stratakb_core.errors import ArgumentError, RefusedError, UsageError
from stratakb_core.ingest import lifecycle
from stratakb_core.ingest.layer_transfer import export_layer, import_layer
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, ask_tool, open_receipt, search_tool, verify_draft
from stratakb_core.store import events as ev
from stratakb_core.store.backup import backup_store, restore_store
from stratakb_core.store.connection import Database
from stratakb_core.store.gc import collect_versions
from stratakb_core.store.locks import lock_layer_session, unlock_layer_session
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import FIXTURES, write


def add(db, settings, folder, **kw):
    return add_folder(db, settings, AddOptions(folder=folder, **kw))


def engine(settings) -> Engine:
    return Engine(build_embedder(settings), AskConfig(reranking_enabled=False, learning_enabled=False))


@pytest.fixture
def fresh(pg_server, template_db, settings, tmp_path):
    """A second, empty store (another database on the same server): the machine an export moves to."""
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name} TEMPLATE {template_db}")
    s = replace(settings, database_url=pg_server.get_uri(database=name))
    yield s
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def runbook(db, settings, tmp_path):
    root = tmp_path / "runbook"
    write(root, "failover.md", "---\ndate: 2024-03-01\n---\n# Failover\n\nPage the on-call engineer, then promote "
          "the replica by hand.\n")
    write(root, "backup.md", "# Backups\n\nBackups run nightly at 02:00 UTC and are kept 30 days.\n")
    add(db, settings, root)
    return root


def counts(conn, layer):
    row = conn.execute("SELECT (SELECT count(*) FROM documents WHERE layer = %s),"
                       " (SELECT count(*) FROM chunks WHERE layer = %s)", (layer, layer)).fetchone()
    conn.commit()
    return tuple(row)


# ---------------------------------------------------------------------------------------------
# As-of answers
# ---------------------------------------------------------------------------------------------


def test_as_of_search_returns_the_old_text_of_a_changed_file_with_its_old_date(db, settings, conn, runbook):
    before = ev.last_seq(conn)
    write(runbook, "failover.md", "---\ndate: 2025-06-01\n---\n# Failover\n\nFailover is automatic; nobody is "
          "paged.\n")
    add(db, settings, runbook)
    e = engine(settings)
    now = search_tool(e, conn, "failover paged", layers=["runbook"])
    assert "automatic" in now["results"][0]["text"] and "as_of" not in now
    old = search_tool(e, conn, "failover paged", layers=["runbook"], as_of=str(before))
    assert "promote the replica by hand" in old["results"][0]["text"]
    assert old["as_of"]["seq"] == before and old["as_of"]["date"]
    asked = ask_tool(e, conn, "Who is paged on failover?", layers=["runbook"], as_of=str(before))
    cited = [p for p in asked["passages"] if p["citation"]["file"] == "failover.md"]
    assert cited and "by hand" in cited[0]["text"] and cited[0]["citation"]["date"] == "2024-03-01"
    # The shadow tables are gone: the same connection sees today again.
    assert "automatic" in search_tool(e, conn, "failover paged", layers=["runbook"])["results"][0]["text"]
    with pytest.raises(ArgumentError) as info:
        search_tool(e, conn, "failover", as_of="yesterday-ish")
    assert info.value.argument == "as_of"


# ---------------------------------------------------------------------------------------------
# Lifecycle
# ---------------------------------------------------------------------------------------------


def test_remove_rename_source_removal_and_replace_all_each_leave_verify_store_clean(db, settings, conn, runbook,
                                                                                     tmp_path):
    extra = tmp_path / "extra"
    write(extra, "x.md", "# Extra\n\nAn extra folder of the same layer.\n")
    with db.connection() as c:  # a second source for the layer, as a preset would add it
        from stratakb_core.store import projector
        from stratakb_core.store.readers import allocate_ids
        sid = allocate_ids(c, "sources_id_seq", 1)[0]
        c.commit()
        projector.commit_events(c, [ev.Event(ev.SOURCE_ADDED, "runbook", {"source_id": sid, "root": str(extra),
                                                                          "name": "extra"})])
    embedder = build_embedder(settings)
    r = lifecycle.replace_all(db, "runbook", embedder)
    assert r.errors == [] and r.files_added == 1 and r.chunks_embedded >= 1
    assert verify_projections(conn) == []
    again = lifecycle.replace_all(db, "runbook", embedder)
    assert again.chunks_embedded == 0 and again.files_updated == 3  # re-chunked, nothing embedded
    out = lifecycle.remove_source(db, "runbook", str(extra))
    assert out["documents_removed"] == 1 and counts(conn, "runbook")[0] == 2
    assert verify_projections(conn) == []
    lifecycle.rename_layer(db, "runbook", "ops", display_name="Ops runbooks")
    assert counts(conn, "ops")[0] == 2 and counts(conn, "runbook") == (0, 0)
    assert verify_projections(conn) == []
    # History follows the rename: roll the renamed layer back to before the source was removed.
    first = conn.execute("SELECT min(seq) FROM events WHERE type = 'run_finished'").fetchone()[0]
    conn.commit()
    rolled = lifecycle.rollback_layer(db, "ops", str(first))
    assert rolled["settings_changed"] == [] or "display_name" in rolled["settings_changed"]
    assert verify_projections(conn) == []
    out = lifecycle.remove_layer(db, "ops")
    assert out["documents_removed"] == 2 and counts(conn, "ops") == (0, 0)
    assert conn.execute("SELECT count(*) FROM layers").fetchone()[0] == 0
    conn.commit()
    assert verify_projections(conn) == []
    with pytest.raises(UsageError):
        lifecycle.remove_layer(db, "ops")


def test_dagster_partitions_follow_removed_and_renamed_layers(db, settings, conn, runbook, tmp_path, monkeypatch):
    import dagster as dg

    from pipelines.definitions import layer_partitions
    from resources import StrataStore

    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("EMBEDDING_BACKEND", "hash")
    with dg.instance_for_test() as instance:
        def tick():
            ctx = dg.build_sensor_context(instance=instance, resources={"strata": StrataStore()})
            result = layer_partitions(ctx)
            if isinstance(result, dg.SensorResult):
                for req in result.dynamic_partitions_requests or []:
                    if isinstance(req, dg.AddDynamicPartitionsRequest):
                        instance.add_dynamic_partitions(req.partitions_def_name, list(req.partition_keys))
                    else:
                        for key in req.partition_keys:
                            instance.delete_dynamic_partition(req.partitions_def_name, key)
            return set(instance.get_dynamic_partitions("layers"))

        assert tick() == {"runbook"}
        lifecycle.rename_layer(db, "runbook", "ops")
        assert tick() == {"ops"}
        lifecycle.remove_layer(db, "ops")
        assert tick() == set()


def test_a_rollback_waits_for_a_running_sync_and_says_so(db, settings, conn, runbook):
    target = ev.last_seq(conn)
    write(runbook, "new.md", "# New\n\nA new page.\n")
    add(db, settings, runbook)
    holder = db.connect()
    lock_layer_session(holder, "runbook")  # a sync of the layer is running
    said: list[str] = []
    done: dict = {}
    t = threading.Thread(target=lambda: done.update(lifecycle.rollback_layer(db, "runbook", str(target),
                                                                             on_wait=said.append)))
    t.start()
    t.join(3)
    assert t.is_alive() and said and "waiting" in said[0]
    assert ev.last_seq(conn) > target and counts(conn, "runbook")[0] == 3  # nothing written while it waits
    unlock_layer_session(holder, "runbook")
    holder.close()
    t.join(60)
    assert done["removed"] == ["new.md"] and counts(conn, "runbook")[0] == 2
    assert verify_projections(conn) == []


# ---------------------------------------------------------------------------------------------
# Backups, export and import
# ---------------------------------------------------------------------------------------------


def test_export_fresh_store_import_then_add_finds_every_file_unchanged_and_embeds_nothing(
        db, settings, conn, tmp_path, fresh):
    pep = tmp_path / "peps"
    for name in ("pep-0008.rst", "pep-0020.rst", "rfc2119.txt"):
        shutil.copy(FIXTURES / name, (pep.mkdir(exist_ok=True) or pep) / name)
    add(db, settings, pep)
    out = export_layer(db, "peps", tmp_path / "peps.skb")
    assert out["documents"] == 3 and out["vectors"]
    moved = tmp_path / "elsewhere" / "peps"
    shutil.copytree(pep, moved)  # another machine: another path, new mtimes
    other = Database(fresh)
    r = import_layer(other, tmp_path / "peps.skb", root=moved)
    assert r["documents_imported"] == 3 and r["chunks_embedded"] == 0 and r["vectors_imported"] > 0
    again = add(other, fresh, moved)
    assert again.files_unchanged == 3 and again.files_added == again.files_updated == 0
    assert again.chunks_embedded == 0
    with other.connection() as c:
        assert verify_projections(c) == []
        assert search_tool(engine(fresh), c, "line length", layers=["peps"])["results"]


def test_full_backup_restores_receipts_and_every_projection(db, settings, conn, tmp_path, fresh):
    rfc = tmp_path / "rfc"
    rfc.mkdir()
    shutil.copy(FIXTURES / "rfc6455.txt", rfc / "rfc6455.txt")
    add(db, settings, rfc, name="rfc")
    close = ask_tool(engine(settings), conn, "What does section 5.5.1 say?", layers=["rfc"])
    draft = ('The body of a Close frame starts with a 2-byte unsigned integer [S1]. Clients "MUST NOT show it to '
             'end users" [S1]. The Close frame is a control frame [S1].')
    receipt = verify_draft(conn, draft, [p["ref"] for p in close["passages"]], token_budget=1500)["receipt_id"]
    out = backup_store(conn, tmp_path / "store.skb")
    assert out["events"] == ev.last_seq(conn)
    other = Database(fresh)
    with other.connection() as c:
        restored = restore_store(c, tmp_path / "store.skb")
        assert restored["events"] == out["events"]
        assert open_receipt(c, receipt)["receipt_id"] == receipt
        assert verify_projections(c) == []
        assert search_tool(engine(fresh), c, "Close frame", layers=["rfc"])["results"]
        with pytest.raises(RefusedError, match="empty store"):
            restore_store(c, tmp_path / "store.skb")


def _rewrite(src: Path, dst: Path, change) -> None:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.namelist():
            data = zin.read(item)
            zout.writestr(item, change(item, data))


def _manifest_edit(path: Path, dst: Path, edit) -> None:
    def change(item, data):
        if item != "manifest.json":
            return data
        m = json.loads(data)
        edit(m)
        return json.dumps(m).encode()
    _rewrite(path, dst, change)


def test_bad_exports_are_refused_with_a_clear_message_and_nothing_written(db, settings, conn, runbook, tmp_path,
                                                                         fresh):
    good = tmp_path / "runbook.skb"
    export_layer(db, "runbook", good)
    other = Database(fresh)
    data = good.read_bytes()
    (tmp_path / "truncated.skb").write_bytes(data[: len(data) // 2])
    _rewrite(good, tmp_path / "tampered.skb",
             lambda item, d: d.replace(b"nightly", b"weekly!") if item == "versions.parquet" else d)
    _manifest_edit(good, tmp_path / "future.skb", lambda m: m.update(format=99))
    _manifest_edit(good, tmp_path / "old.skb", lambda m: m.update(format=5))

    def escape_docs(item, d):
        if item != "documents.parquet":
            return d
        import io

        import pyarrow as pa
        import pyarrow.parquet as pq
        t = pq.read_table(io.BytesIO(d))
        t = t.set_column(t.schema.get_field_index("path"), "path", pa.array(["../../etc/passwd"] * t.num_rows))
        sink = io.BytesIO()
        pq.write_table(t, sink)
        return sink.getvalue()
    _rewrite(good, tmp_path / "escape.raw", escape_docs)
    # Re-sign the escaping one so only the path check can catch it.
    import hashlib
    with zipfile.ZipFile(tmp_path / "escape.raw") as z:
        body = z.read("documents.parquet")
    _manifest_edit(tmp_path / "escape.raw", tmp_path / "escape.skb", lambda m: m["members"]["documents.parquet"].update(
        sha256=hashlib.sha256(body).hexdigest(), bytes=len(body)))
    cases = {"truncated.skb": "export_unreadable", "tampered.skb": "export_tampered",
             "future.skb": "export_format_newer", "old.skb": "export_format_old", "escape.skb": "path_escapes"}
    for name, code in cases.items():
        with pytest.raises(RefusedError) as info:
            import_layer(other, tmp_path / name, root=tmp_path / "target")
        assert info.value.code == code, name
        assert name in info.value.message or code != "export_unreadable"
    with pytest.raises(RefusedError, match="newer than this StrataKB reads"):
        import_layer(other, tmp_path / "future.skb")
    # A folder another layer holds, named; --root with a free folder gets past it.
    with pytest.raises(RefusedError, match="held by layer 'runbook'") as info:
        import_layer(db, good, name="copy")
    assert info.value.code == "folder_taken"
    with other.connection() as c:
        assert ev.last_seq(c) == 0  # nothing was written by any of them


def test_import_drops_unsafe_patterns_and_names_them_before_the_confirmation(db, settings, conn, runbook, tmp_path,
                                                                            fresh):
    from stratakb_core.store import projector
    projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, "runbook", {"changes": {
        "routing_patterns": ["failover", "x(\\w+\\s?)*y"], "structure_patterns": ["(unclosed"]}})])
    export_layer(db, "runbook", tmp_path / "r.skb")
    seen: list[dict] = []
    with pytest.raises(RefusedError, match="cancelled"):
        import_layer(Database(fresh), tmp_path / "r.skb", root=tmp_path / "t",
                     confirm=lambda s: seen.append(s) or False)
    assert len(seen[0]["dropped_patterns"]) == 2
    r = import_layer(Database(fresh), tmp_path / "r.skb", root=tmp_path / "t", confirm=lambda s: True)
    with Database(fresh).connection() as c:
        row = c.execute("SELECT routing_patterns, structure_patterns FROM layers").fetchone()
    assert row == (["failover"], []) and len(r["dropped_patterns"]) == 2


# ---------------------------------------------------------------------------------------------
# gc
# ---------------------------------------------------------------------------------------------


def test_gc_keeps_the_window_and_collects_versions_outside_it_as_events(db, settings, conn, runbook):
    first = ev.last_seq(conn)
    write(runbook, "backup.md", "# Backups\n\nBackups run hourly now.\n")
    add(db, settings, runbook)
    kept = collect_versions(conn, retention_days=90)
    assert kept["versions_collected"] == 0
    dry = collect_versions(conn, retention_days=0, dry_run=True)
    assert dry["versions_collected"] == 1 and dry["bytes_freed"] > 0
    out = collect_versions(conn, retention_days=0)
    assert out["versions_collected"] == 1 and out["bytes_freed"] == dry["bytes_freed"]
    assert [e.type for e in ev.read(conn, after=ev.last_seq(conn) - 1)] == [ev.VERSIONS_COLLECTED]
    conn.commit()
    with pytest.raises(RefusedError, match="stratakb gc") as info:
        lifecycle.rollback_layer(db, "runbook", str(first))
    assert info.value.code == "versions_collected"
    assert verify_projections(conn) == []
