"""Size figures of the core package (issue 10): modules, median and largest module, modules over
500 lines, the longest function, modules sending SQL outside store/, modules declaring event types.

    python scripts/arch_metrics.py [PACKAGE_DIR]      # default: stratakb_core

Cycles and the layer rules are checked by tests/unit/test_architecture.py.
"""

from __future__ import annotations

import ast
import re
import statistics
import sys
from pathlib import Path

SQL = re.compile(r"\.execute(many)?\(|\.copy\(")
EVENT_DECL = re.compile(r'^[A-Z_]+ = "[a-z_]+_(added|removed|created|updated|failed|skipped|finished|issued|'
                        r'recorded|revoked|activated|rehashed|promoted|reset|renamed|imported|collected|'
                        r'redacted|rolled_back)"', re.M)


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "stratakb_core")
    sizes, functions, sql, events = [], [], [], []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(root).as_posix()
        sizes.append((len(text.splitlines()), rel))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                functions.append((node.end_lineno - node.lineno + 1, f"{rel}::{node.name}"))
        if SQL.search(text) and not rel.startswith("store/"):
            sql.append(rel)
        if EVENT_DECL.search(text):
            events.append(rel)
    sizes.sort()
    print(f"modules                  {len(sizes)}")
    print(f"median module            {statistics.median(n for n, _ in sizes):.0f} lines")
    print(f"largest module           {sizes[-1][0]} lines ({sizes[-1][1]})")
    print(f"modules over 500 lines   {sum(n > 500 for n, _ in sizes)}")
    longest = max(functions)
    print(f"longest function         {longest[0]} lines ({longest[1]})")
    print(f"SQL outside store/       {len(sql)} {' '.join(sql)}")
    print(f"event-type modules       {len(events)} {' '.join(events)}")


if __name__ == "__main__":
    main()
