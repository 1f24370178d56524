"""strata_verify's rules, one case a line: the draft, what it cites, the verdict, and what the flags say.

Passages (S1-S4) are the text the server read from the store; None stands for a ref the server
could not read (its passage flag is in the result). `outcome(check_draft(...))` is exactly what
strata_verify returns, less the receipt a verified draft then gets.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from stratakb_core.query.facts import draft_facts, passage_keys
from stratakb_core.query.verify import check_draft, outcome, split_draft

S1 = "7.2 Either party may end this agreement\nwith thirty (30) days' written notice."
S2 = "Fees: EUR 1.000,00 a month, due by 4 November 2026. Interest is 4% a year."
S3 = "Code AC01 means the IBAN DE89 3704 0044 0532 0130 00 is wrong; see pacs.008 and Article 12."
S4 = "The Close frame contains an opcode of 0x8. Clients MUST NOT show it to end users."
FOUR = [S1, S2, S3, S4]


@dataclass(frozen=True)
class Case:
    rule: str
    draft: str
    status: str  # verified, flagged, nothing_checked
    flags: tuple[str, ...] = ()  # each flag message, in order (flagged only)
    passages: tuple[str | None, ...] = tuple(FOUR)

    def __str__(self) -> str:
        return self.rule


CASES = [
    # Quotes: whole words of a passage the sentence cites
    Case("quote: the cited passage's own words", 'It says "Either party may end this agreement" [S1].', "verified"),
    Case("quote: one word changed", 'It says "Either party must end this agreement" [S1].', "flagged",
         ('"Either party must end this agreement" not found in S1',)),
    Case("quote: across a wrapped line of the passage", 'It says "this agreement with thirty (30) days" [S1].',
         "verified"),
    Case("quote: part of a word at its start", 'It says "ither party may end" [S1].', "flagged",
         ('"ither party may end" not found in S1',)),
    Case("quote: part of a word at its end", 'It says "Either party may en" [S1].', "flagged",
         ('"Either party may en" not found in S1',)),
    Case("quote: ... omits words, two on each side", 'It says "Either party ... written notice" [S1].', "verified"),
    Case("quote: one word before the omission", 'It says "Either ... written notice" [S1].', "flagged",
         ('"Either ... written notice": each part around an omission (...) needs at least two words',)),
    Case("quote: one word after the omission", 'It says "Either party ... notice" [S1].', "flagged",
         ('"Either party ... notice": each part around an omission (...) needs at least two words',)),
    Case("quote: the ellipsis character omits words too", 'It says "Either party \u2026 written notice" [S1].',
         "verified"),
    Case("quote: parts around an omission out of order", 'It says "written notice ... Either party" [S1].',
         "flagged", ('"written notice ... Either party" not found in S1',)),
    Case("quote: curly quotation marks", "It says \u201cEither party may end\u201d [S1].", "verified"),
    Case("quote: guillemets", "It says \u00ab Either party may end \u00bb [S1].", "verified"),
    Case("quote: a typographic apostrophe matches a straight one", "It needs \u201cthirty (30) days\u2019 written "
         "notice\u201d [S1].", "verified"),
    Case("quote: a lower-case first letter may start a quote", 'Notice lets "either party may end" it [S1].',
         "verified"),
    Case("quote: case changed inside a quote", 'It says "Either Party may end" [S1].', "flagged",
         ('"Either Party may end" not found in S1',)),
    Case("quote: in a passage the sentence does not cite", 'It says "Either party may end" [S2].', "flagged",
         ('"Either party may end" not found in S2',)),
    Case("quote: in one of the passages the sentence cites", 'It says "Either party may end" [S2], [S1].',
         "verified"),
    Case("quote: an uncited sentence is checked against all passages", 'Fees apply [S2]. "Either party may end" '
         "the agreement.", "verified"),
    Case("quote: a quote with an end mark inside ends its sentence", 'It says "Clients MUST NOT show it to end '
         'users." [S4] Fees are EUR 1.000,00 [S2].', "verified"),
    # Facts outside quotes, after normalisation
    Case("fact: the same number and unit", "Notice takes 30 days [S1].", "verified"),
    Case("fact: a changed number", "Notice takes 13 days [S1].", "flagged", ('"13 days" not found in S1',)),
    Case("fact: 30 days matches thirty (30) days", "Either party may end it with 30 days' notice [S1].",
         "verified"),
    Case("fact: thirty days in the draft matches", "Notice takes thirty days [S1].", "verified"),
    Case("fact: the same number with another unit", "Notice takes 30 hours [S1].", "flagged",
         ('"30 hours" not found in S1',)),
    Case("fact: EUR 1.000,00 matches 1000 EUR", "The fee is 1000 EUR a month [S2].", "verified"),
    Case("fact: a currency symbol and a thousands comma", "The fee is \u20ac1,000 [S2].", "verified"),
    Case("fact: a changed amount", "The fee is EUR 1.500,00 [S2].", "flagged", ('"EUR 1.500,00" not found in S2',)),
    Case("fact: the same figure in another currency", "The fee is 1000 USD [S2].", "flagged",
         ('"1000 USD" not found in S2',)),
    Case("fact: 2026-11-04 matches 4 November 2026", "Payment is due by 2026-11-04 [S2].", "verified"),
    Case("fact: November 4, 2026 matches", "Payment is due by November 4, 2026 [S2].", "verified"),
    Case("fact: a changed date", "Payment is due by 5 November 2026 [S2].", "flagged",
         ('"5 November 2026" not found in S2',)),
    Case("fact: a month and year within a full date", "Payment is due in November 2026 [S2].", "verified"),
    Case("fact: 4% matches", "Interest is 4% a year [S2].", "verified"),
    Case("fact: four per cent matches 4%", "Interest is four per cent a year [S2].", "verified"),
    Case("fact: a changed percentage", "Interest is 5 percent a year [S2].", "flagged",
         ('"5 percent" not found in S2',)),
    Case("fact: an IBAN without its spaces", "The IBAN DE89370400440532013000 is wrong [S3].", "verified"),
    Case("fact: an IBAN with one digit changed", "The IBAN DE89 3704 0044 0532 0130 01 is wrong [S3].", "flagged",
         ('"DE89 3704 0044 0532 0130 01" not found in S3',)),
    Case("fact: a reason code", "AC01 means a wrong IBAN [S3].", "verified"),
    Case("fact: another reason code", "AC04 means a wrong IBAN [S3].", "flagged", ('"AC04" not found in S3',)),
    Case("fact: a message code without case", "See PACS.008 [S3].", "verified"),
    Case("fact: a clause reference matches the clause's number", "Section 7.2 covers notice [S1].", "verified"),
    Case("fact: a clause reference the passage lacks", "Clause 7.3 covers notice [S1].", "flagged",
         ('"Clause 7.3" not found in S1',)),
    Case("fact: a keyword clause reference", "Article 12 applies [S3].", "verified"),
    Case("fact: a changed keyword clause reference", "Article 13 applies [S3].", "flagged",
         ('"Article 13" not found in S3',)),
    Case("fact: a year within a date", "The fee changes in 2026 [S2].", "verified"),
    Case("fact: a hexadecimal code", "The opcode is 0x8 [S4].", "verified"),
    Case("fact: a changed hexadecimal code", "The opcode is 0x9 [S4].", "flagged", ('"0x9" not found in S4',)),
    Case("fact: only in a passage the sentence does not cite", "Interest is 4% a year [S1].", "flagged",
         ('"4%" not found in S1',)),
    Case("fact: in one of the cited passages", "Interest is 4% and notice 30 days [S1], [S2].", "verified"),
    Case("fact: an uncited sentence is checked against all passages", "Fees apply [S2]. Interest is 4% a year.",
         "verified"),
    Case("fact: an uncited sentence, not in any passage", "Fees apply [S2]. Interest is 9% a year.", "flagged",
         ('"9%" not found in S1\u2013S4',)),
    Case("fact: a number word without a unit is no fact", "One of the parties may end it [S1].",
         "nothing_checked"),
    Case("fact: a quote's facts are the quote's", 'It says "Either party may end this agreement" [S2], [S1].',
         "verified"),
    # Sentences and where citations belong
    Case("sentence: a citation after the end belongs to the sentence before", "Notice takes 30 days. [S1] Fees "
         "are EUR 1.000,00. [S2]", "verified"),
    # Had [S1] stayed with the first sentence, "4%" would be checked against S1 alone and flagged.
    Case("sentence: a citation before a lower-case word belongs to what follows", "Interest is 4% a year. [S1] "
         "and fees are due [S2].", "verified"),
    Case("sentence: a digit after the end continues the sentence", "Notice takes 30 days. 4% interest applies "
         "[S1], [S2].", "verified"),
    Case("sentence: a digit after a citation starts a new sentence", "Interest is 4% [S2]. 30 days notice applies "
         "[S1].", "verified"),
    Case("sentence: a new sentence after a citation is checked on its own", "Interest is 4% [S1]. 30 days notice "
         "applies [S2].", "flagged", ('"4%" not found in S1', '"30 days" not found in S2')),
    Case("sentence: a line break ends a sentence", "Interest is 4% [S2]\nNotice takes 30 days [S1]", "verified"),
    Case("sentence: a lower-case word after a full stop continues it", "Interest is 4%, e.g. a year at 4% [S2].",
         "verified"),
    Case("sentence: citations separated by commas", "Notice takes 30 days and interest is 4% [S1], [S2].",
         "verified"),
    Case("sentence: citations separated by semicolons in one bracket", "Notice takes 30 days and interest is 4% "
         "[S1; S2].", "verified"),
    Case("sentence: a line of citations belongs to the line before", "Notice takes 30 days.\n[S1]", "verified"),
    # Citations
    Case("citation: [S5] when four passages were given", "Notice takes 30 days [S5].", "flagged",
         ("[S5] cites no passage: 4 passages were given (S1\u2013S4)",
          '"30 days" not found in the passages given (the sentence cites none of them)')),
    Case("citation: a citation at the start of the sentence counts", "[S4] The opcode is 0x8.", "verified"),
    Case("citation: [S0] is no passage", "The opcode is 0x8 [S0], [S4].", "flagged",
         ("[S0] cites no passage: 4 passages were given (S1\u2013S4)",)),
    Case("citation: none at all, though the facts match", "Notice takes 30 days.", "flagged",
         ("The draft cites no passage: cite each claim by passage id, such as [S1].",)),
    Case("citation: none at all and nothing to check", "The parties may end it.", "flagged",
         ("The draft cites no passage: cite each claim by passage id, such as [S1].",)),
    Case("citation: an [S1] inside a quote does not count", 'The rule reads "Either party may end [S1] it" today.',
         "flagged", ("The draft cites no passage: cite each claim by passage id, such as [S1].",
                     '"Either party may end [S1] it" not found in S1\u2013S4')),
    Case("citation: a passage the server could not read", "The opcode is 0x8 [S2].", "flagged",
         ("S2: the ref could not be read", '"0x8" not found in S2'), (S1, None, S3, S4)),
    Case("citation: an unreadable passage the draft does not cite still flags", "The opcode is 0x8 [S4].",
         "flagged", ("S2: the ref could not be read",), (S1, None, S3, S4)),
    # Verdicts
    Case("verdict: citations but no quote or fact", "Either party may end the agreement [S1].", "nothing_checked"),
    Case("verdict: a flag wins over nothing to check", "Either party may end it [S1]. See [S9].", "flagged",
         ("[S9] cites no passage: 4 passages were given (S1\u2013S4)",)),
    Case("verdict: two passages are named as a list", "Interest is 9% [S1], [S2].", "flagged",
         ('"9%" not found in S1, S2',)),
]


def run(case: Case) -> dict:
    passage_flags = [{"kind": "passage", "reason": "changed", "passage": f"S{i}",
                      "message": f"S{i}: the ref could not be read"}
                     for i, p in enumerate(case.passages, 1) if p is None]
    return outcome(check_draft(case.draft, list(case.passages)), passage_flags)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_verify_case(case: Case) -> None:
    result = run(case)
    assert result["status"] == case.status, result
    if case.status == "flagged":
        assert [f["message"] for f in result["flags"]] == list(case.flags) or not case.flags
    else:
        assert "flags" not in result


def test_there_are_at_least_60_cases_with_both_verdicts_for_each_rule() -> None:
    assert len(CASES) >= 60
    for group in ("quote", "fact", "sentence", "citation", "verdict"):
        statuses = {c.status for c in CASES if c.rule.startswith(group + ":")}
        assert "flagged" in statuses and statuses - {"flagged"}, group


# ---------------------------------------------------------------------------------------------
# What a result holds
# ---------------------------------------------------------------------------------------------


def test_a_verified_result_lists_the_unchecked_sentences_and_skips_a_citation_alone() -> None:
    result = run(Case("", "Notice takes 30 days [S1]. The parties agree [S1].\n[S2]\nIt is final.", "verified"))
    assert result["unchecked_sentences"] == ["The parties agree [S1].\n[S2]", "It is final."]
    assert "2 sentences held no quote or fact" in result["note"]
    assert result["checked"] == {"quotes": 0, "facts": 1}


def test_unchecked_sentences_are_cut_to_200_characters_and_at_most_50() -> None:
    long = "The parties agree " + "and agree " * 40 + "[S1]."
    many = " ".join(f"Sentence {chr(65 + i % 26)}{chr(65 + i // 26)} agrees [S1]." for i in range(60))
    result = run(Case("", f"Notice takes 30 days [S1]. {long} {many}", "verified"))
    assert len(result["unchecked_sentences"]) == 50
    assert result["unchecked_sentences"][0] == long[:200]


def test_a_flagged_result_lists_unchecked_sentences_and_nothing_checked_lists_none() -> None:
    flagged = run(Case("", "Notice takes 13 days [S1]. The parties agree [S1].", "flagged"))
    assert flagged["unchecked_sentences"] == ["The parties agree [S1]."]
    nothing = run(Case("", "The parties agree [S1].", "nothing_checked"))
    assert "unchecked_sentences" not in nothing and "Quote the supporting passage" in nothing["note"]


def test_at_most_50_flags_and_the_rest_are_counted() -> None:
    draft = " ".join(f"Fee {n} EUR [S1]." for n in range(100, 160))
    result = run(Case("", draft, "flagged"))
    assert len(result["flags"]) == 50 and result["flags_omitted"] == 10


def test_a_flag_says_which_sentence_and_which_passages_were_searched() -> None:
    (flag,) = run(Case("", "Fees apply [S2]. Interest is 9% a year.", "flagged"))["flags"]
    assert flag == {"kind": "fact", "reason": "not_found", "message": '"9%" not found in S1\u2013S4',
                    "text": "9%", "sentence": 2, "searched": ["S1", "S2", "S3", "S4"]}


def test_draft_sentences_keep_their_citations_quotes_and_facts() -> None:
    s1, s2 = split_draft('The notice is "thirty (30) days" long [S1]. Fees are EUR 1.000,00. [S2]')
    assert s1.citations == (1,) and [q.text for q in s1.quotes] == ["thirty (30) days"] and s1.facts == ()
    assert s2.text == "Fees are EUR 1.000,00. [S2]" and s2.citations == (2,)
    assert [f.key for f in s2.facts] == [("amount", "EUR", "1000")]


@pytest.mark.parametrize(("draft", "passage"), [
    ("30 days", "thirty (30) days"),
    ("EUR 1.000,00", "1000 EUR"),
    ("2026-11-04", "4 November 2026"),
    ("5%", "five per cent"),
    ("DE89 3704 0044 0532 0130 00", "DE89370400440532013000"),
    ("1,000.50 USD", "$1000.50"),
])
def test_normalisation_makes_both_forms_one_key(draft: str, passage: str) -> None:
    (fact,) = draft_facts(draft)
    assert fact.key in passage_keys(passage)
