"""The one question ``redaction.redact`` asks of every rule's and the scorer's span before it is replaced (no I/O).

A rule finds a value by its label and its shape; some values under a secret's label are not secrets, whatever rule
found them (or the learned scorer after them: since the lead's review of wave 42 its spans are asked too, so a value
held back here is not taken by the scorer instead). ``held_back`` keeps five such kinds:

- a public number of the thing or a measure (``redaction_number_labels.is_public_number``: "Order number for the key
  safe: 558812", "1000 kg", "It's 1500 metres to the ATM");
- the password's hint, reminder or question (``redaction_hint_labels.is_hint_value``: "Passwort-Hinweis: ...");
- a value that says the secret is not set yet or is the one given elsewhere, written as one joined token or one word
  (``is_pending_value``, the lead's review at stop 42: "password = to-be-decided", "Passwort: noch-nicht-vergeben",
  "wachtwoord: nog-niet-ingesteld", "password = same-as-before", "password = pending", but not "same" or "set" alone;
  the spaced forms "to be decided", "TBD" and "same as above" were already kept by older rules, these went). Every word
  must come from the small vocabulary of such statuses in about ten languages and one of them must say the status, so a
  passphrase that happens to hold "before" or "set" ("sunset-before-rain") still goes;
- (wave 42) a trivial digit run a policy names as a pattern to avoid (``redaction_policy_examples``: "niente sequenze
  (123456)");
- (wave 42) a value public by its shape or its label's kind (``redaction_public_kinds``: a DER public key, a
  search-only or publishable key, a DX, ZIP or error code; wave 43: a group's, a promotion's or a booking's code);
- (wave 43) a value that leaves the secret unfilled (``redaction_unfilled``: "verrà comunicata dal tecnico", "will
  be sent separately", "123456789:REPLACE_WITH_YOUR_TOKEN");
- (wave 43) a digest by its own remark or a lookup key by its label (``redaction_digest_values``: "cache key: <hex>
  (sha1 of the file)", "partition key = ...");
- (wave 44) one plain word after a URL query's token or key parameter (``redaction_query_words``:
  "?...&token=agenda&format=ics"), a card payment's authorisation code on a receipt's line
  (``redaction_payment_codes``: "card ending 9902, auth code 55A210"), a value a bracketed remark right beside
  it calls public (``redaction_public_remarks``: "key id (public identifier only) AKIA..."); and a count of rounds or
  tries is a measure (``redaction_number_labels``: "PBKDF2-SHA256, 600000 rounds").
- (wave 45) a value saying someone or somewhere hands the secret out (``redaction_unfilled``: "udleveres af kontoret
  ved opstart", "issued by the front desk", "wird vom Büro ausgegeben"), and a remark saying an export holds no
  credentials (``redaction_public_remarks``: "(base64 of the JSON settings, no credentials)"; not under a token's,
  a key's or a secret's label), and a Kubernetes manifest's reference to a secret's key by name
  (``redaction_secret_refs``: an ExternalSecret's "- secretKey: stripe_key", a ``secretKeyRef``'s "key: db-password").
- (wave 47) a year answering a question asking when (``redaction_when_answers``: "when was the door PIN last
  changed?" / "2019").
- (wave 48) a serial number or a postal code under its own name in more languages (``redaction_serial_postal``:
  "cihaz seri numarası: DGT-SB-2021-118843", "posta kodu 07580"), a vendor's public token under a label calling it
  public (``redaction_public_tokens``: "Mapbox public token: pk...."), a secret manifest's host, port, database or
  user name (``redaction_manifest_fields``: "username: Ym9va2luZw=="), and a purpose clause after "password to"
  (``redaction_purpose_clauses``: "Reset your password to unlock terminal 7").
- (wave 49) a colour's, a shade's, a paint's or a thread's code under its own name in any word order
  (``redaction_shade_codes``: "Il codice del colore ... è 7530 C", "Код цвета переплётной ткани: 1204"), and an
  item's catalogue code named after the code's word (``redaction_catalogue_codes``: "Код товара в каталоге: 55210"),
  a phone extension's or a room's number named right before it (``redaction_extension_numbers``: "звоните на
  добавочный 3120", "chiedete all'interno 3301"), an activity's or a customs tariff's classification code
  (``redaction_class_codes``: "Le code APE de l'atelier est 1814Z", "Код ТН ВЭД для переплётов: 4820").
- (wave 50, the audit of real documentation) public names real documents print: a versioned linker symbol
  (``redaction_symbol_versions``: ``mach_print@GLIBC_2.21``), a bug number, a code point or ``PKCS#12`` after a
  code's word (``redaction_issue_refs``: "return code ... closes: #169669"), a credited ``@handle``
  (``redaction_handles``), a changelog's or an option list's prose after a secret's word
  (``redaction_changelog_prose``: "(setup_formatted_passphrase): Escape the help string", "--disabled-password and"),
  a key id, a type, a hardware pin's board or an empty passwd field (``redaction_public_specs``: "GnuPG key:
  0x7EC2DBB6F4DBF434", "token: CARD32"), and a licence id, a release, a source path, ... (``redaction_release_names``).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_catalogue_codes import is_catalogue_code
from stratakb_core.ingest.redaction_changelog_prose import is_changelog_prose
from stratakb_core.ingest.redaction_class_codes import is_classification_code
from stratakb_core.ingest.redaction_digest_values import is_digest_value
from stratakb_core.ingest.redaction_extension_numbers import is_extension_or_room
from stratakb_core.ingest.redaction_handles import is_credited_handle
from stratakb_core.ingest.redaction_hint_labels import is_hint_value
from stratakb_core.ingest.redaction_issue_refs import is_issue_reference
from stratakb_core.ingest.redaction_manifest_fields import is_public_field
from stratakb_core.ingest.redaction_number_labels import is_public_number
from stratakb_core.ingest.redaction_payment_codes import is_payment_auth_code
from stratakb_core.ingest.redaction_policy_examples import is_policy_example
from stratakb_core.ingest.redaction_public_kinds import is_public_kind
from stratakb_core.ingest.redaction_public_remarks import has_public_remark
from stratakb_core.ingest.redaction_public_specs import is_public_spec_value
from stratakb_core.ingest.redaction_public_tokens import is_public_token
from stratakb_core.ingest.redaction_purpose_clauses import is_purpose_clause
from stratakb_core.ingest.redaction_query_words import is_query_word
from stratakb_core.ingest.redaction_release_names import is_release_name
from stratakb_core.ingest.redaction_secret_refs import is_secret_reference
from stratakb_core.ingest.redaction_serial_postal import is_serial_or_postal
from stratakb_core.ingest.redaction_shade_codes import is_shade_code
from stratakb_core.ingest.redaction_symbol_versions import is_symbol_version
from stratakb_core.ingest.redaction_unfilled import is_later_value, is_prefixed_placeholder
from stratakb_core.ingest.redaction_when_answers import is_year_answer

__all__ = ["held_back", "is_pending_value"]

# words that say the status: not set, to be decided, the same as elsewhere, empty
_STATUS: Final = frozenset(
    "pending tbd tba tbc set unset empty blank none decided defined determined confirmed announced assigned same"
    " unchanged vergeben gesetzt festgelegt definiert bestimmt offen leer folgt gleich"
    " définir défini definir confirmer vide pareil même identique pendiente vacío vacio igual ustalenia ustalone"
    " ustawione ustawiony puste pusty definire vuoto uguale stesso definido definida vazio pendente bepalen bepaald"
    " ingesteld leeg zelfde hetzelfde satt bestämt samma sama takie".split()
)
# words that may stand beside a status word in such a value
_FILLER: Final = frozenset(
    "to be not yet as before above below previous old prod production staging usual later soon see is the"
    " noch nicht wie oben vorher später zu à pas encore que avant ci dessus por aún aun sin que antes arriba da"
    " ancora non come prima sopra a ainda não nao que acima nog niet als eerder boven ännu inte som tidigare ovan"
    " do jeszcze nie jak wcześniej wyżej samo".split()
)
# a status that stands alone as the whole value ("password = pending"); "same" or "set" alone is too short to tell
_ALONE: Final = frozenset(
    "pending tbd tba tbc unset empty blank none leer vide vacío vacio pendiente pendente vuoto vazio leeg puste"
    " pusty".split()
)
_SPLIT_RE: Final = re.compile(r"[-_.\s]+")


def is_pending_value(value: str) -> bool:
    """Whether ``value`` says the secret is not set yet or is the one given elsewhere (module docstring)."""
    words = [w for w in _SPLIT_RE.split(value.strip().casefold()) if w]
    if not 1 <= len(words) <= 6 or not any(w in _STATUS for w in words):
        return False
    if len(words) == 1:
        return words[0] in _ALONE
    return all(w in _STATUS or w in _FILLER for w in words)


def held_back(text: str, start: int, end: int) -> bool:
    """Whether the span at ``text[start:end]`` is kept: a pending value, a public number, a hint, a policy's example
    or a public kind (module docstring); the cheapest checks first."""
    if end - start <= 64 and is_pending_value(text[start:end]):
        return True
    if end - start <= 200 and (is_later_value(text[start:end]) or is_prefixed_placeholder(text[start:end])):
        return True  # wave 43
    if is_digest_value(text, start, end):  # wave 43
        return True
    if is_public_number(text, start, end) or is_hint_value(text, start, end):
        return True
    if is_policy_example(text, start, end) or is_public_kind(text, start, end):  # wave 42
        return True
    if is_query_word(text, start, end) or is_payment_auth_code(text, start, end):  # wave 44
        return True
    if is_secret_reference(text, start, end) or is_year_answer(text, start, end):  # wave 45, wave 47
        return True
    if is_serial_or_postal(text, start, end) or is_public_token(text, start, end):  # wave 48
        return True
    if is_public_field(text, start, end) or is_purpose_clause(text, start, end):  # wave 48
        return True
    if end - start <= 20 and (is_shade_code(text, start, end) or is_catalogue_code(text, start, end)):  # wave 49
        return True
    if end - start <= 14 and (is_extension_or_room(text, start, end) or is_classification_code(text, start, end)):
        return True  # wave 49
    if _real_doc_name(text, start, end):  # wave 50, the audit of real documentation
        return True
    return has_public_remark(text, start, end)  # wave 44


def _real_doc_name(text: str, start: int, end: int) -> bool:
    """Wave 50: the public names and the prose real documentation prints (module docstring)."""
    return (
        is_symbol_version(text, start, end)
        or is_issue_reference(text, start, end)
        or is_credited_handle(text, start, end)
        or is_changelog_prose(text, start, end)
        or is_public_spec_value(text, start, end)
        or is_release_name(text, start, end)
    )
