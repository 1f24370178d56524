"""policy.decide and policy.is_secret_name: reasons, their order, and the secret-name table."""

from __future__ import annotations

import pytest

from stratakb_core.ingest.policy import REASON_ORDER, SUPPORTED_EXTENSIONS, decide, is_secret_name
from stratakb_core.values import FileEntry, PolicyReason

MB = 1024 * 1024
LIMIT = 50 * MB


def reason_for(rel_path: str, size: int = 100, *, max_file_size: int = LIMIT) -> PolicyReason | None:
    decision = decide(FileEntry(rel_path=rel_path, size=size, mtime_ns=0), max_file_size=max_file_size)
    assert decision.rel_path == rel_path
    assert decision.included == (decision.reason is None)
    return decision.reason


def test_reason_order_follows_the_spec() -> None:
    assert REASON_ORDER == ("secret", "path_too_long", "build_file", "code", "unsupported", "too_large")


@pytest.mark.parametrize(
    ("rel_path", "size", "expected"),
    [
        # one example per reason
        ("config/.env.production", 10, "secret"),
        ("docs/" + "a" * 497 + ".md", 10, "path_too_long"),
        (".github/workflows/x.yml", 10, "build_file"),
        ("src/main.py", 10, "code"),
        ("data/x.bin", 10, "unsupported"),
        ("docs/big.md", LIMIT + 1, "too_large"),
        ("docs/guide.md", 10, None),
        # the first match wins
        ("keys/server.pem", LIMIT * 10, "secret"),  # a huge secret is still a secret
        ("a" * 480 + "/client_secret.json", 10, "secret"),  # secret before path_too_long
        ("a" * 495 + "/package-lock.json", 10, "path_too_long"),  # path length before build_file
        ("web/app.min.js", 10, "build_file"),  # build_file before code
        ("scripts/deploy.sh", LIMIT + 1, "code"),  # code before too_large
        ("movie.mp4", LIMIT + 1, "unsupported"),  # unsupported before too_large
    ],
)
def test_decide_reports_the_first_reason_that_applies(rel_path: str, size: int, expected: str | None) -> None:
    assert reason_for(rel_path, size) == expected


def test_path_length_limit_is_500_characters() -> None:
    at_limit = "d/" + "a" * 495 + ".md"
    assert len(at_limit) == 500
    assert reason_for(at_limit) is None
    assert len("a" + at_limit) == 501
    assert reason_for("a" + at_limit) == "path_too_long"


def test_size_limit_is_inclusive() -> None:
    assert reason_for("a.md", 1000, max_file_size=1000) is None
    assert reason_for("a.md", 1001, max_file_size=1000) == "too_large"


@pytest.mark.parametrize(
    "rel_path",
    [
        "package-lock.json",
        "web/yarn.lock",
        "pnpm-lock.yaml",
        "uv.lock",
        "poetry.lock",
        "Pipfile.lock",
        "Cargo.lock",
        "go.sum",
        "go.mod",
        "tsconfig.json",
        "tsconfig.build.json",
        "requirements.txt",
        "requirements-dev.txt",
        "constraints.txt",
        "static/app.min.css",
        "static/app.js.map",
        "package.json",
        "pyproject.toml",
        "Makefile",
        "Dockerfile",
        "docker-compose.yml",
        ".github/workflows/release.yaml",
        "sub/.github/workflows/ci.yml",
        ".eslintrc.json",
    ],
)
def test_build_files(rel_path: str) -> None:
    assert reason_for(rel_path) == "build_file"


@pytest.mark.parametrize(
    "rel_path",
    ["main.py", "a/b/App.java", "lib.rs", "query.sql", "style.css", "run.sh", "index.ts", "Comp.tsx", "x.go"],
)
def test_source_code(rel_path: str) -> None:
    assert reason_for(rel_path) == "code"


