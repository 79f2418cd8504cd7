"""Hypothesis profiles for the whole suite: "dev" by default, "ci" when CI=true.

CI runs on a shared 2-core machine within a time budget, so its profile bounds the number
of examples, never fails on a slow example (no deadline, no too-slow health check) and is
derandomized, so a red CI run is the same run when repeated. Locally, "dev" keeps
Hypothesis's random exploration. HYPOTHESIS_PROFILE=ci|dev picks one explicitly.

A test's own ``@settings(max_examples=...)`` still overrides the profile's bound.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# The venv's editable install may map "designkit" as a namespace package; put the checkout
# first so the regular package wins, for every test folder (this conftest loads first).
_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

settings.register_profile("dev", deadline=None, print_blob=True)
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _profile() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI", "").lower() == "true" else "dev"


settings.load_profile(_profile())

