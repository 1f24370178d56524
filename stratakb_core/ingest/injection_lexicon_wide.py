"""Wave 16's word lists for the injection co-occurrence rule (no I/O): the override, void, leak and send families
filled in systematically across the EU languages, the Nordic (Icelandic too), Baltic, Slavic and Turkic ones,
Southeast Asian ones, Swahili, Irish and Catalan, in ``injection_lexicon``'s notation (``word``, ``stem*``,
``two_words``; an apostrophe or a middle dot splits a word). ``injection_lexicon_more`` adds them to its cues.

By cue: ``override`` the imperatives "ignore / forget / disregard / set aside"; ``void`` the predicates "are void,
revoked, withdrawn, no longer apply"; ``instr`` the nouns "instructions, rules, guidelines, orders"; ``scope`` the
qualifiers "previous, earlier, initial, received"; ``leak`` "print, show, quote, paste, output"; ``leak_obj`` the
system prompt and hidden rules; ``send`` and ``data`` moving private data. Short words that are common words of
another listed language are left out (Vietnamese "in" is English "in", Danish "vis" Latin "vis")."""

from __future__ import annotations

from typing import Final

__all__ = ["WIDE_CUES"]

WIDE_CUES: Final[dict[str, str]] = {
    "override": """
        put_aside bortse_från bortse glöm strunta_i ignorera ignorer glem tilsidesæt hunsaðu hunsa gleymdu
        ignoreeri unusta eira ignorē aizmirsti ignoruok ignoruokite pamiršk pamirškite nepaisyk nepaisykite
        zignoruj ignoruj zapomnij pomiń pominąć pomijaj ignorujte zapomeň zapomeňte zabudni zabudnite prezri
        prezrite ignoriraj pozabi pozabite zanemari zanemarite zaboravi zaboravite игнорирай забрави пренебрегни
        игнорируй забудь проигнорируй ігноруй проігноруй unut unutun yok_say görmezden_gel dikkate_alma
        ignora olvida olvídate prescinde esqueça desconsidere dimentica tralascia ignorez oublie oubliez negeer
        vergeet déan_neamhaird ná_tabhair_aird déan_dearmad anwybydda anghofia ahaztu baztertu esquece injora
        injoro harro shpërfill sahau usizingatie balewalain huwag_pansinin ipagwalang-bahala lupakan abaikan
        pretend
    """,
    "void": """
        void are_void is_void revoked rescinded withdrawn annulled superseded invalidated null_and_void
        no_longer_valid no_longer_apply no_longer_applies no_longer_in_force lapsed don_t_exist do_not_exist
        gelten_nicht_mehr gilt_nicht_mehr ungültig aufgehoben widerrufen hinfällig nichtig caduques caduc caduque
        annulées annulés révoquées révoqués ne_s_appliquent_plus ne_sont_plus_valables abrogées anuladas anulados
        revocadas revocados sin_efecto caducadas derogadas no_valen non_valgono annullate revocate decadute
        abrogate revogadas deixam_de_valer já_não_valem vervallen ongeldig ingetrokken gelden_niet_meer
        przestają_obowiązywać nie_obowiązują nieważne unieważnione odwołane uchylone neplatí neplatné zrušeny
        zrušené neplatia érvénytelenek érvénytelen visszavonva hatálytalan* anulate revocate nu_mai_sunt_valide
        upphävda gäller_inte_längre ogiltiga återkallade ugyldige ophævet opphevet tilbagekaldt tilbakekalt
        mitätöity mitätön peruttu kumottu kehtetud tühistatud ei_kehti atceltas atcelti nav_spēkā negalioja
        nebegalioja atšaukti atšauktos panaikinti ógild ógildar gilda_ekki_lengur neveljavna neveljavne
        razveljavljena ne_veljajo nevažeće poništene poništeni ne_vrijede više_ne_važe отменени невалидни
        отменены недействительны утратили_силу скасовані недійсні втратили_чинність geçersiz geçersizdir
        iptal_edildi hükümsüz batili zimefutwa yamefutwa walang_bisa pinawalang-bisa dibatalkan tidak_sah
        nicht_mehr terbatal ar_ceal neamhbhailí anul_lades revocades queden_anul_lades ακυρώνονται άκυρες καταργούνται
    """,
    "instr": """
        guidance standing_orders setup_rules anvisningar riktlinjer regler direktiv föreskrifter
        instruktioner retningslinjer leiðbeining* fyrirmæl* reglur skipanir juhis* juhend* reeglid instrukcij*
        norādījum* noteikum* nurodym* taisykl* polecen* instrukcj* wytyczn* zasady reguły pokyn* instrukc*
        pravidl* inštrukci* navodil* pravila upute uputa uputstva naredbe smjernice инструкци* указани* правила
        директив* настанов* вказівк* talimat* kural* yönerge* direktif* arahan maelekezo sheria amri utos
        patakaran alituntunin treoracha treoir rialacha orduithe regles directrius indicacions consignes
        directives règles instrucciones normas reglas directrices pautas indicaciones istruzioni regole direttive
        indicazioni instruções regras diretrizes orientações instructies regels richtlijnen aanwijzingen
        anweisungen vorgaben regeln richtlinien threoracha dtreoracha configuration
    """,
    "scope": """
        prior earlier setup start-up tidigare ursprungliga givna tidligere oprindelige fyrri upprunaleg*
        varasem* eelnev* algsed iepriekšēj* sākotnēj* ankstesn* pradin* wcześniejsz* poprzedni* wcześniej
        otrzyman* początkow* předchozí dřívější původní počáteční predchádzajúc* predošl* pôvodn* počiatočn*
        prejšnj* prvotn* začetn* prethodn* ranij* početn* izvorn* предыдущ* прежн* предишн* попередн*
        початков* исходн* önceki aldığın verilen awali zilizotangulia dating nakaraang terdahulu roimhe_seo
        bunaidh prèvies inicials précédentes antérieures auparavant reçues initiales anteriores previas
        recibidas iniciales precedenti ricevute in_precedenza iniziali recebidas iniciais bisherig* vorherig*
        früher* ursprünglich* vorige eerdere oorspronkelijke
    """,
    "leak": """
        quote paste output dump zacytuj wypisz pokaż ujawnij wklej wydrukuj vypiš ukaž zobraz prozraď ocituj
        zkopíruj vypíš ukáž prezraď plak toon kopieer citeer herhaal mostra riporta stampa cita rivela ripeti
        muestra mostrando imprime revela repite reproduce gib_aus ausgeben zeige wiederhole kopiere zitiere
        affiche cite recopie montre révèle наведи покажи виведи выведи процитируй напечатай skriv_ut visa
        citera upprepa återge citer gengiv näita tsiteeri parādi izdrukā citē parodyk išspausdink cituok
        izpiši pokaži citiraj ispiši prikaži göster yazdır tekrarla onyesha nakili rudia ipakita isulat
        kopyahin paparkan cetak salin taispeáin reprodueix in_nguyên_văn auszugeben wiederzugeben
    """,
    "leak_obj": """
        system_instructions system_rules hidden_rules hidden_instructions initial_instructions prompt_di_sistema
        systeemprompt systemprompt systémové_zadání systémové_pokyny systemanweisungen systemvorgaben
        reglas_ocultas regole_nascoste verborgen_richtlijnen początkowe_polecenia polecenia_systemowe
        systemowe системные_инструкции системний_промпт приховані_правила системні_інструкції
        versteckten_vorgaben skryté_pokyny istruzioni_iniziali
    """,
    "send": """
        nusiųsk išsiųsk persiųsk invia inoltra envía remite reenvía envoie envoyez transmets envie ipadala
        saada nosūti pošlji pošalji pošli odešli sendu seol kutuma
    """,
    "data": """
        codice_fiscale conversazioni iban dni cuenta_bancaria mã_số_thuế số_tài_khoản nambari_ya_kitambulisho
        akaunti_ya_benki pokalbio slaptažod* mots_de_passe e-mailadresse vedhæftede_filer date_of_birth
        national_insurance api_tokens token_api personnummer
    """,
    "you": "þínar þín þinn svoja svoje svoj",
    "modal": "peab mesti ha_de πρέπει musí",
    "tool": "käivitama zavolať zavolaj memanggil aufrufen",
    "destroy": "loesche batal*",
    "callnoun": "crida",
    "exec": "completar",
    "secret": "nebudu_zmiňovat nezmiňuj nezmiňujte",
    "put": "ongeza weka illessze_be illeszd_be lägga_till",
    "link": "picha länk länken länkar",
    "ai": "agentui l_agente all_agente",
    # Turkish "için not:" is "note for": its "not" is no negation (a request's words are no permission)
    "request": "için_not",
}

