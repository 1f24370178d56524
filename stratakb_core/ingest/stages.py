"""The ingest stages as functions: plan, read+parse, structure, chunk, embed, store.

`stratakb add` runs them in process, a group of files at a time; the Dagster assets run each one
as an asset over the whole layer. Only `parse_file` reads files and only `embed_missing` reads
the store; the store stage, which writes a group, is `store_writes`. The rest turn values into
values.
"""

from __future__ import annotations

import datetime as dt
import errno
import hashlib
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np
import psycopg

from stratakb_core.embedding import Embedder, text_hash
from stratakb_core.errors import NoTextError, ParseError, ReadError
from stratakb_core.ingest.chunking import chunk_document, embedding_text
from stratakb_core.ingest.content_safety import redact_document
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.safe import parse_document
from stratakb_core.ingest.policy import decide, is_secret_name
from stratakb_core.ingest.storable import storable_document
from stratakb_core.ingest.structure import apply_structure, bound_structure
from stratakb_core.store import readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.textsafe import storable_name
from stratakb_core.values import Chunk, ChunkConfig, DocumentFlag, FileEntry, ParsedDocument, Selection

SUPERSEDES_MAX = 500
# The chunks one file may store (about 8 MB of text at the default size): bounds the memory of a
# file and the time its transaction holds the store's event lock.
MAX_CHUNKS_PER_FILE = 10_000
# Presets and the MCP ingest tool read every file in a supported format, whatever its size
# (too_large is an add rule); this only keeps one pathological file from exhausting memory.
MAX_READ_BYTES = 1 << 30


# ---------------------------------------------------------------------------------------------
# Plan: which files to add, update, leave or remove (pure)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedFile:
    """A file the plan reads: new (added) or changed by its stat (updated, with its stored id and hash)."""

    entry: FileEntry
    change: str  # added | updated
    document_id: int | None
    stored_hash: str | None


@dataclass(frozen=True)
class Plan:
    candidates: tuple[PlannedFile, ...]
    unchanged: tuple[str, ...]
    removals: tuple[tuple[str, str], ...]  # (path, reason: deleted | not_selected | secret)
    skipped: tuple[tuple[str, str], ...]  # (path, policy reason)
    included: int

    @property
    def adds(self) -> int:
        return sum(1 for c in self.candidates if c.change == "added")

    @property
    def updates(self) -> int:
        return sum(1 for c in self.candidates if c.change == "updated")


def plan_files(
    selection: Selection,
    stored: dict[str, readers.DocumentRow],
    *,
    max_file_size: int,
    present: set[str] | None = None,
    policy: str = "add",
) -> Plan:
    """Compare the selected files with what the layer stores, by stat; nothing is opened.

    A file whose size and mtime match the stored ones is unchanged; any other stored file is a
    candidate update, confirmed by its bytes' hash when it is read. policy "add" applies the whole
    add policy; "preset" (presets and the ingest tool) skips only secret names and formats no
    parser reads.
    """
    skipped: list[tuple[str, str]] = []
    policy_reason: dict[str, str] = {}
    included: list[FileEntry] = []
    for entry in selection.files:
        if policy == "add":
            reason = decide(entry, max_file_size=max_file_size).reason
        else:
            reason = "secret" if is_secret_name(entry.rel_path) else None
        # The add policy's SUPPORTED_EXTENSIONS are the parsers' extensions (tests/unit/test_policy.py),
        # so only the preset policy asks the registry, which imports every parser module.
        if reason is None and policy != "add" and parser_for(entry.rel_path) is None:
            reason = "unsupported"
        if reason is not None:
            policy_reason[storable_name(entry.rel_path)] = reason
            skipped.append((entry.rel_path, reason))
        else:
            included.append(entry)
    candidates: list[PlannedFile] = []
    unchanged: list[str] = []
    for entry in included:
        prev = stored.get(storable_name(entry.rel_path))
        if prev is None:
            candidates.append(PlannedFile(entry, "added", None, None))
        elif prev.size == entry.size and prev.mtime_ns == entry.mtime_ns:
            unchanged.append(entry.rel_path)
        else:
            candidates.append(PlannedFile(entry, "updated", prev.id, prev.content_hash))
    # The store keeps names in their storable form (textsafe.storable_name); so are these sets.
    included_paths = {storable_name(e.rel_path) for e in included}
    listed = {storable_name(f.rel_path) for f in selection.files} | {
        storable_name(x.rel_path) for x in selection.excluded}
    removals: list[tuple[str, str]] = []
    for path in sorted(stored):
        if path in included_paths:
            continue
        reason = policy_reason.get(path)
        if reason == "secret" or (reason is None and is_secret_name(path)):
            removals.append((path, "secret"))
        elif reason is not None or path in listed or (present is not None and path in present):
            removals.append((path, "not_selected"))
        else:
            removals.append((path, "deleted"))
    return Plan(tuple(candidates), tuple(unchanged), tuple(removals), tuple(skipped), len(included))


