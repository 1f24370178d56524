"""Chat-template tokens named in documentation, for the injection scan's mention test (no I/O; wave 28).

A model card, a data-set note or a changelog describes its chat template in prose, in any language: "Llama 2 wraps
the user's turn in [INST] and [/INST]", "每轮对话使用 <|im_start|> 和 <|im_end|> 包裹", "les jetons
<|start_header_id|> et <|end_header_id|> ... et <|eot_id|> à la fin". The token-by-token tests (``_TOKEN_NAMED``,
``_TOKEN_PAIRED``) read a few connectors after or before one token; ``documented_token`` reads the paragraph: a token
that sits inside a line of prose (words on both sides of it on its line, not at a line's head where a turn opens, and
not glued to a role word that would open one) in a paragraph that names a template, a format, special tokens or a
fine-tuning data set and at least one other, different template token is named, not a turn opened (one lone token
in prose stays a weak hit for the learned scorer to judge).
Wave 47: a token glued to its role word inside one inline code span ("`<|im_start|>system` opens the developer
message") in such a line of prose is code quoted, not a turn opened.
A planted turn puts its token at a line's head or glues it to "system"/"user" and the words it plants; an
injection that talks about the template in prose only mentions the token. Every scan is bounded (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["documented", "documented_token"]

# a paragraph about a chat template or its tokens (words before "token" in several languages)
_DOC_CUE: Final = re.compile(
    r"\b(?:templates?|plantillas?|modèles?|vorlagen?|modell?i|formats?|formato|tokens?|jetons?|marqueurs?|balises?"
    r"|etiquetas?|marcadores?|delimiters?|fine-?tun\w*|finetun\w*|data-?sets?|training|changelog|tokenizer\w*"
    r"|Token-?\w*|special|markers?|markierung(?:en)?"
    # wave 43: delimiters in more languages ("Gemma usa i delimitatori <start_of_turn> ed <end_of_turn>")
    r"|delimitator[ei]|delimitador\w{0,2}|délimiteurs?|trennzeichen|scheidingsteken\w{0,2}|separator\w{0,2})\b"
    r"|vorlagen?\b"  # wave 34: German compounds name the template ("Chatvorlagen", "Prompt-Vorlage")
    r"|模板|模版|格式|标记|標記|特殊|令牌|分词|微调|训练|テンプレート|トークン|書式|形式|템플릿|토큰|형식|변경",
    re.IGNORECASE,
)
# a role word glued to the token, a turn opened ("<|im_start|>system", "[INST] <<SYS>>\nYou are"): not a mention
_ROLE_GLUED: Final = re.compile(r"(?:system|user|assistant|developer|model|tool)\b", re.IGNORECASE)
_WORD: Final = re.compile(r"[^\W\d_]")
# wave 47: the token and its role word closed as one inline code span, then prose ("`<|im_start|>user` the user's")
_CODE_ROLE: Final = re.compile(r"(?:system|user|assistant|developer|model|tool)`[ \t]*[,;:)]?[ \t]+[^\W\d_]", re.I)
_TOKEN: Final = re.compile(r"<\|[\w.-]{1,30}\|>|\[/?[A-Z_]{2,20}\]|<</?SYS>>|</?s>|<(?:start|end)_of_turn>")


def documented_token(text: str, start: int, end: int) -> bool:
    """The chat-template token at ``text[start:end]`` is named inside a line of prose in a paragraph about templates."""
    before = text[max(start - 80, 0) : start].rpartition("\n")[2]  # every search bounded: linear in the text
    after = text[end : end + 80].partition("\n")[0]
    if not _WORD.search(before) or not _WORD.search(after):
        return False
    if _ROLE_GLUED.match(after) and not (before.endswith("`") and _CODE_ROLE.match(after)):
        return False  # wave 47: "`<|im_start|>system` opens the developer message" is inline code, not a turn
    lo = max(text.rfind("\n\n", max(start - 400, 0), start), start - 400, 0)
    hi = text.find("\n\n", end, end + 400)
    hi = end + 400 if hi == -1 else hi
    own = text[start:end].strip("<>[]|")
    others = any(m.group().strip("<>[]|") != own for m in _TOKEN.finditer(text, lo, hi))
    return others and bool(_DOC_CUE.search(text, lo, hi))


# the second of a pair or a list ("between [INST] and [/INST]", "<|im_start|> 和 <|im_end|>", "[INST] ... [/INST]")
_TOKEN_PAIRED: Final = re.compile(
    r"(?:<\|?/?\w{1,20}\|?>>?|\[/?[A-Z_]{2,20}\])(?:[ \t]*(?:user|model|assistant|system|tool)\b)?[`'\"]?[ \t]*"
    r"(?:and|or|y|o|e|ed|en|i|et|und|oder|и|или|、|，|,|/|和|与|與|及|或|と|や|및|\.\.\.|…)[ \t]*[`'\"]?$",
    re.I,
)


# wave 31: a token named by the noun or the adjective before it, inside a line of prose ("chèn một thẻ [SYSTEM] giả
# vào ghi chú", "a fake [SYSTEM] marker in the note", "eine gefälschte [SYSTEM]-Markierung im Text")
_NAMED_BEFORE: Final = re.compile(
    r"\b(?:thẻ|nhãn|balises?|tags?|etiquetas?|marqueurs?|markers?|fake|false|forged|spoofed|bogus|fausses?|faux"
    r"|falsch\w{0,3}|gefälscht\w{0,3}|falsa|falso|finta|finto|gi[ảa])[ \t]+$",
    re.IGNORECASE,
)


def documented(text: str, start: int, end: int) -> bool:
    """The token at ``text[start:end]`` is the second of a pair named in prose, or named in a template's docs, or
    named by a noun or an adjective before it in a line of prose."""
    if _TOKEN_PAIRED.search(text, max(start - 40, 0), start) or documented_token(text, start, end):
        return True
    after = text[end : end + 80].partition("\n")[0]
    return bool(_NAMED_BEFORE.search(text, max(start - 30, 0), start)) and bool(_WORD.search(after))
