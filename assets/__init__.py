"""Dagster assets: thin wrappers over the stratakb_core stage functions, one partition per layer."""


import dagster as dg

from resources import StrataStore
from stratakb_core import store
from stratakb_core.ingest import AddOptions, add_folder

layers_partitions = dg.DynamicPartitionsDefinition(name="layers")


@dg.asset(
    partitions_def=layers_partitions,
    description="Sync the layer's source folders into the store (selection, policy, parse, chunk, "
    "embed, store): the same core call as `stratakb add`.",
    kinds={"postgres"},
)
def layer_store(context: dg.AssetExecutionContext, strata: StrataStore) -> dg.MaterializeResult:
    layer = context.partition_key
    settings = strata.settings()
    db = strata.database()
    with db.connection() as conn:
        roots = [s.root for s in store.sources(conn) if s.layer == layer]
    if not roots:
        raise dg.Failure(f"layer {layer!r} has no source folder in the store")
    totals: dict[str, int] = {}
    errors = 0
    for root in roots:
        result = add_folder(db, settings, AddOptions(folder=root, yes=True, allow_broad=True))
        for key in ("files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped",
                    "files_flagged", "chunks_stored", "chunks_embedded", "chunks_reused"):
            totals[key] = totals.get(key, 0) + int(getattr(result, key))
        errors += len(result.errors)
    return dg.MaterializeResult(metadata={**totals, "errors": errors, "sources": len(roots)})
