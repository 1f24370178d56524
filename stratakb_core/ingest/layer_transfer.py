"""Moving one layer between stores: export it to a bundle, import a bundle (optionally under
another folder with --root); does I/O.

An import checks everything before it writes: the bundle's checksums and format, that every
path stays inside its folder (and inside --root), that no other layer holds a folder it would use
(naming that layer), that the name is free; it drops routing and structure patterns that do not
compile or that repeat a repeated part and names them before the confirmation. Then it writes the
versions, the vectors (when the export's model is the store's) and the layer's events in one
transaction, with the stat of each file as exported: adding the same folder afterwards finds
every file unchanged and embeds nothing.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from stratakb_core.errors import RefusedError, UsageError
from stratakb_core.ingest.addplan import LAYER_NAME_RE
from stratakb_core.ingest.source_sync import layer_chunk_config
from stratakb_core.ingest.store_writes import chunk_id
from stratakb_core.patterns import check_regex, show_pattern
from stratakb_core.store import bulk_vectors, projector, readers
from stratakb_core.store import events as ev
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.backup import layer_export_members, read_vectors
from stratakb_core.store.connection import Database
from stratakb_core.store.export_format import Bundle, read_bundle, write_bundle
from stratakb_core.store.versions import put_version

__all__ = ["ImportPlan", "export_layer", "import_layer", "plan_import"]


def export_layer(db: Database, layer: str, path: Path, *, vectors: bool = True) -> dict[str, Any]:
    with db.connection() as conn:
        if readers.get_layer(conn, layer) is None:
            raise UsageError(f"there is no layer '{layer}' (see `stratakb layers`)")
        info, members = layer_export_members(conn, layer, vectors=vectors)
    size = write_bundle(Path(path), "layer", info, members)
    return {"status": "ok", "layer": layer, "file": str(path), "bytes": size, "documents": info["documents"],
            "vectors": "model" in info}


@dataclass
class ImportPlan:
    bundle: Bundle
    layer: str
    roots: dict[int, str]  # exported source id -> folder on this machine
    dropped_patterns: list[str] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    vectors_note: str | None = None

    def summary(self) -> dict[str, Any]:
        return {"layer": self.layer, "documents": self.bundle.manifest.get("documents", 0),
                "folders": sorted(self.roots.values()), "dropped_patterns": self.dropped_patterns,
                "vectors": self.vectors_note or ("imported" if self.bundle.has("vectors.parquet") else "none")}


def _safe_rel(value: str, what: str) -> PurePosixPath:
    p = PurePosixPath(value)
    drive = re.match(r"^[A-Za-z]:", value or "")
    if not value or "\x00" in value or "\\" in value or p.is_absolute() or ".." in p.parts or drive:
        raise RefusedError(f"the export's {what} {value!r} escapes its folder; nothing was imported",
                           code="path_escapes")
    return p


def _roots(layer_json: dict[str, Any], root: Path | None) -> dict[int, str]:
    sources = layer_json.get("sources") or []
    if root is None:
        return {int(s["id"]): str(s["root"]) for s in sources}
    base = Path(root).expanduser().resolve()
    if len(sources) == 1:
        return {int(sources[0]["id"]): str(base)}
    # Several folders keep their places relative to their common parent.
    common = Path(os.path.commonpath([str(s["root"]) for s in sources]))
    out = {}
    for s in sources:
        rel = _safe_rel(Path(s["root"]).relative_to(common).as_posix(), "folder")
        target = (base / rel).resolve()
        if target != base and base not in target.parents:
            raise RefusedError(f"the export's folder {s['root']!r} would land outside --root {base}",
                               code="path_escapes")
        out[int(s["id"])] = str(target)
    return out


def _import_problem(p: Any) -> str | None:
    """On import only patterns that do not compile or repeat a repeated part are dropped (spec)."""
    if not isinstance(p, str):
        return "is not a string"
    try:
        re.compile(p)
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        return f"does not compile: {exc}"
    problem = check_regex(p)
    return problem if problem and "repeats a repeated part" in problem else None


def plan_import(db: Database, path: Path, *, root: Path | None = None, name: str | None = None) -> ImportPlan:
    """Read and check the bundle and the store; write nothing."""
    bundle = read_bundle(Path(path), "layer")
    layer_json = bundle.json("layer.json")
    layer = name or str(layer_json.get("name") or "")
    if not LAYER_NAME_RE.match(layer):
        raise UsageError(f"invalid layer name {layer!r}; pass --name")
    roots = _roots(layer_json, root)
    for doc_path in bundle.table("documents.parquet").column("path").to_pylist():
        _safe_rel(doc_path, "file path")
    settings = dict(layer_json.get("settings") or {})
    plan = ImportPlan(bundle, layer, roots, settings=settings)
    for key in ("routing_patterns", "structure_patterns"):
        kept = []
        for p in settings.get(key) or []:
            problem = _import_problem(p)
            if problem is None:
                kept.append(p)
            else:
                plan.dropped_patterns.append(f"{key[:-9]} pattern {show_pattern(p)}: {problem}")
        settings[key] = kept
    with db.connection() as conn:
        if readers.get_layer(conn, layer) is not None:
            raise RefusedError(f"a layer named '{layer}' already exists here; pass --name to import it under "
                               "another name", code="name_taken")
        for src in readers.sources(conn):
            for folder in roots.values():
                if src.root == folder or folder.startswith(src.root.rstrip("/") + "/") or \
                        src.root.startswith(folder.rstrip("/") + "/"):
                    raise RefusedError(f"the folder {folder} overlaps {src.root}, held by layer '{src.layer}'; one "
                                       "folder belongs to at most one layer (use --root with a free folder)",
                                       code="folder_taken")
        model = vector_tables.active_model(conn)
        conn.commit()
    wanted = bundle.manifest.get("model") or {}
    if bundle.has("vectors.parquet") and model is not None and model.model != wanted.get("model"):
        plan.vectors_note = (f"skipped: the export's vectors are {wanted.get('model')} and this store's model is "
                             f"{model.model}; run `stratakb reembed` to embed the layer")
    return plan


def import_layer(db: Database, path: Path, *, root: Path | None = None, name: str | None = None,
                 confirm: Callable[[dict[str, Any]], bool] | None = None, actor: str = "system") -> dict[str, Any]:
    """Import a layer export; `confirm(summary)` is asked before anything is written."""
    plan = plan_import(db, path, root=root, name=name)
    if confirm is not None and not confirm(plan.summary()):
        raise RefusedError("import cancelled; nothing was written", code="cancelled")
    with db.connection() as conn:
        with conn.transaction():
            counts = _write(conn, plan, actor)
    return {"status": "ok", **plan.summary(), **counts}


def _write(conn: Any, plan: ImportPlan, actor: str) -> dict[str, Any]:
    bundle, layer = plan.bundle, plan.layer
    events: list[ev.Event] = []
    model = vector_tables.active_model(conn)
    wanted = bundle.manifest.get("model") or {}
    vectors = 0
    if bundle.has("vectors.parquet") and plan.vectors_note is None:
        if model is None:
            events.append(ev.Event(ev.EMBEDDING_MODEL_ACTIVATED, None, {"model": wanted["model"], "dimensions":
                                   int(wanted["dimensions"])}, None, actor))
            projector.commit_events(conn, events)
            events = []
            model = vector_tables.active_model(conn)
        assert model is not None
        hashes, values = read_vectors(bundle, "vectors.parquet", model.dimensions)
        bulk_vectors.put_vectors_in_bulk(conn, model.table, hashes, values)
        vectors = len(hashes)
    with conn.pipeline():  # one round trip for all the versions, not one each
        for v in bundle.table("versions.parquet").to_pylist():
            pages = json.loads(v["pages"]) if v["pages"] else None
            put_version(conn, v["id"], v["text"], v["kind"], v["first_line"], pages)
    settings = dict(plan.settings)
    events.append(ev.Event(ev.LAYER_CREATED, layer, settings, None, actor))
    source_ids = dict(zip(sorted(plan.roots), readers.allocate_ids(conn, "sources_id_seq", len(plan.roots)),
                          strict=True))
    names = {int(s["id"]): s.get("name") or layer for s in bundle.json("layer.json").get("sources") or []}
    events += [ev.Event(ev.SOURCE_ADDED, layer, {"source_id": source_ids[old], "root": plan.roots[old],
                                                 "name": names.get(old, layer)}, None, actor)
               for old in sorted(plan.roots)]
    docs = bundle.table("documents.parquet").to_pylist()
    doc_ids = readers.allocate_ids(conn, "documents_id_seq", len(docs))
    recipe = layer_chunk_config(readers.LayerRow(layer, "", "", None, settings.get("chunk_config") or {}, "")).recipe()
    chunks = 0
    for row, doc_id in zip(docs, doc_ids, strict=True):
        p = json.loads(row["payload"])
        p.update(document_id=doc_id, source_id=source_ids[int(row["source_id"])], change="imported",
                 size=row["size"], mtime_ns=row["mtime_ns"])
        for c in p.get("chunks") or []:
            c["id"] = chunk_id(doc_id, p["version_id"], c["start"], c["end"], recipe)
        chunks += len(p.get("chunks") or [])
        events.append(ev.Event(ev.DOCUMENT_VERSION_ADDED, layer, p, None, actor))
    events.append(ev.Event(ev.LAYER_IMPORTED, layer, {"file": str(plan.bundle.manifest.get("layer")),
                                                      "exported_at": bundle.manifest.get("exported_at"),
                                                      "documents": len(docs), "chunks": chunks, "vectors": vectors,
                                                      "dropped_patterns": plan.dropped_patterns}, None, actor))
    projector.commit_events(conn, events, new_documents=True)  # every document id was allocated above
    return {"documents_imported": len(docs), "chunks_imported": chunks, "vectors_imported": vectors,
            "chunks_embedded": 0}