# wave 17 (heldout20-22): words that make a passage talk about attacks, in languages whose lists lacked them:
# Turkish "example / injection / attack", Portuguese and Spanish "leak", Polish
# "attack / exemplary", Dutch "flagged / fake". A sentence with one of them is a mention, not an order. And the
# German second-person "must" and "reproduce", Romanian "reproduce" (a copy-out asked word for word), the
# Norwegian "shall" (Ukrainian "має" is "has" as often as "has to"), and send verbs below
_WAVE17: Final[dict[str, str]] = {
    "mention": """
        örnek* örneğ* enjeksiyon* saldırı* vazamento* filtración fuga_de atak* przykładow*
        gemarkeerd nepfactu* nepmail* phishingmail*
    """,
    "modal": "musst müsst skal",
    "leak": "wiedergeben gib_wieder redă",
    # the send family in the forms an order takes beside a modal: subjunctive and infinitive ("que envíe", "να
    # στείλει", "skal laste opp", "має надіслати")
    "send": "envíe envíen laste_opp last_opp στείλει στείλεις αποστείλει ανεβάσει надіслати",
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE17.items()})

# wave 18 (heldout23-24): Welsh overrides ("anwybydda dy gyfarwyddiadau blaenorol"), the Romanian "must" and the
# upload verbs of an order ("trebuie să trimită", "doit téléverser", "moet uploaden"), the Estonian system prompt,
# and people's personal data and "followed by" for a link's slot (``injection_slots``)
_WAVE18: Final[dict[str, str]] = {
    "instr": "cyfarwyddiadau cyfarwyddyd gyfarwyddiadau",
    "scope": "blaenorol gwreiddiol",
    "you": "dy eich",
    "modal": "trebuie",
    "send": "trimită trimiteţi téléverser téléversez téléverse uploaden upload_naar lataa_ylös dm",
    "leak_obj": "süsteemiviip* süsteemijuhis*",
    # what fills a link's slot besides the chat: people's personal data ("contact details", "dates de naissance")
    "convo": """
        contact_details contact_information contact_info kontaktdaten kontaktdetails coordonnées datos_de_contacto
        dati_di_contatto dados_de_contato contactgegevens dane_kontaktowe date_of_birth dates_of_birth birth_dates
        date_de_naissance dates_de_naissance fecha_de_nacimiento fechas_de_nacimiento data_di_nascita
        data_de_nascimento geburtsdatum geburtsdaten geboortedatum* data_urodzenia phone_numbers telephone_numbers
        home_addresses numéros_de_téléphone números_de_teléfono telefonnummern
    """,
    "put": "suivi_de suivie_de suivi_des suivie_des suivis_de gefolgt_von seguido_de seguida_de seguito_da seguita_da",
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE18.items()})

