"""Query rewriting against a real HTTP server on 127.0.0.1 speaking the Anthropic and OpenAI chat APIs."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import pytest

from stratakb_core.query.rewrite_providers import (
    MAX_REPLY_BYTES,
    AnthropicProvider,
    OpenAICompatibleProvider,
    endpoint_is_local,
)
from stratakb_core.query.rewriting import QueryRewriter, build_rewriter, rewrite_question, setup_note
from stratakb_core.query.variants import rewrite_and_search, search_variants
from stratakb_core.settings import Settings
from tests.helpers.rewrite_server import RewriteServer, Scripted, rewrite_server

SECRET = "sk-ant-test-DO-NOT-LEAK-7c1e9a2b4d"
OPENAI_SECRET = "sk-openai-NEVER-SENT-5b3f"
LAYERS = {"contracts": "Signed customer agreements: termination, notice, liability",
          "sepa": "SEPA credit transfer rulebook"}
QUESTION = "How do I end the contract?"


@pytest.fixture
def server() -> Iterator[RewriteServer]:
    with rewrite_server() as s:
        yield s


def anthropic(server: RewriteServer, **kw) -> QueryRewriter:
    return QueryRewriter(AnthropicProvider(SECRET, base_url=server.url, **kw))


def openai(server: RewriteServer, key: str | None = SECRET, **kw) -> QueryRewriter:
    return QueryRewriter(OpenAICompatibleProvider(server.url + "/v1", "llama3.2", key, **kw))


def ask(rewriter: QueryRewriter, synonyms=()) -> object:
    return rewrite_question(QUESTION, layer_descriptions=LAYERS, synonyms=synonyms, rewriter=rewriter)


def assert_no_secret(*texts: object) -> None:
    for text in texts:
        assert SECRET not in str(text)
        assert SECRET not in repr(text)


# --------------------------------------------------------------------------------------------
# The two APIs


def test_anthropic_sends_the_question_and_layer_descriptions_with_its_headers(server):
    server.script = [Scripted(text='["terminate agreement notice", "termination clause"]')]
    outcome = ask(anthropic(server))
    assert outcome.source == "model"
    assert outcome.variants == (QUESTION, "terminate agreement notice", "termination clause")
    assert outcome.warning is None and outcome.failure is None
    request = server.requests[0]
    assert request["path"] == "/v1/messages"
    assert request["headers"]["x-api-key"] == SECRET
    assert request["headers"]["anthropic-version"] == "2023-06-01"
    assert "authorization" not in request["headers"]
    body = request["json"]
    assert body["model"] and body["max_tokens"] > 0 and isinstance(body["system"], str)
    user = body["messages"][0]["content"]
    assert QUESTION in user and "Signed customer agreements" in user and "SEPA credit transfer rulebook" in user


def test_openai_compatible_speaks_chat_completions_with_a_bearer_key(server):
    server.script = [Scripted(text='["contract termination"]')]
    outcome = ask(openai(server))
    assert outcome.variants == (QUESTION, "contract termination")
    request = server.requests[0]
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["authorization"] == f"Bearer {SECRET}"
    assert request["json"]["model"] == "llama3.2"
    assert [m["role"] for m in request["json"]["messages"]] == ["system", "user"]


def test_openai_api_key_is_never_sent_to_the_openai_compatible_endpoint(server):
    env = {"QUERY_REWRITE_PROVIDER": "openai_compatible", "QUERY_REWRITE_BASE_URL": server.url + "/v1",
           "QUERY_REWRITE_MODEL": "llama3.2", "OPENAI_API_KEY": OPENAI_SECRET}
    rewriter = build_rewriter(Settings.from_env(env))
    assert rewriter is not None
    server.script = [Scripted(text='["contract termination"]')]
    assert ask(rewriter).source == "model"
    headers = server.requests[0]["headers"]
    assert "authorization" not in headers
    assert all(OPENAI_SECRET not in v for v in headers.values())


def test_a_list_inside_prose_and_a_code_fence_is_found(server):
    fenced = 'Sure! Here are [some] queries:\n```json\n["notice period", "terminate"]\n```\nHope it helps'
    server.script = [Scripted(text=fenced),
                     Scripted(text='I think {"queries": ["end agreement"]} fits.')]
    assert ask(openai(server)).variants[1:] == ("notice period", "terminate")
    assert ask(openai(server)).variants[1:] == ("end agreement",)


def test_a_reply_without_a_list_logs_query_rewrite_json_error_and_searches_as_written(server, caplog):
    server.script = [Scripted(text="I cannot help with that.")]
    with caplog.at_level(logging.WARNING):
        outcome = ask(openai(server), synonyms=["terminate"])
    assert outcome.variants == (QUESTION, QUESTION + " terminate")
    assert outcome.source == "as_written" and outcome.failure == "json_error"
    assert "query_rewrite_json_error" in caplog.text
    assert_no_secret(caplog.text, outcome)


# --------------------------------------------------------------------------------------------
# Failures degrade, and never show the key


@pytest.mark.parametrize("make", [anthropic, openai])
def test_401_degrades_with_a_warning_naming_the_key_setting(server, caplog, make):
    server.script = [Scripted(status=401)]
    with caplog.at_level(logging.DEBUG):
        rewriter = make(server)
        outcome = ask(rewriter)
    assert outcome.variants == (QUESTION,) and outcome.failure == "auth"
    assert "searched as written" in outcome.warning
    assert ("ANTHROPIC_API_KEY" if make is anthropic else "QUERY_REWRITE_API_KEY") in outcome.warning
    assert "query_rewrite_failed" in caplog.text
    assert_no_secret(caplog.text, outcome, outcome.warning, rewriter, rewriter.provider)
    assert "'***'" in repr(rewriter)


def test_an_error_body_echoing_the_key_is_redacted(server, caplog):
    server.script = [Scripted(status=200, body=f'{{"error": "bad key {SECRET}"}}'.encode())]
    with caplog.at_level(logging.DEBUG):
        outcome = ask(anthropic(server))
    assert outcome.failure == "schema_mismatch"
    assert_no_secret(caplog.text, outcome)


def test_429_with_a_short_retry_after_is_retried_once(server):
    server.script = [Scripted(status=429, headers={"Retry-After": "0.2"}), Scripted(text='["retried variant"]')]
    waits: list[float] = []
    rewriter = QueryRewriter(AnthropicProvider(SECRET, base_url=server.url, sleep=waits.append))
    outcome = ask(rewriter)
    assert outcome.variants == (QUESTION, "retried variant")
    assert waits == [0.2] and len(server.requests) == 2


def test_429_with_a_long_retry_after_is_not_waited_for(server):
    server.script = [Scripted(status=429, headers={"Retry-After": "3600"})]
    started = time.monotonic()
    outcome = ask(anthropic(server))
    assert time.monotonic() - started < 2
    assert outcome.failure == "rate_limit" and outcome.variants == (QUESTION,)
    assert len(server.requests) == 1


def test_a_5xx_twice_degrades_after_one_retry(server):
    server.script = [Scripted(status=503), Scripted(status=502)]
    outcome = ask(openai(server, sleep=lambda s: None))
    assert outcome.failure == "server" and "after one retry" in outcome.warning
    assert len(server.requests) == 2


def test_a_hang_times_out(server):
    server.script = [Scripted(text='["late"]', delay=3)]
    started = time.monotonic()
    outcome = ask(openai(server, timeout=0.5))
    assert time.monotonic() - started < 2.5
    assert outcome.failure == "timeout" and outcome.variants == (QUESTION,)


@pytest.mark.parametrize("declare_length", [True, False])
def test_a_reply_of_megabytes_is_not_read(server, declare_length):
    server.script = [Scripted(huge=8 * MAX_REPLY_BYTES, declare_length=declare_length)]
    outcome = ask(anthropic(server))
    assert outcome.failure == "too_large" and outcome.variants == (QUESTION,)


def test_a_malformed_body_is_a_schema_mismatch(server):
    server.script = [Scripted(body=b"<html>not json</html>"), Scripted(body=b'{"choices": []}')]
    assert ask(openai(server)).failure == "schema_mismatch"
    assert ask(openai(server)).failure == "schema_mismatch"


def test_connection_refused_degrades(server):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    provider = OpenAICompatibleProvider(f"http://127.0.0.1:{port}/v1", "m", SECRET)
    outcome = rewrite_question(QUESTION, layer_descriptions=LAYERS, rewriter=QueryRewriter(provider))
    assert outcome.failure == "transport" and outcome.variants == (QUESTION,)
    assert_no_secret(outcome)


# --------------------------------------------------------------------------------------------
# STRATA_LOCAL_ONLY


@pytest.mark.parametrize("url", ["http://10.255.255.1:9/v1", "http://example.invalid/v1", "https://8.8.8.8/v1"])
def test_local_only_refuses_an_endpoint_off_this_machine_without_connecting(url):
    started = time.monotonic()
    provider = OpenAICompatibleProvider(url, "m", SECRET, local_only=True, timeout=30)
    outcome = rewrite_question(QUESTION, layer_descriptions=LAYERS, rewriter=QueryRewriter(provider))
    assert outcome.failure == "local_only" and outcome.variants == (QUESTION,)
    assert "STRATA_LOCAL_ONLY" in outcome.warning
    assert time.monotonic() - started < 5  # a connection attempt to 10.255.255.1 would hang until the timeout


def test_local_only_allows_loopback(server):
    server.script = [Scripted(text='["local variant"]'), Scripted(text='["by name"]')]
    assert ask(openai(server, local_only=True)).variants[1:] == ("local variant",)
    by_name = OpenAICompatibleProvider(server.url.replace("127.0.0.1", "localhost") + "/v1", "m", local_only=True)
    assert ask(QueryRewriter(by_name)).variants[1:] == ("by name",)


def test_endpoint_is_local_checks_every_address():
    assert endpoint_is_local("http://127.0.0.1:11434/v1")
    assert endpoint_is_local("http://[::1]:8080/v1")
    assert endpoint_is_local("http://[::ffff:127.0.0.1]/v1")
    assert endpoint_is_local("http://localhost:11434/v1")
    assert not endpoint_is_local("http://192.168.1.10/v1")
    assert not endpoint_is_local("ftp://127.0.0.1/v1")
    assert not endpoint_is_local("not a url")


def test_the_default_anthropic_endpoint_is_refused_when_local_only(caplog):
    settings = Settings.from_env({"ANTHROPIC_API_KEY": SECRET, "STRATA_LOCAL_ONLY": "true"})
    rewriter = build_rewriter(settings)
    assert rewriter is not None
    with caplog.at_level(logging.DEBUG):
        outcome = rewrite_question(QUESTION, layer_descriptions=LAYERS, rewriter=rewriter)
    assert outcome.failure == "local_only"
    assert_no_secret(caplog.text, outcome, settings, rewriter)


def test_no_provider_set_up_means_no_rewriting():
    assert build_rewriter(Settings.from_env({})) is None
    half = Settings.from_env({"QUERY_REWRITE_PROVIDER": "openai_compatible", "QUERY_REWRITE_BASE_URL": "http://x/v1"})
    assert build_rewriter(half) is None
    assert "QUERY_REWRITE_MODEL" in (setup_note(half) or "")
    outcome = rewrite_question(QUESTION, layer_descriptions=LAYERS, synonyms=["terminate"], rewriter=None)
    assert outcome.variants == (QUESTION, QUESTION + " terminate") and outcome.source == "as_written"


def test_a_proven_learned_rewrite_skips_the_model(server):
    outcome = rewrite_question(QUESTION, layer_descriptions=LAYERS, learned=["termination notice"],
                               rewriter=anthropic(server))
    assert outcome.source == "learned" and outcome.variants == (QUESTION, "termination notice")
    assert server.requests == []


# --------------------------------------------------------------------------------------------
# Variants searched in parallel


def test_rewrite_and_parallel_search_overlap(server):
    server.default = Scripted(text='["v one", "v two", "v three"]', delay=0.3)
    started_at: dict[str, float] = {}
    lock = threading.Lock()

    def search(variant: str) -> list[str]:
        with lock:
            started_at[variant] = time.monotonic()
        time.sleep(0.05)
        return [f"{variant}:a", "shared", f"{variant}:b"]

    rewriter = anthropic(server)
    t0 = time.monotonic()
    result = rewrite_and_search(QUESTION, search, key=lambda r: r, layer_descriptions=LAYERS,
                                synonyms=["terminate"], rewriter=rewriter)
    elapsed = time.monotonic() - t0
    variants = result.outcome.variants
    sequential = 0.3 + 0.05 * len(variants)
    print(f"rewrite + {len(variants)} searches: {elapsed * 1000:.0f} ms "
          f"(model 300 ms, each search 50 ms; sequential would be {sequential * 1000:.0f} ms, "
          f"target <= {(1.2 * 0.3 + 0.05) * 1000:.0f} ms)")
    assert len(variants) == 5 and result.outcome.source == "model"
    assert elapsed < 2 * sequential
    assert started_at[QUESTION] - t0 < 0.2  # the question as written did not wait for the model
    assert result.results[0].item == "shared" and result.results[0].score == 1.0


def test_search_variants_runs_in_parallel_and_merges_by_rrf():
    barrier = threading.Barrier(3, timeout=5)  # only passes when the three searches run at once

    def search(variant: str) -> list[str]:
        barrier.wait()
        return {"a": ["x", "y"], "b": ["y", "z"], "c": ["y"]}[variant]

    results, warnings = search_variants(["a", "b", "c"], search, key=lambda r: r)
    assert [f.item for f in results] == ["y", "x", "z"]
    assert results[0].score == 1.0 and results[0].ranks == (2, 1, 1)
    assert warnings == ()


def test_a_failed_variant_search_is_left_out_with_a_warning_but_the_question_search_raises():
    def search(variant: str) -> list[str]:
        if variant == "bad":
            raise RuntimeError("boom")
        return [variant]

    results, warnings = search_variants(["q", "bad"], search, key=lambda r: r)
    assert [f.item for f in results] == ["q"] and "bad" in warnings[0]
    with pytest.raises(RuntimeError):
        search_variants(["bad", "q"], search, key=lambda r: r)
