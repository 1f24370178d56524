"""A hostile corpus for `stratakb add`: files and names an attacker or an unlucky user produces,
each with the outcome the spec gives it (writes files).

`build(root, heavy=False)` writes the cases under root and returns them. Each case names one
file by its path inside the folder, as bytes (names need not be UTF-8), and its expected outcome
as the add report lists it: ``added``, ``flagged:truncated`` (stored, and flagged), ``skipped:<reason>``,
``excluded:<reason>``, ``failed:<reason>``, or ``absent`` (not listed at all: a FIFO or a symlink
loop is no file the walk lists as one). ``heavy`` adds the long cases (a 1 GB sparse file,
100,000 headings, 10 MB lines, 100,000 tiny files), which `scripts/chaos.py --hostile` runs.

The outcomes are what the spec says, not what the code happened to do: secrets are never opened,
bombs fail their own file only, a name that is not UTF-8 is stored and found again, text with NUL
or lone surrogates from any decoder is stored, and no case fails another.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Case", "build", "outcome_of", "report_outcomes", "run_add"]


@dataclass(frozen=True)
class Case:
    name: str  # what the case is, for messages
    path: bytes  # the file's path inside the folder, as bytes
    expected: str  # added | flagged:truncated | skipped:<reason> | excluded:<reason> | failed:<reason> | absent
    prefix: bool = False  # the outcome is reported for a folder on the path (a walk that cannot go deeper)

    @property
    def shown(self) -> str:
        """The path as the JSON report shows it (undecodable bytes as the text \\xNN)."""
        return self.path.decode("utf-8", "backslashreplace")


def _write(root: Path, rel: bytes, data: bytes) -> None:
    path = os.path.join(os.fsencode(root), rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def _docx_bomb() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/content-types"/>')
        z.writestr("word/document.xml", b"<w:document>" + b" " * (300 << 20) + b"</w:document>")
    return buf.getvalue()


_XML_BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>
<lolz>&lol9;</lolz>
"""

_XXE = b"""<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<foo>&xxe;</foo>
"""

# Objects that point at each other: a page tree whose kid is its own parent.
_PDF_CYCLE = (b"%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n"
              b"2 0 obj <</Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R>> endobj\n"
              b"trailer <</Root 1 0 R>>\n%%EOF\n")


