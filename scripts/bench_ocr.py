"""OCR quality and speed on real PDFs: character error rate against the text layer, pages per second.

Pages that HAVE a text layer are rendered at each dpi, OCRed, and compared with their own text
layer (whitespace-normalised; character error rate = edit distance / reference length). Then
the PDFs with no text layer (scanned or image-only) are listed and OCRed, to show text comes
back from them. Needs the ocr extra (pip install 'stratakb[ocr]').

    python scripts/bench_ocr.py                      # the default page set, 150 and 300 dpi
    python scripts/bench_ocr.py --dpi 300 --max-pages 4 --threads 2
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "pdf-samples"  # beside the checkout
# (file under the corpus, 1-based pages): text-layer pages of several producers and layouts
TEXT_PAGES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("sample-files/minimal-document.pdf", (1,)),
    ("sample-files/002-trivial-libre-office-writer.pdf", (1,)),
    ("sample-files/pdflatex-4-pages.pdf", (1, 2)),
    ("sample-files/pdflatex-outline.pdf", (2,)),
    ("sample-files/crazyones-pdfa.pdf", (1,)),
    ("sample-files/google-doc-document.pdf", (1,)),
    ("pypdf/GeoBase_NHNC1_Data_Model_UML_EN.pdf", (3, 5)),
    ("sample-files/multicolumn.pdf", (1,)),  # a title over two columns with a narrow gutter, and a page number
)
NO_TEXT_MAX_CHARS = 20
# scanned book and scanner pages whose text layer is an older OCR's output (see the corpus README)
SCANS: tuple[tuple[str, int], ...] = (
    ("pypdf/Seige_of_Vicksburg_Sample_OCR.pdf", 1),
    ("pypdf/indirect-rotation.pdf", 1),
    ("pypdf/issue-301.pdf", 1),
)  # a PDF whose text layer holds fewer characters than this has none


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance, Myers' bit-parallel algorithm (Hyyrö's form): O(len(a) * len(b) / word)."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq: dict[str, int] = {}
    for i, ch in enumerate(b):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    full = (1 << m) - 1
    top = 1 << (m - 1)
    pv, mv, score = full, 0, m
    for ch in a:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | ~(xh | pv)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = (mh | ~(xv | ph)) & full
        mv = ph & xv & full
    return score


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def cer(reference: str, hypothesis: str) -> float:
    ref, hyp = normalise(reference), normalise(hypothesis)
    return edit_distance(ref, hyp) / max(len(ref), 1)


def text_layer(path: Path, page: int) -> str:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path)
    try:
        return pdf[page - 1].get_textpage().get_text_range()
    finally:
        pdf.close()


def regions(path: Path, page: int, dpi: int) -> str:
    """How OCR reads the rendered page: whole, or in regions because it found columns."""
    import numpy as np
    import pypdfium2 as pdfium

    from stratakb_core.ingest.parsing.ocr_columns import page_regions

    pdf = pdfium.PdfDocument(path)
    try:
        found = page_regions(np.asarray(pdf[page - 1].render(scale=dpi / 72).to_pil().convert("L")))
    finally:
        pdf.close()
    return "whole page" if found is None else f"{len(found)} regions (columns found)"


def text_layer_chars(path: Path) -> int | None:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(path)
    except pdfium.PdfiumError:
        return None  # encrypted or broken: not a scan question
    try:
        return sum(len(pdf[i].get_textpage().get_text_range().strip()) for i in range(len(pdf)))
    finally:
        pdf.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, action="append", help="dpi to measure (repeatable; default 150 and 300)")
    parser.add_argument("--max-pages", type=int, default=None, help="measure at most this many text pages")
    parser.add_argument("--threads", type=int, default=2, help="onnxruntime threads (default 2)")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--scans-only", action="store_true", help="only the scanned and image-only PDFs")
    args = parser.parse_args(argv)
    from stratakb_core.ingest.parsing.ocr import ocr_available, ocr_pdf_pages

    if not ocr_available():
        print("OCR is not installed: pip install 'stratakb[ocr]'", file=sys.stderr)
        return 2
    if args.scans_only:
        return scans(args.corpus, args.threads)
    dpis = args.dpi or [150, 300]
    work = [(args.corpus / f, p) for f, pages in TEXT_PAGES for p in pages][: args.max_pages]
    ocr_pdf_pages(work[0][0], [work[0][1]], dpi=72, threads=args.threads)  # load the models outside the timing
    print(f"{'dpi':>4} {'pages':>5} {'ref chars':>9} {'edits':>6} {'CER':>6} {'pages/s':>8}  (threads={args.threads})")
    per_page: list[tuple[int, str, int, float, float, str]] = []
    for dpi in dpis:
        edits = chars = 0
        start = time.perf_counter()
        for path, page in work:
            began = time.perf_counter()
            hyp = ocr_pdf_pages(path, [page], dpi=dpi, threads=args.threads)[0].text
            took = time.perf_counter() - began
            ref = normalise(text_layer(path, page))
            dist = edit_distance(ref, normalise(hyp))
            edits, chars = edits + dist, chars + len(ref)
            layout = regions(path, page, dpi)
            per_page.append((dpi, f"{path.name} p{page}", len(ref), dist / max(len(ref), 1), took, layout))
        elapsed = time.perf_counter() - start
        print(f"{dpi:>4} {len(work):>5} {chars:>9} {edits:>6} {100 * edits / chars:>5.2f}% {len(work) / elapsed:>8.2f}")
    print("\nper page (dpi, page, reference chars, CER, seconds to OCR, layout):")
    for dpi, name, n, rate, took, layout in per_page:
        print(f"  {dpi:>4} {name:<45} {n:>6} {100 * rate:>6.2f}% {took:>6.1f}s  {layout}")
    return scans(args.corpus, args.threads)


def scans(corpus: Path, threads: int) -> int:
    """OCR the scanned pages (compared with their old OCR layer) and every PDF with no text layer."""
    from stratakb_core.ingest.parsing.ocr import ocr_pdf_pages

    print("\nscanned pages at 300 dpi, against the OCR text layer they carry (itself noisy):")
    for name, page in SCANS:
        path = corpus / name
        hyp = ocr_pdf_pages(path, [page], dpi=300, threads=threads)[0].text
        ref = text_layer(path, page)
        text = normalise(hyp)
        print(f"  {name} p{page}: {len(text)} chars, difference {100 * cer(ref, hyp):.1f}%: {text[:60]!r}")
    print(f"\nPDFs without a text layer (< {NO_TEXT_MAX_CHARS} characters), OCRed at 150 dpi:")
    for path in sorted(corpus.rglob("*.pdf")):
        chars = text_layer_chars(path)
        if chars is None or chars >= NO_TEXT_MAX_CHARS:
            continue
        pages = ocr_pdf_pages(path, None, dpi=150, threads=threads)
        text = normalise(" ".join(p.text for p in pages))
        lines = sum(len(p.lines) for p in pages)
        print(
            f"  {path.relative_to(corpus)}: {len(pages)} page(s), text layer {chars} chars, OCR {lines} lines, "
            f"{len(text)} chars: {text[:70]!r}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
