"""Dagster assets: one per ingest stage, one partition per layer; each asset body is one call into
stratakb_core.ingest.layer_stages, the same stage functions `stratakb add` runs.

selected_files -> policy_decisions -> parsed_documents -> structure_maps -> chunks ->
chunk_embeddings -> layer_store -> tables. The intermediate assets are Arrow tables kept as Parquet by the
`parquet_io` IO manager; only layer_store writes to PostgreSQL, under the layer's lock. `tables`
materializes the layer's spreadsheets as typed Parquet under <data_dir>/tables
(stratakb_core.ingest.layer_tables).
"""

# No `from __future__ import annotations`: Dagster reads the annotation of `context`.

import dagster as dg
import pyarrow as pa

from resources import StrataStore
from stratakb_core.ingest import layer_stages as stages
from stratakb_core.ingest.layer_tables import tables_stage
from stratakb_core.store.status import layer_totals

layers_partitions = dg.DynamicPartitionsDefinition(name="layers")

GROUP = "layer_sync"

OWNERS = ["team:knowledge-platform"]
TAGS = {"domain": "knowledge", "pipeline": "layer_sync"}

_STAGE = {
    "partitions_def": layers_partitions,
    "io_manager_key": "parquet_io",
    "group_name": GROUP,
    "kinds": {"parquet"},
    "owners": OWNERS,
    "tags": TAGS,
}
# No backfill_policy: a backfill of these (non-time) partitions then starts one run per layer,
# which is what the layer lock and the one-run-per-partition queue limit expect.


def column_schema(schema: pa.Schema) -> dg.TableSchema:
    """The Arrow schema as Dagster's column schema (shown on the asset's page)."""
    return dg.TableSchema(columns=[dg.TableColumn(name=f.name, type=str(f.type)) for f in schema])


def _output(out: stages.StageOutput) -> dg.Output:
    return dg.Output(out.table, metadata={**out.counts, "dagster/row_count": out.table.num_rows,
                                          "dagster/column_schema": column_schema(out.table.schema)})


def _progress(context: dg.AssetExecutionContext, what: str):
    step = {"next": 0}

    def report(done: int, total: int) -> None:
        if done >= step["next"] or done == total:
            context.log.info(f"{what}: {done}/{total}")
            step["next"] = done + max(1, total // 10)

    return report


@dg.asset(**_STAGE, description="The files of the layer's source folders that the selection keeps "
          "(git-aware, .strataignore, built-in rules), and the ones it leaves out with their reasons.")
def selected_files(context: dg.AssetExecutionContext, strata: StrataStore) -> dg.Output[pa.Table]:
    with strata.database().connection() as conn:
        return _output(stages.select_stage(conn, context.partition_key))


@dg.asset(**_STAGE, description="The policy decision for every selected file and the plan against "
          "the store: added, updated, unchanged, removed or skipped, with reasons (by stat, no file read).")
def policy_decisions(context: dg.AssetExecutionContext, strata: StrataStore,
                     selected_files: pa.Table) -> dg.Output[pa.Table]:
    with strata.database().connection() as conn:
        return _output(stages.plan_stage(conn, context.partition_key, selected_files,
                                         max_file_size=strata.max_file_size))


@dg.asset(**_STAGE, description="Every new or changed file read and parsed: its text, pages, outline, "
          "front matter, date and flags, or why it failed.")
def parsed_documents(context: dg.AssetExecutionContext, strata: StrataStore,
                     policy_decisions: pa.Table) -> dg.Output[pa.Table]:
    return _output(stages.parse_stage(policy_decisions, max_file_size=strata.max_file_size,
                                      progress=_progress(context, "parsed")))


@dg.asset(**_STAGE, description="The structure map (sections) of every parsed document, with the "
          "layer's structure patterns.")
def structure_maps(context: dg.AssetExecutionContext, strata: StrataStore,
                   parsed_documents: pa.Table) -> dg.Output[pa.Table]:
    with strata.database().connection() as conn:
        return _output(stages.structure_stage(conn, context.partition_key, parsed_documents))


@dg.asset(**_STAGE, description="The chunks of every parsed document and the exact text embedded for "
          "each, with its hash.")
def chunks(context: dg.AssetExecutionContext, strata: StrataStore, parsed_documents: pa.Table,
           structure_maps: pa.Table) -> dg.Output[pa.Table]:
    with strata.database().connection() as conn:
        return _output(stages.chunk_stage(conn, context.partition_key, parsed_documents, structure_maps))


@dg.asset(**_STAGE, description="Vectors (fixed-size float32 lists) for the chunk texts the store has "
          "none for yet in the active model.")
def chunk_embeddings(context: dg.AssetExecutionContext, strata: StrataStore,
                     chunks: pa.Table) -> dg.Output[pa.Table]:
    with strata.database().connection() as conn:
        return _output(stages.embed_stage(conn, strata.embedder(), chunks, progress=_progress(context, "embedded")))


@dg.asset(partitions_def=layers_partitions, group_name=GROUP, kinds={"postgres"}, owners=OWNERS, tags=TAGS,
          description="The layer in the StrataKB store: versions, documents, chunks and vectors with "
          "their events, written under the layer's lock (a CLI sync of the same layer waits, or makes "
          "this run wait).")
def layer_store(context: dg.AssetExecutionContext, strata: StrataStore, selected_files: pa.Table,
                policy_decisions: pa.Table, parsed_documents: pa.Table, structure_maps: pa.Table,
                chunks: pa.Table, chunk_embeddings: pa.Table) -> dg.MaterializeResult:
    result = stages.store_stage(
        strata.database(), context.partition_key, selected=selected_files, planned=policy_decisions,
        parsed=parsed_documents, structure=structure_maps, chunks=chunks, embeddings=chunk_embeddings,
        embedder=strata.embedder(), actor=stages.DAGSTER_ACTOR, max_file_size=strata.max_file_size,
        on_wait=context.log.info, extra={"dagster_run_id": context.op_execution_context.run_id},
        progress=_progress(context, "stored"),
    )
    for note in result.notes:
        context.log.info(note)
    for err in result.errors:
        context.log.warning(f"{err.file}: {err.reason} {err.message or ''}".rstrip())
    with strata.database().connection() as conn:
        totals = layer_totals(conn).get(context.partition_key)
    layer = {"layer_documents": totals.documents, "layer_chunks": totals.chunks, "layer_bytes": totals.bytes,
             "dagster/row_count": totals.chunks} if totals is not None else {}
    return dg.MaterializeResult(metadata={**stages.result_counts(result), "model": result.model or "", **layer})


@dg.asset(partitions_def=layers_partitions, group_name=GROUP, kinds={"parquet"}, deps=[layer_store],
          owners=OWNERS, tags=TAGS,
          description="Every current CSV, TSV and XLSX sheet of the layer as a typed Parquet table (every row, "
          "for strata_table_query), under <data_dir>/tables; the tables of removed or replaced files are pruned.")
def tables(context: dg.AssetExecutionContext, strata: StrataStore) -> dg.MaterializeResult:
    done = tables_stage(strata.database(), context.partition_key, on_wait=context.log.info)
    for note in done.notes:
        context.log.warning(note)
    return dg.MaterializeResult(metadata=done.counts())


layer_assets = [selected_files, policy_decisions, parsed_documents, structure_maps, chunks, chunk_embeddings,
                layer_store, tables]
