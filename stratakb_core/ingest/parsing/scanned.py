"""Scanned text: image files as a format, and the OCR parse of PDFs and images (runs the OCR models; no file I/O).

An image (PNG, JPEG, TIFF) has no text but what OCR reads, so ``ImageParser.parse`` raises
NoTextError saying so, and ``parse_with_ocr`` is the parse that reads it. For a PDF,
``parse_with_ocr`` is the ordinary PDF parse with the pages that have no text layer, or that
the scanned rule flags, read by OCR (``ocr_pdf_pages``, rendered at ``STRATA_OCR_DPI``, 300 by
default). Either way the document's ``text_origin`` is "ocr" and ``ocr_pages`` names the pages
OCR read; an image is one page. Lines come in page and reading order (``ocr.reading_order``).

The ingest runs ``parse_with_ocr`` in a sandbox of its own (longer time limit, more memory:
``ingest/sandbox.py``), and only for files the ordinary parse found scanned pages in.
"""

from __future__ import annotations

import io
import os
import posixpath
from typing import Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.headings import sections_from_headings
from stratakb_core.ingest.parsing.ocr import DEFAULT_DPI, MAX_DPI, OcrPage, ocr_image, ocr_pdf_pages
from stratakb_core.ingest.parsing.pdf import parse_pdf
from stratakb_core.values import ParsedDocument

__all__ = ["IMAGE_EXTENSIONS", "NEEDS_OCR", "ImageParser", "needs_ocr", "ocr_dpi", "page_text", "parse_with_ocr"]

IMAGE_EXTENSIONS: Final = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
NEEDS_OCR: Final = "an image: its text can only be read by OCR"
OCR_THREADS: Final = 2


class ImageParser:
    """PNG, JPEG and TIFF images: text only through OCR (``parse_with_ocr``)."""

    kind: str = "image"
    extensions: tuple[str, ...] = IMAGE_EXTENSIONS

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        if not data.strip():
            raise NoTextError("the file is empty")
        raise NoTextError(NEEDS_OCR)


def _extension(rel_path: str) -> str:
    return posixpath.splitext(rel_path.replace("\\", "/"))[1].lower()


def needs_ocr(rel_path: str, doc: ParsedDocument | None) -> bool:
    """Whether OCR could add text: an image, a PDF with no text (doc None), or one with scanned pages."""
    ext = _extension(rel_path)
    if ext in IMAGE_EXTENSIONS:
        return True
    if ext != ".pdf":
        return False
    return doc is None or bool(doc.scanned_pages)


def page_text(page: OcrPage) -> str:
    """A page's lines in reading order, without lines that hold no letter or digit (specks and
    rules the detector reads as "■" or "_")."""
    return "\n".join(line.text for line in page.lines if any(ch.isalnum() for ch in line.text))


def ocr_dpi() -> int:
    """STRATA_OCR_DPI, or 300; kept within what ``ocr_pdf_pages`` accepts."""
    try:
        dpi = int(os.environ.get("STRATA_OCR_DPI", DEFAULT_DPI))
    except ValueError:
        return DEFAULT_DPI
    return min(max(dpi, 72), MAX_DPI)


def parse_with_ocr(data: bytes, rel_path: str) -> ParsedDocument:
    """The document with its scanned pages (a PDF's) or its picture (an image) read by OCR."""
    ext = _extension(rel_path)
    if ext == ".pdf":
        dpi = ocr_dpi()

        def read_pages(pages: list[int]) -> dict[int, str]:
            return {p.page: page_text(p) for p in ocr_pdf_pages(data, pages, dpi, threads=OCR_THREADS)}

        return parse_pdf(data, ocr=read_pages)
    if ext not in IMAGE_EXTENSIONS:
        raise ParseError(f"OCR reads PDFs and images, not {ext or 'files without an extension'}")
    if not data.strip():
        raise NoTextError("the file is empty")
    page = ocr_image(io.BytesIO(data), threads=OCR_THREADS)  # type: ignore[arg-type]
    text = page_text(page)
    if not text.strip():
        raise NoTextError("OCR read no text in the image")
    return ParsedDocument(text=text, sections=sections_from_headings(text, []), first_line=1,
                          pages=((0, len(text)),), kind="image", text_origin="ocr", ocr_pages=(1,))
