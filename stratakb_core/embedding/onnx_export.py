"""Exporting a sentence-transformers model to ONNX once, cached under the data directory; does I/O.

The only module of the ONNX runtime that imports torch, and only when no export is cached yet.
The graph is the whole sentence-transformers pipeline (transformer, the model's own pooling and
normalisation), traced with dynamic batch and sequence axes, so the runtime needs no pooling code of
its own and the attention mask is honoured inside the graph; for BERT models onnxruntime's fusions
(attention, layer norm, GELU) are applied once here. int8 is a dynamic quantization of that fp32
graph (weights int8, activations quantized per batch), written next to it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import secrets
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stratakb_core.embedding.local_model import hub_offline, quiet_load
from stratakb_core.errors import EmbeddingSetupError

# Bump when the exported graph or meta.json changes: old caches are then left alone, not reused.
EXPORTER_VERSION = 1
OPSET = 17
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# Two texts of different lengths, so the traced graph takes the padded (masked) path.
_EXAMPLE_TEXTS = ["a short example", "a longer example sentence, so that the batch needs padding to one length"]


@dataclass(frozen=True)
class ExportedModel:
    """An exported model: the ONNX file to run and what the tokenizer must do to match it."""

    path: Path
    inputs: tuple[str, ...]
    max_seq_length: int
    do_lower_case: bool
    dimensions: int


def _fingerprint(model_dir: Path) -> str:
    """Identifies the model files (names, sizes, mtimes), so changed weights get a fresh export."""
    digest = hashlib.sha256(str(model_dir.resolve()).encode("utf-8", "surrogatepass"))
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        stat = path.stat()
        digest.update(f"\0{path.relative_to(model_dir)}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:10]


def cache_dir(cache_root: Path, model_name: str, model_dir: Path) -> Path:
    """<cache_root>/<model-slug>-<fingerprint>-e<exporter version>/ for this model's files."""
    slug = re.sub(r"[^a-z0-9]+", "-", model_name.lower()).strip("-")[-60:] or "model"
    return cache_root / f"{slug}-{_fingerprint(model_dir)}-e{EXPORTER_VERSION}"


