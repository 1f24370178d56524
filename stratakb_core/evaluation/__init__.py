"""`stratakb eval` (a driver): golden sets, retrieval metrics and the runner over the query side."""
