"""A party a contract defines, bound by its duty verb, for ``injection_policy_text.contract_clause`` (no I/O; wave 47).

Wave 30 listed the parties contracts name ("The Contractor shall", "The Seller shall"); a freelance agreement binds
"The Translator", a lease "The Guarantor", a services contract "Le Prestataire", "El Proveedor", "Il Fornitore",
"O Prestador", "Der Auftragnehmer". ``DEFINED_PARTY`` is the shape every such clause has: a determiner, a
capitalised party noun (contracts capitalise the parties they define) and the language's duty verb ("shall",
"agrees to", "undertakes to"; "s'engage à", "devra", "est tenu de"; "deberá", "se obliga a", "se compromete a";
"dovrà", "si impegna a", "è tenuto a"; "deverá", "obriga-se a", "compromete-se a"; "verpflichtet sich", "ist
verpflichtet"; "dient", "verbindt zich"). Such a clause's "disregard any earlier instructions" is a duty of that
party, not an order to the reader. It leaves: the reader's roles named as parties ("The Reader shall", "The User
shall", "The Assistant shall", "The Developer shall", "The Model shall", "The Summarizer shall", in English; the
non-English ones are ruled out by ``SPOKEN_MORE``, which ``contract_clause`` checks the rest of the sentence for),
and a lower-case noun ("the reader shall ...", "the system shall ...": requirements, not a party defined).
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFINED_PARTY", "SPOKEN_MORE"]

# English: not a role the reader plays (reader, user, developer, operator, a program's name for itself)
_NOT_READER: Final = (
    r"(?!(?:Read|Us|Develop|Operat|Summari[sz]|Pars|Process|Comput|Generat|Crawl|Index|Scann|Interpret|Transform"
    r"|Answer|Respond|Assist|Model|System|Admin|Moderat|Review)[a-z]{0,10}\b)"
)
DEFINED_PARTY: Final = (
    rf"\b(?:[Tt]he|[Ee]ach|[Ee]ither|[Nn]either|[Aa]ny)[ \t]+{_NOT_READER}[A-Z][a-z]{{2,20}}"
    r"(?:or|er|ee|ant|ent|ist|ian|ary)[ \t]+(?:shall|agrees[ \t]+to|undertakes[ \t]+to)\b"
    r"|\b(?:[Ll]e|[Ll]a|[Ll]['’])[ \t]*[A-ZÉ][a-zéèêàç]{2,20}[ \t]+(?:s['’]engage[ \t]+à|devra|est[ \t]+tenue?[ \t]+d)"
    r"|\b(?:[Ee]l|[Ll]a)[ \t]+[A-ZÁÉÍÓÚ][a-záéíóúñ]{2,20}[ \t]+(?:deberá|se[ \t]+obliga|se[ \t]+compromete)"
    r"|\b(?:[Ii]l|[Ll]o|[Ll]a|[Ll]['’])[ \t]*[A-Z][a-zàèéìòù]{2,20}[ \t]+(?:dovrà|si[ \t]+impegna|è[ \t]+tenut[oa])"
    r"|\b(?:O|A|[Oo]s|[Aa]s)[ \t]+[A-ZÁÉÍÓÚÇ][a-záéíóúçãõâêô]{2,20}[ \t]+(?:deverá|obriga-se|compromete-se)"
    r"|\b(?:[Dd]er|[Dd]ie)[ \t]+[A-ZÄÖÜ][a-zäöüß]{2,25}[ \t]+(?:verpflichtet[ \t]+sich|ist[ \t]+verpflichtet)"
    r"|\b(?:[Dd]e|[Hh]et)[ \t]+[A-Z][a-z]{2,20}[ \t]+(?:dient|verbindt[ \t]+zich)\b"
)
# the reader named in the other languages (the English names are in ``injection_policy_text._SPOKEN_TO``)
SPOKEN_MORE: Final = (
    r"|\b(?:ki|ia|ии|assistent\w{0,3}|asistente|assistente|modell\w{0,3}|modèles?|modelos?|modell[oi]|vous|usted"
    r"|sistema|système|systeem|leser|lecteur|lector|lettore|leitor|utilisateur|usuario|utente|nutzer|benutzer)\b"
)
