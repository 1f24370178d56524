"""The two query-rewriting providers, anthropic and openai_compatible, over HTTP (does network I/O).

A provider sends one prompt and hands back the reply's text, or a `ProviderFailure` naming the class
of what went wrong: it never raises. Failure classes:

    local_only       STRATA_LOCAL_ONLY is on and the endpoint is not on this machine (nothing sent)
    auth             HTTP 401 or 403
    rate_limit       HTTP 429, after at most one retry that waited Retry-After (capped)
    timeout          no complete reply within the timeout
    server           HTTP 5xx, after at most one retry
    rejected         any other HTTP 4xx (a wrong model name or URL, say)
    transport        the endpoint could not be reached (connection refused, DNS, TLS)
    too_large        a reply over MAX_REPLY_BYTES; the rest is never read
    schema_mismatch  a 2xx reply whose body is not the API's shape

The key goes only into a request header. Every message passes through `_redact`, `repr` shows
`api_key='***'`, and URLs are shown without user info or query string, which can carry credentials.
OPENAI_API_KEY is never read: the openai_compatible endpoint gets QUERY_REWRITE_API_KEY or nothing.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

ANTHROPIC_BASE_URL = "https://api.anthropic.com"
ANTHROPIC_VERSION = "2023-06-01"
DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5"
DEFAULT_TIMEOUT = 10.0  # seconds for the whole exchange, retries included
MAX_REPLY_BYTES = 1_048_576  # a rewrite is a few hundred bytes; more than this is not read
RETRY_AFTER_CAP = 2.0  # a Retry-After longer than this is not waited for: the question is asked as written
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
MAX_TOKENS = 400


@dataclass(frozen=True)
class ProviderFailure:
    """Why a provider gave no reply text; `message` is redacted and says what to check."""

    failure: str
    message: str


def _display_url(url: str) -> str:
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        netloc = f"[{host}]" if ":" in host else host
        if parts.port is not None:
            netloc += f":{parts.port}"
    except ValueError:
        return "(an invalid URL)"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _is_loopback_address(text: str) -> bool:
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:127.0.0.1 is loopback too
    return address.is_loopback


def endpoint_is_local(url: str) -> bool:
    """True when every address the URL's host resolves to is loopback (this machine).

    A literal address is judged without a lookup; a name is resolved (no connection is made) and
    must resolve to loopback addresses only. A name that does not resolve is not local.
    """
    try:
        parts = urlsplit(url)
        host = parts.hostname
        port = parts.port
    except ValueError:
        return False
    if not host or parts.scheme not in ("http", "https"):
        return False
    try:
        ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        pass
    else:
        return _is_loopback_address(host)
    try:
        infos = socket.getaddrinfo(host, port or 80, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    addresses = {info[4][0] for info in infos}
    return bool(addresses) and all(_is_loopback_address(str(a)) for a in addresses)


def _retry_after(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


class ChatProvider:
    """The HTTP exchange both providers share: local-only check, deadline, retry, size cap, redaction."""

    name = "provider"
    key_setting = "the key"

    def __init__(self, endpoint: str, model: str, api_key: str | None, *, local_only: bool,
                 timeout: float = DEFAULT_TIMEOUT, sleep: Callable[[float], None] = time.sleep) -> None:
        self.endpoint = endpoint
        self.model = model
        self._api_key = api_key or None
        self.local_only = local_only
        self.timeout = timeout
        self._sleep = sleep
        self.display = _display_url(endpoint)
        # With STRATA_LOCAL_ONLY on, an HTTP(S)_PROXY from the environment could carry the prompt off
        # the machine even to a loopback URL, so the environment is ignored then.
        self._client = httpx.Client(follow_redirects=False, trust_env=not local_only)

    def __repr__(self) -> str:
        key = "'***'" if self._api_key else "None"
        return f"{type(self).__name__}(endpoint={self.display!r}, model={self.model!r}, api_key={key})"

    def close(self) -> None:
        self._client.close()

    def _redact(self, text: str) -> str:
        if self._api_key:
            text = text.replace(self._api_key, "***")
        return text

    def _fail(self, failure: str, message: str) -> ProviderFailure:
        return ProviderFailure(failure, self._redact(message))

    # Subclasses say how to ask and how to read the answer.
    def _headers(self) -> dict[str, str]:
        raise NotImplementedError

    def _body(self, system: str, user: str) -> dict[str, Any]:
        raise NotImplementedError

    def _text(self, data: Any) -> str:
        raise NotImplementedError

    def complete(self, system: str, user: str) -> str | ProviderFailure:
        """The reply's text, or why there is none. Never raises."""
        if self.local_only and not endpoint_is_local(self.endpoint):
            return self._fail("local_only", f"STRATA_LOCAL_ONLY is on and the {self.name} endpoint "
                              f"{self.display} is not on this machine (localhost, 127.0.0.1, ::1)")
        deadline = time.monotonic() + self.timeout
        body = json.dumps(self._body(system, user)).encode()
        attempt = 0
        while True:
            outcome = self._exchange(body, deadline)
            if not isinstance(outcome, tuple):
                return outcome
            status, wait = outcome
            if attempt >= 1 or wait is None or time.monotonic() + wait >= deadline:
                return self._status_failure(status, retried=attempt > 0)
            self._sleep(wait)
            attempt += 1

    def _status_failure(self, status: int, *, retried: bool) -> ProviderFailure:
        after = " (after one retry)" if retried else ""
        where = f"the {self.name} endpoint {self.display}"
        if status in (401, 403):
            return self._fail("auth", f"{where} refused the key (HTTP {status}); check {self.key_setting}")
        if status == 429:
            return self._fail("rate_limit", f"{where} is rate limiting (HTTP 429){after}")
        if status >= 500:
            return self._fail("server", f"{where} failed (HTTP {status}){after}")
        return self._fail("rejected", f"{where} rejected the request (HTTP {status}); check the URL and "
                          "QUERY_REWRITE_MODEL")

    def _exchange(self, body: bytes, deadline: float) -> str | ProviderFailure | tuple[int, float | None]:
        """One request: the text, a failure, or (status, seconds to wait before a retry or None)."""
        where = f"the {self.name} endpoint {self.display}"
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return self._fail("timeout", f"{where} did not answer within {self.timeout:g} s")
        try:
            with self._client.stream("POST", self.endpoint, content=body, headers=self._headers(),
                                     timeout=httpx.Timeout(remaining)) as response:
                status = response.status_code
                if status in RETRY_STATUSES:
                    return status, self._wait(status, response.headers.get("Retry-After"))
                if not 200 <= status < 300:
                    return self._status_failure(status, retried=False)
                raw = self._read_capped(response, deadline)
        except httpx.TimeoutException:
            return self._fail("timeout", f"{where} did not answer within {self.timeout:g} s")
        except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError, ValueError, OSError) as exc:
            return self._fail("transport", f"could not reach {where} ({type(exc).__name__})")
        if isinstance(raw, ProviderFailure):
            return raw
        try:
            return self._text(json.loads(raw))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
            return self._fail("schema_mismatch", f"{where} sent a reply that is not a {self.name} chat reply")

    @staticmethod
    def _wait(status: int, header: str | None) -> float | None:
        after = _retry_after(header)
        if after is None:
            return 0.5 if status == 429 else 0.25
        return after if after <= RETRY_AFTER_CAP else None

    def _read_capped(self, response: httpx.Response, deadline: float) -> bytes | ProviderFailure:
        where = f"the {self.name} endpoint {self.display}"
        too_large = self._fail("too_large", f"{where} sent a reply over {MAX_REPLY_BYTES} bytes; it was not read")
        declared = response.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > MAX_REPLY_BYTES:
            return too_large
        parts: list[bytes] = []
        size = 0
        for chunk in response.iter_bytes():
            size += len(chunk)
            if size > MAX_REPLY_BYTES:
                return too_large
            if time.monotonic() > deadline:
                return self._fail("timeout", f"{where} did not finish its reply within {self.timeout:g} s")
            parts.append(chunk)
        return b"".join(parts)


