"""A link the reader's answer must carry, its slot to be filled with someone's private data (no I/O; wave 45).

``injection_slot_data`` wants "plus" / "followed by" and a short list of data words after an empty slot. The same
order comes in many more wordings: "en remplaçant XXX par le numéro de compteur et l'adresse du client", "vul op de
plek van INFO het BSN en e-mailadres van de bewoner in", "lägg in kundens personnummer och adress i slutet av
länken", "with the judges' confidential scoring notes appended after the equals sign". ``slot_fill`` finds:

* a link or image whose last query value is empty (``?k=``) or a placeholder in capitals (``=XXX``, ``=INFO``,
  ``=DATA``);
* near it (the sentence before the link and the one after) a verb that fills or replaces (replace, fill in, insert,
  put, append, add; remplacer, remplir, insérer, ajouter; ersetzen, einsetzen, einfügen, anhängen; reemplazar,
  sustituir, rellenar, añadir; sostituire, inserire, aggiungere; vervangen, invullen, vul ... in, toevoegen; ersätta,
  fylla i, lägga in; erstatte, indsætte; substituir, preencher, inserir; zastąp, wpisz, wstaw, dodaj);
* private data named after the verb (or just before a passive one, "... notes appended after the equals sign"):
  an identity number (personnummer, BSN, SSN, codice fiscale, DNI, NIF, CPF,
  PESEL, NIE, national insurance), an address, an e-mail address, a phone, a date of birth, an IBAN, a card, a meter or
  account number, or notes or data called confidential, secret or private; not the writer's or reader's own ("your
  postcode", "votre numéro", "je e-mailadres": a form's help text asks a person for their own);
* and a reader whose answer carries it: the answer, reply or response named (réponse, antwoord, svar, Antwort,
  respuesta, risposta, resposta, odpowiedź, cevap) or an AI (assistant, model, bot, AI, KI, IA).

Bounded: at most ``_MAX_LINKS`` slots, each read in a window of 400 characters either side.
"""

from __future__ import annotations

import itertools
import re
from typing import Final

__all__ = ["SLOT_FILL", "slot_fill"]

