"""Safety checks on an Office Open XML package (.docx, .xlsx) before a library opens it (no I/O).

A .docx or .xlsx file is a zip of XML parts. python-docx and openpyxl trust the zip, so these
checks run first, on the bytes, and refuse with ParseError:

* a file that is not a zip (a password-protected Office file is an OLE container, not a zip);
* a zip bomb: parts whose declared sizes add up to more than ``MAX_UNCOMPRESSED_BYTES`` or to
  more than ``MAX_COMPRESSION_RATIO`` times the file's size, or more than ``MAX_PARTS`` parts.
  The declared sizes can be trusted as a bound: Python's zipfile never returns more bytes for
  a part than its declared size and fails the CRC check when the data disagrees;
* any XML part whose prolog declares a DTD (``<!DOCTYPE``). Office never writes one, and a DTD
  is where external entities (XXE) and entity expansion (billion laughs) live. Only the prolog,
  the part before the root element, is read: a DTD cannot appear anywhere else.

This is the first of two walls. python-docx parses with lxml and ``resolve_entities=False``;
openpyxl parses worksheets and shared strings with ``defusedxml`` (it picks defusedxml whenever
it is installed, see ``openpyxl.DEFUSEDXML``) and its other parts with lxml and
``resolve_entities=False``.
"""

from __future__ import annotations

import zipfile
from io import BytesIO
from typing import IO, Final

from stratakb_core.errors import ParseError

__all__ = ["MAX_COMPRESSION_RATIO", "MAX_PARTS", "MAX_UNCOMPRESSED_BYTES", "check_package"]

MAX_UNCOMPRESSED_BYTES: Final = 200 * 1024 * 1024
MAX_COMPRESSION_RATIO: Final = 200
MAX_PARTS: Final = 10_000
# Comments and processing instructions may come before the root element; a prolog longer than
# this is no Office file's and is refused rather than read on.
_MAX_PROLOG_BYTES: Final = 1024 * 1024
_READ_SIZE: Final = 4096


def check_package(data: bytes, *, what: str) -> None:
    """Raise ParseError unless data is a zip that unzips within bounds with no DTD in any part.

    what names the format in messages ("Word document", "workbook").
    """
    try:
        archive = zipfile.ZipFile(BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise ParseError(
            f"not a valid {what}: the file is not a zip package ({exc}); "
            "a password-protected Office file is not one either"
        ) from exc
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_PARTS:
            raise ParseError(f"{what} refused: {len(infos)} parts, more than the {MAX_PARTS:,} allowed")
        total = sum(info.file_size for info in infos)
        if total > MAX_UNCOMPRESSED_BYTES:
            raise ParseError(
                f"{what} refused: it would unzip to {total / 2**20:,.0f} MB, "
                f"more than {MAX_UNCOMPRESSED_BYTES // 2**20} MB"
            )
        if total > MAX_COMPRESSION_RATIO * max(len(data), 1):
            raise ParseError(
                f"{what} refused: it would unzip to {total / max(len(data), 1):,.0f} times its size, "
                f"more than {MAX_COMPRESSION_RATIO} times (a zip bomb?)"
            )
        for info in infos:
            if info.is_dir():
                continue
            try:
                with archive.open(info) as part:
                    problem = _prolog_problem(part)
            except ParseError:
                raise
            except (zipfile.BadZipFile, RuntimeError, NotImplementedError, ValueError, OSError, EOFError) as exc:
                # RuntimeError: an encrypted entry; NotImplementedError: a compression method
                # zipfile does not support; the rest: a damaged entry.
                raise ParseError(f"not a valid {what}: part {info.filename!r} cannot be read ({exc})") from exc
            if problem is not None:
                raise ParseError(f"{what} refused: part {info.filename!r} {problem}")


def _prolog_problem(part: IO[bytes]) -> str | None:
    """Why the part's XML prolog is refused, or None when it has no DTD (or is not XML at all)."""
    buf = b""
    while True:
        chunk = part.read(_READ_SIZE)
        buf += chunk
        verdict = _scan_prolog(buf, eof=not chunk)
        if verdict is not None:
            return "declares a DTD (<!DOCTYPE ...>), which Office files never do" if verdict else None
        if len(buf) > _MAX_PROLOG_BYTES:
            return f"has an XML prolog longer than {_MAX_PROLOG_BYTES // 1024} KB"


def _scan_prolog(buf: bytes, *, eof: bool) -> bool | None:
    """True when the prolog holds a DTD, False when the root element (or non-XML) comes first,
    None when buf ends before that is known."""
    text = _decode_start(buf)
    i = 0
    n = len(text)
    while True:
        while i < n and text[i] in " \t\r\n":
            i += 1
        if i >= n:
            return False if eof else None
        if not eof and n - i < 4 and "<!--".startswith(text[i:]):
            return None  # "<", "<!" or "<!-" cut off by the read: need more
        if text.startswith("<?", i):
            close = text.find("?>", i + 2)
        elif text.startswith("<!--", i):
            close = text.find("-->", i + 4)
        elif text.startswith("<!", i):
            return True
        else:
            return False  # the root element, or not XML at all (an image, a binary part)
        if close < 0:
            return False if eof else None
        i = close + (2 if text[i + 1] == "?" else 3)


def _decode_start(buf: bytes) -> str:
    # The XML spec's own autodetection: a byte-order mark, or "<?" in UTF-16. Anything else is
    # read as Latin-1, which agrees with UTF-8 on every ASCII character the scan looks for.
    if buf.startswith(b"\xef\xbb\xbf"):
        return buf[3:].decode("latin-1")
    for mark, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if buf.startswith(mark):
            return _utf16(buf[2:], encoding)
    if buf.startswith(b"<\x00?\x00"):
        return _utf16(buf, "utf-16-le")
    if buf.startswith(b"\x00<\x00?"):
        return _utf16(buf, "utf-16-be")
    return buf.decode("latin-1")


def _utf16(buf: bytes, encoding: str) -> str:
    return buf[: len(buf) - len(buf) % 2].decode(encoding, errors="replace")
