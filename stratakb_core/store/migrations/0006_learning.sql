-- 0006: what the learning loop needs (asking-and-searching.txt, Feedback and What the server learns).
-- Interactions carry the client or session key, the variants searched, the passages in answer order
-- and the confidence basis; feedback_recorded, learning_promoted and learning_reset events project
-- into feedback, learning_state and the learned tables (synonyms, layer_affinities, learned_rewrites,
-- chunk_demotions). Synonyms stored before this rule (rule 1, the looser one) stop being applied and
-- are deleted on the next promoter run.

ALTER TABLE interactions ADD COLUMN client text;
ALTER TABLE interactions ADD COLUMN variants text[] NOT NULL DEFAULT '{}';
ALTER TABLE interactions ADD COLUMN passages jsonb NOT NULL DEFAULT '[]'::jsonb;  -- [{"id": "S1", "chunk_id": ...}]
ALTER TABLE interactions ADD COLUMN basis text;

ALTER TABLE synonyms ADD COLUMN rule integer NOT NULL DEFAULT 1;

-- Each strata_feedback call that was stored.
CREATE TABLE feedback (
    id             text PRIMARY KEY,
    interaction_id text NOT NULL,
    occurred_at    timestamptz NOT NULL DEFAULT now(),
    client         text,
    helpful        boolean NOT NULL,
    correct_layer  text,
    better_query   text,
    chunk_feedback jsonb NOT NULL DEFAULT '[]'::jsonb,  -- [{"key": "S2", "chunk_id": ..., "rating": ...}]
    not_stored     text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX feedback_time ON feedback (occurred_at);
CREATE INDEX feedback_interaction ON feedback (interaction_id);

-- The promoter's whole state (one row): evidence by observation id, so a run is idempotent.
CREATE TABLE learning_state (
    id             integer PRIMARY KEY CHECK (id = 1),
    state          jsonb NOT NULL,
    through_seq    bigint NOT NULL DEFAULT 0,   -- the last interaction_recorded seq the promoter had seen
    updated_seq    bigint NOT NULL,
    reset_at       timestamptz                  -- the last global reset
);

-- Learned rewrites: a question's content words (sorted) -> a rewrite that worked.
CREATE TABLE learned_rewrites (
    key          text NOT NULL,
    rewrite      text NOT NULL,
    layer        text,
    successes    real NOT NULL,
    failures     real NOT NULL,
    suggested_by text[] NOT NULL DEFAULT '{}',
    last_success timestamptz,
    PRIMARY KEY (key, rewrite)
);

-- Chunks several clients rated wrong or outdated: their ranking score is multiplied by this.
CREATE TABLE chunk_demotions (
    chunk_id   text PRIMARY KEY,
    multiplier real NOT NULL CHECK (multiplier > 0 AND multiplier <= 1)
);
