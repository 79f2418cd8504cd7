"""CH-V2 「自分だけが知るボスの弱点」: only the holder knows a weakness card, so an unused one
is discarded at the stage end face down (issue 36): the holder's log names it, every other
seat's and the table's read only how many."""

from __future__ import annotations

from designkit.agents import make_agents
from designkit.core.events import TABLE, log_for
from designkit.core.play import play_game
from designkit.core.registry import get_game

G = get_game("classic_hero")


def _discards(seed):
    params = G.params_type().replace(players=4, weakness_cards=True, weakness_draws=3)
    state = play_game(G, params, make_agents("random", 4), seed, log=True).state
    names = {w.name for w in state.rules.weaknesses} | {w.name_ja for w in state.rules.weaknesses}
    return state, names


def test_unused_weaknesses_are_named_to_their_holder_only():
    found = 0
    for seed in range(6):
        state, names = _discards(seed)
        for i, event in enumerate(state.log):
            if event.rule != "CH-V2" or "discard" not in event.text:
                continue
            found += 1
            holder = event.seat
            assert event.visible_to == frozenset({holder})
            mine = log_for(state.log[i:i + 1], holder)[0]
            assert any(n in mine.text for n in names)
            for viewer in [TABLE, *(s for s in range(4) if s != holder)]:
                seen = log_for(state.log[i:i + 1], viewer)
                assert len(seen) == 1, "the table reads that cards were discarded"
                assert "face down" in seen[0].text and "伏せた" in seen[0].text_ja
                assert not any(n in seen[0].text or n in seen[0].text_ja for n in names)
    assert found >= 3
