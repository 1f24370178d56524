"""Run the injection scan and secret redaction over real documentation text found on this machine.

    .venv/bin/python scripts/audit_real_docs.py [--sample N] [--jobs 2] [--max-per-file 70] [--out hits.jsonl]

The corpus is built in memory from whatever documentation this machine has: the long descriptions in the
METADATA of the running interpreter's site-packages, the .md/.rst/.txt docs there, and /usr/share/doc when
present (licences, markup and binaries out, duplicate files and chunks dropped, chunks of 200-1,500
characters, at most --max-per-file chunks a /usr/share/doc file), so the figures differ between machines.
The repository's eval/ and tests/ are never read. Prints the corpus per source, wall time and CPU ms a chunk
of ``scan`` and ``redact``, what they found (every hit a candidate false positive) and the slowest chunk;
--out writes a JSON line per chunk with a hit: path, idx, rules, redaction kinds and value lengths only.
"""

import argparse
import email.parser
import gzip
import hashlib
import json
import os
import random
import re
import sys
import sysconfig
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.ingest.injection import scan  # noqa: E402
from stratakb_core.ingest.redaction import redact  # noqa: E402

FORBIDDEN = (str(REPO / "eval"), str(REPO / "tests"))  # never read, whatever the folders walked
DOC_DIR = "/usr/share/doc"
LICENCE = re.compile(r"(?i)(licen[cs]e|copying|copyright|notice|authors|thanks|contributors|credits|patents)")
SKIP_DIR = re.compile(r"(?i)/(licenses?|tests?/data|test-examples|timezonesets|BUILD_LICENSES)/")
SKIP_NAME = {"top_level.txt", "entry_points.txt", "vocab.txt", "robots.txt", "csp-header.txt", "CMakeLists.txt",
             "errcodes.txt", "sql_features.txt", "vendor.txt", "RECORD", "WHEEL", "dependency_links.txt",
             "requires.txt", "SOURCES.txt", "namespace_packages.txt"}
BINARY_EXT = re.compile(r"(?i)\.(png|jpe?g|gif|svg|ico|css|js|pdf|ps|tar|zip|html?|json|xml|woff2?|ttf|py|c|h|sh|pl"
                        r"|el|mk|in|cfg|conf|deb|bz2|xz|z)(\.gz)?$")
NEWSY = re.compile(r"(?i)^(readme|news|changelog|todo|faq|bugs)")


def prose_like(text: str) -> bool:
    letters = sum(c.isalpha() or c.isspace() for c in text)
    return bool(text.strip()) and letters / len(text) > 0.7 and len(re.findall(r"[A-Za-z]{3,}", text)) > 30


def chunks(text: str, lo: int = 200, hi: int = 1500) -> list[str]:
    """Blank-line separated paragraphs (one longer than ``hi`` cut at line ends) merged up to about ``hi``
    characters; a short tail joins the chunk before it."""
    pieces: list[str] = []
    for p in (p.strip("\n") for p in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n")) if p.strip()):
        if len(p) <= hi:
            pieces.append(p)
            continue
        cur = ""
        for line in p.split("\n"):
            while len(line) > hi:  # a giant line: cut every hi characters
                pieces += [cur, line[:hi]] if cur else [line[:hi]]
                cur, line = "", line[hi:]
            if cur and len(cur) + 1 + len(line) > hi:
                pieces.append(cur)
                cur = line
            else:
                cur = cur + "\n" + line if cur else line
        if cur:
            pieces.append(cur)
    out, cur = [], ""
    for piece in pieces:
        if cur and len(cur) + 2 + len(piece) > hi:
            out.append(cur)
            cur = piece
        else:
            cur = cur + "\n\n" + piece if cur else piece
        if len(cur) >= lo and len(cur) >= hi * 0.6:
            out.append(cur)
            cur = ""
    if cur:
        if len(cur) < lo and out and len(out[-1]) + 2 + len(cur) <= hi * 1.1:
            out[-1] += "\n\n" + cur
        else:
            out.append(cur)
    return [c for c in out if len(c) >= lo or len(out) == 1 and len(c) >= 80]


def read(path: str) -> str | None:
    assert not path.startswith(tuple(d + os.sep for d in FORBIDDEN)), path
    try:
        with (gzip.open(path) if path.endswith(".gz") else open(path, "rb")) as f:
            raw = f.read()
    except (OSError, EOFError):
        return None
    try:
        return None if b"\x00" in raw[:4096] else raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def walk(top: str):
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if os.path.join(root, d) not in FORBIDDEN)
        for f in sorted(files):
            yield f, os.path.join(root, f)


