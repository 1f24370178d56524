"""The audit of real documentation (wave 50): the false families the audit of 31,390 chunks of package READMEs and
/usr/share/doc files found, written here as new sentences of the same shapes, and the near misses of the same
layout that must still go.

Every example here was written for this file (none is copied from the audited documents or a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_changelog_prose import is_changelog_prose
from stratakb_core.ingest.redaction_handles import is_credited_handle
from stratakb_core.ingest.redaction_issue_refs import is_issue_reference
from stratakb_core.ingest.redaction_public_specs import is_public_spec_value
from stratakb_core.ingest.redaction_release_names import is_release_name
from stratakb_core.ingest.redaction_symbol_versions import is_symbol_version
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched


def _at(text: str, value: str) -> tuple[str, int, int]:
    start = text.rindex(value)
    return text, start, start + len(value)


# ---- R1 a linker symbol with its version tag (redaction_symbol_versions)
@pytest.mark.parametrize(
    "text",
    [
        "  * Drop gz_write_buffer@ZLIB_1.2.9 from the symbols file, it was never exported.",
        "  * Add the new symbol png_set_quantum_hook@PNG16_0.2 to debian/libpng16-16.symbols.",
        "    New symbols: xmlParseChunkV2@Base, xmlCtxtSetLimits@Base",
        "  * Keep compat alias stat64@GLIBC_2.33 until dependants are rebuilt.",
        "      - ZSTD_freeDDictPool@Base",
        "FUNC:_ZNSt6vectorIiSaIiEE9push_backERKi@@GLIBCXX_3.4.30\nOBJECT:_ZTISt9bad_alloc@@GLIBCXX_3.4\n",
        "  * force __getrandom@GLIBC_2.* to be weak in the symbols file",
    ],
)
def test_symbol_versions_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("login: maintainer@example.org:Gr4nite-Falcon-77", "Gr4nite-Falcon-77"),
        ("password: Xk9@Base", "Xk9@Base"),  # too short a name: a password with an at sign
        ("db_password = Summer@2024!", "Summer@2024!"),
    ],
)
def test_symbol_version_near_misses_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- R2 prose after a secret's word in changelogs and option lists (redaction_changelog_prose)
@pytest.mark.parametrize(
    "text",
    [
        "\t(read_cached_passphrase): Free the buffer on the error path.",
        "\t(KeyDialog::askPassphrase): Move the focus to the entry.",
        "\t(check_passphrase_quality): this keeps the warning text short",
        "\t* man/passwd.5.xml: Explained the aging fields.",
        "  - agent/passphrase.c :: Prompt caching logic",
        "  * signing-key: Refreshed.",
        "  The --old-password and --new-password switches were merged.",
        "Use --keystore-password respectively --truststore-password for the two stores.",
        "  * The --ask-password command line flag now works without a tty.",
        "  * Add --skip-password and --skip-login options to the wizard.",
        "A -pass isn't needed when -quick is set.",
        "gpg: --secret called without any key names.",
        "\t--export-secret-key.  Remove an obsolete check.",
    ],
)
def test_changelog_prose_stays(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("\tdb_password: Tr0ub4dor&3", "Tr0ub4dor&3"),
        ("  * signing-key: Updated2024!", "Updated2024!"),
        ("mysqldump --password s3cr3t!Dump --all-databases", "s3cr3t!Dump"),
        ("  * signing-key: Zq8wLm4TnV2x", "Zq8wLm4TnV2x"),
        ("The passphrase is violet orbit lantern 2048.", "violet orbit lantern 2048"),
        ("The backup passphrase is seven lemons on a silver tray.", "seven lemons on a silver tray"),
        ("Passphrase for the signing key (GPG): blue kettle on the cold stove", "blue kettle on the cold stove"),
    ],
)
def test_changelog_prose_near_misses_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_changelog_prose_judge() -> None:
    assert is_changelog_prose(*_at("\t(get_passphrase): Ask only once.", "Ask only once."))
    assert is_changelog_prose(*_at("the --password and --user flags", "and"))
    assert not is_changelog_prose(*_at("the --password hunter and --user flags", "hunter"))
    assert not is_changelog_prose(*_at("password: correct horse battery staple", "correct horse battery staple"))


# ---- R3 bug numbers, code points and PKCS#12 after a code's word (redaction_issue_refs)
@pytest.mark.parametrize(
    "text",
    [
        "  * Return a non-zero exit code when the archive is truncated (Closes: #1034512)",
        "  * Fix keycode mapping for the media keys, closes: #884213.",
        "  * numeric keypad decimal point follows the locale (closes: Ubuntu#20114)",
        "  * Support Unicode property escapes in character classes (#2231)",
        "The scanner treats U+2028 as a line break when Unicode mode is on.",
        "  * Accept empty passwords in PKCS#12 bundles.",
        "  Document the exit codes better (Bugs 440012, 440013 - thanks)",
    ],
)
def test_issue_references_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The door code is 731946.", "731946"),
        ("Alarm code: #4711", "#4711"),
        ("PIN: 2580", "2580"),
    ],
)
def test_issue_reference_near_misses_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_issue_reference_judge() -> None:
    assert is_issue_reference(*_at("exit code fixed (closes: #123456)", "#123456"))
    assert is_issue_reference(*_at("keeps U+00A0 as a space", "00A0"))
    assert not is_issue_reference(*_at("the gate code #4711 opens it", "#4711"))
    assert not is_issue_reference(*_at("the gate code (#4711) opens it", "#471"))


# ---- R4 credited GitHub handles (redaction_handles)
@pytest.mark.parametrize(
    "text",
    [
        "* Fix the wheel tags for musl by [@Quantum42dev](https://github.com/Quantum42dev) in #812",
        "- Big thanks to the reviewers: @marta-k, @oz1ris, @Vb7xLab",
        "cli: add a --json flag, by @Deltaw1ng99",
    ],
)
def test_credited_handles_stay(text: str) -> None:
    assert_untouched(text)


def test_handle_judge_keeps_a_password_line() -> None:
    assert is_credited_handle(*_at("thanks to @Vb7xLab", "@Vb7xLab"))
    assert not is_credited_handle(*_at("new password by @Vb7xLab", "@Vb7xLab"))
    assert not is_credited_handle(*_at("the token is @Vb7xLab", "@Vb7xLab"))


# ---- R5 licence ids, releases, source paths, escapes, CPUs by shape (redaction_release_names)
@pytest.mark.parametrize(
    "text",
    [
        "  * Relicensed from MIT to LGPL-2.1-or-later with the authors' consent.",
        "* macOS wheels are linked against OpenSSL-3.0.13 now.",
        "  * Build with -O3 on Debian/ppc64el.",
        "Passed: compiler/tests/visibility/private/PrivateInner17.java\n",
        "Mirror: ftp://ftp.example.net/pub/gnu/indent/2.2/",
        "    u'M\\xfcnchen'",
        "\t2.10 2.04 1.97 Ryzen9-5950X@3.40GHz cache=64MB",
    ],
)
def test_release_names_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ftp://backup:Wq7-pL9x@ftp.example.net/dumps/", "Wq7-pL9x"),
        ("password = hunter2", "hunter2"),
    ],
)
def test_release_name_near_misses_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("under GPLv2-or-later", "GPLv2-or-later"),
        ("License: BSD-2-Clause-Patent", "BSD-2-Clause-Patent"),
        ("built against LibFoo-2.4.1 now", "LibFoo-2.4.1"),
        ("on Debian/ppc64el", "Debian/ppc64el"),
        ("Passed: lang/tests/private/Private12.java", "lang/tests/private/Private12.java"),
        ("ftp://ftp.example.net/pub/gnu/indent/2.2", "ftp://ftp.example.net/pub/gnu/indent/2.2"),
        ("    u'Z\\xfcrich'", "Z\\xfcrich"),
        ("echo a | sed 's/x/y\\U\\xb2z/'", "s/x/y\\U\\xb2z/"),
        ("Ryzen9-5950X@3.40GHz cache=64MB", "Ryzen9-5950X@3.40GHz"),
        ("\t2011-03-0409:12:44Z!dev@example.org.", "2011-03-0409:12:44Z!dev@example.org"),
    ],
)
def test_release_names_judged_public(text: str, value: str) -> None:
    assert is_release_name(*_at(text, value))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("    New symbols: xmlParseChunkV2@Base", "xmlParseChunkV2@Base"),
        ("  * Keep stat64@GLIBC_2.33 for now", "stat64@GLIBC_2.33"),
        ("FUNC:_ZNKSt6vectorIiSaIiEE4sizeEv@@GLIBCXX_3.4.30", "FUNC:_ZNKSt6vectorIiSaIiEE4sizeEv@@GLIBCXX_3.4.30"),
        ("  * Remove tiff_dummy_hook@LIBTIFF_4.5 symbol", "tiff_dummy_hook@LIBTIFF_4.5"),
    ],
)
def test_symbol_versions_judged_public(text: str, value: str) -> None:
    assert is_symbol_version(*_at(text, value))


def test_symbol_version_judge_keeps_labelled_values() -> None:
    assert not is_symbol_version(*_at("password: Xk9q@Base", "Xk9q@Base"))
    assert not is_symbol_version(*_at("token = a_bc@LIB_1.2", "a_bc@LIB_1.2"))
    assert not is_symbol_version(*_at("login bob@PROD_1", "bob@PROD_1"))


def test_release_name_judge() -> None:
    assert is_release_name(*_at("under GPLv2-or-later", "GPLv2-or-later"))
    assert not is_release_name(*_at("password: Summer-2024", "Summer-2024"))
    assert not is_release_name(*_at("password: hunter", "hunter"))
    assert not is_release_name(*_at("password: LibFoo-2.4.1", "LibFoo-2.4.1"))
    assert not is_release_name(
        *_at("see https://hooks.example.com/services/T0/B0/Xy", "https://hooks.example.com/services/T0/B0/Xy")
    )


# ---- R6 a key id, a protocol type, a hardware pin, an empty passwd field (redaction_public_specs)
@pytest.mark.parametrize(
    "text",
    [
        "    + Verify the tarball signature (GnuPG key: 0x3A1F9C2BD7E04A6B).",
        "\tcookie: CARD32\n\tsecret: CARD16\n",
        "    - [arm64] dts: fix the pmic interrupt pin on imx8mp-evk",
        '  ops.passwd      TXT     "ops:*:2001:200:Operators:/srv/ops:/bin/sh"',
    ],
)
def test_public_spec_values_stay(text: str) -> None:
    assert_untouched(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("signing key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
        ("token: Cq83ZxLw0pRt", "Cq83ZxLw0pRt"),
        ("The PIN on the badge is 4821.", "4821"),
    ],
)
def test_public_spec_near_misses_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_public_spec_judge() -> None:
    assert is_public_spec_value(*_at("GPG key: 0x3A1F9C2BD7E04A6B", "0x3A1F9C2BD7E04A6B"))
    assert not is_public_spec_value(*_at("api key: 0x3A1F9C2BD7E04A6B", "0x3A1F9C2BD7E04A6B"))
    assert is_public_spec_value(*_at('"ops:*:2001:200:Ops:/srv:/bin/sh"', "ops:*:2001:200:Ops:/srv:/bin/sh"))
    entry = "ops:Kp9$x:2001:200:Ops:/srv:/bin/sh"
    assert not is_public_spec_value(*_at(f'"{entry}"', entry))


# ---- the true shapes the audit found must still go
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("const password = 'Key derivation input 7';", "Key derivation input 7"),
        ("const secret = 'qwertyu';", "qwertyu"),
        ("const u = new URL('https://ann:pqr@example.org');", "pqr"),
        ("machine mail3 login carol password carolknows", "carolknows"),
        ("https://user:pa%2Fss@pkgs.example.com/simple", "pa%2Fss"),
    ],
)
def test_true_shapes_still_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


def test_linear() -> None:
    assert_linear(redact, "  * Keep sym_a@GLIBC_2.21 (closes: #123456) by @dev42, --pass and more\n" * 1000)
    assert_linear(redact, "a" * 30000 + "@@GLIBCXX_3.4")
    assert_linear(redact, "(" + "f_pass," * 5000 + "): Escape the help string.")
    assert_linear(redact, "tools/" * 8000 + "Private.java")
    assert_linear(redact, "\\x41" * 8000 + " password: " + "ab " * 3000)


def test_judges_linear_on_long_values() -> None:
    word = "a" * 500 + "9"
    assert_linear(lambda t: is_release_name(t, 0, min(len(t), 590)), word * 4)
    assert_linear(lambda t: is_changelog_prose(t, len(t) - 3, len(t)), "\t(" + "abcdefgh" * 4000 + "9): x y")
