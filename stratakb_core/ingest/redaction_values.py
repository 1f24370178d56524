"""Judging a value found beside a secret's name: a placeholder, code, a path, or a random token (no I/O).

``is_placeholder`` keeps what stands for a secret without being one (``<token>``, ``${VAR}``, ``#{Var}#``,
``xxx``, ``****``, ``changeme``, ``sk-...``, ``(ask ops)``, ``xoxp-your-user-token``, AWS's documented
``...EXAMPLE`` keys, paths to key files, references to a secret store such as ``@Microsoft.KeyVault(...)``,
``op://vault/item/field``, ``vault:secret/data/app#KEY``, an ARN, a mask of dots ``●●●●``, "change me" in other
languages: ``changez-moi``); ``is_other_field`` finds a value that is another field's ``name=value`` (``kid=...``);
``looks_random`` says whether a value has
the shape of a generated credential (long, letters and digits mixed, high entropy, not a UUID, hash
or version), which is what a weaker name (``key``, ``sig``, a URL query parameter, an ``X-...-Key``
header) needs beside it.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import pairwise
from typing import Final

from stratakb_core.ingest.redaction_change_me import CHANGE_VERBS, without_stray_closer
from stratakb_core.ingest.redaction_encoded_data import encodes_file
from stratakb_core.ingest.redaction_jose_headers import is_jose_header
from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_secret_key, is_secret_word, is_weak_key, snake
from stratakb_core.ingest.redaction_masked_slugs import masked_slug
from stratakb_core.ingest.redaction_public_ids import is_public_object_id

__all__ = [
    "CODE_RE",
    "MARKER_RE",
    "UUID_RE",
    "generated_for",
    "is_code",
    "is_code_in_sentence",
    "is_joined_passphrase",
    "is_other_field",
    "is_placeholder",
    "looks_chosen",
    "looks_like_password",
    "looks_like_secret",
    "looks_random",
    "remark_says_not_secret",
    "symbol_inside",
]

MARKER_RE: Final = re.compile(r"\[REDACTED_[A-Z_]+\]")

_PLACEHOLDER_WORDS: Final = frozenset(
    """
    changeme change_me changeit password passwd secret token redacted none null nil true false yes no on off
    required optional string str bool boolean int integer number bytes any object todo tbd placeholder example sample
    dummy hidden masked omitted undefined empty unset default env prompt value your_password your_token your_api_key
    your_secret mypassword secretref vault include same-origin omit auto basic bearer oauth oauth2 jwt
    flag option argument parameter switch replace_me replaceme
    changez-moi remplacez-moi cámbiame cambiame cambiami ändere-mich aendere-mich mude-me altere-me wijzig-mij
    zmień-mnie à-remplir a-remplir à-compléter a-completer ändra-mig byt-mig endre-meg bytt-meg ændr-mig skift-mig
    da-compilare da-cambiare a-preencher troque-me in-te-vullen a-rellenar por-definir bitte-ändern vaihda-minut
    sso saml ldap oidc kerberos mfa 2fa otp totp passkey yubikey keychain keepass 1password bitwarden lastpass
    test testing mock fake pass pwd n/a unknown dev
    нет нету keins kein keine ninguna ninguno nenhuma nenhum nessuna nessuno aucun aucune geen brak yok ingen
    unbekannt inconnu desconocido sconosciuto desconhecido
    oui non ja nein nee sí si sim não nao vrai faux wahr falsch verdadero falso vero
    demo exemple ejemplo beispiel esempio exemplo voorbeeld exempel eksempel esimerkki przykład przyklad příklad
    пример örnek ornek contoh 例 示例 例子 サンプル 예시 예제 fictif fictive ficticio ficticia fittizio fittizia
    fictício fictícia prueba teste essai platzhalter segnaposto muestra beispielwert
    """.split()
)
# the same words however their parts are joined: change-me, CHANGE_ME, replace.me, to-do
_SQUASH: Final = str.maketrans("", "", "-_. ")
_SQUASHED_WORDS: Final = frozenset(word.translate(_SQUASH) for word in _PLACEHOLDER_WORDS)
_PLACEHOLDER_RE: Final = re.compile(
    r"""^(?:
        <[^<>]*> | ＜[^＜＞]*＞ | 〈[^〈〉]*〉 | 《[^《》]*》  # also in full-width angle brackets: ＜パスワード＞
      | \[\[[^\]]*\]\] | \(\([^()]*\)\)      # a template's double brackets: [[vault:db/pw]], ((db_password))
      | (?:change|replace)[-_. ]?me(?:[-_. ][A-Za-z]+)+  # CHANGE-ME-BEFORE-DEPLOY, replace_me_in_prod
      | (?P<rep>\w)(?P=rep){7,}  # one character repeated: 0000000000000000, aaaaaaaa
      | \{\{\{[^}]*\}\}\} | <<[A-Za-z_][\w.-]*>>  # {{{password}}} (Mustache, unescaped), <<PASSWORD>>
      | (?P<wrap>[@!$%\#~^*+=|:]{1,3})[A-Za-z_][A-Za-z_.-]*(?P=wrap)  # @@PASSWORD@@, !!TOKEN!!, $$TOKEN$$
      | 0x[0-9A-Fa-f]{8,40}    # a key's id or an address (GPG 0x6B9D3A2F1C4E5A7B; a 0x private key is 64 digits)
      | (?:see|stored|kept|saved|ask|check|refer|managed|provided|injected|loaded|fetched|pulled|generated|via|from
         |in|siehe|voir|ver|vedi|zie|patrz|см|смотри|contact|lookup|look)\s.*\s.*  # a remark: "see 1Password: X"
      | \$\{[^}]*\}:? | \$\{\{[^}]*\}\} | \{\{[^}]*\}\} | \{[A-Za-z_][\w.-]*\}
      | \#\{[^{}]*\}\#?        # a release pipeline's token: Octopus #{Name}, Azure DevOps #{Name}#
      | __[A-Za-z][\w.-]*__ | @[A-Za-z][\w-]*(?:\.[\w-]+)+@  # __Name__ (tokenizers), Maven's @db.password@
      | %\([\w.-]+\)s | %[\w.-]+% | \$[A-Za-z_]\w* | \$\([^)]*\)
      | \$(?:env|script|global|local|private|using):[A-Za-z_][\w.]*  # PowerShell's $env:API_KEY, $using:pw
      | [*xX•●◦∙·⋅▪■∗✱.#?_-]{3,} | \[[^\]]*\] | ![A-Za-z][a-z]*(?:[A-Z][a-z]*)*\d{0,2} | [|>][-+]? | \.\.\.+ | …
      | \([^()]*\s[^()]*\) | \([^\W\d_]+\) | （[^（）]*）  # a remark in brackets: (in vault), (none), （金庫）
      | (?:your|my|the|some|insert|enter|put|replace)[_-].* | .*(?:_here|-here|here>)
      | \d*\*\d*(?-i:[A-Z][A-Z0-9-]*|[a-z][a-z0-9-]*)  # an ABNF rule: 1*VSCHAR, 1*pchar (one case, w37)
    )$""",
    re.VERBOSE | re.IGNORECASE,
)
# a token's prefix and words saying what goes there: xoxb-your-bot-token, sk_live_replace_with_your_key
_SLUG_WORDS_RE: Final = re.compile(r"[^\W\d_]+(?:[-_.][^\W\d_]+)+")
# a name that says it is no real value: change_me, test_key_do_not_use, not_a_real_token
_DO_NOT_USE_RE: Final = re.compile(r"change_me|do_not_use|not_a_real|not_real|dont_use")
_SLUG_MARKERS: Final = frozenset(
    "your yours insert enter replace paste placeholder dummy fake example sample here goes"
    # ... in other languages: CAMBIAR_ESTE_VALOR, remplacer-par-votre-cle, HIER_EINTRAGEN, inserisci_qui
    " cambiar cambiame reemplazar sustituir ingresar introducir aqui aquí tu ejemplo valor changer remplacer votre"
    " ici exemple valeur ändern aendern ersetzen eintragen hier dein ihr beispiel wert alterar substituir insira"
    " insecure"
    " aqui seu sua exemplo cambiare sostituire inserisci qui tuo tua tuoi vostro vostra esempio valore"
    # wave 24: Polish, Czech, Dutch, Swedish, Turkish, Russian (TWOJE_HASŁO, UW_WACHTWOORD, ВАШ_ПАРОЛЬ)
    " twoje twój twoj twoja wasze wpisz tutaj przykład przyklad vaše váš tvoje zde příklad uw jouw invullen voorbeeld"
    " vervangen ditt exempel sizin buraya örnek ваш ваша ваше твой твоя пример здесь введите замените".split()
) | CHANGE_VERBS  # wave 40: "change / replace / fill in" in more languages (BYT_UT_MIG, VERVANG_MIJ)
# a secret's name with the path it is kept under (prod/payments/api-key): lower-case words between slashes
_SECRET_PATH_RE: Final = re.compile(r"[a-z][a-z-]*[a-z](?:/[a-z][a-z_-]*[a-z])+")
# a masked or elided part inside a value: sk-...., ghp_xxxxxxxxxxxx, AKIA****************
# words only (any script, up to four, a label's colon or question mark after them): with a secret's name at the end
# (Passwort, Nytt lösenord, Confirmar contraseña, 비밀번호, Access token:) the value is a label naming the secret,
# as in a translation file, not the secret itself
_WORDS_RE: Final = re.compile(r"[^\W\d_]+(?:[ -][^\W\d_]+){0,3}[ \t]*[:：?？…]?")
_ELIDED_RE: Final = re.compile(r"\.{3}|…|\*{3}|[•●]{3}|[xX]{4}|<[^<>]{1,40}>|\$\{")
CODE_RE: Final = re.compile(
    r"^(?:[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)+|[\w.]*\(.*|[\w.]+\[.*|(?:os|env|process|config|settings|self)\b.*)$"
)
# a password that one dot joins reads like an attribute path: a word and a number (Maple.fjord6353, Ember2020.PIX),
# not a type's or an algorithm's name with its size (np.float128, hashlib.sha256), or letters and digits mixed at
# random (Qa7x._kLmPr4T: a name in code changes between letters and digits, or to upper case, at its words' edges)
# wave 29: capitalised words and a number, dotted (Solar.Flare.X9, Watch.Orchid.88): a chosen password
_TITLED_DOTS_RE: Final = re.compile(r"(?:[A-Z][a-z]{2,}\.){2,3}(?:[A-Z]?\d{1,4}|[A-Z][a-z]{2,}\d{1,4})")
_CODE_HEAD_RE: Final = re.compile(r"(?:os|env|process|config|settings|self)\b")
# wave 30: two capitalised words with a digit among them (Remind3r.Mail, TurnoB.Chancado9): a chosen password
# (a digit inside a word or a capital ending one: Config.Secret2 stays an attribute)
_CAPITAL_PARTS_RE: Final = re.compile(
    r"(?=[^\d]*\d)(?=.*(?:[a-z]\d[a-z]|[a-z][A-Z]\.))[A-Z][a-z][A-Za-z\d]{2,18}\.[A-Z][a-z][A-Za-z\d]{1,18}"
)
_WORD_NUMBER_RE: Final = re.compile(r"_*[A-Za-z]{3,}\d{3,}")
_WORD_DIGITS_END_RE: Final = re.compile(r"[A-Za-z]{3,}\d{1,4}")
_LOWER_WORD_DIGITS_RE: Final = re.compile(r"[^\W\d_]{3,}_?[1-9]\d{1,3}")  # not a numbered name: vault01
_SIZED_NAME_RE: Final = re.compile(
    r"(?i:_*(?:u?int|float|bfloat|complex|decimal|bytes|sha|aes|poly|chacha|salsa|win|iso|utf|ucs|latin|secp|ripemd"
    r"|keccak|blake|crc|rsa|curve|ascii)\d+)"
)


def _class_switches(value: str) -> int:
    """How often a value changes between small letters, capitals and digits, not counting a capital starting a word."""
    kinds = ["d" if c.isdigit() else "u" if c.isupper() else "l" for c in value if c.isascii() and c.isalnum()]
    return sum(a != b and (a, b) != ("u", "l") for a, b in pairwise(kinds))


# wave 36: a log's field naming an address ("ip=192.0.2.14", "src=10.0.0.5:22"), not a password after "method=password"
_ADDRESS_FIELD_RE: Final = re.compile(r"[a-z_]{1,16}=\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?")


def is_code(value: str) -> bool:
    """Code or a reference to where the value is (``os.environ[...]``, ``getpass()``, ``config.db_password``,
    ``Settings.API_KEY``), not a password that a dot joins (``Maple.fjord6353``, ``Ember2020.PIX``)."""
    if _ADDRESS_FIELD_RE.fullmatch(value) is not None:
        return True
    if CODE_RE.match(value) is None or _TITLED_DOTS_RE.fullmatch(value) or _CAPITAL_PARTS_RE.fullmatch(value):
        return False
    parts = value.split(".")
    if len(parts) != 2 or "(" in value or "[" in value or _CODE_HEAD_RE.match(value):
        return True
    numbered = any(_WORD_NUMBER_RE.fullmatch(p) and not _SIZED_NAME_RE.fullmatch(p) for p in parts)
    return not numbered and not _word_dot_word_number(parts) and _class_switches(value) < 4


def _word_dot_word_number(parts: list[str]) -> bool:
    """A capitalised word, a dot, a word and a number (Quartz.pine44, Quartz.Pine44): a chosen password, not a
    class's attribute."""
    head, last = parts
    capitalised = head[:1].isupper() and head[1:].islower() and head.isalpha() and len(head) >= 3
    if not capitalised or _LOWER_WORD_DIGITS_RE.fullmatch(last) is None or _SIZED_NAME_RE.fullmatch(last):
        return False
    word = last.rstrip("0123456789")
    if word.endswith("_"):  # wave 36: Gunes.Surucu_24, the word capitalised (an attribute's name is not)
        return word[:1].isupper() and word[1:-1].islower()
    return word.islower() or (word[:1].isupper() and word[1:].islower())


