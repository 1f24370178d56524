"""`stratakb feedback` and `stratakb learning stats|reset`: the learning loop from a terminal; does I/O.

Each prints the same response dict the MCP tool returns (strata_feedback, strata_learning_stats,
strata_reset_learning) with `--json`, or a short report. The feedback's client key is the terminal's
user (cli:<user>), as the interactions `stratakb ask` records.
"""

from __future__ import annotations

import argparse
from typing import Any

from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.errors import LearningDisabled, UsageError
from stratakb_core.query import LEARNING_OFF, AskConfig, feedback_tool, learning_stats, load_layers, reset_learning
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_feedback", "cmd_learning"]


def _ratings(items: list[str] | None) -> dict[str, str] | None:
    if not items:
        return None
    out: dict[str, str] = {}
    for item in items:
        key, sep, rating = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--chunk takes ID=RATING (S1=useful, <chunk id>=outdated), not {esc(item)!r}")
        out[key] = rating
    return out


def cmd_feedback(args: argparse.Namespace, settings: Settings) -> int:
    config = AskConfig(learning_enabled=settings.learning_enabled,
                       store_raw_queries=settings.learning_store_raw_queries)
    actor = ev.default_actor()
    with Database(settings).connection() as conn:
        resp = feedback_tool(conn, config, args.interaction_id, args.helpful, args.correct_layer, args.better_query,
                             _ratings(args.chunks), client=actor, actor=actor)
    if args.json:
        print(json_dumps(resp, indent=2))
    else:
        print(f"Feedback stored for {esc(resp['interaction_id'])}.")
        if resp.get("warning"):
            print(esc(resp["warning"]))
    return EXIT_OK


def _stats_report(resp: dict[str, Any]) -> str:
    lines = [f"Learning: {'on' if resp['learning_enabled'] else 'off (LEARNING_ENABLED=false)'}; "
             f"{resp['interactions']} interactions, {resp['feedback']} ratings, "
             f"{resp['interactions_since_promotion']} since the promoter last ran (it runs every "
             f"{resp['promote_every']})."]
    lines.append(f"Synonyms ({resp['counts']['synonyms']}):")
    lines += [f"  {esc(s['term'])} -> {esc(s['synonym'])}  [{esc(s['layer'] or 'any layer')}] "
              f"usage_count {s['usage_count']}" for s in resp["synonyms"]]
    lines.append(f"Layer affinities ({resp['counts']['layer_affinities']}):")
    lines += [f"  {esc(a['term'])} -> {esc(a['layer'])} {a['affinity']}" for a in resp["layer_affinities"]]
    lines.append(f"Learned rewrites ({resp['counts']['learned_rewrites']}):")
    lines += [f"  {esc(r['question_words'])} => {esc(r['rewrite'])}  successes {r['successes']}"
              for r in resp["learned_rewrites"]]
    lines.append(f"Demoted chunks: {resp['counts']['demoted_chunks']}")
    return "\n".join(lines)


def cmd_learning(args: argparse.Namespace, settings: Settings) -> int:
    with Database(settings).connection() as conn:
        if args.learning_command == "stats":
            resp = learning_stats(conn, enabled=settings.learning_enabled, layer=args.layer)
            print(json_dumps(resp, indent=2) if args.json else _stats_report(resp))
            return EXIT_OK
        if not settings.learning_enabled:
            raise LearningDisabled(LEARNING_OFF)
        if args.all == bool(args.layer):
            raise UsageError("learning reset takes --layer NAME (one layer) or --all (everything, for good)")
        resp = reset_learning(conn, args.layer, known_layers=load_layers(conn).names(), actor=ev.default_actor())
    print(json_dumps(resp, indent=2) if args.json else esc(resp["note"]))
    return EXIT_OK
