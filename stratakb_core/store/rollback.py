"""Rollback of a layer to the state it had right after an event: the plan (which documents,
sources and settings change) and the events that carry it out; does I/O (reads, then one commit).

A rollback appends events and never edits or deletes one: `document_removed` for documents the
layer did not have then, `source_removed` / `source_added` for its folders, a
`document_version_added` re-pointing each other document to the version (and the chunks) it had
then, a `layer_updated` for its settings, and `layer_rolled_back` with the target and the counts.
Chunks are re-derived from the stored version text and vectors are found by text hash, so a
rollback embeds nothing; a rollback is itself a point of the log, so it can be rolled back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.errors import RefusedError
from stratakb_core.store import events as ev
from stratakb_core.store import projector
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.history import (
    SETTING_KEYS,
    LayerSnapshot,
    Target,
    full_payload,
    name_chain,
    resolve_target,
    snapshot_at,
)

__all__ = ["RollbackPlan", "apply_rollback", "plan_rollback"]


@dataclass
class RollbackPlan:
    layer: str
    target: Target
    restored: list[str] = field(default_factory=list)  # paths re-pointed to an earlier version
    added: list[str] = field(default_factory=list)  # paths the layer had then and not now
    removed: list[str] = field(default_factory=list)  # paths the layer has now and not then
    sources_added: list[str] = field(default_factory=list)
    sources_removed: list[str] = field(default_factory=list)
    settings_changed: list[str] = field(default_factory=list)
    chunks: int = 0
    vectors_reused: int = 0
    vectors_missing: int = 0
    events: list[ev.Event] = field(default_factory=list, repr=False)

    @property
    def changes(self) -> int:
        return (len(self.restored) + len(self.added) + len(self.removed) + len(self.sources_added)
                + len(self.sources_removed) + len(self.settings_changed))

    def as_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer, "target": self.target.as_dict(), "restored": sorted(self.restored),
            "added": sorted(self.added), "removed": sorted(self.removed), "sources_added": self.sources_added,
            "sources_removed": self.sources_removed, "settings_changed": self.settings_changed,
            "chunks_restored": self.chunks, "chunks_embedded": 0, "vectors_reused": self.vectors_reused,
            "vectors_missing": self.vectors_missing,
        }


def _check_target(conn: psycopg.Connection, layer: str, target: Target, target_snap: LayerSnapshot) -> None:
    row = conn.execute("SELECT type, layer FROM events WHERE seq = %s", (target.seq,)).fetchone()
    conn.commit()
    names = {name for name, _after, _upto in name_chain(conn, layer)}
    if target.given.strip().isdigit() and row is not None and row[1] is not None and row[1] not in names:
        raise RefusedError(f"event {target.seq} ({row[0]}) belongs to layer '{row[1]}', not '{layer}'; pick a seq "
                           f"from `stratakb events --layer {layer}`", code="target_of_another_layer")
    if not target_snap.exists:
        raise RefusedError(f"layer '{layer}' did not exist right after event {target.seq}; pick a later seq from "
                           f"`stratakb events --layer {layer}`", code="before_layer_existed")


def plan_rollback(conn: psycopg.Connection, layer: str, given: str | int, *, actor: str = "system",
                  run_id: str | None = None) -> RollbackPlan:
    """What rolling `layer` back to `given` (a seq or a time) restores, adds and removes, with the
    events that do it. Refuses a target outside the log, of another layer, before the layer
    existed, or one whose versions `stratakb gc` has collected; also a folder another layer holds now."""
    target = resolve_target(conn, given)
    now = snapshot_at(conn, layer, ev.last_seq(conn))
    if not now.exists:
        raise RefusedError(f"there is no layer '{layer}'", code="unknown_layer")
    then = snapshot_at(conn, layer, target.seq)
    _check_target(conn, layer, target, then)
    plan = RollbackPlan(layer, target)
    _plan_sources(conn, plan, now, then)
    _plan_documents(conn, plan, now, then)
    changes = {k: then.settings.get(k) for k in SETTING_KEYS if now.settings.get(k) != then.settings.get(k)}
    if changes:
        plan.settings_changed = sorted(changes)
        plan.events.append(ev.Event(ev.LAYER_UPDATED, layer, {"changes": changes, "rollback_to": target.seq},
                                    run_id, actor))
    plan.events = [_with(e, actor, run_id) for e in plan.events]
    plan.events.append(ev.Event(ev.LAYER_ROLLED_BACK, layer, {
        "target_seq": target.seq, "target_at": target.at.isoformat(), **{
            k: (len(v) if isinstance(v, list) else v) for k, v in plan.as_dict().items()
            if k not in ("layer", "target")}}, run_id, actor))
    return plan


def _with(e: ev.Event, actor: str, run_id: str | None) -> ev.Event:
    return ev.Event(e.type, e.layer, e.payload, run_id, actor)


def _plan_sources(conn: psycopg.Connection, plan: RollbackPlan, now: LayerSnapshot, then: LayerSnapshot) -> None:
    for sid, src in sorted(then.sources.items()):
        if sid in now.sources:
            continue
        row = conn.execute("SELECT layer FROM sources WHERE root = %s", (src["root"],)).fetchone()
        conn.commit()
        if row is not None:
            raise RefusedError(f"the folder {src['root']} now belongs to layer '{row[0]}'; one folder belongs to at "
                               "most one layer, so this rollback would need it back", code="folder_taken")
        plan.sources_added.append(src["root"])
        plan.events.append(ev.Event(ev.SOURCE_ADDED, plan.layer, {"source_id": sid, "root": src["root"],
                                                                  "name": src["name"]}))


def _plan_documents(conn: psycopg.Connection, plan: RollbackPlan, now: LayerSnapshot, then: LayerSnapshot) -> None:
    removals = [ev.Event(ev.DOCUMENT_REMOVED, plan.layer, {"document_id": d, "path": s.meta["path"],
                                                           "reason": "rolled_back"})
                for d, s in sorted(now.documents.items()) if d not in then.documents]
    plan.removed = [e.payload["path"] for e in removals]
    source_removals = [ev.Event(ev.SOURCE_REMOVED, plan.layer, {"source_id": sid, "root": src["root"],
                                                               "reason": "rolled_back"})
                       for sid, src in sorted(now.sources.items()) if sid not in then.sources]
    plan.sources_removed = [e.payload["root"] for e in source_removals]
    adds: list[ev.Event] = []
    hashes: set[bytes] = set()
    for doc_id, state in sorted(then.documents.items()):
        current = now.documents.get(doc_id)
        if current is not None and current.same_as(state):
            continue
        payload = full_payload(conn, state.seq)
        payload.update(change="rolled_back", rolled_back_from=state.seq)
        adds.append(ev.Event(ev.DOCUMENT_VERSION_ADDED, plan.layer, payload))
        (plan.restored if current is not None else plan.added).append(payload["path"])
        plan.chunks += len(payload.get("chunks") or [])
        hashes.update(bytes.fromhex(c["embed_hash"]) for c in payload.get("chunks") or [])
    conn.commit()
    _check_versions(conn, plan, adds)
    _count_vectors(conn, plan, hashes)
    plan.events = removals + source_removals + plan.events + adds


def _check_versions(conn: psycopg.Connection, plan: RollbackPlan, adds: list[ev.Event]) -> None:
    wanted = sorted({e.payload["version_id"] for e in adds})
    have = {r[0] for r in conn.execute("SELECT id FROM document_versions WHERE id = ANY(%s)", (wanted,))}
    conn.commit()
    missing = [v for v in wanted if v not in have]
    if missing:
        raise RefusedError(f"{len(missing)} document versions of that point were removed by `stratakb gc` (outside "
                           "the retention window); pick a later target", code="versions_collected")


def _count_vectors(conn: psycopg.Connection, plan: RollbackPlan, hashes: set[bytes]) -> None:
    model = vector_tables.active_model(conn)
    have = vector_tables.existing_hashes(conn, model.table, sorted(hashes)) if model and hashes else set()
    conn.commit()
    plan.vectors_reused, plan.vectors_missing = len(have), len(hashes) - len(have)


def apply_rollback(conn: psycopg.Connection, plan: RollbackPlan) -> list[int]:
    """Append and apply the plan's events in one transaction: all of them, or none (a kill -9
    midway leaves the store exactly as it was)."""
    return projector.commit_events(conn, plan.events)
