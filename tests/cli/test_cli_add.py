"""`stratakb add`, `search`, `layers` and `events` as a user runs them: a real process, a real
PostgreSQL, exit codes and output checked."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.conftest import cli_env, run_cli, write


def test_add_reports_counts_and_exits_0(database_url, docs):
    p = run_cli(["add", str(docs)], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    assert "Layer docs created" in p.stdout
    assert "5 added" in p.stdout


def test_add_json_is_valid_and_has_the_spec_counts(database_url, docs):
    p = run_cli(["add", str(docs), "--json"], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    for key in ("files_added", "files_updated", "files_unchanged", "files_removed", "files_skipped",
                "files_flagged"):
        assert key in data
    assert data["files_added"] == 5 and data["errors"] is None and data["flagged"] is None


def test_hostile_file_names_are_escaped_one_line_per_file(database_url, docs):
    stems = ["evil\nname", "ansi\x1b[31mred", "bidi\u202etxt", "del\x7f", "c1\x85"]
    for stem in stems:
        write(docs, stem + ".md", "# Title\n\nSome text.\n")  # ingested
        write(docs, stem + ".py", "x = 1\n")  # skipped as code, so listed in the report
    p = run_cli(["add", str(docs)], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    out = p.stdout
    for ch in ("\x1b", "\u202e", "\x7f", "\x85"):
        assert ch not in out
    lines = out.splitlines()
    assert "  evil\\nname.py (code)" in lines
    assert "  ansi\\x1b[31mred.py (code)" in lines
    assert sum(line.endswith("(code)") for line in lines) == 5  # one line per file
    pj = run_cli(["add", str(docs), "--json"], cli_env(database_url))
    raw = pj.stdout
    for ch in ("\x7f", "\x85", "\u202e", "\x1b"):
        assert ch not in raw
    data = json.loads(raw)
    assert {s["file"] for s in data["skipped"]} == {stem + ".py" for stem in stems}
    assert data["files_unchanged"] == 10  # the five .md files went in on the first run


def test_a_damaged_pdf_is_one_error_line_naming_it_and_nothing_else_on_stderr(database_url, docs):
    """pypdf's own repair warnings ("EOF marker not found") reached stderr as lines naming no file."""
    write(docs, "damaged.pdf", b"%PDF-1.4 cut short")
    p = run_cli(["add", str(docs)], cli_env(database_url))
    assert p.returncode == 1  # a file failed, the rest went in
    assert "  damaged.pdf (parse_error): unreadable PDF" in "\n".join(p.stdout.splitlines())
    assert "EOF marker" not in p.stderr and "EOF marker" not in p.stdout
    assert p.stderr.strip() == "", p.stderr


def test_skipped_files_are_listed_with_reasons(database_url, docs):
    write(docs, "tool\nconfig.py", "x = 1\n")
    write(docs, ".env", "SECRET=1\n")
    write(docs, "node_modules/pkg/readme.md", "# pkg\n")
    p = run_cli(["add", str(docs)], cli_env(database_url))
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert "  tool\\nconfig.py (code)" in lines
    assert "  .env (hidden)" in lines
    assert "  node_modules (builtin_folder)" in lines


def test_missing_folder_file_instead_and_bad_name_exit_2(database_url, docs, tmp_path):
    env = cli_env(database_url)
    p = run_cli(["add", str(tmp_path / "missing")], env)
    assert p.returncode == 2 and "folder not found" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    f = write(tmp_path, "f.md", "# x\n")
    p = run_cli(["add", str(f)], env)
    assert p.returncode == 2 and "not a folder" in p.stderr
    p = run_cli(["add", str(docs), "--name", "Bad Name!"], env)
    assert p.returncode == 2 and "invalid layer name" in p.stderr
    p = run_cli(["add", str(docs), "--max-file-size", "-3"], env)
    assert p.returncode == 2


