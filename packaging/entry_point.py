"""What the frozen executables run: the same ``main`` as the ``gin-scorer`` command."""

import multiprocessing
import sys

if __name__ == "__main__":
    # A process spawned by the app (verify's second process) starts this executable again:
    # freeze_support runs it and exits. Said on sys so that the app knows it may spawn one.
    multiprocessing.freeze_support()
    sys._gin_scorer_freeze_support = True  # type: ignore[attr-defined]

    from gin_scorer.cli import main

    sys.exit(main())
