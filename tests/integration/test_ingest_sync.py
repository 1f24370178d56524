"""Sync rules of `stratakb add` against the embedded PostgreSQL, through the core API."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from stratakb_core.errors import ConfirmationRequired, ModelMismatchError, RefusedError, UsageError
from stratakb_core.ingest.inspection import dry_run, manifest, table_rows
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import events as ev
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import write


def add(db, settings, folder: Path, **kw):
    return add_folder(db, settings, AddOptions(folder=folder, **kw))


def chunk_rows(conn, layer):
    return conn.execute(
        "SELECT d.path, c.start_char, c.end_char, c.text, c.section_path, c.line_start, c.line_end"
        " FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.layer = %s"
        " ORDER BY d.path, c.ordinal",
        (layer,),
    ).fetchall()


def test_first_add_creates_layer_with_description_from_readme(db, settings, docs, conn):
    r = add(db, settings, docs)
    assert r.created and r.layer == "docs"
    assert r.files_added == 5 and r.errors == []
    row = conn.execute("SELECT description, origin FROM layers WHERE name = 'docs'").fetchone()
    assert row[0].startswith("A master services agreement")
    assert row[1] == {"kind": "add"}
    assert r.exit_code == 0


def test_stored_chunk_text_is_the_documents_own_text_without_prefix(db, settings, docs, conn):
    add(db, settings, docs)
    rows = conn.execute(
        "SELECT c.text, substr(v.text, c.start_char + 1, c.end_char - c.start_char), c.section_path"
        " FROM chunks c JOIN document_versions v ON v.id = c.version_id"
    ).fetchall()
    assert rows
    for text, sliced, _path in rows:
        assert text == sliced
        assert not text.startswith("[docs >")


def test_chunk_lines_point_at_the_files_own_lines(db, settings, docs, conn):
    add(db, settings, docs)
    for path, _s, _e, text, _sp, line_start, line_end in chunk_rows(conn, "docs"):
        file_lines = (docs / path).read_text(encoding="utf-8").split("\n")
        first = text.split("\n")[0]
        last = text.rstrip("\n").split("\n")[-1]
        assert file_lines[line_start - 1] == first, (path, line_start)
        assert file_lines[line_end - 1] == last, (path, line_end)


def test_front_matter_dates_and_file_dates(db, settings, docs, conn):
    add(db, settings, docs)
    dates = dict(
        ((p, (str(d) if d else None, s)) for p, d, s in
         conn.execute("SELECT path, date, date_source FROM documents").fetchall())
    )
    assert dates["contracts/acme-msa.md"] == ("2026-03-04", "front_matter")  # updated wins over date
    assert dates["runbooks/failover-2024.md"] == ("2024-02-01", "front_matter")
    mtime = os.stat(docs / "retention-policy.txt").st_mtime
    expected = time.strftime("%Y-%m-%d", time.gmtime(mtime))
    assert dates["retention-policy.txt"] == (expected, "file")
    sup = conn.execute("SELECT supersedes FROM documents WHERE path = 'runbooks/database-failover.md'").fetchone()
    assert sup[0] == "runbooks/failover-2024.md"


def test_second_run_with_same_bytes_embeds_nothing(db, settings, docs, conn):
    add(db, settings, docs)
    again = add(db, settings, docs)
    assert (again.files_added, again.files_updated, again.files_unchanged) == (0, 0, 5)
    assert again.chunks_embedded == 0
    # A touched file with the same bytes is unchanged too (same content = same bytes).
    os.utime(docs / "retention-policy.txt", ns=(1, 10**18))
    touched = add(db, settings, docs)
    assert touched.files_unchanged == 5 and touched.files_updated == 0 and touched.chunks_embedded == 0


def test_edit_of_one_section_reembeds_only_that_section(db, settings, docs, conn):
    first = add(db, settings, docs)
    path = docs / "contracts" / "acme-msa.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("ninety (90) days'", "sixty (60) days'"), encoding="utf-8")
    r = add(db, settings, docs)
    assert r.files_updated == 1 and r.updated == ["contracts/acme-msa.md"]
    assert r.chunks_embedded == 1, "only the Termination section changed"
    assert r.chunks_reused == sum(1 for row in chunk_rows(conn, "docs") if row[0] == "contracts/acme-msa.md") - 1
    assert first.chunks_stored >= r.chunks_stored
    texts = [row[3] for row in chunk_rows(conn, "docs") if row[0] == "contracts/acme-msa.md"]
    assert any("sixty (60)" in t for t in texts) and not any("ninety (90)" in t for t in texts)


def test_new_deleted_and_secret_named_files(db, settings, docs, conn):
    add(db, settings, docs)
    write(docs, "guides/new.md", "# New guide\n\nSome words about a new guide.\n")
    (docs / "runbooks" / "failover-2024.md").unlink()
    r = add(db, settings, docs)
    assert r.added == ["guides/new.md"]
    assert [(n.file, n.reason) for n in r.removed] == [("runbooks/failover-2024.md", "deleted")]
    paths = {p for (p,) in conn.execute("SELECT path FROM documents")}
    assert "guides/new.md" in paths and "runbooks/failover-2024.md" not in paths


def test_file_that_fails_to_parse_keeps_its_earlier_chunks(db, settings, docs, conn):
    add(db, settings, docs)
    before = [r for r in chunk_rows(conn, "docs") if r[0] == "retention-policy.txt"]
    (docs / "retention-policy.txt").write_bytes(b"Data \x00 binary now\n" * 10)
    r = add(db, settings, docs)
    assert [(e.file, e.reason) for e in r.errors] == [("retention-policy.txt", "parse_error")]
    assert r.exit_code == 1
    after = [r for r in chunk_rows(conn, "docs") if r[0] == "retention-policy.txt"]
    assert after == before
    # The error names the file by its path inside the folder, never the full path on disk.
    assert str(docs) not in (r.errors[0].message or "")
    failed = [e for e in ev.read(conn) if e.type == ev.FILE_FAILED]
    assert failed and failed[-1].payload["path"] == "retention-policy.txt"


def test_empty_file_is_skipped_as_no_text_and_removed_when_emptied(db, settings, docs, conn):
    write(docs, "empty.md", "")
    r = add(db, settings, docs)
    assert ("empty.md", "no_text") in [(n.file, n.reason) for n in r.skipped]
    (docs / "retention-policy.txt").write_text("   \n\n", encoding="utf-8")
    r2 = add(db, settings, docs)
    assert ("retention-policy.txt", "no_text") in [(n.file, n.reason) for n in r2.removed]


def test_a_no_text_file_is_remembered_and_left_unread_until_it_changes(db, settings, docs, conn):
    write(docs, "empty.md", "")
    add(db, settings, docs)
    r = add(db, settings, docs)
    assert ("empty.md", "no_text") in [(n.file, n.reason) for n in r.skipped] and r.files_added == 0
    # read once: the second sync left it unread, so it recorded no second file_skipped
    assert [e.payload["path"] for e in ev.read(conn) if e.type == ev.FILE_SKIPPED] == ["empty.md"]
    plan = dry_run(db, settings, AddOptions(folder=docs))
    assert "empty.md" not in plan["would_add"] and {"file": "empty.md", "reason": "no_text"} in plan["skipped"]
    row = next(r for r in table_rows(manifest(conn, "docs")) if r["path"] == "empty.md")
    assert (row["status"], row["action"], row["reason"]) == ("skipped", None, "no_text")
    write(docs, "empty.md", "# Now\n\nIt has text.\n")  # changed: read again, and stored
    assert add(db, settings, docs).files_added == 1


def test_invalid_utf8_falls_back_to_windows_1252(db, settings, docs, conn):
    write(docs, "legacy.txt", "Caf\xe9 menu\n\nThe caf\xe9 opens at nine.\n".encode("cp1252"))
    add(db, settings, docs)
    texts = [row[3] for row in chunk_rows(conn, "docs") if row[0] == "legacy.txt"]
    assert texts and "café opens" in texts[0]


def test_policy_skips_are_reported_with_reasons(db, settings, docs):
    write(docs, "main.py", "print('hi')\n")
    write(docs, "package-lock.json", "{}")
    write(docs, "client_secret.json", "{}")
    write(docs, "picture.bin", b"\x00\x01")
    write(docs, "big.md", "# Big\n\n" + "word " * 300_000)
    r = add(db, settings, docs, max_file_size=1024 * 1024)
    reasons = {n.file: n.reason for n in r.skipped}
    assert reasons["main.py"] == "code"
    assert reasons["package-lock.json"] == "build_file"
    assert reasons["client_secret.json"] == "secret"
    assert reasons["picture.bin"] == "unsupported"
    assert reasons["big.md"] == "too_large"
    assert r.files_skipped == len(r.skipped)


def test_previously_ingested_file_is_removed_when_it_gets_a_secret_name_rule(db, settings, docs, conn):
    add(db, settings, docs)
    # The same document now sits behind a secret-looking name: the old path is deleted and the
    # secret-named one is never opened.
    os.rename(docs / "retention-policy.txt", docs / "retention.key")
    r = add(db, settings, docs)
    assert ("retention.key", "secret") in [(n.file, n.reason) for n in r.skipped]
    assert ("retention-policy.txt", "deleted") in [(n.file, n.reason) for n in r.removed]


def test_folder_that_becomes_not_selected_is_removed(db, settings, docs, conn):
    add(db, settings, docs)
    write(docs, ".strataignore", "runbooks/\n")
    r = add(db, settings, docs)
    removed = {(n.file, n.reason) for n in r.removed}
    assert ("runbooks/database-failover.md", "not_selected") in removed


def test_one_folder_per_layer_overlaps_and_taken_names(db, settings, docs, tmp_path):
    add(db, settings, docs)
    with pytest.raises(RefusedError) as e1:
        add(db, settings, docs / "runbooks")
    assert e1.value.code == "folder_overlaps"
    other = tmp_path / "other"
    write(other, "a.md", "# A\n\ntext\n")
    with pytest.raises(RefusedError) as e2:
        add(db, settings, other, name="docs")
    assert e2.value.code == "name_taken"
    with pytest.raises(RefusedError) as e3:
        add(db, settings, docs, name="renamed")
    assert e3.value.code == "folder_taken"
    with pytest.raises(RefusedError) as e4:
        add(db, settings, tmp_path)  # a parent of a layer's folder
    assert e4.value.code == "folder_overlaps"


def test_missing_folder_and_file_instead_of_folder(db, settings, tmp_path):
    with pytest.raises(UsageError, match="folder not found"):
        add(db, settings, tmp_path / "nope")
    f = write(tmp_path, "file.md", "# x\n")
    with pytest.raises(UsageError, match="not a folder"):
        add(db, settings, f)


def test_nothing_to_add_is_refused_and_writes_nothing(db, settings, tmp_path, conn):
    folder = tmp_path / "code"
    write(folder, "main.py", "x = 1\n")
    with pytest.raises(RefusedError) as e:
        add(db, settings, folder)
    assert e.value.code == "nothing_to_add"
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0


def test_broad_path_needs_allow_broad(db, settings, tmp_path, monkeypatch, conn):
    home = tmp_path / "home"
    write(home, "notes.md", "# Notes\n\nHome notes.\n")
    monkeypatch.setenv("HOME", str(home))
    with pytest.raises(ConfirmationRequired) as e:
        add(db, settings, home)
    assert e.value.flag == "--allow-broad"
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 0
    r = add(db, settings, home, allow_broad=True)
    assert r.files_added == 1


def test_confirm_callback_is_asked_at_a_terminal(db, settings, tmp_path, monkeypatch):
    home = tmp_path / "home2"
    write(home, "notes.md", "# Notes\n\nHome notes.\n")
    monkeypatch.setenv("HOME", str(home))
    asked = []
    with pytest.raises(ConfirmationRequired):
        add(db, settings, home, confirm=lambda q: asked.append(q) or False)
    assert asked and "home folder" in asked[0]
    r = add(db, settings, home, confirm=lambda q: True)
    assert r.files_added == 1


def test_removing_most_of_a_layer_needs_yes(db, settings, tmp_path, conn):
    folder = tmp_path / "many"
    for i in range(12):
        write(folder, f"doc{i:02}.md", f"# Doc {i}\n\nText number {i}.\n")
    add(db, settings, folder)
    for i in range(10):
        (folder / f"doc{i:02}.md").unlink()
    with pytest.raises(ConfirmationRequired) as e:
        add(db, settings, folder)
    assert e.value.flag == "--yes"
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 12
    r = add(db, settings, folder, yes=True)
    assert r.files_removed == 10


def test_more_than_2000_files_needs_yes(db, settings, tmp_path, conn):
    folder = tmp_path / "huge"
    folder.mkdir()
    for i in range(2001):
        (folder / f"n{i}.txt").write_text(f"note {i}\n")
    with pytest.raises(ConfirmationRequired) as e:
        add(db, settings, folder)
    assert e.value.flag == "--yes" and "2,001" in e.value.message
    assert conn.execute("SELECT count(*) FROM layers").fetchone()[0] == 0


def test_model_mismatch_is_refused(db, settings, docs):
    from dataclasses import replace

    add(db, settings, docs)
    other = replace(settings, embedding_model="hash-256", embedding_dimensions=256)
    from stratakb_core.embedding import HashEmbedder

    with pytest.raises(ModelMismatchError) as e:
        add_folder(db, other, AddOptions(folder=docs), embedder=HashEmbedder(256))
    assert "hash-384" in e.value.message and "hash-256" in e.value.message


def test_projections_rebuild_from_events_matches_live_tables(db, settings, docs, conn):
    add(db, settings, docs)
    p = docs / "contracts" / "acme-msa.md"
    p.write_text(p.read_text(encoding="utf-8") + "\n## 12 Notices\n\n12.1 Notices go by email.\n", encoding="utf-8")
    (docs / "runbooks" / "failover-2024.md").unlink()
    write(docs, "faq.rst", "FAQ\n===\n\nWhat is this?\n\nA sample.\n")
    add(db, settings, docs, description="Changed description")
    assert verify_projections(conn) == []
    # The check can fail: tamper with a projection and it must notice.
    conn.execute("UPDATE chunks SET line_start = line_start + 1 WHERE ordinal = 0")
    conn.commit()
    diffs = verify_projections(conn)
    assert diffs and {d.table for d in diffs} == {"chunks"}


def test_events_are_append_only(conn, db, settings, docs):
    import psycopg

    add(db, settings, docs)
    with pytest.raises(psycopg.Error, match="append-only"):
        conn.execute("DELETE FROM events")
    conn.rollback()
    seqs = [e.seq for e in ev.read(conn)]
    assert seqs == list(range(1, len(seqs) + 1))
    finished = [e for e in ev.read(conn) if e.type == ev.RUN_FINISHED]
    assert len(finished) == 1 and finished[0].payload["files_added"] == 5


def test_embeddings_are_reused_by_model_and_text_hash(db, settings, docs, conn):
    first = add(db, settings, docs)
    per_file = dict(conn.execute(
        "SELECT d.path, count(*) FROM chunks c JOIN documents d ON d.id = c.document_id GROUP BY d.path"
    ).fetchall())
    # The embedded text starts with [layer > file > headings], so a rename is new text for
    # every chunk of that file (and only that file)...
    os.rename(docs / "retention-policy.txt", docs / "retention.txt")
    r = add(db, settings, docs)
    assert r.files_added == 1 and r.files_removed == 1
    assert r.chunks_embedded == per_file["retention-policy.txt"]
    # ...and renaming it back finds every vector already stored under (model, text hash).
    os.rename(docs / "retention.txt", docs / "retention-policy.txt")
    back = add(db, settings, docs)
    assert back.chunks_embedded == 0 and back.chunks_reused == per_file["retention-policy.txt"]
    table = conn.execute("SELECT table_name FROM embedding_models WHERE active").fetchone()[0]
    n_vectors = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    assert n_vectors == first.chunks_embedded + r.chunks_embedded


# ---------------------------------------------------------------------------------------------
# The write path's rules, through the CLI's add (the other drivers test the same rules)
# ---------------------------------------------------------------------------------------------


def test_an_interrupted_add_keeps_what_it_stored_and_records_the_interrupt(db, settings, docs, conn, monkeypatch):
    from stratakb_core.ingest import source_sync
    from tests.helpers.write_path import documents, events_of, interrupt_after

    monkeypatch.setattr(source_sync, "GROUP_CHUNKS", 1)  # every file is its own group
    r = add_folder(db, settings, AddOptions(folder=docs), progress=interrupt_after(2))
    assert r.interrupted and r.exit_code == 130 and r.as_dict()["status"] == "interrupted"
    assert len(documents(conn, "docs")) == r.files_added == 2
    finished = events_of(conn, ev.RUN_FINISHED)
    assert len(finished) == 1 and finished[0].payload["interrupted"] is True
    assert finished[0].payload["files_added"] == 2
    again = add(db, settings, docs)
    assert not again.interrupted and again.files_unchanged == 2 and again.files_added == 3
    assert verify_projections(conn) == []


def test_a_failing_file_next_to_good_ones_keeps_its_chunks_and_is_recorded(db, settings, docs, conn):
    from tests.helpers.write_path import break_file, chunks_of, events_of

    add(db, settings, docs)
    before = chunks_of(conn, "docs", "retention-policy.txt")
    break_file(docs / "retention-policy.txt")
    write(docs, "runbooks/new.md", "# New runbook\n\nRestart the cache with care.\n")
    r = add(db, settings, docs)
    assert [(e.file, e.reason) for e in r.errors] == [("retention-policy.txt", "parse_error")]
    assert r.added == ["runbooks/new.md"] and r.exit_code == 1
    assert chunks_of(conn, "docs", "retention-policy.txt") == before
    assert [e.payload["path"] for e in events_of(conn, ev.FILE_FAILED)] == ["retention-policy.txt"]
    assert events_of(conn, ev.RUN_FINISHED)[-1].payload["errors"] == 1
