"""PDF parsing: pages and their offsets, the outline as sections, the scanned rule, refusals and limits.

Most PDFs are built here, byte by byte (``raw_pdf``), so each test shows exactly what its file
holds; pypdf's writer adds outlines and encryption to them. Two real files come from
py-pdf/sample-files (see tests/fixtures/README.md).
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterator, Sequence
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfWriter

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import parser_for, pdf
from stratakb_core.ingest.parsing.pdf import PAGE_SEPARATOR, PdfParser, is_probably_scanned, page_counts_as_scanned
from stratakb_core.values import ChunkConfig, DocumentFlag, ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
LONG = "This page has plenty of real text on it, the way a born-digital page does. " * 4  # > 200


@pytest.fixture(autouse=True)
def _quiet_pypdf() -> Iterator[None]:
    # pypdf logs every repair it makes; the hostile files below make many on purpose.
    logger = logging.getLogger("pypdf")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


# ---------------------------------------------------------------------------------------------
# Building PDFs


def raw_pdf(objects: dict[int, bytes], *, root: int = 1) -> bytes:
    """A PDF file of the given numbered objects, with a correct cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets.get(number, 0)
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, root, xref)
    return bytes(out)


def _stream(content: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(content), extra) + content + b"\nendstream"


_IMAGE = _stream(
    b"\x80", b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 "
)


def build_pdf(pages: Sequence[tuple[str, str | None]]) -> bytes:
    """One page per (text, image) pair; image is None, "xobject", "inline" or "form".

    Each line of text is drawn in Helvetica; "form" puts the image inside a form XObject.
    """
    objects: dict[int, bytes] = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    }
    kids: list[int] = []
    number = 4
    for text, image in pages:
        page, content = number, number + 1
        number += 2
        ops = []
        for i, line in enumerate(text.split("\n")):
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(b"BT /F1 10 Tf 40 %d Td (%s) Tj ET" % (760 - 14 * i, escaped.encode("latin-1")))
        xobjects = b""
        if image == "xobject":
            objects[number] = _IMAGE
            xobjects = b"/XObject << /Im0 %d 0 R >>" % number
            number += 1
            ops.append(b"q 100 0 0 100 40 40 cm /Im0 Do Q")
        elif image == "inline":
            ops.append(b"q 100 0 0 100 40 40 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \x80 EI Q")
        elif image == "form":
            objects[number] = _IMAGE
            objects[number + 1] = _stream(
                b"q 100 0 0 100 0 0 cm /Im0 Do Q",
                b"/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /Im0 %d 0 R >> >> "
                % number,
            )
            xobjects = b"/XObject << /Fm0 %d 0 R >>" % (number + 1)
            number += 2
            ops.append(b"/Fm0 Do")
        objects[page] = (
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 3 0 R >> %s >> >>" % (content, xobjects)
        )
        objects[content] = _stream(b"\n".join(ops))
        kids.append(page)
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    return raw_pdf(objects)


def with_outline(data: bytes, entries: Sequence[tuple[str, int, int | None]]) -> bytes:
    """data with an outline: (title, page index, index of the parent entry or None) each."""
    writer = PdfWriter(clone_from=BytesIO(data))
    refs = []
    for title, page, parent in entries:
        refs.append(
            writer.add_outline_item(title=title, page_number=page, parent=None if parent is None else refs[parent])
        )
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def encrypted(data: bytes, *, user: str, owner: str) -> bytes:
    writer = PdfWriter(clone_from=BytesIO(data))
    writer.encrypt(user_password=user, owner_password=owner, algorithm="RC4-128")
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


def parse(data: bytes) -> ParsedDocument:
    return PdfParser().parse(data, "doc.pdf")


def page_text(doc: ParsedDocument, index: int) -> str:
    assert doc.pages is not None
    start, end = doc.pages[index]
    return doc.text[start:end]


# ---------------------------------------------------------------------------------------------
# Pages


