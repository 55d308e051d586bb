"""Test-wide setup. Qt must never look for a display: without one it aborts the process."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
