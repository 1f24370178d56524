"""Dagster definitions: the layer asset graph, the sync job, a schedule and a partition sensor."""


import dagster as dg

from assets import layer_store, layers_partitions
from resources import StrataStore
from stratakb_core import store

sync_layer = dg.define_asset_job(
    "sync_layer", selection=[layer_store],
    description="Sync one layer from its source folders.",
)


@dg.sensor(job=sync_layer, minimum_interval_seconds=60,
           description="Registers a partition for every layer in the store.")
def layer_partitions_sensor(context: dg.SensorEvaluationContext, strata: StrataStore):
    with strata.database().connection() as conn:
        names = [row["name"] for row in store.list_layers(conn)]
    known = set(context.instance.get_dynamic_partitions(layers_partitions.name or "layers"))
    new = [n for n in names if n not in known]
    if not new:
        return dg.SkipReason("every layer has its partition")
    return dg.SensorResult(dynamic_partitions_requests=[layers_partitions.build_add_request(new)])


@dg.schedule(job=sync_layer, cron_schedule="0 * * * *", description="Sync every layer hourly.")
def hourly_sync(context: dg.ScheduleEvaluationContext):
    for key in context.instance.get_dynamic_partitions("layers"):
        yield dg.RunRequest(run_key=f"{key}:{context.scheduled_execution_time:%Y%m%dT%H%M}",
                            partition_key=key)


defs = dg.Definitions(
    assets=[layer_store],
    jobs=[sync_layer],
    sensors=[layer_partitions_sensor],
    schedules=[hourly_sync],
    resources={"strata": StrataStore()},
    executor=dg.in_process_executor,
)