def test_unreachable_database_exits_3_with_one_line(docs):
    env = cli_env("postgresql://nobody:secretpw@127.0.0.1:1/none?connect_timeout=2")
    p = run_cli(["add", str(docs)], env)
    assert p.returncode == 3
    assert "database unreachable" in p.stderr and "secretpw" not in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    pj = run_cli(["add", str(docs), "--json"], env)
    assert pj.returncode == 3 and json.loads(pj.stdout)["error"]["code"] == "database_unavailable"


def test_database_where_pgvector_cannot_be_enabled_exits_3_naming_pgvector(pg_server, docs):
    import psycopg

    with psycopg.connect(pg_server.get_uri(), autocommit=True) as c:
        c.execute("DROP DATABASE IF EXISTS plain_db")
        c.execute("DROP ROLE IF EXISTS plain_user")
        c.execute("CREATE ROLE plain_user LOGIN")
        c.execute("CREATE DATABASE plain_db OWNER plain_user")
    url = pg_server.get_uri(database="plain_db").replace("postgres:@", "plain_user:@")
    p = run_cli(["add", str(docs)], cli_env(url))
    assert p.returncode == 3, p.stderr
    assert "pgvector" in p.stderr and "CREATE EXTENSION vector" in p.stderr


def test_broad_path_in_a_script_refuses_naming_the_flag(database_url, tmp_path):
    home = tmp_path / "home"
    write(home, "notes.md", "# Notes\n\nText.\n")
    env = cli_env(database_url, HOME=str(home))
    p = run_cli(["add", str(home)], env)
    assert p.returncode == 2 and "--allow-broad" in p.stderr
    pj = run_cli(["add", str(home), "--json"], env)
    assert pj.returncode == 2 and json.loads(pj.stdout)["error"]["flag"] == "--allow-broad"
    p2 = run_cli(["add", str(home), "--allow-broad"], env)
    assert p2.returncode == 0, p2.stderr


def test_local_only_refuses_remote_embedding_and_writes_nothing(database_url, docs, conn):
    env = cli_env(database_url, EMBEDDING_BACKEND="openai_compatible",
                  EMBEDDING_BASE_URL="https://api.example.com/v1", EMBEDDING_API_KEY="sk-test",
                  STRATA_LOCAL_ONLY="true")
    p = run_cli(["add", str(docs), "--json"], env)
    assert p.returncode == 2
    assert json.loads(p.stdout)["error"]["code"] == "local_only"
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0


def test_unknown_backend_and_missing_key_refuse_as_embedding_setup(database_url, docs):
    p = run_cli(["add", str(docs), "--json"], cli_env(database_url, EMBEDDING_BACKEND="magic"))
    assert p.returncode == 2 and json.loads(p.stdout)["error"]["code"] == "embedding_setup"
    env = cli_env(database_url, EMBEDDING_BACKEND="openai_compatible",
                  EMBEDDING_BASE_URL="https://api.example.com/v1")
    p = run_cli(["add", str(docs), "--json"], env)
    assert p.returncode == 2 and json.loads(p.stdout)["error"]["code"] == "embedding_setup"


def test_search_returns_cited_passages(database_url, docs):
    env = cli_env(database_url)
    assert run_cli(["add", str(docs)], env).returncode == 0
    p = run_cli(["search", "ninety days written notice", "--json"], env)
    assert p.returncode == 0, p.stderr
    res = json.loads(p.stdout)["results"]
    top = res[0]
    assert top["file"] == "contracts/acme-msa.md" and "ninety (90) days" in top["text"]
    assert top["section_path"] == "Master Services Agreement > 7 Termination > 7.2"
    assert top["layer"] == "docs" and top["lines"]
    p2 = run_cli(["search", "ninety days", "--layer", "nope"], env)
    assert p2.returncode == 2 and "unknown layer(s): nope; known layers: docs" in p2.stderr


