"""Dice rolled together (CH-4.8 a stage's start, CH-5.6 a Rest, CH-V3 a stop): one chance
step whose outcome is the tuple of faces, one log line ("A rolls W3 R5 W1"), the same
faces the seat's dice stream gave when each die was its own step; records, the stepper
(undo, jump) and the walkthrough's log read it."""

from __future__ import annotations

import json
import random
from itertools import product

from designkit.core.events import log_for
from designkit.core.records import replay, verify
from designkit.games.classic_hero.resolve import DiceRolls, _rolls_sample
from designkit.games.classic_hero.state import Phase
from designkit.session import Session
from tests.classic_hero.conftest import A, G, act, chance, labels, scenario, start


def test_dice_rolls_are_every_tuple_of_faces_without_listing_them():
    rolls = DiceRolls((1, 2, 3, 4, 5, 6), 3)
    assert len(rolls) == 216 and list(rolls) == list(product(range(1, 7), repeat=3))
    assert [rolls[r] for r in (0, 1, 6, 215, -1)] == [(1, 1, 1), (1, 1, 2), (1, 2, 1),
                                                      (6, 6, 6), (6, 6, 6)]
    assert (3, 5, 1) in rolls and (3, 5) not in rolls and (3, 5, 7) not in rolls
    assert [3, 5, 1] not in rolls and 3 not in rolls
    big = DiceRolls((1, 2, 3, 4, 5, 6, 7, 8), 8)        # CH-V8: 16.8 million outcomes
    assert len(big) == 8 ** 8 and (8,) * 8 in big and big[8 ** 8 - 1] == (8,) * 8


def test_the_faces_are_those_one_roll_per_die_draws_from_the_seats_stream():
    st = scenario(hands={A: ("W1", "W2", "W3")})
    st.ctx = (A, (0, 1, 2), "CH-4.8")
    faces = _rolls_sample(st, random.Random(7))
    one_by_one = random.Random(7)
    assert faces == tuple(1 + one_by_one.randrange(6) for _ in range(3))


def test_a_rest_rerolls_its_used_dice_in_one_step_and_one_line():
    st = scenario(hands={A: ("W4", "W2", "[R3]", "[W6]", "[W1]")}, track={1: "S1-10"})
    start(st, ("move", A))
    act(st, "rest", lambda a: not a[0][2])               # a white die back; R3, W6 rerolled
    assert st.phase is Phase.ROLLS and st.ctx[1] == (2, 3)
    outcomes = G.chance_outcomes(st)
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {1 / 36}
    before = len(st.log)
    chance(st, (5, 2))
    assert labels(st, A) == sorted(["W4", "W2", "R5", "W2"])
    rolls = [e for e in st.log[before:] if e.rule == "CH-5.6"]
    assert [e.text for e in rolls] == ["A rolls R5 W2"] and rolls[0].text_ja == "AがR5 W2を出す"
    assert rolls[0].data == {"die": [2, 3], "value": [5, 2]}


def test_records_the_stepper_and_the_walkthrough_read_rolls_together():
    session = Session(G, G.params_type(players=4), 5, "random", snapshot_every=8)
    session.play_to_end()
    together = [i for i, s in enumerate(session.steps) if s.is_chance and isinstance(s.action, tuple)]
    assert len(together) >= 3 * 4                       # every player, every stage start
    record = json.loads(json.dumps(session.to_record()))  # a tuple is a JSON list
    verify(record)
    assert Session.from_record(record).steps == session.steps
    for index in (together[0], together[0] + 1, together[-1]):
        session.jump_to(index)
        _, expected, _ = replay(record, upto=index)
        assert G.state_to_dict(session.state) == G.state_to_dict(expected)
    session.jump_to(together[0])
    assert session.state.phase is Phase.ROLLS
    session.step()
    assert session.undo() and session.state.phase is Phase.ROLLS and session.redo()
    session.jump_to(len(session.steps))
    lines = [e.render("en") for e in log_for(session.state.log, None)
             if e.rule == "CH-4.8" and e.seat is not None]
    assert len(lines) == 3 * 4 and all(" rolls " in line for line in lines)
