"""Chaos runs for the write side: kill -9 during add, sync and re-embed; the database killed (and
its disk filled) during an add; concurrent first calls over HTTP and stdio; queries across a
re-embed with servers running; SIGTERM. Prints a table of iterations, failures and integrity
checks (distinct chunk ids, a vector under the active model for every chunk, gapless events,
verify-store). Real processes, embedded PostgreSQL, the hash embedder (no model download).

    python scripts/chaos.py --kills 51 --db-kills 10     # the issue's figures
    python scripts/chaos.py --quick                     # a few of each, for a smoke run
    python scripts/chaos.py --only hostile              # the hostile corpus with its heavy cases

Each check runs in its own temporary data folder; nothing outside it is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import httpx2
import psycopg
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402


@dataclass
class Row:
    check: str
    iterations: int = 0
    failures: int = 0
    integrity: str = "-"
    notes: list[str] = field(default_factory=list)


def env_for(data: Path, dims: int = 384, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_", "DATABASE_"))}
    env.update(EMBEDDING_BACKEND="hash", EMBEDDING_MODEL=f"hash-{dims}", EMBEDDING_DIMENSIONS=str(dims),
               STRATA_DATA_DIR=str(data),
               PYTHONPATH=str(REPO), **extra)
    return env


def cli(args: list[str], env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "stratakb_core.cli", *args], env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def corpus(folder: Path, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    words = "ledger settlement payment clause notice invoice retention policy server rollback".split()
    for i in range(n):
        path = folder / f"part{i % 7}" / f"doc{i:04d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        body = "\n\n".join(f"## Section {j}\n\n" + " ".join(rng.choice(words) for _ in range(120)) for j in range(4))
        path.write_text(f"# Document {i}\n\n{body}\n", encoding="utf-8")


def mutate(folder: Path, rng: random.Random) -> None:
    files = sorted(folder.rglob("*.md"))
    for path in rng.sample(files, min(8, len(files))):
        path.write_text(path.read_text(encoding="utf-8") + f"\nEdited {rng.random()}.\n", encoding="utf-8")
    for path in rng.sample(files, min(2, len(files))):
        path.unlink()
    for _ in range(3):
        new = folder / "new" / f"n{rng.randrange(10**9)}.md"
        new.parent.mkdir(exist_ok=True)
        new.write_text(f"# New {rng.random()}\n\nA new file about settlement.\n", encoding="utf-8")


def active_dims(conn: psycopg.Connection) -> int | None:
    row = conn.execute("SELECT dimensions FROM embedding_models WHERE active").fetchone()
    conn.commit()
    return int(row[0]) if row else None


def integrity(conn: psycopg.Connection, env: dict[str, str]) -> list[str]:
    """What is wrong with the store (empty when sound)."""
    problems = []
    total, distinct = conn.execute("SELECT count(*), count(DISTINCT id) FROM chunks").fetchone()
    if total != distinct:
        problems.append(f"{total - distinct} duplicate chunk ids")
    row = conn.execute("SELECT table_name FROM embedding_models WHERE active").fetchone()
    if row is not None:
        missing = conn.execute(f"SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM {row[0]} v "
                               "WHERE v.text_hash = c.embed_hash)").fetchone()[0]
        if missing:
            problems.append(f"{missing} chunks without a vector in the active model")
    n, lo, hi = conn.execute("SELECT count(*), min(seq), max(seq) FROM events").fetchone()
    if n and (lo != 1 or hi != n):
        problems.append(f"events not gapless: {n} events, seq {lo}..{hi}")
    conn.commit()
    verify = cli(["verify-store"], env)
    if verify.returncode != 0:
        problems.append("verify-store: " + (verify.stdout + verify.stderr).strip()[:200])
    return problems


# ---------------------------------------------------------------------------------------------


def kill9(base: Path, iterations: int, rng: random.Random) -> Row:
    row = Row("kill -9 during add / sync / re-embed")
    data, folder = base / "k9", base / "k9docs"
    corpus(folder, 80)
    env0 = env_for(data)
    db = Database(Settings.from_env(env0))
    first = cli(["add", str(folder), "--yes", "--json"], env0)
    if first.returncode != 0:
        row.notes.append(f"setup add exited {first.returncode}: {first.stderr[-200:]}")
    conn = db.connect()  # holds a handle: the server stays up between runs
    bad = 0
    try:
        for i in range(iterations):
            op = ("add", "sync", "reembed")[i % 3]
            dims = active_dims(conn) or 384
            if op == "sync":
                mutate(folder, rng)
            if op == "reembed":
                dims = 256 if dims == 384 else 384
                args = ["reembed", "--json"]
            else:
                args = ["add", str(folder), "--yes", "--json"]
            env = env_for(data, dims)
            proc = start(args, env)
            time.sleep(rng.uniform(1.5, 4.5))
            proc.kill()
            proc.wait()
            again = cli(args, env)  # the next run carries on
            problems = [] if again.returncode in (0, 1) else [f"{op} after kill exited {again.returncode}: "
                                                            f"{(again.stderr or again.stdout)[-200:]}"]
            problems += integrity(conn, env)
            row.iterations += 1
            if problems:
                bad += 1
                row.notes.append(f"#{i} {op}: " + "; ".join(problems))
    finally:
        conn.close()
    row.failures = bad
    row.integrity = f"{row.iterations - bad}/{row.iterations} clean"
    return row


def db_kill(base: Path, trials: int, rng: random.Random) -> Row:
    row = Row("database killed during add -> exit 3 + report")
    data = base / "dbk"
    env = env_for(data)
    db = Database(Settings.from_env(env))
    with db.connection():  # start the server first; this process keeps a handle on it
        pass
    ok, t, attempts = 0, 0, 0
    while row.iterations < trials and attempts < 3 * trials:
        attempts += 1
        t += 1
        folder = base / f"dbk{t}"
        corpus(folder, 1000, seed=t)
        proc = start(["add", str(folder), "--yes", "--json"], env)
        time.sleep(rng.uniform(3.0, 6.0))
        if proc.poll() is not None:  # the add finished before the kill: no trial, try again
            proc.communicate()
            row.notes.append(f"attempt {attempts}: the add ended before the kill; not counted")
            continue
        pid = int((data / "pg" / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=300)
        try:
            report = json.loads(out)
        except ValueError:
            report = {}
        good = proc.returncode == 3 and "not_reached" in report and report.get("exit_code") == 3
        if not good:
            row.notes.append(f"trial {t}: exit {proc.returncode}, report keys {sorted(report)[:5]}, "
                             f"{err.decode(errors='replace')[-200:]}")
        with db.connection() as conn:  # starts the killed server again
            problems = integrity(conn, env)
        if problems:
            row.notes.append(f"trial {t}: " + "; ".join(problems))
        ok += good and not problems
        row.iterations += 1
    row.failures = row.iterations - ok
    row.integrity = f"{ok}/{row.iterations} exit 3 with report, store sound"
    return row


def disk_full(base: Path) -> Row:
    row = Row("disk full during add")
    mnt = base / "small"
    mnt.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96m", "tmpfs", str(mnt)], capture_output=True,
                          text=True)
    if made.returncode != 0:
        row.integrity = "skipped"
        row.notes.append("skipped: mounting a small tmpfs is not permitted here (" +
                         (made.stderr.strip().splitlines() or ["no reason given"])[0] + ")")
        return row
    try:
        folder = base / "big"
        corpus(folder, 3000)
        env = env_for(mnt / "data")
        done = cli(["add", str(folder), "--yes", "--json"], env)
        says = "disk is full" in (done.stdout + done.stderr)
        row.iterations, row.failures = 1, 0 if (done.returncode == 3 and says) else 1
        row.integrity = f"exit {done.returncode}, says disk full: {says}"
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)
    return row


async def _http_initialize(url: str, key: str) -> None:
    headers = {"Authorization": f"Bearer {key}"}
    async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60, read=120)) as client, \
            streamable_http_client(url, http_client=client) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        result = await s.call_tool("strata_list_knowledge_layers", {})
        if result.is_error:
            raise RuntimeError(str(result.content)[:200])


def http_clients(base: Path, clients: int) -> Row:
    row = Row(f"{clients} concurrent HTTP clients at start")
    data = base / "http"
    env = env_for(data)
    key = json.loads(cli(["keys", "create", "--role", "viewer", "--json"], env).stdout)["key"]
    time.sleep(1)
    port = 18765 + random.randrange(1000)
    server = start(["mcp", "--transport", "http", "--port", str(port)], env)
    failures: list[str] = []
    try:
        url = f"http://127.0.0.1:{port}/mcp"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the port answers (the first client is also a first call)
            try:
                httpx2.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx2.HTTPError:
                time.sleep(0.2)

        async def all_clients() -> None:
            async def one(i: int) -> None:
                try:
                    await _http_initialize(url, key)
                except BaseException as exc:  # noqa: BLE001 - counted
                    failures.append(f"client {i}: {type(exc).__name__}: {str(exc)[:120]}")
            async with anyio.create_task_group() as tg:
                for i in range(clients):
                    tg.start_soon(one, i)

        anyio.run(all_clients)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)
    row.iterations, row.failures = clients, len(failures)
    row.integrity = f"{clients - len(failures)}/{clients} initialized and listed layers"
    row.notes += failures[:3]
    return row


def stdio_first_calls(base: Path, calls: int) -> Row:
    row = Row(f"{calls} concurrent first stdio calls (fresh store)")
    env = env_for(base / "stdio")
    failures: list[str] = []

    async def run() -> None:
        params = StdioServerParameters(command=sys.executable, args=["-m", "stratakb_core.cli", "mcp"], env=env,
                                       cwd=str(REPO))
        with open(base / "stdio.err", "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
                await s.initialize()

                async def one(i: int) -> None:
                    result = await s.call_tool("strata_list_knowledge_layers", {})
                    if result.is_error:
                        failures.append(f"call {i}: {str(result.content)[:160]}")
                async with anyio.create_task_group() as tg:
                    for i in range(calls):
                        tg.start_soon(one, i)

    anyio.run(run)
    row.iterations, row.failures = calls, len(failures)
    row.integrity = f"{calls - len(failures)}/{calls} answered"
    row.notes += failures[:3]
    return row


def reembed_with_servers(base: Path, rng: random.Random) -> Row:
    row = Row("queries across a re-embed, HTTP server running")
    data, folder = base / "re", base / "redocs"
    corpus(folder, 120)
    env = env_for(data, 384)
    cli(["add", str(folder), "--yes"], env)
    key = json.loads(cli(["keys", "create", "--role", "viewer", "--json"], env).stdout)["key"]
    port = 19765 + rng.randrange(1000)
    server = start(["mcp", "--transport", "http", "--port", str(port)], env)
    url = f"http://127.0.0.1:{port}/mcp"
    stop, failures, done = threading.Event(), [], [0]

    async def queries() -> None:
        headers = {"Authorization": f"Bearer {key}"}
        async with httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(60, read=120)) as client, \
                streamable_http_client(url, http_client=client) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            while not stop.is_set():
                result = await s.call_tool("strata_search", {"query": "settlement clause notice"})
                done[0] += 1
                if result.is_error:
                    failures.append(str(result.content)[:200])

    def loop() -> None:
        try:
            anyio.run(queries)
        except BaseException as exc:  # noqa: BLE001 - counted
            failures.append(f"client: {type(exc).__name__}: {exc}"[:200])

    time.sleep(4)
    thread = threading.Thread(target=loop)
    thread.start()
    time.sleep(3)
    switched = cli(["reembed", "--json"], env_for(data, 256))
    time.sleep(3)
    stop.set()
    thread.join(120)
    server.send_signal(signal.SIGTERM)
    server.wait(60)
    row.iterations, row.failures = done[0], len(failures)
    row.integrity = f"re-embed exit {switched.returncode}; {done[0] - len(failures)}/{done[0]} queries answered"
    row.notes += failures[:3]
    return row


def sigterm(base: Path) -> Row:
    row = Row("SIGTERM to add and to mcp: no server left")
    data, folder = base / "term", base / "termdocs"
    corpus(folder, 600)
    env = env_for(data)
    mcp = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "mcp"], env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    add = start(["add", str(folder), "--yes", "--json"], env)
    time.sleep(8)
    add.send_signal(signal.SIGTERM)
    out, _ = add.communicate(timeout=120)
    mcp.send_signal(signal.SIGTERM)
    try:
        mcp.wait(60)
    except subprocess.TimeoutExpired:
        mcp.kill()
        row.notes.append("mcp did not exit on SIGTERM")
    try:
        status = json.loads(out).get("status")
    except ValueError:
        status = "no report"
    time.sleep(2)
    try:
        pid = int((data / "pg" / "postmaster.pid").read_text().split()[0])
        os.kill(pid, 0)
        running = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] != "Z"
    except (OSError, ValueError, IndexError):
        running = False
    good = add.returncode == 143 and status == "interrupted" and mcp.returncode in (0, 143) and not running
    row.iterations, row.failures = 2, 0 if good else 1
    row.integrity = (f"add exit {add.returncode} ({status}), mcp exit {mcp.returncode}, "
                     f"server {'RUNNING' if running else 'stopped'}")
    return row


HOSTILE_SECONDS, HOSTILE_RSS_MB, HOSTILE_LOCK_S = 300.0, 1024.0, 10.0


def _add_measured(folder: Path, env: dict[str, str], logs: Path) -> tuple[int, dict | None, float, float, float]:
    """`stratakb add --json --yes` as a process: (exit code, report, seconds, main-process peak RSS
    in MB, longest event-lock hold in s from its run_finished log line)."""
    from tests.helpers.hostile import run_add

    code, out, err, seconds, rss = run_add(folder, env, logs)
    try:
        report = json.loads(out.decode("utf-8"))  # strict: a lone surrogate fails here
    except ValueError:
        report = None
    locks = [float(x) for x in re.findall(r"longest_event_lock_s=([0-9.]+)", err.decode(errors="replace"))]
    return code, report, seconds, rss, max(locks, default=0.0)


def hostile(base: Path) -> Row:
    """The hostile corpus with its heavy cases (tests/helpers/hostile.py): a first add and a second
    sync; every case as expected, no internal_error, each run under 5 minutes, the main process
    under 1 GB, no event lock held over 10 s."""
    from tests.helpers.hostile import build, outcome_of, report_outcomes

    row = Row("hostile corpus with heavy cases: add, then sync again")
    folder = base / "hostile"
    cases = build(folder, heavy=True)
    env = env_for(base / "hostiledata", STRATA_LOG_LEVEL="INFO")
    figures = []
    for i, name in enumerate(("first add", "sync again")):
        code, report, seconds, rss, lock = _add_measured(folder, env, base / f"hostile-{i}")
        figures.append((name, seconds, rss, lock))
        row.iterations += 1
        print(f"    {name}: exit {code}, {seconds:.1f} s, peak RSS {rss:.0f} MB, longest event lock {lock:.2f} s",
              file=sys.stderr, flush=True)
        if report is None or report.get("status") == "internal_error" or code not in (0, 1):
            row.failures += 1
            row.notes.append(f"{name}: exit {code}, status {report and report.get('status')}")
            continue
        if i == 0:
            got = report_outcomes(report)
            wrong = {c.name: (c.expected, outcome_of(c, got)) for c in cases if outcome_of(c, got) != c.expected}
            row.failures += len(wrong)
            row.notes.extend(f"{k}: expected {e}, got {g}" for k, (e, g) in wrong.items())
        elif report.get("files_added") or report.get("files_updated"):
            row.failures += 1
            row.notes.append(f"sync again stored files: {report.get('files_added')} added")
        over = [w for w, bad in (("time", seconds > HOSTILE_SECONDS), ("memory", rss > HOSTILE_RSS_MB),
                                 ("lock", lock > HOSTILE_LOCK_S)) if bad]
        if over:
            row.failures += 1
            row.notes.append(f"{name}: over the {', '.join(over)} limit")
    worst = max(figures, key=lambda f: f[1])
    row.integrity = (f"{len(cases)} cases; worst run {worst[1]:.1f} s ({worst[0]}), peak RSS "
                     f"{max(f[2] for f in figures):.0f} MB, longest lock {max(f[3] for f in figures):.2f} s")
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kills", type=int, default=51)
    ap.add_argument("--db-kills", type=int, default=10)
    ap.add_argument("--http-clients", type=int, default=20)
    ap.add_argument("--stdio-calls", type=int, default=8)
    ap.add_argument("--quick", action="store_true", help="3 kills, 2 database kills")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    ap.add_argument("--only", default="", help="comma-separated checks to run: kill9,dbkill,disk,http,stdio,"
                    "reembed,sigterm,hostile (default: all)")
    args = ap.parse_args()
    if args.quick:
        args.kills, args.db_kills = 3, 2
    rng = random.Random(args.seed)
    base = Path(tempfile.mkdtemp(prefix="stratakb-chaos-"))
    rows: list[Row] = []
    started = time.monotonic()
    try:
        checks = {"kill9": lambda: kill9(base, args.kills, rng), "dbkill": lambda: db_kill(base, args.db_kills, rng),
                  "disk": lambda: disk_full(base), "http": lambda: http_clients(base, args.http_clients),
                  "stdio": lambda: stdio_first_calls(base, args.stdio_calls),
                  "reembed": lambda: reembed_with_servers(base, rng), "sigterm": lambda: sigterm(base),
                  "hostile": lambda: hostile(base)}
        wanted = [c for c in args.only.split(",") if c] or list(checks)
        for run in (checks[c] for c in wanted):
            t = time.monotonic()
            rows.append(run())
            print(f"... {rows[-1].check}: {time.monotonic() - t:.0f} s", file=sys.stderr, flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(f"\n{'check':<52} {'iterations':>10} {'failures':>8}  integrity")
    for r in rows:
        print(f"{r.check:<52} {r.iterations:>10} {r.failures:>8}  {r.integrity}")
        for note in r.notes[:5]:
            print(f"    {note}")
    print(f"\ntotal {time.monotonic() - started:.0f} s")
    return 1 if any(r.failures for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
