"""An admin's, a server's or a private key named key-first, in Arabic, Persian, Hebrew, Greek and Slavic word order
(wave 49, no I/O).

English writes "admin key" and "server key", so the label ends in a secret's name and the label finders judge it.
Arabic, Persian, Hebrew and Greek put the word for "key" first and what it is for after it ("مفتاح الإدارة",
"کلید مدیریت", "מפתח הניהול", "κλειδί διαχείρισης"), as Russian, Ukrainian, Polish and Czech do with a genitive
("ключ администратора", "klucz serwera"), so the label ends in a word that names no secret. Found: a generated value
(``redaction_values.looks_random``: sixteen token characters or more, one word; a 32-character hex admin key counts)
after such a label and a colon, when the word right after "key" says what makes the key secret: an admin's,
a server's, a private, a secret, an access or a master key, or an API's key ("مفتاح API"). A remark may follow
before the colon ("مفتاح الإدارة لبحث الفنادق: X").

Kept: "key" alone or with any other word after it (a room's key, a cache's key: "مفتاح الغرفة", "ключ кэша"); a label
calling the key public or naming its id, hash, fingerprint or an example ("مفتاح الإدارة العام", "מזהה מפתח הניהול",
"ключ администратора (пример)"); a value that is not generated (a UUID, a word, "see the vault").
Why: the key word with an admin's or a server's word after it names what the English label finders already take as
a secret; requiring that word leaves the many ordinary keys (rooms, caches, maps) alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["key_first_name_spans"]

_Found = tuple[int, int, str]

# the word for "key", then the word saying whose or what kind of key it is (an article or a prefix attached)
_KEY_FIRST: Final = (
    r"(?:(?:ال)?مفتاح[ \t]+(?:ال)?(?:إدارة|ادارة|مشرف|مدير|خادم|سري|سرية|وصول|خاص|خاصة|رئيسي|كتابة|API)"
    r"|کلید[ \t]+(?:مدیریت|مدیر|سرور|مخفی|محرمانه|دسترسی|خصوصی|اصلی|API)"
    r"|ה?מפתח[ \t]+ה?(?:ניהול|מנהל|שרת|סודי|גישה|פרטי|ראשי|API)"
    r"|(?i:κλειδί|κλειδι)[ \t]+(?i:διαχείρισης|διαχειριστή|διακομιστή|πρόσβασης|μυστικό|ιδιωτικό|API)"
    r"|(?i:ключ(?:а)?|klucz(?:a)?|kl[íi][čc])[ \t]+(?i:администратора|адміністратора|админа|сервера|серверный"
    r"|administratora|serwera|spr[áa]vce|serveru))"
)
_KEY_FIRST_RE: Final = re.compile(
    r"(?<![^\W\d_])" + _KEY_FIRST + r"(?![^\W\d_])(?P<r>[^\n:：]{0,80})[:：][ \t]*[«“\"'`]?"
    r"(?P<v>[A-Za-z0-9_\-+/=.]{16,200})(?=[»”\"'`]?[ \t]*(?:[.,;)]?[ \t]*$|[.,;)]?\s))",
    re.MULTILINE,
)
# words calling the key public, or the value its id, hash, fingerprint or an example (the label before the colon)
_NOT_SECRET_RE: Final = re.compile(
    r"(?i)(?:ال)?(?:عام|عمومي|معرف|بصمة|تجزئة|هاش|مثال)|عمومی|شناسه|اثر[ \t]+انگشت|نمونه|מזהה|ציבורי|טביעת|דוגמ"
    r"|δημόσι|αναγνωριστικ|αποτύπωμα|παράδειγμα|публичн|открыт|публічн|відкрит|идентификатор|ідентифікатор|отпечат"
    r"|хеш|хэш|пример|приклад|publiczn|identyfikator|przyk[łl]ad|ve[řr]ejn|p[řr][íi]klad|public|example|hash|\bid\b"
)
_GATE: Final = ("مفتاح", "کلید", "מפתח", "λειδ", "ключ", "Ключ", "КЛЮЧ", "lucz", "LUCZ", "líč", "LÍČ", "lič", "Klic")


def key_first_name_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(word in text for word in _GATE):
        return
    for m in _KEY_FIRST_RE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if _NOT_SECRET_RE.search(text, line_start, m.start("v")):
            continue
        value = m.group("v").rstrip(".")
        if looks_random(value) and not is_placeholder(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
