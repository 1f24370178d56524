"""The `stratakb` command line (a driver): `main` is the console script's entry point."""

from stratakb_core.cli.main import main

__all__ = ["main"]
