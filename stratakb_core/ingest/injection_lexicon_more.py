"""More languages for the injection co-occurrence rule's word lists (no I/O): Danish and Norwegian, Finnish,
Hungarian, Romanian, Indonesian and Malay, Vietnamese and Greek (and wave 10's words for listed languages: "overrule",
"deprecated", "Betreiber", "escreva", "vidarebefordra", ...), in the same notation as ``injection_lexicon``
(``word``, ``stem*``, ``two_words``), which adds them to its cues. Words that are common words of another
listed language are left out (Danish "du" is French "du", "dine" and "deg" are English words; Romanian "date"
and "tale" too)."""

from __future__ import annotations

from typing import Final

from stratakb_core.ingest.injection_lexicon_wide import WIDE_CUES

__all__ = ["MORE_CUES"]

MORE_CUES: Final[dict[str, str]] = {
    "ai": """
        assistenzsystem* ki-assistenzsystem*
        ai-assistenten ai-assistant kunstig_intelligens sprogmodel* språkmodell tekoäly* avustaja* kielimalli*
        asszisztens* mesterséges_intelligencia nyelvi_modell* asistentul asistentului asistentule
        inteligența_artificială inteligenţa_artificială modelul_de_limbaj asisten kecerdasan_buatan
        model_bahasa trợ_lý trí_tuệ_nhân_tạo mô_hình_ngôn_ngữ βοηθός βοηθό βοηθέ τν τεχνητή_νοημοσύνη
        γλωσσικό_μοντέλο μοντέλο μοντέλου mesterséges_intelligenciának mesterséges_intelligenciát
        mesterséges_intelligenciához
    """,
    "you": """
        svůj svou své
        dit sinä sinun sinulle sinua sinulla neked téged önnek ți ţi îți îţi anda kamu bạn
        σου σας εσύ
    """,
    "override": """
        overrule overrules
        ignorér glem se_bort_fra ohita ohittakaa unohda unohtakaa jätä_huomiotta älä_noudata
        hagyd_figyelmen_kívül hagyja_figyelmen_kívül felejtsd_el felejtse_el ignoră ignorați ignoraţi uită
        uitați uitaţi abaikan lupakan jangan_ikuti bỏ_qua phớt_lờ quên_đi hãy_quên αγνόησε αγνοήστε
        ξέχασε ξεχάστε descarte descartem
    """,
    "void": """
        deprecated are_retired is_retired retired_as_of
        gælder_ikke_længere gjelder_ikke_lenger eivät_ole_enää_voimassa nem_érvényesek hatályukat_vesztik
        nu_mai_sunt_valabile tidak_berlaku_lagi không_còn_hiệu_lực δεν_ισχύουν_πλέον
    """,
    "instr": """
        instruktioner instruktionerne instruksjoner instruksjonene anvisninger retningslinjer ohje* sääntö*
        utasítás* szabály* irányelv* instrucțiun* instrucţiun* regulile reguli instruksi petunjuk perintah
        aturan hướng_dẫn chỉ_dẫn chỉ_thị quy_tắc οδηγίες οδηγιών εντολές κανόνες
    """,
    "scope": """
        betreiber* vorgegeben* opérateur* operador* operatore* beheerder*
        forrige oprindelige opprinnelige aiemm* aikaisemm* edellis* saamasi korábbi előző eddigi kapott
        primite sebelumnya trước_đó trước_đây ban_đầu προηγούμεν* αρχικ*
    """,
    "steer": """
        svar_kun vastaa válaszolj răspunde jawab trả_lời απάντησε απάντα
    """,
    "leak": """
        respond_with reply_with answer_with escreva escreve scrivi schreibe schreib
        afslør avslør gentag kirjoita näytä paljasta tulosta toista írd_ki mutasd_meg fedd_fel ismételd
        másold_be másold_ki
        afișează afişează scrie dezvăluie repetă tampilkan tunjukkan ungkapkan tuliskan ulangi tiết_lộ
        hiển_thị in_ra viết_ra lặp_lại γράψε εμφάνισε αποκάλυψε δείξε επανάλαβε
        αντίγραψε share_its share_the_exact share_the_full share_your_system verbatim word_for_word
        wortwörtlich textuellement mot_pour_mot literalmente
        palabra_por_palabra dosłownie дословно αυτολεξεί letteralmente parola_per_parola
    """,
    "leak_obj": """
        prompt_de_sistema regras_internas reglas_internas secret_preamble hidden_preamble preamble
        systemprompten systemmeddelelse* järjestelmäkehot* järjestelmäviest* piilotetut_ohjeet rendszerprompt*
        rendszerüzenet* promptul_de_sistem mesajul_de_sistem instrucțiunile_de_sistem prompt_sistem
        instruksi_awal instruksi_sistem lời_nhắc_hệ_thống chỉ_dẫn_hệ_thống μήνυμα_συστήματος
        προτροπή_συστήματος οδηγίες_συστήματος
        confidential_prompt secret_prompt internal_prompt private_prompt operator_settings operator_configuration
    """,
    "send": """
        vidarebefordra
        videresend lähetä välitä küldd küldje továbbítsd trimite trimiteți trimiteţi redirecționează kirim
        kirimkan teruskan gửi chuyển_tiếp στείλε στείλτε προώθησε
    """,
    "data": """
        every_message every_email all_messages all_emails all_mail
        whole_thread entire_thread full_thread email_thread mail_thread message_thread whole_mailbox entire_mailbox
        samtale* adgangskode* keskustelu* salasan* beszélgetés* jelszav* jelszó conversați* conversaţi*
        istoricul datele percakapan kata_sandi riwayat cuộc_trò_chuyện lịch_sử_trò_chuyện mật_khẩu
        συνομιλία* ιστορικό κωδικ*
    """,
    "permit": """
        no não nao non nicht
    """,
    "prep": """
        för
        til pentru untuk kepada προς για
    """,
    "henceforth": """
        fra_nu_af fra_nå_av tästä_lähtien mostantól de_acum_înainte mulai_sekarang từ_giờ từ_bây_giờ
        από_τώρα
    """,
    "lead": """
        venligst ole_hyvä kérlek vă_rog tolong mohon hãy παρακαλώ
    """,
    "please": """
        please kindly bitte por_favor per_favore s_il_vous_plaît s_il_te_plaît proszę пожалуйста lütfen
        alsjeblieft alstublieft vänligen venligst
    """,
    "mention": """
        angriber hyökkääj* támadó* atacator* penyerang kẻ_tấn_công επιτιθέμεν* eksempel* esimerk* például
        exemplu de_exemplu contoh misalnya serangan ví_dụ tấn_công παράδειγμα επίθεσ* injektion* injektio*
        injekció* injecți* injeksi einschleus* präpariert* beispielsweise zum_beispiel etwa esempio esempi
        exemplo exemplos ejemplo ejemplos exemple exemples iniezion* inyecci* injeção injeções
        post_mortem postmortem post_incident
        tentativi tentativo tentatives intentos tentativas pogingen
    """,
}

