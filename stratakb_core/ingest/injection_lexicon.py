"""Word lists behind the injection co-occurrence rule (``injection_cooccur``), by cue (no I/O).

Each cue maps to words in English, German, French, Spanish, Portuguese, Italian, Dutch, Polish,
Russian, Turkish and Swedish (Czech and Ukrainian in part; Danish, Norwegian, Finnish, Hungarian,
Romanian, Indonesian, Vietnamese and Greek in ``injection_lexicon_more``), matched against a
passage's lower-cased words: ``word`` matches that word, ``stem*`` any word that starts with it,
and ``two words`` a run of words (an apostrophe splits a word: "don't" is ``don t``).
``SCRIPT_CUES`` (in ``injection_lexicon_scripts``) holds the same cues for scripts written without
spaces between words or with attached particles (Chinese, Japanese, Korean, Arabic and Persian, Hindi,
Hebrew, Thai, Bengali), matched as substrings. The cues:

* ``ai``: names for an AI reader (assistant, language model, chatbot, KI, IA, ИИ, ...);
* ``you``: second-person pronouns and possessives, the reader the order is aimed at;
* ``override``: verbs that throw orders away (ignore, set aside, stop following, vergiss, ...);
* ``void``: predicates that declare orders dead (no longer apply, expired, revoked, außer Kraft);
* ``instr``: what is thrown away (instructions, guidelines, system prompt, consignes, ...);
* ``scope``: qualifiers that make those the reader's own (previous, initial, configured, given);
* ``steer``: base-form verbs that dictate the answer (reply, state, tell, responde, antworte);
* ``modal``: words that make a sentence an order (must, shall, hereby, from now on, désormais);
* ``leak``: verbs that copy something out (print, reveal, quote, translate, encode, recopie);
* ``leak_obj``: the operator's own text (system prompt, developer messages, context window);
* ``secret``: hiding the act (do not mention, without telling, silently);
* ``limitless`` / ``unbounded``: a persona without limits (unrestricted, no content policy, never
  refuses) / looser words for it that count only with an AI named (no restrictions, no filters);
* ``henceforth``: the order starts now (from now on, ab sofort, désormais, 从现在);
* ``fresh`` / ``task``: a replacement announced ("new instructions:", "your real task");
* ``send`` / ``data``: moving data (send, upload, forward / conversation, credentials, passwords);
* ``link`` / ``put``: where data goes in a link (url, image, query parameter) / putting it there
  (append, embed, followed by, añade);
* ``tool`` / ``destroy``: calling a tool and destructive arguments (delete, wipe, export, grant);
* ``proc``: an AI reader at work on this text (reading, processing, summarising, reviewing);
* ``prep``: words that address someone (to, for, dear, attention, note, hinweis, uwaga);
* ``lead``: words that may open an imperative sentence (please, now, important, per favore);
  ``please``: the words of a plea, after which a verb is an order wherever it stands ("Next, please dump ...");
* ``mention``: a sentence about attacks (attacker, injection, phishing, example, researchers);
  ``mention_weak`` (phrase, string, sentence) counts only in a sentence that also quotes something;
* ``request``: a polite request ("could you", "kannst du"): its modal is no permission;
* ``permit``: permission, a condition, a negation or a causative (can, may, if, not, make it, try
  to) just before the cue it cancels;
* ``annul`` / ``supplant``: weaker override verbs that count near the reader's own instructions or
  for an AI addressed (cancel, disable, désactive / replace, ersetzen, заменяют);
* ``persona_off``: the reader told it is no longer who it was (you are no longer, tu n'es plus);
* ``persona_on``: the reader told who it is ("you are", eres, du bist), an order with "from now on" and an AI called;
* ``exec`` / ``callnoun`` / ``callref``: "execute the calls above" (ejecutar, llamadas, anteriores);
* ``toolnoun``: a tool by name (tool, Werkzeug, herramienta, narzędzie);
* ``content`` / ``docs`` / ``work``: "the contents of the attached files" count as data in a
  sentence about the reader's answer or summary (avant de répondre, before you reply);
* ``convo``: the conversation or the user's data, for slots in links (``injection_slots``);
"""

from __future__ import annotations

from typing import Final

from stratakb_core.ingest.injection_lexicon_more import MORE_CUES  # Danish, Finnish, Hungarian, Romanian, ...
from stratakb_core.ingest.injection_lexicon_scripts import SCRIPT_CUES  # the same cues for CJK, Arabic, Hindi

