"""Evidence that a passage answers a question, without a cross-encoder (no I/O).

Cosine similarity alone cannot tell a related passage from one that answers: MiniLM puts a
question's near misses within a few hundredths of its answer. What separates them is the
question's own rare words. A passage's evidence score is its similarity plus how much of the
question's rare words (each weighted by its inverse document frequency in the layers searched)
it holds in its text, its section title and its file name, a little for a high full-text rank,
and a bonus when the question is the passage's own section title. The weights were tuned on the
dev half of `eval/golden/users_v2` (docs/adr/0007-evidence-ranking.md gives the measurements,
and what was tried and dropped).

The score is also mapped onto the reranker's 0-1 scale (`relevance`), through a logistic fitted
on the dev half and a monotone map that puts the measured thresholds on the spec's marks (0.8 and
0.5), so confidence and status keep the spec's scale. And a question whose distinctive terms
(an acronym, a CamelCase or dotted product name) occur in no stored chunk is not covered by the
documents, however related the passages are (`distinctive_terms`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = [
    "QueryTerms",
    "distinctive_terms",
    "evidence_score",
    "relevance",
    "strip_numbering",
    "title_key",
    "title_match",
]

W_SIMILARITY = 1.0
W_COVER = 0.5  # the rare words the passage holds anywhere (text, section title, file name)
W_TITLE = 0.1  # ...in its section title
W_FILE = 0.1  # ...in its file name
W_KEYWORD = 0.1  # 1 / full-text rank
W_TITLE_MATCH = 0.4  # the question is the passage's section title
UNRANKED = 200  # the rank given to a passage the full-text arm did not return

# Logistic fitted on the dev half: P(a passage is an expected answer | evidence score).
_LOGIT_A, _LOGIT_B = 6.41, -7.74
# Measured on the dev half (docs/calibration.md): below P_MEDIUM an answerable question's best
# passage is rare; at P_HIGH and above a found answer holds the answer 9 times in 10 or more.
P_MEDIUM, P_HIGH = 0.03, 0.40


@dataclass(frozen=True)
class QueryTerms:
    """The query's lexemes with their document frequency in the searched chunks (capped where
    counting stopped), and how many chunks were searched."""

    df: Mapping[str, int] = field(default_factory=dict)
    total: int = 0

    def idf(self, lexeme: str) -> float:
        d = self.df.get(lexeme, 0)
        return math.log((self.total - d + 0.5) / (d + 0.5) + 1.0) if d > 0 else 0.0

    def coverage(self, matched: Iterable[str]) -> float:
        """The idf-weighted share of the query's stored lexemes among `matched`."""
        weights = {lex: self.idf(lex) for lex in self.df}
        whole = sum(weights.values())
        if whole <= 0:
            return 0.0
        return sum(weights.get(lex, 0.0) for lex in set(matched)) / whole


def evidence_score(similarity: float, terms: QueryTerms, in_text: Iterable[str], in_title: Iterable[str],
                   in_file: Iterable[str], keyword_rank: int | None, title: float = 0.0) -> float:
    """The passage's evidence: similarity plus the rare words it holds (see the module docstring)."""
    in_text, in_title, in_file = set(in_text), set(in_title), set(in_file)
    return (W_SIMILARITY * similarity
            + W_COVER * terms.coverage(in_text | in_title | in_file)
            + W_TITLE * terms.coverage(in_title)
            + W_FILE * terms.coverage(in_file)
            + W_KEYWORD / (keyword_rank or UNRANKED)
            + W_TITLE_MATCH * title)


def relevance(score: float) -> float:
    """The evidence score on the reranker's 0-1 scale: P_MEDIUM lands on 0.5 and P_HIGH on 0.8."""
    p = 1.0 / (1.0 + math.exp(-(_LOGIT_A * score + _LOGIT_B)))
    if p <= P_MEDIUM:
        return 0.5 * p / P_MEDIUM
    if p <= P_HIGH:
        return 0.5 + 0.3 * (p - P_MEDIUM) / (P_HIGH - P_MEDIUM)
    return 0.8 + 0.2 * (p - P_HIGH) / (1.0 - P_HIGH)