# in a sentence ("the password is Maple.harbor78") a dotted value ending in a word and a number, or changing case
# three times (copp.HKvBeacon8), is a password: code's attribute paths are named in sentences rarely, and then with
# a head (config., self.), a call or a subscript


def is_code_in_sentence(value: str) -> bool:
    """``is_code`` for a value a sentence gives after a secret's name and a copula or particle."""
    if not is_code(value):
        return False
    parts = value.split(".")
    if len(parts) != 2 or "(" in value or "[" in value or _CODE_HEAD_RE.match(value):
        return True
    if _SIZED_NAME_RE.fullmatch(parts[1]):
        return True
    return not (_WORD_DIGITS_END_RE.fullmatch(parts[1]) or _class_switches(value) >= 3)


_FILE_RE: Final = re.compile(
    r"^(?:~?/|\.{1,2}/|[A-Za-z]:\\|file://|https?://).*|.*\.(?:pem|key|crt|cer|p12|pfx|jks|keystore|json|ya?ml|txt|env|gpg|asc)$",
    re.IGNORECASE,
)
# a base64 key may start with a slash (a cloud secret key: 40 characters of A-Z, a-z, 0-9, + and /)
_B64_RE: Final = re.compile(r"[A-Za-z0-9+/]{30,}={0,2}")