@contextlib.contextmanager
def _export_lock(directory: Path) -> Iterator[None]:
    """Serialises exports of one model across processes; the second waits, then reuses the first's."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock; the atomic renames still keep the cache consistent
        yield
        return
    with open(directory / ".export.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_atomically(target: Path, write: Callable[[Path], None]) -> None:
    """Writes through a temporary file in the same folder, then renames it over the target."""
    # A name of this process's own (the writer creates it, with the user's umask), never the target's.
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        write(temporary)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _read_meta(directory: Path) -> dict[str, Any] | None:
    try:
        meta = json.loads((directory / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and meta.get("exporter_version") == EXPORTER_VERSION else None


def _exported(directory: Path, filename: str) -> ExportedModel | None:
    meta = _read_meta(directory)
    path = directory / filename
    if meta is None or not path.is_file():
        return None
    return ExportedModel(
        path=path,
        inputs=tuple(meta["inputs"]),
        max_seq_length=int(meta["max_seq_length"]),
        do_lower_case=bool(meta["do_lower_case"]),
        dimensions=int(meta["dimensions"]),
    )


def ensure_exported(model_name: str, model_dir: Path, cache_root: Path, quantize: str) -> ExportedModel:
    """The cached export of the model (int8 when quantize is "int8"), exporting it first if missing."""
    directory = cache_dir(cache_root, model_name, model_dir)
    filename = "model.int8.onnx" if quantize == "int8" else "model.onnx"
    found = _exported(directory, filename)
    if found is not None:
        return found
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EmbeddingSetupError(f"cannot create the ONNX cache folder {directory}: {exc}") from exc
    with _export_lock(directory):
        if _exported(directory, "model.onnx") is None:
            _export_fp32(model_name, model_dir, directory)
        if quantize == "int8" and not (directory / filename).is_file():
            _quantize_int8(directory / "model.onnx", directory / filename)
    found = _exported(directory, filename)
    if found is None:  # pragma: no cover - the export above wrote both files or raised
        raise EmbeddingSetupError(f"the ONNX export of {model_name!r} in {directory} is incomplete")
    return found


def _load_for_export(model_dir: Path) -> Any:
    with hub_offline():
        from sentence_transformers import SentenceTransformer

        with quiet_load():
            # Eager attention traces to the MatMul/Softmax pattern onnxruntime fuses (sdpa does not).
            kwargs = {"attn_implementation": "eager"}
            return SentenceTransformer(str(model_dir), device="cpu", local_files_only=True, model_kwargs=kwargs)


def _export_fp32(model_name: str, model_dir: Path, directory: Path) -> None:
    """Traces the whole sentence-transformers pipeline to directory/model.onnx, meta.json first."""
    try:
        import torch

        model = _load_for_export(model_dir)
    except ImportError as exc:
        raise EmbeddingSetupError(
            f"exporting {model_name!r} to ONNX needs torch and sentence-transformers ({exc})"
        ) from exc
    except Exception as exc:  # the loaders raise OSError, ValueError, ...
        raise EmbeddingSetupError(f"could not load {model_name!r} to export it to ONNX: {exc}") from exc
    preprocess = getattr(model, "preprocess", None) or model.tokenize
    features = preprocess(_EXAMPLE_TEXTS)
    inputs = tuple(name for name in _INPUTS if name in features)

    class Pipeline(torch.nn.Module):
        """The sentence-transformers modules with positional tensor inputs, as the tracer needs."""

        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors: Any) -> Any:
            return self.model(dict(zip(inputs, tensors, strict=True)))["sentence_embedding"]

    pipeline = Pipeline().eval()
    example = tuple(features[name] for name in inputs)
    with torch.no_grad():
        dimensions = int(pipeline(*example).shape[1])
    transformer = model[0]
    meta = {
        "model": model_name,
        "exporter_version": EXPORTER_VERSION,
        "inputs": list(inputs),
        "max_seq_length": int(model.max_seq_length),
        "do_lower_case": bool(getattr(transformer, "do_lower_case", False)),
        "dimensions": dimensions,
        "opset": OPSET,
        "torch": torch.__version__,
    }
    _write_atomically(directory / "meta.json", lambda path: path.write_text(json.dumps(meta, indent=2) + "\n"))
    axes = {name: {0: "batch", 1: "sequence"} for name in inputs} | {"sentence_embedding": {0: "batch"}}

    def export(path: Path) -> None:
        plain = path.with_name(path.name + ".plain")
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer and deprecation notes; the tests check the result
            torch.onnx.export(
                pipeline,
                example,
                str(plain),
                input_names=list(inputs),
                output_names=["sentence_embedding"],
                dynamic_axes=axes,
                opset_version=OPSET,
                do_constant_folding=True,
                dynamo=False,
            )
        try:
            _fuse(plain, path, model_dir)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(plain)

    try:
        _write_atomically(directory / "model.onnx", export)
    except Exception as exc:  # the exporter raises RuntimeError, torch.onnx errors, OSError ...
        raise EmbeddingSetupError(f"could not export {model_name!r} to ONNX: {exc}") from exc


_FUSABLE = {"bert": "bert"}  # config.json model_type -> onnxruntime.transformers model type


def _fuse(plain: Path, target: Path, model_dir: Path) -> None:
    """Fuses attention, layer norms and GELU (onnxruntime.transformers) for a BERT model, or keeps the
    plain graph: fusion changes speed, not results (the tests compare with torch either way)."""
    try:
        config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
        kind = _FUSABLE.get(str(config.get("model_type")))
        heads, hidden = int(config["num_attention_heads"]), int(config["hidden_size"])
    except (OSError, ValueError, KeyError, TypeError):
        kind = None
    if kind is None:
        os.replace(plain, target)
        return
    from onnxruntime.transformers.optimizer import optimize_model

    previous = logging.root.manager.disable
    logging.disable(logging.WARNING)  # the optimizer reports its progress to the root logger
    try:
        optimize_model(
            str(plain), model_type=kind, num_heads=heads, hidden_size=hidden, opt_level=0
        ).save_model_to_file(str(target))
    finally:
        logging.disable(previous)


def _quantize_int8(source: Path, target: Path) -> None:
    """Dynamic int8 quantization of the fp32 graph's matrix multiplications and attention."""
    try:
        from onnx import TensorProto
        from onnxruntime.quantization import QuantType, quantize_dynamic
    except ImportError as exc:
        raise EmbeddingSetupError(f"int8 quantization needs onnxruntime and onnx ({exc})") from exc

    def quantize(path: Path) -> None:
        # quantize_dynamic logs advice to the root logger; the user did not ask for it.
        previous = logging.root.manager.disable
        logging.disable(logging.WARNING)
        try:
            quantize_dynamic(
                str(source),
                str(path),
                weight_type=QuantType.QInt8,
                per_channel=True,
                op_types_to_quantize=["MatMul", "Attention"],
                # Fused operators have no shape-inferred type; their outputs are float.
                extra_options={"DefaultTensorType": TensorProto.FLOAT},
            )
        finally:
            logging.disable(previous)

    try:
        _write_atomically(target, quantize)
    except Exception as exc:
        raise EmbeddingSetupError(f"could not quantize {source} to int8: {exc}") from exc
