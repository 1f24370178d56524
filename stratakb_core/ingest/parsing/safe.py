"""parse_document: run the parser for a file and turn any failure into ParseError (no I/O).

Kept apart from the pipeline so the parsing child process imports only the parsers.
"""

from __future__ import annotations

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.values import ParsedDocument


def parse_document(data: bytes, rel_path: str) -> ParsedDocument:
    """Parse one file's bytes with the parser for its format (raises ParseError/NoTextError)."""
    parser = parser_for(rel_path)
    if parser is None:
        raise ParseError("no parser for this format")
    try:
        return parser.parse(data, rel_path)
    except (ParseError, NoTextError):
        raise
    except RecursionError as exc:
        raise ParseError("the document is nested too deeply") from exc
    except MemoryError as exc:
        raise ParseError("the document needs too much memory to parse") from exc
    except Exception as exc:  # a parser bug must fail this file, not the run
        raise ParseError(f"{type(exc).__name__}: {str(exc)[:200]}") from exc