def _deep_dirs(root: Path, depth: int, width: int) -> bytes:
    """A chain of `depth` folders named `width` x's under root, made relative to each other so the
    whole path may pass PATH_MAX; returns the chain's path inside root."""
    fd = os.open(root, os.O_RDONLY)
    parts = []
    try:
        for i in range(depth):
            name = (f"{i:02d}" + "x" * (width - 2)).encode()
            os.mkdir(name, dir_fd=fd)
            nfd = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = nfd
            parts.append(name)
        leaf = os.open(b"deep.md", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(leaf, b"# Deep\n\nA file past PATH_MAX.\n")
        os.close(leaf)
    finally:
        os.close(fd)
    return b"/".join([*parts, b"deep.md"])


def _fast_cases(root: Path) -> list[Case]:
    md = b"# Title\n\nSome ordinary text about the topic.\n"
    cases: list[tuple[str, bytes, bytes | None, str]] = [
        ("an ordinary neighbour", b"ok/plain.md", md, "added"),
        ("a file name that is not UTF-8", b"bad\xff\xfename.md", md, "added"),
        ("a folder name that is not UTF-8", b"dir\xc3\x28/inside.md", md, "added"),
        # its redaction event names the file as the store keeps it (it once failed the file as embed_error)
        ("a secret in a file whose name is not UTF-8", b"sec\xff\xfe.md", b"password: hunter2secret\n", "added"),
        ("a spreadsheet whose name is not UTF-8", b"sheet\xfe.csv", b"region,amount\nnorth,10\nsouth,20\n", "added"),
        ("a name with an escape sequence", b"esc\x1b[31mred.md", md, "added"),
        ("a name with a newline", b"new\nline.md", md, "added"),
        ("a name with a bidi override", "evil\u202egpj.md".encode(), md, "added"),
        ("a 255-byte name", b"n" * 252 + b".md", md, "added"),
        ("JSON whose escape decodes to a lone surrogate", b"data/surrogate.json",
         b'{"title": "lone \\ud800 surrogate", "body": "and a low \\udc00 one"}', "added"),
        ("JSON whose escape decodes to NUL", b"data/nul.json", b'{"title": "a \\u0000 NUL", "n": 1}', "added"),
        ("YAML with a NUL escape", b"data/nul.yaml", b'title: "a \\0 NUL"\nbody: text\n', "added"),
        ("a NUL byte in a text file", b"binary.txt", b"text\x00more", "failed:parse_error"),
        ("an empty file", b"empty.md", b"", "skipped:no_text"),
        ("a secret name", b"id_rsa", b"-----BEGIN KEY-----\n", "skipped:secret"),
        ("a hidden file", b".hidden.md", md, "excluded:hidden"),
        ("a zip bomb in a DOCX", b"bomb.docx", _docx_bomb(), "failed:parse_error"),
        ("an XML entity bomb", b"bomb.xml", _XML_BOMB, "failed:parse_error"),
        ("an XML external entity", b"xxe.xml", _XXE, "failed:parse_error"),
        ("a PDF whose page tree is a cycle", b"cycle.pdf", _PDF_CYCLE, "failed:parse_error"),
        ("a Markdown block read as one 3 MB setext heading", b"setext.md",
         b"intro\n\n" + (b"word " * 600_000) + b"\n===\n\nbody " * 20 + b"\n", "added"),
        ("a 2 MB single line", b"longline.txt", b"y" * 2_000_000 + b"\n", "added"),
        ("a path longer than 500 characters", b"/".join([b"d" * 99] * 6) + b"/long.md", md,
         "skipped:path_too_long"),
    ]
    out = []
    for name, rel, data, expected in cases:
        if data is not None:
            _write(root, rel, data)
        out.append(Case(name, rel, expected))
    os.symlink("loop", root / "loop")
    out.append(Case("a symbolic link to itself", b"loop", "excluded:symlink"))
    os.symlink("ok/plain.md", root / "link.md")
    out.append(Case("a symbolic link to a file", b"link.md", "excluded:symlink"))
    os.mkfifo(root / "pipe.md")
    out.append(Case("a FIFO named like a document", b"pipe.md", "excluded:not_regular_file"))
    out.append(Case("a path past PATH_MAX", _deep_dirs(root, 22, 200), "excluded:path_too_long", prefix=True))
    return out


def _heavy_cases(root: Path) -> list[Case]:
    out = []
    with open(root / "sparse.txt", "wb") as f:
        f.truncate(1 << 30)
    out.append(Case("a 1 GB sparse file", b"sparse.txt", "skipped:too_large"))
    _write(root, b"headings.md", b"".join(b"## Heading %d\n\ntext %d\n\n" % (i, i) for i in range(100_000)))
    out.append(Case("100,000 headings", b"headings.md", "flagged:truncated"))
    _write(root, b"tenmb.txt", b"z" * (10 << 20) + b"\n")
    out.append(Case("a 10 MB single line", b"tenmb.txt", "flagged:truncated"))
    tiny = root / "tiny"
    tiny.mkdir()
    for i in range(100_000):
        (tiny / f"t{i:06d}.txt").write_bytes(b"tiny file %d\n" % i)
    out.append(Case("100,000 tiny files (one checked)", b"tiny/t000042.txt", "added"))
    return out


def build(root: Path, *, heavy: bool = False) -> list[Case]:
    """Write the hostile corpus under root (created) and return its cases."""
    root.mkdir(parents=True, exist_ok=True)
    cases = _fast_cases(root)
    if heavy:
        cases += _heavy_cases(root)
    return cases


def report_outcomes(report: dict) -> dict[str, str]:
    """path -> outcome, from `stratakb add --json`'s report, in the cases' vocabulary."""
    out: dict[str, str] = {}
    put: Callable[[str, str], None] = out.__setitem__
    for path in report.get("added") or []:
        put(path, "added")
    for path in report.get("updated") or []:
        put(path, "added")
    for note in report.get("flagged") or []:
        put(note["file"], f"flagged:{note['reason']}")
    for key, kind in (("skipped", "skipped"), ("excluded", "excluded"), ("errors", "failed")):
        for note in report.get(key) or []:
            put(note["file"], f"{kind}:{note['reason']}")
    return out


def outcome_of(case: Case, outcomes: dict[str, str]) -> str:
    """The case's outcome in `report_outcomes`' map ("absent" when the report does not list it)."""
    if case.prefix:
        shown = case.shown
        for path, outcome in outcomes.items():
            if shown.startswith(path + "/"):
                return outcome
    return outcomes.get(case.shown, "absent")


def run_add(folder: Path, env: dict[str, str], logs: Path) -> tuple[int, bytes, bytes, float, float]:
    """`stratakb add FOLDER --json --yes` as a process: (exit code, stdout, stderr, seconds, the
    process's peak RSS in MB). Its output goes to files (logs.out, logs.err), never to a pipe left
    unread while it runs (a full pipe would block it for good)."""
    out_path, err_path = logs.with_suffix(".out"), logs.with_suffix(".err")
    started, peak = time.monotonic(), 0
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "add", str(folder), "--json", "--yes"],
                                env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        while proc.poll() is None:
            try:
                with open(f"/proc/{proc.pid}/status") as f:
                    peak = max([peak, *(int(line.split()[1]) for line in f if line.startswith("VmHWM"))])
            except OSError:
                pass
            time.sleep(0.1)
    return proc.returncode, out_path.read_bytes(), err_path.read_bytes(), time.monotonic() - started, peak / 1024


def _main() -> None:  # pragma: no cover - a manual aid: python -m tests.helpers.hostile <folder> [--heavy]
    import sys

    cases = build(Path(sys.argv[1]), heavy="--heavy" in sys.argv)
    print(json.dumps([{"name": c.name, "path": c.shown, "expected": c.expected} for c in cases], indent=2))


if __name__ == "__main__":  # pragma: no cover
    _main()