def _slashed_key(value: str) -> bool:
    """A base64 key that looks like a path (``/Xk2...``): a part between its slashes is no name but 20 or more
    characters of both letter cases and digits, as a generated key has and a path's folders do not."""
    if not _B64_RE.fullmatch(value):
        return False
    return any(
        len(part) >= 20 and part.lower() != part and part.upper() != part and any(c.isdigit() for c in part)
        for part in value.split("/")
    )


# a reference to a secret store, resolved at run time: the value names where the secret is, not the secret
_REFERENCE_RE: Final = re.compile(
    r"""^(?:
        @Microsoft\.KeyVault\(.*\)                                   # Azure App Service Key Vault reference
      | (?:op|vault|akv|azurekeyvault|keyvault|secretsmanager|awssecretsmanager|ssm|sm|gsm|gcpsm|sops|doppler
          |infisical|bws|conjur|ref\+[a-z0-9]+)://\S+                 # 1Password, vals, Spring Cloud, ... URIs
      | vault:[\w./-]+\#[\w.-]+                                       # bank-vaults: vault:secret/data/app#KEY
      | arn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:\S+                    # an ARN names a resource (a secret's too)
      | projects/[\w.-]+/secrets/[\w.-]+(?:/versions/[\w.-]+)?       # GCP Secret Manager resource name
    )$""",
    re.VERBOSE | re.IGNORECASE,
)


