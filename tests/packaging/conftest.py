"""Shared by the packaging tests: packaging/bundle_meta.py, loaded from its file.

packaging/ is not a Python package (a folder named ``packaging`` must never shadow the PyPI
library of that name), so the module is loaded by path under a name of its own.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"


def load_bundle_meta() -> ModuleType:
    name = "gin_scorer_packaging_bundle_meta"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, PACKAGING / "bundle_meta.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def meta() -> ModuleType:
    return load_bundle_meta()