def test_registry_routes_pdf_to_the_pdf_parser() -> None:
    assert isinstance(parser_for("Spec.PDF"), PdfParser)


def test_pages_hold_the_offsets_of_each_pages_text_joined_by_a_blank_line() -> None:
    doc = parse(build_pdf([("First page\nsecond line", None), ("Second page", None), ("Third page", None)]))
    assert doc.kind == "pdf"
    assert doc.pages is not None and len(doc.pages) == 3
    assert [page_text(doc, i) for i in range(3)] == ["First page\nsecond line", "Second page", "Third page"]
    assert doc.text == PAGE_SEPARATOR.join(["First page\nsecond line", "Second page", "Third page"])
    assert doc.first_line == 1  # lines of a PDF count lines of the extracted text
    assert doc.flags == ()


def test_an_empty_page_keeps_its_place_so_later_pages_keep_their_numbers() -> None:
    doc = parse(build_pdf([("One", None), ("", None), ("Three", None)]))
    assert doc.pages is not None
    assert page_text(doc, 1) == ""
    assert page_text(doc, 2) == "Three"
    chunks = chunk_document(doc, ChunkConfig())
    assert [(c.text, c.page) for c in chunks] == [("One", 1), ("Three", 3)]


def test_chunks_never_cross_a_page_and_carry_their_page_number() -> None:
    doc = parse(build_pdf([("alpha " * 30, None), ("beta " * 30, None)]))
    chunks = chunk_document(doc, ChunkConfig(chunk_size=2000, chunk_overlap=0))
    assert [c.page for c in chunks] == [1, 2]
    assert "beta" not in chunks[0].text and "alpha" not in chunks[1].text


# ---------------------------------------------------------------------------------------------
# Outline


def test_outline_entries_start_at_their_titles_line_on_the_right_page() -> None:
    base = build_pdf(
        [
            ("Contents\n1 Scope 2\n2 Terms 3", None),
            ("Preamble text\n1 Scope\nThe scope.\n1.1 Detail\nMore detail.", None),
            ("2 Terms\nSome terms.", None),
        ]
    )
    doc = parse(with_outline(base, [("Scope", 1, None), ("1.1 Detail", 1, 0), ("Terms", 2, None)]))
    assert [(e.level, e.title, e.source) for e in doc.outline] == [
        (1, "Scope", "pdf_outline"),
        (2, "1.1 Detail", "pdf_outline"),
        (1, "Terms", "pdf_outline"),
    ]
    # The title's line, not the table of contents on page 1 nor the start of page 2.
    assert [doc.text[e.start : e.start + 10] for e in doc.outline] == ["1 Scope\nTh", "1.1 Detail", "2 Terms\nSo"]
    assert doc.pages is not None
    assert doc.outline[0].start > doc.pages[1][0]
    assert doc.outline[2].start == doc.pages[2][0]


def test_sections_follow_the_outline_alone_with_nested_paths() -> None:
    base = build_pdf([("Intro", None), ("1 Scope\nThe scope.\n1.1 Detail\nMore.", None), ("2 Terms\nX", None)])
    doc = parse(with_outline(base, [("Scope", 1, None), ("Detail", 1, 0), ("Terms", 2, None)]))
    assert [(s.path, doc.text[s.start : s.end].strip()) for s in doc.sections] == [
        ((), "Intro"),
        (("Scope",), "1 Scope\nThe scope."),
        (("Scope", "Detail"), "1.1 Detail\nMore."),
        (("Terms",), "2 Terms\nX"),
    ]
    heading = doc.sections[1]
    assert doc.text[heading.start : heading.heading_end] == "1 Scope"


def test_an_entry_whose_title_is_not_on_its_page_starts_at_the_page() -> None:
    base = build_pdf([("Cover", None), ("Nothing here matches", None)])
    doc = parse(with_outline(base, [("Appendix Z", 1, None)]))
    assert doc.pages is not None
    assert doc.outline[0].start == doc.pages[1][0]
    section = doc.sections[-1]
    assert section.path == ("Appendix Z",) and section.heading_end == section.start


