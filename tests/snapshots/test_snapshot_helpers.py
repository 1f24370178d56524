"""The snapshot helpers themselves: a changed, missing or extra snapshot fails; the update variable
writes instead; shapes keep keys and types, never values; masking hides run-specific text."""

from __future__ import annotations

import pytest

from tests.snapshots import _support
from tests.snapshots._support import assert_snapshot, assert_snapshot_dir, mask, merge_shapes, shape


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setattr(_support, "DATA", tmp_path / "data")
    monkeypatch.setattr(_support, "REPO", tmp_path)
    monkeypatch.delenv(_support.UPDATE_VAR, raising=False)
    return tmp_path / "data"


def test_missing_changed_and_extra_snapshots_fail(data, monkeypatch):
    with pytest.raises(pytest.fail.Exception, match="no snapshot"):
        assert_snapshot("x.json", {"a": 1})
    monkeypatch.setenv(_support.UPDATE_VAR, "1")
    assert_snapshot("x.json", {"a": 1})
    assert_snapshot_dir("help", {"one.txt": "one", "two.txt": "two"}, ".txt")
    monkeypatch.delenv(_support.UPDATE_VAR)
    assert (data / "x.json").read_text() == '{\n  "a": 1\n}\n'
    assert_snapshot("x.json", {"a": 1})
    with pytest.raises(pytest.fail.Exception, match=r'-  "a": 1'):
        assert_snapshot("x.json", {"a": 2})
    assert_snapshot_dir("help", {"one.txt": "one", "two.txt": "two"}, ".txt")
    with pytest.raises(pytest.fail.Exception, match="two.txt"):
        assert_snapshot_dir("help", {"one.txt": "one"}, ".txt")
    with pytest.raises(pytest.fail.Exception, match="no snapshot"):
        assert_snapshot_dir("help", {"one.txt": "one", "two.txt": "two", "three.txt": "3"}, ".txt")


def test_shape_keeps_keys_and_types_not_values():
    assert shape({"b": [1, 2], "a": {"x": None, "y": "s"}, "c": [], "d": 1.5, "e": True}) == {
        "a": {"x": "null", "y": "str"}, "b": ["int"], "c": [], "d": "float", "e": "bool"}
    assert shape([{"a": 1}, {"a": None, "b": "x"}]) == [{"a": {"oneOf": ["int", "null"]}, "b?": "str"}]
    assert shape({"a": 1}) != shape({"a": "1"}) and shape({"a": 1}) != shape({"b": 1})
    assert merge_shapes("null", {"k": "str"}) == {"oneOf": ["null", {"k": "str"}]}
    assert merge_shapes(["int"], []) == ["int"]


def test_mask_hides_ids_times_and_literals():
    text = ("/tmp/x/docs run 0123456789abcdef at 2026-03-04T10:11:12.5+00:00 rcpt_" + "a" * 24
            + " int_" + "b" * 20 + " key_" + "c" * 12 + " in 1.5 s")
    assert mask(text, {"/tmp/x": "<TMP>", "/tmp/x/docs": "<DOCS>"}) == (
        "<DOCS> run <RUN_ID> at <TIME> <RECEIPT_ID> <INTERACTION_ID> <KEY_ID> in <DURATION>")