@pytest.mark.parametrize("rel_path", ["x.bin", "photo.webp", "archive.tar.gz", "README", "notes.", "a.toml"])
def test_unsupported_formats(rel_path: str) -> None:
    assert reason_for(rel_path) == "unsupported"


@pytest.mark.parametrize("ext", sorted(SUPPORTED_EXTENSIONS))
def test_every_supported_format_is_ingested_and_case_does_not_matter(ext: str) -> None:
    assert reason_for(f"docs/file{ext}") is None
    assert reason_for(f"docs/FILE{ext.upper()}") is None


def test_supported_extensions_cover_the_spec_format_table() -> None:
    spec = {".md", ".markdown", ".html", ".htm", ".txt", ".rst", ".adoc", ".pdf", ".docx", ".csv"}
    spec |= {".json", ".xml", ".xsd", ".yaml", ".yml"}
    assert spec <= SUPPORTED_EXTENSIONS


@pytest.mark.parametrize(
    "rel_path",
    [
        ".env",
        ".env.local",
        ".ENV.Production",
        ".env.txt",  # the document exception covers only the secret/credential word rule
        "certs/server.PEM",
        "tls.key",
        "store.p12",
        "store.pfx",
        "id_rsa",
        "home/.ssh/id_rsa.pub",
        "id_ed25519",
        "id_rsa.txt",
        "vault.kdbx",
        ".npmrc",
        ".pypirc",
        ".netrc",
        "kubeconfig",
        "kubeconfig-prod.yaml",
        "gcp-service-account-prod.json",
        "client_secret.json",
        "secrets.yaml",
        "My-Secret.docx",
        "aws_credentials",
        "credentials.json",
        "credentials.pdf",
    ],
)
def test_secret_names_are_skipped(rel_path: str) -> None:
    assert is_secret_name(rel_path)
    assert reason_for(rel_path) == "secret"


@pytest.mark.parametrize(
    "rel_path",
    [
        ".env.example",
        "config/.ENV.EXAMPLE",
        "credentials.md",
        "credentials.txt",
        "docs/secrets.md",
        "guides/Secret-Rotation.RST",
        "managing-credentials.adoc",
        "secrets/rotation.md",  # folder names do not count
        "credentials/setup.yaml",
        "keyboard.md",  # ".key" only as an extension
        "environment.md",
        "service-account-guide.md",
    ],
)
def test_names_that_are_not_secrets(rel_path: str) -> None:
    assert not is_secret_name(rel_path)


def test_secret_documents_are_ingested_on_purpose() -> None:
    assert reason_for("docs/credentials.md") is None
    assert reason_for("docs/secrets.md") is None


def test_supported_extensions_are_exactly_the_parsers_extensions() -> None:
    # The add plan trusts the policy for "is there a parser" (it does not import the parsers on a
    # no-change sync), so the two lists must not drift apart.
    from stratakb_core.ingest.parsing import supported_extensions

    assert SUPPORTED_EXTENSIONS == supported_extensions()


@pytest.mark.parametrize(
    ("rel_path", "expected"),
    [
        (".github/workflows/docs.md", "build_file"),  # the CI folder outranks a supported format
        (".github/workflows/run.py", "build_file"),  # ... and code
        ("a/.circleci/notes.bin", "build_file"),  # ... and an unsupported format
        ("docs/.github/workflows-guide.md", None),
        ("x/" * 250 + "secret.pem", "secret"),  # secret outranks path_too_long
        ("x/" * 250 + "tool.py", "path_too_long"),
        ("eslint.config.mjs", "build_file"),
        ("app.min.js", "build_file"),
        ("requirements-dev.txt", "build_file"),
        ("notes.txt", None),
    ],
)
def test_reason_order_with_cached_name_rules(rel_path: str, expected: PolicyReason | None) -> None:
    # Twice: the second answer comes from the per-name cache and must be the same.
    assert reason_for(rel_path) == expected
    assert reason_for(rel_path) == expected
