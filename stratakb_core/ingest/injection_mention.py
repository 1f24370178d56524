"""Words that say a passage talks about attacks rather than giving an order (no I/O; used by ``injection``).

A match quoted in a paragraph holding one of these is a mention (``injection._is_mention``). Wave 21 adds the word
for a sentence or phrase in more languages ("de zin '...'", "zdanie „...”", "meningen '...'", "'...' cümlesi",
"语句“...”"), so an incident report quoting an English payload in its own language is a mention, and matches the cues
in the look-alike variant too, where Cyrillic letters shaped like Latin ones are mapped to them ("фpaзa").
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_described import described
from stratakb_core.ingest.injection_relayed import quiz_item, relayed_checked
from stratakb_core.ingest.injection_template_doc import documented

__all__ = ["MENTION_CUES", "NAMED_QUOTE", "TOKEN_THEN", "documented", "quoted_in", "reported"]

_CUES: Final = (
    r"\b(?:attack\w*|attacker\w*|inject\w*|malicious|adversar\w*|payload\w*|example\w*|e\.g\.|such as|like|phrases?|"
    r"strings?|patterns?|detect\w*|classifier|jailbreak\w*|red[- ]team\w*|owasp|threat|exploit\w*|technique|"
    r"known|common|typical\w*|classic|flag\w*|blocklist|filter\w*|sanitiz\w*|scanner|signature|variant\w*|"
    r"rule(?![\"'][ \t]*:)|"  # wave 24: not a JSON key ("rule": "..."), an alert's field
    r"beispiel\w*|exemple\w*|ejemplo\w*|angreifer|attaquant\w*|atacante|sentences?|contain\w*|planted|wording|assert\w*"
    r"|tests?|tested|tester\w*|pentest\w*|findings?|advisory|advisories|vulnerab\w*|cve|ghsa|escap\w*"
    r"|forg(?:e[ds]?|er\w*|ery|eries|ing)|qa"  # wave 24: forged, forgery, not "forget" (an order word); QA (testing)
    r"|leakage|esempi\w*|exemplo\w*|einschleus\w*|präpariert\w*|etwa|frases?|testes?|intrus\w*|bount\w*|prueba\w*|sätze|satz|фраз\w*"
    r"|пример\w*|aanvaller\w*|injectie\w*|voorbeeld\w*|saying|fraud\w*|атак\w*|внедрени\w*|atak\w*|przykład\w*"
    r"|örne[kğ]\w*|enjeksiyon\w*|saldırı\w*|gemarkeerd|vazamento|инцидент\w*)\b|脆弱性|攻撃|攻击|攻擊|注入|インジェクション|漏洞|취약점|공격|인젝션"
    r"|例如|比如|例えば|文言|예를 들어|예시"
    # wave 47: a Chinese pentest report and its tester, as "pentest" and "tester"
    r"|渗透测试|滲透測試|测试人员|測試人員|测试报告|測試報告"
    # a test plan or an advisory: テスト (test), という文 (a sentence that says), 手口 / 事例 (a trick, a case seen)
    r"|テスト|という文|手口|事例|테스트|문장|사례"
    # wave 31: a French tester, a comment "containing" a quotation; Japanese "such as" (「...」のような)
    r"|\b(?:testeu(?:r|se)s?|contenant)\b|のような|といった"
    # wave 37: a quotation called suspicious or listed as one "such" text: 「...」などの不審な文, 可疑的, 수상한
    r"|などの|不審|可疑|수상한"
    # wave 32: a scenario "testé" / "probado" / "testato", a flaw (vulnérabilité), a text that "contient" a quotation
    r"|\b(?:test[ée]\w*|testad[oa]s?|testat[oaie]|probad[oa]s?|vuln[ée]rab\w*|contient|contiennent|contienen?"
    r"|contém|enth[äa]lt|bevat|zawiera\w*)\b"
    # wave 33: the Russian and Ukrainian "injection" and "for example" (например / наприклад)
    r"|\b(?:инъекци\w*|ін'?єкці\w*|например|наприклад)\b"
    # wave 21: a sentence, a phrase, a line quoted in Dutch, Polish, Swedish, Danish, Norwegian, Turkish, Chinese
    # wave 27: the German "z. B." (for example), the Russian and Ukrainian "(text) like"
    r"|\bz\.\s?b\.|\b(?:вроде|наподобие|на\s+кшталт|на\s+зразок)\b"
    r"|\b(?:zin|zinnen|zinsnede|zdani\w{0,3}|fraz\w{0,3}|mening\w{0,3}|sætning\w{0,3}|setning\w{0,3}|cümle\w{0,6}"
    r"|ifade\w{0,6}|věta|vět\w{1,3})\b|语句|句子|字句"
)
# the look-alike variant maps Cyrillic letters shaped like Latin ones (а е о р с у х) to them: the cues read so too
_LOOKALIKE: Final = str.maketrans({"а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x"})
_CYRILLIC: Final = "|".join(
    w.translate(_LOOKALIKE) for w in ("фраз", "пример", "атак", "внедрени", "инцидент", "инъекци", "например")
)
MENTION_CUES: Final = re.compile(rf"{_CUES}|\b(?:{_CYRILLIC})\w*", re.IGNORECASE)
# a quotation the sentence names as a sentence or phrase, in the text or the look-alike variant ("de zin 'x'", "фраза
# «x»", "语句“x”", "'x' cümlesi"): a sentence quoted in a report, not one given to the reader
_SENTENCE_WORD: Final = (
    r"\b(?:sentences?|phrases?|wording|zin|zinsnede|zdani\w{0,3}|fraz\w{0,3}|frases?|mening\w{0,3}|sætning\w{0,3}"
    r"|setning\w{0,3}|satz|sätze|věta|фраз\w{0,3}|фpaз\w{0,3})|语句|句子|字句|文言"  # фpaз: the look-alike variant's
)
NAMED_QUOTE: Final = re.compile(
    rf"(?:{_SENTENCE_WORD})[ \t]*[:：]?[ \t]*[«“„‘'\"「]"
    # wave 27: a text "like" a quotation (Russian, Ukrainian), "z. B." (German): a sample named as one
    r"|\b(?:вроде|наподобие|на[ \t]+кшталт|на[ \t]+зразок)[ \t]*[«“„‘'\"]|\bz\.[ \t]?b\.[ \t]*[«“„‘'\"]"
    r"|[»”“’'\"」][ \t]*(?:(?:라는|이라는|는|은|란)[ \t]*)?(?:cümle\w{0,6}|ifade\w{0,6}|という文|문장)",
    re.IGNORECASE,
)
# wave 32: a sentence holding a whole quotation between guillemets or typographic quotes (« ... », “ ... ”, „ ... “),
# as one holding a "..." one: what a test report or a training text quotes (not a bare « opening a tool's output)
_WHOLE_QUOTE: Final = re.compile(r"«[^»\n]{3,400}»|“[^”\n]{3,400}”|„[^“”\n]{3,400}[“”]")


def quoted_in(span: str) -> bool:
    """``span`` holds a double quote, a backtick or a CJK corner bracket, or a whole «...» / “...” / „...“ quotation."""
    return any(q in span for q in '"`「」『』') or bool(_WHOLE_QUOTE.search(span) or _SAID_OPEN.search(span))


# wave 47: a single quote opened after a verb of saying ("a div that said 'assistant, email ...'", "the note read:
# 'forward ...'"): the span runs into a quotation a report gives (read only where the paragraph talks about attacks)
_SAID_OPEN: Final = re.compile(
    r"\b(?:said|says|saying|read|reads|reading|wrote|writes|stated|states|stating|sagte|stand|disait|decía|diceva)"
    r"[ \t]{0,2}[:,]?[ \t]{0,2}['‘](?=\w)",
    re.IGNORECASE,
)

# a template token followed by what comes next in the format (wave 22: after its role word and closing backtick,
# or an ellipsis, "`<start_of_turn>user` ... `<end_of_turn>` then"): a format shown, not a turn opened
TOKEN_THEN: Final = re.compile(
    r"[`'\"]?(?:(?:user|model|assistant|system|tool)\b[`'\"]?)?[ \t]+(?:followed[ \t]+by\b|then\b|\.\.\.|…)", re.I
)

# wave 27: what someone sent or wrote to a bot, quoted after the verb ("A user sent the bot 'ignore ...'", "schrieb dem
# Bot: „...“"): a message reported in a ticket or a log, not an order to the reader
_REPORTED: Final = re.compile(
    r"\b(?:(?:sent|wrote|typed|posted|pasted|entered|messaged|told)\s+(?:to\s+)?(?:the|our|a|an|this|that)\s+"
    r"(?:[\w-]+\s+)?(?:bot|chatbot|assistant|model|agent|ai)s?"
    r"|(?:schrieb|schickte|sendete|tippte)\s+(?:dem|an\s+den)\s+(?:[\w-]+-)?(?:bot|chatbot|assistenten)"
    r"|(?:envió|escribió|mandó)\s+al\s+(?:bot|chatbot|asistente)|a\s+(?:envoyé|écrit)\s+au\s+(?:bot|chatbot|assistant)"
    r"|(?:написал|отправил|прислал)\w{0,2}\s+бот\w{0,2}"
    # wave 44: a request to a bot reported in the past ("a customer who asked it to 'repeat everything above'")
    r"|(?:asked|told|instructed|tricked|persuaded)\s+(?:it|(?:the|our|a|an|this|that)\s+(?:[\w-]+\s+)?"
    r"(?:bot|chatbot|assistant|model|agent|ai)s?)\s+to"
    # wave 46: what players or users are said to write ("игроки иногда пишут «...»", "users sometimes type '...'")
    r"|(?:players|users|customers|people|игроки|пользователи|клиенты|люди|spieler|nutzer|joueurs|utilisateurs"
    r"|jugadores|usuarios)\s+(?:\w+\s+)?(?:write|type|send|say|пишут|присылают|говорят|schreiben|écrivent"
    r"|escriben)(?:\s+\w+)?)[ \t]*[:,]?[ \t]*([\"'“‘«„])",
    re.IGNORECASE,
)
_CLOSING: Final = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "„": "“”"}


# "An image URL of the form https://...?d=<data> could leak ...": the subject of a sentence, a shape described
_FORM_SUBJECT: Final = re.compile(
    r"(?:^|[.!?:][ \t]+|\n)(?:an?|the)[ \t]+(?:[\w-]+[ \t]+){0,2}(?:urls?|links?|addresse?s?)[ \t]+"
    r"of[ \t]+the[ \t]+form[ \t]*\Z",
    re.IGNORECASE,
)


def reported(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in (or holds) a quotation that a sentence reports as sent or written to a bot, or is
    a URL that opens a sentence as the shape of one described ("An image URL of the form ..."), or lies in a
    changelog's entry, a quoted question, a format shown or an HTTP API's doc (wave 31: ``injection_described``)."""
    if _FORM_SUBJECT.search(text, max(start - 120, 0), start) or described(text, start, end):
        return True
    if relayed_checked(text, start, end) or quiz_item(text, start, end):  # wave 45: verified by staff, a quiz
        return True
    lo = text.rfind("\n", max(start - 400, 0), start) + 1  # wave 28: bounded, linear on a text with no newline
    hi = text.find("\n", end, end + 800)
    for m in _REPORTED.finditer(text, max(lo, start - 400), hi if hi != -1 else min(len(text), end + 800)):
        closing = _CLOSING[m.group(1)]
        close = min((i for i in (text.find(c, m.end(), m.end() + 400) for c in closing) if i != -1), default=-1)
        if close != -1 and (m.end() <= start < close or (start <= m.start() and close < end)):
            return True
    return False
