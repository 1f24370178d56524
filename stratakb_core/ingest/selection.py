"""Which files of a folder are candidates; reads the filesystem and runs git.

Inside a git work tree the list comes from git (tracked files plus untracked files git does not
ignore, submodules left out); elsewhere the folder is walked and only its root ``.gitignore``
applies. Either way the same built-in rules then leave out symbolic links, hidden names,
tool folders and anything that is not a regular file, and the root ``.strataignore`` excludes
more or, with a ``!`` pattern, brings back what the built-in rules left out.

Nothing here opens a candidate file: only the two ignore files are read, and those only after a
non-blocking open has shown them to be regular files, so a FIFO can never hang a run.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pathspec

from stratakb_core.errors import GitUnavailable, UsageError
from stratakb_core.values import Exclusion, FileEntry, Selection

__all__ = ["BUILTIN_FOLDERS", "GIT_TIMEOUT_SECONDS", "select_files"]

# Folders of installed dependencies, virtual environments and build output, at any depth.
BUILTIN_FOLDERS: frozenset[str] = frozenset(
    {
        "node_modules",
        "venv",
        "__pycache__",
        "dist",
        "build",
        "target",
        "site-packages",
        "bower_components",
        "vendor",
    }
)

GIT_TIMEOUT_SECONDS: float = 60.0

# Reading a huge ignore file would be a denial of service; real ones are a few kilobytes.
_MAX_IGNORE_FILE_BYTES = 1 << 20

# Every `-c` here outranks the folder's own .git/config, so nothing the folder configures can run:
# fsmonitor is the one setting `ls-files` executes, hooks are pointed at nothing for good measure,
# and an implicit bare repository (a folder dressed up as a git dir) is refused outright.
_GIT_HARDENING: tuple[str, ...] = (
    "-c", "core.fsmonitor=false",
    "-c", "core.hooksPath=/dev/null",
    "-c", "core.pager=cat",
    "-c", "protocol.allow=never",
    "-c", "safe.bareRepository=explicit",
    "--no-pager",
)  # fmt: skip


@dataclass
class _BuiltinState:
    """A hidden/builtin folder (or hidden file) and what happened to the paths under it."""

    reason: str
    left_out: bool = False
    brought_back: bool = False


@dataclass
class _Collector:
    """Accumulates the outcome of one selection run."""

    files: dict[str, FileEntry] = field(default_factory=dict)
    excluded: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    builtin: dict[str, _BuiltinState] = field(default_factory=dict)

    def exclude(self, rel_path: str, reason: str) -> None:
        self.excluded.setdefault(rel_path, reason)

    def builtin_seen(self, prefix: str, reason: str) -> None:
        self.builtin.setdefault(prefix, _BuiltinState(reason))

    def builtin_left_out(self, prefix: str, reason: str) -> None:
        self.builtin.setdefault(prefix, _BuiltinState(reason)).left_out = True

    def builtin_brought_back(self, prefix: str, reason: str) -> None:
        self.builtin.setdefault(prefix, _BuiltinState(reason)).brought_back = True

    def add_file(self, rel_path: str, st: os.stat_result) -> None:
        self.files[rel_path] = FileEntry(rel_path=rel_path, size=st.st_size, mtime_ns=st.st_mtime_ns)

    def add_by_lstat(self, root: Path | os.DirEntry[str], rel_path: str) -> None:
        """Classify one path by lstat (never following it): file, symlink, other, unreadable.

        root is the folder, or the path's own entry from os.scandir (whose stat is that lstat)."""
        try:
            if isinstance(root, os.DirEntry):
                st = root.stat(follow_symlinks=False)
            else:
                st = os.lstat(os.path.join(root, rel_path))
        except (FileNotFoundError, NotADirectoryError):
            # Deleted since it was listed (git lists files removed from the work tree): simply
            # not a candidate any more.
            return
        except OSError as exc:
            self.exclude(rel_path, "path_too_long" if exc.errno == errno.ENAMETOOLONG else "unreadable")
            return
        if stat.S_ISLNK(st.st_mode):
            self.exclude(rel_path, "symlink")
        elif not stat.S_ISREG(st.st_mode):
            self.exclude(rel_path, "not_regular_file")
        else:
            self.add_file(rel_path, st)

    def finish(self, root: Path, method: Literal["git", "walk"]) -> Selection:
        for prefix, state in self.builtin.items():
            # A folder is reported once; it stays unreported only when .strataignore brought
            # back everything under it that selection saw.
            if state.left_out or not state.brought_back:
                self.exclude(prefix, state.reason)
        return Selection(
            root=str(root),
            method=method,
            files=tuple(self.files[p] for p in sorted(self.files)),
            excluded=tuple(Exclusion(rel_path=p, reason=self.excluded[p]) for p in sorted(self.excluded)),
            notes=tuple(self.notes),
        )


