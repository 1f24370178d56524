"""Value types handed between the stages (no I/O).

Selection -> policy -> parse -> chunk -> embed -> store all pass these frozen values; nothing
here touches the filesystem or the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# ---------------------------------------------------------------------------------------------
# Selection and policy
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FileEntry:
    """A regular file found inside the folder, by its POSIX path relative to the folder root."""

    rel_path: str
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class Exclusion:
    """A path the selection left out, and why.

    reason is one of: hidden, symlink, builtin_folder, gitignore, strataignore, submodule,
    not_regular_file, unreadable.
    """

    rel_path: str
    reason: str


@dataclass(frozen=True)
class Selection:
    root: str  # absolute, resolved folder path
    method: Literal["git", "walk"]
    files: tuple[FileEntry, ...]
    excluded: tuple[Exclusion, ...]
    notes: tuple[str, ...] = ()  # e.g. nested .gitignore files that a walk did not apply


PolicyReason = Literal["secret", "path_too_long", "build_file", "code", "unsupported", "too_large"]


@dataclass(frozen=True)
class PolicyDecision:
    rel_path: str
    reason: PolicyReason | None  # None: the file is to be ingested

    @property
    def included(self) -> bool:
        return self.reason is None


# ---------------------------------------------------------------------------------------------
# Parsing and structure
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A span of the document text that belongs to one heading (or clause).

    start/end are character offsets into ParsedDocument.text; path is the heading chain from the
    top (("Guide", "Install", "Linux")); heading is the heading's own line as written (without
    markup), level its depth (1 for H1). A document's sections cover its text in order without
    overlap; text before the first heading is a section with an empty path.

    heading_end is the offset just past the heading's own line(s), markup included (None when the
    section has no heading or its parser does not know); the chunker uses it to tell a bare
    heading, one with no text before its first subsection, from a section with text.
    """

    start: int
    end: int
    path: tuple[str, ...]
    level: int
    heading: str | None
    heading_end: int | None = None


@dataclass(frozen=True)
class DocumentFlag:
    """Something a reader of a parsed document should know about it: the parser cut it short at a
    named bound (`truncated`, with the count of rows or items left out when it is known), or a PDF
    that is probably scanned images with little text (`probably_scanned`)."""

    reason: Literal["probably_scanned", "truncated"]
    count: int | None = None


@dataclass(frozen=True)
class OutlineEntry:
    """Structure a file carries outside its text: a PDF outline (bookmark) entry or a Word
    paragraph styled as a heading. start is the character offset in ParsedDocument.text where
    the entry begins (a PDF entry: the start of its page, or the title's line on that page when
    it can be found); level 1 is the outermost."""

    start: int
    level: int
    title: str
    source: Literal["pdf_outline", "docx_style"] = "pdf_outline"


@dataclass(frozen=True)
class ParsedDocument:
    """What a parser extracted from one file.

    text is the document's own text (front matter left out, newlines normalised to \\n);
    first_line is the line number in the file of text[0] (front matter shifts it), so a
    character offset maps to a file line as first_line + text.count("\\n", 0, offset).
    """

    text: str
    sections: tuple[Section, ...]
    first_line: int = 1
    pages: tuple[tuple[int, int], ...] | None = None  # (start, end) per page for paged formats
    front_matter: dict[str, Any] = field(default_factory=dict)
    date: str | None = None  # YYYY-MM-DD from front matter (updated wins over date)
    supersedes: str | None = None  # raw value of the front-matter key, validated later
    flags: tuple[DocumentFlag, ...] = ()
    kind: str = "text"  # markdown | text | ...: which parser made it
    outline: tuple[OutlineEntry, ...] = ()  # read before the text's own headings (PDF, DOCX)
    text_origin: Literal["text", "ocr"] = "text"
    # 1-based pages of a paged document with no text layer or that look scanned (OCR would read
    # them), and the pages whose text came from OCR.
    scanned_pages: tuple[int, ...] = ()
    ocr_pages: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# Chunks
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChunkConfig:
    # Characters. all-MiniLM-L6-v2 reads 256 word pieces; with the context prefix, 800 keeps 91%
    # of PEP and RFC chunks whole (1,000: 78%). See docs/adr/0003-chunk-size.md.
    chunk_size: int = 800
    chunk_overlap: int = 100

    def recipe(self) -> str:
        """A short string naming the chunking recipe; part of a chunk's identity."""
        return f"v1:size={self.chunk_size}:overlap={self.chunk_overlap}"


@dataclass(frozen=True)
class Chunk:
    """A span of a document version: text == version_text[start:end]."""

    ordinal: int
    start: int
    end: int
    text: str
    section_path: tuple[str, ...]
    line_start: int
    line_end: int
    page: int | None = None

    @property
    def clause_path(self) -> str | None:
        return " > ".join(self.section_path) if self.section_path else None
