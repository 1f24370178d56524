"""The one exception tree of StrataKB (no I/O).

    StrataError                     base; every error the core raises on purpose
    ├── UsageError                  bad argument or missing folder        -> exit 2
    │   ├── GoldenError             a golden set that cannot be used (lists every problem)
    │   ├── ArgumentError           a tool argument the caller can fix; names it (invalid_argument)
    │   └── ReceiptNotFound         no receipt with that id in this store
    ├── RefusedError                refused by a rule, nothing written     -> exit 2
    │   ├── ConfirmationRequired    a broad path or a large run needs a flag
    │   ├── LocalOnlyError          STRATA_LOCAL_ONLY and embedding would leave the machine
    │   ├── EmbeddingSetupError     unknown backend, missing key, model cannot load
    │   ├── ModelMismatchError      configured model differs from the store's active one
    │   └── PathRefused             a path the MCP ingest tool will not read; names the argument
    ├── DatabaseError               unreachable, no pgvector, or can't migrate -> exit 3
    │   └── DatabaseLost            the connection died (or the disk filled) during a run; carries
    │                               the run's report so far
    ├── FileError                   one file failed; the run goes on
    │   ├── ReadError               could not be read               (read_error)
    │   ├── ParseError              the parser rejected it           (parse_error)
    │   └── EmbedError              embedding or storing failed      (embed_error)
    ├── NoTextError                 a file with no text: skipped, not a failure
    ├── GitUnavailable              git could not list a folder: it is walked instead, with a note
    ├── RerankerUnavailable         the reranking model cannot load (answers fall back to similarity)
    ├── TableQueryError             a valid table query that could not run (table_query_failed)
    │   └── TableQueryTimeout       it stopped at its time limit            (timeout)
    ├── SheetTooWide                a sheet past the column bound: that sheet is refused
    ├── CsvReadAgain                internal: read a CSV again another way
    └── StrataToolError             an MCP tool's JSON error (code, message, details); the MCP
                                    server turns it into an isError result at its boundary

Foreign errors are translated where they enter (`raise ParseError(...) from exc`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class StrataError(Exception):
    """Base of every error StrataKB raises on purpose."""

    code: str = "internal_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class UsageError(StrataError):
    code = "usage_error"


class RefusedError(StrataError):
    code = "refused"


class ConfirmationRequired(RefusedError):
    code = "confirmation_required"

    def __init__(self, message: str, *, flag: str) -> None:
        super().__init__(message)
        self.flag = flag


class LocalOnlyError(RefusedError):
    code = "local_only"


class EmbeddingSetupError(RefusedError):
    code = "embedding_setup"


class ModelMismatchError(RefusedError):
    code = "embedding_model_mismatch"


class DatabaseError(StrataError):
    code = "database_unavailable"


class DatabaseLost(DatabaseError):
    """The database went away (or its disk filled) in the middle of a run: the run stopped at once,
    what was committed stays, and `report` holds the run's result so far (files not reached
    listed as such) for the driver to print."""

    def __init__(self, message: str, *, report: Any = None) -> None:
        super().__init__(message)
        self.report = report


class FileError(StrataError):
    code = "file_error"


class ReadError(FileError):
    code = "read_error"


class ParseError(FileError):
    code = "parse_error"


class EmbedError(FileError):
    code = "embed_error"


class NoTextError(StrataError):
    code = "no_text"


class GoldenError(UsageError):
    """A golden set that cannot be used; the message lists every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("invalid golden set:\n" + "\n".join(f"  - {p}" for p in self.problems))


class GitUnavailable(StrataError):
    """git could not list a folder; `note` says why for the selection's notes (None: no note needed,
    as outside a work tree). Never reaches a user: selection walks the folder instead."""

    code = "git_unavailable"

    def __init__(self, note: str | None) -> None:
        super().__init__(note or "")
        self.note = note


# ingest


class PathRefused(RefusedError):
    """A path the server will not read (outside the ingest roots, missing, taken by another layer);
    names the argument, like ArgumentError."""

    def __init__(self, message: str, *, code: str, argument: str = "path", **extra: object) -> None:
        super().__init__(message, code=code)
        self.argument = argument
        self.extra = extra


# query and drivers


class ArgumentError(UsageError):
    """A tool argument the caller can fix; names the argument (and any details in `extra`)."""

    code = "invalid_argument"

    def __init__(self, argument: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.argument = argument
        self.extra = extra


class LearningDisabled(RefusedError):
    """LEARNING_ENABLED=false: nothing is recorded, so there is nothing to rate or reset."""

    code = "learning_disabled"


class ReceiptNotFound(UsageError):
    code = "receipt_not_found"


class SentenceModelUnavailable(RefusedError):
    """Extractive answers need a model to score sentences, and none could load: a setup the user
    fixes (exit 2 at the command line, like an embedding model that cannot load), not a failure."""

    code = "reranking_model_unavailable"


class RerankerUnavailable(StrataError):
    """The reranking model could not be loaded; the message says why."""

    code = "reranker_unavailable"


class StrataToolError(StrataError):
    """A failure an MCP client can act on, as the JSON body the tool returns:
    {"status": "error", "error": {"code", "message", ...details}}.

    Not the SDK's ToolError (this module imports no SDK): the MCP server turns it into an isError
    result whose text is this body, in each tool and again in `StrataServer.call_tool`, so none
    reaches the SDK, which would prefix its text with "Error executing tool <name>: "."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message, code=code)
        self.details = details
        self.body: dict[str, Any] = {"status": "error", "error": {"code": code, "message": message, **details}}


# tables


class TableQueryError(StrataError):
    """A table query that was valid but could not run (the Parquet file is gone, DuckDB failed)."""

    code = "table_query_failed"


class TableQueryTimeout(TableQueryError):
    """A table query stopped at its time limit."""

    code = "timeout"


class SheetTooWide(StrataError):
    """A sheet with a value past the column bound; ingest records it as the sheet's refusal."""

    code = "sheet_too_wide"

    def __init__(self, column: int, row: int) -> None:
        super().__init__(f"a value in column {column}, row {row}")
        self.column, self.row = column, row


class CsvReadAgain(StrataError):
    """Read a CSV again from its start in another way (another encoding, or record by record for a
    long field); caught where tables are materialized, never seen by a user."""

    code = "csv_read_again"

    def __init__(self, encoding: str, long_fields: bool) -> None:
        super().__init__(f"read again as {encoding or 'detected'}{' with long fields' if long_fields else ''}")
        self.encoding = encoding
        self.long_fields = long_fields
