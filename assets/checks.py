"""Asset checks on every layer partition; each is one call into the store or a stage table.

- chunks_within_size_limit (on chunks, blocking): no chunk longer than the layer's chunk size, so a
  chunker fault stops the run before anything is embedded or stored;
- no_failed_files_since_good_sync (on layer_store): every file of the layer stored since its last
  sync without a failure;
- vectors_for_every_chunk (on layer_store): every chunk of the layer has a vector under the active
  model;
- store_matches_event_log (on layer_store): verify-store finds no difference (the rebuild compares
  the whole store, which holds this layer);
- folders_unchanged_since_sync (on layer_store, the layer's freshness): no file of the layer's
  folders changed after its last sync. The source_folder_changes sensor reports it failed on a
  layer's partition as soon as a folder changes (and asks for a sync), so the UI shows the layer
  stale until the sync's own evaluation passes.

The partition is the run's (a run of sync_layer syncs one layer).
"""

# No `from __future__ import annotations`: Dagster reads the annotations of `context`.

import dagster as dg
import pyarrow as pa
import pyarrow.compute as pc

from assets import chunks, layer_store
from resources import StrataStore
from stratakb_core.ingest.folder_stat import stale_layers
from stratakb_core.ingest.source_sync import layer_chunk_config
from stratakb_core.store import readers
from stratakb_core.store.layer_checks import chunks_without_vectors, failed_since_good_sync
from stratakb_core.store.rebuild import verify_projections

MAX_LISTED = 20
FRESHNESS_CHECK = "folders_unchanged_since_sync"


def _layer(context: dg.AssetCheckExecutionContext) -> str:
    layer = context.run.tags.get("dagster/partition")
    if not layer:
        raise dg.Failure("this check runs with a layer partition (a run of sync_layer for one layer)")
    return layer


@dg.asset_check(asset=chunks, blocking=True, description="No chunk is longer than the layer's chunk size "
                "(characters); a longer one stops the run before it is embedded or stored.")
def chunks_within_size_limit(context: dg.AssetCheckExecutionContext, strata: StrataStore,
                             chunks: pa.Table) -> dg.AssetCheckResult:
    layer = _layer(context)
    with strata.database().connection() as conn:
        row = readers.get_layer(conn, layer)
        conn.commit()
    limit = layer_chunk_config(row).chunk_size if row is not None else None
    if limit is None or chunks.num_rows == 0:
        return dg.AssetCheckResult(passed=True, metadata={"chunks": chunks.num_rows, "limit": limit or 0})
    sizes = pc.subtract(chunks.column("end"), chunks.column("start"))
    over = chunks.filter(pc.greater(sizes, limit))
    return dg.AssetCheckResult(
        passed=over.num_rows == 0, severity=dg.AssetCheckSeverity.ERROR,
        metadata={"chunks": chunks.num_rows, "limit": limit, "over_limit": over.num_rows,
                  "largest": int(pc.max(sizes).as_py() or 0),
                  "files": sorted(set(over.column("rel_path").to_pylist()))[:MAX_LISTED]})


@dg.asset_check(asset=layer_store, description="No file of the layer has failed since its last sync "
                "that stored every file.")
def no_failed_files_since_good_sync(context: dg.AssetCheckExecutionContext, strata: StrataStore
                                    ) -> dg.AssetCheckResult:
    with strata.database().connection() as conn:
        failed = failed_since_good_sync(conn, _layer(context))
    return dg.AssetCheckResult(
        passed=not failed, severity=dg.AssetCheckSeverity.WARN,
        metadata={"failed_files": len(failed), "files": [f"{p} ({r})" for p, r in failed[:MAX_LISTED]]})


@dg.asset_check(asset=layer_store, description="Every chunk of the layer has a vector under the active model.")
def vectors_for_every_chunk(context: dg.AssetCheckExecutionContext, strata: StrataStore) -> dg.AssetCheckResult:
    with strata.database().connection() as conn:
        model, total, missing = chunks_without_vectors(conn, _layer(context))
    return dg.AssetCheckResult(passed=missing == 0, severity=dg.AssetCheckSeverity.ERROR,
                               metadata={"model": model or "", "chunks": total, "without_vector": missing})


@dg.asset_check(asset=layer_store, description="verify-store: the projections match a rebuild from the event "
                "log (the whole store, which holds this layer).")
def store_matches_event_log(context: dg.AssetCheckExecutionContext, strata: StrataStore) -> dg.AssetCheckResult:
    _layer(context)
    with strata.database().connection() as conn:
        diffs = verify_projections(conn)
    return dg.AssetCheckResult(
        passed=not diffs, severity=dg.AssetCheckSeverity.ERROR,
        metadata={"differences": len(diffs),
                  "tables": [f"{d.table}: {d.rows} rows only in the {d.only_in} table" for d in diffs[:MAX_LISTED]]})


@dg.asset_check(asset=layer_store, name=FRESHNESS_CHECK, description="Freshness: no file of the layer's "
                "folders changed after its last sync (the source_folder_changes sensor fails it when one does).")
def folders_unchanged_since_sync(context: dg.AssetCheckExecutionContext, strata: StrataStore
                                 ) -> dg.AssetCheckResult:
    with strata.database().connection() as conn:
        stale = stale_layers(conn, {_layer(context)})
    return dg.AssetCheckResult(passed=not stale, severity=dg.AssetCheckSeverity.WARN,
                               metadata={"why": stale[0][2] if stale else "synced after every change"})


layer_checks = [chunks_within_size_limit, no_failed_files_since_good_sync, vectors_for_every_chunk,
                store_matches_event_log, folders_unchanged_since_sync]