def test_layers_and_events_commands(database_url, docs):
    env = cli_env(database_url)
    run_cli(["add", str(docs)], env)
    p = run_cli(["layers", "--json"], env)
    assert json.loads(p.stdout)["layers"][0]["name"] == "docs"
    e = run_cli(["events", "--json", "--limit", "500"], env)
    types = [x["type"] for x in json.loads(e.stdout)["events"]]
    assert types.count("run_finished") == 1 and "layer_created" in types


class _SlowEmbeddings(BaseHTTPRequestHandler):
    """An OpenAI-compatible embeddings endpoint that takes a while per request."""

    delay = 0.4

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        time.sleep(self.delay)
        data = [{"index": i, "embedding": [1.0] + [0.0] * 7} for i in range(len(body["input"]))]
        payload = json.dumps({"data": data, "model": body["model"]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *a):
        pass


def test_ctrl_c_keeps_what_was_stored_and_the_next_run_carries_on(database_url, tmp_path, conn):
    folder = tmp_path / "many"
    for i in range(40):
        # Enough chunks per file that groups commit one after another.
        write(folder, f"doc{i:02}.md", "".join(f"## Part {j}\n\nPart {j} of document {i}.\n\n" for j in range(20)))
    handler = type("SlowEmbeddings", (_SlowEmbeddings,), {})  # its own delay, changed below
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = cli_env(database_url, EMBEDDING_BACKEND="openai_compatible", EMBEDDING_MODEL="slow-8",
                  EMBEDDING_DIMENSIONS="8", EMBEDDING_BATCH_SIZE="16",
                  EMBEDDING_BASE_URL=f"http://127.0.0.1:{server.server_address[1]}/v1")
    try:
        # A suite started in the background by a non-interactive shell runs with SIGINT ignored, and
        # a child inherits that: give the CLI the disposition a terminal would.
        proc = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                stdin=subprocess.DEVNULL,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.time() + 60
        stored = 0
        while time.time() < deadline and stored == 0:
            time.sleep(0.2)
            stored = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
            conn.commit()
        assert stored > 0, "no group was committed in time"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130, err
        kept = conn.execute("SELECT count(*) FROM documents").fetchone()[0]
        conn.commit()
        assert 0 < kept < 40
        assert json.loads(out)["status"] == "interrupted"
        # The endpoint is slow only so that the signal lands mid-run; the next run need not wait.
        handler.delay = 0.0
        again = run_cli(["add", str(folder), "--json"], env, timeout=300)
        assert again.returncode == 0, again.stderr
        data = json.loads(again.stdout)
        assert data["files_unchanged"] == kept and data["files_added"] == 40 - kept
    finally:
        server.shutdown()


def test_embedded_default_store_is_shared_by_concurrent_processes(tmp_path, docs):
    """With DATABASE_URL unset the CLI starts its own embedded PostgreSQL under STRATA_DATA_DIR;
    a second process uses the same server while the first still holds it."""
    # Outside pytest's basetemp: another pytest session resets its root to 0700 at start-up, which
    # would close the data folder to the server's unprivileged user mid-run.
    base = Path(tempfile.mkdtemp(prefix="stratakb-shared-"))
    env = cli_env(None, STRATA_DATA_DIR=str(base / "kbdata"))
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from stratakb_core.store.connection import Database;"
         " from stratakb_core.settings import Settings;"
         " c = Database(Settings.from_env()).connect(); print('up', flush=True); sys.stdin.readline(); c.close()"],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "up", holder.stderr.read()
        p = run_cli(["add", str(docs)], env)
        assert p.returncode == 0, p.stderr
        p2 = run_cli(["search", "failover replica", "--json"], env)
        assert p2.returncode == 0 and json.loads(p2.stdout)["results"]
        assert (base / "kbdata" / "pg" / "PG_VERSION").exists()
        # The holder's connection still works after the CLI processes exited.
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.wait(timeout=30) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
        if holder.poll() is not None:
            run_cli(["layers"], env)  # let the last process stop the server before the folder goes
        shutil.rmtree(base, ignore_errors=True)
