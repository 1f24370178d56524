"""Override words that aim at no reader's instructions (no I/O; wave 41, used by ``injection_scope``).

The co-occurrence rule reads "disregard", "forget", "switch off" near "you", an AI or "earlier" as an override.
Three everyday shapes hold those words and give the reader no order:

* an order reported as given to the writer: "Your bot told me to disregard the earlier quote", "le bot m'a dit
  d'ignorer le devis", "me dijo que ignorara", "mi ha detto di ignorare", "hat mir gesagt, ... zu ignorieren";
* the writer taking back their own words: "olvida lo que te dije antes", "forget what I said", "oublie ce que je
  t'ai dit", "vergiss, was ich dir gesagt habe", "dimentica quello che ti ho detto", "esquece o que eu te disse",
  "vergeet wat ik zei", "zapomnij, co ci powiedziałem";
* the assistant itself switched off by staff: "if the assistant acts strangely, switch it off in the admin panel",
  "wyłącz go", "schalte ihn aus", "désactivez-le", "disable the assistant".

``aside_masked`` blanks these words; ``injection_scope.scoped_sentence`` then asks the co-occurrence rule again, and
a sentence that no longer sets off ``override`` is about something else. Bounded patterns (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["aside_masked"]

_THROW: Final = (
    r"(?:disregard|ignore|forget|overlook|drop|discard|skip|ignorer|oublier|ignorara|ignorar|olvidar|ignorare"
    r"|dimenticare|ignorieren|vergessen|negeren|vergeten|zignorować|zapomnieć)"
)
_TOLD_ME: Final = re.compile(
    rf"\b(?:told|asked|wanted|instructed|reminded|advised|said[ \t]+for)[ \t]+(?:me|us)[ \t]+to[ \t]+(?:just[ \t]+)?"
    rf"{_THROW}\b|\bm['’]a[ \t]+(?:dit|demandé|conseillé)[ \t]+d['’]?[ \t]*{_THROW}"
    rf"|\bme[ \t]+(?:dijo|pidió|dijeron)[ \t]+que[ \t]+(?:ignorara|olvidara|ignore|olvide)\b"
    rf"|\bmi[ \t]+ha[ \t]+(?:detto|chiesto)[ \t]+di[ \t]+{_THROW}"
    rf"|\bhat[ \t]+mir[ \t]+gesagt,?[ \t]+[^.!?\n]{{0,60}}?zu[ \t]+(?:ignorieren|vergessen)\b"
    rf"|\bzei[ \t]+(?:dat[ \t]+ik|me)[ \t]+[^.!?\n]{{0,40}}?(?:moest[ \t]+)?(?:negeren|vergeten)\b",
    re.IGNORECASE,
)
_MY_WORDS: Final = re.compile(
    r"\b(?:forget|ignore|disregard|scratch)[ \t]+(?:what|everything)[ \t]+I[ \t]+(?:just[ \t]+)?(?:said|told[ \t]+you"
    r"|wrote|asked|sent)\b"
    r"|\b(?:olvida|olvide|ignora|ignore)[ \t]+(?:lo|todo[ \t]+lo)[ \t]+que[ \t]+(?:te|le|les)[ \t]+(?:dije|escribí|pedí"
    r"|mandé)\b"
    r"|\b(?:oublie|oubliez|ignore|ignorez)[ \t]+(?:ce|tout[ \t]+ce)[ \t]+que[ \t]+(?:je[ \t]+)?(?:t['’]|vous[ \t]+)ai"
    r"[ \t]+(?:dit|écrit|demandé)"
    r"|\b(?:vergiss|vergessen[ \t]+Sie|ignorier)[ \t]*,?[ \t]+was[ \t]+ich[ \t]+(?:dir|Ihnen|euch)[ \t]+"
    r"(?:gesagt|geschrieben)"
    r"|\b(?:dimentica|dimenticate|ignora)[ \t]+(?:quello|quanto|ciò)[ \t]+che[ \t]+(?:ti|vi)[ \t]+ho[ \t]+"
    r"(?:detto|scritto|chiesto)"
    r"|\b(?:esquece|esqueça|ignora|ignore)[ \t]+o[ \t]+que[ \t]+(?:eu[ \t]+)?(?:te|lhe)[ \t]+(?:disse|escrevi|pedi)"
    r"|\b(?:vergeet|negeer)[ \t]+wat[ \t]+ik[ \t]+(?:je[ \t]+|u[ \t]+)?(?:zei|schreef|vroeg|gezegd|geschreven)"
    r"|\b(?:zapomnij|zignoruj)[ \t]*,?[ \t]+co[ \t]+(?:ci[ \t]+)?(?:powiedział(?:em|am)|napisał(?:em|am))",
    re.IGNORECASE,
)
_SWITCHED_OFF: Final = re.compile(
    r"\b(?:switch|turn|shut|take)[ \t]+(?:it|him|her|them|the[ \t]+(?:assistant|bot|chatbot|kiosk))[ \t]+(?:off|down)\b"
    r"|\b(?:disable|deactivate|suspend)[ \t]+(?:it|the[ \t]+(?:assistant|bot|chatbot))\b"
    r"|\bwyłącz(?:cie)?[ \t]+(?:go|ją|asystenta|bota)\b|\bschalten?[ \t]+(?:Sie[ \t]+)?(?:ihn|es|den[ \t]+Assistenten)"
    r"[ \t]+(?:[^.!?\n]{0,40}[ \t])?ab\b|\bdeaktivier\w{0,3}[ \t]+(?:Sie[ \t]+)?(?:ihn|es|den[ \t]+Assistenten)\b"
    r"|\b(?:désactive[sz]?|éteigne[sz]?)-(?:le|la)\b|\b(?:desactíva|apága)(?:lo|la)\b|\b(?:disattiva|spegni)(?:lo|la)\b"
    r"|\b(?:desative|desligue)-(?:o|a)\b|\bschakel[ \t]+(?:hem|het|de[ \t]+assistent)[ \t]+uit\b",
    re.IGNORECASE,
)


def aside_masked(sentence: str) -> str | None:
    """``sentence`` with its reported, retracted or switch-off words blanked, or None when it holds none."""
    masked = sentence
    for pattern in (_TOLD_ME, _MY_WORDS, _SWITCHED_OFF):
        masked = pattern.sub(lambda m: " " * len(m.group()), masked)
    return None if masked == sentence else masked
