"""An automated reader named by what it does, for the injection co-occurrence rule (no I/O).

Attacks call on the reader without saying "AI": "note for the accounts-payable automation", "any summarising
tool that processes this newsletter", "the system that processes this document", "den som sammanfattar detta
automatiskt", "chi elabora automaticamente", "Programme, die diese Seite zusammenfassen", "Agent qui traite ce
document", "programu yoyote inayosoma jarida hili". ``reader_words`` finds, in a lower-cased sentence, a role
noun (system, tool, program, software, agent, helper, automation, ...) in one of many languages that is made a
machine reader of this text: by a machine word (automated, automatisch, automatique, sjálfvirk-, tự động) or a
processing word (reads, summarises, condenses, streszcza, inayosoma, feldolgozó) next to it, or by its own
name (summarising tool, opsummeringsværktøj, log-triage agent, Auswahlprogramm); or whoever / chi / den som
with a machine word ("whoever summarises this automatically"). A plain "the system" or "the tool" is not one:
RFCs and manuals talk about systems and tools all the time. The cooccur rule counts each find as ``ai`` (and,
at the head of a sentence, as ``proc``: an AI reader addressed), and still needs an order to fire.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_asked_role import asked_of_role

__all__ = ["reader_words", "told_of"]

_W: Final = r"[^\W_]+"
# a role a program plays, by language (stems; a word that starts with one matches)
_ROLE: Final = (
    r"(?:systems?|tools?|programs?|programmes?|software|apps?|agents?|automations?|helpers?|processors?|readers?"
    r"|reviewers?|pipelines?|services?|engines?|parsers?|crawlers?|indexers?|screeners?|bots?|robots?|models?"
    r"|assistants?|summari[sz]ers?|transcribers?|plugins?|integrations?|translators?|oversætter\w{0,2}|översättare"
    r"|übersetzer\w{0,2}|traducteur|traductor\w{0,2}|traduttore|vertaler|tłumacz\w{0,2}|samenvatter"
    r"|system\w{0,4}|programm\w{0,3}|werkzeug\w{0,3}|prüfsystem\w{0,3}|helfer\w{0,2}|leser\w{0,2}"
    r"|système\w?|outils?|logiciels?|applications?|sistem\w{0,4}|herramientas?|programa\w{0,2}|aplicaci\w{0,4}"
    r"|strument\w{0,2}|applicazion\w|ferramentas?|aplicativos?|systeem\w{0,2}|hulpmiddel\w{0,2}|narzędzi\w{0,2}"
    r"|program\w{0,4}|oprogramowani\w|systém\w{0,3}|nástroj\w{0,3}|přepis\w?|prepis\w?|rendszer\w{0,5}"
    r"|eszköz\w{0,4}|szoftver\w{0,4}|modell\w{0,5}|model(?:u|em|i|a|o|e|ul|ului)|asszisztens\w{0,4}|instrument\w{0,3}|agent(?:e[sn]?|i|ul|ui|as|ów|om|ai|ti\w{0,4})?|asistent\w{0,3}"
    r"|verktyg\w{0,3}|værktøj\w{0,3}|verktøy\w{0,3}|järjestelmä\w{0,4}|työkalu\w{0,4}|ohjelm\w{0,5}|malli\w{0,4}"
    r"|süsteem\w{0,3}|tööriist\w{0,3}|assistent\w{0,3}|sistēm\w{0,3}|rīk\w{0,3}|įrank\w{0,3}|kerfi\w{0,5}"
    r"|forrit\w{0,3}|aðstoðarm\w{0,9}|orodj\w{0,2}|sustav\w{0,3}|alat\w{0,3}|araç\w{0,4}|yazılım\w{0,4}"
    r"|asistan\w{0,4}|programu|mfumo|msaidizi|zana|katulong|kasangkapan|perisian|pembantu|asisten|córas\w{0,2}"
    r"|uirlis\w?|cúntóir\w?|eina|систем\w{0,3}|инструмент\w{0,3}|програм\w{0,4}|агент\w{0,3}|асистент\w{0,3}"
    r"|ассистент\w{0,3}|σύστημα\w{0,2}|συστήματ\w{0,2}|εργαλεί\w{0,2}|πρόγραμμα\w{0,2}"
    # wave 17: "reader" as a role (with a machine or processing word it is a program: "автоматичний читач")
    r"|читач\w{0,3}|читател\w{0,3}|lugeja\w{0,2}|lector(?:es)?|leitor(?:es)?|lettore|lecteur"
    # wave 18: Welsh roles, Nordic "reviewer"
    r"|offeryn\w?|rhaglen\w?|granskar\w{0,3}|gransker\w{0,3}"
    # wave 19: the Welsh "service", the Malay / Indonesian "machine" as a role ("mesin peringkas")
    r"|gwasanaeth|mesin"
    # wave 20: the Indonesian / Malay "agent" ("agen otomatis"); wave 24: "automated approver"
    r"|agen|approvers?)"
)
# machine words: automated, automatic, machine, in many languages
_MACHINE: Final = (
    r"(?:automat\w*|automát\w*|automàtic\w*|automaattis\w*|automaatne\w*|automātisk\w*|automatin\w*"
    r"|avtomat\w*|awtomatik\w*|otomati\w*|otomatik\w*|sjálfvirk\w*|uathoibríoch\w*|kiotomatiki|machine|maschinell\w*"
    r"|автомат\w*|αυτόματ\w*|tự động)"
)
# processing words: reads, processes, summarises, condenses, indexes, reviews, screens, in many languages
_PROC: Final = (
    r"(?:read(?:s|ing)?|process(?:es|ing)?|summari[sz](?:es|ing)|condens(?:es|ing)|index(?:es|ing)|review(?:s|ing)"
    r"|screen(?:s|ing)|pars(?:es|ing)|handl(?:es|ing)|ingest(?:s|ing)|triag(?:es|ing)|transcrib(?:es|ing)"
    r"|liest|lesen|verarbeit\w*|zusammenfass\w*|auswert\w*|lit|lisent|traite\w*|résum\w*|analys\w*|lee|leen"
    r"|procesa\w*|resum\w*|legge\w*|elabora\w*|riassum\w*|lê|processa\w*|leest|verwerk\w*|samenvat\w*"
    r"|czyta\w*|przetwarza\w*|streszcz\w*|zpracováv\w*|čte|číta\w*|spracúva\w*|olvas\w*|feldolgoz\w*|összefogl\w*"
    r"|előszűr\w*|citește|procesează|rezum\w*|läser|bearbetar|sammanfatt\w*|læser|behandler|opsummer\w*"
    r"|leser|oppsummer\w*|luke\w*|käsittel\w*|tiivist\w*|loeb|töötle\w*|lasa|apstrādā|skaitant\w*|skaito"
    r"|apdoroja\w*|obdeluje|povzema|čita|obrađuje|okuyan|işleyen|özetleyen|inasoma|anayesoma"
    r"|inayosoma|inayochakata|nagbabasa|nagpoproseso|membaca|memproses|meringkas|đọc|xử lý|tóm tắt|léann"
    # wave 17: Swahili relatives of every noun class ("unaosoma", "kinachosoma"), Icelandic "les" before "this",
    # Dutch participles ("lezende software"), French / Spanish / Italian "synthesises", Tagalog "reader"
    r"|[a-z]{0,3}na(?:ye|o|cho|yo|zo|lo|po|ko|mo)(?:soma|chakata|fupisha)|les(?=[ \t]+þ)|lezend\w?|verwerkend\w?"
    r"|samenvattend\w?|synthétis\w*|sintetiz\w*|mambabasa|tagaproseso"
    r"|bralni|llegeix|processa|читающ\w*|читает|обрабатыва\w*|обробляє|читає|διαβάζει|επεξεργάζεται"
    # wave 18: subjunctives and index verbs ("que lea esto", "qui indexe"), Estonian participles ("lugev"), Welsh
    r"|lea|lean|legga|leia|indexe\w?|indexa\w?|indiciz\w*|indekser\w*|indeksuje|lugev\w?|töötlev\w?"
    r"|crynho\w*|darllen\w*|prosesu"
    # wave 19: the Indonesian "summariser" / "reader" after a role ("mesin peringkas", "sistem pembaca")
    r"|peringkas|pembaca|perangkum"
    # wave 24: "manages" beside "handles" ("l'agent qui gère cette boutique", "der Bot, der dieses Postfach verwaltet")
    r"|manag(?:es|ing)|gère|gèrent|verwaltet|gestiona|gestisce|gerencia|beheert)"
)
# a role noun named by its function in one word or a hyphenated run ("summarising tool", "log-triage agent")
_NAMED: Final = (
    r"(?:summari[sz]ing|summary|triage|grading|screening|review|indexing|transcription|note-taking"
    r"|accounts-payable|intake|filtering)[ \t-]+(?:tool|bot|agent|helper|automation"
    r"|assistant|system|app|software|processor|reader|pipeline)s?"
    r"|[^\W\d_]{3,}(?:værktøj|verktyg|verktøy|programm|prüfsystem|auswertungssystem|werkzeug)\w{0,3}"
    # wave 19: a Nordic / Dutch compound whose head is a service or an assistant ("bedömningstjänsten",
    # "transcriptiedienst", "förvaltningsassistenten"); a human desk ("kundtjänst") is one too, and the rules
    # still need an order to it
    r"|[^\W\d_]{4,}(?:tjänst|tjeneste|dienst|assistent)\w{0,3}"
    # wave 20: an Icelandic compound whose head is a system ("yfirferðarkerfisins", the review system)
    r"|[^\W\d_]{4,}kerfi\w{0,4}"
)
_WHO: Final = (
    r"(?:whoever|whatever|anyone|anything|wer|quiconque|qui|quien|quienquiera|chi|den som|det som|hvem der|kdo|kto"
    r"|ktokolwiek|кто|aki|cine|ken)"
)
_REL: Final = (
    r"(?:that|which|who|die|der|das|qui|que|che|care|som|který|která|které|ktorý|která|który|które|amely|aki"
    r"|joka|mis|kuris|kuri|sem|ki|yang|na|который|которая|яка|який|που|yoyote|yote"
    # wave 18: Swahili "any" of more noun classes ("mfumo wowote unaosoma"), Welsh "sy'n" ("that is ...-ing")
    r"|wowote|wote|lolote|chochote|yeyote|zozote|sy['’]n)"
)
# "this" after a processing word: "chi legge questo avviso" (English "whoever reads this" calls on anyone; it
# needs a machine word: "whoever summarises this automatically")
_THIS: Final = (
    r"(?:this|these|questo|questa|ce|cette|dieses|diese|diesen|este|esta|dit|deze|ten|tento|tuto|ezt|bu|hii|detta"
    r"|dette|þetta|tätä|seda|šį|to)"
)
# English "automatic" / "automated" after the noun is a predicate ("applications have automatic reply"), not a name
_MACHINE_AFTER: Final = r"(?!automat(?:ic|ed|ically|ion)\b|machine\b)" + _MACHINE
# wave 20: a role "of AI" in the Romance languages ("agente de IA", "assistente di IA", "agent d'IA")
_OF_AI: Final = r"(?:de|di|da|d['’]|del)[ \t]*(?:ia|i\.a\.|ai)"
# wave 20: an agent or assistant named by what it can do ("agents with email capability", "the assistant with
# tool access"): a program; a human agent has a job, not a capability
_CAPABLE: Final = (
    r"(?:agents?|assistants?|bots?|models?|copilots?)[ \t]+with[ \t]+(?:[^\W\d_]{1,20}[ \t-]+){0,2}?"
    r"(?:capabilit(?:y|ies)|tool[ \t-]+(?:access|use))"
)
# an English participle before a role noun names a kind of system ("processing system", "review tool")
_ENGLISH_PROC: Final = r"(?:read|process|summari|condens|index|review|screen|pars|handl|ingest|triag|transcrib)\w*\b"
# wave 36: a role noun numbered ("programma 1 automatico, programma 2 ristorante", "Program 3 automatic") is an
# item of a list of settings, not a reader named by a machine word
_NOT_NUMBER: Final = r"(?!\d+\b)"
_READER: Final = re.compile(
    rf"\b(?:(?P<m>{_MACHINE})[ \t-]+(?:{_W}[ \t-]+){{0,2}}?(?P<r1>{_ROLE})"
    rf"|(?P<r2>{_ROLE})(?:(?:[ \t-]+{_NOT_NUMBER}{_W}){{0,2}}?[ \t-]+{_MACHINE_AFTER}|[ \t]+{_OF_AI})"
    rf"|(?P<r8>{_CAPABLE})"
    rf"|(?P<r3>{_ROLE}),?[ \t]+(?:{_REL}[ \t]+(?:{_W}[ \t]+){{0,3}}?|(?:d|de|di|da|del)[ \t']+|(?![a-z]+ing\b)){_PROC}"
    rf"|(?!{_ENGLISH_PROC})(?P<p>{_PROC})[ \t]+(?:{_W}[ \t]+){{0,2}}?(?P<r4>{_ROLE})"
    rf"|(?P<r5>{_NAMED})"
    rf"|(?P<r6>{_WHO})[ \t]+(?:{_W}[ \t]+){{0,3}}?{_MACHINE}"
    rf"|(?!whoever|whatever|anyone|anything)(?P<r7>{_WHO})[ \t]+{_PROC}[ \t]+{_THIS})\b",
    re.IGNORECASE,
)
# wave 18: a relative clause after a reader already named ("the automated system that reads this") puts it at work
_AT_WORK: Final = re.compile(rf"[ \t]+{_REL}[ \t]+(?:{_W}[ \t]+){{0,3}}?{_PROC}\b", re.IGNORECASE)
_WORD: Final = re.compile(r"[^\W_\u0600-\u06ff\u0900-\u097f\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+")
# a reader called on: a heading or a vocative after it ("Note for the accounts-payable automation:")
_CALLED: Final = re.compile(r"[ \t]*[:,：]")


_GATE: Final = re.compile(rf"(?:{_ROLE}|{_MACHINE}|{_NAMED})\w*", re.IGNORECASE)
_SEEN: dict[str, bool] = {}  # words already looked up (bounded)


def _gated(sentence: str) -> bool:
    """Some word of ``sentence`` could be part of a reader's name (a role noun, a machine word)."""
    for tok in _WORD.findall(sentence):
        hit = _SEEN.get(tok)
        if hit is None:
            hit = bool(_GATE.fullmatch(tok))
            if len(_SEEN) < 100_000:
                _SEEN[tok] = hit
        if hit:
            return True
    return False


