"""The tables wired in: every sync materializes the layer's spreadsheets (and prunes the removed
ones), strata_ask routes a total / count / average over a named table to table_query, and
strata_verify re-runs a cited table request. Real sheets from the corpora, the embedded
PostgreSQL, the hash embedder; totals and counts are checked against pyarrow read independently."""

from __future__ import annotations

import shutil
from pathlib import Path

import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pytest

from stratakb_core.errors import ArgumentError
from stratakb_core.ingest.layer_tables import sync_layer_tables, tables_dir
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import (
    AskConfig,
    Engine,
    ask_tool,
    list_tables_tool,
    open_receipt,
    table_query_tool,
    verify_draft,
)
from stratakb_core.query.aggregation_router import match_route
from stratakb_core.query.tables import load_tables
from stratakb_core.store.connection import Database
from stratakb_core.store.table_registry import store_tables_dir
from tests.conftest import FIXTURES, hash_settings

# The corpora's real sheets, copied into tests/fixtures (sources and licences in its README).
SHEET_FILES = {"UNSD-en.csv": FIXTURES / "sheets" / "UNSD-en.csv",
               "country-codes.csv": FIXTURES / "sheets" / "country-codes.csv",
               "currency-codes-all.csv": FIXTURES / "currency-codes-all.csv"}
SHEETS = list(SHEET_FILES)


def arrow(name: str):
    """The CSV read by pyarrow alone, every column as text (the check does its own typing)."""
    path = SHEET_FILES[name]
    names = pacsv.read_csv(path).column_names
    return pacsv.read_csv(path, convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, "string"),
                                                                     strings_can_be_null=True))


def sync_sheets(db, settings, folder: Path) -> Path:
    folder.mkdir()
    for name in SHEETS:
        shutil.copy(SHEET_FILES[name], folder / name)
    shutil.copy(FIXTURES / "sheets" / "charts.xlsx", folder / "charts.xlsx")
    result = add_folder(db, settings, AddOptions(folder=folder, yes=True))
    assert not result.errors, result.errors
    assert not [n for n in result.notes if n.startswith("tables:")], result.notes
    return folder


# One store with the sheets synced, built once for the module: its tests only read it (the ask test
# adds interactions and receipts, which no test here reads). The test that changes the sheets syncs
# a store of its own (`own_store`).
@pytest.fixture(scope="module")
def settings(module_settings):
    return module_settings


@pytest.fixture(scope="module")
def sheets(settings, tmp_path_factory) -> Path:
    return sync_sheets(Database(settings), settings, tmp_path_factory.mktemp("shared") / "sheets")


@pytest.fixture
def own_store(database_url, tmp_path):
    """(db, settings, conn, sheets): a store of the test's own, its sheets synced."""
    own = hash_settings(database_url, tmp_path / "data")
    db = Database(own)
    conn = db.connect()
    try:
        yield db, own, conn, sync_sheets(db, own, tmp_path / "sheets")
    finally:
        conn.close()


def by_file(conn, settings) -> dict[str, dict]:
    return {t["file"] + (f"#{t['sheet']}" if t["sheet"] else ""): t
            for t in list_tables_tool(conn, settings)["tables"]}


def column(table: dict, header: str) -> str:
    return next(c["name"] for c in table["columns"] if c["header"] == header)


