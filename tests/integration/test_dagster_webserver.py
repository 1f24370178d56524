"""The Dagster UI: `dagster-webserver -w workspace.yaml` on 127.0.0.1 lists the assets, the jobs,
the schedule, the sensors and a layer partition over its GraphQL API."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import httpx

from stratakb_core.ingest.sync import AddOptions, add_folder

REPO = Path(__file__).resolve().parents[2]
TIMEOUT_S = 90.0

QUERY = """
{
  assetNodes { assetKey { path } partitionKeys }
  repositoriesOrError {
    ... on RepositoryConnection {
      nodes { name jobs { name } schedules { name } sensors { name } }
    }
  }
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_webserver_lists_assets_and_a_layer_partition(database_url, settings, db, docs, tmp_path):
    from pipelines.definitions import layer_partitions
    from resources import StrataStore

    add_folder(db, settings, AddOptions(folder=docs))
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO / "dagster_home" / "dagster.yaml", home / "dagster.yaml")
    # One tick of the partition sensor against the instance the webserver will read.
    with dg.DagsterInstance.from_config(str(home)) as instance:
        result = layer_partitions(dg.build_sensor_context(instance=instance, resources={
            "strata": StrataStore(database_url=database_url, embedding_backend="hash")}))
        for request in result.dynamic_partitions_requests:
            instance.add_dynamic_partitions("layers", list(request.partition_keys))
        assert instance.get_dynamic_partitions("layers") == ["docs"]

    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_", "DATABASE_"))}
    env.update(DAGSTER_HOME=str(home), DATABASE_URL=database_url, EMBEDDING_BACKEND="hash")
    webserver = Path(sys.executable).parent / "dagster-webserver"
    proc = subprocess.Popen(
        [str(webserver), "-w", str(REPO / "workspace.yaml"), "-h", "127.0.0.1", "-p", str(port)],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + TIMEOUT_S
        data = None
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stdout.read().decode(errors="replace")[-3000:]
            try:
                if httpx.get(f"{base}/server_info", timeout=2).status_code == 200:
                    reply = httpx.post(f"{base}/graphql", json={"query": QUERY}, timeout=30).json()
                    nodes = reply["data"]["repositoriesOrError"].get("nodes")
                    if nodes:  # the code location has loaded
                        data = reply["data"]
                        break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        assert data is not None, "the webserver did not serve the code location in time"
        assets = {"/".join(n["assetKey"]["path"]): n["partitionKeys"] for n in data["assetNodes"]}
        assert set(assets) == {"selected_files", "policy_decisions", "parsed_documents", "structure_maps",
                               "chunks", "chunk_embeddings", "layer_store", "tables", "learned_rewrites",
                               "layer_affinities"}
        assert assets["layer_store"] == ["docs"]
        [repo] = data["repositoriesOrError"]["nodes"]
        assert {j["name"] for j in repo["jobs"]} >= {"sync_layer", "reembed"}
        assert [s["name"] for s in repo["schedules"]] == ["sync_every_layer"]
        assert {s["name"] for s in repo["sensors"]} == {"layer_partitions", "external_syncs", "source_folder_changes",
                                                "learning_promoter"}
    finally:
        # Stop it by its process id (and the code server it started, in its process group).
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