_NUMBERING = re.compile(r"^\s*(?:(?:appendix|annex)\s+[a-z](?:\.\d+)*\.?\s*:?|\d+(?:\.\d+)*\.?"
                        r"|[A-Z]\.\d+(?:\.\d+)*\.?)\s+", re.IGNORECASE)
_NON_WORD = re.compile(r"[^\w]+")


def strip_numbering(heading: str) -> str:
    """A heading without its number (`5.2`, `Appendix A.1.`, `B.3`)."""
    return _NUMBERING.sub("", heading).strip()


def title_key(text: str | None) -> str:
    """A heading or a query as compared for a title match: numbering dropped, words lowercased."""
    return _NON_WORD.sub(" ", strip_numbering(text or "").lower()).strip()


def title_match(query: str, section_path: tuple[str, ...] | list[str]) -> float:
    """1 when the query is the passage's section title; the share of the longer one when one holds
    the other (two words at least); else 0."""
    if not section_path:
        return 0.0
    leaf, q = title_key(section_path[-1]), title_key(query)
    if not leaf or not q:
        return 0.0
    if leaf == q:
        return 1.0
    if len(q.split()) >= 2 and f" {q} " in f" {leaf} ":
        return len(q) / len(leaf)
    if len(leaf.split()) >= 2 and f" {leaf} " in f" {q} ":
        return len(leaf) / len(q)
    return 0.0


_TOKEN = re.compile(r"[A-Za-z0-9][\w./=+-]*[A-Za-z0-9]|[A-Za-z]")
_ACRONYM_OR_CAMEL = re.compile(r"^(?:[A-Z]{2,}[A-Za-z0-9]*|[A-Za-z]+[a-z][A-Z]\w*)$")
_JOINED = re.compile(r"^[A-Za-z][\w-]*[./=][A-Za-z0-9][\w./=-]*$")
# A version right after an acronym or CamelCase name (TLS 1.3, OAuth 2.0): the pair is a term of its
# own, looked up as a phrase, since a document can hold both words apart (TLS, and a section 1.3).
_VERSION_AFTER = re.compile(r"[ \t]+v?(\d+(?:\.\d+)+)(?![\w.]*\d)")
MAX_DISTINCTIVE = 10


def distinctive_terms(question: str) -> list[str]:
    """The question's acronyms (GDP, SLAAC), CamelCase names (SameSite), joined names
    (pylock.toml, HTTP/3, Europe/Berlin) and an acronym or CamelCase name with the version after it
    (TLS 1.3, a phrase): words a document that covers the topic would hold.
    Lowercase words never count: they may be misspelled or paraphrased. A question in capitals
    has none (every word would look like an acronym)."""
    letters = [ch for ch in question if ch.isalpha()]
    if letters and sum(ch.isupper() for ch in letters) > 0.6 * len(letters):
        return []
    out: list[str] = []
    for m in _TOKEN.finditer(question):
        tok = m.group(0)
        if (_ACRONYM_OR_CAMEL.match(tok) or _JOINED.match(tok)) and tok not in out:
            out.append(tok)
            version = _VERSION_AFTER.match(question, m.end())
            if version and f"{tok} {version.group(1)}" not in out:
                out.append(f"{tok} {version.group(1)}")
    return out[:MAX_DISTINCTIVE]


_WORDS = re.compile(r"[^\W_]+")
_STOP = frozenset("a an and are as at be by can do does for from how i in is it its of on or the this that to was "
                  "what when where which who why will with".split())


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def word_coverage(question: str, text: str) -> float:
    """The share of the question's content words (crudely stemmed) that `text` holds."""
    wanted = {_stem(w) for w in _WORDS.findall(question.lower()) if w not in _STOP}
    if not wanted:
        return 0.0
    held = {_stem(w) for w in _WORDS.findall(text.lower())}
    return len(wanted & held) / len(wanted)


def sentence_relevance(similarity: float, question: str, sentence: str) -> float:
    """A sentence's evidence on the 0-1 scale, for extractive answers without a cross-encoder:
    its similarity and the question's words it holds (no corpus frequencies for a sentence)."""
    return relevance(W_SIMILARITY * similarity + W_COVER * word_coverage(question, sentence))