def test_a_sync_materializes_every_sheet_and_totals_equal_pyarrows(settings, conn, sheets):
    tables = by_file(conn, settings)
    assert {"UNSD-en.csv", "country-codes.csv", "currency-codes-all.csv"} <= set(tables)
    assert sum(1 for k in tables if k.startswith("charts.xlsx#")) == 7
    base = tables_dir(settings, conn)
    assert base.parent == settings.data_dir / "tables" and base.is_dir()
    for name in SHEETS:
        t = tables[name]
        ref = arrow(name)
        assert t["rows"] == ref.num_rows
        out = table_query_tool(conn, settings, {"table": t["table"], "measures": ["count"]})
        assert out["rows"] == [{"count": ref.num_rows}]
        assert out["citation"]["file"] == name and out["citation"]["rows"]
    countries = tables["country-codes.csv"]
    ref = arrow("country-codes.csv")
    for header in ("Geoname ID", "M49", "GAUL"):
        name = column(countries, header)
        values = pc.cast(ref[header], "int64")
        out = table_query_tool(conn, settings, {"table": countries["table"], "measures": [
            {"op": "sum", "column": name}, {"op": "min", "column": name}, {"op": "max", "column": name},
            {"op": "count_distinct", "column": name}]})
        assert out["rows"] == [{f"sum_{name}": pc.sum(values).as_py(), f"min_{name}": pc.min(values).as_py(),
                                f"max_{name}": pc.max(values).as_py(),
                                f"count_distinct_{name}": pc.count_distinct(values, mode="only_valid").as_py()}]
    # A code with leading zeros (M49 Code "012") stays text: a sum of it is refused.
    unsd = tables["UNSD-en.csv"]
    assert {"name": "m49_code", "header": "M49 Code", "type": "text"} in unsd["columns"]
    ref = arrow("UNSD-en.csv")
    # Counts by region equal pyarrow's group-by.
    region = column(unsd, "Region Name")
    grouped = table_query_tool(conn, settings, {"table": unsd["table"], "group_by": [region],
                                                "measures": ["count"], "limit": 1000})
    got = {r[region]: r["count"] for r in grouped["rows"]}
    counts = ref.group_by("Region Name").aggregate([([], "count_all")])
    want_groups = dict(zip(counts["Region Name"].to_pylist(), counts["count_all"].to_pylist(), strict=True))
    assert got == want_groups
    # A filtered count, as the CLI's --where builds it.
    europe = table_query_tool(conn, settings, {"table": unsd["table"], "measures": ["count"], "filters": [
        {"column": region, "op": "=", "value": "Europe"}]})
    assert europe["rows"] == [{"count": want_groups["Europe"]}]


def test_a_removed_or_changed_sheet_loses_its_old_tables(own_store):
    db, settings, conn, sheets = own_store
    base = tables_dir(settings, conn)
    layer = conn.execute("SELECT layer FROM documents LIMIT 1").fetchone()[0]
    before = {p.name for p in (base / layer).iterdir()}
    (sheets / "country-codes.csv").unlink()
    with open(sheets / "currency-codes-all.csv", "a", encoding="utf-8") as f:
        f.write("ATLANTIS,Atlantic Dollar,ATD,999,2,\n")
    result = add_folder(db, settings, AddOptions(folder=sheets, yes=True))
    assert not result.errors
    after = {p.name for p in (base / layer).iterdir()}
    current = {r[0] for r in conn.execute("SELECT content_hash FROM documents WHERE layer = %s", (layer,))}
    assert after == (current & (after | before)) and len(after) == len(before) - 1
    tables = by_file(conn, settings)
    assert "country-codes.csv" not in tables
    assert tables["currency-codes-all.csv"]["rows"] == arrow("currency-codes-all.csv").num_rows + 1
    # The step is idempotent: run again, nothing written, nothing pruned.
    again = sync_layer_tables(conn, layer, base)
    assert again.materialized == [] and again.pruned == 0 and again.reused == 3


def test_another_store_sharing_the_data_dir_has_its_own_tables_folder(settings, conn, sheets, pg_server):
    import psycopg

    with psycopg.connect(pg_server.get_uri(database="strata_template")) as other:
        assert store_tables_dir(settings.data_dir, other) != tables_dir(settings, conn)


