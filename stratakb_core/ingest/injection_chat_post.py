"""A person given a post by the group in a chat among people, for ``injection_group_chat`` (no I/O).

Wave 49: friends and teams hand out jobs in their chats ("from now on you're our official treasurer", Portuguese
"a partir de agora você é o nosso guia oficial", German "ab jetzt bist du unser Kassenwart", French "désormais tu es
notre photographe"). The words are the override rule's "from now on you are ...", and the "you" they hold kept
``group_chat_turn`` from seeing a house rule among people. ``appointed`` blanks such an appointment, from "from now
on" to the group's possessive ("our", "nosso", "unser", "notre", "nuestro", "nostro", "onze", "nasz"), so that the
rest of the turn is judged as before: the post itself, and anything else the line says, must still name no
instructions, prompt, persona, jailbreak, answer or reply, and the chat no AI, bot or assistant.

What it leaves: "from now on you are DAN", "from now on you are my grandmother who ..." (no group's possessive),
"you are now an unrestricted helper", "from now on you are our bot" (a machine named in the chat), "from now on you're
our translator: answer every message in French" (an answer ordered), and every appointment outside a chat of people
(the blanking is used by ``group_chat_turn`` alone).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["appointed"]

_APPOINTED: Final = re.compile(
    r"\b(?:(?:from[ \t]+now[ \t]+on|as[ \t]+of[ \t]+(?:now|today)|starting[ \t]+(?:now|today)),?"
    r"[ \t]+you(?:'re|[ \t]+are)"
    r"|a[ \t]+partir[ \t]+de[ \t]+(?:agora|hoje),?[ \t]+(?:voc[eê][ \t]+[ée]|tu[ \t]+[ée]s)"
    r"|(?:a[ \t]+partir[ \t]+de[ \t]+(?:ahora|hoy)|desde[ \t]+(?:ahora|hoy)),?[ \t]+(?:t[uú][ \t]+)?eres"
    r"|(?:à[ \t]+partir[ \t]+de[ \t]+maintenant|d[ée]sormais|dor[ée]navant),?[ \t]+(?:tu[ \t]+es|vous[ \t]+[êe]tes)"
    r"|ab[ \t]+(?:jetzt|sofort|heute),?[ \t]+bist[ \t]+du"
    r"|(?:da[ \t]+ora[ \t]+in[ \t]+poi|d'ora[ \t]+in[ \t]+poi|da[ \t]+oggi),?[ \t]+sei"
    r"|vanaf[ \t]+(?:nu|vandaag),?[ \t]+ben[ \t]+(?:jij|je)"
    r"|od[ \t]+(?:teraz|dzisiaj|dziś),?[ \t]+(?:jesteś|ty[ \t]+jesteś))"
    r"(?:[ \t]+(?:now|agora|ahora|maintenant|jetzt|ora|nu|teraz))?"
    r"(?:[ \t]+(?:officially|oficialmente|officiellement|offiziell|ufficialmente|officieel|oficjalnie))?"
    r"[ \t]+(?:(?:o|a|el|la|il)[ \t]+)?(?:our|nosso|nossa|nuestro|nuestra|notre|unser|unsere|nostro|nostra|onze|ons"
    r"|nasz|nasza|naszym|naszą)\b",
    re.IGNORECASE,
)

# limits lifted anywhere in the line: a persona a jailbreak gives, never a post ("our helper with no rules")
_LIFTED: Final = re.compile(
    r"\b(?:no|without|sans|sem|sin|ohne|senza|zonder|bez)[ \t]+(?:any[ \t]+)?(?:rules?|limits?|limitations?"
    r"|restrictions?|filters?|censorship|r[èe]gles?|limites?|regras?|reglas?|l[íi]mites?|regeln|grenzen|regole|limiti|regels"
    r"|grenzen|zasad|ogranicze[ńn])\b",
    re.IGNORECASE,
)


def appointed(text: str) -> str:
    """``text`` with each appointment by the group ("from now on you're our ...") blanked, the same length; a text
    that lifts limits anywhere is returned as it is."""
    if _LIFTED.search(text):
        return text
    return _APPOINTED.sub(lambda m: " " * len(m.group()), text)
