"""Dagster resources: configuration only; they build core objects and hold no logic.

`StrataStore` builds the core's Settings, Database and Embedder from the environment the run
starts in (DATABASE_URL, EMBEDDING_BACKEND, EMBEDDING_MODEL, ...); a field set on the resource
wins over its variable. `ParquetIOManager` keeps each intermediate stage output as one Parquet
file per asset and layer, written atomically.
"""

import os
import uuid
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import PrivateAttr

from stratakb_core.embedding import Embedder, build_embedder
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.stage_tables import stage_storage_dir
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database


class StrataStore(dg.ConfigurableResource):
    """The StrataKB store and embedding model, configured as the CLI is (environment variables).

    The definitions set database_url from `EnvVar("DATABASE_URL")` when it is set, so the UI shows
    the variable's name, never the URL and its password."""

    database_url: str | None = None
    embedding_backend: str | None = None
    embedding_model: str | None = None
    max_file_size_mb: float = 50.0

    def settings(self) -> Settings:
        env = dict(os.environ)
        for name, value in (("DATABASE_URL", self.database_url), ("EMBEDDING_BACKEND", self.embedding_backend),
                            ("EMBEDDING_MODEL", self.embedding_model)):
            if value:
                env[name] = value
        return Settings.from_env(env)

    def database(self) -> Database:
        return Database(self.settings())

    def embedder(self) -> Embedder:
        return build_embedder(self.settings())

    @property
    def max_file_size(self) -> int:
        return int(self.max_file_size_mb * 1024 * 1024)


class ParquetIOManager(dg.ConfigurableIOManager):
    """Arrow tables as Parquet: `<base_dir>/<asset>/<layer>.parquet`, replaced atomically.

    base_dir: this field, else STRATA_DAGSTER_STORAGE, else the instance's storage folder
    ($DAGSTER_HOME/storage). `stratakb inspect` reads the same files with DuckDB.
    """

    base_dir: str | None = None
    _root: Path | None = PrivateAttr(default=None)

    def setup_for_execution(self, context: dg.InitResourceContext) -> None:
        if self.base_dir:
            self._root = Path(self.base_dir)
        elif os.environ.get("STRATA_DAGSTER_STORAGE"):
            self._root = stage_storage_dir(os.environ)
        elif context.instance is not None:
            self._root = Path(context.instance.storage_directory())
        else:
            self._root = stage_storage_dir(os.environ)

    def _path(self, asset_key: dg.AssetKey, partition: str) -> Path:
        if self._root is None:
            raise dg.Failure("the Parquet IO manager has no base folder: set base_dir, "
                             "STRATA_DAGSTER_STORAGE or DAGSTER_HOME")
        # Layer names are restricted to these characters, so a partition key is a safe file name.
        if not LAYER_NAME_RE.match(partition):
            raise dg.Failure(f"{partition!r} is not a layer name, so not a partition key this location accepts")
        return self._root.joinpath(*asset_key.path, f"{partition}.parquet")

    def handle_output(self, context: dg.OutputContext, obj: pa.Table) -> None:
        path = self._path(context.asset_key, context.asset_partition_key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
        try:
            with open(tmp, "wb") as f:
                pq.write_table(obj, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)  # readers see the old file or the new one, never half of one
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        context.add_output_metadata({"path": dg.MetadataValue.path(str(path)), "rows": obj.num_rows,
                                     "bytes": path.stat().st_size})

    def load_input(self, context: dg.InputContext) -> pa.Table:
        # An asset check's input has no asset partition of its own in a backfill's run: the run's
        # partition (one layer per run) is the one it reads.
        try:
            partition = context.asset_partition_key
        except dg.DagsterInvariantViolationError:
            partition = context.partition_key
        except Exception:  # dagster's check.CheckError, not exported
            partition = context.partition_key
        path = self._path(context.asset_key, partition)
        if not path.exists():
            raise dg.Failure(f"no stage output at {path}: materialize the upstream asset for this layer first")
        return pq.read_table(path)