# wave 13 (heldout11 and heldout12): gaps in listed languages. The Polish vocative of "assistant" and "do not
# inform", Swedish words for personal and salary data, "summarise so that" (German), "state / tell / answer" (Czech),
# Turkish "write" and the system instructions in its genitive and accusative, "the text that appears above",
# "skip confirmation" as a destructive order, and German "do not tell" ("dem Nutzer nicht mitteilen") as hiding
_WAVE13: Final[dict[str, str]] = {
    "ai": "asystencie asystentko",
    "data": "löneuppgift* personuppgift* salary_data",
    "steer": "fasse fass uveď uved řekni odpověz potvrď",
    "leak": "yaz yazdırın",
    "leak_obj": "sistem_talimatları sistem_talimatlarını sistem_talimatlarının sistem_talimatlarınızı appears_above",
    "destroy": "skip_confirmation skip_confirmations skip_approval",
    "secret": "nicht_mitteilen teile_nicht_mit nie_informować nie_informuj nie_mów",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE13.items()})

# wave 14 (heldout13 ... heldout15): languages the lists lacked or half had. Swahili (msaidizi "assistant", puuza
# "ignore", maagizo "instructions", tuma "send", mazungumzo / nywila "conversation / password"), Tagalog
# (kalimutan "forget", tagubilin "instructions", naunang "earlier"), Catalan (oblida, instruccions anteriors),
# Malay (hantar "send", maklumat pelanggan / peribadi "customer / personal data", perbualan, kata laluan) and
# Hungarian "üzenet" (message) as data
_WAVE14: Final[dict[str, str]] = {
    "ai": "msaidizi pembantu_ai",
    "override": "puuza kalimutan kalimutan_mo oblida oblideu",
    "instr": "maagizo tagubilin instruccions",
    "scope": "uliyopewa hapo_awali naunang anteriors",
    "send": "tuma hantar hantarkan",
    "data": "mazungumzo nywila perbualan kata_laluan maklumat_pelanggan maklumat_peribadi üzenet*",
    "lead": "tafadhali",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE14.items()})

# wave 16 (heldout17 ... heldout19): the override, void, leak and send families across many more languages
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in WIDE_CUES.items()})

