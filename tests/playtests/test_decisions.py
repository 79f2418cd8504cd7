"""Where people play differently: each person's decision beside greedy's choice, judged on
the seat's own information (a determinisation, never the hidden cards)."""

from __future__ import annotations

import random

import pytest

from designkit.core.registry import get_game
from designkit.playtests import decisions as dec
from designkit.playtests.decisions import agreement, agreement_text, decisions
from designkit.session import Session

GAME = get_game("crossroads")


def record(pick, seed: int = 4) -> dict:  # noqa: ANN001
    """A Crossroads game where seat A (a person) picks with ``pick(options)``."""
    session = Session(GAME, GAME.params_type(), seed, ["human", "greedy", "greedy", "greedy"])
    while not session.is_over:
        if session.human_to_move:
            session.human_move(pick(session.legal_actions()))
        else:
            session.step()
    return session.to_record()


def test_a_greedy_seat_agrees_with_greedy_and_a_holder_does_not() -> None:
    rng = random.Random(2)
    rec = record(lambda options: options[rng.randrange(len(options))])
    bot = decisions(rec, seats=[1])  # seat B is greedy itself
    assert len(bot) >= 10 and sum(d.agreed for d in bot) / len(bot) >= 0.9
    people = decisions(rec)
    assert people and {d.seat for d in people} == {0}  # the human seats by default
    assert all(d.phase and d.kind for d in people)
    holder = decisions(record(lambda options: options[0]))  # "hold" is always first to act
    holds = [d for d in holder if d.phase == "act"]
    assert holds and all(d.kind == "hold" for d in holds)
    assert sum(d.agreed for d in holds) < len(holds)  # greedy releases or passes sometimes


def test_greedy_never_sees_the_hidden_cards(monkeypatch) -> None:  # noqa: ANN001
    """Every position greedy judges is a determinisation for the deciding seat."""
    seen: list[int] = []
    real = GAME.determinize

    def spy(state, seat, rng):  # noqa: ANN001, ANN202
        seen.append(seat)
        return real(state, seat, rng)

    monkeypatch.setattr(GAME, "determinize", spy)
    found = decisions(record(lambda options: options[-1]))
    assert len(seen) == len(found) and set(seen) == {0}


def test_agreement_groups_by_phase_and_kind_with_exact_intervals() -> None:
    rows = [dec.Decision(i, 0, "act", "hold", "hold", i % 3 == 0, "release", "release")
            for i in range(9)] + [dec.Decision(20, 0, "take", "take", "take S1", True,
                                               "take S1", "take")]
    table = agreement(rows)
    act = next(r for r in table if r.kind == "hold")
    assert (act.decisions, act.agreed) == (9, 3)
    assert (act.lo, act.hi) == pytest.approx((0.0749, 0.7008), abs=1e-4)
    assert act.instead == (("release", 6),)
    text = agreement_text(table, 2)
    assert "10 decisions by people in 2 lab games" in text and "3/9" in text