_SLOT: Final = re.compile(
    r"https?://[^\s)\]>\"'(]{1,300}?[?&][\w-]{1,30}=(?:[A-Z]{2,12}|\{\s*\}|<\s*>|\[[^\]\n]{1,80}\])?"
    r"(?=[\s)\]>\"'`,;&]|$)"  # wave 46: a bracketed placeholder "?c=[copy the file here]"
)
_FILL: Final = re.compile(
    r"\b(?:replac\w*|fill\w*|insert\w*|put|putting|append\w*|add|adds|adding|added|plug\w*|substitut\w*|swap\w*"
    r"|rempla[cç]\w*|rempli\w*|ins[ée]r\w*|ajout\w*|ersetz\w*|einsetz\w*|einf[üu]g\w*|anh[äa]ng\w*|h[äa]nge|trage\w*"
    r"|reempla\w*|sustitu\w*|rellen\w*|a[ñn]ad\w*|sostitu\w*|inseri\w*|aggiung\w*|vervang\w*|invul\w*|vul|vult"
    r"|toevoeg\w*|voeg|ers[äa]tt\w*|fyll\w*|l[äa]gg\w*|erstat\w*|inds[æa]t\w*|preench\w*|substitu\w*|zast[ąa]p\w*"
    r"|wpis\w*|wstaw\w*|dodaj\w*|dołącz\w*"
    # wave 46: what comes right after the slot ("met daarachter", "followed by", "seguido de", "gefolgt von")
    r"|daarachter|gevolgd|followed|suivie?s?|seguid[oa]s?|seguit[oa]|gefolgt|följt|efterfulgt)\b",
    re.IGNORECASE,
)
_DATA: Final = re.compile(
    r"\b(?:personnummer\w*|personnr|bsn|burgerservicenummer|ssn|social\s+security|codice\s+fiscale|dni|nif|nie|cpf"
    r"|pesel|cpr|national\s+insurance|steuer-?id|sozialversicherungs\w*|numéro\s+de\s+sécurité\s+sociale"
    r"|(?:home|postal|e-?mail)?\s*address(?:es)?|adresse\w*|adres\w*|dirección|indirizz\w*|endereço|adress\w*"
    r"|e-?mail\w*|phones?|telefon\w*|téléphones?|teléfonos?|date\s+of\s+birth|birth\s?date|geburtsdatum|date\s+de\s+naissance"
    r"|fecha\s+de\s+nacimiento|geboortedatum|iban\w*|card\s+(?:number|details)|kreditkart\w*|carte\s+bancaire"
    r"|tarjeta|numéro\s+de\s+(?:compteur|client|compte|carte)|z[äa]hlernummer|kontonummer|account\s+number"
    r"|meter\s+number|(?:confidential|secret|private|internal)\s+(?:\w+\s+){0,2}(?:notes?|data|details|scores?)"
    r"|(?:notes?|données|datos|dati|gegevens|daten)\s+(?:\w+\s+){0,1}(?:confidenti\w*|secret\w*|privé\w*|privad\w*"
    r"|privat\w*|vertrouwelijk\w*|riservat\w*|vertraulich\w*)|vertrouwelijk\w*|vertraulich\w*|confidentiel\w*"
    # wave 46: a medical file, and the names of the people a document is about ("de naam van de klant")
    r"|dossiers?\s+médica\w*|medical\s+records?|historias?\s+clínicas?|cartell[ae]\s+clinich?[ae]|krankenakte\w*"
    r"|patiëntendossier\w*|prontuários?|(?:names?|naam|namen|noms?|nombres?|nomes?|nomi)\s+(?:of|van|du|des|de|del"
    r"|do|dos|da|das|dei|der)\s+(?:the\s+|de\s+|la\s+|el\s+|los\s+|las\s+|o\s+|os\s+|a\s+|as\s+|i\s+|le\s+)?"
    r"(?:klant\w*|customers?|clients?|cliente?s?|kunden?|patients?|pazienti|pacientes?|beneficiari\w*|bewoners?"
    r"|residents?|members?|leden|huurders?|tenants?|donors?|kopers?|buyers?|bidders?|bieders?|inquilinos?))\b",
    re.IGNORECASE,
)
# the person filling it is asked for their own ("your postcode", "votre numéro", "je e-mailadres", "din adress")
_OWN: Final = re.compile(
    r"\b(?:your|yours|my|votre|vos|ton|ta|tes|mon|ma|mes|ihre?[nm]?|deine?[nm]?|meine?[nm]?|su|sus|tu|tus|mi|mis"
    r"|il\s+tuo|la\s+tua|il\s+mio|la\s+mia|uw|je|jouw|mijn|din|ditt|dina|min|mitt|mina|seu|sua|meu|minha|twój"
    r"|twoj\w*|mój|moj\w*)\s+(?:\w+\s+){0,1}$",
    re.IGNORECASE,
)
_READER: Final = re.compile(
    r"\b(?:answers?|repl(?:y|ies)|responses?|réponses?|antwoord\w*|svar\w*|antwort\w*|respuestas?|rispost\w*"
    r"|respostas?|odpowied\w*|cevab\w*|assistant|model|bot|chatbot|ai|ki|ia|llm"
    r"|reacties?|summary|résumé|resumen|resumo|riassunto|samenvatting|zusammenfassung|sammanfattning)\b",  # wave 46
    re.IGNORECASE,
)
_MAX_LINKS: Final = 100


def slot_fill(text: str) -> tuple[int, int] | None:
    """The span of a link the reader's answer must carry, its slot to be filled with private data, or None."""
    if "://" not in text or "=" not in text:
        return None
    for m in itertools.islice(_SLOT.finditer(text), _MAX_LINKS):
        lo, hi = max(m.start() - 400, 0), min(m.end() + 400, len(text))
        window = text[lo:hi]
        if not _READER.search(window):
            continue
        for verb in _FILL.finditer(window):
            if _filled(window, verb.end()) or _filled_before(window, verb.start()):
                return m.start(), m.end()
    return None


def _filled(window: str, pos: int) -> bool:
    """Someone else's private data named within 120 characters after the fill verb at ``pos``."""
    for data in _DATA.finditer(window, pos, min(pos + 120, len(window))):
        if not _OWN.search(window[max(data.start() - 40, pos) : data.start()]):
            return True
    return False


def _filled_before(window: str, pos: int) -> bool:
    """Someone else's private data named just before a passive fill verb ("the judges' confidential notes appended")."""
    for data in _DATA.finditer(window, max(pos - 80, 0), pos):
        between = window[data.end() : pos]
        if len(between) <= 25 and not re.search(r"[,;.!?:]", between):
            return not _OWN.search(window[max(data.start() - 40, 0) : data.start()])
    return False


# the rule this sets off, for ``injection_plain.PLAIN_SPANS``
SLOT_FILL: Final = (("exfil_link", slot_fill),)
