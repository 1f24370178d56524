"""`stratakb preset apply` and `scripts/apply_preset.py` as a user runs them: a real process, a
real PostgreSQL, exit codes 0/2/3 and output checked."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import psycopg
import yaml

from tests.conftest import REPO, cli_env, run_cli, write

SCRIPT = REPO / "scripts" / "apply_preset.py"


def make_kit(tmp_path: Path, **changes) -> Path:
    folder = tmp_path / "kit"
    write(folder, "runbooks/failover.md", "# Failover\n\n## Promote\n\nPromote the replica, then repoint.\n")
    data = {
        "name": "runbooks", "display_name": "Ops Runbooks", "description": "Incident runbooks.",
        "routing_patterns": [r"\brunbooks?\b"], "archived_patterns": ["archive/", "*-2024.md", "!keep.md"],
        "sources": [{"name": "runbooks", "path": "runbooks"},
                    {"name": "postmortems", "path": "postmortems", "download": "https://wiki.example.com/pm"}],
        **changes,
    }
    return write(folder, "preset.yaml", yaml.safe_dump(data, sort_keys=False))


def run_script(args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, cwd=REPO)


def event_count(database_url: str) -> int:
    with psycopg.connect(database_url) as conn:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])


def dead_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"postgresql://strata@127.0.0.1:{port}/strata"


def test_apply_creates_the_layer_and_reports_missing_folders_with_their_link(database_url, tmp_path):
    path = make_kit(tmp_path)
    p = run_cli(["preset", "apply", str(path)], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    assert "layer runbooks created" in p.stdout
    assert "postmortems: missing folder" in p.stdout and "download: https://wiki.example.com/pm" in p.stdout
    again = run_cli(["preset", "apply", str(path), "--json"], cli_env(database_url))
    assert again.returncode == 0, again.stderr
    data = json.loads(again.stdout)
    assert data["layer_action"] == "unchanged" and data["layer_changes"] == {}
    assert data["chunks_embedded"] == 0 and data["chunks_reused"] == data["chunks_stored"] > 0
    assert data["missing"] == [{"name": "postmortems", "folder": str(tmp_path / "kit" / "postmortems"),
                                "download": "https://wiki.example.com/pm"}]


def test_dry_run_lists_layer_check_and_layer_changes_and_writes_nothing(database_url, tmp_path):
    path = make_kit(tmp_path)
    env = cli_env(database_url)
    p = run_cli(["preset", "apply", str(path), "--dry-run", "--json"], env)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["status"] == "dry_run" and data["layer_check"] == "would_create"
    assert event_count(database_url) == 0
    assert run_cli(["preset", "apply", str(path)], env).returncode == 0
    make_kit(tmp_path, description="Runbooks for the on-call rota.")
    p = run_cli(["preset", "apply", str(path), "--dry-run"], env)
    assert p.returncode == 0
    assert "layer runbooks: would_update" in p.stdout
    assert "description: 'Incident runbooks.' -> 'Runbooks for the on-call rota.'" in p.stdout


def test_invalid_presets_exit_2_with_one_line_naming_the_key(database_url, tmp_path):
    env = cli_env(database_url)
    cases = {
        "name: runbooks\nsources: [{name: a, path: a}]\nfolder: x\n": "key 'folder' is unknown",
        "name: runbooks\narchived_patterns: [*-2024.md]\nsources: []\n": "quote it",
        "name: runbooks\nrouting_patterns: ['(a+)+']\nsources: [{name: a, path: a}]\n":
            "routing_patterns[0] '(a+)+' is refused: repeats a repeated part",
        "name: runbooks\nsources: [{name: a, path: ../../etc}]\n": "leaves the preset's folder",
        "name: Runbooks!\nsources: [{name: a, path: a}]\n": "not a safe layer name",
    }
    for text, words in cases.items():
        path = write(tmp_path / "bad", "preset.yaml", text)
        p = run_cli(["preset", "apply", str(path)], env)
        assert p.returncode == 2, (text, p.stderr)
        assert words in p.stderr.replace("\\\\", "\\"), (words, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1
        pj = run_cli(["preset", "apply", str(path), "--json"], env)
        assert pj.returncode == 2 and json.loads(pj.stdout)["error"]["code"] == "invalid_preset"
    assert event_count(database_url) == 0


def test_a_layer_made_by_add_is_refused_with_exit_2(database_url, tmp_path):
    env = cli_env(database_url)
    other = tmp_path / "other"
    write(other, "notes.md", "# Notes\n\nWords.\n")
    assert run_cli(["add", str(other), "--name", "runbooks"], env).returncode == 0
    before = event_count(database_url)
    p = run_cli(["preset", "apply", str(make_kit(tmp_path))], env)
    assert p.returncode == 2 and "was made with stratakb add" in p.stderr
    dry = run_cli(["preset", "apply", str(make_kit(tmp_path)), "--dry-run", "--json"], env)
    assert dry.returncode == 2 and json.loads(dry.stdout)["layer_check"] == "refused"
    assert event_count(database_url) == before


def test_an_unreachable_database_exits_3_and_the_dry_run_says_unknown(tmp_path):
    env = cli_env(dead_url())
    path = make_kit(tmp_path)
    p = run_cli(["preset", "apply", str(path)], env)
    assert p.returncode == 3 and "database unreachable" in p.stderr
    dry = run_cli(["preset", "apply", str(path), "--dry-run", "--json"], env)
    assert dry.returncode == 3
    data = json.loads(dry.stdout)
    assert data["layer_check"] == "unknown" and data["status"] == "unknown"


def test_the_scripts_dry_run_only_parses_and_needs_no_database(tmp_path):
    env = cli_env(dead_url())
    p = run_script([str(make_kit(tmp_path)), "--dry-run"], env)
    assert p.returncode == 0, p.stderr
    assert "layer runbooks: parsed" in p.stdout and "postmortems: missing folder" in p.stdout
    bad = write(tmp_path / "bad", "preset.yaml", "name: runbooks\nsources: [{name: a, path: /etc}]\n")
    p = run_script([str(bad), "--dry-run"], env)
    assert p.returncode == 2 and "sources[0].path '/etc' is absolute" in p.stderr


def test_the_script_builds_the_layer(database_url, tmp_path):
    env = cli_env(database_url)
    p = run_script([str(make_kit(tmp_path)), "--json"], env)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["layer_action"] == "created" and data["files_added"] == 1
    p = run_script([str(make_kit(tmp_path, answer_mode="sometimes"))], env)
    assert p.returncode == 2 and "answer_mode 'sometimes' is not grounded or extractive" in p.stderr


def test_the_shipped_sepa_preset_works_before_anything_is_downloaded(database_url):
    p = run_script(["presets/sepa/preset.yaml"], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    assert "layer sepa created" in p.stdout
    assert "rulebooks: missing folder" in p.stdout and "europeanpaymentscouncil.eu" in p.stdout


def test_the_shipped_peps_preset_applies_with_a_docs_root(database_url, tmp_path):
    import shutil

    corpora = tmp_path / "corpora"
    (corpora / "peps").mkdir(parents=True)
    for name in ("pep-0008.rst", "pep-0020.rst"):
        shutil.copy(REPO / "tests" / "fixtures" / name, corpora / "peps" / name)
    p = run_cli(["preset", "apply", str(REPO / "presets" / "peps" / "preset.yaml"),
                 "--docs-root", str(corpora), "--json"], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["layer_action"] == "created" and data["missing"] is None and data["files_added"] == 2