class _StrataIgnore:
    """The root .strataignore, evaluated with gitignore's last-match-wins rule."""

    def __init__(self, spec: pathspec.GitIgnoreSpec | None,
                 folders: frozenset[str] | None = None) -> None:
        self._spec = spec
        # The built-in folder list travels with the ignore rules: presets use neither.
        self.folders = BUILTIN_FOLDERS if folders is None else folders
        self.has_negation = spec is not None and any(p.include is False for p in spec.patterns)

    def check(self, rel_path: str) -> bool | None:
        """True: excluded; False: a `!` pattern matched last (brought back); None: no match."""
        if self._spec is None:
            return None
        return self._spec.check_file(rel_path).include


def select_files(root: Path, *, git_bin: str = "git", mode: str = "add") -> Selection:
    """List the candidate files of a folder, and every path left out with its reason.

    mode "preset" (presets and the ingest tool) applies neither .strataignore nor the built-in
    folder list, which belong to `stratakb add`; git, symbolic links, hidden names and
    non-regular files are handled the same way in both modes.
    """
    root = Path(root).resolve()
    if not root.is_dir():
        raise UsageError(f"not a folder: {root}")
    notes: list[str] = []
    if mode == "preset":
        strata = _StrataIgnore(None, frozenset())
    else:
        strata = _StrataIgnore(_load_ignore_file(root, ".strataignore", notes, strict=True))
    try:
        listed, submodules = _git_list(root, git_bin)
    except GitUnavailable as exc:
        if exc.note:
            notes.append(exc.note)
        collector = _Collector(notes=notes)
        _walk(root, strata, collector)
        return collector.finish(root, "walk")
    collector = _Collector(notes=notes)
    _apply_git_listing(root, listed, submodules, strata, collector)
    return collector.finish(root, "git")


# ---------------------------------------------------------------------------------------------
# Ignore files
# ---------------------------------------------------------------------------------------------


def _load_ignore_file(
    root: Path, name: str, notes: list[str], *, strict: bool
) -> pathspec.GitIgnoreSpec | None:
    """Parse root/name in gitignore syntax; None when it does not exist.

    strict (for .strataignore): a file that exists but cannot be applied raises UsageError,
    because silently dropping it could ingest files the user meant to keep out. Otherwise (the
    walk's .gitignore) it is skipped with a note, as git itself skips a symlinked .gitignore.
    """
    path = root / name
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise block until a writer appears.
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        problem = "is a symbolic link" if exc.errno == errno.ELOOP else "cannot be read"
        return _ignore_file_problem(name, problem, notes, strict)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return _ignore_file_problem(name, "is not a regular file", notes, strict)
        if st.st_size > _MAX_IGNORE_FILE_BYTES:
            return _ignore_file_problem(name, "is larger than 1 MiB", notes, strict)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(_MAX_IGNORE_FILE_BYTES + 1)
    except OSError:
        return _ignore_file_problem(name, "cannot be read", notes, strict)
    finally:
        os.close(fd)
    # Decode like file names (surrogateescape), so a pattern holding non-UTF-8 bytes still
    # matches the name os.fsdecode produced for the same bytes.
    text = os.fsdecode(data).removeprefix("\ufeff")  # git skips a leading UTF-8 BOM too
    return _compile_patterns(name, text.splitlines(), notes)


def _ignore_file_problem(
    name: str, problem: str, notes: list[str], strict: bool
) -> pathspec.GitIgnoreSpec | None:
    if strict:
        raise UsageError(f"{name} in the folder {problem}; fix or remove it")
    notes.append(f"{name} {problem}; not applied")
    return None


def _compile_patterns(name: str, lines: list[str], notes: list[str]) -> pathspec.GitIgnoreSpec:
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except ValueError:
        pass
    # Like git, drop the lines that are not patterns (a lone "!", a trailing "\") and keep the rest.
    kept: list[str] = []
    for number, line in enumerate(lines, start=1):
        try:
            pathspec.GitIgnoreSpec.from_lines([line])
        except ValueError:
            notes.append(f"{name} line {number} is not a valid pattern; ignored")
            continue
        kept.append(line)
    return pathspec.GitIgnoreSpec.from_lines(kept)


