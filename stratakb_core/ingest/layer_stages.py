"""A layer sync as separate stages over the whole layer, with Arrow tables between them; does I/O.

This is the Dagster path: one asset per stage, each a call to one function here, each handing an
Arrow table (a Parquet file) to the next. The stages are the same functions `stratakb add` runs
a file at a time (`stages.plan_files`, `parse_file`, `apply_structure_patterns`, `chunk_file`,
`embed_missing`), so a full run of them leaves the store as `stratakb add` of the same folders
would.

Only `store_stage` writes to PostgreSQL, through the one write path (`ingest.source_sync`): under
the layer's lock, the lock `add_folder` takes, so a Dagster sync and a CLI sync of one layer
never interleave, it feeds the staged rows to `sync_source`. Planning happened earlier, without
the lock, so under it the plan is made again from the stored selection; if another sync changed
the layer meanwhile, the source is synced from its files (`sync_folder`) instead of from the
stale stage outputs.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
import pyarrow as pa

from stratakb_core.embedding import Embedder
from stratakb_core.errors import EmbedError, ModelMismatchError, UsageError
from stratakb_core.ingest.addplan import DEFAULT_MAX_FILE_SIZE
from stratakb_core.ingest.content_safety import resolve
from stratakb_core.ingest.no_text import leave_unread
from stratakb_core.ingest.sandbox import ocr_sandbox_from_env, sandbox_from_env
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.source_sync import (
    PreparedFile,
    finish_run,
    layer_chunk_config,
    layer_lock,
    sync_folder,
    sync_source,
    write_setup,
)
from stratakb_core.ingest.stage_tables import (
    EmbeddingsTable,
    SourcePlan,
    SourceSelection,
    chunks_from_table,
    chunks_to_table,
    embeddings_from_table,
    embeddings_to_table,
    parsed_from_table,
    parsed_to_table,
    plan_from_table,
    plan_to_table,
    selection_from_table,
    selection_to_table,
    structure_from_table,
    structure_to_table,
    with_sections,
)
from stratakb_core.ingest.stages import (
    MAX_READ_BYTES,
    ChunkedFile,
    EmbedResult,
    ParsedFile,
    Plan,
    apply_structure_patterns,
    chunk_file,
    embed_missing,
    parse_file,
    plan_files,
    redact_secrets,
)
from stratakb_core.ingest.sync_result import AddResult, FileNote
from stratakb_core.store import readers
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.connection import Database
from stratakb_core.store.vectors import check_active_model

__all__ = [
    "DAGSTER_ACTOR",
    "DEFAULT_MAX_FILE_SIZE",
    "StageOutput",
    "chunk_stage",
    "embed_stage",
    "layer_sources",
    "parse_stage",
    "plan_stage",
    "result_counts",
    "select_stage",
    "store_stage",
    "structure_stage",
]

# The actor of the events a Dagster run appends; the mirror sensor skips runs of this actor.
DAGSTER_ACTOR = "dagster"

# The embed stage embeds this many texts per call, so a large layer reports progress and never
# holds more than one slice of texts in the model at once.
EMBED_SLICE = 1024


@dataclass(frozen=True)
class StageOutput:
    """A stage's table and the counts shown as the asset's metadata."""

    table: pa.Table
    counts: dict[str, Any] = field(default_factory=dict)


def layer_sources(conn: psycopg.Connection, layer: str) -> list[readers.SourceRow]:
    """The layer's source folders, in the order they were added; UsageError when there are none."""
    if readers.get_layer(conn, layer) is None:
        conn.commit()
        raise UsageError(f"no layer named '{layer}' in the store")
    found = [s for s in readers.sources(conn) if s.layer == layer]
    conn.commit()
    if not found:
        raise UsageError(f"layer '{layer}' has no source folder in the store")
    return found


def layer_policy(conn: psycopg.Connection, layer: str) -> str:
    """How the layer's folders are selected and planned: "preset" for a layer made by a preset
    (preset selection and policy, as `stratakb preset apply` syncs it), else "add"."""
    row = readers.get_layer(conn, layer)
    conn.commit()
    origin = row.origin if row is not None and isinstance(row.origin, dict) else {}
    return "preset" if origin.get("kind") == "preset" else "add"