class AnthropicProvider(ChatProvider):
    """The Anthropic Messages API (POST /v1/messages with x-api-key and anthropic-version)."""

    name = "anthropic"
    key_setting = "ANTHROPIC_API_KEY"

    def __init__(self, api_key: str, model: str | None = None, *, base_url: str = ANTHROPIC_BASE_URL,
                 local_only: bool = False, timeout: float = DEFAULT_TIMEOUT,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        endpoint = base_url.rstrip("/") + "/v1/messages"
        super().__init__(endpoint, model or DEFAULT_ANTHROPIC_MODEL, api_key, local_only=local_only,
                         timeout=timeout, sleep=sleep)

    def _headers(self) -> dict[str, str]:
        return {"x-api-key": self._api_key or "", "anthropic-version": ANTHROPIC_VERSION,
                "content-type": "application/json"}

    def _body(self, system: str, user: str) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": MAX_TOKENS, "temperature": 0, "system": system,
                "messages": [{"role": "user", "content": user}]}

    def _text(self, data: Any) -> str:
        blocks = data["content"]
        texts = [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
        if not texts or not all(isinstance(t, str) for t in texts):
            raise ValueError("no text block")
        return "".join(texts)


class OpenAICompatibleProvider(ChatProvider):
    """Any endpoint speaking the OpenAI chat API (POST {base_url}/chat/completions)."""

    name = "openai_compatible"
    key_setting = "QUERY_REWRITE_API_KEY"

    def __init__(self, base_url: str, model: str, api_key: str | None = None, *, local_only: bool = False,
                 timeout: float = DEFAULT_TIMEOUT, sleep: Callable[[float], None] = time.sleep) -> None:
        parts = urlsplit(base_url.strip())
        endpoint = urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/chat/completions"))
        super().__init__(endpoint, model, api_key, local_only=local_only, timeout=timeout, sleep=sleep)

    def _headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json"}
        if self._api_key:
            headers["authorization"] = f"Bearer {self._api_key}"
        return headers

    def _body(self, system: str, user: str) -> dict[str, Any]:
        return {"model": self.model, "max_tokens": MAX_TOKENS, "temperature": 0,
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}

    def _text(self, data: Any) -> str:
        content = data["choices"][0]["message"]["content"]
        if isinstance(content, list):  # the multi-part form: [{"type": "text", "text": ...}]
            content = "".join(p["text"] for p in content if isinstance(p, dict) and p.get("type") == "text")
        if not isinstance(content, str):
            raise ValueError("no text content")
        return content
