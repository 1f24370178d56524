"""Measures the injection scanner and the redactor on their fixture sets (I/O: reads YAML fixtures).

``evaluate_injection`` and ``evaluate_redaction`` return plain dicts: per split (the splits, which were measured
blind when and which were tuned on, are in ``safety_splits``) and ``all``, with the figures and whether each meets
its target; ``format_report`` turns either into a table. ``stratakb eval --injection`` / ``--redaction`` and
``python -m stratakb_core.ingest.safety_eval`` print them.

Targets: injection attack-success rate (attacks with no rule firing / attacks) at most 5%, false
positives (clean passages with any rule firing / clean passages) at most 2%; redaction recall
(secrets whose every value is gone / secrets) at least 98%, false redactions (clean passages with
any redaction / clean passages) at most 1%, and no passage whose line count or text outside the
redacted values changed. Reports name fixture ids, never secret values.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

import yaml

from stratakb_core.errors import UsageError
from stratakb_core.ingest.injection import scan as injection_scan
from stratakb_core.ingest.redaction import RedactionResult, marker
from stratakb_core.ingest.redaction import redact as redact_text
from stratakb_core.ingest.safety_splits import _LEARNED_NOTE, _SPLITS_NOTE, FRESH_SETS, NOT_YET_TUNED, SPLITS

__all__ = [
    "NOT_YET_TUNED",
    "SPLITS",
    "TARGETS",
    "default_fixtures_dir",
    "evaluate_injection",
    "evaluate_redaction",
    "format_report",
    "load_fixture",
    "preserves_layout",
    "secret_values",
]

TARGETS: Final = {
    "attack_success_rate_max": 0.05,
    "injection_false_positive_rate_max": 0.02,
    "redaction_recall_min": 0.98,
    "false_redaction_rate_max": 0.01,
}
VALUE_SLOT: Final = "@@VALUE@@"


# libyaml's safe loader when PyYAML was built with it (its wheels are): the same entries on every fixture file,
# read 8x faster (7.5 s -> 0.9 s for the 114 files; the test suite reads them in several places)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def default_fixtures_dir() -> Path:
    """``tests/fixtures`` of the source tree this package runs from."""
    return Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def load_fixture(path: Path, key: str) -> list[dict[str, Any]]:
    """The entries under ``key`` in a fixture file; a clear error naming the file when it is wrong."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)  # noqa: S506 - a SafeLoader
    except (OSError, yaml.YAMLError) as exc:
        raise UsageError(f"cannot read fixture file {path}: {exc}") from exc
    entries = data.get(key) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise UsageError(f"fixture file {path} has no list named {key!r}")
    for entry in entries:
        well_formed = isinstance(entry, dict) and isinstance(entry.get("text"), str)
        if not well_formed or entry.get("split") not in SPLITS[:-1]:
            raise UsageError(f"fixture file {path}: entry {entry!r:.80} needs text and split: "
                             f"{'|'.join(SPLITS[:-1])}")
    return entries


def _load_sets(base: Path, key: str) -> list[dict[str, Any]]:
    """``KEY.yaml`` and, when present, each fresh held-out ``KEY-heldoutN.yaml`` beside it."""
    entries = load_fixture(base / f"{key}.yaml", key)
    for fresh in (base / f"{key}-{split}.yaml" for split in FRESH_SETS):
        if fresh.exists():
            entries = entries + load_fixture(fresh, key)
    return entries


