"""The benchmark script as a module, for the tests of its arithmetic."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    """``benchmarks/live.py``, which is a script, not a package."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "live.py"
    spec = importlib.util.spec_from_file_location("benchmark_live", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
