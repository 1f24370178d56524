"""Bounds that keep one input from hanging or exhausting a run (no I/O): patterns run in linear
time, a structure map and a file's chunks are capped, names and text are made storable."""

from __future__ import annotations

import os
import time

from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.structure import MAX_HEADING_CHARS, MAX_SECTIONS, bound_structure
from stratakb_core.patterns import check_regex, compile_regex
from stratakb_core.query.clauses import find_references
from stratakb_core.textsafe import name_from_store, storable_name, storable_text
from stratakb_core.values import ChunkConfig, ParsedDocument, Section


def test_overlapping_alternation_under_a_quantifier_runs_in_linear_time() -> None:
    pattern = r"^(a|aa)+$"
    assert check_regex(pattern) is None
    started = time.monotonic()
    assert compile_regex(pattern).search("a" * 2000 + "b") is None
    assert find_references("a" * 1999 + "b", [pattern]) == []  # a question is read to 2,000 characters
    assert time.monotonic() - started < 1.0


def test_what_the_linear_engine_cannot_run_is_refused_when_it_repeats_a_group() -> None:
    assert "backtracking" in (check_regex(r"(?=x)(ab)+") or "")
    assert check_regex(r"(?<!x)AT-\d+") is None  # a lookaround without a repeated group is bounded


def test_a_huge_structure_map_is_bounded_and_flagged() -> None:
    heading = "h" * 3_000_000
    text = "x\n" * (MAX_SECTIONS + 10)
    sections = tuple(Section(i * 2, i * 2 + 2, (heading, f"s{i}"), 2, heading) for i in range(MAX_SECTIONS + 10))
    doc = bound_structure(ParsedDocument(text=text, sections=sections))
    assert len(doc.sections) == MAX_SECTIONS and doc.sections[-1].end == len(text)
    assert all(len(s.heading or "") <= MAX_HEADING_CHARS for s in doc.sections)
    assert [(f.reason, f.count) for f in doc.flags] == [("truncated", 10)]
    assert len(chunk_document(doc, ChunkConfig(), max_chunks=7)) == 7


def test_names_and_text_are_made_storable_one_character_for_one() -> None:
    raw = os.fsdecode(b"bad\xff\xfe.md")
    stored = storable_name(raw)
    stored.encode("utf-8")
    assert name_from_store(stored) == raw and storable_name("plain.md") == "plain.md"
    text = "a\x00b\ud800c"
    assert storable_text(text) == "a\ufffdb\ufffdc" and len(storable_text(text)) == len(text)
