"""Backups and layer transfer under the name the spec gives them (layers-and-presets.txt,
"scripts/backup_restore.py"): the same four commands as `stratakb backup`, `restore`,
`export-layer` and `import-layer`, to which this script hands its arguments.

    python scripts/backup_restore.py backup FILE
    python scripts/backup_restore.py restore FILE
    python scripts/backup_restore.py export-layer LAYER FILE [--no-vectors]
    python scripts/backup_restore.py import-layer FILE [--root DIR] [--name NAME] [--yes]

Unlike the spec's warning, nothing here feeds a file to psql: an archive is Parquet and JSON with a
manifest, a format number and checksums, read with pyarrow (ADR 0001, store/export_format.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stratakb_core.cli.main import main  # noqa: E402

COMMANDS = ("backup", "restore", "export-layer", "import-layer")

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        print(f"usage: python scripts/backup_restore.py {{{','.join(COMMANDS)}}} ... "
              "(see `stratakb <command> --help`)", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
