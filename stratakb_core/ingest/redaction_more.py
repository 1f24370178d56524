"""The finders wave 26 added, run together from ``redaction_context.context_spans`` (no I/O).

Each lives in a module named for what it finds: console and config forms without a label (``redaction_cli_secrets``),
a login written ``user / password`` in prose (``redaction_slash_logins``), a secret's name with a remark before its
colon or its digits (``redaction_remarked``), a chat's answer to a question about a password
(``redaction_replies``); wave 27: a generated value shortly after a token's or a secret's name
(``redaction_nearby``), a password given as "the new one is X" after a sentence naming it
(``redaction_anaphora``); wave 29: a chat's answer under a question about a login or a PIN
(``redaction_chat_logins``), secrets said in sentences and quotes (``redaction_said_values``); wave 31: connection
URLs and strings whole, a webhook's token, a key in a commented call (``redaction_connections``), a CJK
passphrase and a Wi-Fi key of words (``redaction_phrase_values``); wave 37: digits after a CJK secret's name
(``redaction_cjk_codes``), a Nordic or German compound code word (``redaction_compound_codes``), a file-transfer
client's login and a shell note (``redaction_cli_pairs``), "mine is X" and a cleartext (``redaction_own_values``),
a passphrase said in prose (``redaction_prose_phrases``); wave 39: a code keyed in or labelled by its device
(``redaction_keyed_codes``), a Wi-Fi's key said without a colon or after a CJK name (``redaction_wifi_prose``),
a JDBC URL, an unquoted connection string and a webhook's URL whole (``redaction_connection_forms``); wave 41:
lock codes listed under a heading naming them and a padlock's digits in a note's cell (``redaction_lock_lists``),
a Wi-Fi QR code's key (``redaction_wifi_qr``), a password of words joined by dashes after its name
(``redaction_dashed_words``), a sentence password assigned with "=" (``redaction_assigned_phrases``), a URL with a
login alone on its line whole (``redaction_credential_urls``); wave 45: a chat's whole-turn answer to a password's or a
passphrase's question (``redaction_chat_answers``), a login told with its user in brackets
(``redaction_login_sentences``), a duress or code word (``redaction_duress_words``), a PIN for a named holder
(``redaction_holder_codes``), a one-time sign-in code told to the reader (``redaction_signin_codes``), a lock's code
as keyed in (``redaction_keypad_forms``); wave 46: a code keyed in as a step of a keypad's sequence
(``redaction_keypad_steps``), a password a device is unlocked with (``redaction_unlock_values``), a Wi-Fi network and
its key as one slashed pair (``redaction_wifi_pairs``), a service's API key named "Ключ X API"
(``redaction_service_keys``), a strong password under the name of the account it opens (``redaction_account_labels``);
wave 49: a lock's code before the verb that opens it in German and Dutch (``redaction_verb_final_opens``), an admin's
or a server's key named key-first in Arabic, Persian, Hebrew, Greek and Slavic (``redaction_key_first_names``).
"""

from __future__ import annotations

from collections.abc import Iterator