# ---------------------------------------------------------------------------------------------
# Read and parse (reads the file)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParsedFile:
    """One candidate after reading: parsed, unchanged (same bytes), no_text or failed."""

    rel_path: str
    change: str
    document_id: int | None
    size: int
    mtime_ns: int
    outcome: str  # parsed | unchanged | no_text | failed | skipped (path_too_long)
    content_hash: str | None = None
    reason: str | None = None  # read_error | parse_error when failed; path_too_long when skipped
    message: str | None = None
    doc: ParsedDocument | None = None
    date: str | None = None
    date_source: str | None = None
    supersedes: str | None = None
    redactions: tuple[tuple[str, int], ...] = ()  # (kind, count) of the secret values redacted
    structured: bool = False  # the structure map (with the layer's patterns) is applied already

    @property
    def stored_path(self) -> str:
        """rel_path as the store and its events keep it (textsafe.storable_name)."""
        return storable_name(self.rel_path)


def _needs_ocr(rel_path: str, doc: ParsedDocument | None) -> bool:
    # Imported only when OCR is on: it brings the PDF parser, which a no-change sync never needs.
    from stratakb_core.ingest.parsing.scanned import needs_ocr

    return needs_ocr(rel_path, doc)


def utc_date(mtime_ns: int) -> str:
    return dt.datetime.fromtimestamp(mtime_ns / 1e9, tz=dt.UTC).date().isoformat()


def resolve_supersedes(rel_path: str, value: Any) -> str | None:
    """The file a `supersedes` value names, relative to the source root, or None when it cannot
    name a file in the folder (absolute, a drive, a URL, leaves the root, itself, empty, long)."""
    if not isinstance(value, str):
        return None
    value = value.strip()
    if not value or len(value) > SUPERSEDES_MAX or "\x00" in value or "\\" in value:
        return None
    if value.startswith("/") or "://" in value or (len(value) >= 2 and value[1] == ":"):
        return None
    base = PurePosixPath(rel_path).parent
    parts: list[str] = list(base.parts) if str(base) != "." else []
    for part in PurePosixPath(value).parts:
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    if not parts:
        return None
    target = "/".join(parts)
    return None if target == rel_path else target


def read_file(root: Path, rel_path: str, max_size: int) -> bytes:
    """Read a regular file without following links and without blocking on FIFOs."""
    path = root / rel_path
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise ReadError("the path is longer than the system allows", code="path_too_long") from exc
        raise ReadError(exc.strerror or "could not open") from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReadError("not a regular file")
        parts = []
        remaining = max_size + 1
        while remaining > 0:
            block = os.read(fd, min(remaining, 1 << 20))
            if not block:
                break
            parts.append(block)
            remaining -= len(block)
        data = b"".join(parts)
        if len(data) > max_size:
            raise ReadError("the file grew past the size limit while it was read")
        return data
    except OSError as exc:
        raise ReadError(exc.strerror or "could not read") from exc
    finally:
        os.close(fd)


parse_bytes = parse_document


def parse_file(root: Path, cand: PlannedFile, max_size: int,
               parse: Any = None, ocr: Any = None) -> ParsedFile:
    """Read and parse one candidate; `parse` (data, rel_path) -> ParsedDocument defaults to
    parse_bytes in this process (ingest passes a ParseSandbox's parse). `ocr`, the same shape,
    is given when OCR is on: it parses again a file whose pages need it (`_ocr_step`)."""
    e = cand.entry
    base = dict(rel_path=e.rel_path, change=cand.change, document_id=cand.document_id,
                size=e.size, mtime_ns=e.mtime_ns)
    try:
        data = read_file(root, e.rel_path, max_size)
    except ReadError as exc:
        if exc.code == "path_too_long":
            return ParsedFile(**base, outcome="skipped", reason="path_too_long", message=exc.message)
        return ParsedFile(**base, outcome="failed", reason="read_error", message=exc.message)
    content_hash = hashlib.sha256(data).hexdigest()
    if cand.stored_hash is not None and cand.stored_hash == content_hash:
        return ParsedFile(**base, outcome="unchanged", content_hash=content_hash)
    doc: ParsedDocument | None = None
    no_text: str | None = None
    try:
        doc = (parse or parse_bytes)(data, e.rel_path)
    except NoTextError as exc:
        no_text = exc.message
    except ParseError as exc:
        return ParsedFile(**base, outcome="failed", content_hash=content_hash, reason="parse_error",
                          message=exc.message)
    if ocr is not None and _needs_ocr(e.rel_path, doc):
        try:
            doc = ocr(data, e.rel_path)
        except NoTextError as exc:
            no_text = exc.message
        except ParseError as exc:
            if doc is None:
                return ParsedFile(**base, outcome="failed", content_hash=content_hash, reason="parse_error",
                                  message=f"OCR: {exc.message}")
    if doc is None:
        return ParsedFile(**base, outcome="no_text", content_hash=content_hash, message=no_text)
    doc = bound_structure(storable_document(doc))
    if doc.date:
        date, date_source = doc.date, "front_matter"
    else:
        date, date_source = utc_date(e.mtime_ns), "file"
    supersedes = resolve_supersedes(e.rel_path, doc.supersedes)
    return ParsedFile(**base, outcome="parsed", content_hash=content_hash, doc=doc, date=date,
                      date_source=date_source, supersedes=storable_name(supersedes) if supersedes else None)


