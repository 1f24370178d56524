"""`stratakb add` at a terminal (a real pseudo-terminal): it asks before broad runs and shows
progress; and a file the process cannot read fails alone while the rest is stored."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.conftest import cli_env, run_cli, write
from tests.helpers.socket_relay import tcp_url_for


def run_in_pty(args: list[str], env: dict[str, str], answer: str | None, timeout: float = 120) -> tuple[int, str]:
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", *args], env=env,
                            stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    out = b""
    answered = False
    deadline = time.time() + timeout
    while time.time() < deadline:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            if answer is not None and not answered and b"[y/N]" in out:
                os.write(master, answer.encode() + b"\n")
                answered = True
        elif proc.poll() is not None:
            break
    proc.wait(timeout=30)
    os.close(master)
    return proc.returncode, out.decode("utf-8", "replace")


def test_broad_folder_prompts_at_a_terminal_and_yes_goes_on(database_url, tmp_path):
    home = tmp_path / "home"
    write(home, "notes.md", "# Notes\n\nText.\n")
    env = cli_env(database_url, HOME=str(home))
    code, out = run_in_pty(["add", str(home)], env, answer="y")
    assert "is your home folder. Add it anyway? [y/N]" in out
    assert code == 0, out
    assert "1 added" in out


def test_broad_folder_prompt_answered_no_refuses_with_exit_2(database_url, tmp_path):
    home = tmp_path / "home"
    write(home, "notes.md", "# Notes\n\nText.\n")
    code, out = run_in_pty(["add", str(home)], cli_env(database_url, HOME=str(home)), answer="n")
    assert code == 2 and "--allow-broad" in out


def test_progress_bar_shows_at_a_terminal_but_not_with_json(database_url, tmp_path):
    folder = tmp_path / "many"
    for i in range(30):
        write(folder, f"d{i:02}.md", f"# Doc {i}\n\n" + "Some text here. " * 200)
    env = cli_env(database_url, COLUMNS="100")
    code, out = run_in_pty(["add", str(folder)], env, answer=None)
    assert code == 0, out
    assert "Parsing files" in out and "Embedding chunks" in out
    shutil.rmtree(folder)
    folder.mkdir()
    write(folder, "x.md", "# X\n\ntext\n")
    p = run_cli(["add", str(tmp_path / "many"), "--json", "--yes"], env)
    json.loads(p.stdout)  # stdout holds the JSON and nothing else


def test_unreadable_file_fails_alone_and_the_run_goes_on(database_url):
    """As root, run the child without the capabilities that let root read any file."""
    base = Path(tempfile.mkdtemp(prefix="stratakb-unreadable-"))
    try:
        base.chmod(0o755)
        folder = base / "docs"
        write(folder, "ok.md", "# Fine\n\nReadable text.\n")
        secret = write(folder, "locked.md", "# Locked\n\nNobody may read this.\n")
        folder.chmod(0o755)
        (folder / "ok.md").chmod(0o644)
        secret.chmod(0o000)
        env = cli_env(database_url)
        relay = contextlib.nullcontext(database_url)
        preexec = None
        if os.geteuid() == 0:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)

            def preexec():  # root reads any file: drop the capabilities that let it, for the child only
                for cap in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
                    if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: gone after the exec
                        raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

            relay = tcp_url_for(database_url)  # the server's socket folder is closed to it too
        with relay as url:
            env["DATABASE_URL"] = url
            p = subprocess.run([sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json"],
                               env=env, capture_output=True, text=True, timeout=120, preexec_fn=preexec,
                               stdin=subprocess.DEVNULL, cwd=str(base))
        assert p.returncode == 1, p.stderr + p.stdout
        data = json.loads(p.stdout)
        assert data["errors"] == [{"file": "locked.md", "reason": "read_error", "message": "Permission denied"}]
        assert data["added"] == ["ok.md"]
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_fifo_and_symlink_to_outside_never_hang_the_run(database_url, tmp_path):
    folder = tmp_path / "docs"
    write(folder, "a.md", "# A\n\nText.\n")
    os.mkfifo(folder / "pipe.md")
    outside = write(tmp_path, "outside.md", "# Outside\n\nNot part of the folder.\n")
    os.symlink(outside, folder / "link.md")
    p = run_cli(["add", str(folder), "--json"], cli_env(database_url), timeout=60)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    excluded = {(x["file"], x["reason"]) for x in data["excluded"]}
    assert ("pipe.md", "not_regular_file") in excluded and ("link.md", "symlink") in excluded
    assert data["added"] == ["a.md"]
