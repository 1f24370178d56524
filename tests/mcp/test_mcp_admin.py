"""Roles and the layer-building tools through a real MCP client over stdio (`stratakb mcp`)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import anyio
import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import REPO, cli_env, run_cli, write
from tests.mcp.test_mcp_stdio import TIMEOUT, error_of, mcp_session, ok

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def server_log(tmp_path):
    with open(tmp_path / "server-stderr.log", "w+", encoding="utf-8") as f:
        yield f


@pytest.fixture
def root(tmp_path) -> Path:
    """An ingest root holding a copy of the sample documents under docs/."""
    r = tmp_path / "root"
    shutil.copytree(REPO / "stratakb_core" / "sample", r / "docs")
    return r


def env(database_url: str, role: str, root: Path | None = None, **extra: str) -> dict[str, str]:
    more = {"STRATA_MCP_ROLE": role, "RERANKING_ENABLED": "false", **extra}
    if root is not None:
        more["STRATA_INGEST_ROOTS"] = str(root)
    return cli_env(database_url, **more)


async def create_layer(session, name: str = "team", **more) -> dict:
    return ok(await session.call_tool("strata_create_knowledge_layer", {
        "name": name, "display_name": "Team documents", "description": "Contracts, runbooks and policies.",
        **more}))


# ---------------------------------------------------------------------------------------------
# Roles
# ---------------------------------------------------------------------------------------------


async def test_a_viewer_is_refused_the_admin_and_operator_tools_with_forbidden_naming_the_role(
    database_url, root, server_log
):
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env(database_url, "viewer", root), server_log) as session:
            create = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": "T", "description": "d"}))
            health = error_of(await session.call_tool("strata_admin_health", {}))
            archived = error_of(await session.call_tool("strata_set_archived_patterns",
                                                        {"layer": "team", "patterns": []}))
            ingest = error_of(await session.call_tool("strata_ingest_documents",
                                                      {"layer": "team", "path": str(root / "docs")}))
            # Refused before the arguments are read: malformed ones get the same answer.
            malformed = error_of(await session.call_tool("strata_apply_preset", {"path": 5}))
            layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
            search = ok(await session.call_tool("strata_search", {"query": "fees"}))
    for err in (create, health, archived, malformed):
        assert err["code"] == "forbidden" and err["role"] == "viewer" and err["required_role"] == "admin"
        assert "needs the admin role" in err["message"] and "viewer role" in err["message"]
    assert ingest["code"] == "forbidden" and ingest["required_role"] == "operator"
    assert layers["layers"] == [] and search["status"] == "ok"


async def test_an_operator_ingests_but_cannot_create_layers_or_set_patterns(database_url, root, server_log):
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            await create_layer(session)
        async with mcp_session(env(database_url, "operator", root), server_log) as session:
            create = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "other", "display_name": "O", "description": "d"}))
            archived = error_of(await session.call_tool("strata_set_archived_patterns",
                                                        {"layer": "team", "patterns": ["archive/"]}))
            body = ok(await session.call_tool("strata_ingest_documents",
                                              {"layer": "team", "path": str(root / "docs")}))
            layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
    assert create["code"] == archived["code"] == "forbidden"
    assert body["files_added"] == 5
    (layer,) = layers["layers"]
    assert "archived_patterns" not in layer and "routing_patterns" not in layer


async def test_malformed_arguments_are_answered_with_a_json_error_naming_the_argument(database_url, root,
                                                                                    server_log):
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            wrong_type = error_of(await session.call_tool("strata_ingest_documents", {"layer": "team", "path": 5}))
            missing = error_of(await session.call_tool("strata_ingest_documents", {"path": str(root)}))
            not_a_list = error_of(await session.call_tool("strata_set_archived_patterns",
                                                          {"layer": "team", "patterns": "archive/"}))
            mode = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": "T", "description": "d", "answer_mode": "chatty"}))
            top_k = error_of(await session.call_tool("strata_ask", {"question": "fees", "top_k": "many"}))
    assert wrong_type["code"] == "invalid_argument" and wrong_type["argument"] == "path"
    assert missing["argument"] == "layer" and "Field required" in missing["message"]
    assert not_a_list["argument"] == "patterns" and "list" in not_a_list["message"]
    assert mode["argument"] == "answer_mode"
    assert top_k["argument"] == "top_k"


# ---------------------------------------------------------------------------------------------
# strata_create_knowledge_layer
# ---------------------------------------------------------------------------------------------


async def test_create_layer_refuses_a_bad_name_and_a_taken_name(database_url, db, settings, docs, server_log):
    add_folder(db, settings, AddOptions(folder=docs))  # layer "docs", made by stratakb add
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env(database_url, "admin"), server_log) as session:
            bad = [error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": name, "display_name": "T", "description": "d"})) for name in ("Team Docs", "-x", "a" * 64)]
            taken = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "docs", "display_name": "T", "description": "d"}))
            empty = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": " ", "description": "d"}))
            made = await create_layer(session, answer_mode="extractive")
            again = error_of(await session.call_tool("strata_create_knowledge_layer", {
                "name": "team", "display_name": "T", "description": "d"}))
            layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
    for err in bad:
        assert err["code"] == "invalid_argument" and err["argument"] == "name"
        assert "lower-case letters" in err["message"]
    assert taken["code"] == again["code"] == "name_taken" and "'docs' is taken" in taken["message"]
    assert empty["argument"] == "display_name"
    assert made["layer"] == {"name": "team", "display_name": "Team documents",
                             "description": "Contracts, runbooks and policies.", "answer_mode": "extractive",
                             "origin": "tool", "documents": 0, "chunks": 0}
    team = next(la for la in layers["layers"] if la["name"] == "team")
    assert team["origin"] == "tool" and team["answer_mode"] == "extractive" and team["documents"] == 0


# ---------------------------------------------------------------------------------------------
# strata_ingest_documents
# ---------------------------------------------------------------------------------------------


async def test_ingest_syncs_a_folder_and_reports_the_outcome_counts(database_url, root, server_log):
    folder = root / "docs"
    with anyio.fail_after(TIMEOUT * 2):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            await create_layer(session)
        async with mcp_session(env(database_url, "operator", root), server_log) as session:
            first = ok(await session.call_tool("strata_ingest_documents", {"layer": "team", "path": str(folder)}))
            again = ok(await session.call_tool("strata_ingest_documents", {"layer": "team", "path": str(folder)}))
            write(folder, "runbooks/database-failover.md",
                  (folder / "runbooks/database-failover.md").read_text() + "\n\nStep 9: tell the on-call lead.\n")
            (folder / "retention-policy.txt").unlink()
            write(folder, "notes/new.md", "# New\n\nA new note about backups.\n")
            write(folder, "client_secret.json", '{"secret": "x"}')
            write(folder, "empty.md", "")
            write(folder, "reports/broken.pdf", b"%PDF-1.4 not really a PDF")
            synced = ok(await session.call_tool("strata_ingest_documents", {"layer": "team", "path": str(folder)}))
            answer = ok(await session.call_tool("strata_search", {"query": "backups note", "layers": ["team"]}))
    assert first["status"] == "ok" and first["source"] == "new" and first["kind"] == "folder"
    assert (first["files_added"], first["files_updated"], first["files_unchanged"], first["files_removed"]) == (
        5, 0, 0, 0)
    assert first["errors"] is None and first["flagged"] is None and first["chunks_stored"] > 0
    assert again["source"] == "existing"
    assert (again["files_added"], again["files_updated"], again["files_unchanged"]) == (0, 0, 5)
    assert synced["status"] == "partial"
    assert synced["files_added"] == 1 and synced["added"] == ["notes/new.md"]
    assert synced["files_updated"] == 1 and synced["updated"] == ["runbooks/database-failover.md"]
    assert synced["files_unchanged"] == 3 and synced["files_removed"] == 1
    assert synced["removed"] == [{"file": "retention-policy.txt", "reason": "deleted"}]
    assert synced["files_skipped"] == 2
    assert {(n["file"], n["reason"]) for n in synced["skipped"]} == {("client_secret.json", "secret"),
                                                                     ("empty.md", "no_text")}
    (err,) = synced["errors"]
    assert err["file"] == "reports/broken.pdf" and err["reason"] == "parse_error" and err["message"]
    assert str(root) not in json.dumps(synced["errors"])
    assert any("notes/new.md" == r["file"] for r in answer["results"])
    # Everything the tools wrote is in the event log: a replay gives the same tables.
    verify = run_cli(["verify-store"], cli_env(database_url))
    assert verify.returncode == 0, verify.stdout


async def test_ingest_refuses_paths_it_may_not_read(database_url, root, tmp_path, server_log):
    outside = tmp_path / "outside"
    write(outside, "private.md", "# Private\n\nNot for the server.\n")
    os.symlink(outside, root / "link-out")
    os.symlink(outside / "private.md", root / "docs" / "private-link.md")
    with anyio.fail_after(TIMEOUT):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            await create_layer(session)

            async def ingest(path: str, layer: str = "team") -> dict:
                return error_of(await session.call_tool("strata_ingest_documents", {"layer": layer, "path": path}))

            relative = await ingest("docs")
            out = await ingest(str(outside))
            dotdot = await ingest(f"{root}/docs/../../outside")
            link = await ingest(str(root / "link-out"))
            file_link = await ingest(str(root / "docs" / "private-link.md"))
            missing = await ingest(str(root / "nowhere"))
            missing_outside = await ingest(str(tmp_path / "nowhere"))
            unknown = await ingest(str(root / "docs"), layer="nope")
        async with mcp_session(env(database_url, "admin"), server_log) as session:  # no roots configured
            unconfigured = error_of(await session.call_tool("strata_ingest_documents",
                                                            {"layer": "team", "path": str(root / "docs")}))
            layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
    assert relative["code"] == "invalid_argument" and relative["argument"] == "path"
    assert "absolute path" in relative["message"]
    for err in (out, dotdot, link, file_link, missing_outside):
        assert err["code"] == "outside_ingest_roots" and err["argument"] == "path", err
        assert "STRATA_INGEST_ROOTS" in err["message"]
    assert "symbolic link" in link["message"] and "symbolic link" in file_link["message"]
    # Outside the roots a missing path reads like any other: nothing is said about what exists there.
    assert "exist" not in missing_outside["message"]
    assert missing["code"] == "path_not_found"
    assert unknown["code"] == "invalid_argument" and unknown["argument"] == "layer"
    assert unknown["known_layers"] == ["team"]
    assert unconfigured["code"] == "ingest_roots_not_configured" and "STRATA_INGEST_ROOTS" in unconfigured["message"]
    assert layers["layers"][0]["documents"] == 0  # nothing was read


async def test_ingesting_a_single_file_never_removes_other_files(database_url, root, server_log):
    folder = root / "docs"
    with anyio.fail_after(TIMEOUT * 2):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            await create_layer(session)

            async def ingest(path: Path) -> dict:
                return ok(await session.call_tool("strata_ingest_documents", {"layer": "team", "path": str(path)}))

            one = await ingest(folder / "runbooks" / "database-failover.md")
            # Its folder became the layer's source, holding just that file; a sibling joins it.
            two = await ingest(folder / "runbooks" / "failover-2024.md")
            (folder / "runbooks" / "failover-2024.md").write_text("")
            emptied = await ingest(folder / "runbooks" / "failover-2024.md")
            kept = ok(await session.call_tool("strata_list_knowledge_layers", {}))
            overlap = error_of(await session.call_tool("strata_ingest_documents",
                                                       {"layer": "team", "path": str(folder)}))
            await create_layer(session, "other")
            taken = error_of(await session.call_tool("strata_ingest_documents", {
                "layer": "other", "path": str(folder / "runbooks" / "database-failover.md")}))
    assert one["kind"] == "file" and one["source"] == "new" and one["added"] == ["database-failover.md"]
    assert two["source"] == "existing" and two["added"] == ["failover-2024.md"] and two["files_removed"] == 0
    assert emptied["files_removed"] == 1 and emptied["removed"] == [{"file": "failover-2024.md",
                                                                     "reason": "no_text"}]
    assert kept["layers"][0]["documents"] == 1
    assert overlap["code"] == "folder_overlaps"
    assert taken["code"] == "folder_taken" and taken["layer"] == "team" and "'team'" in taken["message"]


# ---------------------------------------------------------------------------------------------
# strata_set_archived_patterns
# ---------------------------------------------------------------------------------------------


async def test_archived_patterns_label_citations_and_only_admins_see_them(database_url, db, settings, docs,
                                                                        server_log):
    add_folder(db, settings, AddOptions(folder=docs))
    question = {"question": "What interest do late payments carry?", "layers": ["docs"]}
    with anyio.fail_after(TIMEOUT * 2):
        async with mcp_session(env(database_url, "admin"), server_log) as session:
            refused = [error_of(await session.call_tool("strata_set_archived_patterns",
                                                         {"layer": "docs", "patterns": ["runbooks/", p]}))
                       for p in ("# a comment", "/", "[abc", "a*/b*/c*/d*", "two\nlines")]
            unknown = error_of(await session.call_tool("strata_set_archived_patterns",
                                                       {"layer": "nope", "patterns": []}))
            before = ok(await session.call_tool("strata_ask", question))
            set_ = ok(await session.call_tool("strata_set_archived_patterns",
                                              {"layer": "docs", "patterns": ["contracts/", "!keep.md"]}))
            after = ok(await session.call_tool("strata_ask", question))
            admin_view = ok(await session.call_tool("strata_list_knowledge_layers", {}))
        async with mcp_session(env(database_url, "viewer"), server_log) as session:
            viewer_ask = ok(await session.call_tool("strata_ask", question))
            viewer_view = ok(await session.call_tool("strata_list_knowledge_layers", {}))
        async with mcp_session(env(database_url, "admin"), server_log) as session:
            cleared = ok(await session.call_tool("strata_set_archived_patterns", {"layer": "docs", "patterns": []}))
            plain = ok(await session.call_tool("strata_ask", question))
    for i, err in enumerate(refused):
        assert err["code"] == "invalid_argument" and err["argument"] == "patterns" and err["index"] == 1, i
        assert err["message"].startswith("patterns[1]")
    assert "matches nothing" in refused[0]["message"] and "wildcards" in refused[3]["message"]
    assert "line break" in refused[4]["message"]
    assert unknown["argument"] == "layer"

    def citation(body: dict) -> dict:
        top = body["passages"][0]["citation"]
        assert top["file"] == "contracts/acme-msa.md"
        return top

    assert "archived" not in citation(before)
    assert set_["changed"] is True and set_["archived_patterns"] == ["contracts/", "!keep.md"]
    assert citation(after)["archived"] is True and citation(viewer_ask)["archived"] is True
    assert admin_view["layers"][0]["archived_patterns"] == ["contracts/", "!keep.md"]
    assert "archived_patterns" not in viewer_view["layers"][0]
    assert cleared["previous"] == ["contracts/", "!keep.md"] and cleared["archived_patterns"] == []
    assert "archived" not in citation(plain)


# ---------------------------------------------------------------------------------------------
# strata_admin_health
# ---------------------------------------------------------------------------------------------


async def test_admin_health_reports_the_store_the_model_and_its_column_and_the_reranker(
    database_url, db, settings, docs, server_log
):
    add_folder(db, settings, AddOptions(folder=docs))  # hash-384 is now the active model
    with anyio.fail_after(TIMEOUT * 2):
        async with mcp_session(env(database_url, "admin"), server_log) as session:
            healthy = ok(await session.call_tool("strata_admin_health", {}))
        async with mcp_session(env(database_url, "admin", EMBEDDING_MODEL="hash-256",
                                   RERANKING_ENABLED="true", RERANKING_MODEL="/nonexistent/model"),
                               server_log) as session:
            other = ok(await session.call_tool("strata_admin_health", {}))
        async with mcp_session(env(database_url, "admin", RERANKING_ENABLED="true",
                                   RERANKING_MODEL="/nonexistent/model"), server_log) as session:
            await session.call_tool("strata_ask", {"question": "What interest do late payments carry?"})
            after_ask = ok(await session.call_tool("strata_admin_health", {}))
    store = healthy["store"]
    assert healthy["status"] == "ok" and healthy["problems"] == []
    assert store["reachable"] is True and store["kind"] == "external"
    assert store["server_version"] and store["pgvector_version"]
    assert {1, 2} <= set(store["migrations_applied"]) and store["migrations_pending"] == []
    assert store["layers"] == 1 and store["documents"] == 5 and store["chunks"] > 0
    assert store["last_event_seq"] > 0 and "@" not in store["location"]
    emb = healthy["embedding"]
    assert emb["configured_model"] == emb["active_model"] == "hash-384"
    assert emb["configured_dimensions"] == emb["active_dimensions"] == emb["column_dimensions"] == 384
    assert emb["vector_table"] and emb["matches"] is True
    assert healthy["reranker"] == {"enabled": False, "model": settings.reranking_model, "state": "disabled"}
    assert healthy["parse_sandbox"]["timeout_seconds"] > 0 and healthy["parse_sandbox"]["memory_mb"] > 0

    emb = other["embedding"]
    assert other["status"] == "degraded" and emb["matches"] is False
    assert emb["configured_model"] == "hash-256" and emb["active_model"] == "hash-384"
    assert emb["configured_dimensions"] == 256 and emb["column_dimensions"] == 384
    assert any("active model is hash-384 but EMBEDDING_MODEL is hash-256" in p for p in emb["problems"])
    assert any("holds 384 dimensions" in p and "gives 256" in p for p in emb["problems"])
    assert not any("refused" in p for p in emb["problems"])
    assert other["reranker"] == {"enabled": True, "model": "/nonexistent/model", "state": "not loaded yet"}
    assert after_ask["reranker"]["state"].startswith("unavailable: ")
    assert "/nonexistent/model" in after_ask["reranker"]["state"] and after_ask["status"] == "degraded"


# ---------------------------------------------------------------------------------------------
# strata_apply_preset
# ---------------------------------------------------------------------------------------------


PRESET = """\
name: runbooks
display_name: Ops Runbooks
description: Incident runbooks and failover guides.
archived_patterns: ['*-2024.md']
sources:
  - name: runbooks
    path: docs/runbooks
