"""Seeded games play exactly as fingerprinted (designkit/sim/fingerprints.py).

A speed-only change to an engine, a bot or the search must leave every decision and
chance outcome of these games unchanged: this test is the proof. After a change that
alters play on purpose, regenerate with ``python scripts/fingerprints.py --write``
and say so in the commit (the golden playthroughs: ``designkit playthroughs``).
"""

from __future__ import annotations

import pytest

from designkit.sim.fingerprints import CASES, FINGERPRINT_FILE, fingerprint, read_fingerprints

GAMES = sorted({c.game for c in CASES})


@pytest.mark.parametrize("game", GAMES)
def test_seeded_games_match_their_fingerprints(game):
    stored = read_fingerprints()
    bad = []
    for case in (c for c in CASES if c.game == game):
        now = fingerprint(case)
        if stored.get(case.key) != now:
            was = stored.get(case.key, {})
            bad.append(f"{case.key}: steps {was.get('steps')} -> {now['steps']}, "
                       f"scores {was.get('scores')} -> {now['scores']}")
    assert not bad, (f"{len(bad)} seeded game(s) of {game} changed; if intended, run "
                     "`python scripts/fingerprints.py --write`:\n" + "\n".join(bad))


def test_every_case_is_stored_and_every_stored_case_exists():
    assert FINGERPRINT_FILE.exists(), "run `python scripts/fingerprints.py --write`"
    assert set(read_fingerprints()) == {c.key for c in CASES}


def test_fingerprint_sees_a_different_game():
    a, b = (c for c in CASES if c.game == "crossroads" and c.agents == "random"
            and c.players == 3)
    assert fingerprint(a)["sha256"] != fingerprint(b)["sha256"]
    assert len({c.key for c in CASES}) == len(CASES)
