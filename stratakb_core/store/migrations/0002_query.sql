-- 0002: the structure map per document (exact clause lookup), interactions and what the server
-- learns (routing affinity, synonyms), API keys for the HTTP transport.

-- Sections of each document's structure map, projected from document_version_added events.
CREATE TABLE sections (
    document_id bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    ordinal     integer NOT NULL,
    layer       text NOT NULL,
    start_char  integer NOT NULL,
    end_char    integer NOT NULL,
    level       integer NOT NULL,
    heading     text,
    label       text,          -- normalised number or id: '7.2', 'article 12', 'annex ii', 'at-44'
    path        text[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (document_id, ordinal)
);
CREATE INDEX sections_label ON sections (label, layer) WHERE label IS NOT NULL;

-- Each ask and search, for the learning loop (queries scrubbed unless configured otherwise).
CREATE TABLE interactions (
    id          text PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    tool        text NOT NULL,
    query       text NOT NULL,
    layers      text[],
    searched    text[],
    status      text,
    confidence  text,
    chunk_ids   text[] NOT NULL DEFAULT '{}',
    details     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX interactions_time ON interactions (occurred_at);

-- Learned routing affinity of a content word to a layer (filled by the learning loop).
CREATE TABLE layer_affinities (
    layer    text NOT NULL,
    term     text NOT NULL,
    affinity real NOT NULL CHECK (affinity >= 0 AND affinity <= 1),
    PRIMARY KEY (layer, term)
);

-- Learned synonyms appended to a question's search (layer NULL: every layer).
CREATE TABLE synonyms (
    id          bigserial PRIMARY KEY,
    layer       text,
    term        text NOT NULL,
    synonym     text NOT NULL,
    usage_count integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX synonyms_key ON synonyms (coalesce(layer, ''), term, synonym);

-- Bearer keys for the HTTP transport, stored hashed (sha256), with a role.
CREATE TABLE api_keys (
    id         text PRIMARY KEY,
    key_hash   text NOT NULL UNIQUE,
    role       text NOT NULL CHECK (role IN ('viewer', 'operator', 'admin')),
    name       text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
