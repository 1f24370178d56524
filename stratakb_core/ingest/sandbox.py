"""Parsing and structure mapping in a child process with a time limit and a memory bound; does
I/O (a process).

A hostile file (a PDF with circular references, a regex-hostile 10 MB line, a decompression bomb
the parser's own checks missed) must end as a parse_error for that file and leave the run alone.
Limits inside the parsers catch the known cases; this is the wall behind them. The child is
started lazily, reused for every file of a run, and replaced after a file that killed or stalled
it. A time limit cannot be enforced on a thread in Python, and SIGALRM cannot interrupt C code
such as a regex or a decompressor: a process can always be killed.
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.values import ParsedDocument

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_MEMORY_MB = 2048


def _child(conn: Connection, memory_bytes: int, target: Callable[[bytes, str], ParsedDocument] | None = None) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    except (ImportError, ValueError, OSError):  # not on this platform: the time limit still holds
        pass
    from stratakb_core.ingest.parsing import supported_extensions
    from stratakb_core.ingest.parsing.safe import parse_document as parse_bytes
    from stratakb_core.ingest.structure import apply_structure, bound_structure

    parse_bytes = target or parse_bytes
    supported_extensions()  # import every parser now, so a file's time limit is its own parse
    conn.send(("ready", None))  # the time limit counts parsing, not the child's start-up
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        data, rel_path, patterns = msg
        try:
            # The structure map runs here too, inside the same limits, and comes back bounded.
            doc = bound_structure(apply_structure(parse_bytes(data, rel_path), patterns))
            reply: tuple[str, Any] = ("ok", doc)
        except NoTextError as exc:
            reply = ("no_text", exc.message)
        except ParseError as exc:
            reply = ("parse_error", exc.message)
        except MemoryError:
            reply = ("parse_error", "the document needs more memory than the parser may use")
        except BaseException as exc:  # noqa: BLE001 - anything else is this file's parse error
            reply = ("parse_error", f"{type(exc).__name__}: {str(exc)[:200]}")
        try:
            conn.send(reply)
        except MemoryError:
            conn.send(("parse_error", "the parsed document is too large to hand back"))


class ParseSandbox:
    """Parse files one at a time in a child process; `parse` raises ParseError or NoTextError."""

    def __init__(self, timeout_s: float = DEFAULT_TIMEOUT_S, memory_mb: int = DEFAULT_MEMORY_MB,
                 target: Callable[[bytes, str], ParsedDocument] | None = None) -> None:
        self.target = target  # a module-level function run in the child instead of parse_document
        self.timeout_s = timeout_s
        self.memory_bytes = memory_mb * 1024 * 1024
        self._proc: Any = None
        self._conn: Connection | None = None
        # The layer's structure patterns: the child maps each document's structure with them.
        self.patterns: tuple[str, ...] = ()

    def _start(self) -> None:
        ctx = mp.get_context("spawn")  # never fork a process that may hold torch threads
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_child, args=(child, self.memory_bytes, self.target), daemon=True,
                           name="stratakb-parse")
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        try:
            if not parent.poll(120) or parent.recv()[0] != "ready":
                raise ParseError("the parser process did not start")
        except (EOFError, OSError) as exc:
            self._kill()
            raise ParseError("the parser process did not start") from exc

    def _kill(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(5)
        if self._conn is not None:
            self._conn.close()
        self._proc, self._conn = None, None

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        if self._proc is None or not self._proc.is_alive():
            self._kill()
            self._start()
        assert self._conn is not None
        try:
            self._conn.send((data, rel_path, self.patterns))
            ready = self._conn.poll(self.timeout_s)
        except (BrokenPipeError, EOFError, OSError) as exc:
            self._kill()
            raise ParseError("the parser process stopped unexpectedly") from exc
        if not ready:
            self._kill()
            raise ParseError(f"parsing took longer than {self.timeout_s:g} s; the file was skipped")
        try:
            kind, value = self._conn.recv()
        except (EOFError, OSError) as exc:
            code = self._proc.exitcode if self._proc is not None else None
            self._kill()
            raise ParseError("the parser ran out of memory or crashed"
                             + (f" (exit code {code})" if code is not None else "")) from exc
        if kind == "ok":
            return value
        if kind == "no_text":
            raise NoTextError(value)
        raise ParseError(value)

    def close(self) -> None:
        if self._conn is not None and self._proc is not None and self._proc.is_alive():
            try:
                self._conn.send(None)
                self._proc.join(2)
            except (BrokenPipeError, OSError):
                pass
        self._kill()

    def __enter__(self) -> ParseSandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def sandbox_from_env() -> ParseSandbox:
    """STRATA_PARSE_TIMEOUT (seconds) and STRATA_PARSE_MEMORY_MB override the defaults."""
    def num(name: str, default: float) -> float:
        try:
            return float(os.environ.get(name, default))
        except ValueError:
            return default
    return ParseSandbox(num("STRATA_PARSE_TIMEOUT", DEFAULT_TIMEOUT_S), int(num("STRATA_PARSE_MEMORY_MB",
                                                                              DEFAULT_MEMORY_MB)))


def _parse_with_ocr(*args: Any, **kwargs: Any) -> Any:
    """parsing.scanned.parse_with_ocr, imported in the child that runs it (it brings the PDF parser
    and the OCR engine, which a sync with nothing to OCR never needs)."""
    from stratakb_core.ingest.parsing.scanned import parse_with_ocr

    return parse_with_ocr(*args, **kwargs)


def ocr_sandbox_from_env() -> ParseSandbox:
    """The OCR parse's own sandbox: STRATA_OCR_TIMEOUT (seconds per file, default 600) and
    STRATA_OCR_MEMORY_MB (default 4096); it runs parsing.scanned.parse_with_ocr."""

    def num(name: str, default: float) -> float:
        try:
            return float(os.environ.get(name, default))
        except ValueError:
            return default
    return ParseSandbox(num("STRATA_OCR_TIMEOUT", 600.0), int(num("STRATA_OCR_MEMORY_MB", 4096)),
                        target=_parse_with_ocr)
