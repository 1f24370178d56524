.PHONY: all lint test bench
all: lint test
lint:
	.venv/bin/ruff check .
test:
	.venv/bin/python -m pytest
bench:
	.venv/bin/python scripts/bench_ingest.py
