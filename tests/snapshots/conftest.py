"""Fixtures of the snapshot suite. The databases come from the session's embedded PostgreSQL
(tests/conftest.py `pg_server`), but their schema is made by the product itself: an empty
database is migrated by running `stratakb layers` against it, then cloned per test. So no fixture
here imports stratakb_core."""

from __future__ import annotations

import importlib.util
import shutil
import uuid
from pathlib import Path

import psycopg
import pytest

from tests.snapshots._support import CORPUS, REPO, product_env, run_stratakb

TEMPLATE = "snap_template"


@pytest.fixture(scope="session", autouse=True)
def _checkout_under_test():
    """The suite snapshots this checkout: stratakb_core must be imported from it, not from some other
    install (run with PYTHONPATH=<this checkout>)."""
    spec = importlib.util.find_spec("stratakb_core")
    assert spec is not None and spec.submodule_search_locations, "stratakb_core is not importable"
    where = [Path(p).resolve() for p in spec.submodule_search_locations]
    assert any(p.is_relative_to(REPO) for p in where), f"stratakb_core comes from {where}, not {REPO}"


@pytest.fixture(scope="session")
def snap_template(pg_server, tmp_path_factory) -> str:
    """An empty database migrated by the product (`stratakb layers` connects, so migrates)."""
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {TEMPLATE}")
        c.execute(f"CREATE DATABASE {TEMPLATE}")
    work = tmp_path_factory.mktemp("snap-template")
    p = run_stratakb(["layers", "--json"], product_env(pg_server.get_uri(database=TEMPLATE), work / "data"), work)
    assert p.returncode == 0, p.stderr
    return TEMPLATE


def _clone(pg_server, template: str):
    name = "snap_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return name, pg_server.get_uri(database=name)


def _drop(pg_server, name: str) -> None:
    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def snap_db(pg_server, snap_template) -> str:
    """A fresh migrated database for one test."""
    name, url = _clone(pg_server, snap_template)
    yield url
    _drop(pg_server, name)


@pytest.fixture(scope="module")
def module_db(pg_server, snap_template) -> str:
    """A fresh migrated database shared by one module's tests (a scenario run once)."""
    name, url = _clone(pg_server, snap_template)
    yield url
    _drop(pg_server, name)


def copy_corpus(dest: Path) -> Path:
    """The snapshot corpus (a copy of the bundled sample) in a folder named docs: layer `docs`."""
    root = dest / "docs"
    shutil.copytree(CORPUS, root)
    return root
