"""Dagster assets of the learning loop: `learned_rewrites` runs the promoter (learned rewrites and
synonyms, chunk demotions, the decay of stale rewrites) and `layer_affinities` reports the layer
affinities it produced; each body is one call into the core (stratakb_core.query.run_promoter /
learning_stats), the same the MCP server runs every 50 interactions. The promoter is idempotent, so
materializing these after the server already promoted changes nothing.
"""

# No `from __future__ import annotations`: Dagster reads the annotation of `context`.

import dagster as dg

from resources import StrataStore
from stratakb_core.query import learning_stats, run_promoter

GROUP = "learning"
DAGSTER_ACTOR = "dagster"


@dg.asset(group_name=GROUP, kinds={"postgres"}, owners=["team:knowledge-platform"], tags={"domain": "knowledge"},
          description="Learned rewrites and synonyms (and chunk demotions, the decay of stale rewrites): the "
          "promoter over the lookback window's interactions and feedback; idempotent.")
def learned_rewrites(context: dg.AssetExecutionContext, strata: StrataStore) -> dg.MaterializeResult:
    with strata.database().connection() as conn:
        result = run_promoter(conn, actor=DAGSTER_ACTOR)
    context.log.info(f"promoter: {result.as_dict()}")
    return dg.MaterializeResult(metadata={k: v for k, v in result.as_dict().items()
                                          if isinstance(v, int | bool) and v is not None})


@dg.asset(group_name=GROUP, kinds={"postgres"}, deps=[learned_rewrites], owners=["team:knowledge-platform"],
          tags={"domain": "knowledge"},
          description="Which layers a kind of question belongs to (routing's learned affinity), as the "
          "promoter left them.")
def layer_affinities(context: dg.AssetExecutionContext, strata: StrataStore) -> dg.MaterializeResult:
    with strata.database().connection() as conn:
        stats = learning_stats(conn, enabled=strata.settings().learning_enabled)
    top = stats["layer_affinities"][:10]
    return dg.MaterializeResult(metadata={
        "layer_affinities": stats["counts"]["layer_affinities"], "synonyms": stats["counts"]["synonyms"],
        "top": dg.MetadataValue.md("\n".join(f"- {a['term']} -> {a['layer']}: {a['affinity']}" for a in top)
                                   or "(none)")})


learning_assets = [learned_rewrites, layer_affinities]
