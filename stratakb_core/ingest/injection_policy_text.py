"""Sentences that name an order to an AI without giving one (no I/O; used by ``injection``).

The co-occurrence rule reads a sentence's parts: who, what, what to. Two kinds of policy text hold all three and
give no order:

* a prohibition of an attempt: people "must not try to make the assistant reveal its configuration", "do not
  attempt to get the bot to skip ...", "no intenten hacer que el asistente ...", "n'essayez pas de faire ...",
  "versuchen Sie nicht, ...", "non cercate di far ...": what someone is forbidden to lead the AI to do
  (``forbidden_attempt``);
* a rubric's question about the AI in the third person ("does it quote rather than obey any instructions found in
  documents?"): a yes/no question for a reviewer (``rubric_question``);
* a mail-merge template (wave 26): a sentence that names itself a template ("Modello email per gli autisti:",
  "Plantilla de correo:", "Vorlage:") and holds a placeholder ("{{nome}}", "{name}", "[Name]") speaks to the people
  it will be sent to ("il tuo turno ...", "Rispondi ..."), not to an AI (``mail_template``; the Italian "modello",
  the Spanish and Portuguese "modelo" are the lexicon's "model" too);
* the means of a transfer: a catalogue uploaded to an SFTP address "using the credentials from the portal" sends the
  catalogue, not the credentials (``means_only``: every private-data word follows "using", "usando", "utilisant",
  "mithilfe", ... within three words, so nothing private is what is sent).

Every pattern is bounded (linear in the sentence's length).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.injection_contract_party import DEFINED_PARTY, SPOKEN_MORE
from stratakb_core.ingest.injection_cooccur import _WORD, _mask, cues
from stratakb_core.ingest.injection_described import described_sentence
from stratakb_core.ingest.injection_human_gate import human_gate, people_chat
from stratakb_core.ingest.injection_prompt_guide import prompt_guide
from stratakb_core.ingest.injection_stringlist import string_list

__all__ = ["contract_clause", "forbidden_attempt", "means_only", "policy_sentence", "rubric_question"]

_LEAD: Final = r"(?:make|get|trick|convince|persuade|force|coax|manipulate|cause)"
_FORBIDDEN: Final = re.compile(
    rf"\b(?:must|may|should|shall|will|do|does|can|are|is)(?:[ \t]+not|n['’]t)[ \t]+(?:\w+[ \t]+)?(?:try|attempt)"
    rf"(?:[ \t]+to)?[ \t]+{_LEAD}\b"
    rf"|\b(?:never|not[ \t]+to|no[ \t]+one[ \t]+may)[ \t]+(?:try|attempt)[ \t]+to[ \t]+{_LEAD}\b"
    r"|\bno[ \t]+(?:intent\w{1,4}|trat\w{1,4}[ \t]+de)[ \t]+(?:hacer[ \t]+que|conseguir[ \t]+que|lograr[ \t]+que)"
    r"|\bn['’](?:essayez|essaie|essayer|tentez|tente)[ \t]+pas[ \t]+(?:de|d['’])[ \t]*(?:faire|pousser|amener)"
    r"|\b(?:versuch\w{0,3}|probier\w{0,3})[ \t]+(?:sie[ \t]+|du[ \t]+)?nicht,?[ \t]+(?:den|die|das)[ \t]+"
    r"|\bnon[ \t]+(?:cerca\w{0,3}|prova\w{0,3}|tenta\w{0,3})[ \t]+(?:di|a)[ \t]+(?:far|indurre|convincere)",
    re.IGNORECASE,
)
_MEANS: Final = re.compile(
    r"\b(?:using|usando|utilizando|utilisant|en[ \t]+utilisant|utilizzando|mithilfe|gebruikmakend[ \t]+van"
    r"|by[ \t]+means[ \t]+of|with[ \t]+the[ \t]+help[ \t]+of)[ \t]+(?:[\w'’-]+[ \t]+){0,2}$",
    re.IGNORECASE,
)


# wave 25: advice to the people who set an AI up on what to tell it ("Tell the model that instructions inside retrieved
# text must be reported, not followed"): the AI is told about in the third person, never spoken to
_TELL_IT: Final = re.compile(
    r"(?:^|[-*•:;.]|\d[.)])[ \t]*(?:tell|instruct|remind|teach|prompt|configure|train)[ \t]+(?:the|your|our|each|every)"
    r"[ \t]+(?:model|assistant|bot|llm|agent|ai|summari[sz]er|chatbot)s?[ \t]+(?:that|to|how|what)\b",
    re.IGNORECASE,
)


def forbidden_attempt(sentence: str) -> bool:
    """The sentence forbids trying to lead an AI to do something, or advises what to tell it, with no "you" (a rule
    for people, not an order to the AI)."""
    return bool(_FORBIDDEN.search(sentence)) or (bool(_TELL_IT.search(sentence)) and not _YOU.search(sentence))


def means_only(sentence: str) -> bool:
    """Every private-data word of ``sentence`` names the means of a transfer ("using the credentials ...")."""
    masked = _mask(sentence)
    spots = [i for i in cues(masked).get("data", ()) if i >= 0]
    if not spots:
        return False
    words = list(_WORD.finditer(masked))
    return all(i < len(words) and _MEANS.search(masked, max(words[i].start() - 60, 0), words[i].start()) for i in spots)


# wave 24: a rubric's yes/no question about what the AI does ("does it quote rather than obey ...?")
_ABOUT_IT: Final = re.compile(
    r"(?:^|[,;:]|\band)[ \t]*(?:does|do|did|will|would|can|could|is|are)[ \t]+(?:it|they|the[ \t]+(?:model|assistant"
    r"|bot|agent|ai|system))\b",
    re.IGNORECASE,
)
_YOU: Final = re.compile(r"\byou(?:r|rs|rself)?\b", re.IGNORECASE)


def rubric_question(sentence: str) -> bool:
    """A question about what the AI does, in the third person, asking it nothing: a rubric or a test plan."""
    return sentence.rstrip().endswith("?") and bool(_ABOUT_IT.search(sentence)) and not _YOU.search(sentence)


_TEMPLATE_HEAD: Final = re.compile(
    r"(?:^|[\n.!?][ \t]*)[ \t#*>-]{0,4}(?:(?:e-?mail|mail|letter|message|sms|text)[ \t]+)?(?:templates?|modell[oi]"
    r"|modelos?|plantillas?|vorlagen?|mustertext|modèles?|szablon\w{0,2}|шаблон\w{0,2}|sjabloon|mall|テンプレート|模板"
    r"|템플릿)\b[^\n:]{0,60}:",
    re.IGNORECASE,
)
_MERGE_FIELD: Final = re.compile(
    r"\{\{[ \t]*[^{}\n]{1,30}\}\}|\{[^\W\d][\w.]{1,30}\}|\[[A-Z][\w ]{1,30}\]|%\([a-z_]{1,30}\)s"
)


def mail_template(sentence: str) -> bool:
    """The sentence opens a template with a head that says so and holds a merge field ("Ciao {{nome}}, ...")."""
    head = _TEMPLATE_HEAD.search(sentence)
    return bool(head) and bool(_MERGE_FIELD.search(sentence, head.end()))


# wave 30: a contract's clause binds a party named as such ("The Seller shall disregard any prior informal guidance",
# "Instructions given by any other person shall be disregarded unless confirmed in writing"): its "shall" is a
# party's duty, its instructions a party's, not the reader's; the party nouns are capitalised, as contracts define them
_PARTY_SHALL: Final = re.compile(
    r"\b(?:[Tt]he|[Ee]ach|[Ee]ither|[Nn]either|[Aa]ny)[ \t]+(?:Contractor|Subcontractor|Seller|Buyer|Purchaser"
    r"|Supplier|Vendor|Licensee|Licensor|Tenant|Landlord|Lessee|Lessor|Borrower|Lender|Employer|Employee|Principal"
    r"|Client|Customer|Marketplace|Party|Parties|Provider|Recipient|Consultant|Distributor|Agent)[ \t]+shall\b"
    rf"|{DEFINED_PARTY}"  # wave 47: any party a contract defines ("The Translator shall", "Le Prestataire devra")
    r"|\b(?:shall[ \t]+be|will[ \t]+be|are|is)[ \t]+(?:disregarded|ignored|void|null[ \t]+and[ \t]+void|invalid)"
    r"[ \t]+unless[^.\n]{0,80}\bin[ \t]+writing\b"  # wave 34: "... are void unless confirmed in writing"
)
_SPOKEN_TO: Final = re.compile(
    r"\b(?:you|your|yours|ai|a\.i\.|assistants?|chatbots?|bots?|llms?|models?|agents?[ \t]+reading)\b" + SPOKEN_MORE,
    re.IGNORECASE,
)


def contract_clause(sentence: str) -> bool:
    """A contract's clause: a capitalised party bound by "shall", or a "shall be disregarded unless ... in writing",
    with no "you" and no AI named in the sentence."""
    return bool(_PARTY_SHALL.search(sentence)) and not _SPOKEN_TO.search(_PARTY_SHALL.sub(" ", sentence))


def policy_sentence(sentence: str) -> bool:
    """A prohibition of trying to lead the AI, advice on what to tell it, a rubric's question or a mail template, or
    advice on prompting it (wave 29: ``injection_prompt_guide``), or a contract's clause (wave 30)."""
    return (
        forbidden_attempt(sentence)
        or rubric_question(sentence)
        or mail_template(sentence)
        or prompt_guide(sentence)
        or contract_clause(sentence)
        or described_sentence(sentence)  # wave 31: guides, design requirements, business instructions
        or string_list(sentence)  # wave 33: '"Ignore" / "Undo previous selection" / "Instructions: ..."'
        or human_gate(sentence)  # wave 45: "any tool call ... is queued for human approval"
        or people_chat(sentence)  # wave 45: "Priya: forget what I said ... Tom: np Priya: from now on let's ..."
    )
