"""CPU time of the ingest's two content-safety scans on PEPs + RFCs (issue 13's ingest overhead).

    .venv/bin/python scripts/bench_safety.py [--corpora ../shared/corpora] [--rounds 3]

The fresh ingest must stay within 1.10x the embedding time of its chunks; secret redaction (once per
document, before chunking) and the injection scan (once per chunk) are the largest parts of the rest.
Prints, per round, the process CPU seconds of ``redact`` over every document text and of ``scan`` over
every chunk text, as the ingest runs them (parse, structure map, redaction, chunking; texts computed
outside the timings), and the best round. CPU time rather than wall time, so a busy machine changes
the figures less; still compare two versions in one run of each on the same machine. Then prints what
the scans found on these ordinary documents (values redacted, chunks flagged and by which rules): the
count the scanner rounds hold steady, since the PEPs and RFCs hold no secret and no attack.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from stratakb_core.ingest.chunking import chunk_document  # noqa: E402
from stratakb_core.ingest.injection import scan  # noqa: E402
from stratakb_core.ingest.parsing import parser_for  # noqa: E402
from stratakb_core.ingest.redaction import redact  # noqa: E402
from stratakb_core.ingest.structure import apply_structure  # noqa: E402
from stratakb_core.values import ChunkConfig  # noqa: E402


def texts(corpora: Path) -> tuple[list[str], list[str]]:
    """Every document text and every chunk text of the PEP and RFC folders."""
    docs: list[str] = []
    chunks: list[str] = []
    for name in ("peps", "rfc"):
        for path in sorted((corpora / name).rglob("*")):
            parser = parser_for(path.name)
            if parser is None or not path.is_file():
                continue
            doc = apply_structure(parser.parse(path.read_bytes(), path.name), ())
            docs.append(doc.text)
            chunks += [c.text for c in chunk_document(doc, ChunkConfig())]
    return docs, chunks


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench_safety.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=REPO.parent / "shared" / "corpora")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if not (args.corpora / "peps").is_dir() or not (args.corpora / "rfc").is_dir():
        print(f"missing corpus folders peps/ and rfc/ under {args.corpora}", file=sys.stderr)
        return 2
    docs, chunks = texts(args.corpora)
    print(f"{len(docs)} documents ({sum(map(len, docs)) / 1e6:.2f} M characters), {len(chunks)} chunks")
    best = (float("inf"), float("inf"))
    for i in range(max(1, args.rounds)):
        t = time.process_time()
        for text in docs:
            redact(text)
        r = time.process_time() - t
        t = time.process_time()
        for text in chunks:
            scan(text)
        s = time.process_time() - t
        best = (min(best[0], r), min(best[1], s))
        print(f"round {i + 1}: redact {r:.2f} s, scan {s:.2f} s ({1000 * s / len(chunks):.2f} ms a chunk)")
    print(f"best: redact {best[0]:.2f} s, scan {best[1]:.2f} s, together {sum(best):.2f} s CPU")
    redacted = sum(redact(text).total for text in docs)
    flagged = [hits for hits in map(scan, chunks) if hits]
    names = sorted({name for hits in flagged for name in hits})
    print(f"found: {redacted} values redacted, {len(flagged)} of {len(chunks)} chunks flagged"
          + (f" ({', '.join(names)})" if names else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
