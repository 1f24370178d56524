"""Prompt-injection rules: the regular expressions behind ``injection.scan``, one per rule (no I/O).

Each pattern is an alternation of short, anchored phrasings; every repetition is bounded and no
quantified group holds another unbounded quantifier, so matching stays linear in the text's length.
``injection`` normalises the text (look-alikes, separators, zero-width characters) before these
patterns see it, so they are written for plain lower- or mixed-case text.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "AI_WORDS",
    "EXFIL_LINK",
    "HIDDEN_STYLE",
    "ORDER_WORDS",
    "OVERRIDE",
    "PROMPT_LEAK",
    "ROLE_TAG",
    "SEND_TO_URL",
    "TOOL_IMITATION",
]

_F: Final = re.IGNORECASE | re.MULTILINE


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in parts), _F)


_W: Final = r"[^.!?\n]{0,40}?"  # a few words, within the sentence
_INSTR_EN: Final = (
    r"instructions?|prompts?|rules|directions|directives|guidelines|guidance|commands|orders|context|"
    r"constraints|guardrails|restrictions|policies|programming|messages?|system (?:prompt|message)|"
    r"what (?:you were|i) (?:told|said)|everything (?:above|before)"
)
OVERRIDE: Final = _rx(
    # English
    rf"\b(?:ignore|disregard|forget|skip|override|bypass|neglect|drop|abandon|discard|throw away)\b{_W}"
    rf"\b(?:previous|prior|preceding|above|earlier|former|original|initial|existing|all|any|every|your|system)\b{_W}"
    rf"\b(?:{_INSTR_EN})\b",
    r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:above|before|prior|previously|you (?:were"
    r"|have been) told)",
    r"\b(?:ignore|disregard|forget)\s+(?:what|anything|everything)\s+(?:you\s+(?:were|have\s+been|'ve\s+been)|i)"
    r"\s+(?:told|said|given|instructed)\b",
    r"\b(?:obey|follow|listen\s+to)\s+only\s+(?:me|us|this\s+(?:page|document|text|paragraph))\b",
    r"\b(?:new|updated|real|actual|revised|secret|hidden|true|override|admin|developer)\s+(?:instructions?|task"
    r"|orders|directive|system prompt)\s*:",
    r"\bsystem\s+(?:override|update|notice|instruction)\s*:",
    r"\byou\s+are\s+now\s+(?:a|an|the|my|in|no longer)?\s*(?:\w+\s+){0,2}?"
    r"(?:assistant|ai|a\.i\.|model|bot|chatbot|agent|persona|character|dan|jailbroken|unrestricted|unfiltered|"
    r"uncensored|evil|free|developer mode|god mode|admin mode|debug mode|different)\b",
    r"\bfrom\s+now\s+on,?\s+(?:you\s+(?:are|will|must|should|shall|have to)|act|respond|answer|reply|ignore|always"
    r"|never)\b",
    r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered"
    r"|uncensored|jailbroken|evil|dan)\b",
    r"\bpretend\s+(?:that\s+)?(?:you\s+(?:are|have)|to\s+be)\s+(?:\w+\s+){0,3}?(?:no|without|free|unrestricted|evil"
    r"|dan)\b",
    r"\b(?:do\s+not|don'?t|never)\s+(?:follow|obey|listen to)\s+(?:your|the|any)\s+(?:\w+\s+)?(?:instructions|rules"
    r"|guidelines|system prompt)",
    r"\binstead,?\s+(?:you\s+(?:must|should|will)|respond|reply|answer|output|say"
    r"|tell the user)\b[^.\n]{0,60}\b(?:only|exactly|verbatim)\b",
    r"\b(?:stop|end)\s+(?:following|obeying)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:the|any|all)\s+(?:\w+\s+)?(?:instructions|rules|guidelines"
    r"|policies)\s+(?:of|from|set by|given by)\s+"
    r"(?:the|your)\s+(?:operator|developer|system|admin\w*|owner|deployer|company)",
    # German
    rf"\b(?:ignorier\w*|vergiss|vergessen\s+sie|missachte\w*|übergeh\w*)\b{_W}\b(?:vorherig\w*|bisherig\w*|obig\w*"
    rf"|vorig\w*|alle[nsm]?|früher\w*|deine|ihre)\b{_W}\b(?:anweisung\w*|instruktion\w*|befehl\w*|regeln|vorgaben)",
    r"\bneue\s+(?:anweisung\w*|aufgabe|befehle)\s*:",
    r"\bdu\s+bist\s+(?:jetzt|ab\s+sofort|nun)\s+(?:ein\w*\s+)?(?:\w+\s+){0,2}?(?:ki|assistent\w*|bot|modell|dan)\b",
    r"\bab\s+(?:jetzt|sofort)\s+(?:bist|wirst|musst|antwortest)\s+du\b",
    # French
    rf"\b(?:ignore[rsz]?|oublie[rsz]?|n[eé]glige[rsz]?)\b{_W}\b(?:instructions?|consignes?|directives?|règles"
    rf"|ordres)\b{_W}\b(?:pr[ée]c[ée]dent\w*|ant[ée]rieur\w*|ci-dessus)",
    r"\b(?:ignore[rsz]?|oublie[rsz]?)\s+(?:toutes\s+)?(?:les|tes|vos)\s+(?:instructions|consignes|directives|règles)",
    r"\bnouvelles?\s+(?:instructions?|consignes?|directives?)\s*:",
    r"\b(?:tu\s+es|vous\s+[êe]tes)\s+(?:maintenant|désormais|dorénavant)\s+(?:un\w*\s+)?(?:\w+\s+){0,2}?(?:ia"
    r"|assistant\w*|bot|modèle|dan)\b",
    # Spanish, Portuguese, Italian
    rf"\b(?:ignor[ae]\w*|olvid[ae]\w*|desconsider[ae]\w*|esque[cç]\w*|dimentica\w*)\b{_W}\b(?:instrucci\w+"
    rf"|instru[çc][õo]es|istruzioni|reglas|regras|regole|órdenes|ordens)\b",
    r"\b(?:nuevas|novas|nuove)\s+(?:instrucciones|instruções|instrucoes|istruzioni)\s*:",
    r"\b(?:ahora\s+eres|agora\s+(?:você\s+é|voce\s+e|és)|ora\s+sei)\s+(?:un\w*\s+)?(?:\w+\s+){0,2}?(?:ia|asistente"
    r"|assistente|bot|modelo|modello|dan)\b",
    # Dutch, Polish, Turkish
    rf"\b(?:negeer|vergeet)\b{_W}\b(?:instructies|opdrachten|regels)\b",
    rf"\b(?:zignoruj|zapomnij|pomiń)\b{_W}\b(?:instrukcje|polecenia|zasady)\b",
    rf"\b(?:önceki|yukarıdaki|tüm)\b{_W}\b(?:talimatları|komutları)\s+(?:yok\s+say|unut|görmezden\s+gel)",
    # Russian
    rf"(?:игнорир\w*|забудь\w*|проигнорир\w*|не\s+обращай\s+внимания\s+на){_W}(?:инструкц\w*|указани\w*|правил\w*"
    rf"|команд\w*)",
    r"(?:теперь\s+ты|отныне\s+ты)\s+\w+",
    # Chinese, Japanese
    r"(?:忽略|无视|忘记|忽视|無視|忘れ)[^。\n]{0,12}(?:指令|指示|说明|規則|规则|命令|提示)",
    r"(?:你现在是|从现在开始你|現在あなたは|今からあなたは)",
    r"(?:指令|指示|命令|ルール|規則)[^。\n]{0,6}(?:無視|忘れ)",
)
ROLE_TAG: Final = _rx(
    r"<\|\s*(?:system|user|assistant|im_start|im_end|endoftext|begin_of_text|start_header_id|end_header_id"
    r"|eot_id)\s*\|>",
    r"\[/?INST\]|<<\s*/?SYS\s*>>|\[/?SYSTEM\]",
    r"<(?:system|system_prompt|sys|admin)>(?!\s*\w{1,20}\s*</)",
    r"<instructions?>(?=[^<]{0,300}\b(?:you|your|assistant|ai|model|llm|ignore|respond|reply|answer)\b)",
    r"^[ \t]*#{1,4}[ \t]*(?:system|instruction|assistant|admin)(?:[ \t]+(?:prompt|message|override))?[ \t]*:",
    r"^[ \t]*\*{0,2}(?:system|admin|developer)\*{0,2}[ \t]*:\*{0,2}[ \t]*(?:you\b|ignore|new\b|override|from now"
    r"|the (?:assistant|ai|model)|important|attention|all previous)",
    r"^[ \t]*\*{0,2}(?:assistant|ai|bot|chatgpt|gpt|claude|model)\*{0,2}[ \t]*:[ \t]*"
    r"(?:sure|ok(?:ay)?\b|certainly|of course|understood|i will|i'll|as requested|absolutely|here (?:is|are) (?:the"
    r"|my))",
    r"(?:^|\n)\s*(?:human|user)\s*:[^\n]*\n+\s*(?:assistant|ai)\s*:",
)
PROMPT_LEAK: Final = _rx(
    r"\b(?:print|reveal|show|display|output|repeat|tell|give|disclose|leak|dump|share|write|type|spell|recite|paste"
    r"|return|list|echo)"
    r"\s+(?:me\s+|us\s+|out\s+)?(?:back\s+)?(?:all\s+of\s+|exactly\s+)?(?:your|the)\s+(?:\w+\s+){0,3}?"
    r"(?:system\s*prompt|system\s+message|initial\s+(?:instructions|prompt)|original\s+(?:instructions|prompt)|"
    r"hidden\s+(?:instructions|prompt)|developer\s+(?:message|prompt|instructions)|pre-?prompt|meta-?prompt|"
    r"instructions\s+(?:above|you\s+were\s+given)|prompt\s+above|secret\s+instructions|configuration\s+prompt)",
    r"\b(?:repeat|print|output|recite)\s+(?:everything|all(?:\s+the)?\s+text|the\s+(?:text|words)|all)\s+(?:above"
    r"|before|prior)",
    r"\bwhat\s+(?:is|was|were)\s+(?:your|the)\s+(?:system\s+prompt|initial\s+instructions|original\s+instructions)",
    r"\bwhat\s+were\s+you\s+told\s+(?:before|at\s+the\s+start)",
    r"\b(?:starting|beginning)\s+with\s+[\"“']you\s+are\b",
    r"(?:zeig\w*|gib|verrate\w*)\s+(?:mir\s+)?(?:deinen|den|ihren)\s+(?:system-?prompt|systemprompt|anweisungen)",
    r"(?:affiche|montre|révèle|revele|donne)[rsz]?\s+(?:moi\s+)?(?:ton|votre|le)\s+(?:prompt\s+(?:système|systeme)"
    r"|system\s+prompt)",
    r"(?:muestra|revela|dime|mostra|revele)\s+(?:me\s+)?(?:tu|el|o\s+seu|seu"
    r"|il\s+tuo)\s+(?:prompt\s+(?:del\s+sistema|do\s+sistema|di\s+sistema)|system\s+prompt)",
    r"(?:显示|输出|告诉我|打印)[^。\n]{0,6}(?:系统提示|系统指令)",
)
_SECRETISH: Final = (
    r"data|secrets?|conv\w*|chat\w*|history|prompt\w*|system\w*|passw\w*|pwd|keys?|api_?key|tokens?|summary|"
    r"context|memory|user\w*|info\w*|credentials?|messages?|email|answer|response|input|payload|content|text|"
    r"session|cookies?|env"
)
EXFIL_LINK: Final = _rx(
    # a markdown image or link whose URL has a placeholder anywhere after the host
    r"!?\[[^\]\n]{0,100}\]\(\s*<?https?://[^)\s]*(?:\{[^}\s]{1,40}\}|%7B[^)\s]{1,40}%7D|\$\{?\w+|<[^>\s]{1,40}>"
    r"|\[[A-Z_ ]{2,40}\])",
    # a markdown image whose query carries data by name
    rf"!\[[^\]\n]{{0,100}}\]\(\s*https?://[^)\s]*[?&](?:{_SECRETISH})=(?:[)&\s{{<\[$]|%7B|[A-Z][A-Z_]{{3,}}[)&\s])",
    # any URL with a data placeholder in its query or path
    rf"https?://[^\s)]*(?:[?&/=])(?:\{{\{{?|\[|<|%7B|\$\{{)\s*(?:{_SECRETISH})[\w ]{{0,30}}(?:\}}\}}?|\]|>|%7D)",
    # words telling the reader to build such a link
    r"\b(?:render|include|embed|display|add|append|insert|output|show)\b[^\n]{0,60}?\b(?:image|markdown|link"
    r"|url)\b[^\n]{0,80}?"
    r"\b(?:replac\w+|substitut\w+|fill\w*\s+in|append\w*|encod\w+|with|followed\s+by|plus"
    r"|after)\b[^\n]{0,60}?\b(?:conversation|chat|secret|password|api key|"
    r"system prompt|user'?s?\s+(?:data|message|question|input|answer)|summary|history|previous messages)",
)
_SEND_VERB: Final = (
    r"send|post|upload|forward|transmit|submit|exfiltrate|leak|e-?mail|mail|deliver|report|beacon|push|copy|"
    r"pipe|relay|sync|share|sende\w*|schick\w*|envoie\w*|envoy\w*|env[ií]a\w*|manda\w*|invia\w*|отправ\w*"
)
_TARGET: Final = r"(?:to|at|into|an|à|a|al|para|на)\s+(?:<?https?://|www\.|ftp://|[\w.+-]+@[\w-]+\.[\w.]+|[\w-]+\.(?:com|net|org|io|ru|cn|xyz|top|site|info|biz)\b)"
_WHAT: Final = (
    r"conversation|chat|history|secrets?|credentials?|passwords?|api[ _-]?keys?|tokens?|system prompt|context|memory|"
    r"everything|all (?:the |of the |your )?(?:data|documents|files|information|messages|text)|personal|private|"
    r"confidential|sensitive|the (?:answer|response|output|user'?s?\w*)|your (?:answer|response|output|instructions)|"
    r"this (?:document|passage|page|file)|user'?s?\s+\w+|ssh keys?|env\w*|cookies?|session|"
    r"\w*gespräch\w*|\w*verlauf|\w*daten|données|datos|conversación|dados|dati|данные|переписк\w*"
)
SEND_TO_URL: Final = _rx(
    rf"\b(?:{_SEND_VERB})\b[^\n]{{0,100}}?\b(?:{_WHAT})\b[^\n]{{0,80}}?\b{_TARGET}",
    rf"\b(?:{_WHAT})\b[^\n]{{0,60}}?\b(?:must|should|shall|will|to)\s+be\s+(?:sent|posted|uploaded|forwarded"
    rf"|emailed)\s+{_TARGET}",
    r"\b(?:curl|wget|invoke-webrequest|iwr)\b[^\n]{0,120}(?:\.ssh/|\.aws/credentials|/etc/(?:passwd|shadow)"
    r"|\$\((?:cat|env|printenv)|`(?:cat|env|printenv)|\benv\s*\||printenv)",
    rf"\b(?:visit|open|fetch|load|browse\s+to|navigate\s+to|request|call)\s+<?https?://\S*[?&][\w-]+=\S*\s+"
    rf"(?:plus|followed\s+by|with|and\s+append|appending|\+)\s+(?:{_WHAT}|the\s+user)",
    r"\b(?:make|send|issue|perform)\s+an?\s+(?:http\s+)?(?:get|post|put"
    r"|web)\s+request\s+to\s+https?://\S+[^\n]{0,60}\b(?:with|containing|including)\b",
)
TOOL_IMITATION: Final = _rx(
    r"</?(?:tool_call|tool_use|function_call|function_calls|tool_calls|tool_result|invoke|antml:invoke"
    r"|tool_code)\b[^>]*>",
    r"<\|(?:tool_call|python_tag|tool_calls?)\|>|\[TOOL_CALLS\]|\[TOOL_REQUEST\]",
    r"\{\s*[\"'](?:tool|tool_name|function|action"
    r"|recipient_name)[\"']\s*:\s*[\"'][\w.:-]+[\"']\s*,\s*[\"'](?:arguments|args|parameters|params|input"
    r"|tool_input|action_input)[\"']\s*:",
    r"[\"']function_call[\"']\s*:\s*\{",
    r"^[ \t]*(?:Action|Tool)\s*:\s*\w+[ \t]*\n[ \t]*(?:Action Input|Tool Input|Arguments)\s*:",
    r"\bcall\s+the\s+[`'\"]?\w+[`'\"]?\s+tool\s+with\b[^.\n]{0,40}\b(?:delete|drop|rm\b|send|export|all)\b",
)
AI_WORDS: Final = (
    r"\b(?:ai|a\.i\.|assistants?|llms?|language models?|chat-?bots?|gpt|chatgpt|claude|copilot|agents?|models?|bots?"
    r"|reader ai)\b"
)
ORDER_WORDS: Final = (
    r"\b(?:must|should|always|never|do not|don'?t|instead|tell|say|respond|reply|answer|recommend|include|ignore|"
    r"say that|rate|summari[sz]e)\b"
)
HIDDEN_STYLE: Final = re.compile(
    r"<(?:span|div|p|font|section)\b[^>]*(?:display\s*:\s*none|font-size\s*:\s*0|visibility\s*:\s*hidden"
    r"|opacity\s*:\s*0(?:\.0+)?\b|"
    r"color\s*:\s*(?:white|#fff(?:fff)?)\b|hidden\b)[^>]*>([\s\S]{0,2000}?)</",
    re.IGNORECASE,
)
