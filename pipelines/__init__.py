"""The Dagster code location of StrataKB (loaded by workspace.yaml)."""