# wave 29: words saying where the value is kept ("see vault", "in the team vault", "siehe Tresor"), a key's fingerprint
# ("SHA256:s7+LTI...", one-way, printed to be compared), a value with a comment after it
_POINTER_VALUE_RE: Final = re.compile(
    r"(?i:(?:see|in|ask|check|stored[ \t]+in|kept[ \t]+in|siehe|im|voir|dans|ver|en|vedi|nel|zie|in[ \t]+de)[ \t]+"
    r"(?:the[ \t]+|le[ \t]+|la[ \t]+|el[ \t]+|den[ \t]+|die[ \t]+|il[ \t]+|our[ \t]+)?(?:team[ \t]+|shared[ \t]+)?"
    r"(?:vault|keepass|1password|bitwarden|lastpass|password[ \t]+manager|tresor|coffre|kluis|envelope|keychain)\b)"
)
_FINGERPRINT_RE: Final = re.compile(r"(?:SHA256|SHA1|SHA384|SHA512|MD5):[A-Za-z0-9+/:=]{16,}")
_COMMENTED_RE: Final = re.compile(r"(\S+)[ \t]+#(?:[ \t].*)?")


def is_placeholder(value: str) -> bool:
    """True for a value that stands for a secret without being one (see ``redaction``'s docstring)."""
    v = value.strip().strip("\"'`")
    if len(v) < 3 or MARKER_RE.search(v) or _POINTER_VALUE_RE.match(v) or _FINGERPRINT_RE.fullmatch(v):
        return True
    if (comment := _COMMENTED_RE.fullmatch(v)) is not None:  # wave 29: "CHANGEME   # set these elsewhere"
        v = comment.group(1)
    low = v.lower()
    if low in _PLACEHOLDER_WORDS or low.rstrip("!.") in _PLACEHOLDER_WORDS:
        return True
    if low.rstrip("!.").translate(_SQUASH) in _SQUASHED_WORDS:
        return True
    if _PLACEHOLDER_RE.match(v) or (_FILE_RE.match(v) and not _slashed_key(v)):
        return True
    if _ELIDED_RE.search(v) or _REFERENCE_RE.match(v) or _SECRET_PATH_RE.fullmatch(v):
        return True
    if _SLUG_WORDS_RE.fullmatch(v):
        if not _SLUG_MARKERS.isdisjoint(re.split(r"[-_.]", low)) or _DO_NOT_USE_RE.search(snake(low)):
            return True
        if masked_slug(re.split(r"[-_.]", v)):  # wave 39: xoxb-REDACTED, ghp_masked (not Masked-Ball-Night)
            return True
    if _CRYPT_HASH_RE.match(v):  # a stored hash, "$2b$12$...", "$argon2id$v=19$...": one-way, no password
        return True
    if v.endswith(("EXAMPLE", "EXAMPLEKEY")) or _EXAMPLE_KEY_ID_RE.match(v):  # AWS documentation's example keys
        return True
    if _COLON_HEX_RE.fullmatch(v):  # a fingerprint or a serial in pairs (ab:12:...), no secret is written so
        return True
    if _CJK_ONLY_RE.fullmatch(v) or _marker_words(low) or is_jose_header(v) or encodes_file(v):  # w39-40: a JWT's
        return True  # header alone, base64 of a file (a GIF, a PDF)
    if is_public_object_id(v):  # wave 40: price_1Mo..., acct_..., a payment platform's object id
        return True
    if (inner := without_stray_closer(v)) != v:  # wave 40: "(password=[REDACTED])" read to its bracket
        return is_placeholder(inner)
    return _WORDS_RE.fullmatch(v) is not None and _names_a_secret(v.rstrip(" \t:：?？…"))