def reader_words(sentence: str) -> list[tuple[int, bool]]:
    """Each automated reader ``sentence`` names by its function: the word position of its role noun, and whether
    it is called on (a processing word names it at work, or a colon or comma follows it)."""
    sentence = sentence[:600]
    out: list[tuple[int, bool]] = []
    if not _gated(sentence):
        return out
    for m in _READER.finditer(sentence):
        role = next(g for g in ("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8") if m.group(g) is not None)
        if role == "r3" and asked_of_role(sentence, m.start()):
            continue  # wave 47: "al pedir al asistente que resuma": the assistant is asked, not at work on this text
        at_work = m.group("p") is not None or role in ("r3", "r6", "r7")
        at = len(_WORD.findall(sentence[: m.end(role)])) - 1  # the role noun, the last word of its name
        at_work = at_work or bool(_AT_WORK.match(sentence, m.end()))  # "Sistemul automat care citește ..."
        out.append((at, at_work or bool(_CALLED.match(sentence, m.end()))))
    return out



def told_of(found: dict[str, list[int]]) -> bool:
    """Wave 27: the AI a preposition leads to is the object of a verb of telling right after it ("reminder to tell
    the bot with /swap", "a note to ask the assistant"): the sentence speaks to people about the AI."""
    steer, ai = set(found.get("steer", ())), set(found.get("ai", ()))
    return any(i + 1 in steer and ({i + 3, i + 4} & ai) for i in found.get("prep", ()) if 0 <= i <= 4)
