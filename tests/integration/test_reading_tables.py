"""Reading whole documents, widening a passage to its clause, and tables of ingested spreadsheets,
against the embedded PostgreSQL with documents ingested by add_folder (hash embedder)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from stratakb_core.errors import ArgumentError
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.ingest.tables import materialize_tables
from stratakb_core.query.missing import CHARS_PER_TOKEN, tokens
from stratakb_core.query.reading import expand, read_document
from stratakb_core.query.tables import list_tables, table_query
from tests.conftest import FIXTURES


def ingest(db, settings, tmp_path: Path, name: str, files: list[str]) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for f in files:
        shutil.copy(FIXTURES / f, folder / Path(f).name)
    result = add_folder(db, settings, AddOptions(folder=folder, yes=True))
    assert not result.errors, result.errors
    return folder


def doc_id(conn, layer: str, path: str) -> int:
    return conn.execute("SELECT id FROM documents WHERE layer = %s AND path = %s", (layer, path)).fetchone()[0]


def test_a_paged_read_of_a_pdf_returns_every_page_once_in_order(db, settings, conn, tmp_path):
    ingest(db, settings, tmp_path, "pdfs", ["pdflatex-outline.pdf"])
    text, pages = conn.execute(
        "SELECT v.text, v.pages FROM documents d JOIN document_versions v ON v.id = d.version_id"
        " WHERE d.path = 'pdflatex-outline.pdf'").fetchone()
    assert len(pages) == 4
    got, start, seen_pages, reads = [], 0, [], 0
    while start is not None:
        page = read_document(conn, layer="pdfs", path="pdflatex-outline.pdf", start=start, budget_tokens=200)
        assert page["start"] == start and page["text"] == text[page["start"]:page["end"]]
        assert tokens(page) <= 200 + 60  # the budget, give or take the estimate of the metadata
        assert page["end"] == len(text) or text[page["end"] - 1] == "\n"  # cut at a line break
        got.append(page["text"])
        seen_pages += page["pages"]
        start, reads = page["next"], reads + 1
    whole = "".join(got)
    assert whole == text and reads > 4
    for a, b in pages:  # each PDF page's text comes back once, in order
        assert whole.count(text[a:b]) == 1
    assert seen_pages == sorted(seen_pages) and set(seen_pages) == {1, 2, 3, 4}
    first = read_document(conn, document_id=doc_id(conn, "pdfs", "pdflatex-outline.pdf"))
    assert first["citation"]["file"] == "pdflatex-outline.pdf" and first["citation"]["page"] == 1
    assert first["citation"]["date_source"] == "file" and first["kind"] == "pdf"


def test_expanding_an_rfc_passage_returns_its_whole_section_with_a_citation(db, settings, conn, tmp_path):
    ingest(db, settings, tmp_path, "rfcs", ["rfc6455.txt"])
    d = doc_id(conn, "rfcs", "rfc6455.txt")
    text = conn.execute("SELECT v.text FROM documents d JOIN document_versions v ON v.id = d.version_id"
                        " WHERE d.id = %s", (d,)).fetchone()[0]
    sec = conn.execute("SELECT start_char, level, path, ordinal FROM sections WHERE document_id = %s"
                       " AND label = '5.5.1'", (d,)).fetchone()
    start, level, path, ordinal = sec
    nxt = conn.execute("SELECT min(start_char) FROM sections WHERE document_id = %s AND ordinal > %s"
                       " AND level <= %s", (d, ordinal, level)).fetchone()[0]
    whole = text[start:nxt].rstrip()
    # A passage from the middle of section 5.5.1 ("Close").
    mid = start + whole.index("If there is a body")
    out = expand(conn, f"d{d}:{mid}-{mid + 60}", budget_tokens=3000)
    clause = out["clause"]
    assert clause["text"] == whole and clause["cut"] is False
    assert clause["ref"] == f"d{d}:{start}-{start + len(whole)}"
    assert clause["clause_path"] == " > ".join(path)
    cit = clause["citation"]
    assert cit["file"] == "rfc6455.txt" and cit["layer"] == "rfcs" and cit["page"] is not None
    first_line = int(cit["lines"].split("-")[0])
    assert (FIXTURES / "rfc6455.txt").read_text().split("\n")[first_line - 1].startswith("5.5.1")
    assert out["parent"]["heading"].startswith("5.5") and out["previous"] is None
    assert out["next"]["heading"].startswith("5.5.2") and out["next"]["text"].startswith("5.5.2")
    # Over the budget: the clause comes back from its start, cut at a word, and says so.
    small = expand(conn, f"d{d}:{mid}-{mid + 60}", budget_tokens=150)
    c = small["clause"]
    assert c["cut"] is True and whole.startswith(c["text"]) and len(c["text"]) < len(whole)
    assert whole[len(c["text"])].isspace() and len(c["text"]) >= 190
    assert "Cut to fit" in small["note"] and "rfc6455.txt" in small["note"]
    assert small["next"]["text"] is None and "not_read" in small["next"]


def test_reading_by_ref_starts_at_its_line_and_bad_names_are_refused(db, settings, conn, tmp_path):
    ingest(db, settings, tmp_path, "rfcs", ["rfc2119.txt"])
    d = doc_id(conn, "rfcs", "rfc2119.txt")
    text = read_document(conn, document_id=d, budget_tokens=50_000)["text"]
    at = text.index("MUST NOT")
    page = read_document(conn, ref=f"d{d}:{at}-{at + 8}")
    assert page["start"] == text.rfind("\n", 0, at) + 1 and "MUST NOT" in page["text"]
    assert re.fullmatch(r"\d+-\d+", page["lines"])
    for kwargs, argument in [({"document_id": 999_999}, "document_id"), ({"ref": "d1:5-2"}, "ref"),
                             ({"layer": "rfcs", "path": "nope.txt"}, "path"), ({}, "document"),
                             ({"document_id": d, "start": 10**9}, "start"),
                             ({"document_id": d, "budget_tokens": 5}, "budget_tokens")]:
        with pytest.raises(ArgumentError) as exc:
            read_document(conn, **kwargs)
        assert exc.value.argument == argument
    with pytest.raises(ArgumentError):
        expand(conn, f"d{d}:0-{10**8}")


def test_tables_of_ingested_spreadsheets_are_listed_and_queried_by_name(db, settings, conn, tmp_path):
    folder = ingest(db, settings, tmp_path, "sheets", ["currency-codes-all.csv", "sheets/charts.xlsx"])
    base = tmp_path / "tables"
    for path, sha in conn.execute("SELECT path, content_hash FROM documents WHERE layer = 'sheets'").fetchall():
        materialize_tables(folder / path, base, "sheets", rel_path=path, doc_sha=sha)
    listed = list_tables(conn, base)["tables"]
    csv_id, xlsx_id = doc_id(conn, "sheets", "currency-codes-all.csv"), doc_id(conn, "sheets", "charts.xlsx")
    names = [t["table"] for t in listed]
    assert names == [f"d{xlsx_id}.s{i}" for i in range(1, 8)] + [f"d{csv_id}.s1"]
    currency = listed[-1]
    assert currency["rows"] == 449 and currency["file"] == "currency-codes-all.csv" and currency["sheet"] is None
    assert {"name": "alphabeticcode", "header": "AlphabeticCode", "type": "text"} in currency["columns"]
    out = table_query(conn, base, {"table": f"d{csv_id}.s1", "filters": [
        {"column": "currency", "op": "=", "value": "Euro"}], "measures": ["count"]})
    euro = (FIXTURES / "currency-codes-all.csv").read_text(encoding="utf-8").count(",Euro,")
    assert out["rows"] == [{"count": euro}] and out["citation"]["file"] == "currency-codes-all.csv"
    for bad in ["d1.s1'; DROP TABLE documents; --", f'd{csv_id}.s1"', f"d{csv_id}.s1;", "", None]:
        with pytest.raises(ArgumentError) as exc:
            table_query(conn, base, {"table": bad, "measures": ["count"]})
        assert exc.value.argument == "table"
    assert conn.execute("SELECT count(*) FROM documents").fetchone()[0] == 2
    # read_document of a spreadsheet names its tables.
    page = read_document(conn, document_id=csv_id, tables_dir=base)
    assert page["tables"] == [{"table": f"d{csv_id}.s1", "sheet": None, "rows": 449}]
    assert page["text"].startswith("Columns: Entity | Currency")
    assert CHARS_PER_TOKEN == 4
