"""The add policy: which selected files are ingested, decided by name and size before opening (no I/O).

`decide` applies the reasons of `REASON_ORDER` in turn and the first match wins, so a file is
always reported under one reason only (a 2 GB ``.env`` is a ``secret``, not ``too_large``).
`is_secret_name` is shared by every route that ingests files (``stratakb add``, the ingest tool,
presets); the other reasons apply to ``stratakb add`` only.

All name checks look at the file's own name, case-insensitively; the folders above it do not
count (a guide at ``secrets/rotation.md`` or ``docs/credentials/setup.md`` is a document).
Folders holding real secrets belong in ``.strataignore``.
"""

from __future__ import annotations

import fnmatch
import functools
import re
from typing import Final

from stratakb_core.values import FileEntry, PolicyDecision, PolicyReason

__all__ = [
    "BUILD_FILE_NAMES",
    "BUILD_FILE_PATTERNS",
    "CODE_EXTENSIONS",
    "MAX_PATH_CHARS",
    "REASON_ORDER",
    "SUPPORTED_EXTENSIONS",
    "decide",
    "is_secret_name",
]

REASON_ORDER: Final[tuple[PolicyReason, ...]] = (
    "secret",
    "path_too_long",
    "build_file",
    "code",
    "unsupported",
    "too_large",
)

MAX_PATH_CHARS: Final = 500

# Every format of the spec's format table (plus .tsv and .xlsx, read like CSV). Whether a parser
# for the format is installed right now is the ingest's question, not the policy's.
SUPPORTED_EXTENSIONS: Final[frozenset[str]] = frozenset(
    {
        ".md", ".markdown",
        ".html", ".htm",
        ".txt", ".rst", ".adoc",
        ".pdf",
        ".docx",
        ".csv", ".tsv", ".xlsx",
        # Legacy and macro workbooks reach their parser, which refuses them with a clear reason
        # ("save it as .xlsx or .csv") instead of a silent "unsupported".
        ".xls", ".xlsm", ".xlsb", ".ods",
        ".json",
        ".xml", ".xsd",
        ".yaml", ".yml",
        # Images: their text is read by OCR when it is on (ingest/parsing/scanned.py).
        ".png", ".jpg", ".jpeg", ".tif", ".tiff",
    }
)  # fmt: skip

# Source code, scripts, stylesheets and notebooks: documentation search is not code search.
CODE_EXTENSIONS: Final[frozenset[str]] = frozenset(
    {
        ".py", ".pyi", ".pyx", ".ipynb",
        ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx",
        ".vue", ".svelte", ".astro",
        ".java", ".kt", ".kts", ".scala", ".groovy", ".gradle", ".clj", ".cljs", ".cljc",
        ".go", ".rs", ".zig", ".nim", ".v",
        ".c", ".h", ".cpp", ".hpp", ".cc", ".hh", ".cxx", ".hxx", ".m", ".mm",
        ".cs", ".fs", ".vb",
        ".swift", ".dart",
        ".rb", ".php", ".pl", ".pm", ".lua", ".r", ".jl", ".tcl",
        ".ex", ".exs", ".erl", ".hrl", ".hs", ".ml", ".mli", ".elm",
        ".sql",
        ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd",
        ".css", ".scss", ".sass", ".less", ".styl",
        ".asm", ".s", ".f90", ".f", ".for",
        ".sol", ".tf", ".hcl", ".proto", ".cmake",
    }
)  # fmt: skip

# Lock files, package manifests, tool configs and CI definitions, by exact (lower-case) name.
BUILD_FILE_NAMES: Final[frozenset[str]] = frozenset(
    {
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
        "pnpm-workspace.yaml", "bun.lock", "bun.lockb", "package.json", "jsconfig.json",
        "uv.lock", "poetry.lock", "pdm.lock", "pipfile", "pipfile.lock", "pyproject.toml",
        "setup.cfg", "setup.py", "tox.ini", "pytest.ini", "mypy.ini", ".flake8", ".pylintrc",
        ".pre-commit-config.yaml",
        "cargo.lock", "cargo.toml", "gemfile", "gemfile.lock", "composer.lock", "composer.json",
        "go.sum", "go.mod", "go.work", "go.work.sum", "flake.lock", "mix.lock",
        "makefile", "gnumakefile", "cmakelists.txt", "dockerfile", "containerfile",
        "jenkinsfile", "vagrantfile", "procfile",
        "docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml",
        ".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml", "bitbucket-pipelines.yml",
        "appveyor.yml", ".editorconfig", ".babelrc", ".browserslistrc", "renovate.json",
        ".dockerignore", ".gitattributes", ".gitmodules",
    }
)  # fmt: skip

