"""Tool results and tool errors: what a tool hands the client, and every failure as the JSON error
the client can parse (no I/O; logs what the client was told).

Tools raise `StrataToolError` (stratakb_core.errors) and turn it into an isError result at their
boundary (`error_result`): the SDK would prefix a raised error's text with "Error executing tool
<name>: ", and the client should get JSON. `tool_errors` translates what escapes a tool (core
errors, database errors, the unexpected) into one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import psycopg
from mcp.types import CallToolResult, TextContent
from pydantic import ValidationError

from stratakb_core.errors import StrataError, StrataToolError
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import json_dumps

__all__ = ["error_result", "first_line", "invalid", "ok_result", "tool_errors", "validation_error"]

log = logging.getLogger("stratakb_core.mcp.server")


def ok_result(body: Mapping[str, Any]) -> CallToolResult:
    # The SDK checks structured_content against the tool's output schema before sending it.
    return CallToolResult(content=[TextContent(type="text", text=json_dumps(body))], structured_content=body)


def error_result(tool: str, exc: StrataToolError) -> CallToolResult:
    # INFO without a traceback, as the SDK logs a ToolError: the client was told, nothing crashed.
    log.info("tool %r failed: %s: %r", tool, exc.code, exc.message)
    return CallToolResult(content=[TextContent(type="text", text=json_dumps(exc.body))], is_error=True)


def invalid(argument: str, message: str, **details: Any) -> StrataToolError:
    return StrataToolError("invalid_argument", message, argument=argument, **details)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


@contextmanager
def tool_errors(tool: str, db: Database) -> Iterator[None]:
    """Translate what escapes a tool into a StrataToolError; only the unexpected is logged in full.

    A core error that names an argument (`argument`, and any `extra` details) keeps them."""
    try:
        yield
    except StrataToolError:
        raise
    except StrataError as exc:
        details: dict[str, Any] = {}
        argument = getattr(exc, "argument", None)
        if argument is not None:
            details["argument"] = argument
        details.update(getattr(exc, "extra", None) or {})
        flag = getattr(exc, "flag", None)
        if flag:
            details["flag"] = flag
        raise StrataToolError(exc.code, exc.message, **details) from exc
    except psycopg.OperationalError as exc:  # the server went away mid-call
        raise StrataToolError(
            "database_unavailable", f"database unreachable ({db.describe()}): {first_line(exc)}"
        ) from exc
    except psycopg.Error as exc:
        log.exception("%s: database error", tool)
        raise StrataToolError(
            "database_error", f"the database refused the query: {first_line(exc)}"
        ) from exc
    except Exception as exc:
        log.exception("%s: internal error", tool)
        raise StrataToolError(
            "internal_error",
            f"{tool} failed with an internal error ({type(exc).__name__}); see the server log",
        ) from exc


def validation_error(exc: ValidationError) -> StrataToolError:
    """The SDK's argument validation, as the JSON error every other refusal uses."""
    problems = []
    for err in exc.errors()[:10]:
        loc = ".".join(str(part) for part in err.get("loc", ())) or "arguments"
        problems.append({"argument": loc, "message": err.get("msg", "invalid")})
    first = problems[0]["argument"].split(".")[0] if problems else "arguments"
    text = "; ".join(f"{p['argument']}: {p['message']}" for p in problems)
    return invalid(first, f"invalid arguments: {text}", problems=problems)
