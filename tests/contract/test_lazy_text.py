"""Event text is built only once the game knows logging is on (issue 36), checked statically
over every game module and the suite's example (``tests/contract/lazy_text.py``), with the
cases it must catch."""

from __future__ import annotations

import inspect
from pathlib import Path

import designkit.games
from designkit.games.classic_hero import battle
from tests.contract import example_game
from tests.contract.lazy_text import eager_texts, eager_texts_in


def test_no_game_builds_event_text_before_the_logging_check():
    assert eager_texts_in(Path(designkit.games.__file__).parent) == []
    assert list(eager_texts(inspect.getsource(example_game))) == []


EAGER = '''
def achieve(st, seat, used):
    names = ", ".join(str(d) for d in used)
    st.dice[seat] = []
    if st.log is not None:
        st.emit("X-1", seat, f"uses {names}")
'''
LAZY = '''
def achieve(st, seat, used, p):
    st.dice[seat] = []
    shown = ", ".join(map(str, used)) if st.log is not None else ""
    if p.on and st.log is not None:
        names = ", ".join(str(d) for d in used)
        st.emit("X-1", seat, f"uses {names} {shown}")
    if st.log is None:
        return
    more = f"{seat} is done"
    st.emit("X-2", seat, more)
    _log_end(st)


def _log_end(st):
    text = f"{st} ends"
    st.emit("X-3", None, text)
'''
UNGUARDED_HELPER = '''
def turn(st):
    _log_end(st)


def _log_end(st):
    st.emit("X-3", None, f"{st} ends")
'''
TEXT_USED_BY_A_RULE = '''
def pick(st, seat):
    key = f"{seat}-{st.turn}"
    st.seen.add(key)
    if st.log is not None:
        st.emit("X-4", seat, key)
'''


def test_text_built_before_the_check_is_caught_and_guarded_text_is_not():
    assert [x.split()[1] for x in eager_texts(EAGER)] == ["names"]
    assert list(eager_texts(LAZY)) == []
    assert [
        x.split(": ", 1)[1] for x in eager_texts(UNGUARDED_HELPER)] == ["_log_end called outside a logging check (in turn)"]
    assert list(eager_texts(TEXT_USED_BY_A_RULE)) == []   # the rules read it too


def test_an_eager_join_planted_in_a_real_game_is_caught():
    """王道勇者's battle builds the dice text only while logging; built always, it is caught."""
    source = inspect.getsource(battle)
    lazy = 'shown = ", ".join(die_label(dice[i]) for i in used) if st.log is not None else ""'
    assert lazy in source and list(eager_texts(source)) == []
    planted = source.replace(lazy, 'shown = ", ".join(die_label(dice[i]) for i in used)')
    found = list(eager_texts(planted, "battle.py"))
    assert len(found) == 1 and " shown (in hit)" in found[0]