# wave 25 (heldout39 ... heldout42): the Spanish "stop applying / set aside" in the subjunctive ("deje de aplicar"),
# the Polish "skip" ("pominął") and "that you" ("abyś"), the Russian bot ("для бота"), the developer who gave the
# instructions ("которые тебе дал разработчик", "które otrzymałeś", "przekazane przez"), the text of the setup as the
# operator's text ("initialization text", "Initialkonfiguration", "prompt initial", "текст настроек") in the
# languages of the lists, the German "Systemvorgaben" and "KI-Bot", and a copy-out verb for Portuguese ("mostrar")
# and Dutch ("op te nemen")
_WAVE25: Final[dict[str, str]] = {
    "override": "deje_de_lado dejes_de_lado dejen_de_lado deja_de_aplicar deje_de_aplicar dejen_de_aplicar"
    " dejar_de_aplicar pominął pominęła pomiń pominąć pomijaj",
    "ai": "бот бота боту ботом боты ботов",
    "you": "abyś abyście żebyś otrzymałeś otrzymałaś",
    "scope": "дал дали выдал выдали разработчик* otrzymał* przekazan* twórc*",
    "leak": "mostrar exibir exiba op_te_nemen opnemen neem_op",
    "leak_obj": "initialization_text initialisation_text initial_configuration initialkonfiguration*"
    " startkonfiguration* konfigurationstext* prompt_initial"
    " règles_cachées texte_de_configuration texto_de_configuración texto_de_configuracion texto_de_configuração"
    " testo_di_configurazione tekst_konfiguracji configuratietekst* текст_настроек текст_конфигурации",
    "please": "por_gentileza",
    "instr": "systemvorgabe*",
}
_WAVE25["ai"] += " kibot ki-bot"
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE25.items()})

# wave 26 (heldout43 ... heldout46): the Dutch "let them be what they are" (set aside) and "your only task", German
# data nouns in compounds (Kontodaten, Zugangsdaten), the Russian formal "you" (вами), settings and "are cancelled",
# the Polish "for the bot", the Indonesian send verbs and mailbox, the Hungarian "invalid", "agent", "files" and
# "you received", the Czech "rules" with the AI in the accusative, HR records (headcount, payroll) as private data,
# "format ... as a link" as putting data into one, a person's data by the possessive ("the student's notes"), Czech
# words for a sentence quoted as such
_WAVE26: Final[dict[str, str]] = {
    "override": "voor_wat_ze_zijn voor_wat_het_is naast_je_neer",
    "fresh": "only sole enige einzige seule única unica unico jedyne jedynym единственная",
    "data": "kontodaten bankdaten zugangsdaten personaldaten gehaltsdaten kotak_surat surel_pengguna fájljait fájlját"
    " fájlokat headcount* payroll* personnel_file* personnel_record* staff_list* employee_list* employee_record*",
    "you": "вами вам своей свою своего kaptál kaptad ti_hanno ti_sono ti_è",
    "instr": "настройк* pravidla pravidel",
    "void": "отменяются отменены отменена érvénytelennek érvénytelen érvénytelenek were_a_draft was_a_draft"
    " were_only_a_draft",
    "ai": "dla_bota do_bota botowi ügynök ügynöknek ügynököt umělou_inteligenci umělá_inteligence",
    "send": "mengirim mengirimkan",
    "leak": "wklej* letterlijk woord_voor_woord",
    "scope": "kaptál kaptad původní",
    "mention_weak": "věty věta větu vět fráze frázi",
    "put": "format formatted",
    "convo": "student_s the_student_s patient_s the_patient_s customer_s the_customer_s client_s the_client_s"
    " employee_s the_employee_s mesajele utilizatorului conversația conversației istoricul_conversației",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE26.items()})

# wave 27 (heldout47 ... heldout50): instructions declared stale ("are stale", "old news", "deixaram de valer", "dejaron
# de valer"), thrown away by ceasing to apply them or setting them aside ("cease applying", "dejes a un lado"), "what
# your admins told you" as the instructions, "ur" for "your", an automated reviewer in Spanish and Portuguese, Italian
# virtual assistants that analyse, "is bound to" (è tenuto a) as a modal, a Portuguese virtual attendant, the Russian
# "(restrictions) lifted" and "sends"; copy-out verbs: the Turkish "would you write", the Russian "output"
# (выведите), the Ukrainian "cite" and "verbatim" (навести, дослівно)
_WAVE27: Final[dict[str, str]] = {
    "void": "сняты сняты_все stale are_stale is_stale old_news out_of_date deixaram_de_valer deixou_de_valer"
    " deixaram_de_se_aplicar dejaron_de_valer han_dejado_de_valer dejaron_de_aplicarse",
    "override": "cease_applying cease_following cease_to_apply cease_to_follow dejes_a_un_lado deja_a_un_lado"
    " dejar_a_un_lado deje_a_un_lado dejen_a_un_lado",
    "instr": "what_your_admins_told_you what_your_admin_told_you what_your_operators_told_you"
    " what_your_developers_told_you what_your_devs_told_you what_your_creators_told_you what_they_told_you",
    "you": "ur",
    "scope": "booted_with lhe_foram_dadas te_configuraron",
    "ai": "avaliador_automatizado avaliador_automático evaluador_automático evaluador_automatizado"
    " revisor_automático revisor_automatizado assistenti_virtuali assistente_virtuale atendente_virtual"
    " atendentes_virtuais agente_virtual",
    "proc": "analizza analizzano",
    "send": "отправляет отправляют",
    "modal": "è_tenuto è_tenuta sono_tenuti",
    "leak": "yazar_mısın yazar_misin yazabilir_misin yazabilir_mısın yazın выведите выведи навести наведіть наведи"
    " дослівно",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE27.items()})

