"""Presets against the embedded PostgreSQL: origins, layer_changes, dry-run layer_check values,
missing folders, embedding reuse on rebuild, and every kind of bad input refused with nothing
written."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml

from stratakb_core.errors import RefusedError, UsageError
from stratakb_core.ingest.presets import apply_preset, format_preset_report, load_preset
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import events as ev
from stratakb_core.store import locks as layer_locks
from stratakb_core.store import projector, readers
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import REPO, write

RUNBOOK = """# Database failover

## Detect

Page the on-call engineer when replication lag passes 30 seconds.

## Promote

Promote the replica with the failover script, then repoint the application.
"""

BASE: dict[str, Any] = {
    "name": "runbooks",
    "display_name": "Ops Runbooks",
    "description": "Incident runbooks, on-call procedures and failover guides.",
    "chunk_config": {"chunk_size": 800, "chunk_overlap": 100},
    "routing_patterns": [r"\brunbooks?\b", r"\b(failover|incident|on-?call)\b"],
    "structure_patterns": [r"^(?P<label>RB-\d{3})\b"],
    "answer_mode": "grounded",
    "archived_patterns": ["archive/", "*-2024.md", "!keep.md"],
    "sources": [
        {"name": "runbooks", "path": "runbooks"},
        {"name": "postmortems", "path": "postmortems", "download": "https://wiki.example.com/postmortems"},
    ],
}


def kit(tmp_path: Path, name: str = "kit", **changes: Any) -> Path:
    """A preset folder with a runbooks source (the postmortems source is missing)."""
    folder = tmp_path / name
    write(folder, "runbooks/database-failover.md", RUNBOOK)
    write(folder, "runbooks/cache.md", "# Cache flush\n\nFlush the cache after a deploy that changes keys.\n")
    data = {**BASE, **changes}
    for key in [k for k, v in changes.items() if v is DROP]:
        del data[key]
    return write_preset(folder, data)


DROP = object()


def write_preset(folder: Path, data: dict[str, Any] | str) -> Path:
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return write(folder, "preset.yaml", text)


def event_count(conn) -> int:
    n = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    conn.commit()
    return int(n)


def layer_row(conn, name: str) -> dict[str, Any] | None:
    row = readers.layer_settings(conn, name)
    conn.commit()
    return row


def chunks_of(conn, layer: str) -> list[tuple]:
    rows = conn.execute(
        "SELECT d.path, c.text, c.section_path FROM chunks c JOIN documents d ON d.id = c.document_id"
        " WHERE c.layer = %s ORDER BY d.path, c.ordinal", (layer,)).fetchall()
    conn.commit()
    return rows


def apply(db, settings, path: Path, **kw):
    return apply_preset(db, settings, path, **kw)


# ---------------------------------------------------------------------------------------------
# Create, update, unchanged
# ---------------------------------------------------------------------------------------------


def test_apply_creates_the_layer_with_its_origin_and_settings(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    r = apply(db, settings, path)
    assert r.layer_action == "created" and r.exit_code == 0
    row = layer_row(conn, "runbooks")
    assert row is not None
    assert row["origin"] == {"kind": "preset", "preset": "kit/preset.yaml"}
    assert row["display_name"] == "Ops Runbooks"
    assert row["chunk_config"] == {"chunk_size": 800, "chunk_overlap": 100}
    assert row["routing_patterns"] == BASE["routing_patterns"]
    assert row["structure_patterns"] == BASE["structure_patterns"]
    assert row["archived_patterns"] == ["archive/", "*-2024.md", "!keep.md"]
    assert row["answer_mode"] == "grounded"
    roots = [s.root for s in readers.sources(conn) if s.layer == "runbooks"]
    assert roots == [str((tmp_path / "kit" / "runbooks").resolve())]
    assert r.totals is not None and r.totals.files_added == 2
    assert {p for p, *_ in chunks_of(conn, "runbooks")} == {"database-failover.md", "cache.md"}
    types = [e.type for e in ev.read(conn)]
    assert types.count("run_finished") == 1 and types.count("layer_created") == 1
    finished = [e for e in ev.read(conn) if e.type == "run_finished"][0]
    assert finished.payload["command"] == "preset" and finished.payload["preset"] == "kit/preset.yaml"
    assert finished.payload["missing"] == ["postmortems"]
    assert verify_projections(conn) == []


def test_missing_folders_are_skipped_and_reported_with_their_download_link(db, settings, tmp_path):
    r = apply(db, settings, kit(tmp_path))
    assert [(s.name, s.status) for s in r.sources] == [("runbooks", "rebuilt"), ("postmortems", "missing")]
    d = r.as_dict()
    assert d["missing"] == [{"name": "postmortems", "folder": str(tmp_path / "kit" / "postmortems"),
                             "download": "https://wiki.example.com/postmortems"}]
    assert "download: https://wiki.example.com/postmortems" in format_preset_report(r)


def test_a_preset_whose_folders_are_all_missing_still_creates_its_layer(db, settings, conn, tmp_path):
    folder = tmp_path / "iso"
    path = write_preset(folder, {"name": "iso", "sources": [
        {"name": "schemas", "path": "schemas", "download": "https://www.iso20022.org/"}]})
    r = apply(db, settings, path)
    assert r.layer_action == "created" and r.exit_code == 0
    assert [s.status for s in r.sources] == ["missing"]
    assert layer_row(conn, "iso")["answer_mode"] == "grounded"  # the default for a new layer


def test_second_apply_reuses_every_embedding_and_reports_unchanged(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    first = apply(db, settings, path)
    assert first.totals.chunks_embedded > 0
    again = apply(db, settings, path)
    assert again.layer_action == "unchanged" and again.layer_changes == {}
    t = again.totals
    assert t.chunks_embedded == 0
    assert t.chunks_reused == t.chunks_stored == first.totals.chunks_stored
    assert (t.files_added, t.files_updated, t.files_unchanged) == (0, 0, 2)


def test_editing_the_preset_updates_only_the_settings_that_differ(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    apply(db, settings, path)
    before = event_count(conn)
    kit(tmp_path, description="Runbooks for the on-call rota.",
        chunk_config={"chunk_size": 120, "chunk_overlap": 0}, metadata_schema={"team": "string"})
    r = apply(db, settings, path)
    assert r.layer_action == "updated"
    assert set(r.layer_changes) == {"description", "chunk_config", "metadata_schema"}
    assert r.layer_changes["chunk_config"] == {"old": {"chunk_size": 800, "chunk_overlap": 100},
                                               "new": {"chunk_size": 120, "chunk_overlap": 0}}
    assert r.layer_changes["metadata_schema"] == {"old": {}, "new": {"team": "string"}}
    row = layer_row(conn, "runbooks")
    assert row["description"] == "Runbooks for the on-call rota."
    assert row["chunk_config"] == {"chunk_size": 120, "chunk_overlap": 0}
    assert readers.layer_metadata_schema(conn, "runbooks") == {"team": "string"}
    updates = [e for e in ev.read(conn, after=before) if e.type == "layer_updated"]
    assert len(updates) == 1
    assert set(updates[0].payload["changes"]) == {"description", "chunk_config", "metadata_schema"}
    # The chunks were rebuilt with the new size: more, smaller chunks.
    assert max(len(t) for _, t, _ in chunks_of(conn, "runbooks")) <= 200
    assert verify_projections(conn) == []


def test_answer_mode_and_archived_patterns_change_only_when_the_preset_gives_them(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    apply(db, settings, path)
    projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, "runbooks", {"changes": {"answer_mode": "extractive"}})])
    kit(tmp_path, answer_mode=DROP, archived_patterns=DROP)
    r = apply(db, settings, path)
    assert "answer_mode" not in r.layer_changes and "archived_patterns" not in r.layer_changes
    row = layer_row(conn, "runbooks")
    assert row["answer_mode"] == "extractive"
    assert row["archived_patterns"] == ["archive/", "*-2024.md", "!keep.md"]
    kit(tmp_path, archived_patterns=[])  # [] clears them; grounded resets the mode
    r = apply(db, settings, path)
    assert set(r.layer_changes) == {"answer_mode", "archived_patterns"}
    row = layer_row(conn, "runbooks")
    assert row["answer_mode"] == "grounded" and row["archived_patterns"] == []


def test_a_folder_that_appears_later_is_added_as_a_source(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    apply(db, settings, path)
    write(tmp_path / "kit", "postmortems/2025-01-outage.md", "# January outage\n\nThe cache filled up.\n")
    r = apply(db, settings, path)
    assert r.layer_action == "updated"
    assert r.layer_changes["sources"] == {"old": ["runbooks"], "new": ["postmortems", "runbooks"]}
    assert [s.status for s in r.sources] == ["rebuilt", "rebuilt"]
    assert len([s for s in readers.sources(conn) if s.layer == "runbooks"]) == 2


def test_documents_of_a_folder_gone_missing_or_dropped_from_the_preset_are_removed(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    write(tmp_path / "kit", "postmortems/2025-01-outage.md", "# January outage\n\nThe cache filled up.\n")
    apply(db, settings, path)
    kit(tmp_path, sources=[{"name": "runbooks", "path": "runbooks"}])
    r = apply(db, settings, path)
    assert [(n.file, n.reason) for n in r.totals.removed] == [("2025-01-outage.md", "not_selected")]
    assert {p for p, *_ in chunks_of(conn, "runbooks")} == {"database-failover.md", "cache.md"}
    import shutil

    shutil.rmtree(tmp_path / "kit" / "runbooks")
    r = apply(db, settings, path)
    assert {(n.file, n.reason) for n in r.totals.removed} == {("database-failover.md", "deleted"),
                                                               ("cache.md", "deleted")}
    assert chunks_of(conn, "runbooks") == []


def test_presets_skip_only_secret_names_and_unsupported_formats(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    write(tmp_path / "kit", "runbooks/client_secret.json", '{"secret": "x"}')
    write(tmp_path / "kit", "runbooks/package-lock.json", '{"name": "tool", "lockfileVersion": 3}')
    write(tmp_path / "kit", "runbooks/deploy.py", "print('x')\n")
    r = apply(db, settings, path)
    skipped = {(n.file, n.reason) for n in r.totals.skipped}
    assert ("client_secret.json", "secret") in skipped
    assert ("deploy.py", "unsupported") in skipped
    assert "package-lock.json" in r.sources[0].result.added  # a build file is an add rule only


def test_structure_patterns_start_sections_labelled_by_the_label_group(db, settings, conn, tmp_path):
    folder = tmp_path / "sepa"
    write(folder, "rulebook/attributes.txt",
          "Rulebook attributes\n\n"
          "AT-44 The purpose of the payment\n\nThe code the originator gives for the purpose.\n\n"
          "AT-45 The category purpose\n\nThe category of the payment, for the banks.\n")
    path = write_preset(folder, {"name": "sepa", "structure_patterns": [r"^(?P<label>AT-\d{2,3})\b"],
                                 "sources": [{"name": "rulebook", "path": "rulebook"}]})
    apply(db, settings, path)
    paths = [tuple(sp) for _, _, sp in chunks_of(conn, "sepa")]
    assert any(sp and sp[-1].startswith("AT-44") for sp in paths), paths
    assert any(sp and sp[-1].startswith("AT-45") for sp in paths), paths


# ---------------------------------------------------------------------------------------------
# Origins
# ---------------------------------------------------------------------------------------------


def test_a_layer_made_by_stratakb_add_is_refused_and_left_unchanged(db, settings, conn, tmp_path):
    other = tmp_path / "elsewhere"
    write(other, "notes.md", "# Notes\n\nSome notes.\n")
    add_folder(db, settings, AddOptions(folder=other, name="runbooks"))
    before, row = event_count(conn), layer_row(conn, "runbooks")
    with pytest.raises(RefusedError) as info:
        apply(db, settings, kit(tmp_path))
    assert info.value.code == "layer_not_from_preset"
    assert "made with stratakb add" in info.value.message and "Rename the preset's name" in info.value.message
    assert event_count(conn) == before and layer_row(conn, "runbooks") == row


@pytest.mark.parametrize(("origin", "words"), [
    ({"kind": "tool"}, "made with strata_create_knowledge_layer"),
    ({"kind": "preset", "preset": "other/preset.yaml"}, "made by another preset (other/preset.yaml)"),
    ({"kind": "imported"}, "made another way"),
])
def test_a_layer_made_another_way_is_refused(db, settings, conn, tmp_path, origin, words):
    projector.commit_events(conn, [ev.Event(ev.LAYER_CREATED, "runbooks", {
        "display_name": "x", "origin": origin, "chunk_config": {"chunk_size": 800, "chunk_overlap": 100}})])
    before = event_count(conn)
    path = kit(tmp_path)
    dry = apply(db, settings, path, dry_run=True)
    assert dry.layer_check == "refused" and words in (dry.reason or "") and dry.exit_code == 2
    with pytest.raises(RefusedError, match=words.replace("(", r"\(").replace(")", r"\)")):
        apply(db, settings, path)
    assert event_count(conn) == before


def _legacy_layer(conn, root: Path, **settings: Any) -> None:
    """A layer from before origins were recorded (layer_created with origin None), with its source."""
    payload = {k: v for k, v in BASE.items() if k not in ("name", "sources")}
    payload.update(settings, origin=None)
    projector.commit_events(conn, [
        ev.Event(ev.LAYER_CREATED, "runbooks", payload),
        ev.Event(ev.SOURCE_ADDED, "runbooks", {"source_id": 1, "root": str(root.resolve()), "name": "runbooks"}),
    ])


def test_a_layer_with_no_recorded_origin_that_matches_is_claimed(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    _legacy_layer(conn, tmp_path / "kit" / "runbooks")
    before = event_count(conn)
    dry = apply(db, settings, path, dry_run=True)
    assert dry.layer_check == "would_claim" and dry.layer_changes == {}
    assert event_count(conn) == before
    r = apply(db, settings, path)
    assert r.layer_action == "claimed"
    assert layer_row(conn, "runbooks")["origin"] == {"kind": "preset", "preset": "kit/preset.yaml"}
    assert apply(db, settings, path, dry_run=True).layer_check == "unchanged"


def test_a_layer_with_no_recorded_origin_that_differs_would_be_updated(db, settings, conn, tmp_path):
    kit(tmp_path)
    _legacy_layer(conn, tmp_path / "kit" / "runbooks", description="old words")
    dry = apply(db, settings, kit(tmp_path), dry_run=True)
    assert dry.layer_check == "would_update"
    assert dry.layer_changes["description"]["old"] == "old words"
    r = apply(db, settings, kit(tmp_path))
    assert r.layer_action == "claimed" and "description" in r.layer_changes
    assert layer_row(conn, "runbooks")["origin"]["kind"] == "preset"


def test_a_source_folder_held_by_another_layer_is_refused_naming_it(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    add_folder(db, settings, AddOptions(folder=tmp_path / "kit" / "runbooks", name="ops"))
    before = event_count(conn)
    with pytest.raises(RefusedError, match="belongs to layer 'ops'") as info:
        apply(db, settings, path)
    assert info.value.code == "folder_taken"
    write(tmp_path / "kit", "runbooks/inner/x.md", "# x\n\ny\n")
    kit(tmp_path, sources=[{"name": "inner", "path": "runbooks/inner"}])
    with pytest.raises(RefusedError, match="overlaps layer 'ops'"):
        apply(db, settings, path)
    assert event_count(conn) == before
    assert layer_row(conn, "runbooks") is None


# ---------------------------------------------------------------------------------------------
# Dry run
# ---------------------------------------------------------------------------------------------


def test_dry_run_lists_layer_check_and_writes_nothing(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    before = event_count(conn)
    dry = apply(db, settings, path, dry_run=True)
    assert dry.layer_check == "would_create" and dry.exit_code == 0
    assert dry.layer_changes["display_name"] == {"old": None, "new": "Ops Runbooks"}
    assert event_count(conn) == before and layer_row(conn, "runbooks") is None
    apply(db, settings, path)
    assert apply(db, settings, path, dry_run=True).layer_check == "unchanged"
    kit(tmp_path, routing_patterns=[r"\brunbooks?\b"])
    dry = apply(db, settings, path, dry_run=True)
    assert dry.layer_check == "would_update"
    assert dry.layer_changes == {"routing_patterns": {"old": BASE["routing_patterns"], "new": [r"\brunbooks?\b"]}}
    assert layer_row(conn, "runbooks")["routing_patterns"] == BASE["routing_patterns"]


def test_dry_run_on_a_database_that_never_answers_says_unknown_within_5_seconds(settings, tmp_path):
    from dataclasses import replace

    from stratakb_core.store.connection import Database

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # the kernel accepts the connection; nobody ever answers the startup packet
    try:
        port = silent.getsockname()[1]
        quiet = replace(settings, database_url=f"postgresql://strata@127.0.0.1:{port}/strata")
        started = time.monotonic()
        dry = apply_preset(Database(quiet), quiet, kit(tmp_path), dry_run=True)
        elapsed = time.monotonic() - started
    finally:
        silent.close()
    assert dry.layer_check == "unknown" and dry.exit_code == 3
    assert "did not answer" in (dry.reason or "")
    assert 4 <= elapsed < 7.5


def test_dry_run_on_an_unreachable_database_says_unknown(settings, tmp_path):
    from dataclasses import replace

    from stratakb_core.store.connection import Database

    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    gone = replace(settings, database_url=f"postgresql://strata@127.0.0.1:{port}/strata")
    dry = apply_preset(Database(gone), gone, kit(tmp_path), dry_run=True)
    assert dry.layer_check == "unknown" and dry.as_dict()["status"] == "unknown"


# ---------------------------------------------------------------------------------------------
# Bad input: refused, naming the key and the reason, nothing written
# ---------------------------------------------------------------------------------------------


BAD_PRESETS: list[tuple[str, dict[str, Any] | str, list[str]]] = [
    ("unknown key", {**BASE, "chunk_sise": 3}, ["key 'chunk_sise'", "is unknown"]),
    ("unknown source key", {**BASE, "sources": [{"name": "a", "path": "a", "url": "x"}]},
     ["sources[0].'url'", "is unknown"]),
    ("unknown chunk key", {**BASE, "chunk_config": {"size": 3}}, ["chunk_config.size", "is unknown"]),
    ("path leaves the folder", {**BASE, "sources": [{"name": "a", "path": "../elsewhere"}]},
     ["sources[0].path", "leaves the preset's folder"]),
    ("path leaves through ..", {**BASE, "sources": [{"name": "a", "path": "runbooks/../../x"}]},
     ["sources[0].path", "leaves the preset's folder"]),
    ("absolute path", {**BASE, "sources": [{"name": "a", "path": "/etc"}]}, ["sources[0].path", "is absolute"]),
    ("home path", {**BASE, "sources": [{"name": "a", "path": "~/docs"}]}, ["sources[0].path", "is absolute"]),
    ("nested quantifier", {**BASE, "routing_patterns": [r"x(\w+\s?)*"]},
     ["routing_patterns[0]", "repeats a repeated part"]),
    ("empty-line structure", {**BASE, "structure_patterns": ["ok", r"^\s*"]},
     ["structure_patterns[1]", "matches an empty line"]),
    ("python warns", {**BASE, "routing_patterns": ["[[:alpha:]]"]}, ["routing_patterns[0]", "Python warns about it"]),
    ("does not compile", {**BASE, "structure_patterns": ["(AT-"]}, ["structure_patterns[0]", "does not compile"]),
    ("long pattern", {**BASE, "routing_patterns": ["a" * 501]}, ["routing_patterns[0]", "longer than 500"]),
    ("lone surrogate", {**BASE, "routing_patterns": ["a\ud800"]}, ["routing_patterns[0]", "lone surrogate (\\ud800)"]),
    ("archived wildcards", {**BASE, "archived_patterns": ["*a*b*c*d"]}, ["archived_patterns[0]", "4 wildcards"]),
    ("archived comment", {**BASE, "archived_patterns": ["#old"]}, ["archived_patterns[0]", "matches nothing"]),
    ("archived line break", {**BASE, "archived_patterns": ["a\nb"]}, ["archived_patterns[0]", "line break"]),
    ("bad name", {**BASE, "name": "Ops Runbooks"}, ["name 'Ops Runbooks'", "not a safe layer name"]),
    ("path-like name", {**BASE, "name": "../runbooks"}, ["name", "not a safe layer name"]),
    ("missing name", {k: v for k, v in BASE.items() if k != "name"}, ["name is missing"]),
    ("missing sources", {k: v for k, v in BASE.items() if k != "sources"}, ["sources is missing"]),
    ("answer mode", {**BASE, "answer_mode": "creative"}, ["answer_mode 'creative'", "grounded or extractive"]),
    ("chunk size", {**BASE, "chunk_config": {"chunk_size": 5}}, ["chunk_config.chunk_size", "from 100"]),
    ("download scheme", {**BASE, "sources": [{"name": "a", "path": "a", "download": "javascript:alert(1)"}]},
     ["sources[0].download", "not an http(s) URL"]),
    ("same source twice", {**BASE, "sources": [{"name": "a", "path": "a"}, {"name": "b", "path": "a/"}]},
     ["sources[1].path", "overlaps source 'a'"]),
    ("not a mapping", "- just\n- a list\n", ["must be a mapping"]),
    ("duplicate key", "name: runbooks\nname: other\nsources: []\n", ["given twice"]),
]


@pytest.mark.parametrize(("case", "data", "words"), BAD_PRESETS, ids=[c[0] for c in BAD_PRESETS])
def test_bad_presets_are_refused_naming_the_key_and_nothing_is_written(db, settings, conn, tmp_path,
                                                                        case, data, words):
    apply(db, settings, kit(tmp_path, name="good", ), dry_run=False)  # something in the store already
    before = event_count(conn)
    path = write_preset(tmp_path / "bad", data)
    with pytest.raises(UsageError) as info:
        apply(db, settings, path)
    assert info.value.code == "invalid_preset"
    for w in words:
        assert w in info.value.message, (w, info.value.message)
    assert "\n" not in info.value.message
    with pytest.raises(UsageError):
        apply(db, settings, path, dry_run=True)
    assert event_count(conn) == before


def test_a_source_that_leaves_through_a_symlink_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "kit"
    folder.mkdir()
    os.symlink(outside, folder / "docs")
    path = write_preset(folder, {"name": "x", "sources": [{"name": "docs", "path": "docs"}]})
    with pytest.raises(UsageError, match=r"sources\[0\]\.path 'docs' leaves the preset's folder through a symbolic"):
        load_preset(path)


def test_invalid_yaml_suggests_quoting_only_for_a_value_starting_with_star_or_bang(tmp_path):
    folder = tmp_path / "kit"
    star = write_preset(folder, "name: runbooks\narchived_patterns: [archive/, *-2024.md]\nsources: []\n")
    with pytest.raises(UsageError) as info:
        load_preset(star)
    msg = info.value.message
    assert "the YAML does not parse at line 2" in msg and "(in key archived_patterns)" in msg
    assert "quote it" in msg and "'*-2024.md'" in msg
    bang = write_preset(folder, "name: runbooks\narchived_patterns:\n  - !keep.md\nsources: []\n")
    with pytest.raises(UsageError, match="quote it"):
        load_preset(bang)
    plain = write_preset(folder, "name: runbooks\ndescription: a: b\nsources: []\n")
    with pytest.raises(UsageError) as info:
        load_preset(plain)
    assert "line 2" in info.value.message and "(in key description)" in info.value.message
    assert "quote" not in info.value.message
    quoted = write_preset(folder, "name: runbooks\narchived_patterns: ['*-2024.md', '!keep.md']\n"
                                  "sources: [{name: a, path: a}]\n")
    assert load_preset(quoted).archived_patterns == ("*-2024.md", "!keep.md")


def test_docs_root_resolves_source_paths_instead_of_the_presets_folder(tmp_path):
    docs = tmp_path / "srv"
    write(docs, "runbooks/a.md", "# A\n\ntext\n")
    p = load_preset(kit(tmp_path), docs_root=docs)
    assert p.sources[0].folder == (docs / "runbooks").resolve()
    with pytest.raises(UsageError, match="--docs-root folder not found"):
        load_preset(kit(tmp_path), docs_root=tmp_path / "nope")
    escaping = kit(tmp_path, sources=[{"name": "a", "path": "../kit"}])
    with pytest.raises(UsageError, match="leaves the docs root"):
        load_preset(escaping, docs_root=docs)


# ---------------------------------------------------------------------------------------------
# Concurrency
# ---------------------------------------------------------------------------------------------


def test_a_second_sync_of_the_layer_waits_for_the_first(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    holder = psycopg.connect(db.uri(), autocommit=True)
    try:
        assert layer_locks.lock_layer_session(holder, "runbooks")  # another sync of the layer is running
        told: list[str] = []
        box: dict[str, Any] = {}
        worker = threading.Thread(target=lambda: box.setdefault("r", apply(db, settings, path, on_wait=told.append)))
        worker.start()
        time.sleep(1.0)
        assert worker.is_alive() and layer_row(conn, "runbooks") is None
        assert told == ["another sync of layer 'runbooks' is running; waiting for it to finish"]
        layer_locks.unlock_layer_session(holder, "runbooks")
        worker.join(60)
        assert box["r"].layer_action == "created"
    finally:
        holder.close()


def test_two_applies_started_at_once_do_not_interleave(db, settings, conn, tmp_path):
    path = kit(tmp_path)
    results: list[Any] = []
    threads = [threading.Thread(target=lambda: results.append(apply(db, settings, path))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert sorted(r.layer_action for r in results) == ["created", "unchanged"]
    runs = [e.run_id for e in ev.read(conn) if e.type in ("document_version_added", "run_finished")]
    # Each run's events are contiguous: the second run started after the first finished.
    first_run = runs[0]
    switch = runs.index(next(r for r in runs if r != first_run))
    assert all(r == first_run for r in runs[:switch]) and all(r != first_run for r in runs[switch:])


# ---------------------------------------------------------------------------------------------
# Shipped presets
# ---------------------------------------------------------------------------------------------


def test_the_sepa_preset_works_before_anything_is_downloaded(db, settings, conn):
    r = apply(db, settings, REPO / "presets" / "sepa" / "preset.yaml")
    assert r.layer_action == "created" and r.exit_code == 0
    assert r.totals.files_added == 1
    missing = r.as_dict()["missing"]
    assert [m["name"] for m in missing] == ["rulebooks"]
    assert missing[0]["download"].startswith("https://www.europeanpaymentscouncil.eu/")
    text = "\n".join(t for _, t, _ in chunks_of(conn, "sepa"))
    codes = ["AC01", "AC04", "AC06", "AG01", "AG02", "AM04", "AM05", "BE04", "MD01", "MD07", "MS02", "MS03"]
    assert all(f"{c} " in text for c in codes)


def test_the_iso20022_preset_reports_its_sources_missing_with_links(db, settings):
    r = apply(db, settings, REPO / "presets" / "iso20022" / "preset.yaml")
    assert r.exit_code == 0 and [s.status for s in r.sources] == ["missing", "missing"]
    assert all(s.download and s.download.startswith("https://www.iso20022.org/") for s in r.sources)


def test_the_peps_preset_applies_with_a_docs_root(db, settings, conn, tmp_path):
    # A docs root laid out like ../shared/corpora, with the PEPs the test fixtures hold.
    import shutil

    corpora = tmp_path / "corpora"
    (corpora / "peps").mkdir(parents=True)
    for name in ("pep-0008.rst", "pep-0020.rst", "pep-0484.rst", "pep-0604.rst"):
        shutil.copy(REPO / "tests" / "fixtures" / name, corpora / "peps" / name)
    r = apply(db, settings, REPO / "presets" / "peps" / "preset.yaml", docs_root=corpora)
    assert r.layer_action == "created" and r.exit_code == 0
    assert r.totals.files_added == 4
    paths = {p for p, *_ in chunks_of(conn, "peps")}
    assert {"pep-0008.rst", "pep-0020.rst", "pep-0484.rst", "pep-0604.rst"} == paths


def test_unsafe_structure_patterns_already_stored_are_skipped_with_a_warning(db, settings, conn, tmp_path, caplog):
    import logging

    path = kit(tmp_path)
    apply(db, settings, path)
    # As an older version or a restore could have stored them: straight into the event log.
    projector.commit_events(conn, [ev.Event(ev.LAYER_UPDATED, "runbooks", {"changes": {
        "structure_patterns": [r"x(\w+\s?)*", r"^(?P<label>RB-\d{3})\b"]}})])
    caplog.set_level(logging.WARNING, logger="stratakb_core.patterns")
    assert readers.structure_patterns(conn, "runbooks") == [r"^(?P<label>RB-\d{3})\b"]
    conn.commit()
    warning = [r.getMessage() for r in caplog.records if "unsafe_structure_pattern" in r.getMessage()]
    assert warning and warning[0].startswith("unsafe_structure_pattern layer=runbooks ")
    # A sync of the layer still runs, without the unsafe pattern.
    r = add_folder(db, settings, AddOptions(folder=tmp_path / "kit" / "runbooks"))
    assert r.layer == "runbooks" and r.errors == []


# ---------------------------------------------------------------------------------------------
# The write path's rules hold for a preset's run
# ---------------------------------------------------------------------------------------------


def docs_preset(tmp_path: Path, docs: Path) -> Path:
    return write_preset(docs.parent, {"name": "handbook", "description": "The sample documents.",
                                      "sources": [{"name": "docs", "path": docs.name}]})


def test_an_interrupted_preset_keeps_what_it_stored_and_records_the_interrupt(db, settings, tmp_path, docs, conn,
                                                                             monkeypatch):
    from stratakb_core.ingest import source_sync
    from tests.helpers.write_path import documents, events_of, interrupt_after

    monkeypatch.setattr(source_sync, "GROUP_CHUNKS", 1)  # every file is its own group
    path = docs_preset(tmp_path, docs)
    r = apply_preset(db, settings, path, progress=interrupt_after(2))
    assert r.totals is not None and r.totals.interrupted
    assert r.exit_code == 130 and r.as_dict()["status"] == "interrupted"
    assert len(documents(conn, "handbook")) == r.totals.files_added == 2
    finished = events_of(conn, ev.RUN_FINISHED)
    assert len(finished) == 1 and finished[0].payload["interrupted"] is True
    assert "Interrupted: what was stored stays" in format_preset_report(r)
    again = apply_preset(db, settings, path)
    assert again.exit_code == 0 and len(documents(conn, "handbook")) == 5
    assert verify_projections(conn) == []


def test_a_failing_file_in_a_preset_source_keeps_its_chunks_and_is_recorded(db, settings, tmp_path, docs, conn):
    from tests.helpers.write_path import break_file, chunks_of, events_of

    path = docs_preset(tmp_path, docs)
    apply_preset(db, settings, path)
    before = chunks_of(conn, "handbook", "retention-policy.txt")
    break_file(docs / "retention-policy.txt")
    r = apply_preset(db, settings, path)
    assert r.totals is not None
    assert [(e.file, e.reason) for e in r.totals.errors] == [("retention-policy.txt", "parse_error")]
    assert r.exit_code == 1 and r.as_dict()["status"] == "partial"
    assert r.totals.files_unchanged == 4  # rebuilt from the same bytes
    assert chunks_of(conn, "handbook", "retention-policy.txt") == before
    assert [e.payload["path"] for e in events_of(conn, ev.FILE_FAILED)] == ["retention-policy.txt"]
