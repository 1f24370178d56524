"""Content safety settings and the redaction step's offset remap (no I/O)."""

from __future__ import annotations

import pytest

from stratakb_core.ingest.content_safety import check_content_safety, redact_document, resolve
from stratakb_core.ingest.parsing.markdown import MarkdownParser
from stratakb_core.ingest.parsing.scanned import needs_ocr
from stratakb_core.ingest.structure import apply_structure
from stratakb_core.values import ParsedDocument

DOC = (
    "# Deploy\n"
    "\n"
    "db_password: Tr0ub4dor&3xyz\n"
    "\n"
    "## Rollback\n"
    "\n"
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "-----END RSA PRIVATE KEY-----\n"
    "Run the rollback script.\n"
)


def test_redaction_moves_sections_with_the_text_and_keeps_every_line():
    doc = apply_structure(MarkdownParser().parse(DOC.encode(), "deploy.md"), ())
    red, counts = redact_document(doc)
    assert counts == {"credential": 1, "private_key": 1}
    assert "Tr0ub4dor" not in red.text and "MIIEow" not in red.text
    assert red.text.count("\n") == DOC.count("\n")
    for before, after in zip(doc.sections, red.sections, strict=True):
        assert after.heading == before.heading
        # a section starts on the same line, with the same text there
        assert red.text.count("\n", 0, after.start) == DOC.count("\n", 0, before.start)
        assert red.text[after.start:].split("\n")[0] == DOC[before.start:].split("\n")[0]
    assert red.sections[-1].end == len(red.text)


def test_a_document_without_secrets_is_the_same_object():
    doc = ParsedDocument(text="nothing to see\n", sections=())
    assert redact_document(doc) == (doc, {})


def test_pages_move_too():
    text = "page one token: abcdef123456\n\npage two"
    doc = ParsedDocument(text=text, sections=(), pages=((0, 28), (30, len(text))))
    red, _ = redact_document(doc)
    assert [red.text[a:b] for a, b in red.pages] == ["page one token: [REDACTED_CREDENTIAL]", "page two"]


def test_settings_come_from_the_layer_then_the_environment():
    assert resolve({}, {}) == resolve(None, {}) and resolve({}, {}).redact_secrets
    env = {"STRATA_OCR": "off", "STRATA_REDACT_SECRETS": "off", "STRATA_QUARANTINE_SUSPICIOUS": "yes"}
    s = resolve({}, env)
    assert (s.ocr, s.redact_secrets, s.quarantine_suspicious, s.ocr_on) == ("off", False, True, False)
    s = resolve({"ocr": "on", "redact_secrets": True, "quarantine_suspicious": False}, env)
    assert (s.ocr, s.redact_secrets, s.quarantine_suspicious, s.ocr_on) == ("on", True, False, True)
    assert resolve({"ocr": "sometimes", "redact_secrets": "no"}, {}).ocr == "auto"


@pytest.mark.parametrize("value", [[], {"ocr": "maybe"}, {"redact_secrets": "yes"}, {"colour": True}])
def test_bad_settings_are_refused_naming_what_is_wrong(value):
    with pytest.raises(ValueError):
        check_content_safety(value)


def test_which_files_ocr_could_add_text_to():
    scanned = ParsedDocument(text="x", sections=(), kind="pdf", scanned_pages=(2,))
    assert needs_ocr("a/scan.PDF", None) and needs_ocr("a/scan.pdf", scanned) and needs_ocr("p.tiff", None)
    assert not needs_ocr("a.pdf", ParsedDocument(text="x", sections=(), kind="pdf"))
    assert not needs_ocr("notes.md", None)


def test_a_preset_sets_content_safety_and_refuses_a_bad_value(tmp_path):
    from stratakb_core.errors import UsageError
    from stratakb_core.ingest.presets import load_preset
    from stratakb_core.ingest.presets.layer_check import layer_changes

    (tmp_path / "docs").mkdir()
    path = tmp_path / "preset.yaml"
    path.write_text("name: plant\nsources:\n  - {name: docs, path: docs}\n"
                    "content_safety: {ocr: off, quarantine_suspicious: true}\n")
    preset = load_preset(path)
    assert preset.layer_settings(new_layer=True)["content_safety"] == {"ocr": "off", "quarantine_suspicious": True}
    current = {k: v for k, v in preset.layer_settings(new_layer=True).items() if k != "content_safety"}
    assert "content_safety" not in layer_changes(preset, current, {}, {"ocr": "off", "quarantine_suspicious": True})
    assert layer_changes(preset, current, {}, {})["content_safety"]["old"] == {}
    path.write_text("name: plant\nsources:\n  - {name: docs, path: docs}\ncontent_safety: {ocr: sometimes}\n")
    with pytest.raises(UsageError, match="content_safety ocr must be auto, on or off"):
        load_preset(path)
    path.write_text("name: plant\nsources:\n  - {name: docs, path: docs}\n")
    assert "content_safety" not in load_preset(path).layer_settings(new_layer=False)
