"""`stratakb inspect` (DuckDB over the store and the Dagster stage outputs) and `stratakb add
--dry-run` (the plan, nothing written)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import dagster as dg
import psycopg
import pytest

from stratakb_core.ingest import inspection as ins
from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import FIXTURES, cli_env, run_cli, write

LAYER = "docs"


def snapshot(database_url: str) -> dict[str, int]:
    """Row counts of every table a write would touch, and the last event."""
    with psycopg.connect(database_url) as c:
        out = {t: c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
               for t in ("events", "layers", "sources", "documents", "document_versions", "chunks")}
        out["last_seq"] = c.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]
        out["stat"] = c.execute("SELECT coalesce(sum(size + mtime_ns), 0) FROM documents").fetchone()[0]
    return out


@pytest.fixture
def changed_docs(settings, db, docs):
    """A synced layer, then: a new file, an edited one, a deleted one, code and a hidden file."""
    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New runbook\n\nRestart the cache.\n")
    write(docs, "runbooks/database-failover.md", "# Failover\n\nPromote the replica.\n")
    (docs / "retention-policy.txt").unlink()
    write(docs, "tool.py", "print('hi')\n")
    write(docs, ".hidden.md", "# Hidden\n")
    return docs


def test_manifest_lists_included_and_excluded_files_with_reasons(database_url, changed_docs, conn):
    before = snapshot(database_url)
    rows = {r["path"]: r for r in ins.table_rows(ins.manifest(conn, LAYER))}
    assert snapshot(database_url) == before
    assert (rows["runbooks/new.md"]["status"], rows["runbooks/new.md"]["action"]) == ("included", "add")
    assert rows["runbooks/database-failover.md"]["action"] == "update"
    assert (rows["retention-policy.txt"]["status"], rows["retention-policy.txt"]["action"],
            rows["retention-policy.txt"]["reason"]) == ("removed", "remove", "deleted")
    assert (rows["tool.py"]["status"], rows["tool.py"]["reason"]) == ("skipped", "code")
    assert (rows[".hidden.md"]["status"], rows[".hidden.md"]["reason"]) == ("excluded", "hidden")
    assert rows["contracts/acme-msa.md"]["action"] == "keep"


def test_chunk_stats_per_file_match_the_store(changed_docs, conn):
    table = ins.chunk_stats(conn, LAYER)
    expected = dict(conn.execute("SELECT d.path, count(*) FROM chunks c JOIN documents d ON d.id = c.document_id"
                                 " GROUP BY d.path").fetchall())
    conn.commit()
    rows = ins.table_rows(table)
    assert {r["path"]: r["chunks"] for r in rows} == expected
    assert all(r["smallest"] <= r["average"] <= r["largest"] for r in rows)


def test_flagged_lists_documents_with_flags(settings, db, docs, conn):
    pdf = FIXTURES / "imagemagick-images.pdf"
    shutil.copy(pdf, docs / "scan.pdf")
    add_folder(db, settings, AddOptions(folder=docs))
    rows = ins.table_rows(ins.flagged(conn, LAYER))
    assert rows == [{"layer": LAYER, "path": "scan.pdf", "reason": "probably_scanned", "count": None}]
    assert ins.table_rows(ins.flagged(conn)) == rows


def test_sql_over_the_stage_parquet_and_the_store(database_url, settings, db, changed_docs, tmp_path):
    from assets import layer_assets
    from resources import ParquetIOManager, StrataStore

    storage = tmp_path / "dagster-storage"
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("layers", [LAYER])
        assert dg.materialize(layer_assets, partition_key=LAYER, instance=instance, resources={
            "strata": StrataStore(database_url=database_url, embedding_backend="hash", embedding_model="hash-384"),
            "parquet_io": ParquetIOManager(base_dir=str(storage))}).success
    env = cli_env(database_url, STRATA_DAGSTER_STORAGE=str(storage))

    out = run_cli(["inspect", "--json", "--sql",
                   "SELECT s.layer, s.rel_path, count(*) AS n, max(c.chars) AS stored_chars"
                   " FROM stage_chunks s JOIN chunks c ON c.path = s.rel_path AND c.ordinal = s.ordinal"
                   " GROUP BY ALL ORDER BY s.rel_path"], env)
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)["rows"]
    assert [(r["layer"], r["rel_path"]) for r in rows] == [(LAYER, "runbooks/database-failover.md"),
                                                            (LAYER, "runbooks/new.md")]
    emb = run_cli(["inspect", "--sql", "SELECT DISTINCT len(vector) AS dims, typeof(vector[1]) AS t"
                   " FROM stage_chunk_embeddings", "--json"], env)
    assert json.loads(emb.stdout)["rows"] == [{"dims": 384, "t": "FLOAT"}]
    listed = run_cli(["inspect", "tables"], env)
    assert "stage_policy_decisions" in listed.stdout and "documents" in listed.stdout
    text = run_cli(["inspect", "manifest", LAYER], env)
    assert text.returncode == 0 and "tool.py" in text.stdout and "code" in text.stdout
    bad = run_cli(["inspect", "--sql", "SELECT nope FROM nowhere"], env)
    assert bad.returncode == 2
    missing = run_cli(["inspect", "chunks", "no_such_layer"], env)
    assert missing.returncode == 2


def test_add_dry_run_prints_the_plan_and_writes_nothing(database_url, changed_docs):
    env = cli_env(database_url)
    before = snapshot(database_url)
    out = run_cli(["add", str(changed_docs), "--dry-run", "--json"], env)
    assert out.returncode == 0, out.stderr
    plan = json.loads(out.stdout)
    assert snapshot(database_url) == before
    assert (plan["status"], plan["written"], plan["layer"], plan["new_layer"]) == ("dry_run", False, LAYER, False)
    assert plan["would_add"] == ["runbooks/new.md"]
    assert plan["would_update"] == ["runbooks/database-failover.md"]
    assert plan["would_remove"] == [{"file": "retention-policy.txt", "reason": "deleted"}]
    assert {"file": "tool.py", "reason": "code"} in plan["skipped"]
    assert {"file": ".hidden.md", "reason": "hidden"} in plan["excluded"]
    text = run_cli(["add", str(changed_docs), "--dry-run"], env)
    assert text.returncode == 0
    assert "Dry run: nothing was written." in text.stdout and "+ add     runbooks/new.md" in text.stdout
    assert snapshot(database_url) == before


def test_add_dry_run_of_a_new_folder_creates_no_layer(database_url, tmp_path):
    folder = tmp_path / "Team Notes"
    write(folder, "a.md", "# A\n\nText.\n")
    write(folder, "b.txt", "Plain text.\n")
    env = cli_env(database_url)
    before = snapshot(database_url)
    out = run_cli(["add", str(folder), "--dry-run", "--json"], env)
    assert out.returncode == 0, out.stderr
    plan = json.loads(out.stdout)
    assert (plan["layer"], plan["new_layer"], sorted(plan["would_add"])) == ("team_notes", True, ["a.md", "b.txt"])
    assert snapshot(database_url) == before
    empty = tmp_path / "empty"
    write(empty, "x.py", "pass\n")
    refused = run_cli(["add", str(empty), "--dry-run"], env)
    assert refused.returncode == 2 and "would refuse" in refused.stdout
    assert snapshot(database_url) == before
    assert run_cli(["add", str(Path(tmp_path / "missing")), "--dry-run"], env).returncode == 2
