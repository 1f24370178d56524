"""Parsing runs in a child process with a time limit and a memory bound: a file that exceeds
either fails alone as a parse_error and the rest of the run is stored."""

from __future__ import annotations

import pytest

from stratakb_core.errors import ParseError
from stratakb_core.ingest.sandbox import ParseSandbox
from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import write


def test_sandbox_parses_like_the_parser_and_reports_no_text():
    from stratakb_core.errors import NoTextError

    with ParseSandbox(timeout_s=30) as box:
        doc = box.parse(b"# Title\n\nSome text.\n", "a.md")
        assert doc.text.startswith("# Title") and doc.sections
        with pytest.raises(NoTextError):
            box.parse(b"   \n", "empty.md")
        with pytest.raises(ParseError):
            box.parse(b"bad \x00 bytes", "b.txt")


def test_a_parse_over_the_time_limit_is_killed_and_the_next_file_still_parses():
    big = ("# Heading\n\n" + "A sentence that goes on. " * 40 + "\n\n") * 4000  # ~4 MB of Markdown
    box = ParseSandbox(timeout_s=0.05)
    try:
        with pytest.raises(ParseError, match="took longer than 0.05 s"):
            box.parse(big.encode(), "big.md")
        box.timeout_s = 30
        assert box.parse(b"# Small\n\ntext\n", "small.md").text.startswith("# Small")
    finally:
        box.close()


def test_a_parse_over_the_memory_bound_fails_alone():
    box = ParseSandbox(timeout_s=60, memory_mb=400)
    try:
        huge = ("word " * 20_000 + "\n") * 1000  # 100 MB of text: decoding and copies pass 400 MB
        with pytest.raises(ParseError):
            box.parse(huge.encode(), "huge.txt")
        assert box.parse(b"# Fine\n\ntext\n", "fine.md").text.startswith("# Fine")
    finally:
        box.close()


def test_ingest_reports_a_parse_timeout_as_parse_error_and_stores_the_rest(db, settings, tmp_path, monkeypatch):
    folder = tmp_path / "docs"
    # ~16 MB of Markdown: about a second to parse, far over the limit; the small file: a millisecond.
    write(folder, "big.md", ("# Heading\n\n" + "A sentence that goes on. " * 40 + "\n\n") * 16000)
    write(folder, "small.md", "# Small\n\nA small file.\n")
    monkeypatch.setenv("STRATA_PARSE_TIMEOUT", "0.2")
    r = add_folder(db, settings, AddOptions(folder=folder, max_file_size=100 * 1024 * 1024))
    assert [(e.file, e.reason) for e in r.errors] == [("big.md", "parse_error")]
    assert "took longer than" in (r.errors[0].message or "")
    assert r.added == ["small.md"] and r.exit_code == 1