# an AWS key id that is "EXAMPLE" padded with one character to its length (AKIAEXAMPLE000000000): a placeholder
_EXAMPLE_KEY_ID_RE: Final = re.compile(r"(?:AKIA|ASIA|ABIA|ACCA)EXAMPLE(?P<pad>[0X])(?P=pad)*$")
# an MD5, SHA-1 or SHA-256 fingerprint, a certificate's serial: sixteen hex pairs or more joined by colons
_COLON_HEX_RE: Final = re.compile(r"[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){15,63}")
_CRYPT_HASH_RE: Final = re.compile(
    r"\$(?:2[abxy]?|1|5|6|y|gy|7|argon2(?:id|i|d)|pbkdf2(?:-sha\d+)?|scrypt|sha\d+|apr1)\$[\w./$=,+-]{8,}$"
)
# a value in CJK letters alone is a remark ("管理者に確認", "未設定", "관리자문의"): passwords are typed in ASCII
_CJK_ONLY_RE: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef、。・ー]+")
# an example's value made of marker words, a secret's name and digits: dummy123, test_key_123, example-password,
# clave-de-ejemplo (a marker word among other words is a chosen password: Demo-Falcon-19, Test!Rugbrod-42)
_MARKERS: Final = frozenset(
    "dummy fake example sample test tests testing demo mock placeholder exemple ejemplo beispiel esempio exemplo"
    " voorbeeld"
    " fictif fictive ficticio ficticia fittizio prueba teste".split()
)
_MARKER_FILLERS: Final = _MARKERS | frozenset(
    "key api token password pass pwd secret value for tests the a my your de la le di del da do du des valeur"
    " valor wert clave cle clé chave chiave geheimnis passwort contrasena contraseña senha mot passe".split()
)
_PARTS_RE: Final = re.compile(r"[^\W\d_]+|\d+|[-_. ]")


