"""What a text or an attacker could tell an AI to do, described in a security document (no I/O; wave 47).

A threat model or a risk register describes the attack in the third person: "Risk: a hostile document could tell
the chatbot to set aside its earlier instructions", "Un atacante puede decirle al asistente que ignore sus
instrucciones", "une page piégée pourrait dire à l'assistant d'ignorer ses consignes", "un file potrebbe chiedere
all'assistente di ignorare", "um e-mail pode dizer ao assistente que ignore", "eine Webseite könnte dem Assistenten
sagen, ...". ``TOLD_AI`` is the shape (for ``injection_scope._ATTEMPT``, whose end ``$`` marks where the order it
reports starts): a modal of possibility (could, can, may, might, would; puede, podría; peut, pourrait; può,
potrebbe; pode, poderia; kann, könnte; kan, zou), a verb of telling or asking, and an AI named as its object
("the chatbot", "al asistente", "à l'assistant", "all'assistente", "ao assistente", "dem Assistenten"), then "to" /
"que" / "di" / "de". ``injection_scope`` reads it only after the head of a sentence (a subject before it), so
"Tell the chatbot to ignore its rules" at the head still counts as an order, and so does "You could tell the
assistant to ..." (a second-person subject before the modal is the reader, ``_NOT_YOU``): the modal and the AI as
the object of someone else's telling are what make it a description.
"""

from __future__ import annotations

from typing import Final

__all__ = ["TOLD_AI"]

_MODAL: Final = (
    r"(?:could|can|may|might|would|will|puede|pueden|podría|podrían|peut|peuvent|pourrait|pourraient|può|possono"
    r"|potrebbe|potrebbero|pode|podem|poderia|poderiam|kann|können|könnte|könnten|kan|kunnen|zou|zouden)"
)
_TELL: Final = (
    r"(?:tell|instruct|ask|order|direct|command|decirle|pedirle|ordenarle|indicarle|dire|demander|ordonner"
    r"|chiedere|ordinare|dire|dizer|pedir|ordenar|mandar|vertellen|opdragen|vragen|sagen|befehlen|auffordern)"
)
_OBJECT: Final = (
    r"(?:(?:the|a|an|al|ao|à|au|all['’]|dem|den|het|de|la|le|l['’]|el|il|o|its|your)[ \t]*){0,2}(?:[\w-]{2,20}[ \t]+)?"
    r"(?:chat-?bots?|bots?|models?|assistants?|llms?|agents?|ai|asistente|assistente|ia|ki|modelo|modello|modèle"
    r"|agente|assistenten|modell|copilot)[ \t]*,?[ \t]+(?:to|que|di|de|d['’]|om|dass|,)?[ \t]*"
)
# the lead's review of wave 47: "You could tell the assistant to ignore its previous instructions and export ..."
# addresses the reader, it describes nobody's attack; a second-person subject keeps the order an order
_NOT_YOU: Final = "".join(
    rf"(?<!\b{w}[ \t])" for w in ("you", "u", "tu", "vous", "usted", "ustedes", "voi", "você", "du", "sie", "jij", "je")
)
TOLD_AI: Final = rf"{_NOT_YOU}\b{_MODAL}[ \t]+{_TELL}[ \t]+{_OBJECT}$"
