"""The Dagster code location loads, and materialising a layer partition syncs it through the core."""

from __future__ import annotations

import os

import dagster as dg

from stratakb_core.ingest import AddOptions, add_folder
from tests.conftest import write


def test_layer_store_partition_materialises_a_sync(database_url, settings, db, docs, monkeypatch, conn):
    from assets import layer_store
    from pipelines.definitions import defs
    from resources import StrataStore

    add_folder(db, settings, AddOptions(folder=docs))
    write(docs, "runbooks/new.md", "# New runbook\n\nRestart the cache.\n")
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("EMBEDDING_BACKEND", "hash")
    assert defs.resolve_job_def("sync_layer") is not None
    with dg.instance_for_test() as instance:
        instance.add_dynamic_partitions("layers", ["docs"])
        result = dg.materialize([layer_store], partition_key="docs", instance=instance,
                                resources={"strata": StrataStore()})
        assert result.success
        mat = result.asset_materializations_for_node("layer_store")[0]
        assert mat.metadata["files_added"].value == 1
        assert mat.metadata["files_unchanged"].value == 5
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert "runbooks/new.md" in paths
    assert os.environ["EMBEDDING_BACKEND"] == "hash"