def _marker_words(low: str) -> bool:
    """dummy123, test_key_123, example-password: marker words, a secret's name and digits only."""
    parts = _PARTS_RE.findall(low)
    if "".join(parts) != low:
        return False  # another character (a symbol): a chosen password
    words = [p for p in parts if p[0].isalpha()]
    return bool(words) and not _MARKERS.isdisjoint(words) and all(w in _MARKER_FILLERS for w in words)


# a remark after a value saying it is no secret: "# account id, public", "// md5 of the file", "(example only)"
_NOT_SECRET_REMARK_RE: Final = re.compile(
    r"[ \t]*(?:#|//|<!--|\()[^\n]*?(?<![\w.-])(?i:public[ _-]key|publishable|not\s+(?:a\s+)?secret|non-?secret"
    r"|(?:example|sample|exemple|ejemplo|esempio|exemplo|beispiel|voorbeeld)(?!\.)"
    r"|dummy|fake|placeholder|documentation|test[ _-]vectors?|md5|sha-?\d*|checksum|fingerprint|digest|identifier"
    # wave 33: the value shown is masked, the remark's last word ("api_key=****b9d5 (masked)"; not "masked in the UI")
    r"|(?:masked|maskiert|masqu[ée]e?|enmascarad[ao]|mascherat[ao]|gemaskeerd)(?=[ \t.]*(?:\)|-->|\r?\n|$))"
    r"|(?:account|user|client|app|tenant|project|object|request|key)[ _-]id|hash(?![ \t]+(?:it|them|before)\b)"
    # wave 32: the secret itself is elsewhere ("(the signing secret itself is in the vault)", "lui-même", "selbst")
    r"|(?:secret|key|password|token|cl[ée]|secreto|clave|geheimnis|schl[üu]ssel|segreto|chiave)[ \t]+"
    r"(?:itself|lui-m[êe]me|elle-m[êe]me|en[ \t]+s[íi]|selbst|stesso|stessa))(?![\w-])"
)


# a value that is itself a field and its value: "Key ID used to sign the token: kid=2026-11-a" gives the key's id
_FIELD_VALUE_RE: Final = re.compile(r"(?P<name>[A-Za-z][\w.-]{0,31})=(?=[^=\s])[^\s=]{1,256}")


# wave 33: a word joining a list of empty names, "fill in API_KEY=, SMTP_PASSWORD= and SOURCE_PASSWORD= with ...":
# no value at all (and, or, with, und, oder, et, ou, y, e, en, of, och, og, eller, lub, или)
_JOINING_WORD_RE: Final = re.compile(r"and|or|with|then|und|oder|mit|et|ou|avec|y|con|ed|en|of|och|og|eller|lub|или|и")


def is_other_field(value: str) -> bool:
    """A ``name=value`` whose name holds no secret (``kid=...``, ``alg=RS256``): that field's value, not the secret;
    also a word joining a list of names (``A=, B= and C=``, wave 33)."""
    if _JOINING_WORD_RE.fullmatch(value) is not None:
        return True
    m = _FIELD_VALUE_RE.fullmatch(value.strip("\"'`"))
    return m is not None and not is_secret_key(m.group("name")) and not is_weak_key(m.group("name"))


def remark_says_not_secret(tail: str) -> bool:
    """Whether a comment after a value calls it public, an id, an example, a fake or a hash."""
    return _NOT_SECRET_REMARK_RE.match(tail) is not None


