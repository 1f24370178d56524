"""Apply a preset: create or update its layer and rebuild the layer's chunks from its folders.

    uv run python scripts/apply_preset.py presets/peps/preset.yaml --dry-run   # parse only
    uv run python scripts/apply_preset.py presets/peps/preset.yaml             # build
    uv run python scripts/apply_preset.py presets/peps/preset.yaml --docs-root /srv/docs

--dry-run here only parses the preset and looks for its folders: it needs no database. For the
dry run that also asks the database what would change (layer_check), run
`stratakb preset apply FILE --dry-run`. Without --dry-run this is `stratakb preset apply FILE`.
Exit codes: 0 done, 1 some files failed, 2 refused or invalid preset, 3 database unreachable.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stratakb_core.cli.main import EXIT_OK, EXIT_REFUSED, main  # noqa: E402 - after the path is set
from stratakb_core.errors import StrataError  # noqa: E402
from stratakb_core.ingest.presets import format_preset_report, parse_only  # noqa: E402
from stratakb_core.patterns import escape_controls  # noqa: E402
from stratakb_core.textsafe import json_dumps  # noqa: E402


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="apply_preset.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="the preset's YAML file")
    parser.add_argument("--dry-run", action="store_true", help="parse the preset only; no database")
    parser.add_argument("--docs-root", type=Path, metavar="DIR",
                        help="resolve the sources' paths against DIR instead of the preset's folder")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if not args.dry_run:
        forwarded = ["preset", "apply", str(args.file)]
        if args.docs_root is not None:
            forwarded += ["--docs-root", str(args.docs_root)]
        if args.json:
            forwarded.append("--json")
        return main(forwarded)
    try:
        result = parse_only(args.file, docs_root=args.docs_root)
    except StrataError as exc:
        if args.json:
            print(json_dumps({"status": "refused", "error": {"code": exc.code, "message": exc.message},
                              "exit_code": EXIT_REFUSED}))
        else:
            print(f"apply_preset: refused: {escape_controls(exc.message)}", file=sys.stderr)
        return EXIT_REFUSED
    print(json_dumps(result.as_dict(), indent=2) if args.json else format_preset_report(result))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(run())
