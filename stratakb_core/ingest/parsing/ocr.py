"""Offline OCR of scanned PDF pages and images: lines in reading order (I/O: reads files, runs models).

PDF pages are rendered with pypdfium2 and read by RapidOCR (PP-OCR models in ONNX, run by
onnxruntime; the models ship inside the ``rapidocr`` wheel, so nothing is downloaded at run
time). Both come with the optional ``ocr`` extra (``pip install 'stratakb[ocr]'``); importing
this module imports neither, and a call without them raises ``RefusedError`` (code
``ocr_unavailable``) saying which extra to install. The older ``rapidocr_onnxruntime`` package
is used when ``rapidocr`` is missing.

Lines come back in reading order: sorted top to bottom, and lines whose boxes share most of
their height count as one row, read left to right. Columns are found first, in the page image's
whitespace (``ocr_columns``): on a two-column page with a narrow gutter the detector would join a
left and a right line into one box and rows would interleave the columns, so a page with columns
is OCRed region by region (full-width text above and below the columns in place, each column top
to bottom, left column first). A page without columns is OCRed whole, as before; an XY-cut tried
here earlier made table pages worse, which is why the column test asks for aligned, filled lines
of text on both sides of a gutter. Boxes are in pixels of the rendered page (``dpi`` / 72 pixels
per PDF point). The engine is built once per process and per thread count, because loading the
models takes seconds.
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from stratakb_core.errors import ParseError, ReadError, RefusedError
from stratakb_core.ingest.parsing.ocr_columns import Region, page_regions

__all__ = [
    "DEFAULT_DPI",
    "OcrLine",
    "OcrPage",
    "ocr_available",
    "ocr_image",
    "ocr_pdf_pages",
    "reading_order",
]

log = logging.getLogger(__name__)

DEFAULT_DPI: Final = 300
MAX_DPI: Final = 600
MAX_PAGE_PIXELS: Final = 60_000_000  # a 600 dpi A3 page; larger renders are refused, not attempted
_MARGIN: Final = 32  # background pixels around a region OCRed on its own
_MIN_SIDE: Final = 368  # ... on a canvas at least this big: half the 736 pixels RapidOCR enlarges images to
_INSTALL_HINT: Final = "OCR needs the optional ocr extra: pip install 'stratakb[ocr]'"

Box = tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class OcrLine:
    """One recognised line: its text, its four corners in page pixels, and the model's confidence."""

    text: str
    box: Box
    confidence: float

    @property
    def top(self) -> float:
        return min(p[1] for p in self.box)

    @property
    def bottom(self) -> float:
        return max(p[1] for p in self.box)

    @property
    def left(self) -> float:
        return min(p[0] for p in self.box)


@dataclass(frozen=True, slots=True)
class OcrPage:
    """The lines of one page (1-based), in reading order."""

    page: int
    lines: tuple[OcrLine, ...]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


def ocr_available() -> bool:
    """True when the OCR engine and the PDF renderer can be imported."""
    try:
        _engine_class()
        import pypdfium2  # noqa: F401  (probe only)
    except RefusedError:
        return False
    except ImportError:
        return False
    return True


def _engine_class() -> Any:
    try:
        from rapidocr import RapidOCR
    except ImportError:
        try:
            from rapidocr_onnxruntime import RapidOCR
        except ImportError as exc:
            raise RefusedError(_INSTALL_HINT, code="ocr_unavailable") from exc
    return RapidOCR


@functools.lru_cache(maxsize=2)
def _engine(threads: int) -> Any:
    cls = _engine_class()
    if cls.__module__.startswith("rapidocr_onnxruntime"):
        return cls(intra_op_num_threads=threads, use_cls=False)
    params = {
        "Global.log_level": "warning",
        "Global.use_cls": False,  # the line-angle classifier turned whole justified lines upside down
        "Global.max_side_len": 4000,
        "EngineConfig.onnxruntime.intra_op_num_threads": threads,
    }
    return cls(params=params)


def _lines_from(result: Any) -> list[OcrLine]:
    """Lines out of either RapidOCR's result object (3.x) or its list of triples (1.x)."""
    if isinstance(result, tuple):  # rapidocr_onnxruntime: (list of [box, text, score], elapsed)
        triples = result[0] or []
    else:
        if result is None or result.txts is None:
            return []
        triples = zip(result.boxes, result.txts, result.scores, strict=True)
    lines = []
    for box, text, score in triples:
        corners = tuple((float(x), float(y)) for x, y in box)
        if text and text.strip():
            lines.append(OcrLine(str(text).strip(), corners, float(score)))  # type: ignore[arg-type]
    return lines


def reading_order(lines: Iterable[OcrLine]) -> tuple[OcrLine, ...]:
    """Top to bottom; lines sharing most of their height form a row, read left to right."""
    rows: list[list[OcrLine]] = []
    for line in sorted(lines, key=lambda ln: (ln.top, ln.left)):
        if rows:
            row = rows[-1]
            top = min(ln.top for ln in row)
            bottom = max(ln.bottom for ln in row)
            overlap = min(bottom, line.bottom) - max(top, line.top)
            if overlap > 0.5 * min(bottom - top, line.bottom - line.top):
                row.append(line)
                continue
        rows.append([line])
    return tuple(line for row in rows for line in sorted(row, key=lambda ln: ln.left))


