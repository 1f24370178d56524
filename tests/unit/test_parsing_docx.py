"""Word parsing: blocks in document order, heading styles and outline levels, refusals and zip bombs.

Documents are written with python-docx in each test (plus raw XML where Word has constructs
python-docx cannot write); three small real files come from python-docx's and mammoth's test
suites (see tests/fixtures/README.md).
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

import docx
import pytest
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import ooxml, parser_for
from stratakb_core.ingest.parsing.docx_parser import DocxParser
from stratakb_core.values import ChunkConfig, ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def save(document: object) -> bytes:
    out = BytesIO()
    document.save(out)  # type: ignore[attr-defined]
    return out.getvalue()


def parse(data: bytes) -> ParsedDocument:
    return DocxParser().parse(data, "doc.docx")


def set_outline_level(element: object, level: int) -> None:
    """Give a style's or a paragraph's w:pPr a w:outlineLvl (0 is the top, 9 body text)."""
    ppr = element.get_or_add_pPr()  # type: ignore[attr-defined]
    lvl = OxmlElement("w:outlineLvl")
    lvl.set(qn("w:val"), str(level))
    ppr.append(lvl)


def rewrite_part(data: bytes, name: str, transform: Callable[[bytes], bytes]) -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            content = src.read(info)
            dst.writestr(info.filename, transform(content) if info.filename == name else content)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# Blocks in order


def test_registry_routes_docx_to_the_word_parser() -> None:
    assert isinstance(parser_for("Contract.DOCX"), DocxParser)


def test_paragraphs_and_tables_come_in_document_order_separated_by_blank_lines() -> None:
    document = docx.Document()
    document.add_paragraph("Before the table.")
    table = document.add_table(rows=2, cols=3)
    for r, row in enumerate([["Name", "Role", "Since"], ["Ada", "", "1843"]]):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    document.add_paragraph("After the table.")
    doc = parse(save(document))
    assert doc.kind == "docx"
    assert doc.text == "Before the table.\n\nName | Role | Since\nAda |  | 1843\n\nAfter the table."
    assert doc.first_line == 1 and doc.date is None and doc.outline == ()


def test_a_table_nested_in_a_cell_stays_in_order_inside_that_cell() -> None:
    doc = parse((FIXTURES / "blk-paras-and-tables.docx").read_bytes())
    assert doc.text.split("\n\n") == [
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
        "Text before Table Between Text after",
        "Donec semper facilisis metus finibus malesuada.",
    ]


def test_empty_paragraphs_and_empty_tables_add_nothing() -> None:
    document = docx.Document()
    document.add_paragraph("")
    document.add_table(rows=2, cols=2)
    document.add_paragraph("Only text.")
    assert parse(save(document)).text == "Only text."


def test_content_controls_tracked_insertions_and_text_boxes_are_text_deletions_are_not() -> None:
    document = docx.Document()
    p = document.add_paragraph("Kept ")
    p._p.append(parse_xml(f'<w:ins {nsdecls("w")} w:id="1" w:author="a"><w:r><w:t>inserted</w:t></w:r></w:ins>'))
    p._p.append(
        parse_xml(f'<w:del {nsdecls("w")} w:id="2" w:author="a"><w:r><w:delText>deleted</w:delText></w:r></w:del>')
    )
    p._p.append(parse_xml(f"<w:r {nsdecls('w')}><w:instrText> PAGE </w:instrText></w:r>"))  # a field code
    document.element.body.insert(
        len(document.element.body) - 1,
        parse_xml(
            f"<w:sdt {nsdecls('w')}><w:sdtContent><w:p><w:r><w:t>In a content control</w:t></w:r></w:p>"
            "</w:sdtContent></w:sdt>"
        ),
    )
    doc = parse(save(document))
    assert doc.text == "Kept inserted\n\nIn a content control"
    assert parse((FIXTURES / "text-box.docx").read_bytes()).text == "Datum plane"


def test_paragraph_breaks_let_the_chunker_cut_between_paragraphs() -> None:
    document = docx.Document()
    for i in range(6):
        document.add_paragraph(f"Paragraph {i}. " + "words " * 60)
    doc = parse(save(document))
    for chunk in chunk_document(doc, ChunkConfig(chunk_size=800, chunk_overlap=0)):
        assert chunk.text.startswith("Paragraph ") and chunk.text.endswith("words")


# ---------------------------------------------------------------------------------------------
# Headings


def test_heading_styles_become_outline_entries_and_nested_sections() -> None:
    document = docx.Document()
    document.add_paragraph("Preface.")
    document.add_heading("Scope", level=1)
    document.add_paragraph("Scope text.")
    document.add_heading("Details", level=2)
    document.add_paragraph("Detail text.")
    document.add_heading("Terms", level=1)
    doc = parse(save(document))
    assert [(e.level, e.title, e.source) for e in doc.outline] == [
        (1, "Scope", "docx_style"),
        (2, "Details", "docx_style"),
        (1, "Terms", "docx_style"),
    ]
    assert [doc.text[e.start : e.start + len(e.title)] for e in doc.outline] == ["Scope", "Details", "Terms"]
    assert [(s.path, doc.text[s.start : s.end].strip()) for s in doc.sections] == [
        ((), "Preface."),
        (("Scope",), "Scope\n\nScope text."),
        (("Scope", "Details"), "Details\n\nDetail text."),
        (("Terms",), "Terms"),
    ]
    assert all(s.heading_end == s.start + len(s.heading) for s in doc.sections if s.heading)


def test_a_style_with_an_outline_level_is_a_heading_also_through_based_on_styles() -> None:
    document = docx.Document()
    clause = document.styles.add_style("Clause", WD_STYLE_TYPE.PARAGRAPH)
    set_outline_level(clause.element, 2)  # level 3
    sub = document.styles.add_style("Sub Clause", WD_STYLE_TYPE.PARAGRAPH)
    sub.base_style = clause  # no outline level of its own
    custom_h2 = document.styles.add_style("Fancy Heading", WD_STYLE_TYPE.PARAGRAPH)
    custom_h2.base_style = document.styles["Heading 2"]
    body = document.styles.add_style("Body Outline", WD_STYLE_TYPE.PARAGRAPH)
    set_outline_level(body.element, 9)  # "body text": not a heading
    document.add_paragraph("Clause title", style="Clause")
    document.add_paragraph("Sub clause title", style="Sub Clause")
    document.add_paragraph("Fancy title", style="Fancy Heading")
    document.add_paragraph("Body paragraph", style="Body Outline")
    document.add_paragraph("Title styled", style="Title")
    doc = parse(save(document))
    assert [(e.level, e.title) for e in doc.outline] == [
        (3, "Clause title"),
        (3, "Sub clause title"),
        (2, "Fancy title"),
    ]


def test_a_heading_style_without_an_outline_level_is_found_by_its_name() -> None:
    document = docx.Document()
    heading3 = document.styles["Heading 3"]
    for lvl in heading3.element.xpath("./w:pPr/w:outlineLvl"):
        lvl.getparent().remove(lvl)
    document.add_paragraph("By name", style="Heading 3")
    assert [(e.level, e.title) for e in parse(save(document)).outline] == [(3, "By name")]


def test_a_paragraphs_own_outline_level_makes_or_unmakes_a_heading() -> None:
    document = docx.Document()
    plain = document.add_paragraph("Direct outline level")
    set_outline_level(plain._p, 0)
    demoted = document.add_heading("Demoted heading", level=1)
    set_outline_level(demoted._p, 9)
    assert [(e.level, e.title) for e in parse(save(document)).outline] == [(1, "Direct outline level")]


def test_a_real_documents_heading_1_is_found() -> None:
    doc = parse((FIXTURES / "par-known-styles.docx").read_bytes())
    assert [(e.level, e.title) for e in doc.outline] == [(1, "Heading 1")]


def test_based_on_styles_that_loop_do_not_hang() -> None:
    document = docx.Document()
    a = document.styles.add_style("Loop A", WD_STYLE_TYPE.PARAGRAPH)
    b = document.styles.add_style("Loop B", WD_STYLE_TYPE.PARAGRAPH)
    a.base_style = b
    b.base_style = a
    document.add_paragraph("Looping style", style="Loop A")
    assert parse(save(document)).outline == ()


# ---------------------------------------------------------------------------------------------
# No text and refusals


def test_a_document_without_text_is_no_text() -> None:
    document = docx.Document()
    document.add_paragraph("   ")
    with pytest.raises(NoTextError):
        parse(save(document))
    with pytest.raises(NoTextError):
        parse(b"")


def test_a_file_that_is_not_a_zip_is_refused() -> None:
    with pytest.raises(ParseError, match="not a zip package"):
        parse(b"\xd0\xcf\x11\xe0 an old binary .doc or a password-protected file")


def test_a_zip_that_is_not_a_word_document_is_refused() -> None:
    out = BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("hello.txt", "hi")
    with pytest.raises(ParseError, match="Word document"):
        parse(out.getvalue())


def test_a_zip_bomb_is_refused_before_python_docx_opens_it() -> None:
    document = docx.Document()
    document.add_paragraph("Small")
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(save(document))) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr("word/media/zeros.bin", b"\x00" * 30_000_000)  # ~30 KB compressed: ratio ~1000
    with pytest.raises(ParseError, match="times its size"):
        parse(out.getvalue())


def test_a_package_past_the_unzipped_size_bound_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    document = docx.Document()
    document.add_paragraph("Small")
    data = save(document)
    monkeypatch.setattr(ooxml, "MAX_UNCOMPRESSED_BYTES", 10_000)
    with pytest.raises(ParseError, match="would unzip to"):
        parse(data)


_BILLION_LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
)
_XXE = b'<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'


@pytest.mark.parametrize("prolog", [_BILLION_LAUGHS, _XXE], ids=["billion-laughs", "xxe"])
def test_xml_parts_that_declare_a_dtd_are_refused(prolog: bytes) -> None:
    document = docx.Document()
    document.add_paragraph("Hello")

    def inject(xml: bytes) -> bytes:
        body = re.sub(rb"^<\?xml[^>]*\?>\s*", b"", xml)
        return prolog + body.replace(b"Hello", b"&lol3;" if prolog is _BILLION_LAUGHS else b"&x;")

    with pytest.raises(ParseError, match="declares a DTD"):
        parse(rewrite_part(save(document), "word/document.xml", inject))


def test_a_dtd_after_a_long_comment_or_in_utf16_is_still_found() -> None:
    document = docx.Document()
    document.add_paragraph("Hello")
    data = save(document)
    padded = rewrite_part(data, "word/styles.xml", lambda x: b"<!--" + b"x" * 50_000 + b"-->" + _XXE + x)
    with pytest.raises(ParseError, match="declares a DTD"):
        parse(padded)
    utf16 = rewrite_part(
        data,
        "word/document.xml",
        lambda x: '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d []>'.encode("utf-16"),
    )
    with pytest.raises(ParseError, match="declares a DTD"):
        parse(utf16)
