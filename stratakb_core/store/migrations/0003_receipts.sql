-- 0003: receipts, what strata_verify and extractive answers prove, projected from receipt_issued
-- events. A receipt holds what the server read from the documents (and, for a checked answer, the
-- draft it checked), so it opens without them; receipt_versions keeps every document version a
-- receipt cites from being removed while the receipt exists, so a later sync or rollback never
-- breaks one.
CREATE TABLE receipts (
    id         text PRIMARY KEY,
    issued_at  timestamptz NOT NULL DEFAULT now(),
    kind       text NOT NULL CHECK (kind IN ('verified_draft', 'extractive_answer')),
    verdict    text NOT NULL,
    body       jsonb NOT NULL,
    issued_seq bigint NOT NULL
);

CREATE TABLE receipt_versions (
    receipt_id text NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
    version_id text NOT NULL REFERENCES document_versions (id) ON DELETE RESTRICT,
    PRIMARY KEY (receipt_id, version_id)
);
CREATE INDEX receipt_versions_version ON receipt_versions (version_id);
