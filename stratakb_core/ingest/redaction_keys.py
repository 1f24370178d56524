"""Names of secrets: which keys, labels and headers hold one, in any casing and many languages (no I/O).

A key is snake-cased first (``clientSecret``, ``client-secret``, ``client.secret``,
``CLIENT_SECRET`` and ``Client Secret`` all become ``client_secret``), then judged by its last
part. ``is_secret_key`` is true for a name that always holds a secret (password, token, secret,
api key, private key, ... and the word for password in some twenty languages); ``is_weak_key``
for a name that holds one only when the value looks generated (``key``, ``sig``, ``auth``,
``sas``, ``stripe_key``; see ``redaction_values.looks_random``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from stratakb_core.ingest.redaction_public_ids import TICKET_PASS_RE

__all__ = [
    "PASSPHRASE_WORDS",
    "PASSWORD_WORDS",
    "calls_public",
    "is_qualified_secret",
    "is_setting_words",
    "is_secret_key",
    "is_secret_word",
    "is_weak_key",
    "snake",
]

# "password" in other languages, as labels ("Passwort:", "Mot de passe :", "Пароль:", "密码：", Turkish "ağ şifresi:")
PASSWORD_WORDS: Final = (
    r"passwort|kennwort|contrase[ñn]a|senha|wachtwoord|has[łl][oa]|mot_de_passe|l[öo]senord(?:et)?|salasana(?:n|si)?"
    r"|[şs]ifre(?:si|niz)?|[šs]ifra|parol[aă](?:s[ıi]|n[ıi]z)?|hesl[oa]|jelsz[óo]|jelszav(?:a|át|at)|adgangskode(?:n)?"
    r"|passord(?:et)?|kodeord(?:et)?|geslo|lozinka|parool|пароль|парола|κωδικ(?:ός|ό|ού)|συνθηματικό"
    # wave 25: Portugal's palavra-passe, the French abbreviation mdp (mot de passe)
    r"|palavra[_-]passe|mdp"
    # Irish and Scottish Gaelic, Welsh (wave 19)
    r"|pasfhocal|focal_faire|facal_faire|cyfrinair"
    # German compounds naming a password's use: Einmalpasswort, Initialkennwort, Startpasswort
    r"|(?:einmal|initial|start|erst|transport|zugangs)(?:passw[oö]rt|kennwort)"
    r"|kata_sandi|kata_laluan|contrasenya|contrasinal|slapta[žz]odis|wagwoord|nenosiri|lykilor[ðd]"
    r"|パスワード|密码|密碼|口令|비밀번호|암호|m[ậa]t_kh[ẩa]u|ה?סיסמ(?:[הא]|ת|אות)|(?:[وبل]|ول)?كلمة_(?:ال)?(?:مرور|سر)|पासवर्ड|รหัสผ่าน"
    # Persian, Urdu, Bengali, Tamil (and the definite or possessive forms above: passordet, jelszava, hasła)
    r"|رمز_عبور|رمز_ورود|گذرواژه|کلمه_(?:ی_)?عبور|پاس_ورڈ|পাসওয়ার্ড|கடவுச்சொல்"
    # Khmer, Lao, Burmese, Sinhala, Georgian, Armenian, Mongolian
    r"|ពាក្យ_?សម្ងាត់|លេខ_?សម្ងាត់|ລະຫັດ_?ຜ່ານ|စကားဝှက်|මුරපදය|პაროლი|գաղտնաբառ|нууц_үг"
    # wave 26: Albanian, Basque, Serbian and Macedonian Cyrillic, Azerbaijani, Kazakh, Uzbek, Estonian, Esperanto,
    # Japanese "PIN" (暗証番号)
    r"|fjal[ëe]kalim(?:i)?|pasahitz(?:a)?|лозинка|[şs]ifr[əe]|құпия_сөз|salas[õo]na|pasvorto|暗証番号"
    r"|nywila"  # wave 27: Swahili
    r"|sandi"  # wave 29: Indonesian "sandi" alone (kata sandi)
)
# "passphrase" in other languages: a word for "phrase" and one saying what it is for (phrase_de_chiffrement,
# frase_secreta, frase_di_accesso), or a compound (wachtwoordzin, lösenfras, парольная фраза)
PASSPHRASE_WORDS: Final = (
    r"(?:phrase|frase|fraza)_(?:(?:de|di|da|do|du|del|della|dello|de_la)_)?(?:secr[èe]te?|secreta|segreta|secretas?"
    r"|passe|contrase[ñn]a|senha|password|has[łl]a|chiffrement|chiffrage|cifrado|cifratura|crittografia|criptografia"
    r"|szyfrowania|d[ée]verrouillage|desbloqueo|sblocco|acc[eè]s|acceso|accesso|acesso|paso|dost[eę]pu"
    # a wallet's or a vault's recovery phrase (wave 24: frase de recuperación, phrase de récupération)
    r"|recuperaci[óo]n|r[ée]cup[ée]ration|recupero|recupera[çc][ãa]o|odzyskiwania|semilla|semente)"
    r"|(?:secret|encryption|recovery|seed|unlock|mnemonic|master)_phrase|wachtwoordzin|jelmondat(?:a|ot)?"
    # wave 46: a bank's "memorable phrase" or "memorable word", asked for beside the password at sign-in
    r"|memorable_(?:phrase|word|words|answer|information|info)"
    # wave 27: German compounds of "phrase" (Wiederherstellungsphrase, Entsperrphrase, Verschlüsselungsphrase)
    r"|(?:wiederherstellungs|entsperr|verschl[üu]sselungs|sicherungs)phrase"
    # wave 40: Finnish and Estonian compounds of "phrase" (salauslause, tunnuslause, palautuslause; paroolifraas)
    r"|(?:salaus|tunnus|palautus|salasana|avaus|turva)lause(?:en|e)?|(?:parooli|salasõna)fraas"
    # wave 26: Hungarian jelmondat, Norwegian/Danish passfrase, Czech heslová fráze, Ukrainian
    r"|passfrase(?:n)?|heslov[áa]_fr[áa]ze|парольна_фраза|frasa_sandi|l[öo]sen(?:ords)?fras(?:en)?|adgangsfrase|passordfrase|salalause|парольная_фраза|кодовая_фраза"
)
# "API key", "secret key" and "secret" in other languages, also transliterated as an identifier writes them
# (API_KLYUCH, api_schluessel, AWS_GEHEIMER_SCHLUESSEL, client_geheimnis, gizli_anahtarı; wave 24)
_KEY_WORD: Final = (
    r"(?:schl(?:[üu]|ue)ssel|sleutel|nyckel(?:n)?|n[øo]kkel(?:en)?|n[øo]gle(?:n)?|avain|klucz|kl[íi][čc]|"
    r"kl(?:y|j|i)u(?:ch|c)|ключ|anahtar(?:[ıi])?|kulcs(?:a)?|cheie(?:a)?|कुंजी)"
)
# wave 26: an access key as one compound (Zugriffsschlüssel, toegangssleutel, åtkomstnyckel, tilgangsnøkkel,
# adgangsnøgle, pääsyavain), also secret (GEHEIMER_ZUGRIFFSSCHLUESSEL); a client's secret run together (klantgeheim,
# Client-Geheimnis) and "secret" in the Nordic languages (hemlighet, hemmelighet, hemmelighed, salaisuus)
_ACCESS_COMPOUND: Final = r"(?:zugriffs|zugangs|toegangs|[åa]tkomst|tilgangs|adgangs|p[äa][äa]sy|eri[şs]im_)?"
_KEY_WORDS_ABROAD: Final = (
    r"api_" + _KEY_WORD + r"|(?:geheim(?:er|e|es)?|gizli|tajny|секретный|sekretn(?:yy|yj|yi)|hemlig|hemmelig"
    r"|salainen|गुप्त)_?" + _ACCESS_COMPOUND + _KEY_WORD + r"|geheimnis|(?:zugriffs|zugangs|toegangs|[åa]tkomst|tilgangs"
    r"|adgangs|p[äa][äa]sy|eri[şs]im_)" + _KEY_WORD + r"|(?:klant|client|klient|app|api|applicatie)_?geheim(?:nis)?"
    r"|(?:klient_?)?(?:hemlighet(?:en)?|hemmelighet(?:en)?|hemmelighed(?:en)?)|salaisuus|asiakassalaisuus"
    # wave 27: Malay and Indonesian "secret/API/access key", Arabic "the secret code" and "access code/token"
    r"|kunci_(?:rahasia|rahsia|api|akses|rahasia_api)|(?:ال)?رمز_(?:ال)?(?:سري|وصول)"
    # wave 46: the key word before "API" as Slavic and Romanian word order puts it (Ключ API, klucz API, cheia API)
    r"|" + _KEY_WORD + r"_api"
    # wave 46: a wireless network's key in German, Dutch and Nordic compounds (WPA2-Schlüssel, WLAN-Schlüssel,
    # wifi-sleutel, WLAN-nyckel) and French word order (clé WPA, clé Wi-Fi, clé réseau)
    r"|(?:wpa[23]?|wlan|wi_?fi|netzwerk|netwerk|n[äa]tverks|nettverks)_?" + _KEY_WORD
    + r"|cl[ée]_(?:wpa[23]?|wi_?fi|wifi|r[ée]seau|de_s[ée]curit[ée]_r[ée]seau)"
)
_SECRET_WORDS: Final = (
    PASSPHRASE_WORDS
    + r"|password|passwd|passphrase|passcode|pwd|pass|pw|token|secret|credentials?|api_?key|psk|secret_key_base|"
    r"kenncode|"  # wave 43: German for a meeting's passcode ("Meeting-ID: ... Kenncode: ...")
    r"(?:private|access|secret|signing|encryption|master|auth|account|license|client|app|consumer|hmac|session"
    r"|subscription|storage|shared|pre_shared|preshared|decryption|admin|root|bot|webhook|service|deploy|webapi|web_api"
    r"|security|sas|shared_access|function|master_api|write|read|ingest|management|wi_?fi|wlan|wpa2?|wireless)_key|"
    r"client_secret|secret_access_key|sas_token|jeton|segreto|secreto|segredo|sekret|geheim|clave|токен|секрет|טוקן|"
    r"tajemstv[íi](?:_kl[íi][čc]e)?|सीक्रेट|"
    r"διακριτικό|rahasia(?:_klien)?|rahsia|"  # wave 29: Greek "token", Indonesian and Malay "secret"
  # wave 25: Czech "secret", Hindi "secret" in Devanagari
    r"cl[ée]_api|cl[ée]_secr[èe]te|" + _KEY_WORDS_ABROAD + "|" + PASSWORD_WORDS
)
# the last part of a key, after snake-casing it; some words may also end a run-together key (CJK labels
# are written without spaces: 数据库密码, 管理者パスワード; so may "pass" after a few words in tools' flags:
# storepass, keypass, dbpass)
_KEY_END_RE: Final = re.compile(
    rf"(?:^|_)(?:{_SECRET_WORDS})$|(?:password|passwd|pwd|secret|token|apikey|passwort|kennwort|密码|密碼|パスワード|비밀번호"
    # Hungarian compounds: szervizjelszó, rendszergazdajelszava
    r"|jelsz[óo]|jelszav(?:a|át|at)"
    # wave 41: Dutch and Nordic compounds (hoofdwachtwoord, huvudlösenord, hovedpassord, pääsalasana)
    r"|wachtwoord|l[öo]senord(?:et)?|passord(?:et)?|adgangskode(?:n)?|kodeord(?:et)?|salasana(?:n)?"
    # "token", "secret" and "secret key" in CJK, run together with what they are for (アクセストークン, 访问令牌, 密钥)
    r"|トークン|シークレット|秘密鍵|令牌|密钥|秘钥|密鑰|토큰|시크릿|비밀키|apiキー|api_?키)$"
    r"|^(?:store|key|src|dest|new|old|db|admin|root|ftp|smtp|mail|proxy|vnc|ldap|bind|wifi|master|require)pass$"
    # daemons' run-together directives: redis requirepass / masterauth, slapd rootpw, nslcd bindpw
    r"|^(?:root|bind|admin|db|ldap|master)pw$|^masterauth$"
    # wave 27: a password's cleartext column beside its hash (password_plain, pwd_cleartext)
    r"|(?:password|passwd|pwd|clave|contrase[ñn]a|senha|passwort|kennwort|mot_de_passe)_(?:plain(?:text)?"
    r"|clear(?:text)?|texto_plano|en_clair|klartext|em_claro|in_chiaro)$"
)
# names that end in a secret word but are not one (api_key_id is not in this list: no match anyway)
_NOT_SECRET_KEYS: Final = frozenset({"bypass", "compass", "surpass", "overpass", "underpass"})
# a name that says the secret is absent ("connection string without password", sans_mot_de_passe, no_token)
_ABSENT_RE: Final = re.compile(
    r"(?:^|_)(?:without|no|not|zonder|ohne|kein|keine|geen|sans|sin|senza|sem|utan|uden|uten|bez|без|nessuna)_"
    # ... or that it names a secret kept elsewhere, as Helm charts' existingSecret / existing_password_secret do
    r"|(?:^|_)existing_|^from_"  # wave 29: a Helm value's fromSecret names the Secret it reads
)
# a setting about a secret named head first, as Romance languages do (duree_jeton, longueur_min_mot_de_passe,
# rotation_secret, politica_contrasena): its value is a number or a word, not the secret
_ABOUT_RE: Final = re.compile(
    r"^(?:dur[ée]e|duraci[óo]n|durata|dura[çc][ãa]o|dauer|duur|longueur|longitud|lunghezza|comprimento|l[äa]nge"
    r"|lengte|taille|tama[ñn]o|rotation|rotaci[óo]n|rotazione|rota[çc][ãa]o|expiration|expiraci[óo]n|scadenza"
    r"|caducidad|validit[ée]|validez|validit[àa]|validade|g[üu]ltigkeit|politique|pol[íi]tica|regle|r[èe]gle|regla"
    r"|regola|nombre|n[úu]mero|numero|d[ée]lai|plazo|historique|historial|complexit[ée]|complejidad|format|formato"
    r"|type|tipo|niveau|nivel|livello|fr[ée]quence|frecuencia|frequenza)_"
)
# ... and what secret words may lead, a qualifier after them (jeton_api, clave_secreta, token_acces)
_LEADING_SECRET_RE: Final = re.compile(
    r"(?:^|_)(?:password|passwd|pwd|token|secret|jeton|clave|chave|chiave|cl[ée]|schl[üu]ssel|klucz|токен|секрет|"
    + PASSWORD_WORDS
    + r")_"
)
# the short forms lead only with a word for the secret's form, age or place (pass_plain, pw_clear, as a tool names the
# cleartext beside an obscured copy; pass_new, pw_prod): "pass" alone also names a test's verdict (pass_rate,
# pass_count), a pass through (pass_through) or a ticket
_SHORT_LEADING_RE: Final = re.compile(
    r"(?:pass|pw)_(?:plain(?:text)?|clear(?:text)?|raw|enc(?:rypted)?|encoded|obscured?|b64|base64|new|old|current"
    r"|temp|tmp|initial|prod|production|staging|dev)"
)
_NOT_LEADING_RE: Final = re.compile(r"(?:^|_)(?:hash|hashed|digest|checksum|fingerprint|sha\d*|md5|crc\d*|salt)(?:_|$)")
# what a word after a secret's name makes a setting or a topic about it (password_policy, token_endpoint, "Passwort
# Richtlinie"), not a qualifier of the secret itself (mot_de_passe_provisoire, contraseña_temporal, token_prod)
_ABOUT_AFTER_RE: Final = re.compile(
    r"_(?:polic(?:y|ies)|length|len|size|min|max|minimum|maximum|reset|expiry|expires?|expiration|expired|hint|manager"
    r"|field|rules?|requirements?|strength|rotation|history|format|type|prompt|label|text|message|change|changed"
    r"|complexity|lifetime|age|ttl|timeout|validity|file|path|url|uri|endpoint|name|id|count|store|vault|provider"
    r"|env|var|variable|source|ref|reference|mode|method|scheme|version|required|enabled|disabled|flag|kind|header"
    # ... or says what type or shape of thing in code the name holds (token_pattern, Token.String, secret_color)
    r"|pattern|regexp?|re|string|str|bytes|int|char|chars|list|dict|map|array|class|object|obj|func|fn|callback"
    r"|handler|parser|color|colour|style|escape|symbol|prefix|suffix|separator|sep|delimiter|index|idx|class_name"
    r"|richtlinie|l[äa]nge|regeln?|politique|longueur|pol[íi]tica|longitud|regola|lunghezza)(?:_|$)"
)

# a key, a signature, an auth value: a secret when its value looks generated (not a bare "hmac": that names the
# MAC computed with a key, as a test vector prints it; hmac_key and hmac_secret are secrets' names)
# ("key" in Japanese and Korean runs together with what it is for: 本番キー, 배포키)
# (wave 20: also with the encoding its value is written in after it: key_b64, signing_key_hex)
_WEAK_END_RE: Final = re.compile(
    r"(?:^|_)(?:key|keys|sig|signature|auth|sas|creds?|access|apikey)(?:_(?:b64|base64|hex|b32|base32))?$|キー$|키$"
    r"|(?:^|_)app_cert(?:ificate)?$"  # wave 27: a real-time SDK's app certificate (APP_ID beside it)
    # wave 29: "key" alone in other languages (klíč, klucz, ключ, Schlüssel, sleutel, clé, clave, chiave, chave, kunci)
    r"|(?:^|_)(?:" + _KEY_WORD + r"|cl[ée]|clave|chiave|chave|llave|kunci)$"
)
# ... unless the name says what kind of non-secret key it is
_NOT_WEAK_RE: Final = re.compile(
    r"(?:^|_)(?:public|publishable|pub|primary|foreign|sort|partition|cache|idempotency|unique|lookup"
    r"|object|file|row|hash|gpg|pgp|ssh|host|kms|dedup|dedupe|composite|natural|surrogate|index|map|dict|hot"
    r"|group|join|shard|cluster|distribution|order|search|lang|locale|country|zip|postal|promo|coupon|discount"
    r"|status|error|http|response|exit|return|source|product|item|sku|area|websocket|web_socket|key_id"
    r"|reporter)_"  # wave 31: an iOS crash report's "CrashReporter Key", a device's anonymous id
)


def snake(key: str) -> str:
    """``clientSecret``, ``client-secret``, ``client.secret``, ``Client Secret`` -> ``client_secret``."""
    key = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key)
    return key.lower().replace("-", "_").replace(".", "_").replace(" ", "_")


# a token or a key that its name calls public, made to be shipped to browsers and apps (a map's public token, a
# payment form's publishable key; wave 24): its value looks generated, but it opens nothing
_PUBLIC_RE: Final = re.compile(r"(?:^|_)(?:public|publishable)_(?:api_)?(?:token|key)$")


# ... and "public" said of it in other languages, as a label's words: "Clave pública de Stripe", "clé publique",
# "öffentlicher Schlüssel", "chiave pubblica", "openbare sleutel", "klucz publiczny", "публичный ключ" (wave 25)
_PUBLIC_WORDS_RE: Final = re.compile(
    r"(?i:\b(?:public|publishable|p[úu]blic[ao]s?|publique|[öo]ffentlich(?:e[rsn]?)?|pubblic[ao]|openbare|publieke"
    r"|publiczn[ya]|ve[řr]ejn[ýáy]|offentlig|публичн(?:ый|ая)|открыт(?:ый|ая))\b"
    # wave 39: a label's remark saying its value is no secret ("Account SID (not secret):", "nicht geheim")
    r"|\b(?:not|non|nicht|kein|pas|no|niet|nie|ikke|inte)[ \t-]+(?:a[ \t]+|un[ \t]+|es[ \t]+)?(?:secret|geheim"
    r"|secreto|segreto|sekret|hemlig|hemmelig|confidential|vertraulich|sensitive|sensibel))|公開|공개"
)


def calls_public(words: str) -> bool:
    """Whether a label's words call its key or token public (see ``_PUBLIC_WORDS_RE``)."""
    return _PUBLIC_WORDS_RE.search(words) is not None


