"""Every stage value survives its Arrow table (and a Parquet file) exactly."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from stratakb_core.embedding import HashEmbedder
from stratakb_core.ingest import stage_tables as arrow
from stratakb_core.ingest.selection import select_files
from stratakb_core.ingest.stages import (
    ChunkedFile,
    EmbedResult,
    ParsedFile,
    Plan,
    PlannedFile,
    chunk_file,
    parse_bytes,
    plan_files,
)
from stratakb_core.store.readers import DocumentRow
from stratakb_core.values import (
    ChunkConfig,
    DocumentFlag,
    Exclusion,
    FileEntry,
    OutlineEntry,
    ParsedDocument,
    Section,
    Selection,
)

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
ODD = os.fsdecode(b"caf\xe9 notes.md")  # a file name that is not UTF-8


def via_parquet(table: pa.Table) -> pa.Table:
    buf = io.BytesIO()
    pq.write_table(table, buf)
    buf.seek(0)
    return pq.read_table(buf)


def parsed_fixtures() -> list[ParsedFile]:
    names = ["pep-0604.rst", "pep-0020.rst", "runbook.md", "pdflatex-outline.pdf", "imagemagick-images.pdf",
             "par-known-styles.docx", "currency-codes-all.csv"]
    out = []
    for i, name in enumerate(names):
        path = FIXTURES / name
        if not path.exists():
            continue
        doc = parse_bytes(path.read_bytes(), name)
        out.append(ParsedFile(rel_path=name, change="added", document_id=None, size=path.stat().st_size,
                              mtime_ns=1_700_000_000_000_000_000 + i, outcome="parsed", content_hash="ab" * 32,
                              doc=doc, date=doc.date or "2024-01-02", date_source="file", supersedes=None))
    fm = ParsedDocument(
        text="Body text.\n", sections=(Section(0, 11, (), 0, None),), first_line=5,
        front_matter={"date": "2024-05-01", "tags": ["a", "b"], "n": 1.5, "nested": {"k": [1, None, True]}},
        date="2024-05-01", supersedes="old.md", flags=(DocumentFlag("truncated", 7),), kind="markdown",
        outline=(OutlineEntry(0, 1, "Body", "docx_style"),), pages=((0, 5), (5, 11)), text_origin="ocr")
    out.append(ParsedFile(ODD, "updated", 42, 11, 5, "parsed", "cd" * 32, None, None, fm, "2024-05-01",
                          "front_matter", "old.md"))
    out.append(ParsedFile("gone.md", "updated", 7, 3, 4, "unchanged", "ef" * 32))
    out.append(ParsedFile("bad.pdf", "added", None, 3, 4, "failed", "01" * 32, "parse_error", "broken xref"))
    out.append(ParsedFile("blank.md", "added", None, 3, 4, "no_text", "02" * 32))
    out.append(ParsedFile("locked.md", "added", None, 3, 4, "failed", None, "read_error", "Permission denied"))
    out.append(ParsedFile(ODD + ".pdf", "added", None, 3, 4, "failed", None, "parse_error", f"cannot read {ODD}"))
    return out


def test_selection_round_trips(tmp_path):
    root = tmp_path / "docs"
    shutil.copytree(REPO / "stratakb_core" / "sample", root)
    (root / ".hidden.md").write_text("x")
    real = select_files(root)
    odd = Selection(root="/x", method="git", files=(FileEntry(ODD, 3, 4), FileEntry("a/b.md", 0, 0)),
                    excluded=(Exclusion(".git", "hidden"), Exclusion(ODD + ".lnk", "symlink")),
                    notes=("a note", "another"))
    empty = Selection(root="/empty", method="walk", files=(), excluded=())
    items = [arrow.SourceSelection(1, real), arrow.SourceSelection(5, odd), arrow.SourceSelection(9, empty)]
    table = arrow.selection_to_table(items)
    assert table.schema == arrow.SELECTION_SCHEMA
    assert arrow.selection_from_table(via_parquet(table)) == items


def test_plan_round_trips():
    sel = Selection(root="/r", method="walk", files=tuple(
        FileEntry(p, 10 + i, 100 + i) for i, p in enumerate(["new.md", "same.md", "changed.md", "x.py", ".env",
                                                              ODD])), excluded=(Exclusion("ign.md", "gitignore"),))
    stored = {
        "same.md": DocumentRow(1, "same.md", "v", "h1", 11, 101, None, None),
        "changed.md": DocumentRow(2, "changed.md", "v", "h2", 1, 1, None, None),
        "gone.md": DocumentRow(3, "gone.md", "v", "h3", 1, 1, None, None),
        "ign.md": DocumentRow(4, "ign.md", "v", "h4", 1, 1, None, None),
    }
    plan = plan_files(sel, stored, max_file_size=1000)
    assert plan.adds == 2 and plan.updates == 1 and plan.unchanged == ("same.md",) and len(plan.removals) == 2
    empty = Plan((), (), (), (), 0)
    items = [arrow.SourcePlan(3, "/r", plan), arrow.SourcePlan(4, "/s", empty),
             arrow.SourcePlan(8, "/t", Plan((PlannedFile(FileEntry("a", 1, 2), "updated", 9, "ff"),), (), (), (), 1))]
    table = arrow.plan_to_table(items)
    assert table.schema == arrow.PLAN_SCHEMA
    assert arrow.plan_from_table(via_parquet(table)) == items


def test_parsed_documents_round_trip():
    files = parsed_fixtures()
    kinds = {pf.doc.kind for pf in files if pf.doc}
    assert {"markdown", "text"} <= kinds
    items = [(i % 3 + 1, pf) for i, pf in enumerate(files)]
    table = arrow.parsed_to_table(items)
    assert table.schema == arrow.PARSED_SCHEMA
    assert arrow.parsed_from_table(via_parquet(table)) == items


def test_structure_and_chunks_round_trip():
    files = [pf for pf in parsed_fixtures() if pf.outcome == "parsed"]
    structure = [(2, pf.rel_path, pf.doc.sections) for pf in files]
    table = arrow.structure_to_table(structure)
    back = arrow.structure_from_table(via_parquet(table))
    assert back == [(s, p, tuple(secs)) for s, p, secs in structure]

    chunked = [(2, c) for c in (chunk_file(pf, "my_layer", ChunkConfig()) for pf in files)
               if isinstance(c, ChunkedFile)]
    assert any(c.page is not None for _, cf in chunked for c in cf.chunks)
    table = arrow.chunks_to_table(chunked)
    assert table.schema == arrow.CHUNKS_SCHEMA
    parsed = {(sid, cf.parsed.rel_path): cf.parsed for sid, cf in chunked}
    assert arrow.chunks_from_table(via_parquet(table), parsed) == chunked


def test_embeddings_round_trip_as_fixed_size_float32_lists():
    texts = ["alpha", "beta", "gamma"]
    vectors = HashEmbedder(64).embed(texts)
    emb = EmbedResult([bytes([i]) * 32 for i in range(3)], vectors, 5)
    table = arrow.embeddings_to_table("hash-64", 64, emb)
    assert table.schema.field("vector").type == pa.list_(pa.float32(), 64)
    back = arrow.embeddings_from_table(via_parquet(table))
    assert (back.model, back.dimensions, back.result.hashes, back.result.reused) == ("hash-64", 64, emb.hashes, 5)
    assert back.result.vectors.dtype == np.float32 and np.array_equal(back.result.vectors, vectors)

    none = arrow.embeddings_from_table(via_parquet(arrow.embeddings_to_table("m", 8, EmbedResult([], None, 4))))
    assert (none.result.hashes, none.result.vectors, none.result.reused) == ([], None, 4)
    with pytest.raises(ValueError):
        arrow.embeddings_to_table("m", 8, EmbedResult([b"x" * 32], np.zeros((1, 7), np.float32), 0))


def test_stage_storage_dir_comes_from_the_environment(tmp_path):
    assert arrow.stage_storage_dir({}) is None
    assert arrow.stage_storage_dir({"DAGSTER_HOME": str(tmp_path)}) == tmp_path / "storage"
    assert arrow.stage_storage_dir({"DAGSTER_HOME": "/x", "STRATA_DAGSTER_STORAGE": str(tmp_path)}) == tmp_path


def test_the_core_of_the_dagster_path_does_not_import_dagster():
    code = ("import sys, stratakb_core.ingest.stage_tables, stratakb_core.ingest.layer_stages,"
            " stratakb_core.ingest.reembed,"
            " stratakb_core.ingest.inspection; assert not [m for m in sys.modules if m.split('.')[0] == 'dagster']")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