from stratakb_core.ingest.redaction_account_labels import account_label_spans
from stratakb_core.ingest.redaction_anaphora import anaphora_spans
from stratakb_core.ingest.redaction_assigned_phrases import assigned_phrase_spans
from stratakb_core.ingest.redaction_chat_answers import chat_answer_spans
from stratakb_core.ingest.redaction_chat_logins import chat_login_spans
from stratakb_core.ingest.redaction_cjk_codes import cjk_code_spans
from stratakb_core.ingest.redaction_clause_values import clause_value_spans
from stratakb_core.ingest.redaction_cli_pairs import cli_pair_spans
from stratakb_core.ingest.redaction_cli_secrets import cli_secret_spans
from stratakb_core.ingest.redaction_compound_codes import compound_code_spans
from stratakb_core.ingest.redaction_connection_forms import connection_form_spans
from stratakb_core.ingest.redaction_connections import connection_spans
from stratakb_core.ingest.redaction_cookie_pairs import cookie_pair_spans
from stratakb_core.ingest.redaction_counted_codes import counted_code_spans
from stratakb_core.ingest.redaction_credential_urls import credential_url_spans
from stratakb_core.ingest.redaction_dashed_words import dashed_word_spans
from stratakb_core.ingest.redaction_duress_words import duress_word_spans
from stratakb_core.ingest.redaction_foreign_keys import foreign_key_spans
from stratakb_core.ingest.redaction_holder_codes import holder_code_spans
from stratakb_core.ingest.redaction_key_first_names import key_first_name_spans
from stratakb_core.ingest.redaction_keyed_codes import keyed_code_spans
from stratakb_core.ingest.redaction_keypad_forms import keypad_form_spans
from stratakb_core.ingest.redaction_keypad_steps import keypad_step_spans
from stratakb_core.ingest.redaction_lock_codes import lock_code_spans
from stratakb_core.ingest.redaction_lock_lists import lock_list_spans
from stratakb_core.ingest.redaction_lock_opens import lock_open_spans
from stratakb_core.ingest.redaction_login_sentences import login_sentence_spans
from stratakb_core.ingest.redaction_nearby import nearby_spans
from stratakb_core.ingest.redaction_next_line_values import next_line_value_spans
from stratakb_core.ingest.redaction_own_values import own_value_spans
from stratakb_core.ingest.redaction_passphrase_forms import passphrase_form_spans
from stratakb_core.ingest.redaction_password_phrases import password_phrase_spans
from stratakb_core.ingest.redaction_phrase_values import phrase_value_spans
from stratakb_core.ingest.redaction_place_codes import place_code_spans
from stratakb_core.ingest.redaction_prose_phrases import prose_phrase_spans
from stratakb_core.ingest.redaction_qualified_names import qualified_name_spans
from stratakb_core.ingest.redaction_quoted_phrases import quoted_phrase_spans
from stratakb_core.ingest.redaction_remarked import remarked_spans
from stratakb_core.ingest.redaction_replies import reply_spans
from stratakb_core.ingest.redaction_resets import reset_spans
from stratakb_core.ingest.redaction_said_values import said_value_spans
from stratakb_core.ingest.redaction_seed_words import seed_word_spans
from stratakb_core.ingest.redaction_service_keys import service_key_spans
from stratakb_core.ingest.redaction_session_tokens import session_token_spans
from stratakb_core.ingest.redaction_signin_codes import signin_code_spans
from stratakb_core.ingest.redaction_slash_logins import slash_login_spans
from stratakb_core.ingest.redaction_ssh_prompts import ssh_prompt_spans
from stratakb_core.ingest.redaction_sticky_notes import sticky_note_spans
from stratakb_core.ingest.redaction_told_codes import told_code_spans
from stratakb_core.ingest.redaction_unlock_values import unlock_value_spans
from stratakb_core.ingest.redaction_verb_final_opens import verb_final_open_spans
from stratakb_core.ingest.redaction_vpn_auth_files import vpn_auth_file_spans
from stratakb_core.ingest.redaction_wifi_copula import wifi_copula_spans
from stratakb_core.ingest.redaction_wifi_pairs import wifi_pair_spans
from stratakb_core.ingest.redaction_wifi_prose import wifi_prose_spans
from stratakb_core.ingest.redaction_wifi_qr import wifi_qr_spans

__all__ = ["wave26_spans"]

_Found = tuple[int, int, str]