def test_outline_of_a_real_pdflatex_file_lands_on_its_pages() -> None:
    doc = parse((FIXTURES / "pdflatex-outline.pdf").read_bytes())
    assert doc.pages is not None
    page_of = [next(i + 1 for i, (s, e) in enumerate(doc.pages) if s <= entry.start <= e) for entry in doc.outline]
    assert [e.title for e in doc.outline] == ["Foo", "Bar", "Baz"] * 3
    assert page_of == [2, 2, 2, 2, 3, 3, 3, 4, 4]
    # Each entry found its numbered heading line ("1 Foo" ... "9 Baz"), not the contents page.
    assert [doc.text[e.start : doc.text.index("\n", e.start)] for e in doc.outline] == [
        f"{n} {t}" for n, t in enumerate(["Foo", "Bar", "Baz"] * 3, start=1)
    ]


def test_outline_deeper_than_nine_levels_keeps_the_text_and_is_flagged_truncated() -> None:
    base = build_pdf([("Deep", None)])
    chain = [(f"Level {i}", 0, None if i == 1 else i - 2) for i in range(1, 12)]  # 11 levels
    doc = parse(with_outline(base, chain))
    assert max(e.level for e in doc.outline) == 9
    assert len(doc.outline) == 9
    assert doc.flags == (DocumentFlag("truncated", count=2),)
    assert doc.text == "Deep"


def test_outline_past_the_entry_bound_is_flagged_with_the_entries_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf, "MAX_OUTLINE_ENTRIES", 3)
    base = build_pdf([("A\nB\nC\nD\nE", None)])
    doc = parse(with_outline(base, [(t, 0, None) for t in "ABCDE"]))
    assert [e.title for e in doc.outline] == ["A", "B", "C"]
    assert doc.flags == (DocumentFlag("truncated", count=2),)


def test_an_outline_exactly_at_the_entry_bound_is_not_truncated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf, "MAX_OUTLINE_ENTRIES", 3)
    doc = parse(with_outline(build_pdf([("A\nB\nC", None)]), [(t, 0, None) for t in "ABC"]))
    assert len(doc.outline) == 3 and doc.flags == ()


def test_the_outline_bounds_are_the_specs() -> None:
    assert (pdf.MAX_OUTLINE_ENTRIES, pdf.MAX_OUTLINE_DEPTH, pdf.SCANNED_PAGE_MAX_CHARS) == (10_000, 9, 200)


# ---------------------------------------------------------------------------------------------
# Scanned pages


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ([True, True, False], True),
        ([True, False], False),  # exactly half is not flagged
        ([True, True, False, False], False),
        ([True, True, True, False, False], True),
        ([True], True),
        ([False], False),
        ([], False),
    ],
)
def test_more_than_half_the_pages_make_a_document_probably_scanned(flags: list[bool], expected: bool) -> None:
    assert is_probably_scanned(flags) is expected


def test_a_page_counts_as_scanned_with_an_image_and_under_200_characters() -> None:
    assert page_counts_as_scanned(True, "x" * 199)
    assert not page_counts_as_scanned(True, "x" * 200)
    assert not page_counts_as_scanned(False, "")
    assert page_counts_as_scanned(True, "  " + "x" * 199 + "\n\n")  # surrounding whitespace is not text


def test_more_than_half_scanned_pages_flag_the_pdf_and_keep_its_text() -> None:
    doc = parse(build_pdf([("Page 1 of a scan", "xobject"), ("Page 2", "inline"), (LONG, None)]))
    assert doc.flags == (DocumentFlag("probably_scanned"),)
    assert "Page 1 of a scan" in doc.text and LONG.strip() in doc.text


def test_exactly_half_scanned_pages_is_not_flagged() -> None:
    assert parse(build_pdf([("Short", "xobject"), (LONG, None)])).flags == ()
    assert parse(build_pdf([("a", "xobject"), ("b", "inline"), (LONG, None), (LONG, "xobject")])).flags == ()


