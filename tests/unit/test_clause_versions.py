"""A bare number right after a name is a version, not a clause reference (issue 11, third round):
"TLS 1.3" looked up section 1.3 of every document and answered a question nothing covers."""

from __future__ import annotations

import pytest

from stratakb_core.query.clauses import find_references


@pytest.mark.parametrize("question", [
    "how many round trips does a TLS 1.3 handshake take",
    "what changed in OAuth 2.0",
    "is this in Python 3.12",
    "release notes for version 2.1",
    "what broke in v1.4",
])
def test_a_version_after_a_name_is_no_clause_reference(question):
    assert find_references(question) == []


@pytest.mark.parametrize("question, labels", [
    ("what does 7.2 say", ["7.2"]),
    ("4.3.2", ["4.3.2"]),
    ("See 4.3.2 please", ["4.3.2"]),  # a capitalised word opening the question is no name
    ("since python 3.12 what changed", ["3.12"]),  # lowercase words are not taken for names
    ("what's in section 4.4 of the OAuth 2.0 spec", ["section 4.4"]),
    ("RFC 8200 4.4", ["4.4"]),
])
def test_other_bare_numbers_are_still_references(question, labels):
    assert [r.label for r in find_references(question)] == labels
