"""The Dagster code location of StrataKB: the layer assets and their checks, the sync_layer and
reembed jobs, a schedule that syncs every layer, a sensor that registers a partition per layer, a
sensor that mirrors syncs done outside Dagster (CLI, MCP) into the UI, and a sensor that marks a
layer stale when its folders changed after its last sync and starts its sync. Loaded by
workspace.yaml.
"""

# No `from __future__ import annotations`: Dagster reads the annotations of `context` and `config`.

import json
import os

import dagster as dg

from assets import layer_assets, layer_store, layers_partitions
from assets.checks import FRESHNESS_CHECK, layer_checks
from assets.learning_assets import learning_assets
from resources import ParquetIOManager, StrataStore
from stratakb_core.ingest import layer_stages as stages
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.folder_stat import stale_layers
from stratakb_core.ingest.lifecycle import rollback_layer
from stratakb_core.ingest.reembed import DEFAULT_BATCH_SIZE
from stratakb_core.ingest.reembed import reembed as reembed_store_chunks
from stratakb_core.query import PROMOTE_EVERY
from stratakb_core.store import readers
from stratakb_core.store.layer_state import runs_finished
from stratakb_core.store.learning import interactions_after

PARTITIONS = layers_partitions.name or "layers"
MIRROR_BATCH = 500

sync_layer = dg.define_asset_job(
    "sync_layer",
    selection=dg.AssetSelection.assets(*layer_assets) | dg.AssetSelection.checks(*layer_checks),
    description="Sync one layer from its source folders: selection, policy, parse, structure, chunk, "
    "embed, store (a partition per layer; a backfill over all partitions syncs every layer).",
)


class ReembedConfig(dg.Config):
    layers: list[str] | None = None  # None: every layer (the new model is activated only then)
    batch_size: int = DEFAULT_BATCH_SIZE


@dg.op(description="Embed every stored chunk with the configured model from the stored chunk text "
       "(no file read, nothing parsed), then make it the active model.")
def reembed_store(context: dg.OpExecutionContext, config: ReembedConfig, strata: StrataStore) -> None:
    result = reembed_store_chunks(strata.database(), strata.settings(), strata.embedder(), layers=config.layers,
                                  batch_size=config.batch_size, actor=stages.DAGSTER_ACTOR)
    for note in result.notes:
        context.log.info(note)
    known = set(context.instance.get_dynamic_partitions(PARTITIONS))
    for layer, count in sorted(result.per_layer.items()):
        if layer in known:
            context.log_event(dg.AssetMaterialization(
                asset_key=layer_store.key, partition=layer, description=f"re-embedded with {result.model}",
                metadata={"model": result.model, "chunks": count, "activated": result.activated,
                          "reembed_run_id": result.run_id}))
    context.add_output_metadata({k: v for k, v in result.as_dict().items()
                                 if isinstance(v, int | float | str | bool)})


@dg.job(description="Re-embed the store with the configured model (blue/green): embeddings and store "
        "only, from the stored chunks.")
def reembed():
    reembed_store()


class RollbackConfig(dg.Config):
    layer: str
    target: str  # a seq from the event log or an ISO time
    dry_run: bool = False


@dg.op(description="Return a layer to its state right after an event: appends the events that restore its "
       "documents, sources and settings; embeds nothing.")
def rollback_layer_op(context: dg.OpExecutionContext, config: RollbackConfig, strata: StrataStore) -> None:
    result = rollback_layer(strata.database(), config.layer, config.target, dry_run=config.dry_run,
                            actor=stages.DAGSTER_ACTOR, on_wait=context.log.info)
    context.log.info(result["note"])
    context.add_output_metadata({k: (len(v) if isinstance(v, list) else v) for k, v in result.items()
                                 if isinstance(v, int | str | list) and not isinstance(v, bool)})


@dg.job(description="Roll one layer back to an event (config: layer, target as a seq or ISO time).")
def rollback():
    rollback_layer_op()


@dg.schedule(job=sync_layer, cron_schedule="0 * * * *", description="Sync every layer, hourly.")
def sync_every_layer(context: dg.ScheduleEvaluationContext):
    keys = context.instance.get_dynamic_partitions(PARTITIONS)
    if not keys:
        return dg.SkipReason("no layer partition yet")
    when = context.scheduled_execution_time.isoformat()
    # One run key per layer and tick: a tick evaluated twice never starts a layer's sync twice.
    return [dg.RunRequest(run_key=f"{key}:{when}", partition_key=key) for key in keys]


def _new_partitions(context: dg.SensorEvaluationContext, layers: list[str]) -> list[str]:
    known = set(context.instance.get_dynamic_partitions(PARTITIONS))
    new = []
    for name in dict.fromkeys(layers):
        if name in known:
            continue
        if LAYER_NAME_RE.match(name):
            new.append(name)
        else:
            context.log.warning(f"layer {name!r} is not a valid partition key; it gets no partition")
    return new


@dg.sensor(minimum_interval_seconds=30, default_status=dg.DefaultSensorStatus.RUNNING,
           description="Registers a partition for every layer in the store (a preset registers its "
           "layer when it is applied, so this covers presets too).")
