"""Column layout of a page image (ocr_columns): pages drawn in the test, no OCR model involved."""

from __future__ import annotations

from pathlib import Path

# numpy, Pillow and pypdfium2 come with the test extra (pyproject): imported, never skipped
import numpy as np
import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from stratakb_core.ingest.parsing.ocr_columns import page_regions

ROOT = Path(__file__).resolve().parents[2]

TITLE = "Quarterly notes on the harbour project"
LEFT = (
    "The harbour wall was finished in May",
    "after two delays caused by storms and",
    "a late delivery of the steel piles that",
    "the contractor had ordered in March.",
    "Costs rose by four percent over the",
    "budget agreed with the city council.",
)
RIGHT = (
    "The new ferry berth opens in October",
    "once the inspectors have signed off the",
    "fenders and the lighting on the quay.",
    "Passenger numbers are expected to grow",
    "by a third in the first year, and the",
    "operator plans two extra evening trips.",
)


def font(size: int):
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def two_column_page(gutter: int = 30, footer: str | None = None):
    """A full-width title over two columns of six lines; ``gutter`` pixels between the longest left
    line and the right column (30: about 1.3 line heights, LaTeX's 10 pt gutter is about 1.5)."""
    body, big = font(26), font(34)
    col = max(body.getlength(t) for t in LEFT)
    width = int(col + gutter + max(body.getlength(t) for t in RIGHT) + 80)
    image = Image.new("RGB", (width, 480 if footer else 420), "white")
    draw = ImageDraw.Draw(image)
    draw.text(((width - big.getlength(TITLE)) / 2, 30), TITLE, fill="black", font=big)
    for i, (left, right) in enumerate(zip(LEFT, RIGHT, strict=True)):
        draw.text((40, 110 + 44 * i), left, fill="black", font=body)
        draw.text((40 + col + gutter, 110 + 44 * i), right, fill="black", font=body)
    if footer:
        middle = 40 + col + gutter / 2  # in the gutter, as a page number centred under equal columns
        draw.text((middle - body.getlength(footer) / 2, 420), footer, fill="black", font=body)
    return image


def one_column_page():
    """Indented paragraphs, short lines and a borderless table of short cells: one column all the same."""
    body = font(26)
    rows = [
        (40, "Minutes of the harbour board meeting held on the"),
        (40, "third of June, with all members present."),
        (80, "The chair opened the meeting and asked for"),
        (40, "comments on the draft plan."),
        (40, "None."),
        (80, "Item          Quantity          Price"),
        (80, "Piles          120                 4,300"),
        (80, "Fenders      36                   1,150"),
        (80, "Lamps        48                   2,020"),
        (40, "The next meeting is on the first of July."),
    ]
    image = Image.new("RGB", (900, 40 + 44 * len(rows)), "white")
    draw = ImageDraw.Draw(image)
    for i, (x, text) in enumerate(rows):
        draw.text((x, 20 + 44 * i), text, fill="black", font=body)
    return image


def gray(image):
    return np.asarray(image.convert("L"))


def test_a_title_over_two_columns_gives_the_title_then_each_column():
    image = two_column_page()
    regions = page_regions(gray(image))
    assert regions is not None and len(regions) == 3
    title, left, right = regions
    assert title[3] < left[1] and left[1] == right[1]  # the title sits above both columns
    assert left[2] < right[0] and right[0] - left[2] >= 28  # split in the gutter, no text cut
    assert left[0] <= 42 and right[2] >= image.width - 42


def test_a_page_number_in_the_gutter_stays_below_the_columns():
    regions = page_regions(gray(two_column_page(footer="7")))
    assert regions is not None and len(regions) == 4
    *_, left, right, footer = regions
    assert footer[1] > max(left[3], right[3])


def test_a_single_column_page_has_no_gutter():
    assert page_regions(gray(one_column_page())) is None
    assert page_regions(gray(Image.new("RGB", (600, 800), "white"))) is None


def test_a_gutter_wider_than_word_gaps_is_needed():
    # 12 pixels (about half a line height) is a stretched word gap, not a gutter
    assert page_regions(gray(two_column_page(gutter=12))) is None


def test_the_fixture_pdf_pages_are_one_column():
    pdf = pdfium.PdfDocument(ROOT / "tests" / "fixtures" / "pdflatex-outline.pdf")
    try:
        for index in range(len(pdf)):
            for dpi in (150, 300):
                assert page_regions(gray(pdf[index].render(scale=dpi / 72).to_pil())) is None
    finally:
        pdf.close()
