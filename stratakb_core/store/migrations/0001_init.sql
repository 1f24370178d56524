-- 0001: events, projections, full-text index, embedding model registry.
CREATE EXTENSION IF NOT EXISTS vector;

-- The truth: one row per fact, never updated or deleted. seq is assigned under a global
-- advisory lock held to commit, so seq order is commit order and readers can tail by seq
-- without missing a row committed late by a slower writer.
CREATE TABLE events (
    seq         bigint PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    type        text NOT NULL,
    layer       text,
    run_id      text,
    actor       text NOT NULL,
    payload     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX events_layer_seq ON events (layer, seq);
CREATE INDEX events_type_seq ON events (type, seq);

CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();

-- Projections, rebuilt from events + document_versions by stratakb_core.rebuild.
CREATE TABLE layers (
    name               text PRIMARY KEY,
    display_name       text NOT NULL,
    description        text NOT NULL DEFAULT '',
    origin             jsonb,
    chunk_config       jsonb NOT NULL,
    routing_patterns   jsonb NOT NULL DEFAULT '[]'::jsonb,
    structure_patterns jsonb NOT NULL DEFAULT '[]'::jsonb,
    answer_mode        text NOT NULL DEFAULT 'grounded' CHECK (answer_mode IN ('grounded', 'extractive')),
    archived_patterns  jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_seq        bigint NOT NULL,
    updated_seq        bigint NOT NULL
);

CREATE TABLE sources (
    id          bigint PRIMARY KEY,
    layer       text NOT NULL REFERENCES layers (name) ON DELETE CASCADE,
    name        text NOT NULL,
    root        text NOT NULL UNIQUE,
    created_seq bigint NOT NULL
);
CREATE SEQUENCE sources_id_seq OWNED BY sources.id;

-- The extracted text, once per version; the id is the sha256 of the text (content-addressed).
CREATE TABLE document_versions (
    id         text PRIMARY KEY,
    text       text NOT NULL,
    kind       text NOT NULL,
    first_line integer NOT NULL DEFAULT 1,
    pages      jsonb
);

CREATE TABLE documents (
    id           bigint PRIMARY KEY,
    layer        text NOT NULL REFERENCES layers (name) ON DELETE CASCADE,
    source_id    bigint NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
    path         text NOT NULL,
    version_id   text NOT NULL REFERENCES document_versions (id),
    content_hash text NOT NULL,  -- sha256 of the file's bytes: "same content" means same bytes
    date         date,
    date_source  text CHECK (date_source IN ('front_matter', 'file')),
    supersedes   text,
    flags        jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_seq  bigint NOT NULL,
    -- A stat cache for fast no-change syncs; not part of the event-derived state.
    size         bigint NOT NULL,
    mtime_ns     bigint NOT NULL,
    UNIQUE (source_id, path)
);
CREATE SEQUENCE documents_id_seq OWNED BY documents.id;
CREATE INDEX documents_layer ON documents (layer);

CREATE TABLE chunks (
    id           text PRIMARY KEY,
    document_id  bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    layer        text NOT NULL,
    version_id   text NOT NULL REFERENCES document_versions (id),
    ordinal      integer NOT NULL,
    start_char   integer NOT NULL,
    end_char     integer NOT NULL,
    line_start   integer NOT NULL,
    line_end     integer NOT NULL,
    page         integer,
    section_path text[] NOT NULL DEFAULT '{}',
    clause_path  text,
    metadata     jsonb NOT NULL DEFAULT '{}'::jsonb,
    embed_hash   bytea NOT NULL,  -- sha256 of the exact text embedded (with its context prefix)
    text         text NOT NULL,   -- = document_versions.text[start_char:end_char]
    tsv          tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED
);
CREATE INDEX chunks_document ON chunks (document_id, ordinal);
CREATE INDEX chunks_layer ON chunks (layer);
CREATE INDEX chunks_embed_hash ON chunks (embed_hash);
CREATE INDEX chunks_tsv ON chunks USING gin (tsv);

-- One vector table per embedding model (its own dimension and HNSW index); one model active.
CREATE TABLE embedding_models (
    model        text PRIMARY KEY,
    dimensions   integer NOT NULL CHECK (dimensions > 0 AND dimensions <= 16000),
    table_name   text NOT NULL UNIQUE,
    active       boolean NOT NULL DEFAULT false,
    activated_at timestamptz
);
CREATE UNIQUE INDEX embedding_models_one_active ON embedding_models (active) WHERE active;
