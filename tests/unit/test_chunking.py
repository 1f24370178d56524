"""chunk_document and embedding_text: spans of the document's own text, along its sections."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from stratakb_core.ingest.chunking import chunk_document, count_truncated, embedding_text
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.markdown import MarkdownParser
from stratakb_core.values import Chunk, ChunkConfig, ParsedDocument, Section

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FIXTURE_NAMES = ["runbook.md", "pep-0020.rst", "pep-0604.rst"]


def md(source: str) -> ParsedDocument:
    return MarkdownParser().parse(source.encode(), "doc.md")


def fixture(name: str) -> tuple[bytes, ParsedDocument]:
    data = (FIXTURES / name).read_bytes()
    parser = parser_for(name)
    assert parser is not None
    return data, parser.parse(data, name)


def assert_well_formed(doc: ParsedDocument, chunks: list[Chunk], config: ChunkConfig) -> None:
    """The invariants every chunking must keep."""
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert chunk.text == doc.text[chunk.start : chunk.end]
        assert chunk.text and chunk.text == chunk.text.strip()
        assert chunk.line_start == doc.first_line + doc.text.count("\n", 0, chunk.start)
        assert chunk.line_end == doc.first_line + doc.text.count("\n", 0, chunk.end - 1)
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert before.start < after.start
        assert before.end < after.end


def assert_no_chunk_crosses_a_section(doc: ParsedDocument, chunks: list[Chunk]) -> None:
    """A chunk stays in one section, apart from bare headings joined to their first subsection."""

    def bare(section: Section) -> bool:
        return section.heading_end is not None and not doc.text[section.heading_end : section.end].strip()

    # A bare heading followed by its subsection chunks under the subsection's path.
    paths: list[tuple[str, ...]] = [s.path for s in doc.sections]
    for i in range(len(doc.sections) - 2, -1, -1):
        section, following = doc.sections[i], doc.sections[i + 1]
        if bare(section) and following.path[: len(section.path)] == section.path != following.path:
            paths[i] = paths[i + 1]
    for chunk in chunks:
        inside = [i for i, s in enumerate(doc.sections) if s.start < chunk.end and chunk.start < s.end]
        assert chunk.section_path == paths[inside[-1]]
        for i in inside[:-1]:
            assert bare(doc.sections[i]), "only a bare heading may join"
            assert paths[i] == chunk.section_path


# ---------------------------------------------------------------------------------------------
# Invariants on real files


@pytest.mark.parametrize("name", FIXTURE_NAMES)
@pytest.mark.parametrize("size", [80, 300, 1000])
def test_chunks_are_spans_of_the_text_on_fixtures(name: str, size: int) -> None:
    _, doc = fixture(name)
    config = ChunkConfig(chunk_size=size, chunk_overlap=size // 8)
    chunks = chunk_document(doc, config)
    assert chunks
    assert_well_formed(doc, chunks, config)
    assert_no_chunk_crosses_a_section(doc, chunks)


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_chunk_line_numbers_match_the_file(name: str) -> None:
    data, doc = fixture(name)
    file_lines = data.decode().split("\n")
    for chunk in chunk_document(doc, ChunkConfig(chunk_size=200, chunk_overlap=30)):
        parts = chunk.text.split("\n")
        assert parts[0] in file_lines[chunk.line_start - 1]
        assert parts[-1] in file_lines[chunk.line_end - 1]
        assert "\n".join(file_lines[chunk.line_start - 1 : chunk.line_end]).count(chunk.text) == 1


def test_front_matter_shifts_line_numbers() -> None:
    data, doc = fixture("runbook.md")
    chunks = chunk_document(doc, ChunkConfig())
    assert doc.first_line == 8
    assert chunks[0].text == "Read this page before you touch the primary."
    assert (chunks[0].line_start, chunks[0].line_end) == (9, 9)
    assert data.decode().split("\n")[8] == chunks[0].text


def test_fixture_chunks_follow_the_headings() -> None:
    _, doc = fixture("runbook.md")
    chunks = chunk_document(doc, ChunkConfig())
    assert [c.section_path for c in chunks] == [
        (),
        ("Failover runbook",),
        ("Failover runbook", "1 Preparation"),
        ("Failover runbook", "2 Promotion", "2.1 Promote the replica"),
        ("Failover runbook", "Point the application at the new primary"),
        ("7 Termination", "7.1 Closing the incident"),
        ("Rollback ##",),
    ]
    # Code, an indented block and a thematic break stay inside their sections.
    assert "# not a heading: a shell comment" in chunks[2].text
    assert "After the thematic break above" in chunks[4].text


# ---------------------------------------------------------------------------------------------
# Sections and bare headings


def test_each_section_is_its_own_chunk_holding_its_heading_once() -> None:
    doc = md("# A\n\nAlpha.\n\n## B\n\nBeta.\n")
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.section_path) for c in chunks] == [
        ("# A\n\nAlpha.", ("A",)),
        ("## B\n\nBeta.", ("A", "B")),
    ]


def test_bare_heading_joins_its_first_subsection() -> None:
    doc = md("# 7 Termination\n\n## 7.1 Notice\n\nGive notice.\n\n## 7.2 Cause\n\nFor cause.\n")
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.section_path) for c in chunks] == [
        ("# 7 Termination\n\n## 7.1 Notice\n\nGive notice.", ("7 Termination", "7.1 Notice")),
        ("## 7.2 Cause\n\nFor cause.", ("7 Termination", "7.2 Cause")),
    ]


def test_chain_of_bare_headings_joins_the_deepest_subsection() -> None:
    doc = md("# A\n## B\n### C\ntext\n")
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.section_path) for c in chunks] == [("# A\n## B\n### C\ntext", ("A", "B", "C"))]


def test_heading_with_text_does_not_join() -> None:
    doc = md("# A\nIntro.\n## B\ntext\n")
    assert [c.section_path for c in chunk_document(doc, ChunkConfig())] == [("A",), ("A", "B")]


def test_bare_heading_followed_by_a_sibling_stays_alone() -> None:
    doc = md("## A\n\n## B\ntext\n")
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.section_path) for c in chunks] == [("## A", ("A",)), ("## B\ntext", ("B",))]


def test_whitespace_only_spans_make_no_chunk() -> None:
    doc = md("\n\n   \n# A\n\ntext\n")
    chunks = chunk_document(doc, ChunkConfig())
    assert [c.section_path for c in chunks] == [("A",)]
    assert chunks[0].line_start == 4


def test_section_without_heading_end_uses_its_first_line_as_the_heading() -> None:
    text = "7. Termination\n7.1 Notice\nGive notice.\n"
    doc = ParsedDocument(
        text=text,
        sections=(
            Section(0, 15, ("7. Termination",), 1, "7. Termination"),
            Section(15, len(text), ("7. Termination", "7.1 Notice"), 2, "7.1 Notice"),
        ),
    )
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.start, c.section_path) for c in chunks] == [(0, ("7. Termination", "7.1 Notice"))]


# ---------------------------------------------------------------------------------------------
# Splitting long sections


def words_text(n_words: int, start: int = 0) -> str:
    return " ".join(f"word{i:04d}" for i in range(start, start + n_words))


def test_long_section_is_split_with_overlap_and_the_same_path() -> None:
    doc = md("# Long\n\n" + words_text(400) + "\n\n# Next\n\nshort\n")
    config = ChunkConfig(chunk_size=200, chunk_overlap=40)
    chunks = chunk_document(doc, config)
    long_pieces = [c for c in chunks if c.section_path == ("Long",)]
    assert len(long_pieces) > 10
    assert_well_formed(doc, chunks, config)
    for before, after in zip(long_pieces, long_pieces[1:], strict=False):
        assert len(before.text) <= 200
        overlap = before.end - after.start
        assert 0 < overlap <= 40
        # Pieces and overlaps start and end at word boundaries.
        assert doc.text[after.start - 1].isspace()
        assert doc.text[before.end].isspace()
    assert chunks[-1].section_path == ("Next",)


def test_overlap_zero_tiles_the_section() -> None:
    doc = md(words_text(300))
    chunks = chunk_document(doc, ChunkConfig(chunk_size=150, chunk_overlap=0))
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert before.end < after.start
        assert not doc.text[before.end : after.start].strip()


def test_split_prefers_paragraph_breaks() -> None:
    paragraphs = [f"Paragraph {i}. " + words_text(10, i * 10) for i in range(8)]
    doc = md("\n\n".join(paragraphs))
    chunks = chunk_document(doc, ChunkConfig(chunk_size=300, chunk_overlap=0))
    for chunk in chunks:
        assert chunk.text.startswith("Paragraph ")
        assert chunk.end == len(doc.text) or doc.text[chunk.end : chunk.end + 2] == "\n\n"


def test_split_prefers_line_breaks_over_sentence_ends() -> None:
    lines = [f"Line {i}. Then more. " + words_text(6, i * 6) for i in range(20)]
    doc = md("\n".join(lines))
    for chunk in chunk_document(doc, ChunkConfig(chunk_size=250, chunk_overlap=0)):
        assert chunk.text.startswith("Line ")
        assert chunk.end == len(doc.text) or doc.text[chunk.end] == "\n"


def test_split_prefers_sentence_ends_over_spaces() -> None:
    sentences = [f"Sentence {i} has " + words_text(5, i * 5) + "." for i in range(30)]
    doc = md(" ".join(sentences))
    for chunk in chunk_document(doc, ChunkConfig(chunk_size=300, chunk_overlap=0)):
        assert chunk.text.startswith("Sentence ")
        assert chunk.text.endswith(".")


def test_a_word_longer_than_chunk_size_is_cut_inside() -> None:
    doc = md("short " + "x" * 250 + " tail")
    chunks = chunk_document(doc, ChunkConfig(chunk_size=100, chunk_overlap=20))
    assert_well_formed(doc, chunks, ChunkConfig(chunk_size=100, chunk_overlap=20))
    assert all(len(c.text) <= 100 for c in chunks)
    assert any(c.text == "x" * 100 for c in chunks)
    assert chunks[-1].text.endswith("tail")


def test_overlap_as_large_as_the_chunk_still_moves_forward() -> None:
    doc = md(words_text(500))
    chunks = chunk_document(doc, ChunkConfig(chunk_size=100, chunk_overlap=100))
    assert_well_formed(doc, chunks, ChunkConfig(chunk_size=100, chunk_overlap=100))
    assert chunks[-1].end == len(doc.text.rstrip())
    assert len(chunks) < 200


@pytest.mark.parametrize(("size", "overlap"), [(0, 0), (100, -1)])
def test_invalid_config_is_refused(size: int, overlap: int) -> None:
    with pytest.raises(ValueError):
        chunk_document(md("text"), ChunkConfig(chunk_size=size, chunk_overlap=overlap))


# ---------------------------------------------------------------------------------------------
# Pages


def paged_doc() -> ParsedDocument:
    page1 = "Intro text on page one.\n"
    page2 = "Still the intro on page two.\n"
    page3 = "# Heading\n"
    page4 = "## Sub\nBody on page four.\n"
    text = page1 + page2 + page3 + page4
    bounds = []
    pos = 0
    for page in (page1, page2, page3, page4):
        bounds.append((pos, pos + len(page)))
        pos += len(page)
    heading_at = text.index("# Heading")
    sub_at = text.index("## Sub")
    return ParsedDocument(
        text=text,
        sections=(
            Section(0, heading_at, (), 0, None),
            Section(heading_at, sub_at, ("Heading",), 1, "Heading", heading_at + 9),
            Section(sub_at, len(text), ("Heading", "Sub"), 2, "Sub", sub_at + 6),
        ),
        pages=tuple(bounds),
        kind="pdf",
    )


def test_chunks_never_cross_a_page_and_carry_their_page() -> None:
    doc = paged_doc()
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.page) for c in chunks] == [
        ("Intro text on page one.", 1),
        ("Still the intro on page two.", 2),
        ("# Heading", 3),  # a bare heading does not join a subsection that starts a page
        ("## Sub\nBody on page four.", 4),
    ]
    assert_well_formed(doc, chunks, ChunkConfig())


def test_text_between_pages_belongs_to_no_chunk() -> None:
    # A paged text's running footer, form feed and running header lie between two page spans.
    page1 = "# Heading\nFirst part of the paragraph,\n"
    gap = "Author   [Page 1]\n\f\nDOC 1   Title\n"
    page2 = "second part of it.\n## Sub\nMore.\n"
    text = page1 + gap + page2
    p2 = len(page1) + len(gap)
    sub = text.index("## Sub")
    doc = ParsedDocument(
        text=text,
        sections=(
            Section(0, sub, ("Heading",), 1, "Heading", 9),
            Section(sub, len(text), ("Heading", "Sub"), 2, "Sub", sub + 6),
        ),
        pages=((0, len(page1)), (p2, len(text))),
        kind="text",
    )
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.page, c.section_path) for c in chunks] == [
        ("# Heading\nFirst part of the paragraph,", 1, ("Heading",)),
        ("second part of it.", 2, ("Heading",)),
        ("## Sub\nMore.", 2, ("Heading", "Sub")),
    ]
    assert_well_formed(doc, chunks, ChunkConfig())


# ---------------------------------------------------------------------------------------------
# Embedding text


def test_embedding_text_with_headings() -> None:
    chunk = Chunk(0, 0, 5, "Alpha", ("Guide", "Install"), 1, 1)
    assert embedding_text(chunk, "docs", "guide.md") == "[docs > guide.md > Guide > Install]\nAlpha"


def test_embedding_text_without_headings() -> None:
    chunk = Chunk(0, 0, 5, "Alpha", (), 1, 1)
    assert embedding_text(chunk, "docs", "notes.txt") == "[docs > notes.txt]\nAlpha"


def test_embedding_text_with_a_page() -> None:
    chunk = Chunk(0, 0, 5, "Alpha", ("Outline entry",), 1, 1, page=3)
    assert embedding_text(chunk, "std", "iso.pdf") == "[std > iso.pdf > Page 3]\nAlpha"


def test_stored_chunk_text_has_no_prefix() -> None:
    _, doc = fixture("runbook.md")
    for chunk in chunk_document(doc, ChunkConfig()):
        assert not chunk.text.startswith("[")


def test_count_truncated() -> None:
    assert count_truncated(["a" * 1000, "b" * 1001, "c"]) == 1
    assert count_truncated(["a" * 10], max_chars=5) == 1


# ---------------------------------------------------------------------------------------------
# Speed


def test_a_100_kb_numbered_text_parses_and_chunks_quickly() -> None:
    sections = []
    for major in range(1, 21):
        sections.append(f"{major}.  Section {major}\n\n" + "Some prose that wraps. " * 60 + "\n")
        for minor in range(1, 6):
            body = ("   A wrapped line of clause text, as an RFC would print it.\n" * 12) + "\n"
            sections.append(f"{major}.{minor}.  Clause {major}.{minor}\n\n{body}")
    data = "\n".join(sections).encode()
    assert len(data) > 100_000
    parser = parser_for("rfc.txt")
    assert parser is not None
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        doc = parser.parse(data, "rfc.txt")
        chunks = chunk_document(doc, ChunkConfig())
        best = min(best, time.perf_counter() - started)
    assert len(doc.sections) == 120
    assert chunks
    assert best < 0.05
