"""Make tests/fixtures/scanned-memo.pdf: two pages of known text rendered to images (PIL), saved
as an image-only PDF (no text layer), as a scanner would; and scanned-memo.png, page 1 alone.

    python scripts/make_scanned_fixture.py
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
PAGES = (
    ("Cooling Plant Maintenance Memo",
     "The cooling pump P-17 must be inspected every 90 days.",
     "Record each inspection in the plant log with the date.",
     "Replace the pump seal when the leak rate exceeds 2 drops per minute."),
    ("Escalation",
     "If the pump P-17 stops, call the duty engineer within 15 minutes.",
     "The backup pump P-18 starts automatically after 30 seconds."),
)
DPI = 150


def page(lines: tuple[str, ...]) -> Image.Image:
    width, height = int(8.27 * DPI), int(11.69 * DPI)  # A4
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)
    title = ImageFont.truetype(FONT, 40)
    body = ImageFont.truetype(FONT, 28)
    y = 160
    for i, line in enumerate(lines):
        draw.text((120, y), line, fill=0, font=title if i == 0 else body)
        y += 90 if i == 0 else 60
    return image


def main() -> None:
    images = [page(p) for p in PAGES]
    images[0].save(OUT / "scanned-memo.pdf", save_all=True, append_images=images[1:], resolution=DPI)
    images[0].save(OUT / "scanned-memo.png")


if __name__ == "__main__":
    main()