# fnmatch patterns on the lower-case name.
BUILD_FILE_PATTERNS: Final[tuple[str, ...]] = (
    "*.lock",
    "*-lock.json",
    "*-lock.yaml",
    "tsconfig*.json",
    "requirements*.txt",
    "constraints*.txt",
    "*.min.js",
    "*.min.css",
    "*.map",
    ".eslintrc*",
    "eslint.config.*",
    ".prettierrc*",
    "prettier.config.*",
    ".stylelintrc*",
    "babel.config.*",
    "dockerfile.*",
    "*.dockerfile",
    "docker-compose.*.yml",
    "docker-compose.*.yaml",
)

# The patterns as one expression: one match per name instead of one per pattern.
_BUILD_FILE_RE: Final = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in BUILD_FILE_PATTERNS))

# CI definitions are build files whatever their name; matched against the whole relative path.
_CI_FOLDERS: Final[tuple[str, ...]] = (".github/workflows/", ".circleci/")

# --- Secret names --------------------------------------------------------------------------------

_SECRET_EXACT: Final[frozenset[str]] = frozenset({".env", ".npmrc", ".pypirc", ".netrc"})
_SECRET_SUFFIXES: Final[tuple[str, ...]] = (".pem", ".key", ".p12", ".pfx", ".kdbx")
_SECRET_PREFIXES: Final[tuple[str, ...]] = ("id_rsa", "id_ed25519", "kubeconfig")
_SECRET_WORDS: Final[tuple[str, ...]] = ("secret", "credential")
# A guide about secrets must stay findable, so these formats are exempt from the word rule only;
# every other rule (.env.txt, id_rsa.txt, server.key) still applies to them.
_DOCUMENT_EXTENSIONS: Final[tuple[str, ...]] = (".md", ".rst", ".adoc", ".txt")


def _base_name(rel_path: str) -> str:
    return rel_path.rsplit("/", 1)[-1].lower()


def _extension(name: str) -> str:
    """The last suffix of a lower-case name, '' for none; '.bashrc' has none, like pathlib."""
    dot = name.rfind(".")
    return name[dot:] if dot > 0 else ""


def is_secret_name(rel_path: str) -> bool:
    """True when the file's own name looks like a secret (spec: Secret names)."""
    name = _base_name(rel_path)
    if name in _SECRET_EXACT:
        return True
    if name.startswith(".env.") and name != ".env.example":
        return True
    if name.endswith(_SECRET_SUFFIXES) or name.startswith(_SECRET_PREFIXES):
        return True
    if "service-account" in name and name.endswith(".json"):
        return True
    if any(word in name for word in _SECRET_WORDS):
        return not name.endswith(_DOCUMENT_EXTENSIONS)
    return False


def _in_ci_folder(rel_path: str) -> bool:
    lowered = "/" + rel_path.lower()
    return any(f"/{folder}" in lowered for folder in _CI_FOLDERS)


def _is_build_name(name: str) -> bool:
    return name in BUILD_FILE_NAMES or _BUILD_FILE_RE.match(name) is not None


@functools.lru_cache(maxsize=1 << 14)
def _name_rules(name: str) -> tuple[bool, PolicyReason | None]:
    """What the file's own (lower-case) name decides: (a secret name, the first of build_file,
    code and unsupported that applies). Decided once per distinct name: README.md, index.md and
    the like recur in every folder of a tree."""
    ext = _extension(name)
    reason: PolicyReason | None
    if _is_build_name(name):
        reason = "build_file"
    elif ext in CODE_EXTENSIONS:
        reason = "code"
    elif ext not in SUPPORTED_EXTENSIONS:
        reason = "unsupported"
    else:
        reason = None
    return is_secret_name(name), reason


def decide(entry: FileEntry, *, max_file_size: int) -> PolicyDecision:
    """Whether one selected file is ingested, with the first reason of REASON_ORDER that applies.

    max_file_size is in bytes; a file of exactly that size is still ingested. Only the name
    rules look at text, and they are decided once per distinct name (`_name_rules`); the
    path's length, a CI folder on it and the size are plain comparisons.
    """
    rel_path = entry.rel_path
    secret, by_name = _name_rules(_base_name(rel_path))
    reason: PolicyReason | None
    if secret:
        reason = "secret"
    elif len(rel_path) > MAX_PATH_CHARS:
        reason = "path_too_long"
    elif "/" in rel_path and _in_ci_folder(rel_path):
        reason = "build_file"
    elif by_name is not None:
        reason = by_name
    elif entry.size > max_file_size:
        reason = "too_large"
    else:
        reason = None
    return PolicyDecision(rel_path=rel_path, reason=reason)
