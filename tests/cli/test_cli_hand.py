"""The command line as its users expect it: help on every option with examples, --version, shell
completion generated from the parser, verify with a receipt, ask --detailed in text, events newest
first, verify-store --json, status, the wording of counts and lines, and progress at a terminal."""

from __future__ import annotations

import argparse
import json
import re
import subprocess

import pytest

from stratakb_core import __version__
from stratakb_core.cli.parser import EXAMPLES, build_parser, walk_parsers
from stratakb_core.cli.render import plural
from stratakb_core.query import lines_label
from tests.cli.test_cli_terminal import run_in_pty
from tests.conftest import cli_env, run_cli, write


def test_every_option_and_positional_has_help_and_every_command_examples() -> None:
    missing, no_examples = [], []
    for path, parser in walk_parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [f"{' '.join(path)} {a.dest}" for a in action._choices_actions if not a.help]
            elif not action.help:
                missing.append(f"{' '.join(path)} {action.option_strings or action.dest}")
        if " ".join(path) not in EXAMPLES or "examples:" not in (parser.format_help()):
            no_examples.append(" ".join(path) or "stratakb")
    assert not missing, missing
    assert not no_examples, no_examples


def test_version_and_completion_scripts(tmp_path) -> None:
    env = cli_env(None)
    p = run_cli(["--version"], env)
    assert p.returncode == 0 and p.stdout.strip() == f"stratakb {__version__}"
    bash = run_cli(["completion", "bash"], env)
    assert bash.returncode == 0 and "complete -o filenames -F _stratakb stratakb" in bash.stdout
    (tmp_path / "c.bash").write_text(bash.stdout, encoding="utf-8")
    probe = ("source c.bash; t(){ COMP_WORDS=(\"$@\"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _stratakb; "
             "echo \"${COMPREPLY[*]}\"; }; t stratakb ve; t stratakb keys create --role ''; t stratakb ask --mo")
    out = subprocess.run(["bash", "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=30).stdout
    assert out.splitlines() == ["verify verify-store", "viewer operator admin", "--mode"]
    for shell, marker in (("zsh", "#compdef stratakb"), ("fish", "complete -c stratakb -n '__fish_use_subcommand'"
                                                                   " -a status")):
        p = run_cli(["completion", shell], env)
        assert p.returncode == 0 and marker in p.stdout, shell


def test_wording_of_lines_and_counts() -> None:
    assert lines_label("10-10") == "line 10" and lines_label("10") == "line 10"
    assert lines_label("10-12") == "lines 10-12"
    assert plural(1, "quote") == "1 quote" and plural(2, "quote") == "2 quotes" and plural(0, "fact") == "0 facts"


def test_a_first_ingest_counts_duplicate_chunks_as_duplicates(database_url, tmp_path) -> None:
    folder = tmp_path / "dup"
    para = "The same paragraph, repeated word for word across the file, about retention. " * 12
    write(folder, "dup.md", "\n\n".join(f"# Part {i}\n\n{para}" if i == 0 else para for i in range(6)))
    p = run_cli(["add", str(folder)], cli_env(database_url))
    assert p.returncode == 0, p.stderr
    chunks = re.search(r"Chunks: .*", p.stdout).group(0)
    assert "duplicate" in chunks and "reused" not in chunks, chunks


def _draft_for(passage: dict) -> str:
    sentence = next(s for s in re.split(r"(?<=[.!?])\s+", passage["text"]) if 25 < len(s) < 200 and '"' not in s)
    return f'The documents say "{sentence.strip()}" [S1].\n'


def test_verify_issues_a_receipt_and_ask_detailed_shows_scores(database_url, docs, tmp_path) -> None:
    env = cli_env(database_url, RERANKING_ENABLED="false")
    assert run_cli(["add", str(docs)], env).returncode == 0
    question = "How much notice do we need to give to end the agreement?"
    asked = json.loads(run_cli(["ask", question, "--json"], env).stdout)
    draft = tmp_path / "draft.md"
    draft.write_text(_draft_for(asked["passages"][0]), encoding="utf-8")

    by_refs = run_cli(["verify", str(draft), "--passages", *[p["ref"] for p in asked["passages"]]], env)
    assert by_refs.returncode == 0, by_refs.stderr
    assert re.search(r"Status: verified \((1 quote|\d+ quotes) and (1 fact|\d+ facts) checked\)", by_refs.stdout)
    rid = re.search(r"Receipt: (rcpt_\w+)", by_refs.stdout).group(1)
    assert run_cli(["receipt", rid], env).returncode == 0

    by_interaction = json.loads(run_cli(["verify", str(draft), "--interaction", asked["interaction_id"], "--json"],
                                        env).stdout)
    assert by_interaction["status"] == "verified" and by_interaction["receipt_id"].startswith("rcpt_")
    unknown = run_cli(["verify", str(draft), "--interaction", "int_nope"], env)
    assert unknown.returncode == 2 and "--passages" in unknown.stderr
    assert run_cli(["verify", str(tmp_path / "missing.md"), "--passages", "d1:0-5"], env).returncode == 2

    detailed = run_cli(["ask", question, "--detailed"], env)
    assert detailed.returncode == 0
    for part in ("Confidence:", "Query variants:", "Layers searched:", "Scores (retrieved chunks", "Sources:"):
        assert part in detailed.stdout, part
    assert "lines 10-10" not in detailed.stdout


def test_events_newest_first_verify_store_json_and_status(database_url, docs) -> None:
    env = cli_env(database_url)
    assert run_cli(["add", str(docs)], env).returncode == 0
    newest = [e["seq"] for e in json.loads(run_cli(["events", "--json", "--limit", "5"], env).stdout)["events"]]
    oldest = [e["seq"] for e in json.loads(run_cli(["events", "--json", "--limit", "5", "--oldest-first"],
                                                   env).stdout)["events"]]
    assert newest == sorted(newest, reverse=True) and oldest == sorted(oldest) and newest[0] > oldest[-1]
    vs = run_cli(["verify-store", "--json"], env)
    assert vs.returncode == 0 and json.loads(vs.stdout) == {"status": "ok", "differences": []}
    status = json.loads(run_cli(["status", "--json"], env).stdout)
    assert status["layers"]["docs"]["documents"] > 0 and status["layers"]["docs"]["bytes"] > 0
    assert status["embedding"]["runtime"] == "hash (no model)"
    assert {"available", "why"} <= set(status["reranker"]) and status["versions"]["stratakb"] == __version__
    text = run_cli(["status"], env).stdout
    for part in ("Data:", "Database:", "Model:", "Reranker:", "Layers:", "Dagster:", "Versions:"):
        assert part in text, part


def test_extractive_ask_without_a_sentence_model_is_not_exit_1(database_url, docs, tmp_path) -> None:
    env = cli_env(database_url, RERANKING_MODEL=str(tmp_path / "no-model"), HF_HUB_OFFLINE="1")
    assert run_cli(["add", str(docs)], env).returncode == 0
    p = run_cli(["ask", "How much notice do we need to give?", "--mode", "extractive"], env)
    # Exit 1 means "files failed or internal error": a model that cannot load is a setup the user fixes.
    assert p.returncode in (0, 2), (p.returncode, p.stderr)
    if p.returncode == 2:
        assert "RERANKING_MODEL" in p.stderr


def test_progress_shows_both_phases_at_a_terminal_and_nothing_in_a_pipe(database_url, tmp_path) -> None:
    folder = tmp_path / "few"
    for i in range(3):  # a short run shows progress too
        write(folder, f"d{i}.md", f"# Doc {i}\n\n" + "Some text here about topic {i}. " * 300)
    env = cli_env(database_url, COLUMNS="120")
    code, out = run_in_pty(["add", str(folder)], env, answer=None)
    assert code == 0, out
    assert "Parsing files" in out and "Embedding chunks" in out and "ETA" in out
    write(folder, "d9.md", "# More\n\ntext\n")
    piped = run_cli(["add", str(folder)], env)
    assert piped.returncode == 0 and "Parsing files" not in piped.stderr + piped.stdout


@pytest.mark.slow
def test_a_spinner_shows_while_the_model_loads(database_url, tmp_path) -> None:
    folder = tmp_path / "m"
    write(folder, "a.md", "# A\n\n" + "Real model text. " * 50)
    env = {k: v for k, v in cli_env(database_url, COLUMNS="120").items() if k != "EMBEDDING_BACKEND"}
    code, out = run_in_pty(["add", str(folder)], env, answer=None, timeout=300)
    assert code == 0, out
    assert "Loading model sentence-transformers/all-MiniLM-L6-v2" in out


def test_watch_syncs_a_folder_when_its_files_change(database_url, tmp_path) -> None:
    import sys
    import time

    folder = tmp_path / "w"
    write(folder, "a.md", "# A\n\nFirst text.\n")
    log = tmp_path / "watch.log"
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen([sys.executable, "-m", "stratakb_core.cli", "watch", str(folder), "--debounce", "0.3"],
                                env=cli_env(database_url), stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        try:
            deadline = time.time() + 90
            while "Watching" not in log.read_text(encoding="utf-8") and time.time() < deadline:
                time.sleep(0.2)
            write(folder, "b.md", "# B\n\nSecond text.\n")
            while "1 added, 0 updated, 0 removed, 1 unchanged" not in log.read_text(encoding="utf-8") \
                    and time.time() < deadline:
                time.sleep(0.2)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    text = log.read_text(encoding="utf-8")
    assert "w: 1 added, 0 updated, 0 removed, 0 unchanged" in text, text
    assert "1 added, 0 updated, 0 removed, 1 unchanged" in text, text