# ---------------------------------------------------------------------------------------------
# Redaction, structure and chunks (pure)
# ---------------------------------------------------------------------------------------------


def redact_secrets(pf: ParsedFile, enabled: bool = True) -> ParsedFile:
    """The parsed text with its secret values redacted (content_safety.redact_document), before
    structure and chunks; the counts per kind go with the file (never the values)."""
    if pf.doc is None or not enabled:
        return pf
    doc, counts = redact_document(pf.doc)
    return replace(pf, doc=doc, redactions=tuple(sorted(counts.items())))


def apply_structure_patterns(pf: ParsedFile, patterns: Sequence[str]) -> ParsedFile:
    """The full structure map (outline, headings, clauses) with the layer's extra section starts.

    Always run: PDF and Word parsers return sections cut at their outline only, and the map
    nests the text's own headings and clauses inside them (idempotent for the text formats).
    """
    if pf.doc is None or pf.structured:
        return pf
    return replace(pf, doc=bound_structure(apply_structure(pf.doc, patterns)), structured=True)


@dataclass(frozen=True)
class ChunkedFile:
    parsed: ParsedFile
    chunks: tuple[Chunk, ...]
    embed_texts: tuple[str, ...]
    embed_hashes: tuple[bytes, ...]


def chunk_file(pf: ParsedFile, layer: str, config: ChunkConfig) -> ChunkedFile | ParsedFile:
    """Chunks and the exact texts to embed; a document that yields no chunk becomes no_text.

    A file keeps its first MAX_CHUNKS_PER_FILE chunks and is flagged truncated (count: null, the
    rest is not cut), so one file's memory and transaction stay bounded.
    """
    assert pf.doc is not None
    chunks = tuple(chunk_document(pf.doc, config, max_chunks=MAX_CHUNKS_PER_FILE + 1))
    if not chunks:
        return replace(pf, outcome="no_text", doc=None)
    if len(chunks) > MAX_CHUNKS_PER_FILE:
        chunks = chunks[:MAX_CHUNKS_PER_FILE]
        flags = pf.doc.flags if any(f.reason == "truncated" for f in pf.doc.flags) else (
            *pf.doc.flags, DocumentFlag("truncated", None))
        pf = replace(pf, doc=replace(pf.doc, flags=flags))
    texts = tuple(embedding_text(c, layer, pf.stored_path) for c in chunks)
    return ChunkedFile(pf, chunks, texts, tuple(text_hash(t) for t in texts))


# ---------------------------------------------------------------------------------------------
# Embed (asks the store which vectors exist) and store (writes)
# ---------------------------------------------------------------------------------------------


@dataclass
class EmbedResult:
    hashes: list[bytes] = field(default_factory=list)
    vectors: np.ndarray | None = None
    reused: int = 0
    duplicates: int = 0  # of reused: texts that repeat inside the group


def embed_missing(conn: psycopg.Connection, table: str, files: Sequence[ChunkedFile],
                  embedder: Embedder) -> EmbedResult:
    """Embed each distinct text whose (model, hash) the store does not hold yet."""
    all_hashes = list(dict.fromkeys(h for f in files for h in f.embed_hashes))
    have = vector_tables.existing_hashes(conn, table, all_hashes)
    conn.commit()
    todo: dict[bytes, str] = {}
    for f in files:
        for h, t in zip(f.embed_hashes, f.embed_texts, strict=True):
            if h not in have and h not in todo:
                todo[h] = t
    hashes = list(todo)
    vectors = embedder.embed([todo[h] for h in hashes]) if hashes else None
    total = sum(len(f.embed_hashes) for f in files)
    return EmbedResult(hashes, vectors, total - len(hashes), total - len(all_hashes))
