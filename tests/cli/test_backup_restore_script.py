"""scripts/backup_restore.py, the name the spec gives backups and layer transfer: it runs the same
commands as `stratakb backup|restore|export-layer|import-layer` (a real process, a real store)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO, cli_env, run_cli, write

SCRIPT = REPO / "scripts" / "backup_restore.py"


def _script(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=180, stdin=subprocess.DEVNULL)


def test_export_then_import_under_another_name_through_the_script(database_url, tmp_path):
    env = cli_env(database_url)
    docs = tmp_path / "docs"
    write(docs, "notes.md", "# Notes\n\nThe notice period is thirty days.\n")
    assert run_cli(["add", str(docs), "--name", "notes", "--yes", "--json"], env).returncode == 0
    archive = tmp_path / "notes.skb"
    out = _script(["export-layer", "notes", str(archive), "--json"], env)
    assert out.returncode == 0 and archive.stat().st_size > 0, out.stderr
    copy = tmp_path / "copy"
    write(copy, "notes.md", "# Notes\n\nThe notice period is thirty days.\n")
    out = _script(["import-layer", str(archive), "--root", str(copy), "--name", "notes2", "--yes", "--json"], env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["documents_imported"] == 1
    listed = json.loads(run_cli(["layers", "--json"], env).stdout)
    rows = listed.get("layers") if isinstance(listed, dict) else listed
    assert {"notes", "notes2"} <= {row["name"] for row in rows}


def test_an_unknown_command_is_a_usage_error(tmp_path):
    out = _script(["drop-everything"], cli_env(None, STRATA_DATA_DIR=str(tmp_path / "data")))
    assert out.returncode == 2 and "backup,restore,export-layer,import-layer" in out.stderr