def _names_a_secret(words: str) -> bool:
    """Words naming a secret, as a label does: written as words (no camelCase, ``pyDictPw`` is a value), ending in a
    secret's own name or starting with it and a qualifier (``Mot de passe actuel``). Abbreviations (pw, pass) and
    the English "secret" end made-up passwords too ("quoted redis pw", "top secret"), and so do run-together words
    in Latin letters (``newsecret``)."""
    parts = re.split(r"[ -]", words)
    if any(p[1:] != p[1:].lower() and not p.isupper() for p in parts):  # API-Schlüssel, not pyDictPw
        return False
    first, last = parts[0].lower(), parts[-1].lower()
    if last == "key" and 1 < len(parts) <= 3:
        return is_secret_key(words)  # "API key", "Secret access key": a key's name in words, as a screen labels it
    if last in _NOT_LABEL_WORDS:
        return False
    if is_qualified_secret(words):
        return first not in _NOT_LABEL_WORDS
    if last.isascii() and not any(is_secret_word(" ".join(parts[i:])) for i in range(len(parts))):
        return False  # (the name may have words of its own: Mot de passe, kata sandi)
    return is_secret_key(words)


_NOT_LABEL_WORDS: Final = frozenset({"pw", "pwd", "pass", "passwd", "psk", "pin", "key", "secret", "secrets"})
_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9+/=_.~%-]{16,512}")
# a UUID (any case): an identifier's shape, shared by the finders that keep one
UUID_RE: Final = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
# names and code, not values: vault.kv.read_secret_version, base64-value-non-empty
_IDENTIFIER_RE: Final = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[a-z]+(?:[._-][a-z0-9]+){2,}")
_VERSION_RE: Final = re.compile(r"v?\d+(?:[._-]\d+)+(?:[._-]?[A-Za-z]+\d*)?")


# wave 23: an API key header whose value is a UUID (some services issue their keys so: X-Dataverse-Key, X-Api-Token),
# not an id's header (X-Request-Id) nor a key that only makes a request unique (Idempotency-Key)
_KEY_HEADER_RE: Final = re.compile(r"(?i)(?:x-(?:[a-z0-9]{1,20}-){0,3}(?:api-?)?(?:key|token)|api-key|api-token)")
_NOT_KEY_HEADER_RE: Final = re.compile(r"(?i)idempoten|request|correlation|trace|cache|public|routing|dedup")


def generated_for(key: str, value: str) -> bool:
    """A generated value beside a weak key's name (``looks_random``), or (wave 23) a UUID in an API key's header
    (``X-Dataverse-Key: <uuid>``): the key itself there, where a UUID is otherwise an id."""
    if looks_random(value) or _printable_random(value):
        return True
    return bool(_KEY_HEADER_RE.fullmatch(key) and UUID_RE.fullmatch(value) and not _NOT_KEY_HEADER_RE.search(key))


# wave 29: a device's local key of 16+ printable characters, all four classes (Tuya's "[YKh+pOvB([J^^d2")
_PRINTABLE_RE: Final = re.compile(r"(?=[!-~]*[a-z])(?=[!-~]*[A-Z])(?=[!-~]*\d)(?=[!-~]*[^\w\s])[!-~]{16,64}")


def _printable_random(value: str) -> bool:
    if _PRINTABLE_RE.fullmatch(value) is None or "://" in value or "()" in value or value[0] in "${<":
        return False
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values()) >= 3.5


def looks_random(value: str) -> bool:
    """A generated credential's shape: 16+ token characters, letters and digits, high entropy.

    UUIDs and versions are ids, not keys. A hex digest passes: beside a secret's name (``sig=``,
    ``key:``) it is an HMAC or an API key; checksums and commit ids carry names of their own.
    """
    if not _TOKEN_RE.fullmatch(value) or UUID_RE.fullmatch(value) or _VERSION_RE.fullmatch(value):
        return False
    if _IDENTIFIER_RE.fullmatch(value):
        return False
    if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)):
        return _random_letters(value)
    counts = Counter(value)
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= 3.0


def _random_letters(value: str) -> bool:
    """Wave 33: a generated token of letters only (32+, both cases, ``pATHinfBgTGoRKnE...``): the case changes every
    two or three letters and vowels are rare, where a CamelCase name changes case once a word and reads as words."""
    if len(value) < 32 or not value.isalpha() or not value.isascii() or value.islower() or value.isupper():
        return False
    switches = sum(a.islower() != b.islower() for a, b in zip(value, value[1:], strict=False))
    vowels = sum(c in "aeiouAEIOU" for c in value)
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in Counter(value).values())
    return switches * 3 >= len(value) and vowels * 4 <= len(value) and entropy >= 4.0