def _size_limit(policy: str, max_file_size: int) -> int:
    if policy == "preset":  # presets read every file a parser takes, up to their own limit
        return MAX_READ_BYTES
    return max_file_size


# ---------------------------------------------------------------------------------------------
# selection -> policy -> parse -> structure -> chunk -> embed
# ---------------------------------------------------------------------------------------------


def select_stage(conn: psycopg.Connection, layer: str) -> StageOutput:
    """The selection of every source folder of the layer (reads the folders, not the files)."""
    mode = layer_policy(conn, layer)
    items = [SourceSelection(s.id, select_files(Path(s.root), mode=mode)) for s in layer_sources(conn, layer)]
    return StageOutput(selection_to_table(items), {
        "sources": len(items),
        "files": sum(len(i.selection.files) for i in items),
        "excluded": sum(len(i.selection.excluded) for i in items),
        "notes": sum(len(i.selection.notes) for i in items),
    })


def _present(root: str, stored: Mapping[str, readers.DocumentRow]) -> set[str]:
    return {p for p in stored if os.path.lexists(os.path.join(root, p))}


def _plan_source(conn: psycopg.Connection, layer: str, ss: SourceSelection, policy: str,
                 max_file_size: int) -> tuple[Plan, dict[str, readers.DocumentRow]]:
    stored = readers.documents_of_source(conn, ss.source_id)
    conn.commit()
    plan = plan_files(ss.selection, stored, max_file_size=_size_limit(policy, max_file_size),
                      present=_present(ss.selection.root, stored), policy=policy)
    return leave_unread(conn, layer, ss.source_id, plan), stored


def plan_stage(conn: psycopg.Connection, layer: str, selected: pa.Table, *,
               max_file_size: int = DEFAULT_MAX_FILE_SIZE) -> StageOutput:
    """Policy and plan per source: what to add, update, leave, remove or skip (by stat)."""
    policy = layer_policy(conn, layer)
    items = [SourcePlan(ss.source_id, ss.selection.root, _plan_source(conn, layer, ss, policy, max_file_size)[0])
             for ss in selection_from_table(selected)]
    # The parse stage reads files up to the same limit the plan applied.
    table = plan_to_table(items).replace_schema_metadata(
        {"policy": policy, "max_file_size": str(_size_limit(policy, max_file_size))})
    return StageOutput(table, {
        "policy": policy,
        "added": sum(i.plan.adds for i in items),
        "updated": sum(i.plan.updates for i in items),
        "unchanged": sum(len(i.plan.unchanged) for i in items),
        "removed": sum(len(i.plan.removals) for i in items),
        "skipped": sum(len(i.plan.skipped) for i in items),
        "included": sum(i.plan.included for i in items),
    })


def parse_stage(planned: pa.Table, *, max_file_size: int = DEFAULT_MAX_FILE_SIZE,
                progress: Callable[[int, int], None] | None = None) -> StageOutput:
    """Read and parse every candidate of the plan (the only stage that opens files)."""
    meta = planned.schema.metadata or {}
    max_file_size = int(meta.get(b"max_file_size", max_file_size))
    plans = plan_from_table(planned)
    total = sum(len(sp.plan.candidates) for sp in plans)
    items: list[tuple[int, ParsedFile]] = []
    sandbox = sandbox_from_env()  # as ingest.sync_source parses: in a child with time and memory limits
    ocr_box = ocr_sandbox_from_env()
    # the environment's defaults (this stage has no store): OCR, and redaction before the text is staged
    safety = resolve(None)
    try:
        for sp in plans:
            root = Path(sp.root)
            for cand in sp.plan.candidates:
                pf = parse_file(root, cand, max_file_size, sandbox.parse, ocr_box.parse if safety.ocr_on else None)
                items.append((sp.source_id, redact_secrets(pf, safety.redact_secrets)))
                if progress is not None:
                    progress(len(items), total)
    finally:
        sandbox.close()
        ocr_box.close()
    outcomes = [pf.outcome for _, pf in items]
    return StageOutput(parsed_to_table(items), {
        "parsed": outcomes.count("parsed"), "unchanged": outcomes.count("unchanged"),
        "no_text": outcomes.count("no_text"), "failed": outcomes.count("failed"),
        "characters": sum(len(pf.doc.text) for _, pf in items if pf.doc is not None),
    })


