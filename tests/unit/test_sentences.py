"""Sentence splitting over stored text for extractive answers: one case a line, the text and the
sentences it holds. Every sentence is checked to be the exact span its offsets name."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from stratakb_core.query.sentences import MAX_SENTENCE_CHARS, overlapping, split_sentences


@dataclass(frozen=True)
class Case:
    rule: str
    text: str
    sentences: tuple[str, ...]
    headings: tuple[int, ...] = ()  # offsets where sections with a heading start

    def __str__(self) -> str:
        return self.rule


CASES = [
    Case("a full stop before a capital ends a sentence", "The fee is due. It is paid monthly.",
         ("The fee is due.", "It is paid monthly.")),
    Case("question and exclamation marks end one", "Is it due? Yes! Pay now.", ("Is it due?", "Yes!", "Pay now.")),
    Case("a wrapped line stays in its sentence", "Either party may end this agreement\n   with ninety days' notice. "
         "Done.", ("Either party may end this agreement\n   with ninety days' notice.", "Done.")),
    Case("e.g. does not end one", "Use a tool, e.g. Ruff for linting. Then test.",
         ("Use a tool, e.g. Ruff for linting.", "Then test.")),
    Case("e.g., with its comma does not end one", "Close it, e.g., if it has not. Then stop.",
         ("Close it, e.g., if it has not.", "Then stop.")),
    Case("No. does not end one", "See invoice No. 5 for details. It is paid.",
         ("See invoice No. 5 for details.", "It is paid.")),
    Case("Art. does not end one", "Under Art. 12 the fee applies. It is fixed.",
         ("Under Art. 12 the fee applies.", "It is fixed.")),
    Case("a clause number inside a sentence does not end it", "Clause 7.2 sets notice. It is final.",
         ("Clause 7.2 sets notice.", "It is final.")),
    Case("a number that ends a sentence ends it", "The code is defined in Section 7.4. Following it, data comes.",
         ("The code is defined in Section 7.4.", "Following it, data comes.")),
    Case("a clause number opening a line does not end a sentence", "7. The party may end it. It must notify.",
         ("7. The party may end it.", "It must notify.")),
    Case("a decimal number does not end one", "It costs 3.5 EUR per hour. Done.",
         ("It costs 3.5 EUR per hour.", "Done.")),
    Case("a dotted name does not end one", "Call asyncio.TaskPool to run it. Then wait.",
         ("Call asyncio.TaskPool to run it.", "Then wait.")),
    Case("a lower-case word after a full stop continues the sentence", "Keys, values etc. are stored. Done.",
         ("Keys, values etc. are stored.", "Done.")),
    Case("closing quotes belong to the sentence they end", 'He said "Stop." Then he left.',
         ('He said "Stop."', "Then he left.")),
    Case("a closing bracket belongs to the sentence it ends", "(When closing, echo the code.)  It SHOULD do so.",
         ("(When closing, echo the code.)", "It SHOULD do so.")),
    Case("curly quotes close a sentence too", "\u201cPay now.\u201d The rest follows.",
         ("\u201cPay now.\u201d", "The rest follows.")),
    Case("an initial does not end one", "I. Fette wrote it. It was 2011.", ("I. Fette wrote it.", "It was 2011.")),
    Case("an ellipsis before a capital ends one", "Wait... Then go.", ("Wait...", "Then go.")),
    Case("lines without end marks run together until a blank line", "Prices\nApple 1 EUR\nPear 2 EUR\n\nTotal 3 EUR",
         ("Prices\nApple 1 EUR\nPear 2 EUR", "Total 3 EUR")),
    Case("YAML lines read as one sentence", "name: ping\ninterval: 30\ntimeout: 5\n",
         ("name: ping\ninterval: 30\ntimeout: 5",)),
    Case("a list item starts a new sentence", "Items:\n- apple\n- pear", ("Items:", "- apple", "- pear")),
    Case("numbered list items start new sentences", "1. First thing\n2. Second thing",
         ("1. First thing", "2. Second thing")),
    Case("RFC bullets start new sentences", "   o  Item one\n   o  Item two", ("o  Item one", "o  Item two")),
    Case("a wrapped list item stays one sentence", "- the client MUST send\n  a key. Then it waits.\n- next",
         ("- the client MUST send\n  a key.", "Then it waits.", "- next")),
    Case("a Markdown heading is left out", "# Notice\nEither party may end it.", ("Either party may end it.",),
         (0,)),
    Case("an underlined heading is left out", "Notice\n======\n\nEither party may end it.",
         ("Either party may end it.",), (0,)),
    Case("an overlined heading is left out", "======\nNotice\n======\n\nEither party may end it.",
         ("Either party may end it.",), (0,)),
    Case("a numbered heading standing alone is left out", "4.1.  Client Requirements\n\n   The client MUST send.",
         ("The client MUST send.",), (0,)),
    Case("a numbered clause that carries on in lower case is text", "7.2 Either party may end this agreement\n"
         "with ninety days' written notice.", ("7.2 Either party may end this agreement\nwith ninety days' written "
                                               "notice.",), (0,)),
    Case("a heading ends the text before it", "Intro line\n## Next\nBody text.", ("Intro line", "Body text."),
         (11,)),
    Case("table-of-contents dot leaders do not end one", "5.5.1.  Close  . . . . . . . 36\n5.5.2.  Ping  . . . . 37",
         ("5.5.1.  Close  . . . . . . . 36", "5.5.2.  Ping  . . . . 37")),
    Case("a form feed line is a blank line", "First part\n\f\nSecond part.", ("First part", "Second part.")),
    Case("indentation is not part of a sentence", "      Indented text ends here.  Next one.",
         ("Indented text ends here.", "Next one.")),
]


def texts(text: str, headings=(), pages=None) -> list[str]:
    out = []
    for s in split_sentences(text, headings=headings, pages=pages):
        assert text[s.start:s.end] == text[s.start:s.end].strip()  # no leading or trailing white space
        out.append(text[s.start:s.end])
    return out


@pytest.mark.parametrize("case", CASES, ids=str)
def test_sentence_case(case: Case) -> None:
    assert texts(case.text, case.headings) == list(case.sentences)


def test_there_are_at_least_25_cases() -> None:
    assert len(CASES) >= 25


# ---------------------------------------------------------------------------------------------
# Pages, length, and finding the sentences a passage touches
# ---------------------------------------------------------------------------------------------

PAGED = ("The first page ends a sentence here.  A second one is cut\n\n\n"
         "Author  Standards Track  [Page 1]\n\f\nRFC 9999  Title  May 2026\n\n\n"
         "   by the page break.  Then a whole one.\n")


def paged_spans() -> list[tuple[int, int]]:
    gap_start = PAGED.index("Author")
    gap_end = PAGED.index("\n\n\n   by") + 1
    return [(0, gap_start), (gap_end, len(PAGED))]


def test_page_furniture_belongs_to_no_sentence_and_a_cut_sentence_is_not_whole() -> None:
    got = [(PAGED[s.start:s.end], s.whole) for s in split_sentences(PAGED, pages=paged_spans())]
    assert got == [("The first page ends a sentence here.", True), ("A second one is cut", False),
                   ("by the page break.", False), ("Then a whole one.", True)]


def test_a_sentence_ended_before_a_page_break_and_the_next_page_start_are_whole() -> None:
    text = PAGED.replace("is cut\n", "is whole.\n").replace("by the page break.", "Another page starts.")
    got = [(text[s.start:s.end], s.whole) for s in split_sentences(text, pages=[
        (0, text.index("Author")), (text.index("\n\n\n   Another") + 1, len(text))])]
    assert got == [("The first page ends a sentence here.", True), ("A second one is whole.", True),
                   ("Another page starts.", True), ("Then a whole one.", True)]


def test_a_sentence_over_2000_characters_is_too_long_to_quote_and_is_never_cut() -> None:
    long = "word " * 450 + "end."
    (s,) = split_sentences(long)
    assert s.end - s.start == len(long) > MAX_SENTENCE_CHARS
    assert s.too_long and not s.quotable


def test_overlapping_gives_the_whole_sentences_a_span_touches() -> None:
    text = "One is here. Two is there. Three is last."
    sentences = split_sentences(text)
    start = text.index("is there")
    got = [text[s.start:s.end] for s in overlapping(sentences, start - 2, start + 3)]
    assert got == ["Two is there."]
    got = [text[s.start:s.end] for s in overlapping(sentences, 5, text.index("Three") + 1)]
    assert got == ["One is here.", "Two is there.", "Three is last."]
