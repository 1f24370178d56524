"""Title queries over stored layers: the share whose first strata_search result is the titled section.

    python scripts/eval_titles.py --layer peps --layer rfc [--split test|dev|all] [--limit N] [--json]

Uses the store and model of the environment (STRATA_DATA_DIR or DATABASE_URL, EMBEDDING_*).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from stratakb_core.embedding import build_embedder  # noqa: E402
from stratakb_core.evaluation.titles import run_titles  # noqa: E402
from stratakb_core.query import AskConfig, Engine  # noqa: E402
from stratakb_core.settings import Settings  # noqa: E402
from stratakb_core.store.connection import Database  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layer", action="append", dest="layers", required=True)
    ap.add_argument("--split", choices=["dev", "test", "all"], default="test")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    settings = Settings.from_env()
    engine = Engine(build_embedder(settings), AskConfig(learning_enabled=False))
    with Database(settings).connection() as conn:
        report = run_titles(engine, conn, args.layers, args.split, args.limit)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        rate = report["first_hit_rate"]
        print(f"title queries ({report['split']} half, layers {', '.join(args.layers)}): {report['first_hits']}"
              f"/{report['queries']} first = {rate:.3f}" if rate is not None else "no title queries")
        for m in report["misses"][:20]:
            print(f"  miss: {m['layer']} {m['file']} {m['heading']!r} -> {m['got']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
