"""The knowledge store: the only code that sends SQL to PostgreSQL; does I/O.

connection (connections, migrations), events (the log and the one list of event types), projector
(each event type applied by one function), rebuild (verify-store), readers and document_reads and
table_reads and status (reading back), vectors (model vector tables), versions (document text),
locks (layer locks), receipts, interactions and keys (their events and reads).
"""
