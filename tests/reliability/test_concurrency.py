"""Store-wide rules under concurrency: folder ownership, overlap and the model's activation are
checked and written under one store-wide lock, so concurrent adds end as the spec's refusals,
never a raw database error. (Concurrent first connections: test_signals.)"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from stratakb_core.embedding.hashing import HashEmbedder
from stratakb_core.errors import ModelMismatchError, RefusedError
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import vectors
from tests.conftest import write


def _race(*calls) -> list[BaseException | None]:
    barrier, results = threading.Barrier(len(calls)), [None] * len(calls)

    def run(i, call):
        barrier.wait()
        try:
            call()
        except BaseException as exc:  # noqa: BLE001 - collected for the assertions
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.parametrize("second", ["same folder, another name", "a folder inside it"])
def test_concurrent_adds_of_one_folder_end_as_a_refusal(tmp_path: Path, db, settings, second: str) -> None:
    folder = tmp_path / "nest"
    write(folder, "a.md", "# A\n\ntext\n")
    write(folder, "sub/b.md", "# B\n\ntext\n")
    other = AddOptions(folder=folder, name="second") if second.startswith("same") else AddOptions(
        folder=folder / "sub")
    results = _race(lambda: add_folder(db, settings, AddOptions(folder=folder, name="first"), embedder=HashEmbedder()),
                    lambda: add_folder(db, settings, other, embedder=HashEmbedder()))
    refused = [r for r in results if r is not None]
    assert len(refused) == 1 and isinstance(refused[0], RefusedError), results
    assert refused[0].code in ("folder_taken", "folder_overlaps")
    with db.connection() as conn:
        assert conn.execute("SELECT count(*) FROM sources").fetchone()[0] == 1


def test_first_adds_with_two_models_activate_one(tmp_path: Path, db, settings) -> None:
    for name in ("one", "two"):
        write(tmp_path / name, "a.md", f"# {name}\n\ntext\n")
    results = _race(lambda: add_folder(db, settings, AddOptions(folder=tmp_path / "one"), embedder=HashEmbedder(256)),
                    lambda: add_folder(db, settings, AddOptions(folder=tmp_path / "two"), embedder=HashEmbedder(384)))
    refused = [r for r in results if r is not None]
    assert len(refused) == 1 and isinstance(refused[0], ModelMismatchError), results
    with db.connection() as conn:
        active = vectors.active_model(conn)
        assert conn.execute("SELECT count(*) FROM embedding_models WHERE active").fetchone()[0] == 1
        missing = conn.execute(
            f"SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM {active.table} v"
            " WHERE v.text_hash = c.embed_hash)").fetchone()[0]
    assert missing == 0


def test_a_folder_taken_after_the_layer_was_chosen_is_refused_before_any_write(tmp_path: Path, db, settings) -> None:
    """The window the race above can hit: a run chose its layer, then another run took the folder
    before this one planned. It ends as folder_taken, writing nothing (CI once saw an assertion)."""
    from stratakb_core.ingest import sync

    folder = tmp_path / "nest"
    write(folder, "a.md", "# A\n\ntext\n")
    add_folder(db, settings, AddOptions(folder=folder, name="second"), embedder=HashEmbedder())
    with db.connection() as conn:
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    conn = db.connect()
    try:
        with pytest.raises(RefusedError) as refused:
            sync._add_locked(conn, AddOptions(folder=folder, name="first"), folder.resolve(), "first",
                             HashEmbedder(), None)
    finally:
        conn.close()
    assert refused.value.code == "folder_taken" and "belongs to layer 'second'" in str(refused.value)
    with db.connection() as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == events
        assert conn.execute("SELECT count(*) FROM layers WHERE name = 'first'").fetchone()[0] == 0