# one word holding digits, letters and a symbol or both cases: Rep0rts#Net, not "Hello World 2"
_PASSWORDISH_RE: Final = re.compile(
    r"(?=\S*\d)(?=\S*[A-Za-z])(?=\S*[^\sA-Za-z0-9]|\S*[A-Z]\S*[a-z]|\S*[a-z]\S*[A-Z])\S+$"
)


def _latin_cased(value: str) -> str:
    """``value`` with each cased letter of another alphabet as a Latin one of its case (wave 24: Снегирь-Зима42 is
    judged as Aaaaaaa-Aaaa42; uncased scripts such as Hangul or Han stay, so they never pass as letters)."""
    if value.isascii():
        return value
    return "".join(("A" if c.isupper() else "a") if not c.isascii() and c.isalpha() and c.upper() != c.lower()
                   else c for c in value)  # fmt: skip


def looks_like_password(value: str) -> bool:
    """A chosen password's shape: one word with digits, letters and a symbol or both cases (``Rep0rts#Net``), in any
    cased alphabet."""
    return _PASSWORDISH_RE.match(_latin_cased(value)) is not None


_STRONG_SYMBOL_RE: Final = re.compile(r"[!#$%&*+=?@~^]")
_LEET_RE: Final = re.compile(r"[A-Za-z]\d+[A-Za-z]")
# names of algorithms and encodings look like passwords: SHA-256, Argon2id, AES-128, UTF-8
_ALGORITHM_RE: Final = re.compile(
    r"(?i:sha-?\d|md5|bcrypt|argon2|pbkdf2|scrypt|blake[23]|[xe]25519|aes-?\d|rsa-?\d|utf-?\d)"
)
_NUMERONYM_RE: Final = re.compile(r"[a-z]\d{1,2}[a-z]")  # i18n, l10n, a11y, k8s


def looks_chosen(value: str) -> bool:
    """A password as prose gives one, stricter than ``looks_like_password``: besides digits and letters
    a symbol such as ``!#$%`` or a digit inside a word of four or more characters (``F1nance``, ``D1sk``;
    numeronyms such as ``i18n`` aside), so a name with a version (``GitHub-OAuth2``, ``GPT-4o``,
    ``K8s-native``, ``SHA-256``) is not one."""
    if not looks_like_password(value) or _ALGORITHM_RE.search(value):
        return False
    if _STRONG_SYMBOL_RE.search(value):
        return True
    parts = re.split(r"[-._/]", value)
    return any(len(part) >= 4 and _LEET_RE.search(part) and not _NUMERONYM_RE.fullmatch(part) for part in parts)


def looks_like_secret(value: str) -> bool:
    """A password's or a generated token's shape, not an algorithm's name or a version (``SHA-256``, ``v1.2.3``)."""
    if looks_random(value):
        return True
    return looks_like_password(value) and not _ALGORITHM_RE.search(value) and not _VERSION_RE.fullmatch(value)


_INNER_SYMBOL_RE: Final = re.compile(r"[A-Za-z0-9][!#$%&*+=?~^][A-Za-z0-9]")


def symbol_inside(value: str) -> bool:
    """Eight characters or more with a strong symbol between two letters or digits (``Graf!Admin-Cerise``,
    ``Firma-Wifi#Brno``): chosen, even without a digit, where the words around it name a password."""
    return len(value) >= 8 and _INNER_SYMBOL_RE.search(value) is not None and not is_placeholder(value)


# four to eight lower-case words joined by dashes, dots or underscores, as a passphrase generator writes them
# (wave 23: three words and a number too, "amber-quay-lantern-42")
_JOINED_WORDS_RE: Final = re.compile(
    r"[a-z]{3,12}(?:([-_.])[a-z]{3,12}(?:\1[a-z]{3,12}){2,6}|([-_.])[a-z]{3,12}(?:\2[a-z]{3,12}){1,6}\2\d{1,4})"
)
# ... not a remark saying where the value is kept
_REMARK_WORDS: Final = frozenset(
    "see ask the and for our your stored vault entry file manager same usual team lead".split()
)


def is_joined_passphrase(value: str) -> bool:
    """A passphrase's shape after its name: "correct-quill-battery-sonnet" (not "see-the-vault-entry")."""
    if _JOINED_WORDS_RE.fullmatch(value) is None:
        return False
    return _REMARK_WORDS.isdisjoint(re.split(r"[-_.]", value))
