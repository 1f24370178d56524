"""Values that leave the secret unfilled: promised for later, or a real prefix before a placeholder (wave 43, no I/O).

``redaction_held_back.held_back`` asks both of every rule's and the scorer's span:

- ``is_later_value``: a value of several words that says the secret will be given later or elsewhere, in about ten
  languages ("password del Wi-Fi: verrà comunicata dal tecnico il giorno dell'evento", "Passwort: wird vor Ort
  mitgeteilt", "mot de passe : sera communiqué par SMS", "contraseña: se enviará por correo", "wachtwoord: wordt
  later gedeeld", "lösenord: skickas separat", "password: will be sent separately", "to be provided on site"). The
  phrase must open the value (after an optional "it"/"es"/"it's"), so a passphrase that holds such words further on
  still goes, and a one-word value is never read so (``redaction_held_back.is_pending_value`` judges those);
- ``is_prefixed_placeholder``: a token written as its real prefix (a Telegram bot's numeric id, a short account id)
  and a colon before a placeholder saying what goes there ("123456789:REPLACE_WITH_YOUR_TOKEN",
  "4839201:<bot-token>", "ACME01:PASTE_KEY_HERE"): the part after the colon is the secret, and it is not filled in.
  A real token after the same prefix ("123456789:AAH3k...") still goes.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["is_later_value", "is_prefixed_placeholder"]

_LATER_RE: Final = re.compile(
    r"(?i:(?:it|es|it's|it[ \t]+is|sie|elle|ella|essa|lei)[ \t]+)?(?i:"
    # en
    r"(?:will|shall)[ \t]+be[ \t]+(?:sent|given|shared|communicated|provided|announced|handed[ \t]+out|e-?mailed"
    r"|texted|posted|supplied|issued|distributed|confirmed|added|set)"
    r"|to[ \t]+be[ \t]+(?:sent|given|shared|communicated|provided|announced|handed[ \t]+out|e-?mailed|supplied"
    r"|issued|distributed|confirmed)"
    r"|(?:sent|given|shared|provided|handed[ \t]+out)[ \t]+(?:separately|later|on[ \t]+(?:site|the[ \t]+day|arrival))"
    # wave 45: handed out by someone, "(is) provided by the office at induction", "issued by reception"
    r"|(?:is[ \t]+|are[ \t]+)?(?:provided|issued|handed[ \t]+out|given[ \t]+out|supplied|distributed)[ \t]+"
    r"(?:by|at|from)[ \t]+(?:the|your|our|its|each|a)[ \t]+\w+"
    # it
    r"|(?:verrà|verra|sarà|sara|viene)[ \t]+(?:comunicat|inviat|fornit|dat|condivis|consegnat|indicat|trasmess)[oaie]"
    r"|da[ \t]+(?:comunicare|fornire|inviare|definire|confermare)"
    # de
    r"|wird[ \t]+(?:(?:noch|separat|später|vor[ \t]+ort|per[ \t]+\w+|am[ \t]+\w+)[ \t]+){0,3}"
    r"(?:mitgeteilt|verschickt|gesendet|zugeschickt|bekanntgegeben|ausgehändigt|nachgereicht|übergeben|vergeben)"
    r"|wird[ \t]+(?:vo[mn]|im|beim|durch|in[ \t]+der)[ \t]+(?:\w+[ \t]+){1,3}(?:ausgegeben|ausgehändigt|mitgeteilt"
    r"|vergeben|erteilt|übergeben)"  # wave 45: "wird vom Büro beim Start ausgegeben"
    r"|folgt[ \t]+(?:separat|später|noch|per)"
    # fr
    r"|(?:sera|seront)[ \t]+(?:communiqu|envoy|transmis|donn|fourni|remis|précis|indiqu)\w*"
    r"|(?:à|a)[ \t]+(?:communiquer|définir|confirmer|venir)"
    # es / pt
    r"|se[ \t]+(?:comunicará|enviará|dará|facilitará|proporcionará|entregará|indicará|informará)"
    r"|(?:será|sera)[ \t]+(?:comunicad|enviad|entregad|facilitad|fornecid|informad|indicad)[oa]"
    r"|(?:por|a)[ \t]+(?:confirmar|definir|comunicar)"
    # nl
    r"|wordt[ \t]+(?:(?:nog|later|apart|ter[ \t]+plekke|per[ \t]+\w+)[ \t]+){0,3}"
    r"(?:gedeeld|gestuurd|verstuurd|doorgegeven|gemaild|meegedeeld|verstrekt|uitgedeeld)"
    r"|volgt[ \t]+(?:nog|later|apart)"
    # sv / da / no
    r"|(?:skickas|meddelas|delas[ \t]+ut|lämnas|sendes|oplyses|opgis|deles[ \t]+ut|udleveres|utleveres)"
    r"[ \t]+(?:senare|separat|på[ \t]+plats|senere|på[ \t]+dagen|på[ \t]+stedet)"
    # wave 45: a Nordic passive of handing out, by whom or where ("udleveres af kontoret ved opstart", "lämnas ut
    # av receptionen", "utleveres på kontoret", "fås hos vaktmesteren")
    r"|(?:udleveres|utleveres|uddeles|utdeles|oplyses|opplyses|meddeles|tildeles|tilldelas|lämnas[ \t]+ut|delas[ \t]+ut"
    r"|deles[ \t]+ut|fås|får[ \t]+du|skickas|meddelas|sendes|gives|gis|ges)"
    r"[ \t]+(?:af|av|fra|från|hos|ved|vid|på|i|gennom|genom|gjennom)[ \t]+\w+"
    # pl
    r"|(?:zostanie|będzie)[ \t]+(?:przesłane|podane|wysłane|przekazane|przesłany|podany|wysłany|przekazany)"
    r")(?![\w-])"
)
_PREFIXED_RE: Final = re.compile(r"(?P<head>[A-Za-z0-9_-]{3,40}):(?P<tail>[^\s:/]{3,80})")  # (no URL: no slash)


def is_later_value(value: str) -> bool:
    """Whether ``value`` (several words) opens by saying the secret will be given later (module docstring)."""
    v = value.strip().strip("\"'“”„«»")
    return len(v) <= 200 and " " in v and _LATER_RE.match(v) is not None


def is_prefixed_placeholder(value: str) -> bool:
    """Whether ``value`` is a token's real prefix, a colon and a placeholder (module docstring)."""
    m = _PREFIXED_RE.fullmatch(value.strip())
    return m is not None and is_placeholder(m.group("tail")) and any(c.isalpha() for c in m.group("tail"))