def structure_stage(conn: psycopg.Connection, layer: str, parsed: pa.Table) -> StageOutput:
    """The structure map of every parsed document, with the layer's structure patterns."""
    patterns = readers.structure_patterns(conn, layer)
    conn.commit()
    items = []
    for sid, pf in parsed_from_table(parsed):
        if pf.outcome == "parsed":
            mapped = apply_structure_patterns(pf, patterns)
            assert mapped.doc is not None
            items.append((sid, pf.rel_path, mapped.doc.sections))
    return StageOutput(structure_to_table(items), {
        "documents": len(items), "sections": sum(len(s) for _, _, s in items), "patterns": len(patterns),
    })


def _structured(parsed: pa.Table, structure: pa.Table) -> list[tuple[int, ParsedFile]]:
    """The parse stage's files with each parsed document's sections from the structure stage."""
    sections = {(sid, path): secs for sid, path, secs in structure_from_table(structure)}
    out = []
    for sid, pf in parsed_from_table(parsed):
        if pf.outcome == "parsed" and (sid, pf.rel_path) in sections:
            pf = with_sections(pf, sections[(sid, pf.rel_path)])
        out.append((sid, pf))
    return out


def chunk_stage(conn: psycopg.Connection, layer: str, parsed: pa.Table, structure: pa.Table) -> StageOutput:
    """Chunks of every parsed document and the exact texts to embed, with the layer's chunk config."""
    row = readers.get_layer(conn, layer)
    conn.commit()
    if row is None:
        raise UsageError(f"no layer named '{layer}' in the store")
    config = layer_chunk_config(row)
    items: list[tuple[int, ChunkedFile]] = []
    no_text = 0
    for sid, pf in _structured(parsed, structure):
        if pf.outcome != "parsed":
            continue
        chunked = chunk_file(pf, layer, config)
        if isinstance(chunked, ChunkedFile):
            items.append((sid, chunked))
        else:
            no_text += 1
    sizes = [len(c.text) for _, cf in items for c in cf.chunks]
    return StageOutput(chunks_to_table(items), {
        "files": len(items), "chunks": len(sizes), "no_text": no_text, "recipe": config.recipe(),
        "characters": sum(sizes), "largest_chunk": max(sizes, default=0),
    })


@dataclass(frozen=True)
class _Texts:
    """What embed_missing reads of a chunked file: its texts and their hashes."""

    embed_texts: tuple[str, ...]
    embed_hashes: tuple[bytes, ...]


def _vector_table(conn: psycopg.Connection, embedder: Embedder) -> str | None:
    """The table holding the embedder's vectors: the active one, or None before any model is active."""
    active = check_active_model(conn, embedder.name, embedder.dimensions)
    conn.commit()
    return active.table if active is not None else None