def layer_partitions(context: dg.SensorEvaluationContext, strata: StrataStore):
    with strata.database().connection() as conn:
        names = [layer["name"] for layer in readers.list_layers(conn)]
    new = _new_partitions(context, names)
    # A removed or renamed layer's partition goes with it.
    gone = sorted(set(context.instance.get_dynamic_partitions(PARTITIONS)) - set(names))
    if not new and not gone:
        return dg.SkipReason("every layer has its partition")
    requests = [layers_partitions.build_add_request(new)] if new else []
    if gone:
        requests.append(layers_partitions.build_delete_request(gone))
    return dg.SensorResult(dynamic_partitions_requests=requests)


@dg.sensor(minimum_interval_seconds=30, default_status=dg.DefaultSensorStatus.RUNNING,
           description="Mirrors syncs done outside Dagster (stratakb add, presets, the MCP server) as "
           "materializations of layer_store for their layer, tailing the event log by seq.")
def external_syncs(context: dg.SensorEvaluationContext, strata: StrataStore):
    after = int(context.cursor or 0)
    with strata.database().connection() as conn:
        finished, resume = runs_finished(conn, after=after, limit=MIRROR_BATCH)
    outside = [e for e in finished if e.layer and e.actor != stages.DAGSTER_ACTOR]
    materializations = [
        dg.AssetMaterialization(
            asset_key=layer_store.key, partition=e.layer,
            description=f"{e.payload.get('command', 'sync')} by {e.actor}",
            metadata={
                **{k: v for k, v in e.payload.items() if isinstance(v, int) and not isinstance(v, bool)},
                "actor": e.actor, "run_id": e.run_id or "", "seq": e.seq, "occurred_at": e.occurred_at.isoformat(),
                "command": str(e.payload.get("command", "")), "folder": str(e.payload.get("folder", "")),
                "interrupted": bool(e.payload.get("interrupted", False)),
            },
        )
        for e in outside
    ]
    new = _new_partitions(context, [e.layer for e in outside if e.layer])
    return dg.SensorResult(
        asset_events=materializations,
        dynamic_partitions_requests=[layers_partitions.build_add_request(new)] if new else None,
        cursor=str(resume),
    )


promote_learning = dg.define_asset_job(
    "promote_learning", selection=dg.AssetSelection.assets(*learning_assets),
    description="Run the learning promoter: learned rewrites and synonyms, then layer affinities.")


@dg.sensor(job=promote_learning, minimum_interval_seconds=60, default_status=dg.DefaultSensorStatus.RUNNING,
           description=f"Materializes learned_rewrites and layer_affinities every {PROMOTE_EVERY} recorded "
           "interactions (counted from the event log by seq).")
def learning_promoter(context: dg.SensorEvaluationContext, strata: StrataStore):
    after = int(context.cursor or 0)
    with strata.database().connection() as conn:
        count, last = interactions_after(conn, after)
    if count < PROMOTE_EVERY:
        return dg.SkipReason(f"{count} interactions since the last promotion; it runs every {PROMOTE_EVERY}")
    return dg.SensorResult(run_requests=[dg.RunRequest(run_key=f"learning:{last}")], cursor=str(last))


@dg.sensor(job=sync_layer, minimum_interval_seconds=60, default_status=dg.DefaultSensorStatus.RUNNING,
           description="Stats each layer's source folders (no file read); a layer whose folders changed after "
           "its last sync is marked stale on layer_store and gets a sync_layer run (once per change).")
def source_folder_changes(context: dg.SensorEvaluationContext, strata: StrataStore):
    seen = json.loads(context.cursor) if context.cursor else {}
    known = set(context.instance.get_dynamic_partitions(PARTITIONS))
    with strata.database().connection() as conn:
        stale = stale_layers(conn, known)
    fresh = [(layer, key, why) for layer, key, why in stale if seen.get(layer) != key]
    if not fresh:
        return dg.SkipReason("no layer's folders changed since its last sync")
    seen.update({layer: key for layer, key, _ in fresh})
    return dg.SensorResult(
        run_requests=[dg.RunRequest(run_key=f"{layer}:{key}", partition_key=layer) for layer, key, _ in fresh],
        # Shown on layer_store's partition: an observation, and its freshness check failed until
        # the next sync's check passes (assets/checks.py, folders_unchanged_since_sync).
        asset_events=[e for layer, _, why in fresh for e in (
            dg.AssetObservation(asset_key=layer_store.key, partition=layer, metadata={"stale": True, "why": why}),
            dg.AssetCheckEvaluation(asset_key=layer_store.key, check_name=FRESHNESS_CHECK, passed=False,
                                    partition=layer, severity=dg.AssetCheckSeverity.WARN,
                                    metadata={"why": why}))],
        cursor=json.dumps(seen))


def _strata_store() -> StrataStore:
    """The store resource; DATABASE_URL comes from the environment by name, never shown as a value."""
    return StrataStore(database_url=dg.EnvVar("DATABASE_URL")) if os.environ.get("DATABASE_URL") else StrataStore()


defs = dg.Definitions(
    assets=[*layer_assets, *learning_assets],
    asset_checks=layer_checks,
    jobs=[sync_layer, reembed, promote_learning, rollback],
    schedules=[sync_every_layer],
    sensors=[layer_partitions, external_syncs, learning_promoter, source_folder_changes],
    resources={"strata": _strata_store(), "parquet_io": ParquetIOManager()},
    # The default multiprocess executor starts a process per step: ~6x slower for a linear chain.
    executor=dg.in_process_executor,
)
