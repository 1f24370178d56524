"""The real all-MiniLM-L6-v2, loaded offline from its bundled package, and the promise to load it lazily."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from stratakb_core.embedding import MINILM_MODEL, SentenceTransformerEmbedder
from stratakb_core.errors import EmbeddingSetupError


def test_importing_and_building_the_embedder_does_not_import_torch() -> None:
    code = """
import json, sys
from stratakb_core.embedding import build_embedder
from stratakb_core.settings import Settings
embedder = build_embedder(Settings.from_env({}))
facts = {"name": embedder.name, "dimensions": embedder.dimensions, "is_local": embedder.is_local}
heavy = ("torch", "sentence_transformers", "transformers", "httpx")
print(json.dumps({**facts, "imported": [m for m in heavy if m in sys.modules]}))
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_"))}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    facts = json.loads(result.stdout)
    assert facts == {"name": MINILM_MODEL, "dimensions": 384, "is_local": True, "imported": []}


@pytest.mark.slow
def test_minilm_loads_offline_and_ranks_a_related_passage_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # Not offline by the environment (tests/conftest.py sets both): the embedder must see to it itself,
    # and with every socket refused the load still succeeds, so nothing was downloaded.
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    hub = sys.modules.get("huggingface_hub.constants")
    hub_offline_before = bool(hub.HF_HUB_OFFLINE) if hub is not None else False

    def no_network(*args: object, **kwargs: object) -> None:
        raise OSError("network access during the model load")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)

    embedder = SentenceTransformerEmbedder("all-MiniLM-L6-v2")
    assert embedder.name == MINILM_MODEL
    assert not embedder.is_loaded

    question = embedder.embed_query("How long should a line of Python code be?")
    passages = embedder.embed(["Limit all lines to a maximum of 79 characters.", "The sky is blue."])

    assert embedder.is_loaded
    assert embedder.dimensions == 384
    assert question.shape == (384,) and question.dtype == np.float32
    assert passages.shape == (2, 384) and passages.dtype == np.float32
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert np.linalg.norm(question) == pytest.approx(1.0, abs=1e-5)
    related, unrelated = passages @ question
    assert related > unrelated + 0.1

    # The offline switch covered the load only; the user's environment is as it was.
    assert "HF_HUB_OFFLINE" not in os.environ
    import huggingface_hub.constants

    assert huggingface_hub.constants.HF_HUB_OFFLINE is hub_offline_before
    monkeypatch.undo()

    # Same text, same vector: the (model, text hash) key may reuse stored embeddings.
    again = embedder.embed(["Limit all lines to a maximum of 79 characters."])
    assert np.allclose(again[0], passages[0], atol=1e-5)


@pytest.mark.slow
def test_a_model_that_cannot_load_is_a_setup_error_naming_it(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-model")
    embedder = SentenceTransformerEmbedder(missing, dimensions=768)
    with pytest.raises(EmbeddingSetupError) as info:
        embedder.embed(["text"])
    assert info.value.code == "embedding_setup"
    assert missing in str(info.value)
    assert not embedder.is_loaded
