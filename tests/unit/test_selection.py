"""selection.select_files against real folders and real git repositories made in tmp_path."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from stratakb_core.errors import UsageError
from stratakb_core.ingest import selection
from stratakb_core.ingest.selection import select_files
from stratakb_core.values import Selection

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture(autouse=True)
def isolated_git_config(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No global git config of the machine (safe.directory=*, templates...) leaks into a test."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for key in list(os.environ):
        if key.startswith("GIT_") or key == "SUDO_UID":
            monkeypatch.delenv(key)


_IDENTITY = ("-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main")


def git(cwd: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["git", *_IDENTITY, *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        env={**os.environ, "GIT_CONFIG_NOSYSTEM": "1"},
    )


def write(path: Path, text: str = "x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def make_repo(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q")
    return path


def commit_all(repo: Path) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "commit")


def files(sel: Selection) -> list[str]:
    return [f.rel_path for f in sel.files]


def excluded(sel: Selection) -> dict[str, str]:
    return {e.rel_path: e.reason for e in sel.excluded}


@pytest.fixture(params=["walk", "git"])
def mode(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def finish(mode: str) -> Callable[[Path], None]:
    """Turn a prepared folder into a git repository (everything tracked) in git mode."""

    def _finish(root: Path) -> None:
        if mode == "git":
            make_repo(root)
            commit_all(root)

    return _finish


# ---------------------------------------------------------------------------------------------
# git
# ---------------------------------------------------------------------------------------------


def test_git_lists_tracked_and_untracked_files_but_not_ignored_ones(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "tracked.md")
    write(repo / ".gitignore", "*.log\nignored_dir/\n")
    commit_all(repo)
    write(repo / "untracked.md")
    write(repo / "debug.log")
    write(repo / "ignored_dir" / "inside.md")
    write(repo / "docs" / ".gitignore", "local.md\n")
    write(repo / "docs" / "local.md")
    write(repo / "docs" / "kept.md")

    sel = select_files(repo)

    assert sel.method == "git"
    assert files(sel) == ["docs/kept.md", "tracked.md", "untracked.md"]
    # git applies nested .gitignore itself, so nothing is noted, and ignored paths are not listed.
    assert sel.notes == ()
    assert "debug.log" not in excluded(sel)
    assert "ignored_dir" not in excluded(sel)


def test_git_paths_are_relative_to_a_subfolder_of_the_work_tree(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "outside.md")
    write(repo / "docs" / "guide" / "a.md")
    commit_all(repo)

    sel = select_files(repo / "docs")

    assert sel.method == "git"
    assert sel.root == str((repo / "docs").resolve())
    assert files(sel) == ["guide/a.md"]


def test_git_leaves_out_a_submodule(tmp_path: Path) -> None:
    lib = make_repo(tmp_path / "lib")
    write(lib / "lib.md")
    commit_all(lib)
    repo = make_repo(tmp_path / "repo")
    write(repo / "main.md")
    git(repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib), "sub")
    commit_all(repo)
    assert (repo / "sub" / "lib.md").is_file()

    sel = select_files(repo)

    assert files(sel) == ["main.md"]
    assert excluded(sel)["sub"] == "submodule"


def test_git_leaves_out_an_untracked_nested_repository(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "main.md")
    nested = make_repo(repo / "nested")
    write(nested / "inner.md")

    sel = select_files(repo)

    assert files(sel) == ["main.md"]
    assert excluded(sel)["nested"] == "submodule"


def test_git_runs_nothing_the_folder_configures(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "a.md")
    commit_all(repo)
    marker = tmp_path / "PWNED"
    script = tmp_path / "evil.sh"
    script.write_text(f"#!/bin/sh\ntouch '{marker}'\necho 0\n")
    script.chmod(0o755)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in ("post-index-change", "reference-transaction", "post-checkout", "pre-commit"):
        (hooks / hook).write_text(f"#!/bin/sh\ntouch '{marker}'\n")
        (hooks / hook).chmod(0o755)
    with (repo / ".git" / "config").open("a") as fh:
        fh.write(f"[core]\n\tfsmonitor = {script}\n\thooksPath = {hooks}\n\tpager = {script}\n")
    # The trap is real: an unhardened git runs it.
    subprocess.run(["git", "ls-files"], cwd=repo, capture_output=True, check=False)
    assert marker.exists()
    marker.unlink()

    sel = select_files(repo)

    assert sel.method == "git"
    assert files(sel) == ["a.md"]
    assert not marker.exists()


def test_git_ignores_inherited_git_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "a.md")
    commit_all(repo)
    other = make_repo(tmp_path / "other")
    write(other / "other.md")
    commit_all(other)
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))

    sel = select_files(repo)

    assert sel.method == "git"
    assert files(sel) == ["a.md"]


def test_git_skips_files_deleted_from_the_work_tree(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "kept.md")
    write(repo / "gone.md")
    commit_all(repo)
    (repo / "gone.md").unlink()

    sel = select_files(repo)

    assert files(sel) == ["kept.md"]
    assert "gone.md" not in excluded(sel)


@pytest.mark.timeout(30)
def test_git_tracked_file_replaced_by_a_fifo_is_not_opened(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "pipe.md")
    write(repo / "a.md")
    commit_all(repo)
    (repo / "pipe.md").unlink()
    os.mkfifo(repo / "pipe.md")

    sel = select_files(repo)

    assert files(sel) == ["a.md"]
    assert excluded(sel)["pipe.md"] == "not_regular_file"


def test_git_does_not_follow_a_tracked_path_behind_a_symlinked_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside / "secret.md", "outside the folder")
    repo = make_repo(tmp_path / "repo")
    write(repo / "docs" / "secret.md")
    write(repo / "a.md")
    commit_all(repo)
    # The index still lists docs/secret.md, but docs is now a link out of the folder.
    shutil.rmtree(repo / "docs")
    (repo / "docs").symlink_to(outside, target_is_directory=True)

    sel = select_files(repo)

    assert files(sel) == ["a.md"]
    assert excluded(sel)["docs"] == "symlink"


def test_git_missing_falls_back_to_the_walk_with_a_note(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "a.md")
    write(repo / ".gitignore", "*.log\n")
    write(repo / "x.log")

    sel = select_files(repo, git_bin=str(tmp_path / "no-such-git"))

    assert sel.method == "walk"
    assert files(sel) == ["a.md"]
    assert excluded(sel)["x.log"] == "gitignore"
    assert excluded(sel)[".git"] == "hidden"
    assert any("git is not installed" in n for n in sel.notes)


def test_git_timeout_falls_back_to_the_walk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slow_git = tmp_path / "slow-git"
    slow_git.write_text("#!/bin/sh\nsleep 30\n")
    slow_git.chmod(0o755)
    folder = tmp_path / "folder"
    write(folder / "a.md")
    monkeypatch.setattr(selection, "GIT_TIMEOUT_SECONDS", 0.5)

    sel = select_files(folder, git_bin=str(slow_git))

    assert sel.method == "walk"
    assert files(sel) == ["a.md"]
    assert any("did not answer" in n for n in sel.notes)


def test_outside_a_work_tree_the_folder_is_walked_without_a_note(tmp_path: Path) -> None:
    write(tmp_path / "folder" / "a.md")

    sel = select_files(tmp_path / "folder")

    assert sel.method == "walk"
    assert sel.notes == ()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_git_refusing_dubious_ownership_falls_back_to_the_walk(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    write(repo / "a.md")
    write(repo / ".gitignore", "*.log\n")
    write(repo / "x.log")
    commit_all(repo)
    for dirpath, dirnames, filenames in os.walk(repo):
        for name in [*dirnames, *filenames]:
            os.lchown(os.path.join(dirpath, name), 65534, 65534)
    os.lchown(repo, 65534, 65534)

    sel = select_files(repo)

    assert sel.method == "walk"
    assert files(sel) == ["a.md"]
    assert any("dubious ownership" in n for n in sel.notes)


# ---------------------------------------------------------------------------------------------
# Walk
# ---------------------------------------------------------------------------------------------


def test_walk_honours_only_the_root_gitignore_and_notes_nested_ones(tmp_path: Path) -> None:
    root = tmp_path / "folder"
    write(root / ".gitignore", "*.log\n/generated/\n")
    write(root / "a.md")
    write(root / "a.log")
    write(root / "generated" / "g1.md")
    write(root / "generated" / "g2.md")
    write(root / "docs" / ".gitignore", "draft.md\n")
    write(root / "docs" / "draft.md")
    write(root / "docs" / "deep.log")

    sel = select_files(root)

    assert sel.method == "walk"
    assert files(sel) == ["a.md", "docs/draft.md"]
    ex = excluded(sel)
    assert ex["a.log"] == "gitignore"
    assert ex["docs/deep.log"] == "gitignore"
    assert ex["generated"] == "gitignore"  # the folder once, not each file in it
    assert "generated/g1.md" not in ex
    assert "nested .gitignore not applied: docs/.gitignore" in sel.notes


def test_symlinks_inside_and_outside_the_folder_are_left_out(
    tmp_path: Path, finish: Callable[[Path], None]
) -> None:
    outside = tmp_path / "outside"
    write(outside / "o.md", "outside")
    root = tmp_path / "folder"
    write(root / "real.md")
    (root / "link_in.md").symlink_to(root / "real.md")
    (root / "link_out.md").symlink_to(outside / "o.md")
    (root / "link_dir").symlink_to(outside, target_is_directory=True)
    (root / "dangling.md").symlink_to(tmp_path / "nowhere")
    finish(root)

    sel = select_files(root)

    assert files(sel) == ["real.md"]
    ex = excluded(sel)
    for name in ("link_in.md", "link_out.md", "link_dir", "dangling.md"):
        assert ex[name] == "symlink"
    assert not any(p.startswith("link_dir/") for p in ex)


@pytest.mark.timeout(30)
def test_walk_leaves_out_a_fifo_without_opening_it(tmp_path: Path) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    os.mkfifo(root / "pipe.md")
    os.mkfifo(root / "pipe.txt")

    sel = select_files(root)

    assert files(sel) == ["a.md"]
    assert excluded(sel) == {"pipe.md": "not_regular_file", "pipe.txt": "not_regular_file"}


@pytest.mark.timeout(30)
def test_a_fifo_gitignore_is_not_applied_and_does_not_hang(tmp_path: Path) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    os.mkfifo(root / ".gitignore")

    sel = select_files(root)

    assert files(sel) == ["a.md"]
    assert any(".gitignore is not a regular file" in n for n in sel.notes)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kind", ["fifo", "symlink", "directory"])
def test_a_strataignore_that_cannot_be_applied_refuses_the_run(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    target = write(tmp_path / "elsewhere", "*.md\n")
    if kind == "fifo":
        os.mkfifo(root / ".strataignore")
    elif kind == "symlink":
        (root / ".strataignore").symlink_to(target)
    else:
        (root / ".strataignore").mkdir()

    with pytest.raises(UsageError, match=".strataignore"):
        select_files(root)


def test_hidden_files_and_folders_are_left_out_once(tmp_path: Path, finish: Callable[[Path], None]) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    write(root / ".env")
    write(root / ".hidden.md")
    write(root / ".github" / "workflows" / "ci.yml")
    write(root / ".github" / "README.md")
    write(root / "docs" / ".drafts" / "one.md")
    write(root / "docs" / ".drafts" / "two.md")
    write(root / "docs" / "b.md")
    finish(root)

    sel = select_files(root)

    assert files(sel) == ["a.md", "docs/b.md"]
    ex = excluded(sel)
    assert ex[".env"] == "hidden"
    assert ex[".hidden.md"] == "hidden"
    assert ex[".github"] == "hidden"
    assert ex["docs/.drafts"] == "hidden"
    assert not any(p.startswith((".github/", "docs/.drafts/")) for p in ex)


def test_builtin_folders_are_left_out_at_any_depth_once(
    tmp_path: Path, finish: Callable[[Path], None]
) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    write(root / "docs" / "vendor")  # a file named like a built-in folder is not a folder
    for folder in selection.BUILTIN_FOLDERS:
        write(root / folder / "inside.md")
        write(root / folder / "deeper" / "more.md")
    write(root / "pkg" / "node_modules" / "dep" / "README.md")
    write(root / "pkg" / "guide.md")
    finish(root)

    sel = select_files(root)

    assert files(sel) == ["a.md", "docs/vendor", "pkg/guide.md"]
    expected = {folder: "builtin_folder" for folder in selection.BUILTIN_FOLDERS}
    expected["pkg/node_modules"] = "builtin_folder"
    assert excluded(sel) == expected


def test_strataignore_excludes_more(tmp_path: Path, finish: Callable[[Path], None]) -> None:
    root = tmp_path / "folder"
    write(root / ".strataignore", "drafts/\n*.tmp.md\n!keep.tmp.md\n")
    write(root / "a.md")
    write(root / "drafts" / "d.md")
    write(root / "x.tmp.md")
    write(root / "keep.tmp.md")
    finish(root)

    sel = select_files(root)

    assert files(sel) == ["a.md", "keep.tmp.md"]
    ex = excluded(sel)
    assert ex["drafts/d.md"] == "strataignore"
    assert ex["x.tmp.md"] == "strataignore"
    assert ex[".strataignore"] == "hidden"


def test_strataignore_negation_brings_back_what_the_builtin_list_left_out(
    tmp_path: Path, finish: Callable[[Path], None]
) -> None:
    root = tmp_path / "folder"
    write(
        root / ".strataignore",
        "!vendor/\nvendor/skip.md\n!.well-known/security.md\n!node_modules/pkg/README.md\n!.link.md\n"
        "!dist/\n",
    )
    write(root / "a.md")
    write(root / "vendor" / "api" / "spec.md")
    write(root / "vendor" / "skip.md")
    write(root / ".well-known" / "security.md")
    write(root / ".well-known" / "other.md")
    write(root / "node_modules" / "pkg" / "README.md")
    write(root / "node_modules" / "pkg" / "index.md")
    (root / ".link.md").symlink_to(root / "a.md")
    write(root / "dist" / "manual.md")
    finish(root)

    sel = select_files(root)

    assert files(sel) == [
        ".well-known/security.md",
        "a.md",
        "dist/manual.md",
        "node_modules/pkg/README.md",
        "vendor/api/spec.md",
    ]
    ex = excluded(sel)
    # skip.md was not brought back, so the folder is still reported once, not the file.
    assert ex["vendor"] == "builtin_folder"
    assert "vendor/skip.md" not in ex
    assert ex[".well-known"] == "hidden"  # other.md is still left out
    assert ex["node_modules"] == "builtin_folder"
    assert ex[".link.md"] == "symlink"  # a symlink is never brought back
    assert "dist" not in ex  # everything in it was brought back


def test_without_a_negation_the_walk_does_not_descend_builtin_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    write(root / "node_modules" / "dep" / "x.md")
    listed: list[str] = []
    real_scandir = os.scandir

    def spy(path: os.PathLike[str] | str) -> object:
        listed.append(os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(selection.os, "scandir", spy)
    sel = select_files(root)

    assert files(sel) == ["a.md"]
    assert excluded(sel) == {"node_modules": "builtin_folder"}
    assert not any("node_modules" in p for p in listed)


def test_invalid_strataignore_line_is_noted_and_the_rest_applies(tmp_path: Path) -> None:
    root = tmp_path / "folder"
    write(root / ".strataignore", "!\n*.tmp.md\n")
    write(root / "a.md")
    write(root / "b.tmp.md")

    sel = select_files(root)

    assert files(sel) == ["a.md"]
    assert excluded(sel)["b.tmp.md"] == "strataignore"
    assert any("line 1" in n for n in sel.notes)


HOSTILE_NAMES = ["new\nline.md", "\x1b[31mred\x1b[0m.md", "evil\u202egpj.md", "tab\there.md", "caf\u00e9.md"]


def test_hostile_names_are_selected_intact(tmp_path: Path, finish: Callable[[Path], None]) -> None:
    root = tmp_path / "folder"
    for name in HOSTILE_NAMES:
        write(root / "sub" / name, name)
    # A name that is not valid UTF-8 survives as a surrogate escape.
    raw = os.fsencode(root / "sub") + b"/bad\xff.md"
    with open(raw, "wb") as fh:
        fh.write(b"x")
    finish(root)

    sel = select_files(root)

    expected = sorted([f"sub/{n}" for n in HOSTILE_NAMES] + ["sub/bad\udcff.md"])
    assert files(sel) == expected
    for entry in sel.files:
        assert (root / entry.rel_path).is_file()


def test_entries_carry_lstat_size_and_mtime_and_are_sorted(
    tmp_path: Path, finish: Callable[[Path], None]
) -> None:
    root = tmp_path / "folder"
    write(root / "b" / "z.md", "12345")
    write(root / "a.md", "1")
    write(root / "B.md", "123")
    os.utime(root / "a.md", ns=(1_000_000_000, 1_234_567_890_123))
    finish(root)

    sel = select_files(root)

    assert files(sel) == ["B.md", "a.md", "b/z.md"]
    by_path = {f.rel_path: f for f in sel.files}
    assert by_path["b/z.md"].size == 5
    assert by_path["a.md"].mtime_ns == 1_234_567_890_123
    assert sel.root == str(root.resolve())


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        select_files(tmp_path / "missing")
    write(tmp_path / "file.md")
    with pytest.raises(UsageError):
        select_files(tmp_path / "file.md")


def test_walk_reports_a_folder_it_cannot_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "folder"
    write(root / "a.md")
    write(root / "locked" / "x.md")
    real_scandir = os.scandir

    # chmod 000 does not stop root, so the refusal is simulated where the walk lists a folder.
    def refusing(path: os.PathLike[str] | str) -> object:
        if os.fspath(path).endswith("/locked"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(selection.os, "scandir", refusing)
    sel = select_files(root)

    assert files(sel) == ["a.md"]
    assert excluded(sel) == {"locked": "unreadable"}


def test_preset_mode_applies_neither_strataignore_nor_the_builtin_folders(tmp_path):
    from stratakb_core.ingest.selection import select_files

    root = tmp_path / "docs"
    (root / "build").mkdir(parents=True)
    (root / "build" / "guide.md").write_text("# Guide\n")
    (root / "notes.md").write_text("# Notes\n")
    (root / ".hidden.md").write_text("# Hidden\n")
    (root / ".strataignore").write_text("notes.md\n")
    add = {f.rel_path for f in select_files(root).files}
    preset = {f.rel_path for f in select_files(root, mode="preset").files}
    assert add == set()  # build/ is a built-in folder and notes.md is in .strataignore
    assert preset == {"build/guide.md", "notes.md"}  # hidden names stay out in both modes
