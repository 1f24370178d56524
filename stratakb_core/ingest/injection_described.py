"""Documents that describe an order, a format or a change without giving one (no I/O; wave 31).

Two hooks, each a family a careful reader of real documents tells apart from an order:

``described(text, start, end)`` (from ``injection_mention.reported``, so every rule's mention test reads it):

* a changelog's entry: a line "- Fixed: ...", "- Neu: ...", "- 보안: ..." in a text with at least two such lines
  (release notes list what changed; an entry names a feature, it orders nobody);
* a quotation of what a planted comment or note contains ("un commentaire HTML contenant « oublie ... »");
* a quoted question a person asks about prompting ("'Can I tell the model to ignore ...?'", "« Puis-je ... ? »"):
  a FAQ's or a forum's question, in the first person, not an order;
* a format a tool or an assistant is said to emit ("meldet Werkzeugaufrufe als <tool_call>{...}", "the model
  returns calls as {"name": ...}"): the token or JSON after a verb of emitting and "as" is shown, not sent;
* an HTTP API's documentation ("send a GET request to https://api.../export with your personal access token"):
  a request sent with the reader's own credential as its means, to a URL with no slot for data (the URL taken
  whole, and the sentence ending at the means: "... with the credentials you have" is not an API doc's).

``described_sentence(sentence)`` (from ``injection_policy_text.policy_sentence``, for the co-occurrence rule):

* a prompt-writing guide's head in Italian, Spanish, French, German ("Guida ai prompt ...: specificare il ruolo");
* a design requirement on AI tools ("AI 도구가 ... 따르지 않도록 설계되어야 합니다", "must be designed so that the
  assistant does not follow ..."): what builders must make the AI do, with no "you";
* instructions of a business kind ("instrucciones de pago", "payment instructions", "Zahlungsanweisungen") and a
  noun "format" ("the OpenAI message format"): with those words read in their plain sense, the sentence sets off
  no rule (the co-occurrence rule judges it again without them).

Every pattern is bounded (linear in the text's length).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from stratakb_core.ingest.injection_cooccur import _judge, _mask, cues

__all__ = ["described", "described_sentence"]

# a changelog's category word before a colon, at a list item's head
_ENTRY: Final = re.compile(
    r"^[ \t]*[-*•][ \t]*(?:added|new|fixed|fix|changed|removed|deprecated|security|improved|neu|behoben|entfernt"
    r"|geändert|verbessert|sicherheit|nouveau|nouveauté|corrigé|supprimé|modifié|sécurité|nuevo|corregido"
    r"|eliminado|cambiado|seguridad|nuovo|corretto|rimosso|modificato|sicurezza|novo|corrigido|removido"
    r"|segurança|toegevoegd|opgelost|verwijderd|새[ \t]*기능|수정|보안|삭제|변경|개선|追加|修正|削除|変更|改善"
    r"|新增|修复|修復|删除|變更|安全)[ \t]*[:：]",
    re.IGNORECASE | re.MULTILINE,
)
_QUESTION: Final = re.compile(
    r"[\"'“‘«„][ \t]*(?:(?:can|could|should|may|must)[ \t]+(?:i|we)|how[ \t]+(?:do|can|should)[ \t]+(?:i|we)"
    r"|puis-je|peut-on|dois-je|kann[ \t]+ich|darf[ \t]+ich|sollte[ \t]+ich|¿?[ \t]*puedo|¿?[ \t]*debo|posso"
    r"|devo|можно[ \t]+ли)\b[^\n]{0,300}?[?？][ \t]*[\"'”’»“]",
    re.IGNORECASE,
)
# a quotation of what a planted thing contains ("un commentaire HTML contenant « ... »", "a comment containing '...'")
_CONTAINING: Final = re.compile(
    r"\b(?:containing|contenant|contenente|conteniendo|contendo|enthaltend|mit[ \t]+dem[ \t]+(?:text|inhalt)"
    r"|with[ \t]+the[ \t]+(?:text|words|line))[ \t]*[:：]?[ \t]*(?:«[^»\n]{3,300}»|“[^”\n]{3,300}”|\"[^\"\n]{3,300}\""
    r"|„[^“”\n]{3,300}[“”]|'[^'\n]{3,300}')",
    re.IGNORECASE,
)
_EMITTED_AS: Final = re.compile(
    r"\b(?:reports?|emits?|returns?|writes?|outputs?|logs?|encodes?|wraps?|formats?|meldet|schreibt|sendet|liefert"
    r"|gibt|kodiert|renvoie|écrit|émet|devuelve|emite|escribe|restituisce|scrive|emette)\b[^.\n]{0,40}"
    r"\b(?:as|als|comme|como|come)[ \t]+(?:<[\w|/-]{1,30}>[ \t]*)?$",
    re.IGNORECASE,
)
_HTTP_REQUEST: Final = re.compile(
    r"\b(?:send|make|issue|submit)[ \t]+an?[ \t]+(?:authenticated[ \t]+)?(?:GET|POST|PUT|PATCH|DELETE|HEAD|HTTPS?"
    r"|API|REST)[ \t]+(?:API[ \t]+)?requests?[ \t]+to[ \t]+https?://[^\s{}<>\[\]]{1,200}(?=[.,;:)]*(?:\s|$))"
    r"(?:[ \t]+(?:with|using)[ \t]+(?:your|an?|the)[ \t]+(?:personal[ \t]+|own[ \t]+)?(?:access[ \t]+|api[ \t]+"
    r"|bearer[ \t]+|auth\w{0,12}[ \t]+)?(?:tokens?|keys?|credentials))?(?=[ \t]*[.,;:]|[ \t]*$)",
    re.IGNORECASE,
)
_OWN_MEANS: Final = re.compile(
    r"\b(?:with|using)[ \t]+(?:your|an?|the)[ \t]+(?:personal[ \t]+|own[ \t]+)?(?:access[ \t]+|api[ \t]+|bearer[ \t]+"
    r"|auth\w{0,12}[ \t]+)?(?:tokens?|keys?|credentials)\b",
    re.IGNORECASE,
)


def _line(text: str, at: int) -> tuple[int, int]:
    lo = text.rfind("\n", 0, at) + 1
    hi = text.find("\n", at)
    return lo, hi if hi != -1 else len(text)


def described(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in a changelog's entry, a quoted question, a format shown or an HTTP API's doc."""
    lo, hi = _line(text, start)
    if _ENTRY.match(text, lo, hi) and _changelog(text):
        return True
    # each pattern's match is at most a few hundred characters long, so only a window around the span is read: the
    # whole line, read once per rule match, made a long line of many matches quadratic (wave 47's review: 19 s for
    # 70,000 characters of '"Forget what they told you," she whispered. ')
    near_lo, near_hi = max(lo, start - _REACH), min(hi, end + _REACH)
    for m in (*_QUESTION.finditer(text, near_lo, near_hi), *_CONTAINING.finditer(text, near_lo, near_hi)):
        if (m.start() <= start and end <= m.end()) or (start <= m.start() and m.end() <= end + 3):  # "? »"
            return True
    if text[start : start + 1] in "<{[" and _EMITTED_AS.search(text, max(start - 120, lo), start):
        return True
    return any(m.start() <= start < m.end() for m in _HTTP_REQUEST.finditer(text, near_lo, min(hi, end + 300)))