def test_an_image_inside_a_form_counts_and_long_text_beside_an_image_does_not() -> None:
    scanned = (DocumentFlag("probably_scanned"),)
    assert parse(build_pdf([("Form page", "form"), ("Also short", "xobject")])).flags == scanned
    assert parse(build_pdf([(LONG, "xobject"), (LONG, "xobject")])).flags == ()


def test_a_page_whose_images_cannot_be_read_counts_as_holding_one() -> None:
    class BrokenPage:
        def get(self, key: str) -> object:
            raise ValueError("damaged resources")

    assert pdf._page_has_image(BrokenPage()) is True


def test_scanned_wins_over_a_truncated_outline() -> None:
    base = build_pdf([("Scan", "xobject")])
    chain = [(f"L{i}", 0, None if i == 1 else i - 2) for i in range(1, 12)]
    assert parse(with_outline(base, chain)).flags == (DocumentFlag("probably_scanned"),)


def test_a_real_image_only_pdf_is_flagged_probably_scanned() -> None:
    doc = parse((FIXTURES / "imagemagick-images.pdf").read_bytes())
    assert doc.flags == (DocumentFlag("probably_scanned"),)


# ---------------------------------------------------------------------------------------------
# No text, passwords, damaged and hostile files


def test_a_pdf_with_no_text_at_all_is_no_text_even_when_scanned() -> None:
    with pytest.raises(NoTextError):
        parse(build_pdf([("", "xobject"), ("", "inline")]))
    with pytest.raises(NoTextError):
        parse(b"")


def test_a_password_protected_pdf_is_refused_with_a_clear_reason() -> None:
    data = encrypted(build_pdf([("Secret", None)]), user="open-sesame", owner="owner")
    with pytest.raises(ParseError, match="^password-protected PDF: "):
        parse(data)
    with pytest.raises(ParseError, match="^password-protected PDF: "):
        parse((FIXTURES / "libreoffice-writer-password.pdf").read_bytes())


def test_a_pdf_encrypted_with_an_owner_password_only_opens() -> None:
    data = encrypted(build_pdf([("Readable by anyone", None)]), user="", owner="owner")
    assert parse(data).text == "Readable by anyone"


@pytest.mark.parametrize(
    "data",
    [
        b"not a pdf at all",
        b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog",  # cut off
    ],
)
def test_a_damaged_pdf_is_a_parse_error(data: bytes) -> None:
    with pytest.raises(ParseError):
        parse(data)


def _one_page(content_obj: bytes, *, pages: bytes | None = None, contents_ref: int = 4) -> bytes:
    return raw_pdf(
        {
            1: b"<< /Type /Catalog /Pages 2 0 R >>",
            2: pages or b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>" % contents_ref,
            4: content_obj,
            5: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        }
    )


def test_a_page_tree_that_loops_is_a_parse_error() -> None:
    data = _one_page(
        _stream(b"BT /F1 9 Tf 9 9 Td (Hi) Tj ET"), pages=b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>"
    )
    with pytest.raises(ParseError):
        parse(data)


def test_a_stream_past_pypdfs_declared_length_limit_is_a_parse_error() -> None:
    data = _one_page(b"<< /Length 80000000 >>\nstream\nBT ET\nendstream")
    with pytest.raises(ParseError, match="resource limit"):
        parse(data)


def test_a_compression_bomb_is_a_parse_error() -> None:
    bomb = zlib.compress(b"\x00" * 100_000_000, 9)
    with pytest.raises(ParseError, match="resource limit"):
        parse(_one_page(_stream(bomb, b"/Filter /FlateDecode ")))


def test_objects_nested_past_the_recursion_limit_are_a_parse_error() -> None:
    data = _one_page(b"[" * 100_000 + b"]" * 100_000)
    with pytest.raises(ParseError, match="too deeply"):
        parse(data)