def _shifted(line: OcrLine, dx: float, dy: float) -> OcrLine:
    box = tuple((x + dx, y + dy) for x, y in line.box)
    return OcrLine(line.text, box, line.confidence)  # type: ignore[arg-type]


def _region_lines(page: Any, region: Region, background: tuple[int, ...], threads: int) -> tuple[OcrLine, ...]:
    """OCR one region of the page, pasted with a margin on a canvas of the page's background.

    Boxes come back in page pixels. RapidOCR enlarges an image whose shorter side is under 736
    pixels to that size; the canvas is padded to at least ``_MIN_SIDE`` so that a one-line region
    is enlarged at most twice: enlarged 7 times a title came back word by word, and padded to 736
    (not enlarged) the lone page number of multicolumn.pdf at 150 dpi was not found.
    """
    import numpy as np
    from PIL import Image

    left, top, right, bottom = region
    width = max(right - left + 2 * _MARGIN, _MIN_SIDE)
    height = max(bottom - top + 2 * _MARGIN, _MIN_SIDE)
    dx, dy = (width - (right - left)) // 2, (height - (bottom - top)) // 2
    canvas = Image.new("RGB", (width, height), background)
    canvas.paste(page.crop(region), (dx, dy))
    lines = _lines_from(_engine(threads)(np.asarray(canvas)[:, :, ::-1]))
    return reading_order(_shifted(line, left - dx, top - dy) for line in lines)


def _run(image: Any, threads: int) -> tuple[OcrLine, ...]:
    import numpy as np

    page = image.convert("RGB")
    array = np.asarray(page)
    regions = page_regions(np.asarray(page.convert("L")))
    if regions is None:  # one column: the whole page at once
        return reading_order(_lines_from(_engine(threads)(array[:, :, ::-1])))  # RapidOCR reads BGR
    background = tuple(int(v) for v in np.median(array[::8, ::8].reshape(-1, 3), axis=0))
    return tuple(line for region in regions for line in _region_lines(page, region, background, threads))


def ocr_image(path: str | Path, *, threads: int = 2) -> OcrPage:
    """OCR one PNG, JPEG or TIFF image (the first frame of a multi-page TIFF) as page 1."""
    _engine_class()
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError as exc:
        raise RefusedError(_INSTALL_HINT, code="ocr_unavailable") from exc
    try:
        with Image.open(path) as image:
            image.load()
            if image.width * image.height > MAX_PAGE_PIXELS:
                raise ParseError(f"{path}: image of {image.width}x{image.height} pixels is too large to OCR")
            return OcrPage(1, _run(image, threads))
    except OSError as exc:
        if isinstance(exc, UnidentifiedImageError):
            raise ParseError(f"{path}: not an image OCR can read ({exc})") from exc
        raise ReadError(f"{path}: cannot read the image ({exc})") from exc


def _open_pdf(source: str | Path | bytes, name: str) -> Any:
    try:
        import pypdfium2 as pdfium
    except ImportError as exc:
        raise RefusedError(_INSTALL_HINT, code="ocr_unavailable") from exc
    try:
        data = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as exc:
        raise ReadError(f"{name}: cannot read the PDF ({exc})") from exc
    try:
        return pdfium.PdfDocument(io.BytesIO(data))
    except pdfium.PdfiumError as exc:
        raise ParseError(f"{name}: PDFium cannot open it ({exc})") from exc


def ocr_pdf_pages(
    source: str | Path | bytes, pages: Sequence[int] | None = None, dpi: int = DEFAULT_DPI, *, threads: int = 2
) -> list[OcrPage]:
    """OCR the given 1-based pages of a PDF (all pages when ``pages`` is None) rendered at ``dpi``."""
    name = "PDF bytes" if isinstance(source, bytes) else str(source)
    if not 36 <= dpi <= MAX_DPI:
        raise ParseError(f"{name}: dpi must be between 36 and {MAX_DPI}, not {dpi}")
    _engine_class()
    pdf = _open_pdf(source, name)
    try:
        count = len(pdf)
        wanted = list(range(1, count + 1)) if pages is None else list(pages)
        bad = [p for p in wanted if not 1 <= p <= count]
        if bad:
            raise ParseError(f"{name}: no page {bad[0]} (the PDF has {count})")
        out = []
        for number in wanted:
            page = pdf[number - 1]
            width, height = page.get_size()
            scale = dpi / 72
            if width * height * scale * scale > MAX_PAGE_PIXELS:
                raise ParseError(f"{name}: page {number} is too large to render at {dpi} dpi")
            image = page.render(scale=scale).to_pil()
            out.append(OcrPage(number, _run(image, threads)))
        return out
    finally:
        pdf.close()
