"""Column layout of a rendered page, found in its whitespace (pure numpy; no I/O, no models).

RapidOCR finds text lines, not columns: on a two-column page with a narrow gutter its detector
joins a left and a right line into one box, and lines of both columns that share a row are read
left to right, so the columns interleave. This module finds the gutters first, on the page image,
so that each column can be OCRed on its own (``ocr.py``).

Hand-written because nothing installed here does it offline: RapidOCR has no layout step,
OpenCV has no column finder, and the layout-analysis models (PP-Structure, LayoutParser, ...)
are neither installed nor downloadable at run time. A whitespace projection over the binarised
page is a few dozen lines of numpy:

1. rows holding ink form bands (a text line, or lines of two columns that overlap in height);
2. consecutive bands are grouped while a vertical strip of background, at least
   ``MIN_GUTTER`` line heights wide and inside the group's ink, runs through all of them;
   (a band with ink only inside the gutter, such as a centred page number, ends the group);
3. a group is a column group only if text sits on both sides of the gutter over at least
   ``MIN_ROWS`` line heights, every column is at least ``MIN_COLUMN`` of the group's width, the
   lines fill their column (``MIN_FILL``), most rows start right at the gutter's edge
   (``MIN_ALIGNED``) and every column holds lines of text, not a picture (``MIN_LINES``). Word
   gaps, indentation and short lines leave no such strip; tables (narrow, sparsely filled or
   unaligned cells) and figures beside text fail the other tests;
4. bands outside column groups (a title above the columns, a footer below) stay full width.

A page with no column group gets ``None`` back, and is OCRed whole, exactly as before.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["INK_LEVEL", "Region", "line_height", "page_regions"]

Region = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), in page pixels

INK_LEVEL: Final = 160  # a grey level below this is ink (pages render black on white, anti-aliased)
# "line height" (``unit``) is the median height of a line's ink: about the x-height plus an
# ascender, 30 px for 10 pt text at 300 dpi. Measured on multicolumn.pdf at 72 to 400 dpi, LaTeX's
# 10 pt gutter is 1.45-1.57 of them and word gaps in its justified lines 0.5-0.9 (up to 2 after a
# full stop), so a gutter must also run down several lines, where word gaps do not line up.
MIN_GUTTER: Final = 1.0  # the gutter is at least this many line heights wide
MIN_ROWS: Final = 5.0  # text on both sides of the gutter over at least this many line heights
MIN_COLUMN: Final = 0.2  # each column is at least this share of the column group's width
MIN_FILL: Final = 0.6  # the median line spans at least this share of its column's width
MAX_INDENT: Final = 0.3  # a column's line starts within this many line heights of the gutter's edge ...
MIN_ALIGNED: Final = 0.6  # ... in at least this share of the rows with text on both sides
MAX_LINE: Final = 3.0  # a run of inked rows up to this many line heights high is a line of text
MIN_LINES: Final = 3  # each column holds at least this many of them (a picture beside text does not)


def _runs(mask: Any) -> list[tuple[int, int]]:
    """(start, end) of each run of True in a 1-D boolean array, end exclusive."""
    import numpy as np

    edges = np.diff(np.concatenate(([0], mask.astype(np.int8), [0])))
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(), strict=True))


def line_height(ink: Any) -> float:
    """Median height of the runs of inked rows in eight vertical strips (a strip seldom spans a gutter)."""
    import numpy as np

    width = ink.shape[1]
    heights = []
    for k in range(8):
        strip = ink[:, k * width // 8 : (k + 1) * width // 8]
        heights += [end - start for start, end in _runs(strip.any(axis=1))]
    return float(np.median(heights)) if heights else 0.0


class _Band:
    """Rows ``top:bottom`` holding ink; ``blank`` is True for the x where the band has none."""

    __slots__ = ("blank", "bottom", "left", "right", "top")

    def __init__(self, ink: Any, top: int, bottom: int) -> None:
        import numpy as np

        self.top, self.bottom = top, bottom
        self.blank = ~ink[top:bottom].any(axis=0)
        inked = np.flatnonzero(~self.blank)
        self.left, self.right = int(inked[0]), int(inked[-1]) + 1


def _gaps(blank: Any, left: int, right: int, min_width: float) -> list[tuple[int, int]]:
    """Runs of background at least ``min_width`` wide strictly inside ``left:right``."""
    return [(left + a, left + b) for a, b in _runs(blank[left:right]) if b - a >= min_width]


def _text_rows(ink: Any, top: int, bottom: int, column: tuple[int, int], unit: float) -> bool:
    """True when the column holds lines of text there: several line-high runs of inked rows, mostly."""
    runs = [end - start for start, end in _runs(ink[top:bottom, column[0] : column[1]].any(axis=1))]
    lines = [h for h in runs if h <= MAX_LINE * unit]
    return len(lines) >= MIN_LINES and sum(lines) >= 0.5 * sum(runs)


def _columns(ink: Any, bands: list[_Band], gutters: list[tuple[int, int]], unit: float) -> list[tuple[int, int]] | None:
    """The columns the gutters cut the bands into, or None when the group does not read as columns."""
    import numpy as np

    left, right = min(b.left for b in bands), max(b.right for b in bands)
    edges = [left, *(x for gap in gutters for x in gap), right]
    columns = [(edges[i], edges[i + 1]) for i in range(0, len(edges), 2)]
    if min(b - a for a, b in columns) < MIN_COLUMN * (right - left):
        return None
    both_sides = rows = 0
    aligned = [0] * len(gutters)  # rows whose text starts right where the gutter ends
    fills: list[list[float]] = [[] for _ in columns]
    for band in bands:
        starts = []
        for k, (a, b) in enumerate(columns):
            xs = np.flatnonzero(~band.blank[a:b])
            if xs.size:
                starts.append(a + int(xs[0]))
                fills[k].append((xs[-1] + 1 - xs[0]) / (b - a))
        if len(starts) < len(columns):
            continue
        both_sides, rows = both_sides + 1, rows + band.bottom - band.top
        for k, (_, end) in enumerate(gutters):
            aligned[k] += starts[k + 1] - end <= MAX_INDENT * unit
    if rows < MIN_ROWS * unit or min(aligned) < MIN_ALIGNED * both_sides:
        return None
    if any(not f or float(np.median(f)) < MIN_FILL for f in fills):
        return None
    top, bottom = bands[0].top, bands[-1].bottom
    return columns if all(_text_rows(ink, top, bottom, c, unit) for c in columns) else None


def _group(ink: Any, bands: list[_Band], start: int, unit: float) -> tuple[int, list[tuple[int, int]] | None]:
    """Extend a group from ``bands[start]`` while a gutter runs through it: (end, columns or None)."""
    import numpy as np

    blank = bands[start].blank.copy()
    left, right = bands[start].left, bands[start].right
    gutters = _gaps(blank, left, right, MIN_GUTTER * unit)
    end = start + 1
    while gutters and end < len(bands):
        band = bands[end]
        inside = np.zeros_like(blank)
        for a, b in gutters:
            inside[a:b] = True
        if band.blank[~inside].all():  # ink only inside the gutter: a page number below the columns
            break
        joined = blank & band.blank
        wider = _gaps(joined, min(left, band.left), max(right, band.right), MIN_GUTTER * unit)
        if not wider:
            break
        blank, gutters, end = joined, wider, end + 1
        left, right = min(left, band.left), max(right, band.right)
    if not gutters or end - start < 2:
        return start + 1, None
    return end, _columns(ink, bands[start:end], gutters, unit)


def page_regions(gray: Any) -> list[Region] | None:
    """Regions of a greyscale page (2-D uint8 array) in reading order; None when it has no columns.

    Full-width runs of bands are one region each; a column group gives one region per column, left
    first. Regions are bounded by their ink, so a caller cropping them cuts no text.
    """
    ink = gray < INK_LEVEL
    unit = line_height(ink)
    if unit < 4:  # blank page, or specks only
        return None
    bands = [_Band(ink, top, bottom) for top, bottom in _runs(ink.any(axis=1))]
    regions: list[Region] = []
    plain: list[_Band] = []  # full-width bands not yet emitted

    def flush() -> None:
        if plain:
            left, right = min(b.left for b in plain), max(b.right for b in plain)
            regions.append((left, plain[0].top, right, plain[-1].bottom))
            plain.clear()

    i, found = 0, False
    while i < len(bands):
        end, columns = _group(ink, bands, i, unit)
        if columns is None:
            plain.append(bands[i])
            i += 1
            continue
        flush()
        found = True
        top, bottom = bands[i].top, bands[end - 1].bottom
        regions += [(a, top, b, bottom) for a, b in columns]
        i = end
    flush()
    return regions if found else None