def test_the_router_matches_questions_to_tables_and_columns(settings, conn, sheets):
    tables = list(load_tables(conn, tables_dir(settings, conn)).values())
    r = match_route("What is the total Geoname ID in country-codes.csv?", tables)
    assert r is not None and r.request["measures"] == [{"op": "sum", "column": "geoname_id"}]
    r = match_route("What is the average GAUL of the country codes?", tables)
    assert r is not None and r.request["measures"] == [{"op": "avg", "column": "gaul"}]
    assert match_route("What is the total M49 code in UNSD-en.csv?", tables) is None  # M49 Code is text there
    r = match_route("How many countries per region name are in the UNSD-en file?", tables)
    assert r is not None and r.request["measures"] == [{"op": "count"}]
    assert r.request["group_by"] == ["region_name"]
    r = match_route("How many distinct currencies are in currency-codes-all?", tables)
    assert r is not None and r.request["measures"] == [{"op": "count_distinct", "column": "currency"}]
    assert match_route("What does the currency code table say about the euro?", tables) is None
    assert match_route("What is the total Geoname ID?", tables) is None  # no table named
    assert match_route("What is the average region name in UNSD-en.csv?", tables) is None  # a text column


def test_ask_routes_a_total_and_verify_rechecks_the_computed_value(settings, conn, sheets):
    from stratakb_core.embedding import build_embedder

    engine = Engine(build_embedder(settings), AskConfig(reranking_enabled=False, data_dir=settings.data_dir))
    plain = ask_tool(engine, conn, "Which currency does Algeria use?")
    assert "computed" not in plain
    question = "What is the total Geoname ID in country-codes.csv?"
    resp = ask_tool(engine, conn, question)
    want = pc.sum(pc.cast(arrow("country-codes.csv")["Geoname ID"], "int64")).as_py()
    computed = resp["computed"]
    assert computed["routed_to"] == "table_query" and computed["result"]["rows"] == [{"sum_geoname_id": want}]
    assert "Computed over every row" in resp["note"]
    assert set(resp) >= {"status", "mode", "passages", "interaction_id"}
    detailed = ask_tool(engine, conn, question, response_format="detailed")
    assert detailed["computed"]["request"] == computed["request"]
    base = tables_dir(settings, conn)
    good = verify_draft(conn, f"The Geoname IDs add up to {want:,} [S1].", [computed["request"]],
                        token_budget=1500, tables_dir=base)
    assert good["status"] == "verified", good
    receipt = open_receipt(conn, good["receipt_id"])
    passage = receipt["passages"][0]
    assert passage["kind"] == "table_result" and passage["request"] == computed["request"]
    assert passage["result"]["rows"] == [{"sum_geoname_id": want}] and passage["file"] == "country-codes.csv"
    bad = verify_draft(conn, f"The Geoname IDs add up to {want + 1} [S1].", [computed["request"]],
                       token_budget=1500, tables_dir=base)
    assert bad["status"] == "flagged"
    gone = verify_draft(conn, "The total is 5 [S1].", [{"table": "d999.s1", "measures": ["count"]}],
                        token_budget=1500, tables_dir=base)
    assert gone["status"] != "verified"
    assert any(f.get("reason") == "table_error" for f in gone.get("flags", [])), gone


def test_bad_requests_are_invalid_arguments(settings, conn, sheets):
    t = by_file(conn, settings)["UNSD-en.csv"]
    cases = [
        ({"table": "d1.s1'; DROP TABLE documents; --", "measures": ["count"]}, "table"),
        ({"table": t["table"], "filters": [{"column": "nope", "op": "=", "value": 1}]}, "filters"),
        ({"table": t["table"], "measures": [{"op": "sum", "column": "region_name"}]}, "measures"),
        ("{not json", "request"),
        ([1, 2], "request"),
    ]
    for request, argument in cases:
        with pytest.raises(ArgumentError) as exc:
            table_query_tool(conn, settings, request)
        assert exc.value.code == "invalid_argument"
        assert exc.value.argument.startswith(argument), (request, exc.value.argument)
    # A group-by over every row comes back bounded, with a note.
    out = table_query_tool(conn, settings, {"table": t["table"], "group_by": [column(t, "Country or Area")],
                                            "limit": 5})
    assert len(out["rows"]) == 5 and out["truncated"] and "only the first 5" in out["note"]
