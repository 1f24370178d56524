"""The Dagster location as a platform engineer reads it: asset checks on every layer partition
(blocking on chunks), row counts and column schemas on every stage, a path value, the layer's
totals on layer_store, owners and tags, DATABASE_URL from EnvVar, and the sensor that marks a layer
stale when its folder changed after its last sync."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time

import dagster as dg
import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import REPO, write
from tests.integration.test_dagster import (  # noqa: F401 - fixtures
    LAYER,
    instance,
    resources,
    stages_dir,
)

STAGES = ("selected_files", "policy_decisions", "parsed_documents", "structure_maps", "chunks", "chunk_embeddings")


def _metadata(result, asset: str) -> dict:
    (m,) = [e.materialization for e in result.get_asset_materialization_events()
            if e.asset_key.to_user_string() == asset]
    return m.metadata


def test_a_sync_runs_every_check_and_reports_counts_schemas_and_totals(
        database_url, docs, instance, resources, db, settings):  # noqa: F811
    from assets import layer_assets
    from assets.checks import layer_checks

    add_folder(db, settings, AddOptions(folder=docs, name=LAYER))
    instance.add_dynamic_partitions("layers", [LAYER])
    result = dg.materialize([*layer_assets, *layer_checks], partition_key=LAYER, instance=instance,
                            resources=resources)
    assert result.success
    checks = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    assert checks == {"chunks_within_size_limit": True, "no_failed_files_since_good_sync": True,
                      "vectors_for_every_chunk": True, "store_matches_event_log": True,
                      "folders_unchanged_since_sync": True}
    for asset in STAGES:
        md = _metadata(result, asset)
        assert isinstance(md["dagster/row_count"], dg.IntMetadataValue), asset
        assert isinstance(md["dagster/column_schema"], dg.TableSchemaMetadataValue), asset
        assert isinstance(md["path"], dg.PathMetadataValue), asset
    store = _metadata(result, "layer_store")
    assert store["layer_documents"].value > 0 and store["layer_chunks"].value > 0 and store["layer_bytes"].value > 0
    assert store["dagster/row_count"].value == store["layer_chunks"].value


def test_checks_are_defined_blocking_on_chunks_with_owners_and_tags():
    from pipelines.definitions import defs

    graph = defs.resolve_asset_graph()
    specs = {k.name: graph.get_check_spec(k) for k in graph.asset_check_keys}
    assert set(specs) == {"chunks_within_size_limit", "no_failed_files_since_good_sync", "vectors_for_every_chunk",
                          "store_matches_event_log", "folders_unchanged_since_sync"}
    assert specs["chunks_within_size_limit"].blocking and specs["chunks_within_size_limit"].asset_key.path == ["chunks"]
    for key in graph.get_all_asset_keys():
        node = graph.get(key)
        assert node.owners == ["team:knowledge-platform"] and node.tags.get("domain") == "knowledge"


def test_database_url_comes_from_envvar_never_a_value(database_url):
    env = {**os.environ, "DATABASE_URL": "postgresql://u:s3cret@127.0.0.1:9/x"}
    code = ("from pipelines.definitions import defs;import dagster as dg;"
            "r=defs.resources['strata'];print(type(r.database_url).__name__, r.database_url.env_var_name, repr(r))")
    p = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("EnvVar DATABASE_URL") and "s3cret" not in p.stdout


def test_stale_sensor_requests_a_sync_once_per_change(db, settings, docs, instance, resources):  # noqa: F811
    from pipelines.definitions import source_folder_changes

    add_folder(db, settings, AddOptions(folder=docs, name=LAYER))
    instance.add_dynamic_partitions("layers", [LAYER])
    ctx = dg.build_sensor_context(instance=instance, resources=resources)
    assert isinstance(source_folder_changes(ctx), dg.SkipReason)  # synced after its last change
    time.sleep(0.05)
    write(docs, "new.md", "# New\n\nA new file.\n")
    result = source_folder_changes(ctx)
    assert [r.partition_key for r in result.run_requests] == [LAYER]
    assert result.asset_events[0].metadata["stale"].value is True
    # the layer's freshness check is failed on its partition until the sync's own evaluation passes
    check = result.asset_events[1]
    assert isinstance(check, dg.AssetCheckEvaluation) and (check.check_name, check.passed, check.partition) == (
        "folders_unchanged_since_sync", False, LAYER)
    ctx2 = dg.build_sensor_context(instance=instance, resources=resources, cursor=result.cursor)
    assert isinstance(source_folder_changes(ctx2), dg.SkipReason)  # the same change is requested once


@pytest.mark.parametrize("shell", ["sh"])
def test_the_readme_dagster_command_starts_clean(tmp_path, shell):
    """The README's Dagster UI commands, run as written (a free port added), start the UI with no
    SupersessionWarning and no "dagster.yaml will not be used" warning."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Dagster UI"):]
    block = section[section.index("```sh") + 5:section.index("```", section.index("```sh") + 5)].strip()
    lines = [ln for ln in block.splitlines() if ln.strip()]
    script = "\n".join(lines[:-1] + [lines[-1] + " -p 0 -h 127.0.0.1"]).replace(".venv/bin/dagster",
                                                                              f"{sys.prefix}/bin/dagster")
    # The instance folder is a copy of dagster_home/, so the test leaves the repository's untouched.
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
    assert "$PWD/dagster_home" in script
    script = script.replace("$PWD/dagster_home", str(home))
    env = {**os.environ, "EMBEDDING_BACKEND": "hash", "STRATA_DATA_DIR": str(tmp_path / "data")}
    log = open(tmp_path / "dev.log", "w+", encoding="utf-8")  # noqa: SIM115 - closed below
    # SIGINT's default disposition for the shell and what it starts: a suite run in the background by a
    # non-interactive shell has SIGINT ignored, and then the Ctrl-C below would reach nobody, the
    # SIGKILL after it would leave the store's embedded server behind.
    proc = subprocess.Popen([shell, "-c", script], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.time() + 150
        out = ""
        while time.time() < deadline and "Serving dagster-webserver" not in out:
            time.sleep(1)
            out = (tmp_path / "dev.log").read_text(encoding="utf-8", errors="replace")
            if proc.poll() is not None:
                break
    finally:
        os.killpg(proc.pid, 2)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=10)
        log.close()
    assert "Serving dagster-webserver" in out, out[-3000:]
    assert "SupersessionWarning" not in out and "will not be used" not in out, out[-3000:]
    assert (home / "history").is_dir()  # the instance ran in the folder the command named