def wave26_spans(text: str) -> Iterator[_Found]:
    """Every value the wave-26 finders see."""
    yield from cli_secret_spans(text)
    yield from slash_login_spans(text)
    yield from remarked_spans(text)
    yield from reply_spans(text)
    yield from nearby_spans(text)  # wave 27
    yield from anaphora_spans(text)  # wave 27
    yield from lock_code_spans(text)  # wave 28
    yield from foreign_key_spans(text)  # wave 28
    yield from ssh_prompt_spans(text)  # wave 28
    yield from chat_login_spans(text)  # wave 29: a chat's "user / password" or PIN under a question about it
    yield from said_value_spans(text)  # wave 29: "the admin password after reset is X", "密码是 X", '"pw: X"'
    yield from passphrase_form_spans(text)  # wave 30: passphrases in more names and forms (copula, comma, CSV)
    yield from sticky_note_spans(text)  # wave 30: a transcribed sticky note's password
    yield from reset_spans(text)  # wave 30: "I reset it to X"
    yield from session_token_spans(text)  # wave 30: a session's id in JSON, a vendor's tk_live_ key
    yield from connection_spans(text)  # wave 31: a service URL or a connection string whole, a hook's token
    yield from phrase_value_spans(text)  # wave 31: a CJK passphrase, a Wi-Fi key of words and a number
    yield from wifi_copula_spans(text)  # wave 32: "la password del Wi-Fi ... è X"
    yield from counted_code_spans(text)  # wave 33: "a 3-digit lock: 417", "cadenas à 3 chiffres : 529"
    yield from quoted_phrase_spans(text)  # wave 33: "the password ... is the sentence 'four owls sing at noon'"
    yield from qualified_name_spans(text)  # wave 34: "le mot de passe du ... (compte X) est : X", a verbal password
    yield from clause_value_spans(text)  # wave 35: a strong value in the clause after a name, whatever the words
    yield from place_code_spans(text)  # wave 36: a door's starred code, a cabinet's dial, an alarm code punched in
    yield from cookie_pair_spans(text)  # wave 36: a session cookie pasted as name=value
    yield from cjk_code_spans(text)  # wave 37: digits after 密码 / 비밀번호 / 暗証番号 / PIN：
    yield from compound_code_spans(text)  # wave 37: frakoblingskode 3382, ovikoodi 5521, Zugangscode 8842
    yield from cli_pair_spans(text)  # wave 37: lftp -u user,pw; echo 'pw for X: Y' >> notes
    yield from own_value_spans(text)  # wave 37: "... a PIN. Mine is 0462", "the cleartext is X"
    yield from prose_phrase_spans(text)  # wave 37: "uses the passphrase a b c - ...", "password for X (...): 'a b'"
    yield from keyed_code_spans(text)  # wave 39: "to disarm press 2591", "lockbox = 2280", a table's Code column
    yield from wifi_prose_spans(text)  # wave 39: "rete X, password abc12345.", "비밀번호는 abc12345 입니다"
    yield from connection_form_spans(text)  # wave 39: jdbc:...?password=X, Server=...;Pwd=X; unquoted, hook URLs whole
    yield from wifi_qr_spans(text)  # wave 41: a Wi-Fi QR code's text, WIFI:T:WPA;S:name;P:key;;
    yield from lock_list_spans(text)  # wave 41: "Door codes" then "Room 1: 6128"; "| padlock 0418 |"
    yield from dashed_word_spans(text)  # wave 41: "das Passwort ... ist: Orgelpfeife-Regenwurm-Kaffee"
    yield from assigned_phrase_spans(text)  # wave 41: "hoofdwachtwoord = trekker ploegt om zes uur door de klei"
    yield from credential_url_spans(text)  # wave 41: https://user:pw@host/path alone on its line goes whole
    yield from told_code_spans(text)  # wave 43: "Koden till X är nu 7741", "Koden er 5-9-0-3", "46028 koduyla"
    yield from chat_answer_spans(text)  # wave 45: "[10:42] Mo: epson4ever", "Maple-Ferret-Quilt-Harbor - ..."
    yield from login_sentence_spans(text)  # wave 45: "the login for X (user: u) is Quay7-Bollard!Tide"
    yield from duress_word_spans(text)  # wave 45: "Duress word (operator only): bluebell", "Panic code: 7713"
    yield from holder_code_spans(text)  # wave 45: "SOS cancel PIN for D. Price: 2468"
    yield from signin_code_spans(text)  # wave 45: "Enter the auth code 482913 in the app", "Your OTP is 771204"
    yield from keypad_form_spans(text)  # wave 45: "alarm ...: 1 9 0 6", "0#5#8#1", "*5521", a code "changed to" 1966
    yield from keypad_step_spans(text)  # wave 46: "exit keypad: press C, then 1968, then the green button"
    yield from unlock_value_spans(text)  # wave 46: "Tablet in the lounge: unlock with Bluebell77!"
    yield from lock_open_spans(text)  # wave 48: "de kluis gaat open met 4-19-27", "alarm inschakelen met 40318"
    yield from wifi_pair_spans(text)  # wave 46: "- wifi: PawnShop-Back / goldchain2026!"
    yield from service_key_spans(text)  # wave 46: "Ключ Steam Web API для бота: 53C49E80..."
    yield from account_label_spans(text)  # wave 46: "bank: GoldenRetriever#Max11" in a note to self
    yield from password_phrase_spans(text)  # wave 47: "hasło do dysku to kuter sztorm latarnia 4 mewy."
    yield from next_line_value_spans(text)  # wave 47: "Personal access token (expires 31-03):" and the token below
    yield from seed_word_spans(text)  # wave 47: a wallet's "extra word (25th word): marmalade"
    yield from vpn_auth_file_spans(text)  # wave 47: OpenVPN's auth-user-pass file, "creds.txt:" and its two lines
    yield from verb_final_open_spans(text)  # wave 49: "der Tresor lässt sich mit 91-44-07 öffnen", "met 7702 geopend"
    yield from key_first_name_spans(text)  # wave 49: "مفتاح الإدارة ...: X", "κλειδί διαχείρισης: X", "ключ сервера: X"
