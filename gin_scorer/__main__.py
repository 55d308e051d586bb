"""``python -m gin_scorer``: the same as the ``gin-scorer`` command."""

import sys

from gin_scorer.cli import main

sys.exit(main())
