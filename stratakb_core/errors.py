"""The one exception tree of StrataKB (no I/O).

    StrataError                     base; every error the core raises on purpose
    ├── UsageError                  bad argument or missing folder        -> exit 2
    ├── RefusedError                refused by a rule, nothing written     -> exit 2
    │   ├── ConfirmationRequired    a broad path or a large run needs a flag
    │   ├── LocalOnlyError          STRATA_LOCAL_ONLY and embedding would leave the machine
    │   ├── EmbeddingSetupError     unknown backend, missing key, model cannot load
    │   └── ModelMismatchError      configured model differs from the store's active one
    ├── DatabaseError               unreachable, no pgvector, or can't migrate -> exit 3
    ├── FileError                   one file failed; the run goes on
    │   ├── ReadError               could not be read               (read_error)
    │   ├── ParseError              the parser rejected it           (parse_error)
    │   └── EmbedError              embedding or storing failed      (embed_error)
    └── NoTextError                 a file with no text: skipped, not a failure

Foreign errors are translated where they enter (`raise ParseError(...) from exc`).
"""

from __future__ import annotations


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


# ingest


class PathRefused(RefusedError):
    """A path the server will not read (outside the ingest roots, missing, taken by another layer);
    names the argument, like ArgumentError."""

    def __init__(self, message: str, *, code: str, argument: str = "path", **extra: object) -> None:
        super().__init__(message, code=code)
        self.argument = argument
        self.extra = extra
