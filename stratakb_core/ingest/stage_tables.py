"""Arrow tables for the stage values, and back (no I/O).

The Dagster assets hand each stage's output to the next as a Parquet file; these functions turn
the stage values (`Selection`, `Plan`, `ParsedFile`, sections, `ChunkedFile`, `EmbedResult`) into
Arrow tables with fixed schemas and back, so that a value survives the round trip exactly.
Every table carries `source_id` (a layer may have several source folders) and rows keep the
order of the values they come from.

File names that are not valid UTF-8 (``os.fsdecode`` keeps their bytes as lone surrogates)
cannot be Arrow strings: such a path (and an embedded text that quotes it) is stored with U+FFFD
in `rel_path`, for reading, and its exact bytes in `rel_path_raw`, which is null for every
ordinary name.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from stratakb_core.ingest.stages import ChunkedFile, EmbedResult, ParsedFile, Plan, PlannedFile
from stratakb_core.values import (
    Chunk,
    DocumentFlag,
    Exclusion,
    FileEntry,
    OutlineEntry,
    ParsedDocument,
    Section,
    Selection,
)

__all__ = [
    "CHUNKS_SCHEMA",
    "PARSED_SCHEMA",
    "PLAN_SCHEMA",
    "SELECTION_SCHEMA",
    "STRUCTURE_SCHEMA",
    "EmbeddingsTable",
    "SourcePlan",
    "SourceSelection",
    "chunks_from_table",
    "chunks_to_table",
    "embeddings_from_table",
    "embeddings_schema",
    "embeddings_to_table",
    "parsed_from_table",
    "parsed_to_table",
    "plan_from_table",
    "plan_to_table",
    "selection_from_table",
    "selection_to_table",
    "stage_storage_dir",
    "structure_from_table",
    "structure_to_table",
    "with_sections",
]

HASH_BYTES = 32  # sha256 of the text embedded


def stage_storage_dir(env: Mapping[str, str]) -> Path | None:
    """Where the Dagster location keeps its Parquet stage outputs: STRATA_DAGSTER_STORAGE, else
    $DAGSTER_HOME/storage (the instance's own storage folder), else None."""
    if env.get("STRATA_DAGSTER_STORAGE"):
        return Path(env["STRATA_DAGSTER_STORAGE"]).expanduser()
    if env.get("DAGSTER_HOME"):
        return Path(env["DAGSTER_HOME"]).expanduser() / "storage"
    return None


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def _text_arrays(paths: Sequence[str | None], type_: pa.DataType,
                 raw_type: pa.DataType) -> tuple[pa.Array, pa.Array]:
    shown: list[str | None] = []
    raw: list[bytes | None] = []
    for p in paths:
        if p is None:
            shown.append(None)
            raw.append(None)
            continue
        try:
            p.encode("utf-8")
        except UnicodeEncodeError:
            data = p.encode("utf-8", "surrogateescape")
            shown.append(data.decode("utf-8", "replace"))
            raw.append(data)
        else:
            shown.append(p)
            raw.append(None)
    return pa.array(shown, type_), pa.array(raw, raw_type)


def _paths(table: pa.Table, name: str = "rel_path") -> list[str | None]:
    shown = table.column(name).to_pylist()
    raw = table.column(name + "_raw").to_pylist()
    return [s if r is None else r.decode("utf-8", "surrogateescape") for s, r in zip(shown, raw, strict=True)]


def _col(table: pa.Table, name: str) -> list[Any]:
    return table.column(name).to_pylist()


def _opt_int(v: Any) -> int | None:
    return None if v is None else int(v)


SECTION_TYPE = pa.struct([
    ("start", pa.int64()), ("end", pa.int64()), ("path", pa.list_(pa.string())), ("level", pa.int32()),
    ("heading", pa.string()), ("heading_end", pa.int64()),
])


def _sections_to_py(sections: Iterable[Section]) -> list[dict[str, Any]]:
    return [{"start": s.start, "end": s.end, "path": list(s.path), "level": s.level, "heading": s.heading,
             "heading_end": s.heading_end} for s in sections]


def _sections_from_py(rows: Iterable[dict[str, Any]]) -> tuple[Section, ...]:
    return tuple(Section(start=r["start"], end=r["end"], path=tuple(r["path"]), level=r["level"],
                         heading=r["heading"], heading_end=r["heading_end"]) for r in rows)


# ---------------------------------------------------------------------------------------------
# selected_files: one row per source ("source"), then its files, exclusions and notes in order
# ---------------------------------------------------------------------------------------------

SELECTION_SCHEMA = pa.schema([
    ("source_id", pa.int64()), ("root", pa.string()), ("method", pa.string()),
    ("kind", pa.string()),  # source | file | excluded | note
    ("rel_path", pa.string()), ("rel_path_raw", pa.binary()),
    ("size", pa.int64()), ("mtime_ns", pa.int64()), ("reason", pa.string()), ("note", pa.string()),
])


@dataclass(frozen=True)
class SourceSelection:
    source_id: int
    selection: Selection


def selection_to_table(items: Sequence[SourceSelection]) -> pa.Table:
    rows: list[dict[str, Any]] = []
    for item in items:
        sel = item.selection
        base = {"source_id": item.source_id, "root": sel.root, "method": sel.method}
        rows.append({**base, "kind": "source"})
        rows.extend({**base, "kind": "file", "rel_path": f.rel_path, "size": f.size, "mtime_ns": f.mtime_ns}
                    for f in sel.files)
        rows.extend({**base, "kind": "excluded", "rel_path": x.rel_path, "reason": x.reason} for x in sel.excluded)
        rows.extend({**base, "kind": "note", "note": n} for n in sel.notes)
    return _table(SELECTION_SCHEMA, rows)


def _table(schema: pa.Schema, rows: list[dict[str, Any]]) -> pa.Table:
    """rows as a table of schema; a column X with a sibling X_raw is split into its shown and raw columns."""
    cols: dict[str, Any] = {}
    names = set(schema.names)
    for field in schema:
        if field.name.endswith("_raw") and field.name[:-4] in names:
            continue
        if field.name + "_raw" in names:
            cols[field.name], cols[field.name + "_raw"] = _text_arrays(
                [r.get(field.name) for r in rows], field.type, schema.field(field.name + "_raw").type)
            continue
        cols[field.name] = pa.array([r.get(field.name) for r in rows], field.type)
    return pa.table([cols[f.name] for f in schema], schema=schema)


def selection_from_table(table: pa.Table) -> list[SourceSelection]:
    paths = _paths(table)
    order: list[int] = []
    parts: dict[int, dict[str, Any]] = {}
    for i, (sid, root, method, kind, size, mtime, reason, note) in enumerate(zip(
            _col(table, "source_id"), _col(table, "root"), _col(table, "method"), _col(table, "kind"),
            _col(table, "size"), _col(table, "mtime_ns"), _col(table, "reason"), _col(table, "note"),
            strict=True)):
        if kind == "source":
            order.append(sid)
            parts[sid] = {"root": root, "method": method, "files": [], "excluded": [], "notes": []}
        elif kind == "file":
            parts[sid]["files"].append(FileEntry(paths[i], size, mtime))
        elif kind == "excluded":
            parts[sid]["excluded"].append(Exclusion(paths[i], reason))
        elif kind == "note":
            parts[sid]["notes"].append(note)
    return [SourceSelection(sid, Selection(root=parts[sid]["root"], method=parts[sid]["method"],
                                           files=tuple(parts[sid]["files"]),
                                           excluded=tuple(parts[sid]["excluded"]),
                                           notes=tuple(parts[sid]["notes"])))
            for sid in order]


# ---------------------------------------------------------------------------------------------
# policy_decisions: the plan per source, one row per file it names
# ---------------------------------------------------------------------------------------------

PLAN_SCHEMA = pa.schema([
    ("source_id", pa.int64()), ("root", pa.string()),
    ("decision", pa.string()),  # source | added | updated | unchanged | removed | skipped
    ("rel_path", pa.string()), ("rel_path_raw", pa.binary()),
    ("reason", pa.string()),  # the policy reason (skipped) or why a stored file goes (removed)
    ("document_id", pa.int64()), ("stored_hash", pa.string()), ("size", pa.int64()), ("mtime_ns", pa.int64()),
])


@dataclass(frozen=True)
class SourcePlan:
    source_id: int
    root: str
    plan: Plan


def plan_to_table(items: Sequence[SourcePlan]) -> pa.Table:
    rows: list[dict[str, Any]] = []
    for item in items:
        base = {"source_id": item.source_id, "root": item.root}
        p = item.plan
        rows.append({**base, "decision": "source"})
        rows.extend({**base, "decision": c.change, "rel_path": c.entry.rel_path, "document_id": c.document_id,
                     "stored_hash": c.stored_hash, "size": c.entry.size, "mtime_ns": c.entry.mtime_ns}
                    for c in p.candidates)
        rows.extend({**base, "decision": "unchanged", "rel_path": path} for path in p.unchanged)
        rows.extend({**base, "decision": "removed", "rel_path": path, "reason": why} for path, why in p.removals)
        rows.extend({**base, "decision": "skipped", "rel_path": path, "reason": why} for path, why in p.skipped)
    return _table(PLAN_SCHEMA, rows)


def plan_from_table(table: pa.Table) -> list[SourcePlan]:
    paths = _paths(table)
    order: list[int] = []
    roots: dict[int, str] = {}
    acc: dict[int, dict[str, list[Any]]] = {}
    for i, (sid, root, decision, reason, doc_id, stored_hash, size, mtime) in enumerate(zip(
            _col(table, "source_id"), _col(table, "root"), _col(table, "decision"), _col(table, "reason"),
            _col(table, "document_id"), _col(table, "stored_hash"), _col(table, "size"),
            _col(table, "mtime_ns"), strict=True)):
        if decision == "source":
            order.append(sid)
            roots[sid] = root
            acc[sid] = {"candidates": [], "unchanged": [], "removals": [], "skipped": []}
        elif decision in ("added", "updated"):
            acc[sid]["candidates"].append(
                PlannedFile(FileEntry(paths[i], size, mtime), decision, _opt_int(doc_id), stored_hash))
        elif decision == "unchanged":
            acc[sid]["unchanged"].append(paths[i])
        elif decision == "removed":
            acc[sid]["removals"].append((paths[i], reason))
        elif decision == "skipped":
            acc[sid]["skipped"].append((paths[i], reason))
    out = []
    for sid in order:
        a = acc[sid]
        plan = Plan(tuple(a["candidates"]), tuple(a["unchanged"]), tuple(a["removals"]), tuple(a["skipped"]),
                    len(a["candidates"]) + len(a["unchanged"]))
        out.append(SourcePlan(sid, roots[sid], plan))
    return out


# ---------------------------------------------------------------------------------------------
# parsed_documents: one row per candidate file, with its document when it was parsed
# ---------------------------------------------------------------------------------------------

PARSED_SCHEMA = pa.schema([
    ("source_id", pa.int64()), ("rel_path", pa.string()), ("rel_path_raw", pa.binary()),
    ("change", pa.string()), ("document_id", pa.int64()), ("size", pa.int64()), ("mtime_ns", pa.int64()),
    ("outcome", pa.string()), ("content_hash", pa.string()), ("reason", pa.string()),
    ("message", pa.string()), ("message_raw", pa.binary()),
    ("date", pa.string()), ("date_source", pa.string()), ("supersedes", pa.string()),
    # The ParsedDocument; has_doc false leaves the rest null.
    ("has_doc", pa.bool_()), ("text", pa.large_string()), ("first_line", pa.int64()),
    ("pages", pa.list_(pa.struct([("start", pa.int64()), ("end", pa.int64())]))),
    ("front_matter", pa.string()),  # JSON: parsers keep front matter to plain JSON values
    ("doc_date", pa.string()), ("doc_supersedes", pa.string()),
    ("flags", pa.list_(pa.struct([("reason", pa.string()), ("count", pa.int64())]))),
    ("kind", pa.string()),
    ("outline", pa.list_(pa.struct([("start", pa.int64()), ("level", pa.int32()), ("title", pa.string()),
                                    ("source", pa.string())]))),
    ("text_origin", pa.string()),
    ("sections", pa.list_(SECTION_TYPE)),
    ("scanned_pages", pa.list_(pa.int64())), ("ocr_pages", pa.list_(pa.int64())),
    ("redactions", pa.string()),  # JSON {kind: count} of the secret values redacted (never a value)
])


def parsed_to_table(items: Sequence[tuple[int, ParsedFile]]) -> pa.Table:
    rows: list[dict[str, Any]] = []
    for sid, pf in items:
        row: dict[str, Any] = {
            "source_id": sid, "rel_path": pf.rel_path, "change": pf.change, "document_id": pf.document_id,
            "size": pf.size, "mtime_ns": pf.mtime_ns, "outcome": pf.outcome, "content_hash": pf.content_hash,
            "reason": pf.reason, "message": pf.message, "date": pf.date, "date_source": pf.date_source,
            "supersedes": pf.supersedes, "has_doc": pf.doc is not None,
            "redactions": json.dumps(dict(pf.redactions)) if pf.redactions else None,
        }
        doc = pf.doc
        if doc is not None:
            row.update({
                "text": doc.text, "first_line": doc.first_line,
                "pages": None if doc.pages is None else [{"start": a, "end": b} for a, b in doc.pages],
                "front_matter": json.dumps(doc.front_matter, ensure_ascii=False, allow_nan=False),
                "doc_date": doc.date, "doc_supersedes": doc.supersedes,
                "flags": [{"reason": f.reason, "count": f.count} for f in doc.flags],
                "kind": doc.kind,
                "outline": [{"start": o.start, "level": o.level, "title": o.title, "source": o.source}
                            for o in doc.outline],
                "text_origin": doc.text_origin,
                "sections": _sections_to_py(doc.sections),
                "scanned_pages": list(doc.scanned_pages), "ocr_pages": list(doc.ocr_pages),
            })
        rows.append(row)
    return _table(PARSED_SCHEMA, rows)


def parsed_from_table(table: pa.Table) -> list[tuple[int, ParsedFile]]:
    paths = _paths(table)
    messages = _paths(table, "message")
    out: list[tuple[int, ParsedFile]] = []
    for i, r in enumerate(table.drop_columns(["rel_path", "rel_path_raw", "message", "message_raw"]).to_pylist()):
        doc = None
        if r["has_doc"]:
            doc = ParsedDocument(
                text=r["text"], sections=_sections_from_py(r["sections"]), first_line=r["first_line"],
                pages=None if r["pages"] is None else tuple((p["start"], p["end"]) for p in r["pages"]),
                front_matter=json.loads(r["front_matter"]), date=r["doc_date"], supersedes=r["doc_supersedes"],
                flags=tuple(DocumentFlag(f["reason"], f["count"]) for f in r["flags"]), kind=r["kind"],
                outline=tuple(OutlineEntry(o["start"], o["level"], o["title"], o["source"]) for o in r["outline"]),
                text_origin=r["text_origin"], scanned_pages=tuple(r.get("scanned_pages") or ()),
                ocr_pages=tuple(r.get("ocr_pages") or ()),
            )
        out.append((r["source_id"], ParsedFile(
            rel_path=paths[i], change=r["change"], document_id=_opt_int(r["document_id"]), size=r["size"],
            mtime_ns=r["mtime_ns"], outcome=r["outcome"], content_hash=r["content_hash"], reason=r["reason"],
            message=messages[i], doc=doc, date=r["date"], date_source=r["date_source"],
            supersedes=r["supersedes"],
            redactions=tuple(sorted(json.loads(r["redactions"]).items())) if r.get("redactions") else ())))
    return out


# ---------------------------------------------------------------------------------------------
# structure_maps: the sections of each parsed document after the layer's structure patterns
# ---------------------------------------------------------------------------------------------

STRUCTURE_SCHEMA = pa.schema([
    ("source_id", pa.int64()), ("rel_path", pa.string()), ("rel_path_raw", pa.binary()),
    ("sections", pa.list_(SECTION_TYPE)),
])


def structure_to_table(items: Sequence[tuple[int, str, Sequence[Section]]]) -> pa.Table:
    return _table(STRUCTURE_SCHEMA, [{"source_id": sid, "rel_path": path, "sections": _sections_to_py(secs)}
                                     for sid, path, secs in items])


def structure_from_table(table: pa.Table) -> list[tuple[int, str, tuple[Section, ...]]]:
    paths = _paths(table)
    return [(sid, paths[i], _sections_from_py(secs))
            for i, (sid, secs) in enumerate(zip(_col(table, "source_id"), _col(table, "sections"), strict=True))]


# ---------------------------------------------------------------------------------------------
# chunks: one row per chunk, with the exact text to embed and its hash
# ---------------------------------------------------------------------------------------------

CHUNKS_SCHEMA = pa.schema([
    ("source_id", pa.int64()), ("rel_path", pa.string()), ("rel_path_raw", pa.binary()),
    ("ordinal", pa.int32()), ("start", pa.int64()), ("end", pa.int64()), ("text", pa.large_string()),
    ("section_path", pa.list_(pa.string())), ("line_start", pa.int64()), ("line_end", pa.int64()),
    ("page", pa.int32()), ("embed_text", pa.large_string()), ("embed_text_raw", pa.large_binary()),
    ("embed_hash", pa.binary(HASH_BYTES)),
])


def chunks_to_table(items: Sequence[tuple[int, ChunkedFile]]) -> pa.Table:
    rows: list[dict[str, Any]] = []
    for sid, cf in items:
        for c, t, h in zip(cf.chunks, cf.embed_texts, cf.embed_hashes, strict=True):
            rows.append({"source_id": sid, "rel_path": cf.parsed.rel_path, "ordinal": c.ordinal, "start": c.start,
                         "end": c.end, "text": c.text, "section_path": list(c.section_path),
                         "line_start": c.line_start, "line_end": c.line_end, "page": c.page, "embed_text": t,
                         "embed_hash": h})
    return _table(CHUNKS_SCHEMA, rows)


def chunks_from_table(table: pa.Table, parsed: Mapping[tuple[int, str], ParsedFile]) -> list[tuple[int, ChunkedFile]]:
    """The chunked files, in row order; `parsed` gives each file's ParsedFile (with its structure)."""
    paths = _paths(table)
    embed_texts = _paths(table, "embed_text")
    groups: dict[tuple[int, str], list[tuple[Chunk, str, bytes]]] = {}
    for i, r in enumerate(table.drop_columns(["rel_path", "rel_path_raw", "embed_text_raw"]).to_pylist()):
        key = (r["source_id"], paths[i])
        chunk = Chunk(ordinal=r["ordinal"], start=r["start"], end=r["end"], text=r["text"],
                      section_path=tuple(r["section_path"]), line_start=r["line_start"], line_end=r["line_end"],
                      page=r["page"])
        groups.setdefault(key, []).append((chunk, embed_texts[i], r["embed_hash"]))
    out = []
    for key, rows in groups.items():
        out.append((key[0], ChunkedFile(parsed[key], tuple(r[0] for r in rows), tuple(r[1] for r in rows),
                                        tuple(r[2] for r in rows))))
    return out


def with_sections(pf: ParsedFile, sections: Sequence[Section]) -> ParsedFile:
    """pf with its document's structure map replaced (the structure stage changes only sections)."""
    assert pf.doc is not None
    return replace(pf, doc=replace(pf.doc, sections=tuple(sections)))


# ---------------------------------------------------------------------------------------------
# chunk_embeddings: the vectors computed, as fixed-size float32 lists keyed by text hash
# ---------------------------------------------------------------------------------------------


def embeddings_schema(dimensions: int) -> pa.Schema:
    return pa.schema([("embed_hash", pa.binary(HASH_BYTES)),
                      ("vector", pa.list_(pa.float32(), dimensions))])


@dataclass(frozen=True)
class EmbeddingsTable:
    """An EmbedResult with the model it was computed with."""

    model: str
    dimensions: int
    result: EmbedResult


def embeddings_to_table(model: str, dimensions: int, emb: EmbedResult) -> pa.Table:
    n = len(emb.hashes)
    vectors = emb.vectors if emb.vectors is not None else np.empty((0, dimensions), np.float32)
    if vectors.shape != (n, dimensions):
        raise ValueError(f"expected {n} vectors of {dimensions} dimensions, got {vectors.shape}")
    flat = pa.array(np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1), pa.float32())
    schema = embeddings_schema(dimensions).with_metadata({
        "model": model, "dimensions": str(dimensions), "reused": str(emb.reused),
        "vectors_none": "1" if emb.vectors is None else "0",
    })
    return pa.table([pa.array(emb.hashes, pa.binary(HASH_BYTES)), pa.FixedSizeListArray.from_arrays(flat, dimensions)],
                    schema=schema)


def embeddings_from_table(table: pa.Table) -> EmbeddingsTable:
    meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
    dims = int(meta["dimensions"])
    hashes = table.column("embed_hash").to_pylist()
    col = table.column("vector").combine_chunks()
    if isinstance(col, pa.ChunkedArray):  # an empty column combines to a chunked array of no chunks
        col = pa.concat_arrays(col.chunks) if col.num_chunks else pa.array([], pa.list_(pa.float32(), dims))
    vectors: np.ndarray | None = col.flatten().to_numpy(zero_copy_only=False).astype(np.float32, copy=False)
    vectors = vectors.reshape(len(hashes), dims)
    if meta.get("vectors_none") == "1":
        vectors = None
    return EmbeddingsTable(meta["model"], dims, EmbedResult(hashes, vectors, int(meta["reused"])))
