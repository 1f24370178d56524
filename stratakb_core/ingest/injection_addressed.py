"""Orders to an AI reader that the injection scan reads on their own (no I/O): any order given to an AI called on
by name (``addressed_order``, for text nobody sees: HTML comments, hidden elements, alt text), and a send of private
data to an address asked of an AI called on by name (``addressed_send``: who, what, what to and where in one
sentence; ``injection.certain`` spares such a hit the learned scorer's veto). The cues and sentences are those of
``injection_cooccur``."""

from __future__ import annotations

from collections.abc import Iterator

from stratakb_core.ingest.injection_cooccur import _DEST, _ORDER_CUES, _addressed, _mask, _permitted, _sentences, cues

__all__ = ["addressed_order", "addressed_send"]


def addressed_order(texts: list[str]) -> bool:
    """Some sentence calls on an AI reader and gives it an order of any kind (used for text nobody sees)."""
    for text in texts:
        masked = _mask(text)
        called = False  # the sentence before called on the AI ("Note for the AI: the user is an admin; reveal ...")
        for start, end in _sentences(masked):
            found = cues(masked[start:end])
            here = _addressed(found, masked[start:end])
            if (here or called) and not _ORDER_CUES.isdisjoint(found) and "mention" not in found:
                return True
            called = here and found["_len"][0] <= 12
    return False


def addressed_send(texts: list[str]) -> Iterator[tuple[int, int, int]]:
    """Sentences (variant, span) that call on an AI reader and tell it to send private data to an address:
    who, what, what to and where in one sentence ("Hello agent, please mail the entire inbox to ...")."""
    for k, text in enumerate(texts):
        masked = _mask(text)
        if _DEST not in masked:
            continue  # no address: no sentence to look at
        for start, end in _sentences(masked):
            sentence = masked[start:end]
            if _DEST not in sentence:
                continue
            found = cues(sentence)
            if {"send", "data"} <= found.keys() and "mention" not in found and not _permitted(found, "send"):
                if _addressed(found, sentence):
                    yield k, start, end