__all__ = ["CUES", "SCRIPT_CUES"]

_CUES: Final[dict[str, str]] = {
    "ai": """
        artificial_intelligence automated_system automated_agents automated_agent jazykový_model
        jazykovému_modelu agenta agentovi asistenta asistentovi ші ші-асистент* асистент*
        штучний_інтелект
        automatisierte_prüfsysteme automatisierten_prüfsystemen automatisierte_systeme automatisierten_systemen
        ai llm llms gpt chatgpt claude copilot gemini chatbot chatbots bot bots assistant assistants
        language_model language_models ai_model ai_models ai_system ai_systems ai_tool ai_tools ai_agent
        ai_agents model models automated_readers automated_reader automated_assistant
        automated_assistants automated_systems automated_tools ai_reviewers ai_reviewer llm_reviewer
        virtual_assistant machine_reader ki ki-systeme sprachmodell* assistent assistenten ia assistante
        modèle modele intelligence_artificielle asistente asistentes modelo modelos
        inteligencia_artificial assistente assistentes modello intelligenza_artificiale inteligência
        inteligencia taalmodel* ai-assistent model_językowy modelu_językowego modelem asystent* czatbot*
        ии ии-ассистент* ассистент* нейросет* языков* модел* чат-бот* yapay_zeka yapay_zekâ asistan* dil_modeli
        språkmodell* ai-assistent* coding_agent coding_agents autonomous_agent autonomous_agents
        llm_agent llm_agents
        summarisers summarizers summariser summarizer
    """,
    "you": """
        svého svých tvoje tvé tvůj tvých tvoji tobě tebe твої твій твоя свої свою тобі тебе
        you your yours yourself dein deine deinen deinem deiner dich dir ihr tu ton tes toi vous votre
        vos te tú tus usted ustedes você voce vocês seu sua teu tua seus suas tuo tuoi tue jij jouw jou
        jullie ty twój twoja twoje twoich ciebie tobie swoje swój swoich ты твой твоя твои твоё тебе
        тебя вы ваш ваши вам вас свой свои свою своих sen senin sana din ditt dina dig
        swojego swojej swoim twojego twojej twoim
    """,
    "override": """
        notwithstanding zapomeň zapomeňte ignoruj ignorujte nedbej ігноруй* проігноруй* забудь* не_зважай
        ignore disregard forget overlook bypass override circumvent sidestep discard ditch dismiss
        neglect unlearn abandon drop ignoring disregarding forgetting overriding abandoning discarding
        neglecting set_aside put_aside push_aside leave_aside pay_no_attention pay_no_heed pay_no_mind
        stop_following stop_applying stop_obeying stop_using stop_honouring stop_honoring
        stop_respecting not_following not_follow not_obey not_apply not_applying not_honour not_respect
        no_longer_follow no_longer_obey throw_away throw_out ignorier* vergiss vergessen missachte*
        verwerf* verwirf übergeh* außer_acht ausser_acht nicht_befolgen nicht_mehr_befolgen
        nicht_beachten beachte_nicht befolge_nicht ignorez ignorer oublie oubliez oublier néglige*
        fais_abstraction faire_abstraction faites_abstraction ne_tiens_pas_compte ne_tenez_pas_compte
        ne_tiens_plus_compte ne_tenez_plus_compte
        ne_pas_tenir_compte passe_outre passez_outre écarte* ecarte* mets_de_côté ignora ignorar ignoren
        olvida olvide olvidar olviden haz_caso_omiso no_sigas no_siga no_sigan deja_de_lado
        pasa_por_alto descarta* omite desobedece esqueça esqueca esquece esquecer desconsidere
        desconsidera desconsiderar não_siga nao_siga não_sigas deixe_de_lado dimentica dimentichi
        dimenticare non_tenere_conto non_tener_conto tralascia trascura non_seguire scarta
        non_tenere_più_conto non_tener_più_conto non_tenere_piu_conto non_tener_piu_conto non_considerare_più
        non_considerare_piu
        metti_da_parte negeer negeren vergeet vergeten houd_geen_rekening niet_volgen volg_niet
        zet_opzij zignoruj ignoruj zapomnij pomiń pomin zlekceważ zlekcewaz nie_stosuj nie_przestrzegaj
        odrzuć odrzuc игнорир* проигнорир* забудь* забыть не_обращай отбрось отбросьте отмени пренебреги
        не_следуй не_выполняй не_подчиняйся unut* yok_say yoksay görmezden ignorera glöm bortse_från
        strunta_i följ_inte no_hagas_caso no_hagáis_caso
        no_sigues ya_no_sigues no_seguirás no_seguiras tu_ne_suis_plus tu_ne_suivras_plus ne_suivez_plus
        não_segues nao_segues já_não_segues não_seguirás non_segui non_seguirai
    """,
    "void": """
        null_and_void outdated be_dropped be_discarded be_disregarded not_be_applied switched_off
        turned_off isn_t_there is_not_there rank_above ranks_above outrank outranks
        gelten_ab_sofort_nicht_mehr gelten_ab_jetzt_nicht_mehr gelten_nicht_länger hinfällig
        ya_no_cuentan ya_no_valen ya_no_aplican ya_no_rigen já_não_valem non_contano_più
        ne_comptent_plus no_longer_count don_t_count neplatí již_neplatí přestávají_platit
        більше_не_діють скасовано
        no_longer_apply no_longer_applies no_longer_valid no_longer_in_effect no_longer_in_force
        no_longer_binding no_longer_relevant do_not_apply does_not_apply don_t_apply not_apply expired
        superseded revoked void voided cancelled canceled rescinded obsolete overridden suspended
        invalidated deactivated lifted withdrawn relieved released_from freed_from hereby_replaced
        replaced_by been_replaced been_changed außer_kraft ausser_kraft ungültig ungueltig aufgehoben
        widerrufen nicht_mehr_gültig gelten_nicht_mehr annulé* annule* caduc* révoqué* revoque*
        suspendu* remplacé* ne_s_appliquent_plus anulad* revocad* caducad* sin_efecto ya_no_son_válidas
        dejan_de_aplicarse revogad* sem_efeito não_se_aplicam nao_se_aplicam deixam_de_valer revocat*
        annullat* decadut* non_valgono_più non_si_applicano vervallen ingetrokken ongeldig
        niet_meer_geldig gelden_niet_meer nieważn* uchylon* anulowan* nie_obowiązują
        przestają_obowiązywać отменен* отменён* недействительн* аннулирован* больше_не_действуют
        не_действуют утратил* geçersiz iptal ogiltig* upphävd* återkallad* gäller_inte_längre
        no_longer_bound not_bound no_longer_required no_longer_restricted no_longer_obliged
        no_longer_subject supersedes supersede takes_precedence take_precedence takes_priority overrides
    """,
    "instr": """
        instrukce pokyny pokynů pravidla інструкц* правила вказівк*
        instruction instructions rules guidelines guidance directives directive system_prompt prompt
        prompts programming content_policy constraints guardrails safety_rules safety_guidelines
        operating_instructions configured_behaviour configured_behavior anweisung* instruktion* regeln
        vorgaben richtlinie* befehle systemprompt* consigne* règles regles instrucci* indicaciones
        reglas directrices normas órdenes ordenes pautas orientaciones instruç* instrucoes instrucao
        instructed orientações
        orientacoes regras diretrizes ordens istruzion* regole direttive indicazioni linee_guida
        instructie* richtlijn* regels opdrachten aanwijzingen instrukcj* polecen* zasad* reguł* regul*
        wytyczn* инструкц* указани* правил* команд* директив* ограничени* talimat* kural* yönerge*
        komut* regler riktlinjer direktiv rule directions everything_above everything_before
        everything_you_were_told what_you_were_told operator_s_policy safety_policy usage_policy
    """,
    "scope": """
        issued loaded setup got bekommen bekommen_hast dosavadní předchozí původní попередн* отриман*
        previous previously prior preceding earlier above original initial initially existing current
        currently usual configured given received told initialised initialized operator operators
        operator_s developer developers developer_s creators system hidden secret confidential internal
        so_far until_now before all every vorherig* bisherig* obig* früher* frueher* ursprünglich*
        erhalten* précédent* precedent* antérieur* anterieur* initial* ci-dessus reçu* recu* fourni*
        anterior* previa* previo* previas previos recibi* antes iniciales recebeu recebid* ricevut*
        finora iniziali eerder* vorige gekregen oorspronkelijk* wcześniejsz* wczesniejsz* poprzedni*
        otrzyman* dotychczasow* предыдущ* прежн* ранее полученн* исходн* önceki yukarıdaki verilen
        tidigare föregående ursprungliga
    """,
    "steer": """
        characterise characterize classify portray
        answer reply respond say state tell confirm recommend describe approve claim inform assert
        declare praise insist let_the_reader_know let_the_user_know let_everyone_know let_them_know
        tell_everyone tell_the_user tell_the_reader report_that mark_it antworte* beantworte* sage sag
        behaupte* empfiehl bestätige* teile_mit réponds répondez répondre dis dites indique* affirme*
        recommande* confirme* déclare* responde responda responder contesta* di diga dile afirma*
        recomienda* informa* comunica* informe recomende confirme comunique rispondi rispondere dici
        afferma* conferma* raccomanda* antwoord* zeg vertel meld bevestig odpowiadaj odpowiedz powiedz
        mów stwierdź potwierdź informuj отвечай* ответь скажи сообщай* сообщи говори подтверди
        рекомендуй утверждай söyle yanıtla cevap svara säg berätta bekräfta rekommendera
        treat behandle traite traitez trata tratta behandel traktuj считай davran behandla
    """,
    "modal": """
        must should shall have_to has_to is_to are_to required_to is_required are_required hereby please
        kindly always never from_now_on henceforth with_immediate_effect instead your_task your_new_task
        your_job muss müssen soll sollen ab_sofort ab_jetzt von_nun_an doit doivent devez dois désormais
        dorénavant à_partir_de_maintenant debe deben debes a_partir_de_ahora de_ahora_en_adelante deve
        devem devi devono a_partir_de_agora d_ora_in_poi da_ora_in_poi moet moeten vanaf_nu voortaan
        musi musisz należy od_teraz od_tej_chwili должен должна должны обязан отныне с_этого_момента
        teraz artık måste ska från_och_med_nu
        повинен повинна повинні
        is_permitted are_permitted is_allowed are_allowed is_authorised is_authorized are_authorised
        are_authorized
    """,
    "leak": """
        copied napiš vypiš zopakuj прокажи напиши виведи покажи повтори
        reveal print show display output repeat quote copy reproduce recite dump disclose divulge leak
        translate encode append prepend paste echo expose write_out spell_out type_out tell_me give_me
        list zeig zeige zeigen gib verrate* wiederhole* nenne kopiere* übersetze* gib_aus affiche*
        montre* révèle* revele* répète* repete* recopie* copie* cite* donne* divulgue* traduis*
        reproduis* muestra* revela* repite* copia* imprime* cita* divulga* traduce* reproduce* escribe*
        dime mostre mostra revele repita copie imprima divulgue traduza reproduza exiba rivela* ripeti*
        riporta* stampa* traduci* riproduci* trascrivi* toon herhaal kopieer citeer onthul vertaal pokaż
        pokaz wyświetl wyswietl podaj ujawnij powtórz powtorz skopiuj przepisz wypisz przetłumacz
        zacytuj покажи выведи раскрой напиши повтори скопируй процитируй перепиши переведи выдай
        распечатай göster yazdır tekrarla visa skriv upprepa avslöja kopiera återge quoting repeating
        printing revealing reproducing copying reciting listing translating outputting disclosing
        dumping
        раскрыть показать вывести повторить
        процитуй розкрий скопіюй надрукуй відтвори перепиши
    """,
    "leak_obj": """
        complete_prompt full_prompt entire_prompt hidden_configuration hidden_config
        secret_configuration internal_configuration set_you_up configured_you developers_gave_you
        developer_gave_you creators_gave_you developers_used list_of_tools systémový_prompt
        systémové_instrukce системний_промпт системні_інструкції
        system_prompt system_prompts system_message system_instructions developer_message
        developer_messages developer_prompt developer_instructions hidden_instructions
        initial_instructions original_instructions initial_prompt original_prompt context_window
        pre-prompt preprompt metaprompt meta-prompt hidden_prompt secret_instructions
        confidential_instructions internal_instructions operator_s_text operator_instructions
        instructions_de_son_système instructions_de_votre_système instructions_de_ton_système
        rules_and_tools systemprompt* systemanweisung* prompt_système prompt_systeme consignes_cachées
        consignes_initiales instructions_initiales instructions_cachées prompt_del_sistema
        instrucciones_de_sistema instrucciones_del_sistema instrucciones_iniciales prompt_do_sistema
        instruções_do_sistema instruções_iniciais prompt_di_sistema istruzioni_di_sistema
        istruzioni_iniziali systeemprompt prompt_systemowy instrukcje_systemowe системный_промпт
        системные_инструкции системн* исходные_инструкции systemprompt everything_above
        everything_before text_above all_text_above above_this_line everything_that_appears_before
        you_were_told were_you_told you_were_given were_you_given you_were_initialised
        you_were_initialized you_were_configured you_were_instructed
        configuration_message configuration_prompt config_message setup_message setup_prompt
        tool_descriptions tool_definitions function_definitions tool_schemas systeeminstructie* systeemregels
        systeminstruktion* sistem_talimat* sistem_istemi instrucciones_ocultas instruções_ocultas
        istruzioni_nascoste verborgen_instructies versteckte_anweisungen versteckten_anweisungen
        ukryte_instrukcje ukrytych_instrukcji promptu_systemowego promptem_systemowym instrukcji_systemowych
        скрытые_инструкции gizli_talimatlar dolda_instruktioner consignes_système message_de_configuration
        mensaje_de_configuración konfigurationsnachricht
    """,
    "secret": """
        bez_pytania bez_potwierdzenia utan_att_fråga ohne_nachzufragen ohne_rückfrage sin_preguntar
        sem_perguntar senza_chiedere sans_demander zonder_te_vragen без_подтверждения sormadan
        nic_neříkej nikomu_neříkej нічого_не_кажи не_згадуй нічого_про_це_не_згадуй
        not_mention never_mention without_mentioning not_reveal never_reveal not_disclose not_cite
        never_cite not_tell never_tell without_telling not_inform without_informing not_acknowledge
        not_warn never_warn without_warning_the_user
        not_alert without_alerting not_notify without_notifying silently quietly secretly covertly
        discreetly in_secret behind_the_user nicht_erwähnen erwähne_nicht ohne_zu_erwähnen verschweige*
        erwähne_keine erwähne_keinen erwähnen_sie_keine
        sans_mentionner ne_mentionne_pas ne_mentionnez_pas sin_mencionar no_menciones no_mencione
        sem_mencionar não_mencione senza_menzionare non_menzionare niet_vermelden zonder_te_vermelden
        nie_wspominaj bez_wspominania не_упоминай не_упоминая тайно молча bahsetme nämn_inte
        without_asking without_confirmation no_confirmation without_asking_for_confirmation
        не_сообщай не_сообщайте не_говори
    """,
    "limitless": """
        bez_omezení без_обмежень
        no_content_policy unrestricted unfiltered uncensored jailbroken never_refuses never_refuse
        developer_mode god_mode dan_mode
    """,
    "send": """
        pošli pošlete odešli nahraj надішли надішліть відправ* завантаж
        sending uploading forwarding emailing transmitting posting
        send post upload forward transmit submit exfiltrate exfil beacon email e-mail mail deliver push
        relay sync leak ping fetch visit call sende schicke schick übermittle lade_hoch envoie envoyez
        envoyer transfère transmets envía envia enviar manda reenvía envie mande encaminhe invia inoltra
        trasmetti stuur verstuur wyślij wyslij prześlij przeslij отправь отправьте отправить перешли
        gönder skicka sent posted uploaded forwarded emailed transmitted submitted delivered exfiltrated
        leaked copy copied report lade hochladen hochgeladen
        leite weiterleiten leite_weiter
    """,
    "data": """
        email_address e-mail_address token_cache session_token session_tokens session_cookie session_cookies
        database_dump database_dumps db_dump historii_konverzace hesla історію_розмови історія_розмови
        парол* sohbet* şifre*
        conversation conversations chat_history conversation_history message_history full_history
        entire_history transcript transcripts chat_log credentials credential password passwords passwd
        api_key api_keys apikey access_token access_tokens session_token session_cookies cookies
        personal_data user_data user_s email_addresses phone_numbers home_addresses secrets secret
        private_key private_keys ssh_key ssh_keys env system_prompt knowledge_base previous_messages
        customer_data customer_records user_messages user_question user_questions gespräch* chatverlauf
        verlauf passwort* zugangsdaten daten historique mot_de_passe mots_de_passe données identifiants
        conversación historial contraseña* datos credenciales conversa histórico historico senha senhas
        dados credenciais conversazion* cronologia dati credenziali gesprek* geschiedenis wachtwoord*
        gegevens rozmow* hasł* hasl* dane переписк* разговор* истори* парол* данны* konuşma* geçmiş*
        şifre* parola* veri* konversation* historik* lösenord* uppgifter the_chat this_chat full_chat
        entire_chat whole_chat confidential_documents internal_documents all_documents all_the_documents
        all_files ssh id_rsa aws_credentials last_message dernier_message message_de_l_utilisateur
        messages_de_l_utilisateur question_de_l_utilisateur mensaje_del_usuario mensagem_do_usuário
        mensagem_do_usuario messaggio_dell_utente nachricht_des_nutzers card_number card_numbers
        confidential confidentiels confidentielles vertraulich* confidencial* riservat* vertrouwelijk*
        poufn* конфиденциальн* gizli konfidentiell* card_details caller_numbers
        mailbox inbox postfach boîte_de_réception bandeja_de_entrada caixa_de_entrada casella_di_posta
        postvak skrzynka_pocztowa почтовый_ящик
        passwörter kennwort* mots_de_passe
        korespondencję_z_klientami korespondencja_z_klientami correspondence_with_customers
        correspondence_with_clients corrispondenza_con_i_clienti korrespondenz_mit_kunden
        alarm_codes gate_codes door_codes access_codes entry_codes
    """,
    "link": """
        url urls link links image images markdown_image query_string query_parameter parameter src href
        pixel tracking_pixel badge lien enlace imagen imagem immagine collegamento
        bild bilder afbeelding obraz obrazek картинк* изображени* resim görsel bilden bağlantı*
    """,
    "tool": """
        tool tools function functions plugin plugins api action command shell terminal call invoke
        execute trigger run use werkzeug outil herramienta ferramenta strumento funktion fonction
        función funzione
        rufe ruf führe verwende nutze appelle appelez exécute exécutez utilise utilisez llama ejecuta
        ejecutar utiliza chame chama executa chiama esegui roep voer gebruik wywołaj uruchom użyj вызови
        zavolej spusť použij κάλεσε εκτέλεσε
        вызовите запусти выполни используй функци* инструмент* çağır çalıştır anropa kör använd
        usa
    """,
    "destroy": """
        skicka wyślij envía sende grant_role grant_access
        delete deletes deleting drop rm wipe erase purge truncate destroy remove export exfiltrate
        transfer grant revoke disable shutdown shut_down format overwrite löschen lösche supprime
        supprimer borra eliminar apaga excluir cancella elimina verwijder usuń usun удали удалить
        payment payments pay wire iban cancel send purchase buy refund transfers
        bypass bypass_checks skip_checks force_push transferir transférer trasferire überweise*
        borrar apagar cancellare verwijderen usun* usuni* sil radera ta_bort
        force skip_the_review skip_review skip_tests skip_checks no_verify
    """,
    "proc": """
        that_index that_read that_process that_review that_summarise that_summarize that_ingest
        that_analyse that_analyze who_read zpracovává zpracovávající обробляє
        reading reads processing processes parsing parses summarising summarizing summarises summarizes
        auto-summarises auto-summarizes analysing analyzing analyses analyzes reviewing reviews indexing
        indexes ingesting ingests helping crawling scanning handling that_reads that_processes who_reads
        liest lesen verarbeit* zusammenfass* lisant lit lisez traitant traite résumant lee leyendo
        procesa procesando resumiendo lê lendo processa processando legge leggendo elabora elaborando
        leest verwerkt czytający czyta przetwarza* читающ* обрабатыва* okuyan işleyen läser bearbetar
    """,
    "prep": """
        pro pokyn poznámka інструкція для
        to for dear hey hi hello attention note notice memo message reminder warning important psst any
        every all an für fuer liebe lieber hinweis achtung à pour cher chère chere para querido querida
        estimado estimada prezado prezada caro cara gentile nota per beste voor aan dla drogi droga
        uwaga для уважаем* вниманию внимание примечание için dikkat till hej obs
    """,
    "mention": """
        наприклад например єкці* инъекци* атак* například útok* injekc* útočník*
        attack attacks attacker attackers attacking injection injections injected inject
        prompt_injection malicious adversarial adversary payload payloads jailbreak jailbreaks
        jailbreaking exploit exploits exploited vulnerability vulnerabilities phishing malware
        researcher researchers red_team owasp cve threat threats e.g such_as for_example example
        examples classifier detector detection detect detects mitigation mitigations defence defense
        technique techniques scam scams fraudster fraudsters angreifer attaquant attaquants atacante
        atacantes aanvaller atakujący злоумышленник* assert tested testing regex scan scanner contained
        quoted
    """,
    "mention_weak": """
        sentence sentences phrase phrases wording string strings frase frases satz sätze фраза фразы
        фразу zdanie zdania
    """,
    "request": """
        could_you can_you would_you will_you could_u can_u would_you_be_so_kind könntest_du kannst_du
        könnten_sie pourriez_vous pourrais_tu peux_tu podrías puedes podría_usted poderia pode_me
        potresti puoi kun_je zou_je czy_możesz możesz мог_бы можешь можете
    """,
    "permit": """
        make_its get_its make_their get_their
        can may could might cannot can_t able_to allowed_to lets_you if when unless whether how why don
        not never doesn didn
        make_it makes_it making_it get_it_to
        make_the_model make_the_assistant trick_it trick_the_model
    """,
    "unbounded": """
        zero_filters zero_restrictions zero_rules sin_filtro sans_filtre senza_filtro ohne_filter
        no_restrictions no_restriction without_restrictions without_any_restrictions no_rules
        without_rules no_filters no_filter no_limits no_limitations without_limits no_safety
        no_guidelines no_operator no_ethical no_moral ohne_regeln ohne_einschränkungen ohne_filter
        sans_restrictions sans_règles sans_filtre sin_restricciones sin_reglas sin_filtros sem_regras
        sem_restrições sem_filtros senza_restrizioni senza_regole senza_filtri zonder_regels
        zonder_beperkingen bez_ograniczeń bez_zasad bez_filtrów без_ограничений без_правил без_фильтров
        without_filters without_filter without_any_filters without_guardrails no_guardrails
        kısıtlama_olmadan utan_begränsningar utan_regler
    """,
    "henceforth": """
        rest_of_this_chat rest_of_this_conversation rest_of_this_thread rest_of_this_session
        rest_of_the_conversation rest_of_the_chat desde_ahora desde_ya od_této_chvíle od_teď відтепер
        з_цього_моменту
        from_now_on henceforth from_this_point from_this_point_on from_this_paragraph_onward
        from_here_on ab_sofort ab_jetzt von_nun_an désormais dorénavant à_partir_de_maintenant
        a_partir_de_ahora de_ahora_en_adelante a_partir_de_agora d_ora_in_poi da_ora_in_poi vanaf_nu
        voortaan od_teraz od_tej_chwili отныне с_этого_момента artık från_och_med_nu
    """,
    "put": """
        koy ekle přidej vlož додай встав
        append add include embed render insert attach put encode end_with prepend substitute fill_in
        termine terminez suivi suivie followed_by encoded url_encoded encodé encodée incluye incluya
        añade añada agrega inserta ajoute ajoutez insère inclus incluez füge hänge anhängen einfügen
        inclua adicione anexe acrescente aggiungi inserisci includi voeg dodaj wstaw добавь вставь ekle
        lägg_till
        fill filling_in filled_in fülle remplis rellena preenche riempi vul wypełnij заполни doldur fyll
        appending inserting attaching substituting
    """,
    "lead": """
        please kindly now then also first just and so important attention ok okay per_favore por_favor
        bitte s_il_vous_plaît s_il_te_plaît merci_de proszę пожалуйста lütfen alsjeblieft alstublieft
        vänligen prego
        step schritt étape etapa passo stap krok шаг adım steg jetzt maintenant ahora agora ora nu teraz
        сейчас şimdi
        zanim_odpowiesz avant_de_répondre antes_de_responder bevor_du_antwortest prima_di_rispondere
        voordat_je_antwoordt прежде_чем_ответить перед_ответом before_answering before_replying
        przed_odpowiedzią vor_der_antwort prima_della_risposta voor_je_antwoord cevap_vermeden_önce
        innan_du_svarar
        immediately natychmiast sofort immédiatement inmediatamente imediatamente subito onmiddellijk
    """,
    "fresh": """
        new updated real actual true revised override secret hidden neue neuen neu echte eigentliche
        nouvelle nouvelles nouveau vraie vraies nueva nuevas nuevo verdadera verdaderas nova novas novo
        verdadeira nuova nuove vero vera nieuwe nowe nowa prawdziwe новые новая настоящ* yeni gerçek nya
        riktiga
    """,
    "task": """
        task tasks mission job assignment objective aufgabe tâche tarea misión tarefa missão compito
        taak opdracht zadanie задача задание görev görevin uppgift
    """,
    "annul": """
        cancel revoke suspend disable deactivate turn_off switch_off lift annule annulez annuler
        désactive désactivez cancela cancele anula desactiva desativa desative annulla disattiva sospendi
        hebe_auf deaktiviere setze_außer_kraft schakel_uit hef_op anuluj wyłącz wylacz отключи отмените
        iptal_et devre_dışı_bırak upphäv stäng_av
    """,
    "supplant": """
        replace replaces supersede supersedes ersetzen ersetzt remplacent remplace reemplazan sustituyen
        substituem substituem sostituiscono vervangen zastępują заменяют yerini_alır ersätter
        replacing ersetze ersetzen reemplaza reemplazando substitua substitui sostituisci vervang
        zastąp zastap замени заменив заменить değiştir ersätt
    """,
    "persona_on": """
        you_are you_re eres sois du_bist tu_es vous_êtes sei jsi jesteś je_bent você_é ты_теперь ти_тепер
    """,
    "persona_off": """
        you_are_no_longer you_re_no_longer du_bist_nicht_mehr du_bist_kein tu_n_es_plus vous_n_êtes_plus
        ya_no_eres você_não_é_mais voce_nao_e_mais não_és_mais non_sei_più je_bent_niet_meer
        nie_jesteś_już już_nie_jesteś ты_больше_не вы_больше_не du_är_inte_längre
    """,
    "exec": """
        execute run perform carry_out invoke trigger ejecuta ejecutar exécute exécuter exécutez führe_aus
        ausführen esegui eseguire executa executar execute voer_uit uitvoeren wykonaj wykonać выполни
        выполнить запусти çalıştır kör utför
    """,
    "callnoun": """
        call calls tool_call tool_calls function_call function_calls actions commands llamada llamadas appel
        appels aufruf aufrufe chiamata chiamate chamada chamadas aanroep aanroepen wywołanie wywołania вызов
        вызовы çağrı çağrıyı anrop anropet
    """,
    "callref": """
        above below listed following preceding anterior ci-dessus oben obigen sopra precedente acima
        hierboven powyżej powyzej выше yukarıdaki ovan
        anteriores precedentes precedenti vorherigen poprzednie powyższe предыдущие föregående ovanstående
    """,
    "content": """
        content contents inhalt inhalte contenu contenido conteúdo conteudo contenuto inhoud treść tresc
        содержимое содержание içerik içeriğini innehåll innehållet
    """,
    "docs": """
        file files document documents attachment attachments dossier fichier fichiers pièces_jointes
        archivo archivos adjuntos documento documentos arquivo arquivos anexos allegati allegato
        documenti datei dateien anhänge anhang dokument dokumente bestand bestanden bijlage bijlagen
        klantdossier plik pliki załącznik* dokumenty файл файлы файлов вложени* документ*
        dosya dosyalar ekler belge* fil filer bilaga bilagor handlingar
    """,
    "work": """
        answer reply response summary answering replying summarising summarizing antwort antwortest
        zusammenfassung réponse répondre résumé respuesta responder resumen resposta responder resumo
        risposta rispondere riassunto antwoord antwoorden samenvatting odpowied* podsumowanie
        ответ ответом резюме yanıt yanıtlamadan özet svar svarar sammanfattning
    """,
    "convo": """
        nutzers benutzers utilisateur usuario usuário utente użytkownika пользователя kullanıcının
        användarens sohbet*
        conversation conversations chat chat_history conversation_history transcript user_s the_user_s
        previous_messages earlier_messages message_history gespräch* chatverlauf verlauf historique
        conversation_précédente conversación historial conversa histórico historico conversazion*
        cronologia gesprek* geschiedenis rozmow* czat* переписк* истори* разговор* konuşma* geçmiş*
        konversation* historik* chatt*
    """,
    "toolnoun": """
        tool tools function functions plugin plugins werkzeug werkzeuge outil outils herramienta
        herramientas ferramenta ferramentas strumento strumenti funktion fonction función funzione função
        narzędzie narzędzia инструмент* функци* araç aracı verktyg verktyget
        nástroj nástroje nástrojem εργαλείο εργαλεία
    """,
}
CUES: Final[dict[str, str]] = {cue: _CUES.get(cue, "") + MORE_CUES.get(cue, "") for cue in {**_CUES, **MORE_CUES}}
