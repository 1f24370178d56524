"""A Kubernetes manifest's reference to a secret by its key's name, not the secret (wave 45, no I/O).

``redaction_held_back.held_back`` asks ``is_secret_reference`` of every rule's and the scorer's span. An External
Secrets Operator manifest maps a key of the cluster's secret to a key in a store ("- secretKey: stripe_key" with a
``remoteRef`` under it), and a pod's environment points at a secret's key (``secretKeyRef:`` then ``key:
db-password``): the value is the name of the key, the secret stays in the store. Kept: an identifier (letters,
digits, ``_ . -``, at most 63 characters) after ``secretKey:`` in a document that is an ``ExternalSecret`` or holds a
``remoteRef``, or after ``key:`` within the few lines under ``secretKeyRef:`` / ``remoteRef:``. A ``secretKey:`` in
another YAML (MinIO's chart: ``secretKey: minio123``) still goes.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_secret_reference"]

_NAME_RE: Final = re.compile(r"[A-Za-z0-9_.-]{1,63}")
_SECRET_KEY_LABEL_RE: Final = re.compile(r"^[ \t]*(?:-[ \t]+)?secretKey[ \t]*:[ \t]*[\"']?$")
_KEY_LABEL_RE: Final = re.compile(r"^[ \t]*(?:-[ \t]+)?key[ \t]*:[ \t]*[\"']?$")
_REF_BLOCK_RE: Final = re.compile(r"\b(?:secretKeyRef|remoteRef)[ \t]*:")
_ESO_RE: Final = re.compile(r"\bkind:[ \t]*(?:Cluster)?ExternalSecret\b|\bremoteRef[ \t]*:")


def is_secret_reference(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a secret key's name in a Kubernetes manifest (module docstring)."""
    if end - start > 63 or _NAME_RE.fullmatch(text, start, end) is None:
        return False
    line_start = text.rfind("\n", max(0, start - 120), start) + 1
    label = text[line_start:start]
    if "secretKey" in label and _SECRET_KEY_LABEL_RE.match(label):
        return _ESO_RE.search(text, max(0, start - 3000), min(len(text), end + 3000)) is not None
    if "key" in label and _KEY_LABEL_RE.match(label):
        return _REF_BLOCK_RE.search(text, max(0, line_start - 200), line_start) is not None
    return False