@lru_cache(maxsize=4096)
def is_secret_key(key: str) -> bool:
    """True for a name that holds a secret whatever its value looks like."""
    name = snake(key).strip("_:")
    if name in _NOT_SECRET_KEYS or _ABSENT_RE.search(name) or _ABOUT_RE.match(name) or _PUBLIC_RE.search(name):
        return False
    return bool(_KEY_END_RE.search(name)) and TICKET_PASS_RE.search(name) is None  # wave 40: "the annual pass"


# a request's signature header ending a name (X-Signature, X-Shop-Signature-256): a MAC computed per request, not the
# key it is computed with
_SIGNATURE_HEADER_RE: Final = re.compile(r"(?:^|_)x_(?:[a-z0-9]{1,20}_){0,3}signature(?:_\d{1,3})?$")


@lru_cache(maxsize=4096)
def is_weak_key(key: str) -> bool:
    """True for a name that holds a secret when its value looks generated (``key``, ``sig``, ``sas``)."""
    name = snake(key).strip("_:")
    if _ABSENT_RE.search(name) or _ABOUT_RE.match(name) or _SIGNATURE_HEADER_RE.search(name):
        return False
    if _SHORT_LEADING_RE.fullmatch(name):
        return True
    lead = _LEADING_SECRET_RE.search(name)
    if lead and name.count("_", 0, lead.start()) == 0 and name.count("_", lead.end()) <= 1:
        # a secret word and a short qualifier after it: jeton_api, token_acces, secret_prod, app_token_prod (not
        # token_to_atom_features, a name in code, nor token_id, secret_name: what names the secret, not the secret)
        return not _NOT_LEADING_RE.search(name) and not _ABOUT_AFTER_RE.search(name, lead.end() - 1)
    return bool(_WEAK_END_RE.search(name)) and not _NOT_WEAK_RE.search(name + "_")


