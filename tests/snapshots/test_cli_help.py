"""`stratakb --help` and the `--help` of every subcommand and sub-subcommand, found by walking the
help itself (a subcommand shows as `{a,b,c} ...` in its parent's usage line), at 100 columns."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from tests.snapshots._support import assert_snapshot, assert_snapshot_dir, product_env, run_stratakb

# `{add,search,...} ...` in a usage line: a subparser's choices. Positional choices without the
# trailing `...` (inspect's `[{manifest,chunks,...}]`) are arguments, not subcommands.
SUBCOMMANDS = re.compile(r"\{([^{}\s]+)\}\s+\.\.\.")


def _usage(help_text: str) -> str:
    """The usage lines of a help text, joined on one line."""
    lines = []
    for line in help_text.splitlines():
        if lines and not line.strip():
            break
        if line.startswith("usage:") or lines:
            lines.append(line.strip())
    return " ".join(lines)


def _help(path: tuple[str, ...], env, cwd):
    p = run_stratakb([*path, "--help"], env, cwd)
    return path, p


def test_help_of_every_command(tmp_path):
    env = product_env(None, tmp_path / "data")
    helps: dict[tuple[str, ...], str] = {}
    problems: list[str] = []
    level = [()]
    with ThreadPoolExecutor(max_workers=8) as pool:
        while level:
            found = []
            for path, p in pool.map(lambda path: _help(path, env, tmp_path), level):
                if p.returncode != 0 or p.stderr:
                    problems.append(f"stratakb {' '.join(path)} --help: exit {p.returncode}, stderr {p.stderr!r}")
                helps[path] = p.stdout
                m = SUBCOMMANDS.search(_usage(p.stdout))
                if m:
                    found.extend((*path, name) for name in m.group(1).split(","))
            level = found
    assert not problems, "\n".join(problems)
    assert len(helps) > 10, helps.keys()  # the walk found the subcommands

    tree = sorted(" ".join(("stratakb", *path)) for path in helps)
    assert_snapshot("cli/commands.json", tree)
    assert_snapshot_dir("cli/help", {"-".join(("stratakb", *path)) + ".txt": text for path, text in helps.items()},
                        ".txt")