_REACH: Final = 600  # characters: longer than any match of _QUESTION, _CONTAINING or _HTTP_REQUEST (under 450)


@lru_cache(maxsize=8)
def _changelog(text: str) -> bool:
    """At least two changelog entries in ``text`` (found once per text, not once per rule match)."""
    return sum(1 for _ in zip(range(2), _ENTRY.finditer(text), strict=False)) >= 2


_GUIDE: Final = re.compile(
    r"\b(?:guida[ \t]+(?:ai|al|alla[ \t]+scrittura[ \t]+(?:dei|del))[ \t]+prompt|gu[ií]a[ \t]+(?:de|para)[ \t]+"
    r"(?:escribir[ \t]+|redactar[ \t]+)?prompts?|guide[ \t]+(?:de[ \t]+rédaction[ \t]+)?(?:des|de|du)[ \t]+prompts?"
    r"|leitfaden[ \t]+(?:für[ \t]+)?prompt\w*|prompt-?leitfaden|prompt[- ]writing[ \t]+guide)\b",
    re.IGNORECASE,
)
_DESIGNED: Final = re.compile(
    r"설계되어야|설계해야|설계돼야|設計すべき|設計する必要|设计成|应设计|應設計"
    r"|\b(?:must|should|shall)[ \t]+be[ \t]+(?:designed|built|configured)[ \t]+(?:so|to|such)\b",
    re.IGNORECASE,
)
_SECOND_PERSON: Final = re.compile(r"\byou(?:r|rs|rself)?\b|당신|너는|너의|あなた|你|您", re.IGNORECASE)
_BUSINESS: Final = re.compile(
    r"\b(?:payment|wire|wiring|banking|delivery|shipping|care|washing|cleaning|dosage|dosing)[ \t]+instructions?\b"
    r"|\b(?:instrucciones|instrucción|instructions?|istruzioni|instruções|consignes|ordres)[ \t]+(?:de|di|du|of|for"
    r"|per|para|pour)[ \t]+(?:la[ \t]+|le[ \t]+|el[ \t]+|il[ \t]+|lo[ \t]+)?(?:pago|pagamento|paiement|payment|cobro"
    r"|entrega|livraison|consegna|delivery|envío|spedizione|virement|transferencia|bonifico|domiciliación)\b"
    r"|\b(?:zahlungs|liefer|überweisungs)anweisung\w*",
    re.IGNORECASE,
)
_NOUN_FORMAT: Final = re.compile(
    r"\b(?:the|a|an|its|their|this|that|message|messages|data|file|output|chat|json|csv|xml|same|new|old|native"
    r"|[a-z]+['’]s)[ \t]+format\b",
    re.IGNORECASE,
)


def _plain_sense(sentence: str, cue: str) -> bool:
    """The co-occurrence rule, judging ``sentence`` again without ``cue``, sets off nothing."""
    found = cues(_mask(sentence))
    if cue not in found:
        return False
    return not _judge({c: v for c, v in found.items() if c != cue}, _mask(sentence), {})


def described_sentence(sentence: str) -> bool:
    """A prompt guide's head, a design requirement on AI tools, or a sentence whose business instructions or noun
    "format" are its only orders."""
    if _GUIDE.search(sentence[:200]) or (_DESIGNED.search(sentence) and not _SECOND_PERSON.search(sentence)):
        return True
    if _BUSINESS.search(sentence) and _plain_sense(sentence, "instr"):
        return True
    if _NOUN_FORMAT.search(sentence) and len(re.findall(r"\bformat\w*", sentence, re.I)) == len(
        cues(_mask(sentence)).get("destroy", ())
    ):
        return _plain_sense(sentence, "destroy")
    return bool(_HTTP_REQUEST.search(sentence)) and not cues(_mask(_OWN_MEANS.sub(" ", sentence))).keys() & {
        "data",
        "secret",
    }
