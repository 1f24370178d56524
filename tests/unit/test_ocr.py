"""OCR: lazy imports, reading order, and real OCR of text drawn in the test (the test extra installs OCR)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from stratakb_core.errors import ParseError
from stratakb_core.ingest.parsing.ocr import OcrLine, reading_order

ROOT = Path(__file__).resolve().parents[2]


def needs_ocr(test):  # the test extra installs the OCR packages: these run (and fail without them)
    return test


def _bench():
    spec = importlib.util.spec_from_file_location("bench_ocr", ROOT / "scripts" / "bench_ocr.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_importing_the_module_loads_neither_engine_nor_renderer():
    code = (
        "import sys, stratakb_core.ingest.parsing.ocr\n"
        "heavy = ('rapidocr', 'rapidocr_onnxruntime', 'pypdfium2', 'cv2', 'onnxruntime')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def _line(text, x, y, h=20, w=100):
    return OcrLine(text, ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), 0.9)


def test_reading_order_is_rows_top_down_then_left_to_right():
    lines = [_line("right", 300, 102), _line("second row", 10, 140), _line("left", 10, 100), _line("title", 10, 20)]
    assert [ln.text for ln in reading_order(lines)] == ["title", "left", "right", "second row"]


def test_edit_distance_matches_the_textbook_table():
    bench = _bench()

    def slow(a, b):
        row = list(range(len(b) + 1))
        for i, ca in enumerate(a, 1):
            prev, row[0] = row[0], i
            for j, cb in enumerate(b, 1):
                prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
        return row[-1]

    pairs = [("kitten", "sitting"), ("", "abc"), ("flaw", "lawn"), ("a" * 70 + "b", "b" + "a" * 70), ("ocr", "0cr  x")]
    for a, b in pairs:
        assert bench.edit_distance(a, b) == slow(a, b)
    assert bench.cer("The  quick\nfox", "The quick fox") == 0.0


@needs_ocr
def test_text_drawn_in_an_image_comes_back(tmp_path):
    from PIL import Image, ImageDraw, ImageFont

    from stratakb_core.ingest.parsing.ocr import ocr_image

    image = Image.new("RGB", (1000, 260), "white")
    draw = ImageDraw.Draw(image)
    try:
        font = ImageFont.truetype("DejaVuSans.ttf", 40)
    except OSError:
        font = ImageFont.load_default(size=40)
    draw.text((30, 40), "Either party may end this", fill="black", font=font)
    draw.text((30, 140), "agreement with 90 days notice.", fill="black", font=font)
    path = tmp_path / "notice.png"
    image.save(path)
    page = ocr_image(path)
    assert [ln.text for ln in page.lines] == ["Either party may end this", "agreement with 90 days notice."]
    assert all(ln.confidence > 0.8 for ln in page.lines)
    assert page.lines[0].top < page.lines[1].top


@needs_ocr
def test_a_pdf_page_with_a_text_layer_reads_back_close_to_it():
    from stratakb_core.ingest.parsing.ocr import ocr_pdf_pages

    bench = _bench()
    pdf = ROOT / "tests" / "fixtures" / "pdflatex-outline.pdf"
    (page,) = ocr_pdf_pages(pdf, [2], dpi=200)
    assert page.page == 2 and page.lines
    assert bench.cer(bench.text_layer(pdf, 2), page.text) < 0.05


@needs_ocr
def test_bad_input_gets_a_clear_error(tmp_path):
    from stratakb_core.ingest.parsing.ocr import ocr_image, ocr_pdf_pages

    pdf = ROOT / "tests" / "fixtures" / "pdflatex-outline.pdf"
    with pytest.raises(ParseError, match="no page 9"):
        ocr_pdf_pages(pdf, [9])
    not_pdf = tmp_path / "x.pdf"
    not_pdf.write_text("hello")
    with pytest.raises(ParseError, match="x.pdf"):
        ocr_pdf_pages(not_pdf)
    with pytest.raises(ParseError, match="x.pdf"):
        ocr_image(not_pdf)


@needs_ocr
def test_two_columns_under_a_title_read_column_by_column(tmp_path):
    from stratakb_core.ingest.parsing.ocr import ocr_image
    from tests.unit.test_ocr_columns import LEFT, RIGHT, TITLE, two_column_page

    path = tmp_path / "two-columns.png"
    two_column_page(gutter=30).save(path)  # read whole, its rows interleave the two columns
    page = ocr_image(path)
    assert [ln.text for ln in page.lines] == [TITLE, *LEFT, *RIGHT]
    left, right = page.lines[1 : 1 + len(LEFT)], page.lines[1 + len(LEFT) :]
    assert max(ln.left for ln in left) < min(ln.left for ln in right)  # boxes in page pixels
    assert [ln.top for ln in right] == sorted(ln.top for ln in right)


@needs_ocr
def test_a_single_column_page_is_read_whole_as_before(tmp_path, monkeypatch):
    from stratakb_core.ingest.parsing import ocr
    from tests.unit.test_ocr_columns import one_column_page

    seen = []
    engine = ocr._engine(2)

    def spy(threads):
        def run(array):
            seen.append(array.shape)
            return engine(array)

        return run

    monkeypatch.setattr(ocr, "_engine", spy)
    path = tmp_path / "one-column.png"
    image = one_column_page()
    image.save(path)
    page = ocr.ocr_image(path)
    assert seen == [(image.height, image.width, 3)]  # one call on the whole page, as without column detection
    assert page.lines[0].text.startswith("Minutes of the harbour") and page.lines[-1].text.endswith("first of July.")
    words = ("Minutes", "third of June", "The chair", "draft plan", "None.", "Item", "Piles", "Fenders", "Lamps")
    assert [page.text.index(w) for w in words] == sorted(page.text.index(w) for w in words)  # row by row
