"""Benchmark: materializing a 1,000,000-row CSV as a Parquet table, and table_query latency.

    python scripts/bench_tables.py [--rows 1000000] [--queries 50] [--json]

Generates a CSV in a temporary folder (deleted at the end), then times:

* the existing CSV parser (ingest.parsing.delimited.CsvParser) over the file: the parse ingest
  already does for every CSV;
* one pass of the reader the materializer uses (pyarrow's CSV reader, every column as text);
* materialize_tables (two reader passes: types, then values; typing, casting, Parquet writing);
* table_query over the table: varied aggregation requests (filters, group-bys, measures), each
  run once after one warm-up, p50 and p95.

CPU heavy: run it once, on an otherwise quiet machine if you can.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from stratakb_core.ingest.parsing.delimited import CsvParser
from stratakb_core.ingest.table_sources import ArrowCsv
from stratakb_core.ingest.tables import materialize_tables
from stratakb_core.query import Limits, TableInfo, run_table_query

REGIONS = ["north", "south", "east", "west", "central"]


def generate(path: Path, rows: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    day0 = dt.date(2020, 1, 1)
    days = [(day0 + dt.timedelta(days=i)).isoformat() for i in range(1500)]
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("Order ID,Region,Product,Quantity,Unit Price,Order Date,Paid\n")
        lines = []
        for i in range(1, rows + 1):
            lines.append(f"{i},{rng.choice(REGIONS)},P{rng.randrange(5000):04d},{rng.randrange(1, 50)},"
                         f"{rng.uniform(1, 500):.2f},{rng.choice(days)},{'true' if rng.random() < 0.5 else 'false'}\n")
            if len(lines) == 100_000:
                f.write("".join(lines))
                lines = []
        f.write("".join(lines))


def requests(n: int, seed: int = 11) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for i in range(n):
        kind = i % 5
        filters = []
        if rng.random() < 0.6:
            filters.append({"column": "region", "op": "in", "value": rng.sample(REGIONS, rng.randrange(1, 4))})
        if rng.random() < 0.5:
            since = f"202{rng.randrange(0, 4)}-0{rng.randrange(1, 10)}-01"
            filters.append({"column": "order_date", "op": ">=", "value": since})
        if rng.random() < 0.3:
            filters.append({"column": "quantity", "op": ">", "value": rng.randrange(1, 40)})
        if kind == 0:
            req = {"measures": [{"op": "sum", "column": "quantity"}, {"op": "avg", "column": "unit_price"}, "count"]}
        elif kind == 1:
            req = {"group_by": ["region"], "measures": [{"op": "sum", "column": "quantity"},
                                                        {"op": "max", "column": "unit_price"}]}
        elif kind == 2:
            req = {"group_by": ["paid", "region"], "measures": ["count", {"op": "min", "column": "order_date"}]}
        elif kind == 3:
            req = {"group_by": ["product"], "measures": [{"op": "sum", "column": "quantity"}],
                   "order_by": [{"by": "sum_quantity", "desc": True}], "limit": 10}
        else:
            req = {"measures": [{"op": "count_distinct", "column": "product"},
                                {"op": "max", "column": "order_date"}]}
        out.append({**req, "filters": filters})
    return out


def timed(fn: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _parse_seconds(src: Path) -> float:
    """The existing parser over the file's bytes (read before the clock starts)."""
    data = src.read_bytes()
    seconds, _parsed = timed(lambda: CsvParser().parse(data, src.name))
    return seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON (scripts/benchmarks.py)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-tables-") as tmp:
        src = Path(tmp) / "orders.csv"
        gen_s, _ = timed(lambda: generate(src, args.rows))
        size_mb = src.stat().st_size / 1e6
        parse_s = _parse_seconds(src)

        def one_pass() -> int:
            arrow = ArrowCsv(src, is_tsv=False)
            assert arrow.plan()
            return sum(len(n) for n, _cols in arrow.batches())

        read_s, read_rows = timed(one_pass)
        mat_s, tables = timed(lambda: materialize_tables(src, Path(tmp) / "tables", "bench", rel_path="orders.csv"))
        table = tables.tables[0]
        assert table.rows == args.rows == read_rows, (table.rows, read_rows)
        info = TableInfo("d1.s1", "bench", 1, "orders.csv", table)
        limits = Limits(threads=2)
        reqs = requests(args.queries)
        run_table_query(info, reqs[0], limits)  # warm-up: file cache, DuckDB import
        latencies = []
        for req in reqs:
            s, _ = timed(lambda req=req: run_table_query(info, req, limits))
            latencies.append(s * 1000)
        parquet_mb = Path(table.path).stat().st_size / 1e6

    if args.json:
        print(json.dumps({
            "_command": f"scripts/bench_tables.py --rows {args.rows} --queries {args.queries}",
            "rows": args.rows, "csv_mb": round(size_mb, 1), "parse_s": round(parse_s, 2),
            "reader_pass_s": round(read_s, 2), "materialize_s": round(mat_s, 2), "parquet_mb": round(parquet_mb, 1),
            "materialize_vs_parse": round(mat_s / parse_s, 2), "rows_per_s": round(table.rows / mat_s),
            "queries": len(latencies), "query_p50_ms": round(statistics.median(latencies), 1),
            "query_p95_ms": round(percentile(latencies, 95), 1), "query_max_ms": round(max(latencies), 1)}))
        return 0
    rows = [
        ("CSV generated", f"{args.rows:,} rows, {size_mb:.1f} MB", f"{gen_s:.2f} s"),
        ("existing CsvParser.parse", "whole file (keeps 10,000 rows)", f"{parse_s:.2f} s"),
        ("reader pass (pyarrow CSV, text)", f"{read_rows:,} rows", f"{read_s:.2f} s"),
        ("materialize_tables", f"{table.rows:,} rows -> {parquet_mb:.1f} MB Parquet", f"{mat_s:.2f} s"),
        ("  vs existing parser", "target <= 1.3x", f"{mat_s / parse_s:.2f}x"),
        ("  vs one reader pass", "(two passes + typing + writing)", f"{mat_s / read_s:.2f}x"),
        ("  throughput", "", f"{table.rows / mat_s:,.0f} rows/s"),
        ("table_query p50", f"{len(latencies)} aggregation requests", f"{statistics.median(latencies):.0f} ms"),
        ("table_query p95", "target p50 < 200 ms on 2 cores", f"{percentile(latencies, 95):.0f} ms"),
        ("table_query max", "", f"{max(latencies):.0f} ms"),
    ]
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print(f"{r[0]:<{width[0]}}  {r[1]:<{width[1]}}  {r[2]:>{width[2]}}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
