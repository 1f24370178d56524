"""Wave 32 (heldout79-84 as tuning data): families of false redactions and misses, with own examples."""

from __future__ import annotations

import pytest

from stratakb_core.ingest.redaction import redact


@pytest.mark.parametrize(
    "text",
    [
        "mot_de_passe: A_REMPLIR",
        "lösenord: ÄNDRA_MIG (platshållare)",
        "passord: ENDRE_MEG",
        "password = da_compilare",
        "senha: A_PREENCHER",
        "wachtwoord: IN_TE_VULLEN",
        "contraseña: POR_DEFINIR",
        "adgangskode: SKIFT_MIG",
    ],
)
def test_fill_in_placeholders_in_more_languages_are_kept(text: str) -> None:
    assert not redact(text).spans


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mot_de_passe: Aremplir-Quai-42", "Aremplir-Quai-42"),
        ("lösenord: ÄndraMig!Sommar-88", "ÄndraMig!Sommar-88"),
        ("passord: EndreMeg-Fjord-17", "EndreMeg-Fjord-17"),
    ],
)
def test_a_password_that_only_contains_a_placeholder_word_is_redacted(text: str, value: str) -> None:
    assert value not in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "Receipt: payment approved, Mastercard ending 1180, EUR 42.10, authorization code 552907",
        "Paiement accepté 19,90 € - code d'autorisation 771204",
        "Pago aprobado con tarjeta VISA, código de autorización 903318",
        "Tankkarte TK-88: PIN ****, Kartennummer **** **** **** 6613. Die PIN kommt per Brief.",
        "Carte carburant : code PIN ****, numéro •••• •••• •••• 2290",
        "Empreinte de la clé GPG de l'équipe : 9C0D3A77E1B24F6688D0C1A2B3C4D5E6F7A8B9C0",
        "Impronta della chiave GPG del reparto: 5E2A9F0C1B3D4E6F7A8B9C0D1E2F3A4B5C6D7E8F",
        "Clé publique du portail (vérification seulement) : MCowBQYDK2VwAyEA/Lk9pQ2sT7vW1xY3zA5bC8dE0fG=",
        "Key ID for the payment webhook: whk_9a8b7c6d5e4f3a2b (the signing secret itself is in the vault)",
        "Schlüssel-ID der Signatur: whk_9a8b7c6d5e4f3a2b (der Schlüssel selbst liegt im Tresor)",
    ],
)
def test_payment_codes_masked_cards_fingerprints_public_keys_and_key_ids_are_kept(text: str) -> None:
    assert not redact(text).spans


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The side door code is 4817#, the alarm code 5521", "4817#"),
        ("Fuel card FC-77: PIN 4093, do not share it", "4093"),
        ("Acceso (solo técnicos): soporte / Xq7!vR2m#Lp9", "Xq7!vR2m#Lp9"),
        ("Webhook signing secret for the shop: whk_9a8b7c6d5e4f3a2b (rotate it yearly)", "whk_9a8b7c6d5e4f3a2b"),
    ],
)
def test_near_misses_of_the_kept_families_are_still_redacted(text: str, value: str) -> None:
    assert value not in redact(text).text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("De code van de achteringang is vanaf vandaag 4471*2. Graag niet delen.", "4471*2"),
        ("Le digicode du garage à vélos a changé, c'est maintenant C8813.", "C8813"),
        ("Codul ușii de la depozit este 38265 de mâine.", "38265"),
        ("Varaston oven koodi on 5532. Sulje ovi aina.", "5532"),
        ("Kod do szafki z kluczami: 2207-41. Nie zapisuj go.", "2207-41"),
        ("A céges kártya PIN-kódja: 8142, senkinek ne add meg.", "8142"),
        ("رمز باب المستودع هو 7719، لا تشاركه مع أحد.", "7719"),
        ("Portkod till källaren: 1962. Stäng dörren efter dig.", "1962"),
    ],
)
def test_door_cabinet_and_card_codes_in_more_languages_are_redacted(text: str, value: str) -> None:
    assert value not in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "De ingang aan de achterkant is sinds 1998 gesloten.",
        "Oven temperature for the test batch: 2200 degrees.",
        "Porten till trapphuset byggdes: 1962. Den renoverades senare.",
        "Kod pocztowy szafy serwerowej: 00-950.",
        "Codul ușii: vezi plicul din seif.",
    ],
)
def test_near_misses_of_the_new_places_are_kept(text: str) -> None:
    assert not redact(text).spans


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ciao, la password del Wi-Fi del magazzino è Tramonto_sul_Lago, scrivila sul badge.", "Tramonto_sul_Lago"),
        ("La clave del wifi de la recepción será Girasol-Norte-44 hasta marzo.", "Girasol-Norte-44"),
        ("Le mot de passe du wifi invités est Baguette*Chaude19.", "Baguette*Chaude19"),
        ("Das Passwort für das WLAN im Lager ist jetzt Kiesel!Weg72.", "Kiesel!Weg72"),
    ],
)
def test_a_wifi_password_after_a_copula_in_a_sentence_is_redacted(text: str, value: str) -> None:
    assert value not in redact(text).text


@pytest.mark.parametrize(
    "text",
    [
        "La password del Wi-Fi della sala riunioni è cambiata ieri.",
        "La clave del wifi de invitados es la misma que el año pasado.",
        "La senha do wifi do escritório é pedida na recepção.",
        "Le mot de passe du wifi est affiché à l'accueil.",
    ],
)
def test_a_remark_about_a_wifi_password_after_a_copula_is_kept(text: str) -> None:
    assert not redact(text).spans
