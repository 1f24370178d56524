"""strata_ask and strata_search as the tools take them: check every argument, run the engine,
return the spec's response dict; does I/O (through the engine).

The MCP tools, the CLI and the evaluation runner call these two, so a response is shaped in one
place (`responses`).
"""

from __future__ import annotations

from typing import Any

import psycopg

from stratakb_core.query.arguments import check_ask_options, check_layers, check_text, check_top_k
from stratakb_core.query.as_of import answer_as_of
from stratakb_core.query.engine import Engine
from stratakb_core.query.responses import ask_response, search_response
from stratakb_core.query.retrieve import load_layers

__all__ = ["ask_tool", "search_tool"]


def ask_tool(engine: Engine, conn: psycopg.Connection, question: Any, layers: Any = None,
             include_sources: Any = True, top_k: Any = 10, response_format: Any = "concise",
             mode: Any = None, *, client: str | None = None, actor: str | None = None,
             as_of: Any = None) -> dict[str, Any]:
    """strata_ask's response for the tool's arguments (refused with an ArgumentError naming one);
    `client` is the client or session key the learning loop judges rephrasings by; with `as_of`,
    over the layers as they stood then (query/as_of.py)."""
    if as_of is not None:
        return answer_as_of(engine, conn, as_of, lambda e, c: ask_tool(
            e, c, question, layers, include_sources, top_k, response_format, mode, client=client, actor=actor))
    known = load_layers(conn)
    question = check_text("question", question)
    top_k = check_top_k(top_k)
    layers = check_layers(layers, known)
    mode = check_ask_options(response_format, mode, include_sources)
    answer = engine.answer(conn, question, layers, top_k, mode, known, client=client, actor=actor)
    return ask_response(answer, response_format=response_format, include_sources=include_sources)


def search_tool(engine: Engine, conn: psycopg.Connection, query: Any, layers: Any = None, top_k: Any = 5,
                metadata_filter: Any = None, *, client: str | None = None, actor: str | None = None,
                as_of: Any = None) -> dict[str, Any]:
    """strata_search's response for the tool's arguments (with `as_of`, over the past)."""
    if as_of is not None:
        return answer_as_of(engine, conn, as_of, lambda e, c: search_tool(
            e, c, query, layers, top_k, metadata_filter, client=client, actor=actor))
    return search_response(engine.search(conn, query, layers=layers, top_k=top_k, metadata_filter=metadata_filter,
                                         client=client, actor=actor))
