"""`stratakb demo`: ingest the bundled sample folder and answer a sample question; does I/O."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from stratakb_core.cli.render import add_report, ask_report
from stratakb_core.ingest.sync import AddOptions, add_folder, check_embedding_setup
from stratakb_core.query import AskConfig, CrossEncoderReranker, Engine, ask_tool
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import json_dumps

SAMPLE_LAYER = "sample"
SAMPLE_QUESTION = "How much notice do we need to give to end the agreement?"


def sample_folder() -> Path:
    return Path(str(resources.files("stratakb_core").joinpath("sample")))


def run_demo(settings: Settings, *, as_json: bool = False) -> int:
    db = Database(settings)
    folder = sample_folder()
    result = add_folder(db, settings, AddOptions(folder=folder, name=SAMPLE_LAYER))
    with db.connection() as conn:
        reranker = CrossEncoderReranker(settings.reranking_model) if settings.reranking_enabled else None
        engine = Engine(check_embedding_setup(settings), AskConfig(
            token_budget=settings.answer_token_budget, keyword_slots=settings.hybrid_keyword_slots,
            reranking_enabled=settings.reranking_enabled, learning_enabled=settings.learning_enabled), reranker)
        answer = ask_tool(engine, conn, SAMPLE_QUESTION, layers=[SAMPLE_LAYER], top_k=5)
    if as_json:
        print(json_dumps({"ingest": result.as_dict(), "question": SAMPLE_QUESTION, "answer": answer}, indent=2))
        return result.exit_code
    out = sys.stdout
    print(add_report(result), file=out)
    print(f"\nStore: {db.describe()}\n", file=out)
    print(ask_report(SAMPLE_QUESTION, answer), file=out)
    print("\nNext steps:", file=out)
    print("  stratakb add <folder>            ingest your own documents (run again to sync)", file=out)
    print('  stratakb ask "<question>"        answer from every layer, with citations', file=out)
    print("  stratakb mcp                     start the MCP server (stdio) for your assistant", file=out)
    print('  stratakb verify draft.md --passages <ref> ...', file=out)
    print("                                   check a drafted answer against the passages; prints a receipt", file=out)
    print("  stratakb status                  where the data lives, the models, the layers", file=out)
    print("  make dagster                     start the Dagster UI (from the repository folder; the README's"
          " Dagster UI section), then open http://127.0.0.1:3000", file=out)
    return result.exit_code
