"""The read side: search, routing, reranking, the answer engine, verification and receipts over the
materialized store."""
