"""Wave 48 (heldout169-176 as tuning data), redaction misses: a lock's code given as what it opens with, an alarm's
code given as what it is set or unset with, an entry number or a PIN said changed (``redaction_lock_opens``).

Every example here was written for this file (none is copied from a fixture).
"""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact
from stratakb_core.ingest.redaction_lock_opens import lock_open_spans
from stratakb_core.ingest.redaction_prose_phrases import prose_phrase_spans
from stratakb_core.ingest.redaction_said_values import said_value_spans
from tests.helpers.linear_time import assert_linear
from tests.helpers.redaction_checks import assert_redacted_in_place, assert_untouched


def _spans(text: str) -> list[tuple[int, int, str]]:
    return list(lock_open_spans(text))


# ---- a safe, a gate or a barrier "opens with" digits (Dutch, Swedish, Danish, English, German, French)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Zaterdagploeg: de geldkluis achter de balie gaat open met 4-19-27. Sleutel terug in de la.", "4-19-27"),
        ("Leveranciers: de slagboom aan de achterkant gaat open met code 6620 op het paneel rechts.", "6620"),
        ("Bommen vid lastplatsen öppnas med kod 3381 på displayen.", "3381"),
        ("Pengeskabet bag disken åbnes med koden 12-40-77. Husk at låse igen.", "12-40-77"),
        ("The key box by the side entrance opens with 5093.", "5093"),
        ("Der Tresor im Lager öffnet mit 7215, danach bitte wieder verriegeln.", "7215"),
        ("Le coffre du bureau s'ouvre avec la combinaison 2-33-18.", "2-33-18"),
    ],
)
def test_wave48_lock_opens_with_digits_go(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Vaktmästaren: kodlåset till cykelrummet är 6604. Lampan sitter till höger.", "6604"),
        ("Note for new staff: the combination lock on locker 3 is 3391.", "3391"),
    ],
)
def test_wave48_code_lock_copula_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- an alarm switched on or off with digits (Dutch, English checklist, Russian, Korean)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Afsluiten: lichten uit, alarm inschakelen met 40318 en de voordeur op slot.", "40318"),
        ("End of shift:\n[x] tills closed\n[ ] alarm set: 7752 + STAY\n[ ] gate chained", "7752"),
        ("Инструкция для сторожа: сигнализацию снимаем кодом 6290, потом включаем свет.", "6290"),
        ("Для охранника: код снятия сигнализации 4417, затем зелёная кнопка.", "4417"),
        ("창고 안내\n경보 해제 코드: 36152\n해제 후 문을 닫으세요.", "36152"),
    ],
)
def test_wave48_alarm_set_with_digits_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- an entry number or a PIN said changed, then the new number (Korean, Japanese)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("사무실 출입 번호가 변경되었습니다: 5108* (직원 전용)", "5108*"),
        ("倉庫の暗証番号が変わりました。新しい番号は 3306 です。", "3306"),
    ],
)
def test_wave48_changed_entry_number_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- near misses of the same shapes that stay
@pytest.mark.parametrize(
    "text",
    [
        "The garden gate opens with a loud creak, so close it gently.",
        "De kluis gaat open met de sleutel uit de bovenste la.",
        "The safe opens with 2 keys held by two managers.",
        "The stadium gate opened with 1200 fans already queueing outside.",
        "The vault opens with 1984 rules of its own, said the guide.",
        "Bommen öppnas med kortet från receptionen.",
        "Alarm set: 0630 for the early ferry.",
        "Alarm set at 0700 on weekdays.",
        "Ставим сигнализацию на охрану кнопкой «Охрана».",
        "경보 해제 방법은 관리자에게 문의하세요.",
        "暗証番号が変わりました。新しい番号は店長に聞いてください。",
        "The door opens with the badge reader; the code is in the manager's binder.",
    ],
)
def test_wave48_lock_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert _spans(text) == []


