"""table_query over materialized tables (query.tables.run_table_query): results checked against
pyarrow.compute on the same data, every bad request refused with invalid_argument."""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from stratakb_core.errors import ArgumentError, TableQueryTimeout
from stratakb_core.ingest.tables import materialize_tables
from stratakb_core.query.table_sql import Limits
from stratakb_core.query.tables import TableInfo, run_table_query

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


@pytest.fixture(scope="module")
def sales(tmp_path_factory) -> tuple[TableInfo, pa.Table]:
    """20,000 sales rows with a blank line, so row numbers have a gap."""
    root = tmp_path_factory.mktemp("sales")
    rng = random.Random(5)
    path = root / "sales.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Order", "Region", "Qty", "Price", "Day", "Note"])
        for i in range(1, 20_001):
            if i == 101:
                w.writerow([])
            w.writerow([i, rng.choice(["north", "south", "east", "west", ""]), rng.randrange(1, 9),
                        f"{rng.uniform(1, 99):.2f}", f"2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}",
                        rng.choice(["urgent", "Urgent call", "later", ""])])
    ts = materialize_tables(path, root / "tables", "sales", rel_path="sales.csv")
    info = TableInfo("d7.s1", "sales", 7, "sales.csv", ts.tables[0])
    return info, pq.read_table(ts.tables[0].path)


def q(info: TableInfo, **request):
    return run_table_query(info, request)


def test_totals_and_counts_match_pyarrow(sales):
    info, data = sales
    out = q(info, measures=[{"op": "sum", "column": "qty"}, {"op": "avg", "column": "price"}, "count",
                            {"op": "min", "column": "day"}, {"op": "max", "column": "price"},
                            {"op": "count_distinct", "column": "region"}, {"op": "count", "column": "region"}])
    row = out["rows"][0]
    assert row["sum_qty"] == pc.sum(data["qty"]).as_py()
    assert row["avg_price"] == pytest.approx(pc.mean(data["price"]).as_py())
    assert row["count"] == data.num_rows == 20_000
    assert row["min_day"] == pc.min(data["day"]).as_py().isoformat()
    assert row["max_price"] == pc.max(data["price"]).as_py()
    assert row["count_distinct_region"] == 4
    assert row["count_region"] == data["region"].length() - data["region"].null_count
    # Every row was used: the citation is the two runs around the blank line.
    assert out["citation"] == {"table": "d7.s1", "file": "sales.csv", "sheet": None, "layer": "sales",
                               "rows": "2-101, 103-20002"}


def test_group_by_sums_match_pyarrow_and_cite_each_groups_rows(sales):
    info, data = sales
    out = q(info, filters=[{"column": "qty", "op": ">=", "value": 3},
                           {"column": "day", "op": "<", "value": "2024-07-01"}],
            group_by=["region"], measures=[{"op": "sum", "column": "qty"}, "count"],
            order_by=[{"by": "sum_qty", "desc": True}])
    july = pa.scalar("2024-07-01").cast(pa.date32())
    mask = pc.and_(pc.greater_equal(data["qty"], 3), pc.less(data["day"], july))
    expected = data.filter(mask).group_by("region").aggregate([("qty", "sum"), ("qty", "count")]).to_pylist()
    want = {r["region"]: (r["qty_sum"], r["qty_count"]) for r in expected}
    assert {r["region"]: (r["sum_qty"], r["count"]) for r in out["rows"]} == want
    assert [r["sum_qty"] for r in out["rows"]] == sorted((v[0] for v in want.values()), reverse=True)
    assert out["total_groups"] == 5 and out["truncated"] is False
    assert None in {r["region"] for r in out["rows"]}  # empty cells group as null
    north = next(r for r in out["rows"] if r["region"] == "north")
    rows = data.filter(pc.and_(mask, pc.equal(data["region"], "north")))["_row"].to_pylist()
    first = north["_rows"].split(", ")[0]
    assert int(first.split("-")[0]) == rows[0]
    assert "more ranges" in north["_rows"]


