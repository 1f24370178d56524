"""Whether the embedded PostgreSQL of a data directory runs, and which processes hold it; reads the
server's files (postmaster.pid, the wheel's .handle_pids.json) and the process table, starts nothing.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["EmbeddedServer", "Holder", "embedded_server_state"]


@dataclass(frozen=True)
class Holder:
    """A process that keeps the embedded server up (the server stops when the last one exits)."""

    pid: int
    command: str


@dataclass(frozen=True)
class EmbeddedServer:
    pgdata: Path
    initialised: bool
    running: bool
    pid: int | None
    port: int | None
    holders: list[Holder] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {"pgdata": str(self.pgdata), "initialised": self.initialised, "running": self.running,
                "pid": self.pid, "port": self.port,
                "held_by": [{"pid": h.pid, "command": h.command} for h in self.holders]}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _command(pid: int) -> str:
    try:
        import psutil

        return " ".join(psutil.Process(pid).cmdline())[:200] or "?"
    except Exception:  # gone meanwhile, no permission, or no psutil
        return "?"


def embedded_server_state(data_dir: Path) -> EmbeddedServer:
    """The embedded server under `data_dir/pg` as its files describe it."""
    pgdata = data_dir / "pg"
    pid = port = None
    try:
        lines = (pgdata / "postmaster.pid").read_text(encoding="utf-8", errors="replace").splitlines()
        pid = int(lines[0]) if lines and lines[0].strip().isdigit() else None
        port = int(lines[3]) if len(lines) > 3 and lines[3].strip().isdigit() else None
    except OSError:
        pass
    running = pid is not None and _alive(pid)
    holders: list[Holder] = []
    try:
        pids = json.loads((pgdata / ".handle_pids.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        pids = []
    for p in pids if isinstance(pids, list) else []:
        if isinstance(p, int) and p != os.getpid() and _alive(p):
            holders.append(Holder(p, _command(p)))
    return EmbeddedServer(pgdata, (pgdata / "PG_VERSION").exists(), running, pid if running else None,
                          port if running else None, holders)
