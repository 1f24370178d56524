"""`stratakb demo`: ingest the bundled sample folder and answer a sample question; does I/O."""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from .db import Database
from .ingest import AddOptions, add_folder
from .report import add_report
from .search import hybrid_search
from .settings import Settings
from .textsafe import escape_for_terminal as esc
from .textsafe import json_dumps

SAMPLE_LAYER = "sample"
SAMPLE_QUESTION = "How much notice do we need to give to end the agreement?"


def sample_folder() -> Path:
    return Path(str(resources.files("stratakb_core").joinpath("sample")))


def run_demo(settings: Settings, *, as_json: bool = False) -> int:
    db = Database(settings)
    folder = sample_folder()
    result = add_folder(db, settings, AddOptions(folder=folder, name=SAMPLE_LAYER))
    with db.connection() as conn:
        from .ingest import check_embedding_setup

        embedder = check_embedding_setup(settings)
        results = hybrid_search(conn, embedder, SAMPLE_QUESTION, layers=[SAMPLE_LAYER], top_k=3,
                                keyword_slots=settings.hybrid_keyword_slots)
        dates = {
            r[0]: (str(r[1]) if r[1] else None, r[2])
            for r in conn.execute(
                "SELECT path, date, date_source FROM documents WHERE layer = %s", (SAMPLE_LAYER,)
            ).fetchall()
        }
    if as_json:
        print(json_dumps({
            "ingest": result.as_dict(), "question": SAMPLE_QUESTION,
            "passages": [{**r.as_dict(), "date": dates.get(r.file, (None, None))[0],
                          "date_source": dates.get(r.file, (None, None))[1]} for r in results],
        }, indent=2))
        return result.exit_code
    out = sys.stdout
    print(add_report(result), file=out)
    print(f"\nStore: {db.describe()}", file=out)
    print(f"\nQuestion: {SAMPLE_QUESTION}\n", file=out)
    for i, r in enumerate(results, 1):
        date, source = dates.get(r.file, (None, None))
        print(f"[S{i}] {esc(r.text)}", file=out)
        print(f"     -- {esc(r.file)}, lines {r.line_start}-{r.line_end}"
              + (f", {esc(r.clause_path)}" if r.clause_path else "")
              + f", layer {r.layer}, dated {date} ({source}), similarity {r.similarity:.2f}\n", file=out)
    print("Next steps:", file=out)
    print("  stratakb add <folder>            ingest your own documents (run again to sync)", file=out)
    print('  stratakb search "<question>"     search every layer', file=out)
    print("  stratakb mcp                     start the MCP server (stdio) for your assistant", file=out)
    print("  dagster dev -w workspace.yaml    start the Dagster UI (from the repository folder),"
          " then open http://127.0.0.1:3000", file=out)
    return result.exit_code