def test_filters(sales):
    info, data = sales
    got = q(info, filters=[{"column": "region", "op": "in", "value": ["north", "east"]},
                           {"column": "note", "op": "contains", "value": "URGENT"}], measures=["count"])
    notes = pc.match_substring(pc.utf8_lower(data["note"]), "urgent")
    region = pc.is_in(data["region"], pa.array(["north", "east"]))
    assert got["rows"][0]["count"] == pc.sum(pc.and_(notes, region)).as_py()
    nulls = q(info, filters=[{"column": "region", "op": "=", "value": None}], measures=["count"])
    assert nulls["rows"][0]["count"] == data["region"].null_count
    rows = q(info, filters=[{"column": "order", "op": "!=", "value": "1"},
                            {"column": "order", "op": "<=", "value": 3}],
             columns=["order", "qty"])
    assert [r["order"] for r in rows["rows"]] == [2, 3]
    assert rows["citation"]["rows"] == "3-4" and rows["total_rows"] == 2


def test_many_groups_are_cut_at_the_limit_with_the_total(sales):
    info, _ = sales
    out = q(info, group_by=["order"], limit=5)
    assert len(out["rows"]) == 5 and out["truncated"] is True and out["total_groups"] == 20_000
    assert "20,000 groups" in out["note"] and "limit 5" in out["note"]
    assert out["rows"][0] == {"order": 1, "count": 1, "_rows": "2"}


@pytest.mark.parametrize(("request_", "argument", "words"), [
    ({"filters": [{"column": "regoin", "op": "=", "value": "x"}]}, "filters[0].column",
     ["'regoin'", "order, region, qty, price, day, note"]),
    ({"measures": [{"op": "sum", "column": "region"}]}, "measures[0].column", ["sum needs a number column"]),
    ({"measures": [{"op": "avg", "column": "day"}]}, "measures[0].column", ["day is date"]),
    ({"group_by": ["nope"]}, "group_by[0]", ["unknown column 'nope'"]),
    ({"filters": [{"column": "qty", "op": "=", "value": "many"}]}, "filters[0].value", ["not a integer"]),
    ({"filters": [{"column": "qty", "op": "like", "value": 1}]}, "filters[0].op", ["unknown operator"]),
    ({"filters": [{"column": "qty", "op": "contains", "value": "1"}]}, "filters[0]", ["text column"]),
    ({"limit": 0}, "limit", ["from 1 to 1000"]),
    ({"limit": 10_000_000}, "limit", ["from 1 to 1000"]),
    ({"order_by": [{"by": "qty; DROP TABLE t"}]}, "order_by[0]", ["must be"]),
    ({"sql": "SELECT 1"}, "request", ["unknown field"]),
])
def test_bad_requests_are_refused_naming_the_argument(sales, request_, argument, words):
    info, _ = sales
    with pytest.raises(ArgumentError) as exc:
        run_table_query(info, request_)
    assert exc.value.code == "invalid_argument" and exc.value.argument == argument
    for w in words:
        assert w in exc.value.message


def test_a_column_name_with_quotes_is_only_ever_a_quoted_identifier(tmp_path):
    path = tmp_path / "odd.csv"
    path.write_text('"a"") OR 1=1 --",b\n1,2\n3,4\n', encoding="utf-8")
    t = materialize_tables(path, tmp_path / "tables", "odd", rel_path="odd.csv").tables[0]
    info = TableInfo("d1.s1", "odd", 1, "odd.csv", t)
    name = t.columns[0].name
    assert name == "a_or_1_1" and t.columns[0].header == 'a") OR 1=1 --'
    out = run_table_query(info, {"measures": [{"op": "sum", "column": name}]})
    assert out["rows"][0][f"sum_{name}"] == 4
    with pytest.raises(ArgumentError):
        run_table_query(info, {"measures": [{"op": "sum", "column": t.columns[0].header}]})


def test_a_query_past_its_time_limit_is_stopped(sales):
    info, _ = sales
    with pytest.raises(TableQueryTimeout):
        for _ in range(20):  # the watchdog fires within the first queries at a 1 microsecond limit
            run_table_query(info, {"group_by": ["order", "day", "note"], "measures": [
                {"op": "count_distinct", "column": "price"}]}, Limits(timeout_s=0.000001))
