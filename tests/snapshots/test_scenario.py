"""One representative scenario run once through the installed `stratakb` console script (and one
MCP call, for a receipt), on one database: add, sync with an edit, a new file, a removal, a skipped
and a failing file, search, ask, layers, events, verify-store, keys, a preset applied twice,
inspect, a receipt, reembed, and the usual errors.

Snapshots: each run's exit code and the shape of its --json output (keys and value types,
recursively; no values but its status and error code) or its text with ids, times and temp folders masked
(data/cli/runs.json); the event types with their payload keys and shapes (data/store/events.json);
the rows per table afterwards (data/store/table_rows.json).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
import yaml

from tests.snapshots._mcp import TIMEOUT, mcp_session, tool_body
from tests.snapshots._support import assert_snapshot, mask, merge_shapes, product_env, run_stratakb, shape
from tests.snapshots.conftest import copy_corpus

QUESTION = "How much notice ends the agreement?"
QUERY = "ninety days written notice"
# A port nothing listens on: the connection is refused at once.
UNREACHABLE_DB = "postgresql://strata:secretpw@127.0.0.1:9/nowhere?connect_timeout=2"


class Scenario:
    def __init__(self, database_url: str, work: Path) -> None:
        self.database_url = database_url
        self.work = work
        self.docs = copy_corpus(work)
        self.env = product_env(database_url, work / "data")
        self.records: list[dict[str, Any]] = []
        self.literals = {str(work): "<TMP>", database_url: "<DATABASE_URL>", str(self.docs): "<DOCS>"}
        self.outputs: dict[str, Any] = {}
        self._local = threading.local()

    def run(self, name: str, args: list[str], *, env: dict[str, str] | None = None) -> Any:
        """Run `stratakb args`; record the exit code and the JSON shape (--json) or the masked text."""
        p = run_stratakb(args, env or self.env, self.work)
        record: dict[str, Any] = {"name": name, "argv": mask(" ".join(["stratakb", *args]), self.literals),
                                  "exit_code": p.returncode}
        data = None
        if "--json" in args and p.stdout.strip():  # a usage error prints no JSON, even with --json
            try:
                data = json.loads(p.stdout)
            except json.JSONDecodeError:
                pytest.fail(f"{name}: stdout is not JSON (exit {p.returncode}):\n{p.stdout}\n{p.stderr}")
            # Values are left out, but for the status and error code: a closed set, part of the contract.
            if isinstance(data, dict):
                for key in ("status", "exit_code"):
                    if key in data:
                        record[f"json_{key}"] = data[key]
                if isinstance(data.get("error"), dict):
                    record["json_error_code"] = data["error"].get("code")
            record["stdout_shape"] = shape(data)
        else:
            record["stdout"] = mask(p.stdout, self.literals).splitlines()
        record["stderr"] = mask(p.stderr, self.literals).splitlines()
        self._lane_records().append(record)
        self.outputs[name] = data if data is not None else p.stdout
        return data

    def _lane_records(self) -> list[dict[str, Any]]:
        records = getattr(self._local, "records", None)
        return self.records if records is None else records

    def lanes(self, *lanes: Callable[[], None]) -> None:
        """Run the lanes at once, each a function running its steps in order; the records keep lane
        order whatever the timing. At most one lane may append events, so their order is fixed."""
        per_lane: list[list[dict[str, Any]]] = [[] for _ in lanes]

        def go(i: int) -> None:
            self._local.records = per_lane[i]
            try:
                lanes[i]()
            finally:
                self._local.records = None

        with ThreadPoolExecutor(max_workers=len(lanes)) as pool:
            for future in [pool.submit(go, i) for i in range(len(lanes))]:
                future.result()
        for records in per_lane:
            self.records.extend(records)

    def edit_docs(self) -> None:
        with open(self.docs / "contracts" / "acme-msa.md", "a", encoding="utf-8") as f:
            f.write("\n7.4 Notices go to the addresses in the order form.\n")
        (self.docs / "runbooks" / "failover-2024.md").unlink()
        (self.docs / "runbooks" / "cache-restart.md").write_text(
            "# Cache restart\n\nRestart the cache one node at a time and watch the hit rate.\n", encoding="utf-8")
        (self.docs / "broken.pdf").write_bytes(b"%PDF-1.4\nbroken")  # fails to parse: file_failed
        (self.docs / "tool.py").write_text("x = 1\n", encoding="utf-8")  # skipped as code

    def preset(self, description: str) -> Path:
        kit = self.work / "kit"
        (kit / "runbooks").mkdir(parents=True, exist_ok=True)
        (kit / "runbooks" / "failover.md").write_text(
            "# Failover\n\n## Promote\n\nPromote the replica, then repoint the application.\n", encoding="utf-8")
        data = {"name": "ops", "display_name": "Ops Runbooks", "description": description,
                "routing_patterns": [r"\brunbooks?\b"], "archived_patterns": ["archive/"],
                "sources": [{"name": "runbooks", "path": "runbooks"},
                            {"name": "postmortems", "path": "postmortems", "download": "https://wiki.example.com/pm"}]}
        path = kit / "preset.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return path

    def verify_receipt(self, ref: str) -> dict[str, Any]:
        """strata_verify over stdio: a draft quoting the passage `ref`; the verified result."""
        async def call() -> dict[str, Any]:
            with anyio.fail_after(TIMEOUT), open(self.work / "mcp-stderr.log", "w", encoding="utf-8") as log:
                async with mcp_session(self.env, self.work, log) as (session, _):
                    result = await session.call_tool("strata_verify", {
                        "draft": "Either party may end the agreement with \"ninety (90) days' written notice\" [S1].",
                        "passages": [ref]})
                    return tool_body(result)

        return anyio.run(call)


def _play(s: Scenario) -> None:
    docs = str(s.docs)
    unreachable = product_env(UNREACHABLE_DB, s.work / "data")
    s.run("add --dry-run (new layer)", ["add", docs, "--dry-run", "--json"])
    s.run("add (creates the layer)", ["add", docs, "--json"])
    s.run("add again (sync, unchanged)", ["add", docs, "--json"])
    s.run("add again, text", ["add", docs])
    s.edit_docs()
    s.run("add --dry-run (edit, new, removed, skipped, broken)", ["add", docs, "--dry-run", "--json"])
    s.run("add (sync: edit, new, removed, skipped, broken)", ["add", docs, "--json"])
    found = s.run("search", ["search", QUERY, "--json"])

    def searches() -> None:  # in order: each records an interaction, which later ones may learn from
        s.run("search, text", ["search", QUERY, "--top-k", "2"])
        s.run("ask (grounded, records an interaction)", ["ask", QUESTION, "--json"])
        s.run("ask --detailed", ["ask", QUESTION, "--detailed", "--json"])
        s.run("ask, text", ["ask", QUESTION, "--top-k", "2"])

    def receipts_and_keys() -> None:  # the one lane that appends events
        ref = next(r["ref"] for r in found["results"] if "ninety (90) days" in r["text"])
        verified = s.verify_receipt(ref)
        assert verified.get("status") == "verified" and verified.get("receipt_id"), verified
        s._lane_records().append({"name": "mcp strata_verify (issues a receipt)", "body_shape": shape(verified)})
        s.run("receipt", ["receipt", verified["receipt_id"], "--json"])
        s.run("receipt, text", ["receipt", verified["receipt_id"]])
        created = s.run("keys create", ["keys", "create", "--role", "viewer", "--name", "ci", "--json"])
        s.run("keys list", ["keys", "list", "--json"])
        s.run("keys revoke", ["keys", "revoke", created["id"], "--json"])
        s.run("keys revoke, unknown id", ["keys", "revoke", "key_000000000000", "--json"])

    def listings() -> None:
        s.run("layers", ["layers", "--json"])
        s.run("layers, text", ["layers"])
        s.run("inspect manifest", ["inspect", "manifest", "docs", "--json"])
        # Today this exits 1 with internal_error (a Decimal in the rows is not JSON serialisable).
        s.run("inspect chunks", ["inspect", "chunks", "docs", "--json"])
        s.run("inspect chunks, text", ["inspect", "chunks", "docs"])
        s.run("inspect flagged", ["inspect", "flagged", "--json"])

    def errors() -> None:
        s.run("usage error: missing argument", ["search"])
        s.run("usage error: unknown command", ["frob"])
        s.run("usage error: bad option value", ["add", docs, "--max-file-size", "-3", "--json"])
        s.run("keys create, bad role (usage error)", ["keys", "create", "--role", "root"])
        s.run("unknown layer", ["search", "fees", "--layer", "nope"])
        s.run("unknown layer, json", ["search", "fees", "--layer", "nope", "--json"])
        s.run("receipt, unknown id", ["receipt", "rcpt_" + "0" * 24, "--json"])
        s.run("add, missing folder", ["add", str(s.work / "missing"), "--json"])
        s.run("database unreachable, json", ["layers", "--json"], env=unreachable)

    s.lanes(searches, receipts_and_keys, listings, errors)

    preset = s.preset("Incident runbooks.")
    s.run("preset apply --dry-run", ["preset", "apply", str(preset), "--dry-run", "--json"])
    s.run("preset apply (creates)", ["preset", "apply", str(preset), "--json"])
    s.preset("Runbooks for the on-call rota.")
    s.run("preset apply (updates the description)", ["preset", "apply", str(preset), "--json"])

    s.run("reembed (same model)", ["reembed", "--json"])
    s.run("verify-store", ["verify-store"])
    s.run("events", ["events", "--json", "--limit", "1000"])


@pytest.fixture(scope="module")
def scenario(module_db, tmp_path_factory) -> Scenario:
    s = Scenario(module_db, tmp_path_factory.mktemp("scenario"))
    _play(s)
    return s


def test_cli_exit_codes_json_shapes_and_texts(scenario):
    assert_snapshot("cli/runs.json", scenario.records)


def test_event_types_with_their_payload_keys(scenario):
    with psycopg.connect(scenario.database_url) as c:
        rows = c.execute("SELECT type, actor, layer, payload FROM events ORDER BY seq").fetchall()
    assert rows
    types: dict[str, dict[str, Any]] = {}
    for type_, actor, layer, payload in rows:
        t = types.setdefault(type_, {"count": 0, "payload_keys": set(), "actors": set(), "has_layer": set(),
                                     "payload_shape": None})
        t["count"] += 1
        t["payload_keys"] |= set(payload)
        t["actors"].add(actor.split(":", 1)[0])  # cli:<user>, mcp:<user>: the kind, not the user
        t["has_layer"].add(layer is not None)
        t["payload_shape"] = merge_shapes(t["payload_shape"], shape(payload))
    summary = {
        name: {"count": t["count"], "payload_keys": sorted(t["payload_keys"]), "actors": sorted(t["actors"]),
               "has_layer": sorted(t["has_layer"]), "payload_shape": t["payload_shape"]}
        for name, t in sorted(types.items())
    }
    # Interactions come from the read lanes, which run beside the one lane that appends other events:
    # their place in the order is a race, so the order leaves them out (their count is in "types").
    in_order = _runs([r[0] for r in rows if r[0] != "interaction_recorded"])
    assert_snapshot("store/events.json", {"types_in_order": in_order, "types": summary})


def _runs(types: list[str]) -> list[str]:
    """The event types in seq order, repeats collapsed ('document_version_added x5')."""
    out: list[str] = []
    for t in types:
        if out and out[-1].split(" x")[0] == t:
            n = int(out[-1].split(" x")[1]) if " x" in out[-1] else 1
            out[-1] = f"{t} x{n + 1}"
        else:
            out.append(t)
    return out


def test_rows_per_table_after_the_scenario(scenario):
    with psycopg.connect(scenario.database_url) as c:
        tables = [r[0] for r in c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            " AND table_type = 'BASE TABLE' ORDER BY table_name")]
        counts = {t: c.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
    assert counts["events"] > 0 and counts["interactions"] > 0 and counts["receipts"] == 1
    assert_snapshot("store/table_rows.json", counts)

