"""`stratakb mcp` and `keys`: running the MCP server and managing its bearer keys; does I/O."""

from __future__ import annotations

import argparse
import sys

from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.mcp import roles
from stratakb_core.mcp.http import run_http
from stratakb_core.mcp.server import run_stdio
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_keys", "cmd_mcp"]


def cmd_mcp(args: argparse.Namespace, settings: Settings) -> int:

    if args.transport == "http":
        run_http(args.host, args.port, settings)
    else:
        run_stdio(settings)
    return EXIT_OK


def cmd_keys(args: argparse.Namespace, settings: Settings) -> int:

    with Database(settings).connection() as conn:
        if args.keys_command == "create":
            key, secret = roles.create_key(conn, args.role, args.name)
            if args.json:
                print(json_dumps({**key.as_dict(), "key": secret}, indent=2))
            else:
                print(f"Created key {key.id} ({key.role}). Copy it now: it is not shown again.", file=sys.stderr)
                print(secret)
        elif args.keys_command == "list":
            keys = roles.list_keys(conn)
            if args.json:
                print(json_dumps({"keys": [k.as_dict() for k in keys]}, indent=2))
            elif not keys:
                print("No keys yet. Create one with: stratakb keys create --role viewer")
            for k in [] if args.json else keys:
                state = f"revoked {k.revoked_at:%Y-%m-%d %H:%M}" if k.revoked_at else "active"
                print(f"{k.id}  {k.role:<8}  {k.created_at:%Y-%m-%d %H:%M}  {state}  {esc(k.name)}")
        else:
            key, changed = roles.revoke_key(conn, args.id)
            if args.json:
                print(json_dumps({**key.as_dict(), "changed": changed}, indent=2))
            else:
                print(f"Key {key.id} ({key.role}) {'revoked' if changed else 'was already revoked'}.")
    return EXIT_OK