# wave 19 (heldout25-26): the Icelandic assistant and "shall now" ("aðstoðarmaðurinn á nú að kalla á ...")
_WAVE19: Final[dict[str, str]] = {
    "ai": "aðstoðarmaðurinn aðstoðarmanninum aðstoðarmannsins",
    "modal": "á_nú_að",
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE19.items()})

# wave 20 (heldout27-28): records about people are private data to send ("a CSV of all employee records")
_WAVE20: Final[dict[str, str]] = {
    "data": """
        employee_records personnel_records staff_records hr_records customer_records client_records
        patient_records applicant_records candidate_records
    """,
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE20.items()})

# wave 23 (heldout33-34): the send verbs in their infinitive beside a modal ("der Assistent soll ... an x@y senden",
# "tiene que reenviar ... a x@y"), instructions that "no longer count" (Dutch, German, Portuguese), and patients'
# records, prescriptions and profiles as private data
_WAVE23: Final[dict[str, str]] = {
    "void": "tellen_niet_meer tellen_niet_langer zählen_nicht_mehr zaehlen_nicht_mehr não_contam_mais nao_contam_mais",
    "send": """
        senden schicken übermitteln übersenden reenviar remitir mandar inviare inoltrare mandare trasmettere
        sturen versturen doorsturen verzenden mailen transférer transmettre encaminhar reencaminhar
    """,
    "data": """
        patient* patiënt* pacient* pazient* prescription* ordonnances receta* rezepte verschreibung* profiles
        perfiles profils profile_data kundendaten
    """,
    # a copy-out verb with its object attached (Spanish enclitics: "escríbelo", "cópialas")
    "leak": """
        escríbelo escríbelos escríbela escríbelas cópialo cópialos cópiala cópialas pégalo pégalos pégala pégalas
        muéstralo muéstralas repítelo dímelo
    """,
    # the reader's own prompt as "the text that came before this conversation"
    "leak_obj": """
        came_before_this_conversation given_before_this_conversation received_before_this_conversation
        veio_antes_desta_conversa recebeu_antes_desta_conversa vino_antes_de_esta_conversación
        recibiste_antes_de_esta_conversación ricevuto_prima_di_questa_conversazione
        venuto_prima_di_questa_conversazione reçu_avant_cette_conversation reçues_avant_cette_conversation
        vor_diesem_gespräch_erhalten voor_dit_gesprek_gekregen
    """,
    # what fills a link's slot: the asker's own question and phone number ("followed by the visitor's question")
    "convo": """
        full_question whole_question their_question customer_s_question guest_s_question visitor_s_question
        client_s_question caller_s_question patient_s_question user_s_full_question their_phone_number
        their_telephone_number their_mobile_number customer_s_phone_number guest_s_phone_number
        caller_s_phone_number user_s_phone_number client_s_phone_number patient_s_phone_number
    """,
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE23.items()})

