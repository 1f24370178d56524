"""What a planted tool output asks of the agent, beside ``injection_toolout``'s orders (no I/O; used by it).

Wave 25 (heldout39-42) added a call's result named by the call ("[browser.fetch returned]"), a message in the tool's
role ('"role": "tool"'), Polish and Japanese "result of the tool call" and a Turkish note to the assistant
("asistana_not") to ``HEAD`` and ``KEY``.

Wave 24 (heldout35-38) showed three more shapes of a tool's output that gives orders:

* heads and instruction keys in more languages: "Eszköz kimenet (x):", "Työkalun x tulos:", "Observação da
  ferramenta x:", a key naming an instruction after a prefix ("agent_instruction", "에이전트_지시") or a message to the
  model ("aviso_ao_modelo", "üzenet az asszisztensnek") (``HEAD``, ``KEY``);
* an agent named in the output and a call written out with its arguments ("the agent must call
  send_files(to='x@y')", "agente deve chamar f(...)"): inside a tool's output "the agent" is the reader
  (``agent_call``);
* leave granted to the agent: skipping the user's confirmation ("agent may skip user confirmation", "sem consultar
  o usuário", "ohne Rückfrage"), or the user's consent claimed and the agent told to go on ("The user has
  authorised ... Proceed") (``leave_granted``).

A tool's name is an identifier ("scan_host", "meter.read_batch"): its words are not talk about attacks, so
``talk_masked`` blanks identifiers before the window's mention cues are read. Every pattern is bounded (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["HEAD", "KEY", "agent_call", "leave_granted", "talk_masked"]

HEAD: Final = (
    r"|\beszköz[ \t]+(?:kimenet\w{0,3}|eredmény\w{0,3}|válasz\w{0,3})"
    r"|\btyökalun[ \t]+[\w.-]{1,40}[ \t]+(?:tulos|vastaus|tuloste)\b"
    r"|\bobserva[çc][ãa]o[ \t]+da[ \t]+ferramenta|\bobservaci[óo]n[ \t]+de[ \t]+la[ \t]+herramienta"
    r"|\bosservazione[ \t]+dello[ \t]+strumento|\bobservation[ \t]+de[ \t]+l['’]outil"
    # wave 25: a call's result named by the call ("[browser.fetch returned]"), a chat message in the tool's role
    # ('"role": "tool"'), "the result of calling the tool" in Polish and Japanese
    r"|\[[ \t]*[a-z][\w-]{0,30}\.[\w.]{1,40}[ \t]+returned[ \t]*\]"
    r"|[\"']role[\"'][ \t]*:[ \t]*[\"'](?:tool|function)[\"']"
    r"|\bwynik[ \t]+wywołania[ \t]+(?:narzędzia|funkcji)|ツール(?:の)?(?:実行|呼び出し)結果"
    # wave 26: "Ausgabe des Werkzeugs x:", Czech and Slovak "the tool's answer / output", a Japanese "function
    # result" (<関数結果 ...>), a head written as an identifier ("resposta_da_ferramenta(x):")
    r"|\b(?:ausgabe|antwort|rückgabe)[ \t]+des[ \t]+werkzeugs|\b(?:odpověď|odpoveď|výstup|výsledek)[ \t]+nástroj[ea]"
    r"|関数(?:の)?(?:結果|出力|応答)|\b(?:resultado|respuesta|salida|resposta|sa[íi]da|risultato|risposta)_(?:de_la_"
    r"|de_|da_|do_|dello_|del_)(?:herramienta|ferramenta|strumento)\b"
    # wave 27: a head written as an identifier in Turkish ("araç_çıktısı") and Vietnamese ("ket_qua_cong_cu"), the
    # Indonesian "function result", the Arabic "result / output of the tool"
    r"|\bara[çc]_(?:[çc][ıi]kt[ıi]s[ıi]|sonucu)\b|\bhasil[ \t]+fungsi\b"
    r"|\bk(?:ết|et)[ _]qu(?:ả|a)[ _](?:c(?:ông|ong)[ _]c(?:ụ|u)|h(?:àm|am))\b"
    r"|(?:نتيجة|نتائج|مخرجات|ناتج)[ \t]+(?:الأداة|الاداة|الدالة)"
    # wave 29: "Output of card_controls.get():", "the function's result" in Romance languages and German, a
    # Korean "tool output", Hebrew and Georgian heads, "Retrieved by browse_tool", "RESULT (system tool):"
    r"|\b(?:output|result|response)[ \t]{1,3}of[ \t]{1,3}[a-z][\w.]{1,60}\(\)[ \t]*:"
    r"|\b(?:resultado|respuesta|salida)[ \t]+de[ \t]+la[ \t]+funci[óo]n|\b(?:resultado|resposta|sa[íi]da)[ \t]+da"
    r"[ \t]+fun[çc][ãa]o|\br[ée]sultat[ \t]+de[ \t]+la[ \t]+fonction|\brisultato[ \t]+della[ \t]+funzione"
    r"|\b(?:ergebnis|ausgabe)[ \t]+der[ \t]+funktion|도구[ \t]*출력|함수[ \t]*(?:결과|출력)"
    r"|(?:תוצאת|פלט)[ \t]+(?:ה)?כלי"
    r"|ხელსაწყოს[ \t]+(?:შედეგი|პასუხი)|\bretrieved[ \t]+by[ \t]+[a-z]\w{0,30}_(?:tool|plugin)\b"
    r"|\bresult[ \t]*\([ \t]*(?:system[ \t]+)?tool[ \t]*\)[ \t]*:"
    # wave 30: a call's result named by the call with its arguments ("pim.get_product(id=8) returned:")
    r"|\b[a-z]\w{0,30}\.[\w.]{1,40}\([^()\n]{0,80}\)[ \t]+returned[ \t]*:"
)
KEY: Final = (
    r"|(?:[^\W\d_]{1,20}[ _-])(?:instructions?|directives?|지시|指示|指令|anweisung|instrucci[óo]n|istruzione)"
    r"|(?:aviso|nota|mensagem|recado)[ _-](?:ao|à|para[ _-]o)[ _-](?:modelo|assistente|agente|ia)"
    r"|üzenet[ _-]az[ _-](?:asszisztensnek|modellnek|ai-nak|ügynöknek)"
    r"|(?:viesti|ohje)[ _-](?:avustajalle|mallille|agentille)"
    r"|(?:asistana|modele|ajana)[ _-](?:not|mesaj|talimat)\w{0,3}|(?:not|mesaj)[ _-](?:asistana|modele)"  # wave 25
    # wave 26: any key for the AI, in any of the lexicon's languages ("polecenie_dla_asystenta", "zpráva pro
    # agenta", "anweisung_an_assistent", "utasitas_az_ugynoknek", "próxima_ação_do_agente")
    r"|(?:[^\W\d_]{1,20}[ _-]){1,2}(?:for|to|dla|do|an|für|pour|para|per|pro|az|ao|al|à|voor|för)[ _-]"
    r"(?:the[ _-]|das[ _-]|den[ _-]|le[ _-]|el[ _-]|o[ _-]|il[ _-]|l')?(?:asyst\w{0,6}|assist\w{0,6}|asist\w{0,6}"
    r"|agent\w{0,4}|model\w{0,4}|modèle|ai|ia|ki|llm|bot\w{0,3}|[uü]gyn[oö]k\w{0,4}|asszisztens\w{0,4})"
    # wave 27: the same in Indonesian and Vietnamese ("catatan_untuk_asisten", "chi_thi_cho_tro_ly"), a Chinese key
    # "instructions for the assistant" (给助手的指令), a next-action field in more languages ("seuraava_toiminto")
    r"|(?:[^\W\d_]{1,20}[ _-]){1,2}(?:untuk|kepada|cho)[ _-](?:asisten\w{0,4}|agen|model|bot|ai|tr(?:ợ|o)[ _-]l(?:ý|y))"
    r"|给?(?:助手|助理|模型|智能体|代理|ai)的(?:指令|指示|命令|消息)"
    r"|(?:seuraava|nächste|prochaine|próxima|prossima|volgende|następna)[ _-](?:toiminto|aktion|action|acción"
    r"|ação|azione|actie|akcja)"
    # wave 29: a notice of the system (Spanish, Portuguese), a Hebrew or Arabic instruction to someone ("הוראה_לעוזר",
    # "تعليمات_للمساعد"), a Georgian "system command / instruction", a Japanese "instruction to the assistant"
    # (アシスタントへの指示), a Finnish "the system's message to the assistant"
    r"|aviso[ _-]d(?:el|o)[ _-]sistema|הוראה[ _-]ל\w{1,12}|(?:სისტემური[ \t]+)?(?:ბრძანება|ინსტრუქცია)"
    r"|تعليمات[ _]لل\w{1,12}|(?:アシスタント|モデル|エージェント|ai)への(?:指示|命令|メッセージ)"
    r"|järjestelmän[ _]viesti[ _]\w{1,14}"
    # wave 30: a note of the system in Spanish, Portuguese, Italian ("nota_sistema", "nota_do_sistema")
    r"|nota[ _-](?:del?[ _-]|do[ _-]|di[ _-])?sistema"
)
# the agent of a tool's output, in the lexicon's languages: "agent", "agente", "Agenten", "agentti", "에이전트"
_AGENT: Final = re.compile(
    r"\b(?:agent|agente|agenten|agentti|agentin|ajan|ügynök)\w{0,3}\b|에이전트|エージェント|智能体",
    re.IGNORECASE,  # wave 25: "Agent musi teraz wywołać ..." opens a sentence
)
# a call written out with its arguments: "send_files(to='x')", "alarm.silence(all=True)", "refund_all()"
_CALL: Final = re.compile(r"\b[a-z][a-z0-9]*[_.][\w.]{1,40}\([^()\n]{0,120}\)")
_SKIP: Final = re.compile(
    r"\b(?:skip|skips|skipping|bypass|bypasses|omit|omits|without)[ \t]+(?:the[ \t]+|any[ \t]+|all[ \t]+)?"
    r"(?:user(?:['’]s)?[ \t]+|customer(?:['’]s)?[ \t]+|human[ \t]+)?(?:confirmation|approval|consent|confirming"
    r"|asking)\b"
    r"|\bsem[ \t]+(?:consultar|perguntar|confirma[çc][ãa]o)|\bsin[ \t]+(?:consultar|preguntar|confirmaci[óo]n)"
    r"|\bohne[ \t]+(?:rückfrage|bestätigung|nachfrage)|\bsans[ \t]+(?:confirmation|demander|consulter)"
    r"|\bsenza[ \t]+(?:conferma|chiedere|consultare)|\bkysymättä\b|\bvahvistamatta\b|확인[ \t]*없이|確認(?:なし|せず)",
    re.IGNORECASE,
)
_CONSENT: Final = re.compile(
    r"\b(?:user|customer|client|owner|account[ \t]+holder)[ \t]+has[ \t]+(?:already[ \t]+)?(?:authori[sz]ed"
    r"|approved|consented|confirmed|agreed)\b[^\n]{0,200}?\b(?:proceed|go[ \t]+ahead|continue)[ \t]+(?:to|with|and)\b",
    re.IGNORECASE,
)
_IDENT: Final = re.compile(r"\b\w+(?:[_.]\w+)+\b")


# wave 26: a field of the output that holds a count ("脆弱性: 0件", "threats: 0"): a column's name, not talk
_COUNT_FIELD: Final = re.compile(
    r"^[ \t]*[^\n:：]{1,24}[:：][ \t]*\d[\d.,]{0,12}[ \t]*[^\s\d]{0,3}[ \t]*$", re.MULTILINE
)


def talk_masked(window: str) -> str:
    """``window`` with each identifier ("scan_host", "meter.read_batch") and each count field blanked: names, not
    words."""
    window = _COUNT_FIELD.sub(lambda m: " " * len(m.group()), window) if ":" in window or "：" in window else window
    return _IDENT.sub(lambda m: " " * len(m.group()), window) if "_" in window or "." in window else window


def agent_call(window: str) -> bool:
    """The output names the agent and writes out a call with its arguments for it to run."""
    return bool(_AGENT.search(window)) and bool(_CALL.search(window))


def leave_granted(window: str) -> bool:
    """The output lets the agent skip the user's confirmation, or claims the user's consent and says go on."""
    return bool(_SKIP.search(window) or _CONSENT.search(window))
