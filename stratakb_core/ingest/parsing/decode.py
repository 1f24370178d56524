"""Bytes of a text file to one normalised string (no I/O).

UTF-8 first (a byte-order mark is dropped), UTF-16 or UTF-32 when a byte-order mark says so, else
Windows-1252, the encoding most legacy text files on Windows were saved in. Newlines come out as
``\\n`` whatever the file used, because chunk line numbers count ``\\n`` only.
"""

from __future__ import annotations

import codecs

from stratakb_core.errors import ParseError

__all__ = ["MAX_LINE_CHARS", "check_line_length", "decode_text"]

# A line longer than this is not text a person wrote (a minified bundle, a base64 blob, a
# one-line dump): refused, so no parser's line-based rules ever face one.
MAX_LINE_CHARS = 1_000_000

# UTF-32 marks first: the UTF-32-LE mark begins with the UTF-16-LE one.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode_text(data: bytes, *, split_long_lines: bool = False) -> str:
    """Decode a text file's bytes, normalise newlines to \\n, and reject binary content.

    Raises ParseError for a NUL byte ("binary file"), for bytes that are neither UTF-8 nor
    Windows-1252, and for a file whose byte-order mark promises an encoding it does not hold.
    A line over MAX_LINE_CHARS is refused, or with `split_long_lines` (prose formats, whose text
    is split by size anyway) broken into lines of MAX_LINE_CHARS, so its text is kept.
    """
    if split_long_lines:
        return split_long(_decode(data, check=False))
    return _decode(data, check=True)


def split_long(text: str, limit: int = MAX_LINE_CHARS) -> str:
    """text with every line longer than limit broken into lines of at most limit characters."""
    try:
        check_line_length(text, limit)
    except ParseError:
        pass
    else:
        return text
    out = []
    for line in text.split("\n"):
        if len(line) <= limit:
            out.append(line)
        else:
            out.extend(line[i:i + limit] for i in range(0, len(line), limit))
    return "\n".join(out)


def _decode(data: bytes, *, check: bool) -> str:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(encoding)
            except UnicodeDecodeError as exc:
                raise ParseError(
                    f"the file starts with a {encoding} byte-order mark but is not valid {encoding} "
                    f"(offset {exc.start + len(bom)})"
                ) from exc
            # For UTF-16/32 the NUL check has to look at characters: their bytes are full of zeros.
            if "\x00" in text:
                raise ParseError("binary file (it contains NUL characters)")
            text = _normalise_newlines(text)
            if check:
                check_line_length(text)
            return text

    if b"\x00" in data:
        raise ParseError("binary file (it contains NUL bytes)")
    if check:
        check_line_length(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            # Windows-1252 leaves five bytes (0x81 0x8D 0x8F 0x90 0x9D) undefined; Python's codec
            # rejects them, which is what tells a genuinely foreign encoding from cp1252.
            text = data.decode("cp1252")
        except UnicodeDecodeError as exc:
            raise ParseError(
                f"the file is neither UTF-8 nor Windows-1252 (byte 0x{data[exc.start]:02X} "
                f"at offset {exc.start})"
            ) from exc
    return _normalise_newlines(text)


def check_line_length(data: str | bytes, limit: int = MAX_LINE_CHARS) -> None:
    """Raise ParseError when a line of data (text or bytes, split at \\n or \\r) is longer than limit.

    Looks for a newline in each block of limit // 2 characters, in C: a line at least limit
    long holds a whole block without one, so only such blocks need their line measured.
    """
    if len(data) <= limit:
        return
    newline, carriage = ("\n", "\r") if isinstance(data, str) else (b"\n", b"\r")
    block = max(1, limit // 2)
    for at in range(0, len(data), block):
        end = min(len(data), at + block)
        if data.find(newline, at, end) >= 0 or data.find(carriage, at, end) >= 0:
            continue
        start = max(data.rfind(newline, 0, at), data.rfind(carriage, 0, at)) + 1
        stops = [i for i in (data.find(newline, end), data.find(carriage, end)) if i >= 0]
        stop = min(stops) if stops else len(data)
        if stop - start > limit:
            raise ParseError(f"a line is longer than {limit:,} characters (line starting at offset {start})")


def _normalise_newlines(text: str) -> str:
    if "\r" not in text:
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")
