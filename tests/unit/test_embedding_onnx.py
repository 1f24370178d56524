"""The ONNX runtime: choosing it, its cache, and (slow) its vectors against torch with the real MiniLM."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from stratakb_core.embedding import MINILM_MODEL, OnnxEmbedder, SentenceTransformerEmbedder, build_embedder
from stratakb_core.embedding.local_model import local_model_dir, onnx_unsupported
from stratakb_core.embedding.onnx_export import EXPORTER_VERSION, _write_atomically, cache_dir
from stratakb_core.errors import EmbeddingSetupError
from stratakb_core.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def settings(data_dir: Path = Path("/nonexistent/stratakb-test"), **changes: object) -> Settings:
    base = Settings.from_env({"STRATA_DATA_DIR": str(data_dir)})
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def model_folder(path: Path, modules: list[str], prompts: dict[str, str] | None = None) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    entries = [
        {"idx": i, "name": str(i), "path": "", "type": f"sentence_transformers.models.{m}"}
        for i, m in enumerate(modules)
    ]
    (path / "modules.json").write_text(json.dumps(entries))
    (path / "tokenizer.json").write_text("{}")
    (path / "config_sentence_transformers.json").write_text(json.dumps({"prompts": prompts or {}}))
    return path


# --- settings and choosing the runtime ----------------------------------------------------------


def test_settings_read_runtime_and_quantize_from_the_environment() -> None:
    default = Settings.from_env({})
    assert (default.embedding_runtime, default.embedding_quantize) == ("auto", "none")
    chosen = Settings.from_env({"EMBEDDING_RUNTIME": " ONNX ", "EMBEDDING_QUANTIZE": "Int8"})
    assert (chosen.embedding_runtime, chosen.embedding_quantize) == ("onnx", "int8")


def test_onnx_runtime_keeps_the_model_name_and_int8_gets_its_own() -> None:
    fp32 = build_embedder(settings(embedding_runtime="onnx"))
    int8 = build_embedder(settings(embedding_runtime="onnx", embedding_quantize="int8"))
    assert isinstance(fp32, OnnxEmbedder) and isinstance(int8, OnnxEmbedder)
    # Same vectors as torch: the same stored name, so switching runtimes re-embeds nothing.
    assert fp32.name == build_embedder(settings(embedding_runtime="torch")).name == MINILM_MODEL
    assert int8.name == MINILM_MODEL + "#int8"
    assert int8.dimensions == 384 and not int8.is_loaded


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"embedding_runtime": "tensorrt"}, "unknown EMBEDDING_RUNTIME 'tensorrt': use auto, onnx or torch"),
        ({"embedding_quantize": "int4"}, "unknown EMBEDDING_QUANTIZE 'int4': use none or int8"),
        ({"embedding_runtime": "torch", "embedding_quantize": "int8"}, "EMBEDDING_QUANTIZE=int8 needs the ONNX"),
        ({"embedding_runtime": "onnx", "embedding_model": "BAAI/bge-small-en-v1.5"}, "not a sentence-transformers"),
    ],
)
def test_impossible_runtime_settings_are_setup_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(EmbeddingSetupError, match=message.replace("(", r"\(")):
        build_embedder(settings(**changes))


def test_auto_falls_back_to_torch_for_a_hub_name() -> None:
    embedder = build_embedder(settings(embedding_model="BAAI/bge-small-en-v1.5"))
    assert isinstance(embedder, SentenceTransformerEmbedder)


def test_auto_uses_onnx_only_for_a_model_it_reproduces(tmp_path: Path) -> None:
    plain = model_folder(tmp_path / "plain", ["Transformer", "Pooling", "Normalize"])
    dense = model_folder(tmp_path / "dense", ["Transformer", "Pooling", "Dense"])
    prompted = model_folder(tmp_path / "e5", ["Transformer", "Pooling"], {"query": "query: "})
    assert local_model_dir(str(plain)) == plain
    assert onnx_unsupported(plain) is None
    assert "Dense" in (onnx_unsupported(dense) or "")
    assert "prompts" in (onnx_unsupported(prompted) or "")
    assert isinstance(build_embedder(settings(embedding_model=str(plain))), OnnxEmbedder)
    for folder in (dense, prompted):
        assert isinstance(build_embedder(settings(embedding_model=str(folder))), SentenceTransformerEmbedder)
        with pytest.raises(EmbeddingSetupError, match="EMBEDDING_RUNTIME=onnx needs the ONNX runtime"):
            build_embedder(settings(embedding_model=str(folder), embedding_runtime="onnx"))
    # A declared size may mean Matryoshka truncation, which only the torch runtime does.
    declared = build_embedder(settings(embedding_model=str(plain), embedding_dimensions=256))
    assert isinstance(declared, SentenceTransformerEmbedder)


# --- the cache ----------------------------------------------------------------------------------


def test_cache_folder_is_keyed_by_model_files_and_exporter_version(tmp_path: Path) -> None:
    folder = model_folder(tmp_path / "m", ["Transformer", "Pooling"])
    first = cache_dir(tmp_path / "onnx", "My/Model", folder)
    assert first.parent == tmp_path / "onnx"
    assert first.name.startswith("my-model-") and first.name.endswith(f"-e{EXPORTER_VERSION}")
    assert cache_dir(tmp_path / "onnx", "My/Model", folder) == first
    (folder / "model.safetensors").write_bytes(b"new weights")
    assert cache_dir(tmp_path / "onnx", "My/Model", folder) != first


def test_an_interrupted_write_leaves_neither_target_nor_temporary_file(tmp_path: Path) -> None:
    def fail(path: Path) -> None:
        path.write_text("half")
        raise RuntimeError("exporter crashed")

    with pytest.raises(RuntimeError):
        _write_atomically(tmp_path / "model.onnx", fail)
    assert list(tmp_path.iterdir()) == []
    _write_atomically(tmp_path / "model.onnx", lambda path: path.write_text("whole"))
    assert [p.name for p in tmp_path.iterdir()] == ["model.onnx"]
    assert (tmp_path / "model.onnx").read_text() == "whole"


# --- the real MiniLM (slow) ---------------------------------------------------------------------

TEXTS = [
    "How long should a line of Python code be?",
    "Limit all lines to a maximum of 79 characters.",
    "",
    "   leading and trailing spaces   ",
    "Ünïcödé, emoji 🙂 and CJK 中文 text",
    "word " * 600,  # far beyond max_seq_length (256 tokens): truncated as sentence-transformers does
    "The sky is blue. " * 20,
]

EMBED_ONE_QUERY = """
import json, sys
from stratakb_core.embedding import build_embedder
from stratakb_core.settings import Settings
embedder = build_embedder(Settings.from_env())
vector = embedder.embed_query("How long should a line of Python code be?")
heavy = ("torch", "sentence_transformers", "transformers")
print(json.dumps({"embedder": type(embedder).__name__, "norm": float((vector @ vector) ** 0.5),
                  "imported": [m for m in heavy if m in sys.modules]}))
