"""`python -m stratakb_core.cli`: the same as the `stratakb` console script."""

import sys

from stratakb_core.cli.main import main

sys.exit(main())
