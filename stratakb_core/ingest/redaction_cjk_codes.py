"""Digits after a CJK or Korean secret's name (wave 37, no I/O).

密码, 密碼, 口令, 暗証番号, パスワード, パスコード, 비밀번호, 암호 are a password's or a PIN's own name, not a
"code" that may be a product's or an error's: digits right after them (a full-width or ASCII colon, a particle
or a copula between: 는 / 은 / 는요, は, 是, 为, 為) are the secret, whatever they open, also when the name is run
together with what it belongs to (幼儿园后门密码：860214, 관리자 모드 비밀번호는 5520 입니다). "PIN" counts when a
CJK or Hangul letter or a full-width colon touches it (管理者PIN：052718, PIN码：4471).

Digits that count something stay (密码：8位以上, 비밀번호는 4자리, 暗証番号は4桁), so do a date's (2024年, 12月),
one digit repeated (0000) and fewer than four digits.
``cjk_code_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["cjk_code_spans"]

_Found = tuple[int, int, str]

_CJK: Final = r"\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
_NAME: Final = (
    # wave 43: a combination lock's, a code box's or a door's own name (后门密码锁：620418, 门禁码：4471)
    r"(?:(?:密码|密碼)(?:锁|鎖|箱|柜|櫃|盘|盤)?|门禁码|門禁碼"
    r"|口令|暗証番号|暗証コード|パスワード|パスコード|비밀번호|암호|핀[ \t]?번호"
    rf"|(?:(?<=[{_CJK}])PIN|PIN(?=[码碼코]|：))(?:码|碼|코드|番号)?)"
)
_CODE_RE: Final = re.compile(
    # wave 39: a remark in brackets may stand between the name and its colon (金库密码（财务室保险柜）：...), and a
    # dial's pairs joined by dashes are a code too (41-08-77)
    _NAME + r"(?:[ \t]*(?:（[^（）\n]{1,24}）|\([^()\n]{1,24}\)))?"
    r"(?:[ \t]*[:：]|[ \t]*(?:는|은|는요|이|가|は|是|为|為|：)|[ \t]+)[ \t]*"
    r"(?P<v>\d{2}(?:-\d{2}){2,3}(?![\d-])|\d{4,10}(?:[#*]\d?)?)"
    # a counter, a date's or a quantity's unit after the digits: not the secret
    # (wave 49: a Korean copula run onto the digits is no unit: "비밀번호는 7718입니다", "7718이에요")
    r"(?!(?!입니다|이에요|이고|이며|예요|이니)[\d\w#*]"
    r"|[ \t]?(?:位|자리|桁|文字|个|個|次|회|번|년|年|月|日|일|월|分|秒|%|원|円|元|개))",
)
_GATE: Final = ("密", "门禁", "門禁", "口令", "暗証", "パス", "비밀", "암호", "PIN", "핀")


def cjk_code_spans(text: str) -> Iterator[_Found]:
    """The digits above (see the module docstring)."""
    if not any(g in text for g in _GATE):
        return
    for m in _CODE_RE.finditer(text):
        value = m.group("v").rstrip("#*")
        if len(set(value)) >= 2:
            yield m.start("v"), m.end("v"), "credential"