"""


async def test_apply_preset_reads_only_inside_the_ingest_roots(database_url, root, tmp_path, server_log):
    write(root, "runbooks.yaml", PRESET)
    write(tmp_path / "elsewhere", "runbooks.yaml", PRESET)
    shutil.copytree(root / "docs", tmp_path / "elsewhere" / "docs")
    with anyio.fail_after(TIMEOUT * 2):
        async with mcp_session(env(database_url, "admin", root), server_log) as session:
            dry = ok(await session.call_tool("strata_apply_preset",
                                             {"path": str(root / "runbooks.yaml"), "dry_run": True}))
            outside = error_of(await session.call_tool("strata_apply_preset",
                                                       {"path": str(tmp_path / "elsewhere" / "runbooks.yaml")}))
            docs_root = error_of(await session.call_tool("strata_apply_preset", {
                "path": str(root / "runbooks.yaml"), "docs_root": str(tmp_path / "elsewhere")}))
            applied = ok(await session.call_tool("strata_apply_preset", {"path": str(root / "runbooks.yaml")}))
            layers = ok(await session.call_tool("strata_list_knowledge_layers", {}))
    assert dry["dry_run"] is True and dry["layer_check"] == "would_create"
    assert outside["code"] == "outside_ingest_roots" and outside["argument"] == "path"
    assert docs_root["code"] == "outside_ingest_roots" and docs_root["argument"] == "docs_root"
    assert applied["status"] == "ok" and applied["layer"] == "runbooks" and applied["files_added"] == 2
    (layer,) = layers["layers"]
    assert layer["name"] == "runbooks" and layer["archived_patterns"] == ["*-2024.md"]


async def test_every_tool_the_server_offers_has_a_role_in_the_table():
    from stratakb_core.mcp import roles
    from stratakb_core.mcp.server import create_server

    offered = {t.name for t in await create_server().list_tools()}
    assert offered - set(roles.TOOL_ROLES) == set()
    assert {name for name in offered if roles.TOOL_ROLES[name] == "viewer"} >= {
        "strata_ask", "strata_search", "strata_list_knowledge_layers"}


# ---------------------------------------------------------------------------------------------
# The write path's rules hold for the ingest tool's function (layer_admin.ingest_path)
# ---------------------------------------------------------------------------------------------


def ingest_setup(settings, db, root: Path):
    from dataclasses import replace

    from stratakb_core.embedding import build_embedder
    from stratakb_core.ingest import layer_admin

    within = replace(settings, ingest_roots=(str(root),))
    layer_admin.create_layer(db, "team", "Team documents", "Contracts, runbooks and policies.", actor="test")
    return within, build_embedder(within)


async def test_an_interrupted_ingest_keeps_what_it_stored_and_records_the_interrupt(settings, db, conn, root,
                                                                                    monkeypatch):
    from stratakb_core.ingest import layer_admin, source_sync
    from stratakb_core.store import events as ev
    from tests.helpers.write_path import documents, events_of, interrupt_after

    monkeypatch.setattr(source_sync, "GROUP_CHUNKS", 1)  # every file is its own group
    within, embedder = ingest_setup(settings, db, root)
    outcome = layer_admin.ingest_path(db, within, "team", str(root / "docs"), embedder=embedder, actor="test",
                                      progress=interrupt_after(2))
    body = outcome.as_dict()
    assert body["status"] == "interrupted" and body["files_added"] == 2
    assert len(documents(conn, "team")) == 2
    finished = events_of(conn, ev.RUN_FINISHED)
    assert len(finished) == 1 and finished[0].payload["interrupted"] is True
    again = layer_admin.ingest_path(db, within, "team", str(root / "docs"), embedder=embedder, actor="test")
    assert again.as_dict()["status"] == "ok" and len(documents(conn, "team")) == 5


async def test_a_failing_file_in_an_ingested_folder_keeps_its_chunks_and_is_recorded(settings, db, conn, root):
    from stratakb_core.ingest import layer_admin
    from stratakb_core.store import events as ev
    from tests.helpers.write_path import break_file, chunks_of, events_of

    within, embedder = ingest_setup(settings, db, root)
    layer_admin.ingest_path(db, within, "team", str(root / "docs"), embedder=embedder, actor="test")
    before = chunks_of(conn, "team", "retention-policy.txt")
    break_file(root / "docs" / "retention-policy.txt")
    write(root / "docs", "runbooks/new.md", "# New runbook\n\nRestart the cache with care.\n")
    body = layer_admin.ingest_path(db, within, "team", str(root / "docs"), embedder=embedder, actor="test").as_dict()
    assert body["status"] == "partial" and body["added"] == ["runbooks/new.md"]
    assert [(e["file"], e["reason"]) for e in body["errors"]] == [("retention-policy.txt", "parse_error")]
    assert chunks_of(conn, "team", "retention-policy.txt") == before
    assert [e.payload["path"] for e in events_of(conn, ev.FILE_FAILED)] == ["retention-policy.txt"]