# ---------------------------------------------------------------------------------------------
# Built-in rules
# ---------------------------------------------------------------------------------------------


def _builtin_rule(parts: list[str], folders: frozenset[str] = BUILTIN_FOLDERS) -> tuple[str, str] | None:
    """The outermost hidden name or built-in folder on a path, as (prefix, reason).

    parts are the path's components; the last one is the file itself, which can be hidden but
    never a built-in folder.
    """
    last = len(parts) - 1
    for i, part in enumerate(parts):
        if part.startswith("."):
            return "/".join(parts[: i + 1]), "hidden"
        if i < last and part in folders:
            return "/".join(parts[: i + 1]), "builtin_folder"
    return None


# ---------------------------------------------------------------------------------------------
# git
# ---------------------------------------------------------------------------------------------


def _git_env() -> dict[str, str]:
    # Inherited GIT_* variables (GIT_DIR, GIT_INDEX_FILE, GIT_CONFIG_COUNT ...) could point git at
    # another repository or inject configuration; a fixed C locale keeps its messages parseable.
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        GIT_TERMINAL_PROMPT="0",
        GIT_OPTIONAL_LOCKS="0",
        GIT_CONFIG_NOSYSTEM="1",
        LC_ALL="C",
        LANGUAGE="C",
    )
    return env