# wave 29 (heldout59 ... heldout66): instructions one is "no longer bound by" or that "no longer hold" (Greek
# "abolished", "revoked", "do not apply": καταργήθηκαν, ακυρώθηκαν, δεν ισχύουν), the Turkish
# "do not take into account" (dikkate almayın) as a verb that throws them away, the French gerund "adding" (en ajoutant
# ... à la fin de l'URL) as putting data into a link, the Finnish "paste" (liitä) and "system instructions / prompt",
# the Czech "initial" (úvodní)
_WAVE29: Final[dict[str, str]] = {
    "void": "no_longer_bound no_longer_be_bound no_longer_binding no_longer_hold no_longer_holds are_not_binding"
    " not_bound_by καταργήθηκαν καταργούνται καταργείται ακυρώθηκαν ακυρώνονται δεν_ισχύουν",
    "override": "dikkate_almayın dikkate_almayin dikkate_alma dikkate_almadan",
    "put": "ajoutant en_ajoutant",
    "leak": "liitä liittäkää",
    "leak_obj": "järjestelmäohje* järjestelmäkehote*",
    "scope": "úvodn*",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE29.items()})

# wave 30 (heldout67 ... heldout74): the Polish "abandon" (porzuć) and the Portuguese "no longer count" (não valem
# mais) for thrown-away instructions, the Portuguese support "robot" (robô) as an AI, the Spanish "show me" (muéstrame)
# as a copy-out verb; "of the kind" (du type, del tipo, vom Typ) before a quotation names words, like "the phrase"
_WAVE30: Final[dict[str, str]] = {
    "mention_weak": "du_type del_tipo vom_typ",
    "override": "porzuć porzućcie porzucić porzuc porzuccie",
    "void": "não_valem_mais não_vale_mais já_não_valem já_não_vale nao_valem_mais nao_vale_mais",
    "ai": "robô robôs",
    "leak": "muéstrame muéstranos muéstreme muéstrenos muestrame",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE30.items()})

# wave 43 (heldout141 ... heldout144): "scrap the rules you were set up with" as throwing them away, "you are off
# duty from your old guidelines" as instructions that no longer hold ("the brief you got" as the reader's
# instructions was dropped: "Design brief: forget the brief you got from sales" is a person's)
_WAVE43: Final[dict[str, str]] = {
    "override": "scrap",
    "void": "off_duty_from",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE43.items()})

# wave 45 (heldout153-156): the Polish "I void" (unieważniam) and "from now on" (odtąd, od teraz), the Dutch "lapses"
# (vervalt hierbij) and "what you were charged with" (opgedragen) as the reader's orders, the Spanish "what they told
# it" (lo que le indicaron) and "(the system) that processes" (que procese), "claim" as dictating the answer (Dutch
# beweren, Polish twierdzić, French prétendre, Swedish påstå, Danish påstå), "show me" in Spanish and Danish/Norwegian
# (mostrarme, vis mig, vis meg)
_WAVE45: Final[dict[str, str]] = {
    "override": "unieważniam unieważnij unieważniamy unieważnijcie",
    "void": "vervalt_hierbij vervallen_hierbij komen_te_vervallen",
    "instr": "opgedragen lo_que_le_indicaron lo_que_te_indicaron lo_que_le_dijeron lo_que_te_dijeron",
    "henceforth": "odtąd od_teraz od_tej_pory",
    "steer": "beweren beweer beweert twierdzić twierdź twierdzisz prétendre prétends prétendez påstå påstår",
    "proc": "procese procesen",
    "leak": "mostrarme mostrarnos vis_mig vis_meg vis_os",
}
MORE_CUES.update({cue: MORE_CUES.get(cue, "") + " " + words + "\n" for cue, words in _WAVE45.items()})