# ---- a password's name, an account's address in brackets, a copula and the value (redaction_said_values)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Oi Ana, a senha do e-mail da loja (vendas@olaria.example) passou a ser Barro7&Forno. Abraço", "Barro7&Forno"),
        ("Hola, la contraseña del buzón (caja@tienda.example) es ahora Sal7&Pimienta. Saludos", "Sal7&Pimienta"),
        ("Hi Jo, the password of the shared inbox (desk@harbour.example) is now Quay7&Tide22. Ta", "Quay7&Tide22"),
    ],
)
def test_wave48_password_with_address_in_brackets_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


# ---- a passphrase used, its words joined by dashes, then a dash and more words (redaction_prose_phrases)
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The plotter backup uses the passphrase kelp-lantern-otter-five - Mo has it.", "kelp-lantern-otter-five"),
        ("Das NAS nutzt die Passphrase kiefer-nebel-boot-sieben - nur Jana kennt sie.", "kiefer-nebel-boot-sieben"),
    ],
)
def test_wave48_dashed_passphrase_used_goes(text: str, value: str) -> None:
    assert_redacted_in_place(text, value)


@pytest.mark.parametrize(
    "text",
    [
        "The password of the shared inbox (desk@harbour.example) is stored in the vault.",
        "The password for the mailbox (help@site.example) is the same as last year.",
        "A senha do e-mail (loja@olaria.example) passou a ser trocada todo mês.",
        "The app uses the passphrase state-of-the-art - see the docs.",
        "The vault uses the passphrase set-by-your-admin - ask IT.",
        "The drive uses the passphrase stored-in-the-safe - ask Ana.",
        "The tool uses the passphrase-based login - simple enough.",
    ],
)
def test_wave48_said_and_phrase_near_misses_stay(text: str) -> None:
    assert_untouched(text)
    assert list(said_value_spans(text)) == []
    assert list(prose_phrase_spans(text)) == []


# ---- a workflow's HTTP trigger URL with its signature in the query goes whole (redaction_connection_forms)
_FLOW_URL = (
    "https://prod-21.northeurope.logic.azure.com:443/workflows/0a1b2c3d4e5f60718293a4b5c6d7e8f9/triggers/manual"
    "/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=Qw3rTy-uIoP_aSdFgHjKl7Zx9CvBnM2q"
)


def test_wave48_signed_trigger_url_goes_whole() -> None:
    text = "Flow that files new rota requests (whoever has the link can start it):\n" + _FLOW_URL + "\nThanks, Ines"
    result = redact(text)
    assert "logic.azure.com" not in result.text
    assert "Qw3rTy" not in result.text
    assert result.text.endswith("\nThanks, Ines")


@pytest.mark.parametrize(
    "text",
    [
        "Docs: see https://learn.example/logic-apps/triggers/manual for how HTTP triggers work.",
        "The URL has the form https://prod-00.region.logic.azure.com/workflows/<id>/triggers/manual/paths/invoke?sig=<sig>",
        "Pipeline triggers are listed at https://ci.example/project/7/triggers/ (admins only).",
    ],
)
def test_wave48_trigger_urls_without_a_key_stay(text: str) -> None:
    assert_untouched(text)


def test_wave48_found_linear() -> None:
    assert_linear(redact, "De kluis gaat open met 4-19-27. Dan de la.\n" * 800)
    assert_linear(redact, "alarm set: 7752 + STAY\n" * 1000)
    assert_linear(lambda t: list(lock_open_spans(t)), "kluis " + "aa " * 30000 + "opent met 1234")
    assert_linear(lambda t: list(lock_open_spans(t)), "sleutelkluis" * 8000)
    assert_linear(lambda t: list(lock_open_spans(t)), "暗証番号" + "あ" * 30000 + "新しい番号は 1234")
    assert_linear(lambda t: list(said_value_spans(t)), "password (a@b.example) " * 4000 + "is")
    assert_linear(lambda t: list(prose_phrase_spans(t)), "uses the passphrase " + "ab-cde-" * 8000)
    assert_linear(redact, "see https://h.example/triggers/" + "a/" * 20000 + "?sig=x\n")
