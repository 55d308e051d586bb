"""Test-wide setup. Qt must never look for a display: without one it aborts the process."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Databases opened by a test without a backup folder of its own must not write backups into
# the data folder of whoever runs the tests.
_scratch = tempfile.mkdtemp(prefix="gin-scorer-tests-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)
os.environ.setdefault("GIN_SCORER_BACKUP_DIR", os.path.join(_scratch, "backups"))