"""


def run_embed_process(data_dir: Path, **env: str) -> dict[str, object]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_"))}
    full = {**clean, "STRATA_DATA_DIR": str(data_dir), "PYTHONPATH": str(REPO), **env}
    done = subprocess.run([sys.executable, "-c", EMBED_ONE_QUERY], env=full, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def exported_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory whose MiniLM export was written by two processes racing for it."""
    data_dir = tmp_path_factory.mktemp("onnx-data")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMBEDDING_", "STRATA_"))}
    env = {**clean, "STRATA_DATA_DIR": str(data_dir), "PYTHONPATH": str(REPO)}
    racers = [
        subprocess.Popen([sys.executable, "-c", EMBED_ONE_QUERY], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    for racer in racers:
        out, _ = racer.communicate(timeout=600)
        assert racer.returncode == 0
        assert json.loads(out.strip().splitlines()[-1])["embedder"] == "OnnxEmbedder"
    return data_dir


@pytest.mark.slow
def test_two_processes_exporting_at_once_leave_one_complete_export(exported_data_dir: Path) -> None:
    (folder,) = (exported_data_dir / "onnx").iterdir()
    assert sorted(p.name for p in folder.iterdir()) == [".export.lock", "meta.json", "model.onnx"]
    meta = json.loads((folder / "meta.json").read_text())
    assert meta["max_seq_length"] == 256 and meta["dimensions"] == 384
    assert meta["inputs"] == ["input_ids", "attention_mask", "token_type_ids"]


@pytest.mark.slow
def test_a_query_process_with_the_export_cached_loads_no_torch(exported_data_dir: Path) -> None:
    (model,) = (exported_data_dir / "onnx").glob("*/model.onnx")
    written = model.stat().st_mtime_ns
    facts = run_embed_process(exported_data_dir)
    assert facts["embedder"] == "OnnxEmbedder"
    assert facts["imported"] == []
    assert abs(float(facts["norm"]) - 1.0) < 1e-5  # type: ignore[arg-type]
    assert model.stat().st_mtime_ns == written  # reused, not exported again


@pytest.mark.slow
def test_onnx_vectors_are_the_torch_vectors(exported_data_dir: Path) -> None:
    onnx = build_embedder(settings(exported_data_dir, embedding_runtime="onnx"))
    torch = build_embedder(settings(exported_data_dir, embedding_runtime="torch"))
    ours, theirs = onnx.embed(TEXTS), torch.embed(TEXTS)
    assert ours.dtype == np.float32 and ours.shape == (len(TEXTS), 384)
    cosines = np.sum(ours * theirs, axis=1)
    assert cosines.min() >= 0.9999, cosines
    query = onnx.embed_query(TEXTS[0])
    assert float(query @ torch.embed_query(TEXTS[0])) >= 0.9999
    # The attention mask is honoured: a text alone and padded in a batch of longer ones agree.
    for i, text in enumerate(TEXTS):
        assert float(onnx.embed([text])[0] @ ours[i]) >= 0.99999, text[:40]


@pytest.mark.slow
def test_the_tokenizer_truncates_like_sentence_transformers(exported_data_dir: Path) -> None:
    from sentence_transformers import SentenceTransformer
    from tokenizers import Tokenizer

    folder = local_model_dir(MINILM_MODEL)
    assert folder is not None
    reference = SentenceTransformer(str(folder), device="cpu", local_files_only=True)
    onnx = build_embedder(settings(exported_data_dir, embedding_runtime="onnx"))
    onnx.embed_query("load")
    tokenizer: Tokenizer = onnx._load_once().tokenizer  # type: ignore[attr-defined]
    preprocess = getattr(reference, "preprocess", None) or reference.tokenize
    for text in TEXTS:
        expected = preprocess([text])["input_ids"][0].tolist()
        assert tokenizer.encode(text).ids == expected, text[:40]
    assert len(tokenizer.encode(TEXTS[5]).ids) == reference.max_seq_length == 256


@pytest.mark.slow
def test_int8_vectors_are_close_and_stored_under_their_own_name(exported_data_dir: Path) -> None:
    fp32 = build_embedder(settings(exported_data_dir, embedding_runtime="onnx"))
    int8 = build_embedder(settings(exported_data_dir, embedding_quantize="int8"))
    assert int8.name == MINILM_MODEL + "#int8"
    ours, theirs = int8.embed(TEXTS), fp32.embed(TEXTS)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = np.sum(ours * theirs, axis=1)
    # Close enough to rank alike, not close enough to share the fp32 vectors' name (docs/adr/0006).
    assert 0.95 <= cosines.mean() < 0.9999, cosines
    assert len(list((exported_data_dir / "onnx").glob("*/model.int8.onnx"))) == 1
