"""The store's schema as the product migrates it (tables, columns, indexes, applied migrations, from
information_schema and the catalog), the migration file names shipped in the package, and the
environment variables the package reads (found in its source text, wherever its modules live)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import psycopg

from tests.snapshots._support import assert_snapshot


def package_dir() -> Path:
    spec = importlib.util.find_spec("stratakb_core")
    assert spec is not None and spec.submodule_search_locations
    (location,) = spec.submodule_search_locations
    return Path(location)


def test_schema_of_a_freshly_migrated_store(snap_db):
    with psycopg.connect(snap_db) as c:
        tables = [r[0] for r in c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            " AND table_type = 'BASE TABLE' ORDER BY table_name")]
        views = [r[0] for r in c.execute(
            "SELECT table_name FROM information_schema.views WHERE table_schema = 'public' ORDER BY table_name")]
        columns: dict[str, list[str]] = {}
        for table, column, data_type, udt, nullable, default in c.execute(
                "SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default"
                " FROM information_schema.columns WHERE table_schema = 'public'"
                " ORDER BY table_name, ordinal_position"):
            kind = udt if data_type in ("USER-DEFINED", "ARRAY") else data_type
            columns.setdefault(table, []).append(
                f"{column} {kind}{'' if nullable == 'YES' else ' NOT NULL'}"
                f"{'' if default is None else ' DEFAULT ' + default}")
        indexes: dict[str, list[str]] = {}
        for table, definition in c.execute(
                "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname"):
            indexes.setdefault(table, []).append(definition)
        constraints: dict[str, list[str]] = {}
        for table, name, kind in c.execute(
                "SELECT table_name, constraint_name, constraint_type FROM information_schema.table_constraints"
                " WHERE table_schema = 'public' AND constraint_type <> 'CHECK' ORDER BY table_name, constraint_name"):
            constraints.setdefault(table, []).append(f"{name} {kind}")
        migrations = [f"{v} {n}" for v, n in c.execute("SELECT version, name FROM schema_migrations ORDER BY version")]
        extensions = sorted(r[0] for r in c.execute("SELECT extname FROM pg_extension"))
    assert "events" in tables and migrations
    assert_snapshot("store/schema.json", {
        "tables": tables, "views": views, "columns": columns, "indexes": indexes, "constraints": constraints,
        "applied_migrations": migrations, "extensions": extensions,
    })


def test_migration_file_names():
    names = sorted(p.name for p in package_dir().glob("**/migrations/*.sql"))
    assert names
    assert_snapshot("store/migrations.json", names)


# A name the product reads from the environment: upper case, at least four characters.
NAME = r"[A-Z][A-Z0-9_]{3,}"
# A read of the environment, up to the key: os.environ[, os.environ.get(, environ.pop(, os.getenv(,
# env.get(, env[ (settings take the environment as a mapping named env)
ENV_READ = r"\b(?:environ|getenv|env)\s*(?:\.\s*(?:get|pop|setdefault)\s*)?[\[(]\s*"
DIRECT = re.compile(ENV_READ + r"[\"'](" + NAME + r")[\"']")
# A helper handed the environment and the name: _bool(env, "X", ...), _int(os.environ, "X")
HANDED = re.compile(r"\b\w+\(\s*(?:os\.)?(?:environ|env)\s*,\s*[\"'](" + NAME + r")[\"']")
# A helper that reads the environment with one of its parameters: def num(name, ...): os.environ.get(name ...)
WRAPPER = re.compile(r"^([ \t]*)def\s+(\w+)\(([^)]*)\)", re.MULTILINE)


def env_names(text: str) -> set[str]:
    names = set(DIRECT.findall(text)) | set(HANDED.findall(text))
    for m in WRAPPER.finditer(text):
        indent, func, params = m.group(1), m.group(2), m.group(3)
        body_lines = []
        for line in text[m.end():].splitlines()[1:]:
            if line.strip() and not line.startswith(indent + " ") and not line.startswith(indent + "\t"):
                break
            body_lines.append(line)
        body = "\n".join(body_lines)
        for param in re.findall(r"(\w+)\s*(?::[^,]*)?(?:,|$)", params):
            if re.search(ENV_READ + re.escape(param) + r"\b", body):
                names |= set(re.findall(r"\b" + re.escape(func) + r"\(\s*[\"'](" + NAME + r")[\"']", text))
    return names


def test_env_var_detection_finds_each_form():
    sample = (
        'a = os.environ.get("ALPHA_ONE", "x")\nb = os.environ["BETA_TWO"]\nc = os.getenv("GAMMA")\n'
        'd = _bool(env, "DELTA_FOUR", True)\ne = env.get("EPSILON")\n'
        "def helper():\n    def num(name, default):\n        return float(os.environ.get(name, default))\n"
        '    return num("ZETA_SIX", 1)\nf = something("NOT_AN_ENV_VAR")\n'
    )
    assert env_names(sample) == {"ALPHA_ONE", "BETA_TWO", "GAMMA", "DELTA_FOUR", "EPSILON", "ZETA_SIX"}


def test_environment_variable_names():
    names: set[str] = set()
    for path in sorted(package_dir().rglob("*.py")):
        names |= env_names(path.read_text(encoding="utf-8"))
    assert {"DATABASE_URL", "EMBEDDING_BACKEND"} <= names
    assert_snapshot("store/env_vars.json", sorted(names))
