.PHONY: all lint test bench
all: lint test
lint:
	.venv/bin/ruff check .
test:
	.venv/bin/python -m pytest
bench:
	.venv/bin/python scripts/bench_ingest.py

dagster:
	DAGSTER_HOME=$(CURDIR)/dagster_home PYTHONWARNINGS='ignore:Function `dev_command` is superseded:FutureWarning' .venv/bin/dagster dev -w workspace.yaml
