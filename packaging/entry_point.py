"""What the frozen executables run: the same ``main`` as the ``gin-scorer`` command."""

import sys

from gin_scorer.cli import main

if __name__ == "__main__":
    sys.exit(main())
