"""The verdict rule's calibration (analysis.calibration, benchmarks/verdict_calibration.py),
seeded and small: seconds, not minutes."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import numpy as np

from designkit.analysis.calibration import calibrate, declared, power

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_seeded_calibration_reads_every_game_and_rarely_declares():
    cal = calibrate(runs=12, budget=20)
    assert set(cal.metrics) >= {"turn_order", "seat_balance", "turns"}
    assert all(r.runs == 12 for r in cal.metrics.values()) and cal.family.runs == 12
    assert sum(r.false for r in cal.metrics.values()) <= 2      # 5 % each, 12 runs
    doc = cal.as_json()
    assert doc["family"]["size"] == len(cal.metrics) and "1 to 20" in doc["looks"]


def test_a_declaration_needs_the_interval_beyond_the_margin_and_enough_games():
    lo, hi = np.array([0.03, 0.03, 0.03]), np.array([0.2, 0.2, 0.2])
    assert declared(lo, hi, 0.02, 1, np.zeros(3, bool)).all()
    assert not declared(lo, hi, 0.05, 1, np.zeros(3, bool)).any()
    assert not declared(lo, hi, 0.02, 5, np.zeros(3, bool)).any()
    assert not declared(lo, hi, 0.02, 1, np.ones(3, bool)).any()   # identical: too few games


def test_the_known_effect_is_found():
    assert power(runs=2, budget=100).declared >= 1


def test_the_benchmark_writes_the_documented_json(tmp_path, monkeypatch):
    out = tmp_path / "cal.json"
    monkeypatch.setattr(sys, "argv", ["verdict_calibration.py", "--runs", "3", "--budget", "8",
                                      "--power-runs", "0", "--json", str(out)])
    try:
        runpy.run_path(str(ROOT / "benchmarks" / "verdict_calibration.py"), run_name="__main__")
    except SystemExit as stop:
        assert stop.code == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["family"]["runs"] == 3 and "false_verdicts" in doc["family"]
    assert all({"runs", "false_verdicts"} <= set(v) for v in doc["metrics"].values())