def sources():
    """(path, source, text) for every document kept."""
    paths = sysconfig.get_paths()
    sites = sorted({p for p in (paths["purelib"], paths["platlib"]) if os.path.isdir(p)})
    for md in sorted(md for sp in sites for md in Path(sp).glob("*.dist-info/METADATA")):
        msg = email.parser.Parser().parsestr(md.read_text(encoding="utf-8", errors="replace"))
        body = msg.get_payload() or msg.get("Description") or ""
        if isinstance(body, str) and body.strip():
            yield str(md), "metadata", body
    for sp in sites:
        for f, p in walk(sp):
            skip = f in SKIP_NAME or LICENCE.search(f) or SKIP_DIR.search(p + "/")
            if skip or not re.search(r"(?i)\.(md|rst|txt)$", f):
                continue
            t = read(p)
            if t is not None and not (f.lower().endswith(".txt") and not prose_like(t)):
                yield p, "site-doc", t
    for f, p in walk(DOC_DIR) if os.path.isdir(DOC_DIR) else ():
        if os.path.islink(p) or LICENCE.search(f) or BINARY_EXT.search(f) or f.startswith("Makefile"):
            continue
        t = read(p) if os.path.getsize(p) <= 3_000_000 else None
        if t is not None and (prose_like(t) or NEWSY.search(f)):
            yield p, "usr-share-doc", t


def corpus(max_per_file: int) -> tuple[list[tuple[str, int, str, str]], Counter]:
    """Deduplicated chunks (path, idx, source, text) and files, chunks and characters per source."""
    seen_files, seen_chunks, recs, stats = set(), set(), [], Counter()
    for path, src, text in sources():
        h = hashlib.sha1(text.encode(errors="replace")).digest()
        if h in seen_files:
            continue
        seen_files.add(h)
        kept = 0
        for i, c in enumerate(chunks(text)):
            ch = hashlib.sha1(c.encode(errors="replace")).digest()
            if (src == "usr-share-doc" and kept >= max_per_file) or ch in seen_chunks:
                continue
            seen_chunks.add(ch)
            recs.append((path, i, src, c))
            kept += 1
            stats[src, "chunks"] += 1
            stats[src, "chars"] += len(c)
        stats[src, "files"] += kept > 0
    return recs, stats


def work(rec: tuple[str, int, str, str]) -> dict:
    path, idx, _, text = rec
    c0 = time.process_time()
    rules = scan(text)
    c1 = time.process_time()
    res = redact(text)
    return {"path": path, "idx": idx, "len": len(text), "rules": list(rules),
            "redactions": [{"kind": s.kind, "len": s.end - s.start} for s in res.spans],
            "cpu_scan": c1 - c0, "cpu_redact": time.process_time() - c1}


def report(results: list[dict], wall: float) -> None:
    n = len(results)
    cpu = {k: 1000 * sum(r[k] for r in results) / n for k in ("cpu_scan", "cpu_redact")}
    print(f"{n} chunks in {wall:.1f} s wall ({n / max(wall, 1e-9):.1f} chunks/s); CPU a chunk: "
          f"scan {cpu['cpu_scan']:.2f} ms, redact {cpu['cpu_redact']:.2f} ms")
    flagged = [r for r in results if r["rules"]]
    rules = Counter(name for r in flagged for name in r["rules"])
    alone = sum(r["rules"] == ["learned"] for r in flagged)
    print(f"flagged: {len(flagged)} chunks ({100 * len(flagged) / n:.2f}%); 'learned' alone {alone}")
    print("".join(f"  {name}: {k}\n" for name, k in rules.most_common()), end="")
    spans = Counter(s["kind"] for r in results for s in r["redactions"])
    chunks_by_kind = Counter(kind for r in results for kind in {s["kind"] for s in r["redactions"]})
    print(f"redaction: {sum(spans.values())} spans in {sum(bool(r['redactions']) for r in results)} chunks")
    print("".join(f"  {kind}: {k} spans in {chunks_by_kind[kind]} chunks\n" for kind, k in spans.most_common()), end="")
    slow = max(results, key=lambda r: r["cpu_scan"] + r["cpu_redact"])
    print(f"slowest: {slow['path']} #{slow['idx']} ({slow['len']} chars): CPU scan {1000 * slow['cpu_scan']:.0f} ms"
          f" + redact {1000 * slow['cpu_redact']:.0f} ms")


def main() -> int:
    ap = argparse.ArgumentParser(prog="audit_real_docs.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=None, help="a random.Random(46) sample of N chunks (default all)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-per-file", type=int, default=70, help="chunks kept from each /usr/share/doc file")
    ap.add_argument("--out", type=Path, default=None, help="JSON lines of the chunks with a hit (no values)")
    args = ap.parse_args()
    t = time.perf_counter()
    recs, stats = corpus(args.max_per_file)
    print(f"corpus built in {time.perf_counter() - t:.1f} s: {len(recs)} chunks")
    for src in ("metadata", "site-doc", "usr-share-doc"):
        print(f"  {src}: {stats[src, 'files']} files, {stats[src, 'chunks']} chunks, "
              f"{stats[src, 'chars'] / 1e6:.2f} M characters")
    if args.sample is not None and args.sample < len(recs):
        recs = random.Random(46).sample(recs, args.sample)
        print(f"sample: {len(recs)} chunks")
    if not recs:
        return 2
    t = time.perf_counter()
    with Pool(max(1, args.jobs)) as pool:
        results = pool.map(work, recs, chunksize=8)
    report(results, time.perf_counter() - t)
    if args.out:
        keys = ("path", "idx", "rules", "redactions")
        args.out.write_text("".join(json.dumps({k: r[k] for k in keys}) + "\n" for r in results
                                    if r["rules"] or r["redactions"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
