"""Secret redaction, wave 28 (heldout51-58 used as tuning data): each row is our own example of a cause a miss stood
for, never a fixture's text.

Causes fixed (``redaction_lock_codes``): a door's, a gate's, a barrier's, an alarm's, a safe's or a key box's code
named in prose in many languages, a few words between the code's word and the value ("the barrier code is now
X"), with a star or a hash, numbers joined by dashes or digits with a capital; an alarm set "with" its digits;
a passphrase or a recovery phrase of three to ten plain words after its name and a colon, or "used".

Kept: a code a line calls an example, a dummy or training value, a sort code, one digit repeated, an error code,
a bare year, a passphrase rule or guidance.
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place

_TOKEN = "Qm7xT" + "2vLp9RwZ4" + "kNc8Hs3Yb6Fd"
_HEX = "5e1f09a7c3b2" + "d84f60a19e7b" + "32c5d0f81a6e4b9c"

WAVE_28_REDACTED = [
    # a generated key after a label naming a key in another script or language
    (f"Ключ доступа к складу API: {_TOKEN}\n", _TOKEN),
    (f"مفتاح الخدمة السري: {_TOKEN}\n", _TOKEN),
    (f"Chiave segreta del gestionale: {_HEX}\n", _HEX),
    (f"Kunci layanan pembayaran: {_TOKEN} - jangan dibagikan\n", _TOKEN),
    # a password noted under an ssh or sudo prompt
    ("$ ssh deploy@203.0.113.9\ndeploy@203.0.113.9's password:\n# what I typed: Harbour-Owl-77\n", "Harbour-Owl-77"),
    ("[sudo] password for kai: (typed: Wint3r#Moss)\n", "Wint3r#Moss"),
    # a lock's code named in prose, words between the code's word and the value
    ("The loading bay door code is now 6120# since the audit.\n", "6120#"),
    ("Garage gate: new code from Monday is 40719.\n", "40719"),
    ("Die Schranke am Hof hat jetzt den Code 3391*, bitte merken.\n", "3391*"),
    ("La puerta del almacén tiene el código 8842 desde ayer.\n", "8842"),
    ("Il portone del magazzino: codice 5517# poi invio.\n", "5517#"),
    ("Sejf w biurze, kod 62-18-40, nie zapisywać.\n", "62-18-40"),
    ("Код двери склада: 7351\n", "7351"),
    ("Bike shed door code: 7C419\n", "7C419"),
    # an alarm set with its digits
    ("Last one out: arm the alarm with 6042 and leave.\n", "6042"),
    ("Antes de salir, la alarma se activa con 3186 y luego OFF.\n", "3186"),
    ("Workshop alarm 9142, spare keys in the tin.\n", "9142"),
    # a passphrase of plain words
    ("Backup disk passphrase (ask Jo first): amber falcon drinks quiet tea\n", "amber falcon drinks quiet tea"),
    ("Phrase secrète du disque : « le chat dort sous la lune »\n", "le chat dort sous la lune"),
    ("gpg asked for a passphrase and I used river-pencil-orbit-lemon - noting it here\n", "river-pencil-orbit-lemon"),
]

WAVE_28_KEPT = [
    "$ ssh ops@198.51.100.2\nops@198.51.100.2's password:\nLast login: Tue Mar  3 09:12 from 10.0.0.4\n",
    "[sudo] password for kai:\nkai is not in the sudoers file. This incident will be reported.\n",
    f"Clé publique du service : {_TOKEN}\n",
    f"GPG key of the release team: {_HEX.upper()}\n",
    f"Key id for the rotation job: {_TOKEN}\n",
    "Settings blob (base64 of JSON, not secret): eyJhIjoxLCJiIjoiY2MifQ2x9\n",
    "The door code in the tutorial is 1234, an example value only.\n",
    "Bank details: sort code 20-45-77, account 40308669.\n",
    "Gate code 0000 is a dummy used in the training demo.\n",
    "The alarm panel shows error code 4012 when the battery is low.\n",
    "The door was installed in 1998 and the gate code changed in 2019.\n",
    "Passphrase policy: use at least four random words, e.g. plain nouns.\n",
    "Passphrase: see the sealed envelope in the safe\n",
    "The alarm went off at 0630 twice this week.\n",
]


@pytest.mark.parametrize(("text", "value"), WAVE_28_REDACTED)
def test_wave_28_values_are_redacted(text, value):
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize("text", WAVE_28_KEPT)
def test_wave_28_near_misses_stay_clean(text):
    assert redact(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "door code is " * 12000,
        "gate kod 12 " * 12000,
        "alarm with the 12 " * 10000,
        "alarm 1 " * 20000,
        "passphrase x y z: " * 8000,
        "passphrase used a b " * 8000,
        "safe code 1-2-3-4-5-6 " * 8000,
        "key " * 20000 + ":",
        "a's password: typed: " * 8000,
        ("x's password:\n" + "note: abcdefgh\n" * 3) * 3000,
        ("api key " * 10 + ": " + _TOKEN + "\n") * 2000,
    ],
)
def test_wave_28_patterns_stay_fast_on_pathological_input(text):
    assert_linear(redact, text)
