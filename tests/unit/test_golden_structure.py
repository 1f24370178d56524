"""Golden files: the structure map and the chunk list of chosen documents, as canonical JSON.

Each file under tests/golden/ holds one document's sections (line, depth, path) and chunks (lines,
page, clause path, size, a hash and the start of the text) at 800 characters with 100 overlap. A
change to parsing, the structure map or chunking shows up as a diff to read by eye. Regenerate
them after a deliberate change with

    STRATA_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/unit/test_golden_structure.py

(an environment variable, not a pytest option: options need the root conftest.py).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.values import ChunkConfig

REPO = Path(__file__).resolve().parent.parent.parent
GOLDEN = REPO / "tests" / "golden"
DOCUMENTS = {
    "pep-0008": REPO / "tests" / "fixtures" / "pep-0008.rst",
    "rfc6455": REPO / "tests" / "fixtures" / "rfc6455.txt",
    "acme-msa": REPO / "stratakb_core" / "sample" / "contracts" / "acme-msa.md",
    "orders-openapi": REPO / "tests" / "fixtures" / "orders-openapi.yaml",
    "pdflatex-outline": REPO / "tests" / "fixtures" / "pdflatex-outline.pdf",  # a PDF with an outline
    "imagemagick-images": REPO / "tests" / "fixtures" / "imagemagick-images.pdf",  # without, scanned
    "par-known-styles": REPO / "tests" / "fixtures" / "par-known-styles.docx",  # Word heading styles
    "blk-paras-and-tables": REPO / "tests" / "fixtures" / "blk-paras-and-tables.docx",  # tables
    "formulae": REPO / "tests" / "fixtures" / "formulae.xlsx",
    "currency-codes-all": REPO / "tests" / "fixtures" / "currency-codes-all.csv",
}
UPDATE = os.environ.get("STRATA_UPDATE_GOLDEN") == "1"
# Pinned rather than the default, so a change of the default settings does not rewrite every file.
CONFIG = ChunkConfig(chunk_size=800, chunk_overlap=100)
PREVIEW_CHARS = 72


def snapshot(path: Path) -> dict[str, Any]:
    """What the golden file records for one document."""
    parser = parser_for(path.name)
    assert parser is not None
    # The structure map as the ingest builds it (PDF and Word parsers cut at their outline only).
    from stratakb_core.ingest.structure import apply_structure

    doc = apply_structure(parser.parse(path.read_bytes(), path.name), ())
    config = CONFIG

    def line(offset: int) -> int:
        return doc.first_line + doc.text.count("\n", 0, offset)

    sections = [
        {"line": line(s.start), "level": s.level, "path": " > ".join(s.path), "start": s.start, "end": s.end}
        for s in doc.sections
    ]
    chunks = [
        {
            "ordinal": c.ordinal,
            "lines": f"{c.line_start}-{c.line_end}",
            "page": c.page,
            "clause_path": c.clause_path,
            "chars": len(c.text),
            "sha1": hashlib.sha1(c.text.encode()).hexdigest()[:12],
            "text": c.text[:PREVIEW_CHARS].split("\n")[0],
        }
        for c in chunk_document(doc, config)
    ]
    return {
        "file": path.name,
        "kind": doc.kind,
        "first_line": doc.first_line,
        "chars": len(doc.text),
        "pages": len(doc.pages) if doc.pages else None,
        "flags": [{"reason": f.reason, "count": f.count} for f in doc.flags],
        "chunk_config": {"chunk_size": config.chunk_size, "chunk_overlap": config.chunk_overlap},
        "sections": sections,
        "chunks": chunks,
    }


def canonical(data: dict[str, Any]) -> str:
    """Stable JSON with one section or chunk per line, so a diff shows what moved."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f"  {json.dumps(key)}: [")
            for j, entry in enumerate(value):
                entry_comma = "," if j < len(value) - 1 else ""
                lines.append("    " + json.dumps(entry, ensure_ascii=False, sort_keys=True) + entry_comma)
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_structure_map_and_chunks_match_the_golden_file(name: str) -> None:
    golden = GOLDEN / f"{name}.json"
    actual = canonical(snapshot(DOCUMENTS[name]))
    if UPDATE:
        golden.write_text(actual, encoding="utf-8")
        return
    assert golden.exists(), f"{golden.name} is missing: run with STRATA_UPDATE_GOLDEN=1 to write it"
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        old, new = expected.split("\n"), actual.split("\n")
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        pytest.fail(
            f"{golden.name} differs from line {first + 1}:\n"
            f"  golden: {old[first] if first < len(old) else '<end>'}\n"
            f"  now:    {new[first] if first < len(new) else '<end>'}\n"
            "Review the change; if it is intended, regenerate with STRATA_UPDATE_GOLDEN=1."
        )


def test_golden_files_are_canonical_json() -> None:
    for name in DOCUMENTS:
        text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
        assert canonical(json.loads(text)) == text


def test_every_golden_file_belongs_to_a_document() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(DOCUMENTS)
