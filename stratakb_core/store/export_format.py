"""The portable file of a layer export or a full backup: a zip of Parquet tables and JSON documents
with a manifest (format number, kind, sha256 and size of every member); does I/O (files only).

Nothing in it is ever executed: members are parsed with pyarrow and json, every one is checked
against the manifest's sha256 before any is read, and a format number newer than this code reads is
refused. Formats 1-5 were SQL text fed to psql (and could run anything with the database owner's
rights); they are refused too. Members are stored uncompressed in the zip (Parquet compresses its
own columns with zstd).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from stratakb_core import __version__
from stratakb_core.errors import RefusedError, UsageError

__all__ = ["EXPORT_FORMAT", "Bundle", "read_bundle", "write_bundle"]

EXPORT_FORMAT = 6
_MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Bundle:
    manifest: dict[str, Any]
    members: dict[str, bytes]

    def table(self, name: str) -> pa.Table:
        # ParquetFile, not read_table: read_table imports pyarrow.dataset (1.3 s on 2 cores)
        return pq.ParquetFile(io.BytesIO(self.members[name])).read()

    def json(self, name: str) -> Any:
        return json.loads(self.members[name].decode("utf-8"))

    def has(self, name: str) -> bool:
        return name in self.members


def parquet_bytes(table: pa.Table) -> bytes:
    sink = io.BytesIO()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue()


def json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str).encode("utf-8")


def write_bundle(path: Path, kind: str, info: dict[str, Any], members: dict[str, bytes]) -> int:
    """Write the bundle to `path` atomically (a temporary file renamed over it); returns its size."""
    manifest = {"format": EXPORT_FORMAT, "kind": kind, "stratakb_version": __version__, **info,
                "members": {name: {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
                            for name, data in members.items()}}
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED) as zf:
            zf.writestr(_MANIFEST, json_bytes(manifest))
            for name, data in members.items():
                zf.writestr(name, data)
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return path.stat().st_size


def read_bundle(path: Path, kind: str) -> Bundle:
    """The bundle at `path`, every member checked; refuses a file that is not one, is truncated or
    tampered with, holds another kind, or has a format this code does not read."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        with zipfile.ZipFile(path) as zf:
            manifest = json.loads(zf.read(_MANIFEST).decode("utf-8"))
            _check_manifest(path, manifest, kind)
            names = set(zf.namelist()) - {_MANIFEST}
            listed = set(manifest["members"])
            if names != listed:
                raise RefusedError(f"{path}: the members do not match the manifest (extra: {sorted(names - listed)}, "
                                   f"missing: {sorted(listed - names)}); the file was changed", code="export_tampered")
            members = {name: zf.read(name) for name in sorted(listed)}
    except (zipfile.BadZipFile, KeyError, EOFError, UnicodeDecodeError, json.JSONDecodeError, zlib.error) as exc:
        raise RefusedError(f"{path} is not a complete StrataKB export (truncated or not one): {exc}",
                           code="export_unreadable") from exc
    for name, data in members.items():
        want = manifest["members"][name]
        if hashlib.sha256(data).hexdigest() != want.get("sha256") or len(data) != want.get("bytes"):
            raise RefusedError(f"{path}: checksum mismatch in {name}; the file is damaged or was changed, nothing "
                               "was imported", code="export_tampered")
    return Bundle(manifest, members)


def _check_manifest(path: Path, manifest: Any, kind: str) -> None:
    if not isinstance(manifest, dict) or not isinstance(manifest.get("members"), dict):
        raise RefusedError(f"{path} has no valid manifest; it is not a StrataKB export", code="export_unreadable")
    fmt = manifest.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise RefusedError(f"{path}: the manifest has no format number", code="export_unreadable")
    if fmt > EXPORT_FORMAT:
        raise RefusedError(f"{path} has export format {fmt}, newer than this StrataKB reads ({EXPORT_FORMAT}); "
                           "upgrade StrataKB to import it", code="export_format_newer")
    if fmt < EXPORT_FORMAT:
        raise RefusedError(f"{path} has export format {fmt}: SQL text for psql, which StrataKB no longer runs "
                           "(it could execute anything in the database); export it again with this version",
                           code="export_format_old")
    if manifest.get("kind") != kind:
        raise RefusedError(f"{path} is a {manifest.get('kind')!r} file, not a {kind!r} one "
                           f"({'use restore' if kind == 'layer' else 'use import-layer'})", code="export_wrong_kind")