@lru_cache(maxsize=4096)
def is_qualified_secret(key: str) -> bool:
    """A secret's name and a word or two qualifying it, as languages that put the adjective last write it
    (``mot de passe provisoire``, ``contraseña temporal``, ``Passwort neu``, ``token prod``), not a setting about
    the secret (``password_policy``, ``token_endpoint``): a password-shaped value beside it is the secret."""
    if "." in key:
        return False  # an attribute path in code (Token.String.Escape), not a label
    name = snake(key).strip("_:")
    if _SHORT_LEADING_RE.fullmatch(name):
        return True
    lead = _LEADING_SECRET_RE.match(name)
    if lead is None or not 0 < name.count("_", lead.end()) + 1 <= 2 or _ABSENT_RE.search(name):
        return False
    return not _NOT_LEADING_RE.search(name) and not _ABOUT_AFTER_RE.search(name, lead.end() - 1)


# a preposition or an article after a secret's name: what follows says what the secret opens ("token of the Finance
# Manager", "Passwort für den Admin-Bereich"), not a setting about it
_WHAT_IT_OPENS_RE: Final = re.compile(
    r"(?i)\s(?:of|for|to|on|at|the|für|von|zum|zur|der|den|des|de|du|del|della|la|le|al|au|aux|van|voor|för|till"
    r"|per|pour|para|dla|для)\s"
)


_SCHEME_FIRST_RE: Final = re.compile(r"_(?:hashing|params|parameters)(?:_|$)")


def is_setting_words(words: str) -> bool:
    """Whether the words after a secret's name make it a setting or a topic about the secret (``policy for admins``,
    ``hash of the admin``, ``Länge``) rather than say what the secret opens (``for the NAS``)."""
    head = _WHAT_IT_OPENS_RE.split(" " + words.strip() + " ", maxsplit=1)[0]  # "of the Finance Manager" opens
    name = "_" + snake(head.strip()).strip("_:")
    if _SCHEME_FIRST_RE.match(name) is not None:
        return True  # wave 36: "password hashing: m=65536, t=3" names the scheme's settings
    return _ABOUT_AFTER_RE.search(name) is not None or _NOT_LEADING_RE.search(name) is not None


def is_secret_word(word: str) -> bool:
    """True for a secret's name as a word of its own (password, Passwort, token, 비밀번호), not a made-up value that
    ends in one (newsecret, mypassword)."""
    return _SECRET_WORD_RE.fullmatch(snake(word)) is not None


_SECRET_WORD_RE: Final = re.compile(_SECRET_WORDS)
