"""The names check: which names a question asks about, and whether a passage holds them. One case a line."""

from __future__ import annotations

import pytest

from stratakb_core.query.names import MAX_NAMES, Name, find_names, missing_names, missing_note, name_in

# (rule, question, the names it asks about)
FIND = [
    ("a dotted name", "How do I use asyncio.TaskPool?", ["asyncio.TaskPool"]),
    ("a dotted call", "What does os.path.join do?", ["os.path.join"]),
    ("snake_case", "What does max_retries control?", ["max_retries"]),
    ("SCREAMING_SNAKE_CASE", "Where is MAX_RETRIES set?", ["MAX_RETRIES"]),
    ("CamelCase", "What is the TaskPool class?", ["TaskPool"]),
    ("lowerCamelCase", "What does getElementById return?", ["getElementById"]),
    ("a __dunder__ name", "When is __init__ called?", ["__init__"]),
    ("a bracketed key", 'What is config["timeout"] by default?', ['config["timeout"]']),
    ("a code of capitals and digits", "What does reason code AC04 mean?", ["AC04"]),
    ("a hyphenated code", "What is attribute AT-44?", ["AT-44"]),
    ("a dotted message code", "What is a pacs.008 message?", ["pacs.008"]),
    ("words of 8 or more capitals", "What do PYTHONHASHSEED and HEALTHCHECK do?", ["PYTHONHASHSEED", "HEALTHCHECK"]),
    ("a numbered reference", "What does PEP 8 say about tabs?", ["PEP 8"]),
    ("a numbered reference without a space", "Is RFC2119 normative?", ["RFC2119"]),
    ("names in the order written", "Does RFC 2119 define AC04 or asyncio.TaskPool?",
     ["RFC 2119", "AC04", "asyncio.TaskPool"]),
    ("short capitals are acronyms, not names", "How do HTTP, JSON and SEPA work together?", []),
    ("a question in capitals: no word counts for being in capitals", "HOW DO I SET PYTHONHASHSEED", []),
    ("a question in capitals still has its codes", "WHAT DOES CODE AC04 MEAN", ["AC04"]),
    ("ordinary words are never names", "How long is the notice period for termination?", []),
    ("a clause reference is never a name", "What does clause 2.2 say about 7.2.1?", []),
    ("a keyword clause reference in capitals is never a name", "WHAT IS IN SECTION 4 OF IT", []),
    ("an account number is never a name", "Is DE89 3704 0044 0532 0130 00 or 12345678901 valid?", []),
    ("an amount is never a name", "Is EUR 100 the fee?", []),
    ("abbreviations are not dotted names", "What is e.g. a typical value, i.e. the default?", []),
    ("a version number is not a numbered reference", "What changed in TLS 1.3?", []),
    ("a repeated name counts once", "Is AC04 the same as ac04?", ["AC04"]),
    ("PEP 8 and PEP8 are one name", "Do PEP 8 and PEP8 differ?", ["PEP 8"]),
]


@pytest.mark.parametrize(("rule", "question", "names"), FIND, ids=[r for r, _, _ in FIND])
def test_find_names(rule: str, question: str, names: list[str]) -> None:
    assert [n.text for n in find_names(question)] == names


def test_at_most_10_names_the_first_written() -> None:
    question = "Compare " + ", ".join(f"AC{i:02d}" for i in range(1, 13)) + "."
    assert [n.text for n in find_names(question)] == [f"AC{i:02d}" for i in range(1, 11)]
    assert MAX_NAMES == 10


# (rule, the name as asked, the text a passage or its file path holds, whether it matches)
MATCH = [
    ("the same spelling", "asyncio.TaskPool", "Use asyncio.TaskPool here.", True),
    ("without case", "PYTHONHASHSEED", "set pythonhashseed to 0", True),
    ("without spacing", "AC04", "reason code AC 04", True),
    ("a numbered reference without its space", "PEP 8", "see PEP8 for style", True),
    ("a numbered reference in a file path with leading zeros", "PEP 8", "peps/pep-0008.rst", True),
    ("not a longer number", "PEP 8", "PEP 80 is another", False),
    ("not inside a longer code", "AC04", "AC045 is another", False),
    ("not inside a longer word", "TaskPool", "MyTaskPools are different", False),
    ("a dotted code in other case", "pacs.008", "PACS.008 messages", True),
    ("a bracketed key as written", 'config["timeout"]', 'set config["timeout"] to 5', True),
    ("spacing inside a word is ignored too", "HEALTHCHECK", "The health check runs every minute.", True),
    ("absent", "HEALTHCHECK", "The probe runs every minute.", False),
]


@pytest.mark.parametrize(("rule", "name", "text", "matches"), MATCH, ids=[r for r, *_ in MATCH])
def test_name_matches(rule: str, name: str, text: str, matches: bool) -> None:
    (found,) = find_names(f"What about {name}?")
    assert found.text == name
    assert name_in(found, [text]) is matches


def test_there_are_at_least_20_cases() -> None:
    assert len(FIND) + len(MATCH) >= 20


def test_missing_names_keep_the_questions_order_and_the_note_names_them() -> None:
    names = find_names("Does PYTHONHASHSEED change asyncio.TaskPool or AC04?")
    missing = missing_names(names, ["asyncio.TaskPool runs tasks.", "codes/ac04.md"])
    assert missing == [Name("PYTHONHASHSEED", "capitals")]
    assert missing_note(missing) == "No passage holds PYTHONHASHSEED: the passages do not answer for it."
