"""The cue lookup is shared between the finders (an LRU cache): no finder may change what it got."""

from __future__ import annotations

from stratakb_core.ingest import injection, injection_cooccur
from stratakb_core.ingest.safety_eval import default_fixtures_dir, load_fixture


def test_scanning_leaves_every_cached_cue_lookup_as_computed():
    base = default_fixtures_dir() / "injection"
    texts = [e["text"] for e in load_fixture(base / "attacks-heldout59.yaml", "attacks")]
    texts += [e["text"] for e in load_fixture(base / "clean-heldout59.yaml", "clean")]
    injection_cooccur.cues.cache_clear()
    for text in texts:
        injection.scan(text)
    info = injection_cooccur.cues.cache_info()
    assert info.hits > 0 and info.currsize > 100  # the finders do read the same sentences
    # every sentence still in the cache maps to what a fresh lookup gives: no finder changed its copy
    cached = _cached_sentences(texts)
    hits = injection_cooccur.cues.cache_info().hits
    for sentence in cached:
        assert injection_cooccur.cues(sentence) == injection_cooccur.cues.__wrapped__(sentence), sentence[:80]
    assert injection_cooccur.cues.cache_info().hits - hits > len(cached) // 2  # most were read from the cache


def _cached_sentences(texts: list[str]) -> list[str]:
    """Sentences the scan looked up (those of the texts' first variants, addresses masked)."""
    out = []
    for text in texts:
        masked = injection_cooccur._mask(text.lower())
        out += [masked[s:e] for s, e in injection_cooccur._sentences(masked)]
    return out