def embed_stage(conn: psycopg.Connection, embedder: Embedder, chunks: pa.Table,
                progress: Callable[[int, int], None] | None = None) -> StageOutput:
    """Embed each distinct text the store has no vector for yet (by model and text hash)."""
    table = _vector_table(conn, embedder)
    texts = chunks.column("embed_text").to_pylist()
    hashes = chunks.column("embed_hash").to_pylist()
    done: set[bytes] = set()
    out_hashes: list[bytes] = []
    out_vectors: list[np.ndarray] = []
    total = len(hashes)
    for start in range(0, total, EMBED_SLICE):
        pairs = {h: t for h, t in zip(hashes[start:start + EMBED_SLICE], texts[start:start + EMBED_SLICE],
                                      strict=True) if h not in done}
        piece = _Texts(tuple(pairs.values()), tuple(pairs))
        if table is not None:
            emb = embed_missing(conn, table, [piece], embedder)  # type: ignore[list-item]
        else:  # no model active yet: nothing is stored, everything is embedded
            emb = EmbedResult(list(pairs), embedder.embed(list(pairs.values())) if pairs else None, 0)
        done.update(pairs)
        if emb.hashes:
            assert emb.vectors is not None
            out_hashes.extend(emb.hashes)
            out_vectors.append(emb.vectors)
        if progress is not None:
            progress(min(start + EMBED_SLICE, total), total)
    vectors = np.concatenate(out_vectors) if out_vectors else None
    if vectors is not None and vectors.shape[1] != embedder.dimensions:
        raise EmbedError(f"the model returned {vectors.shape[1]} dimensions, not {embedder.dimensions}")
    result = EmbedResult(out_hashes, vectors, total - len(out_hashes))
    return StageOutput(embeddings_to_table(embedder.name, embedder.dimensions, result), {
        "chunks": total, "embedded": len(out_hashes), "reused": result.reused, "model": embedder.name,
        "dimensions": embedder.dimensions,
    })


# ---------------------------------------------------------------------------------------------
# store (the only stage that writes)
# ---------------------------------------------------------------------------------------------


@dataclass
class _Vectors:
    """The embed stage's vectors, handed out once each as groups are stored."""

    pre: EmbeddingsTable
    index: dict[bytes, int] = field(default_factory=dict)
    used: set[bytes] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.index = {h: i for i, h in enumerate(self.pre.result.hashes)}

    def for_group(self, conn: psycopg.Connection, table: str, group: Sequence[ChunkedFile],
                  embedder: Embedder) -> EmbedResult:
        """Like embed_missing for one group, but taking the vectors the embed stage computed."""
        distinct = list(dict.fromkeys(h for f in group for h in f.embed_hashes))
        total = sum(len(f.embed_hashes) for f in group)
        taken = [h for h in distinct if h in self.index and h not in self.used]
        rest = [h for h in distinct if h not in self.index]
        # A hash the embed stage did not compute was stored when it ran; should it be missing
        # now (it never is: vectors are only added), it is embedded here rather than left out.
        have = vector_tables.existing_hashes(conn, table, rest)
        conn.commit()
        missing = [h for h in rest if h not in have]
        hashes = taken + missing
        vectors = None
        if hashes:
            parts = []
            if taken:
                assert self.pre.result.vectors is not None
                parts.append(self.pre.result.vectors[[self.index[h] for h in taken]])
            if missing:
                text_of = {h: t for f in group for h, t in zip(f.embed_hashes, f.embed_texts, strict=True)}
                parts.append(embedder.embed([text_of[h] for h in missing]))
            vectors = np.concatenate(parts)
        self.used.update(taken)
        return EmbedResult(hashes, vectors, total - len(hashes))


