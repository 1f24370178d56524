"""A token in a URL's user part that the text calls public: a Sentry DSN's client key (wave 41, no I/O).

``scheme://TOKEN@host`` is a credential when TOKEN looks generated (``redaction_rules.URL_TOKEN``: a git remote's
token, a DSN's key). A browser's Sentry DSN holds only the project's public client key, which the vendor says may sit
in page source: when the text before the URL on its line names a DSN and calls it public ("Sentry DSN for the widget
(public): https://KEY@host/14", "DSN pública del navegador: ...") or, since wave 42, says it is for code in the
browser ("Sentry DSN for the booking widget: ...", "front-end DSN", "DSN côté client"), the key stays. A DSN with no
such word (``SENTRY_DSN=https://KEY@host/44``), one the line also calls server-side or secret (wave 42), or a public
repository's clone URL with a token in it still goes: only a DSN's
key is public by design. ``token_in_url`` is asked of each URL_TOKEN match.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_values import looks_random

__all__ = ["token_in_url"]

_DSN_RE: Final = re.compile(r"(?i:\bdsn\b)")
_PUBLIC_RE: Final = re.compile(
    r"(?i:\bp[uú]bli(?:c|que|co|ca|cs|k|ek|eke|sch|zn\w*)\b|\bpubblic[oa]\b|öffentlich\w*|julkinen|offentlig\w*"
    r"|veřejn\w*|публичн\w*|公开|公開"
    # wave 42: a DSN for code that runs in the browser is the public one ("Sentry DSN for the booking widget: ...")
    r"|\bwidgets?\b|\bbrowser\w*|\bfront[- ]?end\b|\bclient[- ]side\b|\bclientseitig\w*|\bnavegador\b"
    r"|\bnavigateur\b|c[ôo]t[ée][ \t]+client\b|\blado[ \t]+del[ \t]+cliente\b|\bweb[- ]?sdk\b|\bjavascript[ \t]+sdk\b)"
)
_SERVER_RE: Final = re.compile(
    r"(?i:\bserver[- ]?side\b|\bbackend\b|\bback[- ]end\b|\bsecret\b|\bserveur\b|\bservidor\b)"
)


def token_in_url(m: re.Match[str]) -> bool:
    """Whether the URL_TOKEN match's value (the URL's user part) is a token to redact (see the module docstring)."""
    text, start = m.string, m.start()
    if not looks_random(m.group("v")):
        return False
    line = text[max(text.rfind("\n", 0, start) + 1, start - 200) : start]
    if _DSN_RE.search(line) is None or _PUBLIC_RE.search(line) is None:
        return True
    return _SERVER_RE.search(line) is not None  # wave 42: "(server side, includes the secret part)" still goes