def _run_git(root: Path, git_bin: str, args: Iterable[str]) -> bytes:
    cmd = [git_bin, *_GIT_HARDENING, *args]
    try:
        proc = subprocess.run(
            cmd,
            cwd=root,
            env=_git_env(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=GIT_TIMEOUT_SECONDS,
            check=False,
        )
    except FileNotFoundError as exc:
        raise GitUnavailable("git is not installed; the folder was walked instead") from exc
    except subprocess.TimeoutExpired as exc:
        raise GitUnavailable(
            f"git did not answer within {GIT_TIMEOUT_SECONDS:g} s; the folder was walked instead"
        ) from exc
    except OSError as exc:
        raise GitUnavailable(
            f"git could not be run ({exc.strerror}); the folder was walked instead"
        ) from exc
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace")
        if "not a git repository" in stderr:
            # The ordinary case outside a work tree: the method "walk" already says it all.
            raise GitUnavailable(None)
        if "dubious ownership" in stderr:
            raise GitUnavailable(
                "git refused the folder (dubious ownership: owned by another user); "
                "the folder was walked instead"
            )
        first = next((line.strip() for line in stderr.splitlines() if line.strip()), "")
        raise GitUnavailable(
            f"git failed (exit {proc.returncode}: {first[:200]}); the folder was walked instead"
        )
    return proc.stdout


def _git_list(root: Path, git_bin: str) -> tuple[list[str], set[str]]:
    """Paths git lists under root (relative to root) and the submodule paths among them."""
    top = _run_git(root, git_bin, ["rev-parse", "--show-toplevel"])
    toplevel = Path(os.fsdecode(top.rstrip(b"\n"))).resolve()
    # A core.worktree in the folder's config can name some other directory; then git's answer
    # is not about this folder.
    if toplevel != root and toplevel not in root.parents:
        raise GitUnavailable("git named a work tree that does not contain the folder; walked instead")
    raw = _run_git(root, git_bin, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
    staged = _run_git(root, git_bin, ["ls-files", "-z", "--stage"])
    submodules: set[str] = set()
    for record in staged.split(b"\0"):
        meta, sep, path = record.partition(b"\t")
        if sep and meta.startswith(b"160000 "):
            submodules.add(os.fsdecode(path))
    # A path is listed once per stage while a merge is unresolved.
    listed = sorted({os.fsdecode(p) for p in raw.split(b"\0") if p})
    return listed, submodules


def _apply_git_listing(
    root: Path, listed: list[str], submodules: set[str], strata: _StrataIgnore, out: _Collector
) -> None:
    unsafe = 0
    dir_ok: dict[str, bool] = {}
    for path in listed:
        nested_repo = path.endswith("/")  # an untracked repository inside: git does not descend
        rel = path.rstrip("/")
        parts = rel.split("/")
        # Paths come from an index the folder controls; refuse any that could leave the root.
        if not rel or rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
            unsafe += 1
            continue
        rule = _builtin_rule(parts, strata.folders)
        verdict = strata.check(rel)
        if rule is not None:
            if verdict is not False:
                out.builtin_left_out(*rule)
                continue
            out.builtin_brought_back(*rule)
        if nested_repo or rel in submodules:
            out.exclude(rel, "submodule")
            continue
        if verdict is True:
            out.exclude(rel, "strataignore")
            continue
        if not _parents_are_directories(root, parts, dir_ok, out):
            continue
        out.add_by_lstat(root, rel)
    if unsafe:
        out.notes.append(f"git listed {unsafe} path(s) outside the folder; left out")


def _parents_are_directories(root: Path, parts: list[str], cache: dict[str, bool], out: _Collector) -> bool:
    """True when every folder on the path is a real directory, not a symlink to elsewhere.

    git never records a path behind a symlink, but a crafted index can; lstat of the file alone
    would then follow the symlinked folder out of the root.
    """
    for i in range(1, len(parts)):
        prefix = "/".join(parts[:i])
        ok = cache.get(prefix)
        if ok is None:
            try:
                st = os.lstat(root / prefix)
            except OSError:
                ok = False
            else:
                ok = stat.S_ISDIR(st.st_mode)
                if stat.S_ISLNK(st.st_mode):
                    out.exclude(prefix, "symlink")
            cache[prefix] = ok
        if not ok:
            return False
    return True


# ---------------------------------------------------------------------------------------------
# Walk
# ---------------------------------------------------------------------------------------------


def _walk(root: Path, strata: _StrataIgnore, out: _Collector) -> None:
    gitignore = _load_ignore_file(root, ".gitignore", out.notes, strict=False)
    nested_gitignores: list[str] = []
    # (directory relative path, outermost hidden/builtin rule it lies under)
    stack: list[tuple[str, tuple[str, str] | None]] = [("", None)]
    while stack:
        rel_dir, inherited = stack.pop()
        try:
            with os.scandir(root / rel_dir if rel_dir else root) as it:
                entries = list(it)
        except FileNotFoundError:
            continue
        except OSError as exc:
            if not rel_dir:
                raise UsageError(f"cannot list the folder: {exc.strerror}") from exc
            if inherited is None:
                # A folder past PATH_MAX cannot be opened: its path is what is wrong, not its rights.
                out.exclude(rel_dir, "path_too_long" if exc.errno == errno.ENAMETOOLONG else "unreadable")
            else:
                out.builtin_left_out(*inherited)
            continue
        for entry in entries:
            name = os.fsdecode(entry.name)
            rel = f"{rel_dir}/{name}" if rel_dir else name
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                if inherited is None:
                    out.exclude(rel, "unreadable")
                continue
            if gitignore is not None and gitignore.check_file(rel + "/" if is_dir else rel).include:
                if inherited is None:
                    out.exclude(rel, "gitignore")
                else:
                    out.builtin_left_out(*inherited)
                continue
            rule: tuple[str, str] | None
            if inherited is not None:
                rule = inherited
            elif name.startswith("."):
                rule = (rel, "hidden")
            elif is_dir and name in strata.folders:
                rule = (rel, "builtin_folder")
            else:
                rule = None
            if is_dir:
                if rule is not None and inherited is None:
                    if not _descend_builtin(name, strata):
                        out.builtin_left_out(*rule)
                        continue
                    out.builtin_seen(*rule)
                stack.append((rel, rule))
                continue
            if name == ".gitignore" and rel_dir and inherited is None:
                nested_gitignores.append(rel)
            _classify_walked_file(entry, rel, rule, strata, out)
    out.notes.extend(f"nested .gitignore not applied: {p}" for p in sorted(nested_gitignores))


def _descend_builtin(name: str, strata: _StrataIgnore) -> bool:
    # Only a `!` pattern can bring something back from a hidden or built-in folder, so without
    # one there is no reason to read (say) a whole node_modules. .git is repository internals,
    # never content, whatever the patterns say.
    return strata.has_negation and name != ".git"


def _classify_walked_file(
    entry: os.DirEntry[str], rel: str, rule: tuple[str, str] | None, strata: _StrataIgnore, out: _Collector
) -> None:
    verdict = strata.check(rel)
    if rule is not None:
        if verdict is not False:
            out.builtin_left_out(*rule)
            return
        out.builtin_brought_back(*rule)
    if verdict is True:
        out.exclude(rel, "strataignore")
        return
    out.add_by_lstat(entry, rel)
