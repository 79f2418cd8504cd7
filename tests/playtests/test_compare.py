"""The comparison, seeded and small: the playtests' values and intervals are theirs, the
bots' are a seeded simulation of the same rules, and the reading follows the stated test
(Fisher / permutation, Holm over the block; "too few to tell" below MIN_GAMES)."""

from __future__ import annotations

import dataclasses

import pytest

from designkit.core.registry import get_game
from designkit.playtests.compare import MIN_GAMES, compare, compare_group, groups
from designkit.playtests.journal import Journal
from designkit.playtests.schema import Playtest, SeatResult
from designkit.sim.simulate import simulate

GAME = get_game("crossroads")
BOT_GAMES = 60


@pytest.fixture(scope="module")
def bots():
    return simulate(GAME, BOT_GAMES, GAME.params_type(), agents="greedy", seed=0, workers=1,
                    progress=False)


def as_playtests(results, ids) -> list[Playtest]:  # noqa: ANN001
    """Games the bots played, written as a journal would hold them."""
    out = []
    for gid in ids:
        g = results.games.loc[results.games["game_id"] == gid].iloc[0]
        seats = results.seats.loc[results.seats["game_id"] == gid].sort_values("seat")
        out.append(Playtest(
            game_id=f"pt-{gid}", date="2026-12-01", source="paper", variant="draft",
            params=GAME.params_type(), winner=int(g["winner"]), start_seat=int(g["start_seat"]),
            turns=int(g["turns"]), end_reason=str(g["end_reason"]),
            seats=tuple(SeatResult(int(r.seat), float(r.score), vp={
                k: float(getattr(r, f"vp_{k}")) for k in GAME.VP_SOURCE_LABELS})
                for r in seats.itertuples())))
    return out


def test_the_sample_beside_greedy_is_seeded_and_says_what_it_measured(filled: Journal,
                                                                      bots) -> None:  # noqa: ANN001
    games = filled.load().games
    block = compare_group(GAME, games, "greedy", bots=bots)
    lines = {line.metric.key: line for line in block.lines}
    start = lines["position:0"]
    assert (start.playtests.value, start.playtests.n) == (7 / 12, 12)
    assert start.playtests.lo == pytest.approx(0.2766697, abs=1e-6)  # Clopper-Pearson
    assert start.bots is not None and start.bots.n == BOT_GAMES
    assert start.bots.method == "Wilson" and start.playtests.method == "Clopper-Pearson"
    assert lines["minutes"].bots is None and lines["minutes"].verdict == "no test"
    assert {"winner_margin", "turns", "end:27", "end:deck_out", "vp_share:work_pile",
            "vp:hand"} <= set(lines)
    assert block.family == len(block.lines) - 1  # every line but minutes is tested
    assert all(line.verdict in ("consistent", "differs", "no test") for line in block.lines)
    again = compare_group(GAME, games, "greedy", bots=bots)
    assert again.text() == block.text()
    assert "Holm-adjusted over" in block.text() and "n=12" in block.text()


def test_games_like_the_bots_read_consistent(bots) -> None:  # noqa: ANN001
    same = as_playtests(bots, range(BOT_GAMES))
    block = compare_group(GAME, same, "greedy", bots=bots)
    tested = [line for line in block.lines if line.p == line.p]
    assert tested and all(line.p > 0.9 for line in tested)  # the very same games
    assert all(line.verdict == "consistent" for line in tested)


def test_a_start_player_who_always_wins_differs(bots) -> None:  # noqa: ANN001
    games = [dataclasses.replace(pt, winner=pt.start_seat,
                                 seats=tuple(dataclasses.replace(s, score=10.0 if s.seat ==
                                                                 pt.start_seat else 0.0, vp={})
                                             for s in pt.seats))
             for pt in as_playtests(bots, range(20))]
    block = compare_group(GAME, games, "greedy", bots=bots)
    start = next(line for line in block.lines if line.metric.key == "position:0")
    assert start.playtests.value == 1.0 and start.verdict == "differs"
    assert start.p_adjusted >= start.p


def test_few_games_are_too_few_to_tell(bots) -> None:  # noqa: ANN001
    block = compare_group(GAME, as_playtests(bots, range(MIN_GAMES - 1)), "greedy", bots=bots)
    assert {line.verdict for line in block.lines if line.p == line.p} == {"too few to tell"}


def test_rule_sets_are_compared_apart() -> None:
    three = GAME.params_type(players=3)
    pts = [Playtest("a", "", "paper", "draft", GAME.params_type(),
                    tuple(SeatResult(s, float(s)) for s in range(4)), 3),
           Playtest("b", "", "paper", "draft", three,
                    tuple(SeatResult(s, float(s)) for s in range(3)), 2)]
    assert [[pt.game_id for pt in g] for g in groups(pts)] == [["a"], ["b"]]
    blocks = compare(GAME, pts, ["random"], n_games=12)
    assert [b.bot_games for b in blocks] == [12, 12]
    assert "3 players" in blocks[1].text()


def test_the_most_surprising_playtests_come_first(bots) -> None:  # noqa: ANN001
    from designkit.playtests.compare import surprises, surprises_text

    games = as_playtests(bots, range(10))
    odd = dataclasses.replace(  # far shorter than any bot game, won by 40 VP
        games[3], turns=3, game_id="odd", winner=0,
        seats=tuple(dataclasses.replace(s, score=40.0 if s.seat == 0 else 0.0, vp={})
                    for s in games[3].seats))
    block = compare_group(GAME, [*games[:3], odd, *games[4:]], "greedy", bots=bots)
    found = surprises(block, most=3)
    assert found[0].playtest.game_id == "odd" and len(found) == 3
    assert found[0].score > found[1].score >= found[2].score
    assert "3 turns (bots' tail p = " in surprises_text(found)
    assert "40 VP margin" in surprises_text(found)


def test_the_games_questions_name_their_line_at_the_players_they_concern() -> None:
    """Issue 35's questions (data/crossroads/questions.yaml: games ending on 27) name the
    headline line they measure, with their target, at the player counts they concern
    (the three-player removal at 3 only); tested once."""
    from designkit.playtests.compare import headline_metrics

    three = [m for m in headline_metrics(GAME, 3) if "question" in m.label]
    assert [m.key for m in three] == ["end:27"]
    assert "question merit_27 (target games ending on 27 ≥ 25 %)" in three[0].label
    four = [m for m in headline_metrics(GAME, 4) if "question" in m.label]
    assert [m.key for m in four] == ["end:27"]      # the removal's question is 3 players' only
    assert "three_player_removal" not in four[0].label and "number_range" in four[0].label
    pts = [Playtest(f"g{i}", "", "paper", "draft", GAME.params_type(players=3),
                    tuple(SeatResult(s, float(s)) for s in range(3)), 2, end_reason="27")
           for i in range(6)]
    block = compare(GAME, pts, ["random"], n_games=20)[0]
    lines = [line for line in block.lines if line.metric.key == "end:27"]
    assert len(lines) == 1 and "question three_player_removal" in lines[0].metric.label
