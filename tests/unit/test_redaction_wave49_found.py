"""Wave 49 (heldout177-180 as tuning data), redaction misses: a lock's code before the verb that opens it in German
and Dutch (``redaction_verb_final_opens``), an admin's or a server's key named key-first in Arabic, Persian, Hebrew,
Greek and Slavic (``redaction_key_first_names``), a Korean particle or copula beside an alarm's, an entry's or a
password's digits (``redaction_lock_opens``, ``redaction_cjk_codes``), a Dutch "openen met" (``redaction_lock_opens``).

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_cjk_codes import cjk_code_spans
from stratakb_core.ingest.redaction_key_first_names import key_first_name_spans
from stratakb_core.ingest.redaction_lock_opens import lock_open_spans
from stratakb_core.ingest.redaction_verb_final_opens import verb_final_open_spans
from stratakb_core.ingest.redaction_wifi_copula import wifi_copula_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched


# ---- a lock's code before the verb that opens it (German, Dutch)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Übergabe Frühdienst: Der Schlüsselkasten am Hintereingang lässt sich mit 3-18-42 öffnen.", "3-18-42"),
        ("Die Geldkassette wird mit der Kombination 5193 geöffnet.", "5193"),
        ("Das Rolltor zur Werkstatt lässt sich mit dem Code 88130 aufmachen.", "88130"),
        ("Der Safe im Büro geht mit 2291 auf.", "2291"),
        ("Hinweis: das Schließfach 12, das sich mit 4406# entriegeln lässt, bitte leeren.", "4406#"),
        ("De kluis in het magazijn kan met 7702 worden geopend, daarna meteen weer sluiten.", "7702"),
        ("Het hek achter de loods is met code 6150 open te maken.", "6150"),
        ("Het sleutelkastje bij de voordeur gaat met 27-04-19 open en daarna dicht.", "27-04-19"),
    ],
)
def test_wave49_verb_final_opening_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)
    assert any(text[s:e] == value for s, e, _ in verb_final_open_spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "Das Tor lässt sich mit 2 Schlüsseln öffnen.",
        "Die Tür wird mit 1200 Newton aufgedrückt.",
        "Der Tresor wurde mit 1984 geöffnet.",
        "Der Motor lässt sich mit 4000 Umdrehungen starten.",
        "Die Schranke lässt sich mit der Chipkarte öffnen.",
        "De kluis kan met een sleutel worden geopend.",
        "Die Box mit 2500 Schrauben auf Lager.",
        "Das Museum ist mit 3000 Besuchern geöffnet worden.",
        "De deur gaat met 1000 mensen open op zaterdag.",
        "Het hek kun je openen met de afstandsbediening.",
    ],
)
def test_wave49_verb_final_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert list(verb_final_open_spans(text)) == []


def test_wave49_dutch_openen_met_goes() -> None:
    text = "Het hek van de achtertuin kun je openen met 4093# en dan duwen."
    assert_redacted_in_place(text, "4093#")
    assert list(lock_open_spans(text))


# ---- Korean: a particle after an alarm's or an entry's code name, a copula run onto a password's digits
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("체육관 마감 시 경보 설정 코드는 4471 입니다.", "4471"),
        ("수영장 경보 해제 번호는 60813 이에요. 퇴근 전에 꼭 설정하세요.", "60813"),
        ("창고 출입 번호는 2093# 입니다. 외부인에게 알려주지 마세요.", "2093#"),
        ("주차장 차단기 비밀번호는 7718입니다.", "7718"),
        ("사무실 비밀번호는 52904이고 매달 바뀝니다.", "52904"),
    ],
)
def test_wave49_korean_particle_codes_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "경보 해제 코드는 4자리입니다.",
        "비밀번호는 8자리 이상이어야 합니다.",
        "출입 번호는 관리실에 문의하세요.",
        "보안 설정 코드는 매달 바뀝니다.",
        "경보 설정 시간은 2024년 입니다.",
        "비밀번호는 2025년에 바뀌었습니다.",
    ],
)
def test_wave49_korean_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert list(cjk_code_spans(text)) == []


# ---- an admin's, a server's or an API's key named key-first (Arabic, Persian, Hebrew, Greek, Slavic)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("مفتاح الخادم لخدمة الدفع: f3a9c1e07b2d4e6f8a1b3c5d7e9f0a2b", "f3a9c1e07b2d4e6f8a1b3c5d7e9f0a2b"),
        ("مفتاح API لخدمة الخرائط: 4f1c2a9b7e3d5c6a8b0f1e2d3c4b5a69\nلا تشاركه.", "4f1c2a9b7e3d5c6a8b0f1e2d3c4b5a69"),
        ("کلید مدیریت موتور جستجو: 4c7e1a9d2b8f0e3a6c5d1b9f7a2e4c8d", "4c7e1a9d2b8f0e3a6c5d1b9f7a2e4c8d"),
        ("מפתח הניהול של שירות החיפוש: a83d0f61c2e94b7d5f1a0c6e8b2d4f97", "a83d0f61c2e94b7d5f1a0c6e8b2d4f97"),
        ("Κλειδί διαχείρισης για την αναζήτηση: 5e2b8d1f9a3c7e0b4d6f2a8c1e5b9d3f", "5e2b8d1f9a3c7e0b4d6f2a8c1e5b9d3f"),
        ("Ключ администратора поиска: 2d9f4b6a8c1e3f5a7b0d9c2e4f6a8b1d", "2d9f4b6a8c1e3f5a7b0d9c2e4f6a8b1d"),
        ("Klucz administratora wyszukiwarki: 7c1e4a9f2d6b0e8c3a5f1d7b9e2c4a6f", "7c1e4a9f2d6b0e8c3a5f1d7b9e2c4a6f"),
    ],
)
def test_wave49_key_first_admin_key_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)
    assert any(text[s:e] == value for s, e, _ in key_first_name_spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "مفتاح الغرفة: 9e489ca5d7a49e60a4ff95249a016b3d",
        "مفتاح الإدارة العام: 9e489ca5d7a49e60a4ff95249a016b3d",
        "معرف مفتاح الإدارة: 9e489ca5d7a49e60a4ff95249a016b3d",
        "مفتاح الإدارة: انظر الخزنة",
        "مفتاح الإدارة: 123e4567-e89b-12d3-a456-426614174000",
        "Ключ кэша: 2d9f4b6a8c1e3f5a7b0d9c2e4f6a8b1d",
        "κλειδί διαχείρισης (παράδειγμα): 5e2b8d1f9a3c7e0b4d6f2a8c1e5b9d3f",
        "מפתח ציבורי של השרת: a83d0f61c2e94b7d5f1a0c6e8b2d4f97",
        "כלי ניהול: a83d0f61c2e94b7d5f1a0c6e8b2d4f97",
    ],
)
def test_wave49_key_first_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert list(key_first_name_spans(text)) == []


def test_wave49_found_linear() -> None:
    assert_linear(lambda t: list(verb_final_open_spans(t)), "Tresor " + "mit " * 30000 + "1234 öffnen")
    assert_linear(lambda t: list(verb_final_open_spans(t)), "schlüsselkasten" * 8000 + " mit 4471 öffnen")
    assert_linear(lambda t: list(key_first_name_spans(t)), "مفتاح الإدارة " * 8000 + ": 9e489ca5d7a49e60a4ff9524")
    assert_linear(lambda t: list(key_first_name_spans(t)), "ключ сервера" + "а" * 30000 + ": 2d9f4b6a8c1e3f5a7b0d")
    assert_linear(lambda t: list(cjk_code_spans(t)), "비밀번호는 7718입니다 " * 5000)
    assert_linear(redact, "Der Safe im Büro geht mit 2291 auf.\n" * 1000)


# ---- a lock's code word and its place in Hebrew and Arabic, a Finnish key cabinet, a Russian lock's cases
# (redaction_lock_codes), a Hebrew password's construct form "סיסמת" (redaction_keys)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("קוד האזעקה של המחסן הוא 6620", "6620"),
        ("הקוד של הכספת במשרד: 3-17-42", "3-17-42"),
        ("رمز الإنذار في المستودع هو 4471", "4471"),
        ("رمز البوابة الخلفية للمخزن: 5093#", "5093#"),
        ("Avaimet avainkaapissa, koodi 7321.", "7321"),
        ("Шифр от кодового замка на калитке — 2718.", "2718"),
        ("סיסמת הוויי-פיי למשרד: Yam-Kinneret55", "Yam-Kinneret55"),
        ("Átadás: a pénztár széf kódja 8314, ne írjátok fel sehova.", "8314"),
        ("Передача зміни: код сигналізації складу 6028, ключі у шухляді.", "6028"),
    ],
)
def test_wave49_semitic_and_other_lock_codes_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "رمز الخطأ في جهاز الإنذار: 4012",
        "קוד השגיאה של האזעקה: 4012",
        "קוד המוצר של הדלת: 4471",
        "الرمز البريدي للمستودع: 11564",
        "קוד הלבוש במחסן הוא חולצה כחולה, המשמרת מתחילה ב-0800",
        "Код ошибки замка: 4012",
        "Avainkaapin tuotekoodi 4471",
        "Калитка открыта с 0800 до 2000, код не нужен.",
        "سيتم فتح المستودع الساعة 0800، الرمز غير مطلوب.",
        "סיסמת הוויי-פיי נמצאת אצל המנהל.",
        "A széf hibakódja 4012.",
        "Код ошибки сигнализации: 4012",
        "Сигналізація увімкнена з 2200, код у старшого.",
    ],
)
def test_wave49_semitic_and_other_lock_near_misses_stay(text: str) -> None:
    assert_untouched(text)


# ---- a Wi-Fi's password given by a copula in Indonesian, Malay, Vietnamese and Swahili (redaction_wifi_copula)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Serah terima shift: kata sandi wifi karyawan adalah gudangsejuk2027, jangan dibagikan.", "gudangsejuk2027"),
        ("Kata laluan wifi bilik mesyuarat ialah mejabulat88", "mejabulat88"),
        ("Mật khẩu wifi cho nhân viên là Kho#Lanh2027", "Kho#Lanh2027"),
        ("Nenosiri la wifi ya ofisi ni ofisinzuri2027", "ofisinzuri2027"),
    ],
)
def test_wave49_wifi_copula_more_languages_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)
    assert any(text[s:e] == value for s, e, _ in wifi_copula_spans(text))


@pytest.mark.parametrize(
    "text",
    [
        "Kata sandi wifi tamu adalah rahasia",
        "Kata sandi wifi tamu adalah sama dengan tahun lalu.",
        "Mật khẩu wifi của quán là mật khẩu cũ.",
        "Kata sandi wifi harus minimal 8 karakter, contohnya adalah password2024 yang lemah.",
        "Nenosiri la wifi ni siri ya ofisi.",
    ],
)
def test_wave49_wifi_copula_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert list(wifi_copula_spans(text)) == []


def test_wave49_more_linear() -> None:
    assert_linear(lambda t: list(wifi_copula_spans(t)), "kata sandi " + "wifi " * 20000 + "adalah abcdefg2027")
    assert_linear(redact, "קוד האזעקה של המחסן הוא 6620\n" * 1000)
    assert_linear(redact, "رمز الإنذار في المستودع هو 4471\n" * 1000)
