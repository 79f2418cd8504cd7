"""core.streams: one random stream per purpose, so pairing survives a changed deck (issue 35).

A draft and a variant played on the same seed draw each deck, each seat's dice and each
agent from streams of their own: a variant that rolls more dice leaves the decks' draws
as they were (common random numbers). The streams are seeded from (seed, purpose) by
BLAKE2b, so the same seed plays the same game in any process.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys

from designkit.agents import get_agent
from designkit.core.game import CHANCE, Game
from designkit.core.params import Params
from designkit.core.play import agent_rng, chance_rng, play_game
from designkit.core.registry import get_game
from designkit.core.streams import ChanceStreams, Streams, per_seat, purpose_rng, stream_seed


def test_stream_seed_is_stable_and_unsalted() -> None:
    """The same (seed, purpose) gives the same 64-bit seed in a fresh process (Python's
    ``hash`` of a string is salted per process, BLAKE2b is not)."""
    here = [stream_seed(7, "dice 0"), stream_seed(7, "lords"), stream_seed(8, "lords")]
    code = ("from designkit.core.streams import stream_seed; "
            "print(stream_seed(7, 'dice 0'), stream_seed(7, 'lords'), stream_seed(8, 'lords'))")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": "random"}).stdout.split()
    assert [int(x) for x in there] == here
    assert len(set(here)) == 3 and all(0 <= s < 1 << 64 for s in here)


def test_a_purpose_stream_ignores_the_others() -> None:
    """Drawing more from one purpose leaves another purpose's draws unchanged."""
    few, many = Streams(3), Streams(3)
    for _ in range(2):
        few.stream("dice 0").random()
    for _ in range(9):
        many.stream("dice 0").random()
    assert [few.stream("lords").random() for _ in range(5)] == \
        [many.stream("lords").random() for _ in range(5)]
    assert few.stream("lords") is few.stream("lords")   # made once, then kept
    assert purpose_rng(3, "lords").random() == Streams(3).stream("lords").random()


def test_chance_streams_route_and_pickle() -> None:
    """``chance_rng(seed)`` is a Random whose ``sample_chance`` draws go to the step's
    stream; direct draws use their own stream; a pickle keeps every stream's position."""
    crng = chance_rng(5)
    assert isinstance(crng, random.Random) and isinstance(crng, ChanceStreams)
    crng.stream("deck").random()
    crng.random()
    back = pickle.loads(pickle.dumps(crng))
    assert back.stream("deck").random() == crng.stream("deck").random()
    assert back.random() == crng.random()
    assert back.stream("new").random() == crng.stream("new").random()


def test_agent_streams_are_per_seat() -> None:
    assert agent_rng(4, 0).random() == purpose_rng(4, "agent 0").random()
    assert agent_rng(4, 0).random() != agent_rng(4, 1).random()


def test_per_seat_names() -> None:
    class Step:
        ctx = (2, 0, "CH-4.8")
    assert per_seat("dice")(Step()) == "dice 2"


def _chance_log(game: Game, params: Params, seed: int) -> list[tuple[str, object]]:
    """(purpose, outcome) of every chance step of a random-bot game, sampled by hand from
    ``chance_rng(seed)``: the steps ``play_game`` takes (checked below)."""
    agent = get_agent("random")
    st = game.new_state(params, log=False)
    crng, rngs = chance_rng(seed), [agent_rng(seed, s) for s in range(params.players)]
    out, steps = [], []
    while (who := game.to_move(st)) is not None:
        if who is CHANCE:
            purpose = game.chance_stream(st)
            step = game.sample_chance(st, crng)
            out.append((purpose, step))
        else:
            step = agent.act(game, st, rngs[who])
        steps.append(step)
        game.apply(st, step, check=False)
    played = play_game(game, params, [agent] * params.players, seed, keep_steps=True)
    assert [s.action for s in played.steps] == steps
    return out


def test_more_rolls_leave_the_decks_paired() -> None:
    """CH-V3 (``reroll_each_stop``) rerolls the dice at every stop: more rolls, so with
    one chance stream every later card would change. Each deck has its own stream, so
    stage 2's event cards (CH-4.1) and the skills revealed at stage 1 (CH-4.7) are the
    same cards in the draft and the variant on every seed."""
    game = get_game("classic_hero")
    draft = game.default_params()
    reroll = draft.replace(reroll_each_stop=True)
    rolls_differ = 0
    for seed in range(6):
        a, b = _chance_log(game, draft, seed), _chance_log(game, reroll, seed)
        for deck in ("events stage 2", "events stage 1", "races"):
            assert [o for p, o in a if p == deck] == [o for p, o in b if p == deck], (seed, deck)
        first_skills = draft.display_size()
        assert [o for p, o in a if p == "skills"][:first_skills] == \
            [o for p, o in b if p == "skills"][:first_skills]
        dice = sum(p.startswith("dice") for p, _ in a), sum(p.startswith("dice") for p, _ in b)
        rolls_differ += dice[0] != dice[1]
    assert rolls_differ >= 4   # the variant does change how many dice are rolled
