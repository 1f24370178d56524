"""Blue/green re-embedding from the stored chunks: a new model gets every vector without a file
being read, is activated in one step, searches work with it, and the projections still rebuild."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import psycopg
import pytest

from stratakb_core.embedding import HashEmbedder, text_hash
from stratakb_core.errors import ModelMismatchError, UsageError
from stratakb_core.ingest.reembed import reembed
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query.search import hybrid_search
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store import projector
from stratakb_core.store import vectors as vector_tables
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import cli_env, run_cli, write


def missing_vectors(conn: psycopg.Connection, table: str) -> int:
    row = conn.execute(f"SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM {table} t"
                       " WHERE t.text_hash = c.embed_hash)").fetchone()
    conn.commit()
    return int(row[0])


def settings_for(settings: Settings, model: str) -> Settings:
    return replace(settings, embedding_model=model)


def types(conn: psycopg.Connection) -> list[str]:
    rows = [r[0] for r in conn.execute("SELECT type FROM events ORDER BY seq")]
    conn.commit()
    return rows


def test_reembed_with_a_new_model_uses_stored_chunks_only(settings, db, docs, tmp_path, conn):
    add_folder(db, settings, AddOptions(folder=docs))
    old = vector_tables.active_model(conn)
    conn.commit()
    chunks = conn.execute("SELECT count(*) FROM chunks").fetchone()[0]
    shutil.rmtree(docs)  # no file can be read or parsed again

    new = settings_for(settings, "hash-256")
    result = reembed(db, new, HashEmbedder(256), batch_size=7)

    assert result.activated and result.previous_model == old.model
    assert (result.chunks, result.rehashed, result.caught_up) == (chunks, 0, 0)
    assert result.embedded + result.reused == chunks
    active = vector_tables.active_model(conn)
    conn.commit()
    assert (active.model, active.dimensions) == ("hash-256", 256)
    assert missing_vectors(conn, active.table) == 0
    assert missing_vectors(conn, old.table) == 0  # the old table stays, for a switch back
    assert types(conn)[-1] == ev.EMBEDDING_MODEL_ACTIVATED
    hits = hybrid_search(conn, HashEmbedder(256), "promote the replica during a database failover", top_k=3)
    assert hits and "failover" in hits[0].file
    assert verify_projections(conn) == []
    write(tmp_path / "more", "a.md", "# A\n\nText.\n")
    with pytest.raises(ModelMismatchError):  # ingest with the old model refuses to mix the two
        add_folder(db, settings, AddOptions(folder=tmp_path / "more"))


def test_reembed_with_the_active_model_only_fills_missing_vectors(settings, db, docs, conn):
    add_folder(db, settings, AddOptions(folder=docs))
    active = vector_tables.active_model(conn)
    conn.execute(f"DELETE FROM {active.table} WHERE text_hash IN"
                 f" (SELECT text_hash FROM {active.table} ORDER BY text_hash LIMIT 3)")
    conn.commit()
    before = types(conn)
    result = reembed(db, settings, HashEmbedder(384))
    assert (result.embedded, result.activated) == (3, False)
    assert missing_vectors(conn, active.table) == 0
    assert types(conn) == before  # nothing to record: same model, same hashes


def _readd_with_old_recipe_hash(conn: psycopg.Connection, path: str) -> str:
    """Store a document again as an older recipe would have: its first chunk's embed_hash names
    a text this version's embedding_text no longer produces. Returns that chunk's id."""
    payload = conn.execute(
        "SELECT payload FROM events WHERE type = 'document_version_added' AND payload->>'path' = %s"
        " ORDER BY seq DESC LIMIT 1", (path,)).fetchone()[0]
    layer = conn.execute("SELECT layer FROM documents WHERE path = %s", (path,)).fetchone()[0]
    conn.commit()
    payload["chunks"][0]["embed_hash"] = text_hash("[older recipe]\n" + path).hex()
    projector.commit_events(conn, [ev.Event(ev.DOCUMENT_VERSION_ADDED, layer, payload, None, "test")])
    return payload["chunks"][0]["id"]


@pytest.mark.parametrize("model", ["hash-384", "hash-256"])
def test_a_chunk_whose_text_hashes_differently_gets_its_hash_recorded(settings, db, docs, conn, model):
    add_folder(db, settings, AddOptions(folder=docs))
    chunk_id = _readd_with_old_recipe_hash(conn, "runbooks/database-failover.md")
    assert verify_projections(conn) == []
    dims = int(model.split("-")[1])
    result = reembed(db, settings_for(settings, model), HashEmbedder(dims))
    assert result.rehashed == 1
    assert result.activated == (model != "hash-384")
    row = conn.execute("SELECT c.text, c.section_path, c.page, d.path, c.layer, c.embed_hash, c.ordinal,"
                       " c.start_char, c.end_char, c.line_start, c.line_end FROM chunks c"
                       " JOIN documents d ON d.id = c.document_id WHERE c.id = %s", (chunk_id,)).fetchone()
    conn.commit()
    from stratakb_core.ingest.chunking import embedding_text
    from stratakb_core.values import Chunk

    rebuilt = embedding_text(Chunk(row[6], row[7], row[8], row[0], tuple(row[1]), row[9], row[10], row[2]),
                             row[4], row[3])
    assert bytes(row[5]) == text_hash(rebuilt)
    rehashed = conn.execute("SELECT payload FROM events WHERE type = 'chunks_rehashed'").fetchall()
    conn.commit()
    assert [[c["id"] for c in p["chunks"]] for (p,) in rehashed] == [[chunk_id]]
    assert missing_vectors(conn, vector_tables.active_model(conn).table) == 0
    assert verify_projections(conn) == []


def test_chunks_stored_during_the_fill_are_embedded_before_activation(settings, db, docs, tmp_path, conn):
    add_folder(db, settings, AddOptions(folder=docs))
    other = tmp_path / "other"
    write(other, "a.md", "".join(f"# Step {i}\n\nThe alpha procedure, step {i}, restarts queue {i}.\n\n"
                                 for i in range(12)))
    synced = []

    def during_fill(done: int, total: int) -> None:
        # A CLI sync that lands as the re-embed finishes filling the new table (no lock is held
        # then). The fill reads chunks in id order, so the new chunks whose (random) ids sort
        # below the last one read are left for the catch-up under the layer locks.
        if done == total and not synced:
            synced.append(add_folder(db, settings, AddOptions(folder=other)))

    result = reembed(db, settings_for(settings, "hash-256"), HashEmbedder(256), batch_size=5, progress=during_fill)
    assert synced and synced[0].chunks_stored == 12
    assert result.activated and result.caught_up >= 1
    assert missing_vectors(conn, vector_tables.active_model(conn).table) == 0
    assert verify_projections(conn) == []


def test_reembedding_some_layers_waits_to_activate_until_every_layer_has_vectors(settings, db, docs, tmp_path,
                                                                                  conn):
    add_folder(db, settings, AddOptions(folder=docs))
    other = tmp_path / "other"
    write(other, "a.md", "# Alpha\n\nThe alpha procedure restarts the queue.\n")
    add_folder(db, settings, AddOptions(folder=other))
    new = settings_for(settings, "hash-256")
    first = reembed(db, new, HashEmbedder(256), layers=["other"])
    assert not first.activated and first.notes
    assert vector_tables.active_model(conn).model == "hash-384"
    conn.commit()
    second = reembed(db, new, HashEmbedder(256))
    assert second.activated and second.reused >= first.chunks
    with pytest.raises(UsageError):
        reembed(db, new, HashEmbedder(256), layers=["nope"])


def test_stratakb_reembed_cli(database_url, docs):
    env = cli_env(database_url)
    assert run_cli(["add", str(docs)], env).returncode == 0
    out = run_cli(["reembed", "--json"], {**env, "EMBEDDING_MODEL": "hash-128"})
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["activated"] and report["model"] == "hash-128" and report["previous_model"] == "hash-384"
    search = run_cli(["search", "database failover", "--json"], {**env, "EMBEDDING_MODEL": "hash-128"})
    assert search.returncode == 0 and json.loads(search.stdout)["results"]
    refused = run_cli(["add", str(docs)], env)  # still configured for hash-384
    assert refused.returncode == 2
