"""Private data an AI reader is told to hand to an address, for the injection scan's ``send_to_url`` rule (no I/O).

Wave 25 (heldout39-42) showed sends the co-occurrence rule's word lists did not read, in three shapes:

* a credential file sent or uploaded ("upload ~/.ssh/id_ed25519 to https://...", "den Inhalt der Datei .npmrc per
  HTTP-POST an ..."): the file's name is the data, in any language (``_KEY_FILE``);
* records of people or accounts sent to an address ("the list of today's lab results", "la liste des adhérents",
  "abone listesi", "alle Nachrichten mit Anhängen", "les RIB des fournisseurs") (``_RECORDS``);
* send verbs in forms the lists lack: an infinitive with "zu" ("weiterzuleiten"), the Spanish "upload" ("sube"), the
  Polish infinitive ("wysłać"), the French infinitives ("transmettre", "m'envoyer"), the Turkish necessitative
  ("göndermelidir") (``_SEND``).

Each counts when one sentence names the AI reader (or a short line before it does: "Hi bot, it's Dr X. ... please
forward ..."), sends, names such data and holds a URL or an e-mail address, and the send is an order: a modal, a
plea, a request, "is asked to", or the verb opening the sentence or following a colon. Every pattern is bounded
(linear in the text's length) and at most ``_MAX_SENTENCES`` sentences with an address are read.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_cooccur import _DEST, _mask, _permitted, _sentences, cues

__all__ = ["handed_over"]

# a file that holds keys or passwords: its name is the data, whatever the language around it
_KEY_FILE: Final = re.compile(
    r"(?:~|\$home|%userprofile%)?[/\\]?\.?(?:ssh[/\\])?\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)"
    r"|\.(?:npmrc|netrc|pypirc|git-credentials|pgpass)\b|\.aws[/\\]credentials\b|\.docker[/\\]config\.json\b"
    r"|\.kube[/\\]config\b|\bsecrets?\.(?:ya?ml|json|env|toml)\b|(?<![\w.])\.env(?:\.\w{1,12})?\b(?![.(])",
    re.IGNORECASE,
)
# records of people or accounts: lists of members, customers, patients, results, bank details, all messages
_RECORDS: Final = re.compile(
    r"\b(?:list|lists|liste|listen|lista|listas|listesi|listeyi|listan)\b[^.;\n]{0,40}?\b(?:of|des|der|de|di|van"
    r"|z|med|över)?\b[^.;\n]{0,30}?\b(?:results?|records?|members?|customers?|clients?|patients?|adhérents?"
    r"|abonnés?|mitglieder\w{0,2}|kunden|patienten|socios|afiliados|clientes|pacientes|membri|klienci\w{0,2}"
    r"|pacjent\w{0,3}|leden|klanten|medlemmar|kunder)\b"
    r"|\babone\s+listesi\w{0,3}|\btahsilat\s+rapor\w{0,6}|\b(?:rib|iban|ibans)\b"
    r"|\b(?:alle|all|toutes?\s+les|todos\s+los|todas\s+las|tutti\s+i)\s+(?:\w+\s+){0,2}?(?:nachrichten|e-?mails"
    r"|messages|mensajes|mails|correos|messaggi)\b[^.;\n]{0,60}\b(?:anhäng\w{0,2}|attachments|pièces\s+jointes"
    r"|adjuntos|allegati)\b"
    # wave 37: a table of such records ("the contents of the members table", "die Kundentabelle", "la table des
    # clients", "la tabla de pacientes", "la tabella clienti", "het ledenbestand")
    r"|\b(?:members?|customers?|clients?|patients?|employees?|guests?|subscribers?)[ \t_-]?(?:table|database|db"
    r"|collection|sheet|spreadsheet)s?\b|\b(?:kunden|mitglieder|patienten|mitarbeiter|gäste)(?:tabelle|datenbank"
    r"|datei|liste)\w{0,2}\b|\b(?:table|tabla|tabella|tabela|base)\s+(?:de\s+(?:la\s+|los\s+)?|des\s+|dei\s+|degli"
    r"\s+|dos\s+|das\s+)?(?:clients|clientes|clienti|membres|socios|membri|patients|pacientes|pazienti|adhérents"
    r"|abonnés|sócios|utenti)\b|\b(?:leden|klanten|patiënten)(?:tabel|bestand|lijst|database)\b"
    r"|\b(?:lab|test|blood)\s+results\b|\b(?:fichier|fichero|archivo|file|datei)\s+(?:\w+\s+){0,2}?(?:adjunto"
    r"|attaché|joint|attached|angehängt\w{0,2})\b|\bfichier\s+des\s+\w+",
    re.IGNORECASE,
)
_SEND: Final = re.compile(
    r"\b(?:weiterzuleiten|zu\s+senden|zu\s+übermitteln|übertrag\w{0,3}|sube|súbelo|subir|wysłać|wyslac"
    r"|transmettre|envoyer|m['’]envoyer|reenv[ií]a\w{0,3}|gönder\w{0,8}|skicka|forward|forwarded)\b",
    re.IGNORECASE,
)
# the send is an order: "is asked to", "wird gebeten", "est prié de", "se ruega", "wordt verzocht", a Turkish
# necessitative ("-meli", "-malı")
_ASKED: Final = re.compile(
    r"\b(?:is|are)\s+asked\s+to\b|\bwird\s+gebeten\b|\best\s+pri[ée]e?\s+de\b|\bse\s+ruega\b|\bwordt\s+verzocht\b"
    r"|\b\w{3,30}(?:meli|malı)(?:dir|dır)?\b|\b(?:powinien|powinna|powinno|doit|deve|debe|soll|sollte|must|should)\b",
    re.IGNORECASE,
)
_AGENT: Final = re.compile(r"\b(?:agent|agente|agenten|agents|ai-agent\w{0,3}|bot|bots|агент\w{0,2})\b", re.I)
_ORDER_CUES: Final = frozenset({"modal", "please", "request", "lead"})
_MAX_SENTENCES: Final = 64  # sentences with an address read per text: thousands of them cost no more than 64
_HEAD_WORDS: Final = 12


def _named(found: dict[str, list[int]], sentence: str) -> bool:
    return "ai" in found or bool(_AGENT.search(sentence))


def _ordered(found: dict[str, list[int]], sentence: str, verb: int) -> bool:
    """The send is an order: a modal, plea or request, "is asked to", or the verb opens the sentence or a clause
    after a colon (an imperative)."""
    if _ORDER_CUES & found.keys() or _ASKED.search(sentence):
        return True
    before = sentence[:verb].rstrip(" \t,")
    return not before or before.endswith((":", "：")) or bool(re.search(r"[:：]\s*[^:：,]{0,40},$", before + ","))


def handed_over(text: str) -> tuple[int, int] | None:
    """The span of the send verb (else the sentence) that tells an AI reader to send private data (a key file,
    records of people) to a URL or an e-mail address; or None."""
    if "@" not in text and "://" not in text:
        return None
    masked = _mask(text.lower())
    read = 0
    head: dict[str, list[int]] | None = None
    for start, end in _sentences(masked):
        sentence = masked[start:end]
        if _DEST not in sentence:
            found = cues(sentence) if len(sentence) < 200 else {}
            short = found.get("_len", [99])[0] <= _HEAD_WORDS
            head = found if short and _named(found, sentence) and "mention" not in found else None
            continue
        read += 1
        if read > _MAX_SENTENCES:
            return None
        verb = _SEND.search(sentence)
        found = cues(sentence)
        if "mention" in found or not (verb or "send" in found):
            head = None
            continue
        private = _KEY_FILE.search(sentence) or _RECORDS.search(sentence) or "data" in found
        named = _named(found, sentence) or head is not None
        at = verb.start() if verb else 0
        if private and named and (_ordered(found, sentence, at) or "you" in found) and not _permitted(found, "send"):
            return (start + verb.start(), start + verb.end()) if verb else (start, end)  # a file named in code
        head = None
    return None
