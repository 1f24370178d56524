"""Dagster resources: configuration only; they build core objects and hold no logic."""


import dagster as dg

from stratakb_core.db import Database
from stratakb_core.settings import Settings


class StrataStore(dg.ConfigurableResource):
    """The StrataKB store, configured from the environment (DATABASE_URL, STRATA_DATA_DIR, ...)."""

    def settings(self) -> Settings:
        return Settings.from_env()

    def database(self) -> Database:
        return Database(self.settings())
