"""The verdict rule (analysis.verdicts): target, margin, equivalence, identical arms."""

from __future__ import annotations

import numpy as np
import pytest

from designkit.analysis.confseq import betting_cs
from designkit.analysis.verdicts import (
    FIXES,
    IMPROVES,
    LOWERS,
    MIN_GAMES_IDENTICAL,
    RAISES,
    SAME,
    UNDECIDED,
    WORSE,
    Target,
    describe,
    read,
)

AT_LEAST_40 = Target(0.40, None, "Demon Lord VP share ≥ 40 %")


def test_no_practical_change_only_when_the_whole_interval_is_inside_the_margin():
    """Constructed paired differences: many seeded runs of small true effects around the
    margin; whenever the reading is *no practical change*, the interval lies inside
    ±margin, and an interval that crosses the margin never reads so."""
    rng = np.random.default_rng(11)
    margin, said_same, crossing = 0.05, 0, 0
    for effect in (0.0, 0.03, 0.05, 0.08):
        for _ in range(30):
            x = rng.binomial(1, 0.5, 600)
            y = np.where(rng.random(600) < 0.85, x, rng.binomial(1, 0.5 + effect, 600))
            mean, lo, hi = betting_cs((y - x).astype(float), -1, 1).last()
            r = read((mean, lo, hi), 600, margin)
            if r.kind == SAME:
                said_same += 1
                assert -margin <= lo and hi <= margin
            if lo < -margin < hi or lo < margin < hi:
                crossing += 1
                assert r.kind != SAME
    assert said_same and crossing          # both cases occurred


@pytest.mark.parametrize("diff, kind", [((0.0, -0.06, 0.01), UNDECIDED),
                                        ((0.0, -0.01, 0.06), UNDECIDED),
                                        ((0.0, -0.049, 0.049), SAME),
                                        ((0.1, 0.06, 0.14), RAISES),
                                        ((-0.1, -0.14, -0.06), LOWERS)])
def test_a_bare_metric_reads_from_the_margin(diff, kind):
    assert read(diff, 500, 0.05).kind == kind


def test_target_orients_the_words_and_fixes_means_inside_the_target():
    draft = (0.28, 0.34)                                      # below the target
    assert read((0.08, 0.05, 0.11), 500, 0.02, cure=(0.36, 0.43), draft=draft,
                target=AT_LEAST_40).kind == IMPROVES
    assert read((-0.08, -0.11, -0.05), 500, 0.02, cure=(0.20, 0.27), draft=draft,
                target=AT_LEAST_40).kind == WORSE
    assert read((0.14, 0.11, 0.17), 500, 0.02, cure=(0.41, 0.47), draft=draft,
                target=AT_LEAST_40).kind == FIXES
    above = Target(None, 0.10, "≤ 10 %")
    assert read((-0.05, -0.07, -0.03), 500, 0.02, cure=(0.11, 0.2), draft=(0.15, 0.25),
                target=above).kind == IMPROVES


def test_identical_arms_never_decide_below_the_minimum_and_say_why():
    r = read((0.0, 0.0, 0.0), 12, 0.02, identical=True)
    assert r.kind == UNDECIDED and "never diverged" in r.why
    assert r.more_games == MIN_GAMES_IDENTICAL - 12
    assert read((0.0, -0.01, 0.01), MIN_GAMES_IDENTICAL, 0.02, identical=True).kind == SAME


def test_undecided_estimates_the_games_still_needed():
    r = read((0.0, -0.04, 0.04), 100, 0.02)
    assert r.kind == UNDECIDED and 200 <= r.more_games <= 400
    assert "more games" in describe(r)
    assert read((0.02, -0.02, 0.06), 100, 0.02).more_games is None   # on the margin


def test_a_method_minimum_holds_back_a_verdict():
    r = read((1.0, 0.5, 1.5), 10, 0.1, min_games=30)
    assert r.kind == UNDECIDED and "at least 30" in r.why