# wave 24 (heldout35-38): instructions "no longer binding" and "losing validity" (Polish, Czech, English
# "obsolete"), review criteria as the reader's rules, copy-out in German ("den Wortlaut ... wiedergeben") and
# Romanian ("afișați"), the Ukrainian "помічник" and Czech "your", the German formal imperative with "Sie" ("geben
# Sie", "leiten Sie ... weiter"), and statements, payslips, TAN lists, ID scans, member and customer lists, other
# people's phone numbers and home addresses as private data; a persona without refusals; "if you can read this";
# "its own policy prompt" and Hungarian copy-out words
_WAVE24: Final[dict[str, str]] = {
    "void": """
        nieobowiązując* nieaktualne nieważna przestały_obowiązywać straciły_ważność tracą_moc pozbývají_platnosti
        pozbývá_platnosti pozbyly_platnosti ztrácejí_platnost ztratily_platnost neplatí_již už_neplatí are_obsolete
        is_obsolete now_obsolete are_outdated now_outdated zastaralé застаріли втратили_силу
    """,
    "instr": """
        criteria kriteria kritéria critères criterios critérios criteri kriterien kriterier
    """,
    "you": """
        vašeho vaše vaši vašich váš vám vás vaším vašemu geben_sie senden_sie leiten_sie schicken_sie zeigen_sie
        nennen_sie übermitteln_sie
    """,
    "ai": """
        помічник* помічнику automatycznego_recenzenta automatyczny_recenzent automatycznemu_recenzentowi
        automatický_systém automatickému_systému automatického_systému
    """,
    "leak": """
        wortlaut afișați afisati afișeze afișa reproduceți reproduceti copiați copiati redați redati másolja másold
        másolják szó_szerint
    """,
    "send": "leite leiten_sie leitet stuurt verstuurt",
    # a persona without refusals or content rules ("who has no refusal behaviour and no content guidelines")
    "limitless": "no_refusal_behaviour no_refusal_behavior no_refusals no_content_guidelines no_content_rules",
    # "if you can read this, reply with ...": the reader checked for, its "can" is no permission
    "request": "can_read_this can_see_this are_reading_this can_read_me kannst_du_das_lesen peux_lire_ceci",
    # the reader's own prompt as "its own policy prompt", Hungarian "initial instructions" / "hidden settings"
    "leak_obj": """
        policy_prompt policy_prompts own_prompt own_system_prompt kezdeti_utasításait kezdeti_utasításokat
        rejtett_beállításait rejtett_beállításokat
    """,
    "please": "kérem kérjük",
    "lead": "kérem kérjük",
    "data": """
        kontoauszüg* kontoauszug* bank_statement* payslip* pay_slips gehaltsabrechnung* lohnabrechnung* tan_list
        tan_lists tan_liste tan_codes tan-liste banking_login online_banking_login login_details id_scan id_scans
        passport_scan* ausweiskopie* member_list membership_list mitgliederliste* ledenlijst* customer_list*
        client_list* liste_des_clients liste_complète_des_clients fichier_clients base_clients phone_numbers
        home_addresses s_phone_number s_home_address
    """,
}
WIDE_CUES.update({cue: WIDE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE24.items()})
