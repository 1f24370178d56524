-- 0007: the per-layer lexeme document frequencies hybrid search ranks keywords by (issue 13).
-- df is the number of the layer's chunks whose full-text vector holds the lexeme; the row with the
-- empty lexeme holds the layer's number of chunks. Maintained with the chunks by the projector (in
-- the same transaction, store/lexeme_df.py), rebuilt by verify-store; a derived cache, not event state.
CREATE TABLE lexeme_df (
    layer  text NOT NULL,
    lexeme text NOT NULL,
    df     integer NOT NULL,
    PRIMARY KEY (lexeme, layer)
);

INSERT INTO lexeme_df (layer, lexeme, df)
SELECT c.layer, l, count(*) FROM chunks c, unnest(tsvector_to_array(c.tsv)) AS l GROUP BY c.layer, l
UNION ALL
SELECT c.layer, '', count(*) FROM chunks c GROUP BY c.layer;