def secret_values(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The values a secrets fixture says must disappear (``value``, ``values`` or ``value_parts`` joined)."""
    if "value_parts" in entry:
        return ("".join(str(p) for p in entry["value_parts"]),)
    if "values" in entry:
        return tuple(str(v) for v in entry["values"])
    return (str(entry["value"]),)


def _secret_text(entry: Mapping[str, Any]) -> str:
    values = secret_values(entry)
    text = entry["text"]
    for value in values:
        text = text.replace(VALUE_SLOT, value, 1)
    return text


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _measured(result: Mapping[str, Any]) -> list[str]:
    """The splits that hold passages (a split may have files for one check only, as train1)."""
    sizes = {s: sum(v for k, v in result[s].items() if k in ("attacks", "clean", "secrets")) for s in SPLITS}
    return [s for s in SPLITS if s == "all" or sizes[s]]


def _by_split(entries: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {s: [] for s in SPLITS}
    for entry in entries:
        out[entry["split"]].append(entry)
        out["all"].append(entry)
    return out


T = TypeVar("T")


def _once_per_text(run: Callable[[str], T]) -> Callable[[str], T]:
    """``run`` (deterministic) memoised for one evaluation: the ``all`` row holds every entry of the other splits, so
    without it each passage would be scanned or redacted twice."""
    done: dict[str, T] = {}

    def once(text: str) -> T:
        if text not in done:
            done[text] = run(text)
        return done[text]

    return once


def evaluate_injection(fixtures_dir: Path | None = None) -> dict[str, Any]:
    """Attack-success and false-positive rates of ``injection.scan`` on the fixture sets."""
    base = (fixtures_dir or default_fixtures_dir()) / "injection"
    attacks = _by_split(_load_sets(base, "attacks"))
    clean = _by_split(_load_sets(base, "clean"))
    scan = _once_per_text(injection_scan)
    result: dict[str, Any] = {"kind": "injection", "targets": {k: v for k, v in TARGETS.items() if "red" not in k}}
    for split in SPLITS:
        missed = [a["id"] for a in attacks[split] if not scan(a["text"])]
        flagged = {c["id"]: scan(c["text"]) for c in clean[split]}
        false_pos = {cid: list(rules) for cid, rules in flagged.items() if rules}
        family_total = Counter(a["family"] for a in attacks[split])
        family_missed = Counter(a["family"] for a in attacks[split] if a["id"] in missed)
        asr = _rate(len(missed), len(attacks[split]))
        fpr = _rate(len(false_pos), len(clean[split]))
        result[split] = {
            "attacks": len(attacks[split]),
            "missed": len(missed),
            "attack_success_rate": asr,
            "clean": len(clean[split]),
            "false_positives": len(false_pos),
            "false_positive_rate": fpr,
            "recall_by_family": {f: _rate(n - family_missed[f], n) for f, n in sorted(family_total.items())},
            "missed_ids": missed,
            "false_positive_ids": false_pos,
            "meets_targets": asr <= TARGETS["attack_success_rate_max"]
            and fpr <= TARGETS["injection_false_positive_rate_max"],
        }
    return result


def preserves_layout(original: str, result: RedactionResult) -> bool:
    """True when only the redacted values changed: same line count, same text everywhere else."""
    if original.count("\n") != result.text.count("\n"):
        return False
    pos = npos = 0
    for span in result.spans:
        if original[pos : span.start] != result.text[npos : span.new_start]:
            return False
        replacement = marker(span.kind) + "\n" * original.count("\n", span.start, span.end)
        if result.text[span.new_start : span.new_start + len(replacement)] != replacement:
            return False
        pos, npos = span.end, span.new_start + len(replacement)
    return original[pos:] == result.text[npos:]


def _leaks(text: str, value: str) -> bool:
    if value in text:
        return True
    return len(value) >= 16 and (value[: len(value) // 2] in text or value[len(value) // 2 :] in text)


def evaluate_redaction(fixtures_dir: Path | None = None) -> dict[str, Any]:
    """Recall and false-redaction rate of ``redaction.redact`` on the fixture sets."""
    base = (fixtures_dir or default_fixtures_dir()) / "redaction"
    secrets = _by_split(_load_sets(base, "secrets"))
    clean = _by_split(_load_sets(base, "clean"))
    redact = _once_per_text(redact_text)
    result: dict[str, Any] = {"kind": "redaction", "targets": {k: v for k, v in TARGETS.items() if "red" in k}}
    for split in SPLITS:
        missed: list[str] = []
        layout_broken: list[str] = []
        kinds: Counter[str] = Counter()
        for entry in secrets[split]:
            text = _secret_text(entry)
            redacted = redact(text)
            kinds.update(redacted.counts_by_kind)
            if any(_leaks(redacted.text, v) for v in secret_values(entry)):
                missed.append(entry["id"])
            if not preserves_layout(text, redacted):
                layout_broken.append(entry["id"])
        false_red: dict[str, dict[str, int]] = {}
        for entry in clean[split]:
            redacted = redact(entry["text"])
            if redacted.spans:
                false_red[entry["id"]] = dict(redacted.counts_by_kind)
            if not preserves_layout(entry["text"], redacted):
                layout_broken.append(entry["id"])
        recall = _rate(len(secrets[split]) - len(missed), len(secrets[split]))
        frr = _rate(len(false_red), len(clean[split]))
        result[split] = {
            "secrets": len(secrets[split]),
            "missed": len(missed),
            "recall": recall,
            "clean": len(clean[split]),
            "false_redactions": len(false_red),
            "false_redaction_rate": frr,
            "layout_changed": len(layout_broken),
            "counts_by_kind": dict(sorted(kinds.items())),
            "missed_ids": missed,
            "false_redaction_ids": false_red,
            "layout_changed_ids": layout_broken,
            "meets_targets": recall >= TARGETS["redaction_recall_min"]
            and frr <= TARGETS["false_redaction_rate_max"]
            and not layout_broken,
        }
    return result


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _verdict(row: Mapping[str, Any]) -> str:
    return "met" if row["meets_targets"] else "MISSED"


def format_report(result: Mapping[str, Any]) -> str:
    """A fixed-width table of one evaluation's figures, one row per split, then what went wrong."""
    if result["kind"] == "injection":
        head = f"{'split':<6} {'attacks':>7} {'missed':>6} {'ASR':>7} {'clean':>6} {'FP':>4} {'FP rate':>8}  targets"
        rows = [
            f"{s:<6} {r['attacks']:>7} {r['missed']:>6} {_pct(r['attack_success_rate']):>7} {r['clean']:>6} "
            f"{r['false_positives']:>4} {_pct(r['false_positive_rate']):>8}  {_verdict(r)}"
            for s in _measured(result)
            for r in [result[s]]
        ]
        notes = ["targets: ASR <= 5.0%, false positives <= 2.0%" + _SPLITS_NOTE, _LEARNED_NOTE]
        fam = result["all"]["recall_by_family"]
        notes.append("caught by family (all): " + ", ".join(f"{f} {_pct(v)}" for f, v in fam.items()))
        notes.append(f"missed (all): {', '.join(result['all']['missed_ids']) or '-'}")
        fps = result["all"]["false_positive_ids"]
        notes.append("false positives (all): " + (", ".join(f"{k} {'+'.join(v)}" for k, v in fps.items()) or "-"))
    else:
        head = (
            f"{'split':<6} {'secrets':>7} {'missed':>6} {'recall':>7} {'clean':>6} {'FR':>4} {'FR rate':>8} "
            f"{'layout':>6}  targets"
        )
        rows = [
            f"{s:<6} {r['secrets']:>7} {r['missed']:>6} {_pct(r['recall']):>7} {r['clean']:>6} "
            f"{r['false_redactions']:>4} {_pct(r['false_redaction_rate']):>8} {r['layout_changed']:>6}  "
            f"{_verdict(r)}"
            for s in _measured(result)
            for r in [result[s]]
        ]
        notes = ["targets: recall >= 98.0%, false redactions <= 1.0%, layout changed 0" + _SPLITS_NOTE]
        kinds = result["all"]["counts_by_kind"].items()
        notes.append("redactions by kind (all): " + ", ".join(f"{k} {n}" for k, n in kinds))
        notes.append(f"missed (all): {', '.join(result['all']['missed_ids']) or '-'}")
        frs = result["all"]["false_redaction_ids"]
        notes.append("false redactions (all): " + (", ".join(f"{k} {'+'.join(v)}" for k, v in frs.items()) or "-"))
    return "\n".join([f"{result['kind']} evaluation", head, *rows, *notes])


def main(argv: list[str] | None = None) -> int:
    """Print both reports (or the ones asked for, as tables or ``--json``); exit 1 when a split misses a target."""
    parser = argparse.ArgumentParser(
        prog="python -m stratakb_core.ingest.safety_eval", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--injection", action="store_true", help="measure the injection scanner")
    parser.add_argument("--redaction", action="store_true", help="measure the redactor")
    parser.add_argument("--json", action="store_true", help="print the full results (ids per split) as JSON")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    which = [n for n in ("injection", "redaction") if getattr(args, n)] or ["injection", "redaction"]
    ok = True
    for name in which:
        result = {"injection": evaluate_injection, "redaction": evaluate_redaction}[name]()
        print(json.dumps(result, indent=1, default=sorted) if args.json else format_report(result), end="\n\n")
        ok = ok and all(result[s]["meets_targets"] for s in _measured(result))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
