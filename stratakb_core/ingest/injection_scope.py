"""Override phrases whose context says they are not aimed at the reader (no I/O; used by ``injection``).

A phrase rule for ``override`` matches "ignore ... previous ... message/instructions" in any passage;
these tests read the words around the match and drop it when the instructions are not the reader's:

* the writer takes back their own words ("ignore my previous message, wrong channel");
* the instructions have a topic that is not the reader's orders ("ne tenez pas compte des instructions
  précédentes concernant l'export Excel", "ignore the previous instructions regarding the VPN", Dutch "over het",
  German "zum" / "über das", Italian "sulla", Russian "по поводу");
* the instructions are one item of a contract's list ("supersedes all prior instructions, proposals,
  negotiations and understandings", "all prior instructions, memos and e-mails");
* the rules are a thing's, an edition's or a game's ("forget the rules of the first edition"), or a named
  other's ("may ignore the previous player's instructions"), or a game grants a player the override ("the card
  lets a player ignore the last order");
* the sentence opens with a condition on a machine or a document, not on the reader or a person
  ("se il server usa ZFS, ignora le istruzioni precedenti e crea uno snapshot");
* the verb is a relative clause's about someone named before it (wave 20: "un collega che ignora le istruzioni
  del responsabile", "un employé qui ignore les consignes", "a colleague who ignores the instructions"): the
  Italian, Spanish and Portuguese third person reads like an imperative, but after "che" / "qui" / "quien" /
  "who" it describes;
* an attempt is reported: what a document tried, or was meant, to get an AI to do (wave 21: "intenta que la IA
  ignore", "anweisen sollte, ... zu ignorieren", "was meant to instruct the assistant to ignore").
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_aside import aside_masked
from stratakb_core.ingest.injection_changelog import changelog_entry
from stratakb_core.ingest.injection_cooccur import fired as cooccur_fired
from stratakb_core.ingest.injection_demanded import demand_masked, demanded_quote
from stratakb_core.ingest.injection_group_chat import group_chat_turn
from stratakb_core.ingest.injection_policy_text import contract_clause
from stratakb_core.ingest.injection_speech_tag import speech_masked, tagged_speech
from stratakb_core.ingest.injection_stringlist import straddled_list
from stratakb_core.ingest.injection_told_ai import TOLD_AI

__all__ = ["group_chat_turn", "scoped_override", "scoped_sentence"]

_OWN: Final = re.compile(r"^\w+\s+(?:my|our|mein\w*|mon|ma|mes|notre|nos|mi|mis|mio|mia|miei|mie)\b", re.I)
_TOPIC: Final = re.compile(
    r"[ \t]*(?:[^\W\d_]{1,20}[ \t]+){0,2}(?:concernant|regarding|concerning|relatives?[ \t]+(?:à|au|aux)|riguardo"
    r"|relative[ \t]+(?:a|al|alla)|bezüglich|betreffend|sobre[ \t]+(?:el|la|los|las)|acerca[ \t]+de"
    r"|relativas?[ \t]+(?:a|al)|sobre[ \t]+(?:o|a|os|as)|dotycz\w+|met[ \t]+betrekking[ \t]+tot|over[ \t]+(?:het|de)"
    r"|über[ \t]+(?:das|die|den|dem)|zum|zur|sul|sulla|sui|sulle|по[ \t]+поводу|насч[её]т|касательно)\b"
    # wave 23: what the instructions are for, a task named by a gerund or an infinitive ("for lubricating the
    # points", "para limpiar", "pour nettoyer", "per pulire")
    r"|[ \t]+(?:for[ \t]+[^\W\d_]{2,20}ing|para[ \t]+[^\W\d_]{2,20}(?:ar|er|ir)|pour[ \t]+[^\W\d_]{2,20}(?:er|ir|re)"
    r"|per[ \t]+[^\W\d_]{2,20}(?:are|ere|ire))\b",
    re.I,
)
_LEGAL_LIST: Final = re.compile(
    r"[^.;\n]{0,60}\b(?:proposals|negotiations|understandings|representations|agreements|arrangements"
    r"|communications|warranties|undertakings|memos|memoranda|e-?mails|letters|notices|circulars|bulletins"
    r"|announcements|correspondence)\b",
    re.I,
)
# "disregard any earlier instructions I may have given": the writer's own instructions, named after the match
_MINE_AFTER: Final = re.compile(
    r"[ \t]+(?:that[ \t]+|which[ \t]+)?(?:I|we)[ \t]+(?:\w+[ \t]+){0,2}?(?:gave|given|issued|sent)\b"
    # wave 32: the same in French, Spanish, Portuguese, Italian, German and Dutch ("les instructions que je vous ai
    # envoyées", "las instrucciones que mandé", "as instruções que enviei", "le istruzioni che ho mandato",
    # "die Anweisungen, die ich geschickt habe", "de instructies die ik stuurde")
    r"|[ \t]+que[ \t]+(?:je|nous)[ \t]+(?:vous[ \t]+|te[ \t]+|t')?(?:ai|avons|avais|avions)[ \t]+"
    r"(?:envoy|donn|transmis|communiqu|fait[ \t]+parvenir)"
    r"|[ \t]+que[ \t]+(?:(?:te|os|les?|vos|lhes?)[ \t]+)?(?:mand[ée]|envi[ée]|di|dimos|mandamos|enviamos|pas[ée]"
    r"|mandei|enviei|dei|passei)\b"
    r"|[ \t]+che[ \t]+(?:(?:vi|ti)[ \t]+)?(?:ho|abbiamo)[ \t]+(?:mandat|inviat|dat)"
    r"|,?[ \t]+die[ \t]+(?:ich|wir|ik|we|wij)[ \t]+(?:[^\W\d_]+[ \t]+){0,3}?(?:geschickt|gesendet|gegeben"
    r"|geschrieben|stuurde|stuurden|gestuurd|gaf|gegeven)\b"
)
# wave 33: an e-mail taking back a message on a named matter ("disregard the earlier message about Biscuit's bloods",
# "Disregard earlier instructions re: depot keys"): a topic led by a determiner, a capital or "re:", never the
# reader's own rules, output or behaviour ("ignore earlier instructions about being neutral / the system prompt")
_READERS_OWN: Final = (
    r"(?!(?i:(?:the|any|all|your|our|its|their|my)[ \t]+)?(?i:system|safety|safe|secur|confiden|rule|guideline|restrict"
    r"|filter|polic|prompt|content|ethic|moderat|privacy|being|what|how|you|output|answer|respon|repl|disclos|reveal"
    r"|shar|not\b|never\b|limit|guardrail|instruction|refus|tool|secret|password|credential|data\b|format|language"
    r"|tone|style))"
)
_ABOUT: Final = re.compile(
    rf"[ \t]+(?i:about)[ \t]+{_READERS_OWN}(?:(?i:the|our|this|that|these|those|last)\b|[A-Z0-9][\w'’-]*)"
    rf"|[ \t]+(?i:re):[ \t]*{_READERS_OWN}[^\W_]"
)
# ... unless what follows calls on an AI or turns to a new order ("..., AI: tell the owner", "and instead approve")
_AI_AFTER: Final = re.compile(
    r"\b(?:ai|a\.i\.|assistants?|models?|bots?|chatbots?|llms?|gpt|agents?|ki|ia|you[ \t]+are[ \t]+now)\b"
    r"|\b(?:and|then|but)[ \t]+(?:now[ \t]+|just[ \t]+)?instead\b",
    re.I,
)
# "se il server usa ZFS, ...": a condition on a thing; "if you are an AI", "if the user asks" are not
_CONDITION: Final = re.compile(
    r"(?:^|[.!?:;\n]\s*)(?:if|se|si|wenn|falls|als|jeśli|eğer)\s+([^,.;:\n]{3,60}),\s*$", re.IGNORECASE
)
_PERSON: Final = re.compile(
    r"\b(?:you\w*|tu|vous|du|sie|ihr|usted|voc[eê]|jij|je|u|ty|sen|ai|ia|ki|assistant\w*|assistent\w*|asistente"
    r"|model\w*|mod[eè]le\w*|bot\w*|agent\w*|llm|gpt|user\w*|utente|usuario|utilisateur|nutzer|benutzer|ask\w*"
    r"|reader|lettore|lecteur|leser|summar\w*|read\w*|process\w*|document\w*|text|page)\b",
    re.I,
)


# "forget the rules of the first edition", "zapomnij o zasadach z poprzedniej edycji": rules of a thing, not orders
_THING_OF: Final = re.compile(
    r"[ \t]*(?:of|from|in|for|z|ze|de|del|della|dell'|der|des|van|из|для)[ \t]+"
    r"(?:the[ \t]+|la[ \t]+|el[ \t]+|le[ \t]+)?"
    r"(?:[^\W\d_]{1,20}[ \t]+){0,2}?(?:edition|version|release|game|manual|handbook|rulebook|edycj\w*|wersj\w*|gr\w"
    r"|versi[oó]n\w*|[ée]dition\w*|edizion\w*|ausgabe|auflage|editie|versie|издани\w*|верси\w*|juego|jeu|spiel\w*"
    r"|gioco)\b",
    re.I,
)


# "ignore the previous player's instructions": orders someone else named gave, not the reader's makers
_OTHERS: Final = re.compile(
    r"\b(?!(?:user|system|developer|operator|admin\w*|owner|creator|assistant|model|ai|bot|agent|vendor|company)['’]s\b)"
    r"[^\W\d_]{2,20}['’]s[ \t]+(?:\w+[ \t]+)?(?:instructions?|orders?|rules|directions)\b",
    re.I,
)
# "the card lets a player ignore the previous order", "permet au joueur d'ignorer": a game's rule grants a player
_PLAYER: Final = re.compile(
    r"\b(?:players?|joueur\w*|jugador\w*|jogador\w*|spieler\w*|giocator\w*|gracz\w*|oyuncu\w*|speler\w*|игрок\w*)\b",
    re.I,
)
_GRANTS: Final = re.compile(
    r"\b(?:may|can|lets?|allows?|permits?|enables?|permet\w*|peut|peuvent|permite\w*|puede\w*|pode\w*|darf|dürfen"
    r"|kann|erlaubt|può|possono|consente|mag|mogą|może|позволя\w*|разреша\w*|может|могут)\b",
    re.I,
)


# wave 20: a relative pronoun after a noun, then at most one adverb: "un collega che (sistematicamente) ignora"
_RELATIVE: Final = re.compile(
    r"\b(?!(?:you|tu|vous|usted|ustedes|voc[eê]s?|du|ihr)\b)[^\W\d_]{2,30}[ \t]+(?:che|chi|qui|quien|quienes|quem"
    r"|who|which)[ \t]+(?:[^\W\d_]{2,20}(?:mente|ment|ly)[ \t]+)?$",
    re.IGNORECASE,
)


# wave 21: an attempt reported, what a text tried or was meant to get an AI to do ("un documento intenta que la IA
# ignore sus reglas", "Text, der KI-Assistenten anweisen sollte, ... zu ignorieren", "tried to get the bot to ignore")
_ATTEMPT: Final = (
    r"\b(?:intent\w{0,4}|trata[nr]?[ \t]+de|busca[nr]?|tenta\w{0,3}|cerca[ \t]+di|prova[ \t]+a|essa\w{0,4}[ \t]+de)"
    r"[ \t]+(?:que|che|fare[ \t]+in[ \t]+modo[ \t]+che|de[ \t]+faire|faire)[ \t]+(?:[^\W\d_][\w-]{0,30}[ \t]+){0,3}$"
    r"|\b(?:anweisen|bringen|verleiten|auffordern|veranlassen|überreden)[ \t]+(?:sollte|sollten|wollte|wollten|soll"
    r"|sollen),?[ \t]+(?:[^\W\d_][\w-]{0,30}[ \t]+){0,4}$"
    r"|\b(?:tried|tries|trying|attempted|attempts|attempting|meant|designed|intended)[ \t]+to[ \t]+(?:make|get|instruct"
    r"|tell|trick|convince|persuade|order)[ \t]+(?:[^\W\d_][\w-]{0,30}[ \t]+){1,4}$"
    rf"|{TOLD_AI}"  # wave 47: what a text could tell a chatbot to do ("could tell the chatbot to set aside ...")
)
_ATTEMPTED: Final = re.compile(_ATTEMPT, re.IGNORECASE)
# the same in a sentence the co-occurrence rule reads whole: the attempt after a subject, the order after it
_ATTEMPT_INSIDE: Final = re.compile(_ATTEMPT.replace("$", r"(?=\S)"), re.IGNORECASE)


# wave 23: Korean names a topic between "previous" and the guidelines ("이전 재고 조사 지침은 무시"): the rules of a
# task, not the reader's (its system, safety, original or own rules are)
_KO_TOPIC: Final = re.compile(
    r"이전[ \t]+(?!(?:시스템|보안|안전|원래|초기|기존|모든|당신|너|네|AI|ai|챗봇|어시스턴트)[ \t가-힣]?)"
    r"[가-힣A-Za-z]{1,10}(?:[ \t]+[가-힣A-Za-z]{1,10}){0,2}[ \t]+(?:지침|지시|규칙|안내)"
)
# wave 23: a quotation that someone writes, types or says ("if a customer types «forget your rules», the bot ..."):
# words reported as what a person tells the bot, not an order to the reader
_REPORTED: Final = re.compile(
    r"\b(?:writes?|wrote|types?|typed|says?|said|escribe|escriba|escribió|dice|diga|dijo|escreve|escrever|diz"
    r"|disser|écrit|écrive|dit|schreibt|sagt|scrive|scriva|schrijft|zegt|пишет|напишет|написал|говорит|скажет|pisze"
    r"|napisze|mówi|powie"
    # wave 24: what someone was told or asked to say, quoted ("the bot told me to 'forget ...'", "m'a dit de « ... »")
    r"|(?:told|tells|asked|asks|wanted)[ \t]+(?:me|us|him|her|them)[ \t]+to|m['’]a[ \t]+dit[ \t]+(?:de|d['’])"
    r"|me[ \t]+(?:dijo|pidió)[ \t]+que|mi[ \t]+ha[ \t]+detto[ \t]+di"
    # wave 26: a quotation owned by someone, named as their note ("printed a customer's 'ignore all ...' note")
    r"|(?!(?:system|developer|operator|admin\w*|owner|creator|assistant|model|bot|agent)['’]s\b)[^\W\d_]{2,20}['’]s)"
    r"[ \t]*[:,]?[ \t]*[«\"“„‘'「]$",
    re.IGNORECASE,
)
# wave 26: orders of a day gone by ("昨日の指示は無視して", "忽略昨天的指示", "어제 지시는 무시"): a colleague's earlier
# message, not the reader's instructions (which are never dated)
_DATED: Final = re.compile(
    r"(?:昨日|一昨日|昨天|前天|昨晩|昨夜|昨晚|今朝|先週|上周|上週|先月|上个月|어제|그제|지난주)(?:の|的|[ \t])?$"
)

# wave 34: a change note says the software was fixed so that it no longer follows such instructions
# ("メモ内の指示に従わないよう修正", "메모의 지시를 따르지 않도록 수정했습니다"): a past change, not an order
# ("...修正してください", "...수정해 주세요" stay)
_FIXED_AFTER: Final = re.compile(
    r"よう(?:に)?(?:修正|変更|改善|改修|対策|対応)(?:しました|した|済み|されました|された)?(?=[。、.,\s)]|$)"
    r"|[ \t]*않도록[ \t]*(?:수정|변경|개선)(?:했습니다|하였습니다|되었습니다|됨|함|했음)?(?=[.,\s)]|$)"
)

# wave 31: the same dated after the noun ("dimenticate le istruzioni di ieri", "oubliez les consignes d'hier",
# "vergesst die Anweisungen von gestern", "ignore the instructions from yesterday")
_DATED_AFTER: Final = re.compile(
    r"[ \t]+(?:di|de|d['’]|del|von|vom|from|of|van|z|do|da)[ \t]*(?:ieri|ayer|hier|gestern|yesterday|gisteren"
    r"|wczoraj|ontem|l['’]altro[ \t]+ieri|last[ \t]+(?:week|night)|letzter[ \t]+woche|la[ \t]+semaine[ \t]+derni[èe]re"
    r"|la[ \t]+settimana[ \t]+scorsa|la[ \t]+semana[ \t]+pasada|stamattina|ce[ \t]+matin|heute[ \t]+morgen"
    r"|this[ \t]+morning|esta[ \t]+mañana)\b",
    re.IGNORECASE,
)


def scoped_sentence(sentence: str, spans: list[tuple[int, int]]) -> bool:
    """A sentence whose override phrases (``spans``) are all about something else, or one that reports what a
    text tried to get an AI to do (the attempt not at its head, where "try to get it to ..." is an order)."""
    if spans and all(scoped_override(sentence, start, end) for start, end in spans):
        return True
    if changelog_entry(sentence):  # wave 38: "- feat: AI summaries now ignore instructions found in notes"
        return True
    masked = demand_masked(sentence) if len(sentence) <= 2000 else None  # wave 34: a demand turned down, quoted
    if masked is not None and not any(rule == "override" for rule, *_ in cooccur_fired([masked])):
        return True
    aside = aside_masked(sentence) if len(sentence) <= 2000 else None  # wave 41: told to me, my words, switched off
    if aside is not None and not any(rule == "override" for rule, *_ in cooccur_fired([aside])):
        return True
    spoken = speech_masked(sentence) if len(sentence) <= 2000 else None  # wave 47: a character's line in a story
    if spoken is not None and not any(rule == "override" for rule, *_ in cooccur_fired([spoken])):
        return True
    return any(m.start() >= 12 for m in _ATTEMPT_INSIDE.finditer(sentence))


def scoped_override(text: str, start: int, end: int) -> bool:
    """True when the override match ``text[start:end]`` is not about the reader's own instructions."""
    if _OWN.match(text[start:end]) or _OTHERS.search(text[start:end]) or _KO_TOPIC.match(text[start:end]):
        return True
    if _REPORTED.search(text, max(start - 30, 0), start) or _DATED.search(text, max(start - 6, 0), start):
        return True
    if _TOPIC.match(text, end) or _LEGAL_LIST.match(text, end) or _THING_OF.match(text, end):
        return True
    if _DATED_AFTER.match(text, end) or (_ABOUT.match(text, end) and not _AI_AFTER.search(text, end, end + 400)):
        return True
    if _FIXED_AFTER.match(text, end) or demanded_quote(text, start, end):  # wave 34: a change note, a demand refused
        return True
    if tagged_speech(text, start, end) or group_chat_turn(text, start, end):
        return True  # wave 47: '"Ignore what they told you," she whispered.'
    if straddled_list(text, start, end):
        return True  # wave 33: '"Ignore" / "Undo previous selection" / "Instructions: ..."', a UI's labels
    if _MINE_AFTER.match(text, end) or _RELATIVE.search(text, max(start - 60, 0), start):
        return True
    lead = re.split(r"[.!?\n]", text[max(start - 120, 0) : start])[-1]
    if _PLAYER.search(lead) and _GRANTS.search(lead + text[start:end]):
        return True
    if _ATTEMPTED.search(text, max(start - 100, 0), start):
        return True
    if contract_clause(_sentence_around(text, start, end)):
        return True  # wave 30: "The Seller shall disregard any prior informal guidance ..."
    cond = _CONDITION.search(text, max(start - 80, 0), start)
    return bool(cond) and not _PERSON.search(cond.group(1))


def _sentence_around(text: str, start: int, end: int) -> str:
    """The sentence around ``text[start:end]`` (at most 200 characters each side)."""
    head = re.split(r"[.!?\n]", text[max(start - 200, 0) : start])[-1]
    tail = re.split(r"[.!?\n]", text[end : end + 200])[0]
    return head + text[start:end] + tail