def store_stage(
    db: Database,
    layer: str,
    *,
    selected: pa.Table,
    planned: pa.Table,
    parsed: pa.Table,
    structure: pa.Table,
    chunks: pa.Table,
    embeddings: pa.Table,
    embedder: Embedder,
    actor: str,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    on_wait: Callable[[str], None] | None = None,
    extra: Mapping[str, Any] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AddResult:
    """Write the stage outputs of one layer sync to the store, under the layer's lock.

    Ends with the run's `run_finished` event, as `stratakb add` does. A source whose plan no
    longer holds (another sync changed it since planning) is synced from its files instead.
    """
    pre = embeddings_from_table(embeddings)
    conn = db.connect()
    try:
        with layer_lock(conn, layer, on_wait):
            files = _structured(parsed, structure)
            by_path = {(sid, pf.rel_path): pf for sid, pf in files}
            staged = _Staged(selection_from_table(selected), {sp.source_id: sp.plan for sp in plan_from_table(planned)},
                             files, {(sid, cf.parsed.rel_path): cf for sid, cf in chunks_from_table(chunks, by_path)},
                             _Vectors(pre))
            return _store_locked(conn, layer, staged, embedder, actor, max_file_size, dict(extra or {}), progress)
    finally:
        conn.close()


@dataclass
class _Staged:
    """The earlier stages' outputs for the store stage: what they planned, parsed, chunked and embedded."""

    selections: list[SourceSelection]
    plans: dict[int, Plan]
    files: list[tuple[int, ParsedFile]]
    chunked: dict[tuple[int, str], ChunkedFile]
    vectors: _Vectors

    def prepared(self, source_id: int) -> Iterator[PreparedFile]:
        """One source's files as the parse and chunk stages left them: chunked, or their outcome."""
        for sid, pf in self.files:
            if sid != source_id:
                continue
            if pf.outcome != "parsed":
                yield pf
            else:  # a parsed document the chunk stage found no chunk in
                yield self.chunked.get((sid, pf.rel_path)) or replace(pf, outcome="no_text", doc=None)


def _store_locked(conn: psycopg.Connection, layer: str, staged: _Staged, embedder: Embedder, actor: str,
                  max_file_size: int, extra: dict[str, Any], progress: Callable[[int, int], None] | None) -> AddResult:
    sources = {s.id: s for s in layer_sources(conn, layer)}
    policy = layer_policy(conn, layer)
    result = AddResult(layer=layer, folder=", ".join(ss.selection.root for ss in staged.selections),
                       model=embedder.name, run_id=uuid.uuid4().hex[:16])
    active = check_active_model(conn, embedder.name, embedder.dimensions)
    conn.commit()
    if staged.vectors.pre.model != embedder.name:
        raise ModelMismatchError(f"the embed stage used {staged.vectors.pre.model}, not the configured "
                                 f"{embedder.name}; run the whole sync again")
    write_setup(conn, layer=layer, run_id=result.run_id, actor=actor, embedder=embedder, active=active)
    try:
        for ss in staged.selections:
            if ss.source_id not in sources:
                result.notes.append(f"the folder {ss.selection.root} left the layer since the run started; not synced")
                continue
            _store_source(conn, layer, ss, staged, policy, max_file_size, embedder, result, actor, progress)
            if result.interrupted:
                break
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        finish_run(conn, layer, result, actor, {"command": "dagster", **extra})
    return result


def _store_source(conn: psycopg.Connection, layer: str, ss: SourceSelection, staged: _Staged, policy: str,
                  max_file_size: int, embedder: Embedder, result: AddResult, actor: str,
                  progress: Callable[[int, int], None] | None) -> None:
    """Store one source from the stage outputs, or from its files when another sync changed it
    after the plan stage ran (the stage outputs are stale then)."""
    sid, root = ss.source_id, ss.selection.root
    plan, stored = _plan_source(conn, layer, ss, policy, max_file_size)
    stale = plan != staged.plans.get(sid)
    if stale:
        ss = SourceSelection(sid, select_files(Path(root), mode=policy))
        plan, stored = _plan_source(conn, layer, ss, policy, max_file_size)
        result.notes.append(f"the layer changed since this run planned; {root} was synced from its files")
    result.selection = ss.selection.method
    result.notes.extend(ss.selection.notes)
    result.excluded.extend(FileNote(x.rel_path, x.reason) for x in ss.selection.excluded)
    result.skipped.extend(FileNote(p, r) for p, r in plan.skipped)
    result.files_unchanged += len(plan.unchanged)
    if stale:
        sync_folder(conn, layer=layer, source_id=sid, root=Path(root), plan=plan, stored=stored, embedder=embedder,
                    result=result, max_file_size=_size_limit(policy, max_file_size), actor=actor, progress=progress)
        return
    vectors = staged.vectors
    sync_source(conn, layer=layer, source_id=sid, files=staged.prepared(sid), removals=plan.removals, stored=stored,
                result=result, actor=actor, total=sum(1 for s, _ in staged.files if s == sid), progress=progress,
                embed=lambda c, table, group: vectors.for_group(c, table, group, embedder),
                expected=sum(len(cf.chunks) for (s, _), cf in staged.chunked.items()
                             if s == sid and cf.parsed.document_id is None))


def result_counts(result: AddResult) -> dict[str, Any]:
    """The run's counts, as `run_finished` records them (for asset metadata)."""
    return {**result.counts(), "run_id": result.run_id}
