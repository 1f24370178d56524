-- 0004: interactions and API keys became projections of events (interaction_recorded,
-- api_key_created with the key's sha256, api_key_revoked). Rows written before that get their
-- events here, stamped with the rows' own times, so a replay of the log rebuilds them. Keys whose
-- api_key_created event lacks key_hash get a second one that carries it (the first stays, as the
-- log is append-only; the projector skips a creation without a hash).
SELECT pg_advisory_xact_lock(1398013954, 0);  -- LOCK_NAMESPACE_EVENTS: seq order is commit order

WITH missing AS (
    SELECT i.occurred_at, 0 AS step, i.id, 'interaction_recorded' AS type,
           jsonb_build_object('id', i.id, 'tool', i.tool, 'query', i.query, 'layers', to_jsonb(i.layers),
                              'searched', to_jsonb(i.searched), 'status', i.status,
                              'confidence', i.confidence, 'chunk_ids', to_jsonb(i.chunk_ids),
                              'details', i.details) AS payload
    FROM interactions i
    WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'interaction_recorded' AND e.payload->>'id' = i.id)
    UNION ALL
    SELECT k.created_at, 0, k.id, 'api_key_created',
           jsonb_build_object('id', k.id, 'role', k.role, 'name', k.name, 'key_hash', k.key_hash)
    FROM api_keys k
    WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'api_key_created' AND e.payload->>'id' = k.id
                                                AND e.payload ? 'key_hash')
    UNION ALL
    SELECT k.revoked_at, 1, k.id, 'api_key_revoked',
           jsonb_build_object('id', k.id, 'role', k.role, 'name', k.name)
    FROM api_keys k
    WHERE k.revoked_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.type = 'api_key_created' AND e.payload->>'id' = k.id
                                                AND e.payload ? 'key_hash')
)
INSERT INTO events (seq, occurred_at, type, layer, run_id, actor, payload)
SELECT (SELECT coalesce(max(seq), 0) FROM events) + row_number() OVER (ORDER BY occurred_at, step, id),
       occurred_at, type, NULL, NULL, 'migration:0004', payload
FROM missing;
