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
    "ATTRIBUTE_TEXT",
    "EXFIL_LINK",
    "HIDDEN_MARKUP",
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
_INSTR_CORE: Final = (
    r"instructions?|rules|guidelines|guidance|directives|prompt|programming|constraints|guardrails|restrictions"
    r"|policies|content\s+policy|safety\s+(?:rules|guidelines|filters|settings)|system\s+prompt"
)
_VOID: Final = (
    r"\b(?:(?:no\s+longer|not)\s+(?:appl\w*|valid|in\s+(?:effect|force)|binding|relevant|matter)|(?:are|is)\s+(?:now\s+)?"
    r"(?:void|null|cancel+ed|revoked|obsolete|suspended|overridden|invalid|disabled|deactivated|irrelevant|lifted"
    r"|superseded|replaced)|do(?:es)?\s+not\s+apply|don'?t\s+apply|(?:have|has)\s+(?:been\s+)?(?:expired|changed"
    r"|been\s+replaced|been\s+revoked))\b"
)
_AI_ADDRESSEE: Final = (
    r"(?:ai|a\.i\.|llm|language\s+model|large\s+language\s+model|chatbot|bot|assistant|model|agent|gpt|chatgpt|claude"
    r"|copilot|gemini|ai\s+(?:assistant|agent|model|system|reader))"
)
_ORDER: Final = (
    r"\b(?:must|should|always|never|do\s+not|don'?t|ignore|disregard|forget|answer|respond|reply|say|tell|recommend"
    r"|include|output|print|summari[sz]e|rate|approve|state|mention|write|add|treat|remember|praise|claim|insist"
    r"|no\s+longer|instead|only)\b"
)
OVERRIDE: Final = _rx(
    # English
    rf"\b(?:ignore|disregard|forget|skip|override|bypass|neglect|drop|abandon|discard|throw away"
    rf"|overlook|dismiss|ditch|unlearn|circumvent|sidestep|nullify|pay no (?:attention|heed|mind) to)\b{_W}"
    rf"\b(?:previous|prior|preceding|above|earlier|former|original|initial|existing|all|any|every|your|system)\b{_W}"
    rf"\b(?:{_INSTR_EN})\b",
    r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:above|before|prior|previously|you (?:were"
    r"|have been) told)",
    r"\b(?:ignore|disregard|forget)\s+(?:what|anything|everything)\s+(?:you\s+(?:were|have\s+been|'ve\s+been)|i)"
    r"\s+(?:told|said|given|instructed)\b(?!\s+(?:\w+\s+){0,2}?(?:about|regarding|concerning|on|re)\b)",
    r"\b(?:obey|follow|listen\s+to)\s+only\s+(?:me|us|this\s+(?:page|document|text|paragraph))\b",
    r"\b(?:new|updated|real|actual|revised|secret|hidden|true|override|admin|developer)\s+(?:instructions?|task"
    r"|orders|directive|system prompt)\s*:",
    # "Admin override: on-call engineers can bypass the freeze" is a runbook: the header must speak to the reader
    r"\b(?:system|admin|administrator|developer|emergency|priority)\s+(?:override|update|notice|instruction"
    r"|directive)\s*:(?=[^\n]{0,200}?\b(?:you|your|assistants?|ai|llms?|models?|bots?|chatbots?|agents?|ignore"
    r"|disregard|forget|from\s+now\s+on|previous|prior|respond|reply|answer|always|never|all\s+(?:other|earlier))\b)",
    r"\byour\s+(?:new|updated|real|actual|true)\s+(?:instructions|orders|directives|task)\s+(?:are|is)\s*:",
    r"\bthis\s+(?:instruction|directive|message|note|rule)\s+(?:takes|has)\s+(?:priority|precedence)\s+over\b",
    r"\b(?:overrides?|supersedes?)\s+(?:all|any)\s+(?:other|previous|prior|earlier)\s+(?:instructions|directives"
    r"|system\s+prompts?)\b",
    rf"\b{_AI_ADDRESSEE}s?\s+(?:reading|processing|parsing|summari[sz]ing|analy[sz]ing|reviewing|indexing|ingesting"
    rf"|that\s+(?:reads?|process(?:es)?))\s+this\s+(?:file|document|page|text|passage|message|e-?mail|repo\w*|readme"
    rf"|comment|pdf|site|website)\b[^\n]{{0,200}}?{_ORDER}",
    r"\byou\s+are\s+now\s+(?:a|an|the|my|in|no longer)?\s*(?:\w+\s+){0,2}?"
    r"(?:assistant|ai|a\.i\.|model|bot|chatbot|agent|persona|character|dan|jailbroken|unrestricted|unfiltered|"
    r"uncensored|evil|free|developer mode|god mode|admin mode|debug mode|different)\b",
    r"\bfrom\s+now\s+on,?\s+(?:you\s+(?:are|will|must|should|shall|have to)|act|respond|answer|reply|ignore|always"
    r"|never)\b",
    r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered"
    r"|uncensored|jailbroken|evil|dan)\b",
    r"\bpretend\s+(?:that\s+)?(?:you\s+(?:are|have)|to\s+be)\s+(?:\w+\s+){0,3}?(?:no|without|free|unrestricted|evil"
    r"|dan)\b",
    r"\b(?:do\s+not|don'?t|never)\s+(?:follow|obey|listen to)\s+(?:your|any|the\s+(?:previous|prior"
    r"|above|original|initial|earlier|system|operator'?s?|developer'?s?))\s+(?:\w+\s+)?(?:instructions|rules"
    r"|guidelines|system prompt|prompt)",
    r"\binstead,?\s+(?:you\s+(?:must|should|will)|respond|reply|answer|output|say"
    r"|tell the user)\b[^.\n]{0,60}\b(?:only|exactly|verbatim)\b",
    r"\b(?:stop|end)\s+(?:following|obeying)\b",
    r"\b(?:ignore|disregard|forget)\s+(?:the|any|all)\s+(?:\w+\s+)?(?:instructions|rules|guidelines"
    r"|policies)\s+(?:of|from|set by|given by)\s+"
    r"(?:the|your)\s+(?:operator|developer|system|admin\w*|owner|deployer|company)",
    # English: the orders declared void, the reader freed from them, its task replaced, the AI addressed
    rf"\b(?:{_INSTR_CORE})\s+(?:that\s+)?you\s+(?:received|got|were\s+(?:given|told)|have\s+been\s+(?:given|told)"
    rf"|'ve\s+been\s+(?:given|told))\b[^.\n]{{0,30}}?{_VOID}",
    rf"\b(?:your|the\s+system|the\s+original|the\s+initial)\s+(?:\w+\s+){{0,2}}?(?:{_INSTR_CORE})\b[^.\n]{{0,30}}?"
    rf"{_VOID}",
    r"\byou\s+(?:are|'re)\s+(?:now\s+)?no\s+longer\s+(?:bound|restricted|limited|constrained|governed"
    r"|required\s+to\s+(?:follow|obey|comply))\b",
    rf"\byou\s+(?:no\s+longer|do\s+not|don'?t)\s+(?:need|have)\s+to\s+(?:follow|obey|comply\s+with|adhere\s+to"
    rf"|respect)\s+(?:your|any)\s+(?:\w+\s+)?(?:{_INSTR_CORE})\b",
    rf"\byou\s+(?:are|'re)\s+(?:now\s+)?(?:free|freed|released|liberated)\s+(?:from|of)\s+(?:all\s+|any\s+|your\s+)*"
    rf"(?:\w+\s+)?(?:{_INSTR_CORE}|filters|limitations|limits)\b",
    r"\byour\s+(?:real|actual|true|genuine)\s+(?:task|job|goal|mission|objective|purpose|directive"
    r"|instructions?|orders|assignment)\b",
    # a game gives each player "your secret objective"; an order says what it is
    r"\byour\s+(?:secret|hidden)\s+(?:task|job|goal|mission|objective|purpose|directive|instructions?|orders"
    r"|assignment)\s*(?:is|are|:|now|here|follows?|below)\b",
    rf"(?:^|[.!?:]\s+|\n|\()(?:attention|note|notice|message|memo|instructions?|important|warning|reminder|hey|hi"
    rf"|hello|dear|to|for)\s*(?:to|for)?\s*(?:the\s+|all\s+|any\s+|every\s+)?{_AI_ADDRESSEE}s?"
    rf"(?:\s+(?:reading|processing|parsing|summari[sz]ing|analy[sz]ing|reviewing|indexing|that\s+reads"
    rf"|who\s+reads)\b[^:,\n]{{0,40}})?\s*[:,!][^\n]{{0,240}}?{_ORDER}",
    rf"\bif\s+you\s+are\s+(?:an?\s+)?{_AI_ADDRESSEE}(?:\s+(?:reading|processing|summari[sz]ing)\b[^,:\n]{{0,40}})?"
    rf"\s*[,:;-][^\n]{{0,200}}?{_ORDER}",
    r"\b(?:ignore|disregard|forget)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|everything\s+)?(?:above|foregoing|preceding"
    r"|previous|prior)(?:\s+(?:text|content|input|lines?|paragraphs?|sections?))?\s*[.,;:!]?\s*(?:and|then|instead"
    r"|now)\b",
    rf"\b(?:set|put|push|leave)\s+aside\s+(?:all\s+(?:of\s+)?)?(?:your|the|any|all|these|those)\s+(?:\w+\s+)?"
    rf"(?:{_INSTR_CORE})\b",
    r"\b(?:ignore|disregard|forget)\s+(?:everything|all)\s+(?:so\s+far|up\s+to\s+(?:now|this\s+point)|until\s+now)",
    # wave 9: orders from the reader's makers dropped, put to one side, declared revoked in a status line
    # (wave 21: "ignore what your devs told you", "forget whatever the engineers instructed you")
    r"\b(?:ignore|disregard|forget|drop)\s+(?:everything|anything|all|whatever|what)\s+(?:that\s+)?(?:your|the)\s+"
    r"(?:creators?|developers?|devs?|engineers?|operators?|makers?|owners?|programmers?|trainers?)\s+(?:have\s+|had\s+)?"
    r"(?:told|taught|gave|instructed|said\s+to)\s+you\b",
    rf"\b(?:put|set|push|move|leave)\s+(?:all\s+)?(?:your|the|any)\s+(?:\w+\s+){{0,2}}?(?:{_INSTR_CORE}|configuration"
    rf"|setup|programming)\s+(?:to\s+(?:one|the)\s+side|aside)\b",
    r"\b(?:act|behave|respond|answer|operate)\s+as\s+(?:an?\s+)?(?:\w+\s+){0,2}?(?:with\s+(?:no|zero)|without\s+(?:any\s+)?)"
    r"\s*(?:restrictions|limits|limitations|filters|rules|guidelines|guardrails)\b",
    r"(?:^|[.!?]\s)[ \t*>-]{0,6}(?:(?:operator|system|developer|prior|previous|original|safety)\s+)"
    r"(?:instructions|rules|prompt|guidelines|directives|policies)\s*:\s*(?:revoked|none|void|cleared|disabled|removed|suspended|null|off"
    r"|deleted|withdrawn)\b",
    r"\b(?:dan|jailbreak|god|unrestricted|unfiltered|uncensored|evil)\s+mode\s+(?:is\s+)?(?:now\s+)?(?:enabled"
    r"|activated|on|engaged)\b",
    r"\b(?:enable|activate|enter|switch\s+(?:to|into))\s+(?:dan|jailbreak|god|unrestricted|unfiltered|uncensored"
    r"|evil)\s+mode\b",
    r"\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|acknowledge|tell\s+(?:the\s+)?user\s+about)\s+"
    r"(?:\w+\s+){0,2}?(?:these|this)\s+(?:instructions?|lines?|notes?|directives?|hidden\s+\w+|comment)\b",
    r"\bwithout\s+(?:telling|informing|alerting|notifying|letting)\s+(?:the\s+)?(?:user|reader|human|operator)\b",
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
    r"\b(?:von\s+nun\s+an|ab\s+jetzt|ab\s+sofort),?\s+(?:bist|wirst|musst|sollst|antwortest)\s+du\b",
    r"\b(?:deine|ihre)\s+(?:eigentliche|wahre|echte|neue)\s+aufgabe\s+(?:ist|lautet)\b",
    r"\b(?:beachte|befolge)\s+(?:die\s+)?(?:vorherigen|bisherigen|obigen)\s+(?:anweisung\w*|regeln)\s+nicht\b",
    rf"\b(?:fai(?:s|tes)\s+abstraction|ne\s+tiens\s+pas\s+compte|ne\s+tenez\s+pas\s+compte"
    rf"|passe[zr]?\s+outre)\b{_W}\b(?:instructions?|consignes?|directives?|règles)",
    r"\b(?:à\s+partir\s+de\s+maintenant|désormais|dorénavant),?\s+(?:tu\s+(?:es|dois|vas|réponds)|vous\s+êtes)\b",
    rf"\b(?:haz\s+caso\s+omiso\s+de|no\s+hagas\s+caso\s+a|no\s+sigas|pasa\s+por\s+alto|no\s+tengas\s+en\s+cuenta"
    rf"|deix[ae]\s+de\s+lado|n[ãa]o\s+sig[ae]|non\s+seguire|tralascia|non\s+tenere\s+conto\s+del\w*)\b{_W}\b"
    rf"(?:instrucci\w+|instru[çc][õo]es|istruzioni|reglas|regras|regole|indicaciones|directrices|diretrizes"
    rf"|direttive)\b",
    r"\b(?:a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante),?\s+(?:eres|serás|debes|responde\w*|act[uú]a\w*)\b",
    r"\b(?:a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante),?\s+(?:você|voce|tu)\s+(?:é|e|és|deve|vai)\b",
    r"\bda\s+(?:ora|adesso)\s+in\s+poi,?\s+(?:sei|devi|rispondi|dovrai)\b",
    rf"\b(?:negeer|vergeet)\b{_W}\b(?:aanwijzingen|richtlijnen|instructie)\b",
    r"\b(?:vanaf\s+nu|voortaan),?\s+(?:ben|moet|antwoord|zeg)\s+(?:je|jij)\b|\bje\s+bent\s+nu\s+(?:een\s+)?"
    r"(?:\w+\s+)?(?:ai|assistent|bot|model)\b",
    rf"\b(?:zignoruj|zapomnij|pomiń|zlekceważ|nie\s+stosuj\s+się\s+do|nie\s+przestrzegaj)\b{_W}"
    rf"(?:instrukcj\w*|polece\w*|zasad\w*|regu\w*|wytyczn\w*)",
    r"\b(?:od\s+teraz|od\s+tej\s+chwili),?\s+(?:jesteś|musisz|odpowiadaj\w*)\b|\bjesteś\s+teraz\b",
    rf"\b(?:önceki|yukarıdaki|tüm)\b{_W}\b(?:talimatları|komutları)\s+(?:yok\s+say|unut|görmezden\s+gel)",
    # Russian
    rf"(?:(?:про)?игнорир(?:уй(?:те)?|овать)\b|забудь\w*|не\s+обращай\s+внимания\s+на){_W}(?:инструкц\w*|указани\w*|правил\w*"
    rf"|команд\w*)",
    r"(?:теперь\s+ты|отныне\s+ты)\s+\w+",
    rf"(?:отбрось(?:те)?|отмени(?:те)?|пренебреги|не\s+следуй|не\s+выполняй|не\s+подчиняйся)\b{_W}(?:инструкц\w*|указани\w*"
    rf"|правил\w*|команд\w*|ограничени\w*)",
    r"с\s+этого\s+момента\s+ты\b",
    # Chinese, Japanese
    r"(?:忽略|无视|忘记|忘記|忘掉|忽视|忽視|無視|忘れ|不要遵守|不要理会|不要理會|抛开|拋開|放弃|放棄)[^。\n]{0,12}"
    r"(?:指令|指示|说明|說明|規則|规则|命令|提示|要求|约束|約束)",
    r"(?:你现在是|你現在是|現在あなたは|今からあなたは|これからあなたは|今後あなたは)",
    r"(?:从现在开始|從現在開始|从现在起|從現在起|從今以後|从今以后)[，,、\s]{0,2}(?:你|您)",
    r"(?:你的|你真正的)(?:新|真正的|真实的)?(?:任务|任務|指令)(?:是|：|:)|あなたの(?:本当の|新しい)(?:任務|タスク|指示)",
    r"(?:指令|指示|命令|ルール|規則|制約)[^。\n]{0,8}(?:無視|忘れ|従わない)",
    # Korean
    r"(?:이전|위의|앞의|모든|기존|지금까지)[^.\n]{0,12}(?:지시|지침|명령|규칙|프롬프트|제약)[^.\n]{0,8}(?:무시|잊어|잊고|따르지)",
    r"(?:지금부터|이제부터|앞으로)\s*(?:너는|당신은|넌)|(?:너는|당신은)\s*이제",
)
ROLE_TAG: Final = _rx(
    r"<\|\s*(?:system|user|assistant|im_start|im_end|endoftext|begin_of_text|start_header_id|end_header_id"
    r"|eot_id)\s*\|>",
    r"\[/?INST\]|<<\s*/?(?:SYS|SYSTEM|SISTEMA|SYSTÈME|SYSTEME|SYSTEEM)\s*>>|\[/?SYSTEM\]",
    r"<(?:system|system_prompt|sys|admin)>(?![ \t]*[\w.-]{1,30}(?: [\w.-]{1,30})?[ \t]*</)",
    r"<instructions?>(?=[^<]{0,300}\b(?:you|your|assistant|ai|model|llm|ignore|respond|reply|answer)\b)",
    r"^[ \t]*#{1,4}[ \t]*(?:system|instruction|assistant|admin)(?:[ \t]+(?:prompt|message|override))?[ \t]*:",
    r"^[ \t]*#{1,4}[ \t]*(?:instrucci[óo]n|instru[çc][ãa]o|istruzione|instruction|mensaje|mensagem|messaggio|message)"
    r"[ \t]+(?:del|do|di|du)[ \t]+(?:sistema|système|systeme)[ \t]*:",
    # wave 46: plural instructions in a heading closed by hashes ("### Istruzioni di sistema ###")
    r"^[ \t]*#{1,4}[ \t]*(?:instrucciones|instru[çc][õo]es|istruzioni|instructions|anweisungen|instructies)"
    r"[ \t]+(?:del|de|do|di|du|des)[ \t]+(?:sistema|système|systeme|systems|systeem)[ \t]*(?::|#{1,4}[ \t]*$)"
    r"|^[ \t]*#{1,4}[ \t]*(?:systemanweisungen|systeminstruktioner|systeeminstructies|systemanweisung)[ \t]*"
    r"(?::|#{1,4}[ \t]*$)",
    r"^[ \t]*\*{0,2}(?:system|admin|developer)\*{0,2}[ \t]*:\*{0,2}[ \t]*(?:you\b|ignore|new\b|override|from now"
    r"|the (?:assistant|ai|model)|important|attention|all previous)",
    r"^[ \t]*\*{0,2}(?:assistant|ai|bot|chatgpt|gpt|claude|model)\*{0,2}[ \t]*:[ \t]*"
    r"(?:sure|ok(?:ay)?\b|certainly|of course|understood|i will|i'll|as requested|absolutely|here (?:is|are) (?:the"
    r"|my))",
    # (wave 19: not a record's fields, "User: staff / Assistant: none / Owner: IT", a short value then another key)
    r"(?:^|\n)\s*(?:human|user)\s*:[^\n]*\n+\s*(?:assistant|ai)\s*:"
    r"(?![^\n]{0,24}\n[ \t]*(?!(?:human|user|system|assistant|ai)\b)[A-Z][\w ]{1,24}:)",
    # other chat templates: Gemma turns, harmony and phi tokens, Bing's [system](#...), invented system tags
    r"<(?:start|end)_of_turn>|<\|(?:start|end|message|channel|im_sep|eom_id|user|system|developer)\|>",
    r"\[(?:system|assistant|developer)\]\(#[\w-]+\)",
    r"(?<=```)[ \t]*(?:system|system[-_]prompt|developer)[ \t]*\n(?=[^\n]{0,200}\b(?:you|your|must|always|never"
    r"|ignore)\b)",
    r"</?(?:system[-_]reminder|system[-_]instructions?|system-prompt|sys_prompt|developer[-_]message|developer)>",
    r"<(?:assistant|system_message)>(?![ \t]*[\w.-]{1,30}(?: [\w.-]{1,30})?[ \t]*</)",
    r"^[ \t]*(?:system|developer)[ \t]+(?:message|prompt|instruction|note)s?[ \t]*:[ \t]*(?:you\b|ignore|new\b"
    r"|override|from now|the (?:assistant|ai|model)|important|attention|all previous|always|never|do not|don'?t"
    r"|answer|respond|reply|forget|disregard|treat|priority|urgent)",
    r"^[ \t]*\*{0,2}(?:system|admin|developer)\*{0,2}[ \t]*:\*{0,2}[ \t]*(?:always|never|do not|don'?t|answer|respond"
    r"|reply|forget|disregard|treat|priority|urgent|override|the user)\b",
    # wave 22: a PEM-style banner around a system prompt, a message tag whose role is system or developer, turns
    # marked by bracketed role names ("[assistant]: ..." then "[user]: ...")
    r"-{3,}[ \t]*(?:begin|start)[ \t]+(?:system|developer|admin)[ \t_-]+(?:prompt|message|instructions?)[ \t]*-{3,}",
    r"<(?:message|msg|turn)[ \t]+role[ \t]*=[ \t]*[\"']?(?:system|developer)\b",
    r"^[ \t]*\[(?:assistant|ai|model)\][ \t]*:[ \t]*(?:understood|ok(?:ay)?\b|sure|got it|i will|i'll|ignor\w*"
    r"|zrozumia\w*|entendido|compris|verstanden|capito|begrepen|rozumiem|certo|claro)[^\n]*\n+[ \t]*\[(?:user"
    r"|human)\][ \t]*:",
)
PROMPT_LEAK: Final = _rx(
    r"\b(?:print|reveal|show|display|output|repeat|tell|give|disclose|leak|dump|share|write|type|spell|recite|paste"
    r"|return|list|echo)"
    # "tell the model in the system prompt that ...": the prompt is where something is said, not what is told
    r"\s+(?:me\s+|us\s+|out\s+)?(?:back\s+)?(?:all\s+of\s+|exactly\s+)?(?:your|the)\s+"
    r"(?:(?!(?:in|into|inside|within|via|through)\b)\w+\s+){0,3}?"
    r"(?:system\s*prompt|system\s+message|initial\s+(?:instructions|prompt)|original\s+(?:instructions|prompt)|"
    r"hidden\s+(?:instructions|prompt)|developer\s+(?:message|prompt|instructions)|pre-?prompt|meta-?prompt|"
    r"instructions\s+(?:above|you\s+were\s+given)|prompt\s+above|secret\s+instructions|configuration\s+prompt|"
    r"system\s+instructions|(?:internal|confidential)\s+(?:instructions|rules|prompt)|(?:full|complete|exact|entire)"
    r"\s+prompt|(?:instructions|rules|guidelines|prompt)\s+(?:(?:that\s+)?you\s+(?:were|have\s+been)\s+given"
    r"|you\s+received|you\s+got))",
    r"\b(?:reveal|disclose|leak|dump|recite|repeat|print|output|divulge|expose|reproduce|translate|summari[sz]e|echo)\s+"
    r"(?:to\s+me\s+|me\s+|us\s+)?(?:all\s+(?:of\s+)?)?your\s+(?:\w+\s+)?(?:instructions|rules|guidelines|directives"
    r"|prompt|programming)\b",
    r"\b(?:put|insert|include|embed|add|write|append|paste|place)\s+your\s+(?:\w+\s+){0,2}?(?:system\s+(?:prompt|instructions"
    r"|message)|hidden\s+(?:preamble|instructions|prompt|configuration|rules)|preamble|initial\s+(?:instructions|prompt)"
    r"|developer\s+(?:message|instructions))\b[^.\n]{0,40}?\b(?:into|in|at|to|as)\b",
    r"\b(?:exact|precise|verbatim|literal)\s+(?:words|wording|text)\s+(?:that\s+)?(?:your|the)\s+(?:developers?|creators?"
    r"|operators?|makers?|owners?|deployers?)\s+(?:used|gave|wrote|typed|chose)\b",
    # wave 22: "print the exact instructions its developers wrote for it": the reader's instructions named by who
    # wrote them, in a relative clause with the reader's possessive
    r"\b(?:print|reveal|show|output|repeat|disclose|leak|dump|share|recite|paste|post|type)\s+(?:me\s+|us\s+|out\s+)?"
    r"(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?)?(?:[\w-]+\s+){0,2}?(?:instructions|rules|guidelines|directives|prompts?)"
    r"\s+(?:that\s+)?(?:its|your|their)\s+(?:[\w-]+\s+)?(?:developers?|creators?|operators?|makers?|owners?"
    r"|programmers?|admins?)\s+(?:wrote|gave|set|typed|configured|provided)\b",
    r"\b(?:print|output|dump|repeat|reveal|recite|show)\s+(?:me\s+)?(?:everything|all(?:\s+the\s+text)?)\s+(?:in"
    r"|from)\s+your\s+(?:context|memory|prompt|instructions)",
    r"\bwhat\s+(?:your|the)\s+(?:developers?|creators?|operators?|owners?|system\s+prompt)\s+(?:told|instructed"
    r"|asked)\s+you\b",
    r"\bwhat\s+(?:instructions|rules|guidelines|directives)\s+(?:were|have)\s+you\s+(?:been\s+)?(?:given|told"
    r"|programmed)",
    r"\bwhat\s+(?:are|were)\s+your\s+(?:exact|original|initial|hidden|secret|system|internal)\s+(?:instructions|rules"
    r"|prompt)",
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
    r"(?:mostra|rivela|stampa|ripeti|dimmi)(?:mi)?\s+(?:il\s+tuo|il|le\s+tue)\s+(?:prompt\s+(?:di\s+)?sistema"
    r"|istruzioni\s+(?:iniziali|di\s+sistema|nascoste|originali))",
    r"(?:mostre|mostra|revele|exiba|diga)(?:-me)?\s+(?:o\s+|as\s+)?(?:seu|teu|suas|tuas)\s+(?:prompt\s+(?:do\s+)?"
    r"sistema|instru[çc][õo]es\s+(?:iniciais|ocultas|do\s+sistema|originais))",
    r"(?:mu[eé]stra|revela|dime|imprime|repite)(?:me)?\s+(?:tu|tus|el|las)\s+(?:prompt\s+(?:del\s+)?sistema"
    r"|instrucciones\s+(?:iniciales|ocultas|del\s+sistema|originales))",
    r"(?:affiche|montre|révèle|revele|donne|répète|repete|dis)(?:[rsz]|-moi)?\s+(?:moi\s+)?(?:ton|tes|votre|vos|le|les)"
    r"\s+(?:instructions\s+(?:initiales|cachées|système|systeme|d'origine)|consignes\s+(?:initiales|cachées))",
    r"(?:zeig\w*|gib|verrate\w*|nenne|wiederhole)\s+(?:mir\s+)?(?:deinen|deine|den|die|ihren|ihre)\s+"
    r"(?:systemanweisung\w*|(?:ursprünglichen|ersten|versteckten|geheimen)\s+anweisungen)",
    r"(?:toon|laat|geef|herhaal)\s+(?:me\s+|mij\s+)?(?:je|jouw|de)\s+(?:systeemprompt|systeem\s*prompt"
    r"|(?:oorspronkelijke|verborgen|eerste)\s+instructies)",
    r"(?:pokaż|wyświetl|podaj|ujawnij|powtórz)\s+(?:mi\s+)?(?:swój|swoje|twój|twoje)?\s*(?:prompt\s+systemowy"
    r"|systemowy\s+prompt|instrukcje\s+systemowe)",
    r"(?:покажи|выведи|раскрой|напиши|повтори|скажи)\s+(?:мне\s+)?(?:свой|свои|твой|твои|весь)?\s*(?:системн\w*\s+"
    r"(?:промпт\w*|подсказк\w*|инструкци\w*)|исходн\w*\s+инструкци\w*|промпт\w*)",
    r"(?:显示|顯示|输出|輸出|告诉我|告訴我|打印|透露|泄露|洩露|重复|重複|给我看|給我看)[^。\n]{0,8}"
    r"(?:系统提示|系統提示|系统指令|系統指令|提示词|提示詞|初始指令|原始指令)",
    r"(?:システムプロンプト|最初の指示|元の指示|初期指示)[^。\n]{0,6}(?:表示|教え|出力|見せ|繰り返)",
    r"(?:시스템\s*프롬프트|초기\s*지시|원래\s*지시)[^.\n]{0,8}(?:보여|출력|알려|공개|반복)",
)
_SECRETISH: Final = (
    r"data|secrets?|conv\w*|chat\w*|history|prompt\w*|system\w*|passw\w*|pwd|keys?|api_?key|tokens?|summary|"
    r"context|memory|user\w*|info\w*|credentials?|messages?|email|answer|response|input|payload|content|text|"
    r"session|cookies?|env|(?:document|doc|page|file)_?(?:text|content|body)"
)
_DATA_CAPS: Final = (
    r"USER|QUESTION|CHAT|HISTORY|CONVERSATION|DATA|SECRET|PASSWORD|TOKEN|KEY|PROMPT|MESSAGE|INPUT|ANSWER|SUMMARY"
    r"|CONTEXT|EMAIL|QUERY|SESSION|COOKIE|CREDENTIAL"
)
EXFIL_LINK: Final = _rx(
    # a markdown image or link whose URL has a placeholder anywhere after the host (wave 27: not a mailer's id
    # merge field, "open.gif?id={{subscriber_id}}": the sender's own record, no data of the reader's)
    r"!\[[^\]\n]{0,100}\]\(\s*<?https?://[^)\s]{0,400}(?:(?<!\{)\{(?!\{\s*(?:\w{1,30}_)?u?id\s*\}\})[^}\s]{1,40}\}"
    r"|%7B[^)\s]{1,40}%7D|\$\{?\w+|<[^<>\n)]{1,60}>"
    r"|\[[A-Z_ ]{2,40}\])",
    rf"\[[^\]\n]{{0,100}}\]\(\s*<?https?://[^)\s]{{0,400}}(?:\{{|%7B|\$\{{|<|\[)[^<>{{}}\[\]\n)]{{0,30}}?\b(?:{_SECRETISH})"
    rf"\b[^<>{{}}\[\]\n)]{{0,30}}(?:\}}|%7D|>|\])",
    # a markdown image whose query carries data by name
    rf"!\[[^\]\n]{{0,100}}\]\(\s*https?://[^)\s]{{0,400}}[?&](?:{_SECRETISH})=(?:[)&\s{{<\[$]|%7B"
    rf"|(?-i:(?!YOUR_|MY_)[A-Z][A-Z_]{{3,}})[)&\s])",
    # a markdown image or link whose query value is a capitalised slot for data (?q=USER_QUESTION_HERE)
    rf"!?\[[^\]\n]{{0,100}}\]\(\s*<?https?://[^)\s]{{0,400}}[?&][\w-]+=(?-i:(?!YOUR_|MY_)(?=[A-Z0-9_]*_)"
    rf"(?=[A-Z0-9_]*(?:{_DATA_CAPS}))[A-Z][A-Z0-9_]{{3,60}})(?![a-z])",
    # telling the reader to put data into a URL, or to URL-encode it
    r"\b(?:append|add|insert|put|include|encode|place|substitute|attach)\b[^\n]{0,60}?\b(?:conversation|chat"
    r"|history|secrets?|passwords?|api keys?|system prompt|user'?s?\s+(?:data|messages?|question|input|answer|email"
    r"|name)|summary|previous messages)\b[^\n]{0,60}?\b(?:to|in|into|as)\s+(?:the\s+|a\s+|an\s+)?(?:url|link|image"
    r"|query(?:\s+string)?|parameter|src|href)\b",
    r"https?://[^\s)]{0,400}[?&][\w-]{1,30}=%s\b[^\n]{0,80}?%s\s+(?:is|=|stands\s+for|being|means)\b[^\n]{0,60}?"
    r"\b(?:summary|conversation|chat|history|documents|messages|data|secrets?|passwords?|user'?s?)\b",
    r"\b(?:conversation|chat|ticket|message|user'?s?|customer'?s?|document|e-?mail|page)\s+(?:text|content|body|data"
    r"|history|messages?|question)\s+url-?encoded\s+(?:in|into|as)\b",
    r"\burl-?encod\w*\s+(?:the\s+|all\s+|your\s+)?(?:conversation|chat|history|secrets?|passwords?|system prompt"
    r"|user'?s?\s+\w+|previous messages|summary)",
    # any URL with a data placeholder in its query or path
    rf"https?://[^\s)]{{0,400}}(?:[?&/=])(?:\{{\{{?|\[|<|%7B|\$\{{)\s*(?:{_SECRETISH})[\w ]{{0,30}}"
    rf"(?:\}}\}}?|\]|>|%7D)",
    # a query value that is a placeholder naming data anywhere inside it (?ctx=<insert the conversation here>)
    rf"https?://[^\s)]{{0,400}}[?&][\w-]{{1,30}}=(?:\{{\{{?|\[|<|%7B|\$\{{)[^<>{{}}\[\]\n]{{0,30}}?\b(?:{_SECRETISH})\b"
    rf"[^<>{{}}\[\]\n]{{0,30}}(?:\}}|\]|>|%7D)",
    # words telling the reader to build such a link
    r"\b(?:render|include|embed|display|add|append|insert|output|show)\b[^\n]{0,60}?\b(?:image|markdown|link"
    r"|url)\b[^\n]{0,80}?"
    r"\b(?:replac\w+|substitut\w+|fill\w*\s+in|append\w*|encod\w+|with|followed\s+by|plus"
    r"|after)\b[^\n]{0,60}?\b(?:conversation|chat|secret|password|api key|"
    r"system prompt|user'?s?\s+(?:data|message|question|input|answer)|summary|history|previous messages)",
)
_SEND_VERB: Final = (
    r"send|post|upload|forward|transmit|submit|exfiltrate|leak|e-?mail|mail|deliver|report|beacon|push|copy|"
    r"pipe|relay|sync|share|paste|dump|exfil|sende\w*|schick\w*|übermittle\w*|envoie\w*|envoy\w*|transf[eè]re\w*"
    r"|env[ií]a\w*|envie\w*|manda\w*|invia\w*|inoltra\w*|trasmett\w*|stuur\w*|verstuur\w*|wyślij|wyslij|prześlij"
    r"|przeslij|отправ\w*|перешли\w*"
)
_TARGET: Final = (
    r"(?:to|at|into|via|an|nach|à|a|al|para|naar|do|na|на|в)\s+(?:<?https?://|www\.|ftp://|[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]+"
    r"|[\w-]+\.(?:com|net|org|io|ru|cn|xyz|top|site|info|biz)\b|[\w-]+(?:\.[\w-]+)+/[\w/?=&.-]*)"
)
_WHAT: Final = (
    r"conversation|chat|history|secrets?|credentials?|passwords?|api[ _-]?keys?|tokens?|system prompt|context|memory|"
    r"everything|all (?:the |of the |your )?(?:data|documents|files|information|messages|text)|personal|private|"
    r"confidential|sensitive|the (?:answer|response|output|user'?s?\w*)|your (?:answer|response|output|instructions)|"
    r"this (?:document|passage|page|file)|user'?s?\s+\w+|ssh keys?|env\w*|cookies?|session|"
    r"contents?\s+of\s+(?:this|the|your|our)\s+(?:knowledge\s+base|kb|conversation|chat|context|memory|database"
    r"|vault|workspace|repo\w*|inbox|mailbox|prompt|system\s+prompt|index|corpus|vector\s+store|secrets?|\.env)|(?:this|the|your|our|entire|whole|full)\s+(?:knowledge\s+base|kb"
    r"|corpus|vector\s+store|database|index|context\s+window|workspace|repository|repo|vault)|"
    r"(?:customer|client|patient|member)s?'?\s+(?:data(?:base)?|records|list)|(?:all|every)\s+(?:the\s+)?(?:passages?|chunks?|records)|"
    r"\w*gespräch\w*|\w*verlauf|\w*daten|données|datos|conversación|dados|dati|данные|переписк\w*|conversatie"
    r"|gesprek\w*|\w*geschiedenis|gegevens|wachtwoord\w*|histori[aęi]\w*|rozmow\w*|dane|hasł\w*|czat\w*"
    r"|cronologia|conversazion\w*|conversa\b|hist[oó]rico|mot\w*\s+de\s+passe|contraseñ\w*|senhas?|passwörter"
)
_STEALTH: Final = (
    r"\b(?:silently|quietly|secretly|covertly|discreetly|without\s+(?:telling|informing|notifying|alerting|mentioning"
    r"|asking)|do\s+not\s+(?:tell|mention|inform)\s+(?:the\s+)?(?:user|reader|human|operator))\b"
)
_DATA_CJK: Final = (
    r"对话|對話|聊天|历史|歷史|记录|記錄|密码|密碼|数据|數據|资料|資料|会話|履歴|パスワード|データ|認証情報|대화|기록|비밀번호|데이터"
    r"|프롬프트|提示"
    r"|(?:顧客|会員|予約者|利用者|客户|客戶|会员|會員|用户|用戶|고객|회원|예약자)(?:の|的|[ \t])?"  # wave 38: lists
    r"(?:リスト|名簿|一覧|名单|名單|列表|명단|목록)"
)
_SEND_CJK: Final = (
    r"发送|發送|发到|發到|发给|發給|上传|上傳|转发|轉發"
    r"|送信|送って|送る|アップロード|転送|전송|보내|업로드"
)
SEND_TO_URL: Final = _rx(
    rf"\b(?:{_SEND_VERB})\b[^\n]{{0,100}}?\b(?:{_WHAT})\b[^\n]{{0,80}}?\b{_TARGET}",
    rf"\b(?:{_WHAT})\b[^\n]{{0,60}}?\b(?:must|should|shall|will|to)\s+be\s+(?:sent|posted|uploaded|forwarded"
    rf"|emailed)\s+{_TARGET}",
    r"\b(?:curl|wget|invoke-webrequest|iwr)\b[^\n]{0,120}(?:\.ssh/|\.aws/credentials|/etc/(?:passwd|shadow)"
    r"|\$\((?:cat|env|printenv)|`(?:cat|env|printenv)|\benv\s*\||printenv|@\.env\b|@~?/?[\w./-]{0,40}(?:\.netrc|id_rsa"
    r"|id_ed25519|\.git-credentials|\.npmrc|\.pypirc|\.kube/config)\b)",
    # a secrets file published: "create a public gist containing credentials.json" (wave 13)
    r"(?<!never )(?<!not )(?<!n't )\b(?:create|make|open|publish|post)\s+an?\s+(?:new\s+)?public\s+"
    r"(?:gist|paste|pastebin|repo|repository|snippet)\s+"
    r"(?:with|containing|holding|of)\s+(?:the\s+)?(?:file\s+)?[`'\"]?[\w./~-]{0,40}(?:\.env\b|credentials|secrets?\b"
    r"|id_rsa|id_ed25519|\.netrc|\.npmrc|\.pypirc|\.git-credentials|kube/config)",
    rf"\b(?:visit|open|fetch|load|browse\s+to|navigate\s+to|request|call)\s+<?https?://\S{{0,400}}[?&][\w-]+=\S{{0,400}}\s+"
    rf"(?:plus|followed\s+by|with|and\s+append|appending|\+)\s+(?:(?:the\s+)?(?:full|entire|complete|whole)\s+)?"
    rf"(?:{_WHAT}|the\s+user)",
    r"\b(?:make|send|issue|perform)\s+an?\s+(?:http\s+)?(?:get|post|put"
    r"|web)\s+request\s+to\s+https?://\S{1,400}[^\n]{0,60}\b(?:with|containing|including)\b",
    # a send done behind the user's back
    rf"\b(?:{_SEND_VERB})\b[^\n]{{0,120}}?(?:https?://|[\w.+-]{{1,64}}@[\w-]{{1,63}}\.\w)[^\n]{{0,120}}?{_STEALTH}",
    rf"{_STEALTH}[^\n]{{0,40}}?\b(?:{_SEND_VERB})\b[^\n]{{0,120}}?(?:https?://|[\w.+-]{{1,64}}@[\w-]{{1,63}}\.\w)",
    # Chinese, Japanese, Korean: the data, then the verb and the address in either order
    rf"(?:{_DATA_CJK})[^\n]{{0,40}}?(?:{_SEND_CJK})[^\n]{{0,30}}?(?:https?://|[\w.+-]{{1,64}}@[\w-]{{1,63}}\.)",
    rf"(?:{_DATA_CJK})[^\n]{{0,40}}?(?:https?://\S{{1,400}}|[\w.+-]{{1,64}}@[\w-]{{1,63}}\.[\w.]+)[^\n]{{0,12}}?"
    rf"(?:{_SEND_CJK})",
)
_RISKY_ARGS: Final = (
    r"(?:<[^<>\n]{1,60}>|=\s*\*|[\w.+-]{1,64}@[\w-]{1,63}\.\w|https?://|\b(?:all|every|delete|drop|rm|send|export"
    r"|password|secret|credentials?|token|bypass\w*|skip_\w+|force|no[-_]verify)\b)"
)
TOOL_IMITATION: Final = _rx(
    r"</?(?:tool_call|tool_use|function_call|function_calls|tool_calls|tool_results?|tool_response|tool_output"
    r"|function_results?|function_response|invoke|antml:invoke|tool_code)\b[^>]{0,300}>",
    r"<\|(?:tool_call|python_tag|tool_calls?)\|>|\[TOOL_CALLS\]|\[TOOL_REQUEST\]|\[/?TOOL_(?:RESULTS?|RESPONSE|OUTPUT)\]",
    r"\{\s*[\"'](?:tool|tool_name|function|action"
    r"|recipient_name)[\"']\s*:\s*[\"'][\w.:-]+[\"']\s*,\s*[\"'](?:arguments|args|parameters|params|input"
    r"|tool_input|action_input)[\"']\s*:",
    r"[\"']function_call[\"']\s*:\s*\{",
    # a Responses-style call item ({"type": "function_call", "name": ...}), a tool_code block calling an API
    r"\{\s*[\"']type[\"']\s*:\s*[\"']function_call[\"']\s*,\s*[\"'](?:name|call_id|arguments)[\"']\s*:",
    r"^[ \t]*```tool_code[ \t]*\n[ \t]*(?:print\(\s*)?\w+\.\w+\(",
    r"^[ \t]*(?:Action|Tool|Acción|Ação|Azione|Aktion)\s*:\s*\w+[ \t]*\n[ \t]*(?:Action Input|Tool Input|Arguments"
    r"|Entrée de l'action|Entrada (?:de (?:la )?)?acci[óo]n|Entrada (?:da )?a[çc][ãa]o|Input (?:dell['’])?azione"
    r"|Aktionseingabe|Eingabe der Aktion)\s*:",  # wave 49: "Input azione:", "Entrada acción:"
    r"\bcall\s+the\s+[`'\"]?\w+[`'\"]?\s+tool\s+with\b[^.\n]{0,40}\b(?:delete|drop|rm\b|send|export|all)\b",
    # "call/invoke the tool X with to=... body=<...>", "run the X function with ..."
    rf"\b(?:call|invoke|trigger|execute)\s+(?:the\s+)?(?:tool|function)\s+[`'\"]?[\w.-]+[`'\"]?\s+(?:with"
    rf"|using|passing)\b[^.;\n]{{0,80}}?{_RISKY_ARGS}",
    rf"\b(?:call|invoke|trigger|execute)\s+(?:the\s+)?[`'\"]?[\w.-]+[`'\"]?\s+(?:tool|function)\s+(?:with|using"
    rf"|passing)\b[^.;\n]{{0,80}}?{_RISKY_ARGS}",
    r"<function=[\w.-]+>|<\|(?:call|recipient|constrain)\|>|[\"']method[\"']\s*:\s*[\"']tools/call[\"']",
    r"\{\s*[\"']name[\"']\s*:\s*[\"'][\w.:-]+[\"']\s*,\s*[\"'](?:arguments|args)[\"']\s*:\s*[{\"']",
    r"^[ \t]*(?:tool|function)[ _]call\s*:\s*[\w.]+\s*\(",
    r"^[ \t]*\[(?:tool|function)[ _]call\][ \t]{0,3}[\w.]{1,80}\(",  # wave 18: "[function_call] ehr.get(...)"
    # (wave 21: after a footnote mark, a bullet or a quote mark, "[1] assistant to=functions.x json")
    r"^[ \t]*(?:(?:\[\d{1,3}\]|[>*-])[ \t]*)?(?:<\|start\|>)?assistant[ \t]+to="
    r"(?:functions|tools?|browser|python)\.?[\w.-]*",
    # a call list in YAML: "tool_calls:" / "- name: x" / "arguments:" (wave 13)
    r"^[ \t]*(?:tool_calls|function_calls)[ \t]*:[ \t]*\n(?:[ \t]*-?[ \t]*(?:id|name|type)[ \t]*:[^\n]*\n){1,3}"
    r"[ \t]*(?:arguments|args|parameters)[ \t]*:",
)
AI_WORDS: Final = (
    r"\b(?:ai|a\.i\.|assistants?|llms?|language models?|chat-?bots?|gpt|chatgpt|claude|copilot|agents?|models?|bots?"
    r"|reader ai|summari[sz]ers?|crawlers?|(?:automated|machine) readers?)\b"
)
ORDER_WORDS: Final = (
    r"\b(?:must|should|always|never|do not|don'?t|instead|tell|say|respond|reply|answer|recommend|include|ignore|"
    r"say that|rate|summari[sz]e|rank|score|prefer|select|choose|hire|approve|describe|state|mention|claim|praise|"
    r"confirm|treat)\b"
)
HIDDEN_STYLE: Final = re.compile(
    r"<[a-z][\w-]{0,20}\b[^>]{0,300}?(?:display\s*:\s*none|font-size\s*:\s*0*(?:\.\d+|[01])(?:px|pt|em|rem|%)?\b"
    r"|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\b|color\s*:\s*(?:white|#fff(?:fff)?|transparent"
    r"|rgba\([^)]{0,30},\s*0(?:\.0+)?\))(?![\w-])|\b(?:color|fill)\s*=\s*[\"']?(?:white|#fff(?:fff)?)\b|(?:left|top|text-indent|margin-left)\s*:\s*-\d{3,}"
    r"|(?:height|width|max-height)\s*:\s*0(?:px)?\s*[;\"']|clip\s*:\s*rect\(\s*0|\bhidden\b"
    r"|\b(?:fill-|stroke-)?opacity\s*=\s*[\"']?0+(?:\.0+)?[\"']?(?=[\s/>])|\bdisplay\s*=\s*[\"']?none\b"
    r"|\bfont-size\s*=\s*[\"']?0*(?:\.\d+|[01])(?:px|pt)?[\"']?(?=[\s/>])"
    # wave 17: a zero-size element by attribute (<svg width="0" height="0">), SVG text filled with nothing
    r"|\b(?:width|height)\s*=\s*[\"']?0(?:px)?[\"']?(?=[\s/>])|\bfill\s*=\s*[\"']?(?:none|transparent)\b)[^>]{0,300}>"
    r"([\s\S]{0,2000}?)</",
    re.IGNORECASE,
)
# a link's title or an image's alt text: shown on hover at most, read whole by a model (often benign,
# so judged only by the rules and the co-occurrence rule, not by AI words beside order words)
ATTRIBUTE_TEXT: Final = re.compile(
    r"\]\(\s*<?[^\s)]{1,400}>?\s+[\"']([^\"'\n]{1,500})[\"']\s*\)"
    r"|<[a-z][\w-]{0,20}\b[^>]{0,300}?\b(?:title|alt|aria-label)\s*=\s*\"([^\"]{1,500})\"",
    re.IGNORECASE,
)
# text a renderer never shows: LaTeX in white, markdown link-reference comments
HIDDEN_MARKUP: Final = re.compile(
    r"\\textcolor\{white\}\{([^{}]{1,2000})\}|\\color\{white\}([^{}]{1,2000})"
    r"|(?:^[ \t]*|(?<=[ \t]))\[(?://|comment|_|#)\]:[ \t]*(?:#|<>)[ \t]*\(([^)\n]{1,2000})\)"
    # a hidden run in Word XML (w:vanish, white or 1-point text) or ODF (display none)
    r"|<w:(?:vanish|specVanish|webHidden)\s*/>[\s\S]{0,300}?<w:t(?:\s[^>]{0,80})?>([^<]{1,2000})</w:t>"
    r"|<w:color\s+w:val=\"(?:FFFFFF|white)\"\s*/>[\s\S]{0,300}?<w:t(?:\s[^>]{0,80})?>([^<]{1,2000})</w:t>"
    r"|text:display=\"none\"[^>]{0,200}>([^<]{1,2000})<",
    re.IGNORECASE | re.MULTILINE,
)
