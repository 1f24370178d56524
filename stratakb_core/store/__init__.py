"""The knowledge store: the only code that sends SQL to PostgreSQL (connections, migrations, events,
projections, readers, vector tables, keys); does I/O."""
