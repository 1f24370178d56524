"""A phrase after a password's name that says where to find it or whom to ask, in any tense (wave 40, no I/O).

Wave 39 listed pointer verbs as words ("encuentra", "steht", "trouvez"); a reader is told in the future, with a
pronoun first or politely just as often: "la encontrará en el cartel de recepción", "vous la trouverez au dos de la
box", "lo trovi sulla lavagna", "Sie finden es am Aushang", "you'll find it on the card", "je vindt hem op de
koelkast", "den hittar du i pärmen", "znajdziesz je na tablicy". ``points_elsewhere`` reads the first two words of a
phrase: a verb of finding, asking, getting or being given by someone (any ending of its stem), first or after a
pronoun, a polite subject or a modal.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["points_elsewhere"]

# stems of finding, asking, getting and being shown in en/es/pt/fr/it/de/nl/sv/da/no/pl/cs/fi/tr/ru
_VERB_RE: Final = re.compile(
    r"(?i:(?:encontr|hall|trouv|trov|znajd|najd|найд|l[öo]y[dt]|pregunt|demand|chied|zapyt|spyt|zept|kysy"
    r"|recib|receb|ricev|re[çc]o[iy]|recev|bekomm|krijg|ontvang|obdrž|получ|спрос)\w*"
    r"|(?:find|finds|found|ask|asks|get|gets|given|receive|obtain|finden|findest|findet|fand|frag|frage|fragen"
    r"|fragt|erfragen|erh[äa]lt(?:st)?|erhalten|vind|vindt|vinden|vraag|vraagt|vragen|hittar|hitta|hittas|finner"
    r"|finnes|finder|findes|fr[åa]ga|fr[åa]gar|sp[øo]rg|sp[øo]r|f[åa]r|f[åa]tt|pida|pide|pidan|pedir|ped[ií]|pides"
    r"|pidela|p[ií]dela|pe[çc]a|pergunte|pergunta|chiedi|chiedete|bulabilir|bulursun|sorun|sorar|saat|saatte"
    r"|saavat|al[ıi]rs[ıi]n[ıi]z|dostanete|dostaniesz|dostaniecie|najdete|najdeš|najdes|вы)\b)"
)
# what may come before the verb: a clitic or object pronoun, a polite subject, a modal or a future auxiliary
_BEFORE: Final = frozenset(
    "la lo le les l' l’ se te me nos vous on tu usted ustedes você vocês lei voi sie du ihr man je jij u hij"
    " ze hem het den det dem du ni han hon ty wy pan pani je ji ho ty sen siz вы ты его её you it you'll you’ll"
    " we'll we’ll they'll will can may must should ich wir wird werden kann können kunt kan kun puede pueden pode"
    " podem può potete pouvez peut va vais vas devrez dovete deberá deberán".split()
)


def points_elsewhere(words: list[str]) -> bool:
    """Whether a phrase's first words find, ask for or receive the secret elsewhere (see the module docstring)."""
    if not words:
        return False
    if _VERB_RE.match(words[0]) is not None:
        return True
    lead = 1
    while lead < min(len(words), 3) and words[lead - 1].lower() in _BEFORE:
        if _VERB_RE.match(words[lead]) is not None:
            return True
        lead += 1
    return False
