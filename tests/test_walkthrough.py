"""The lines around a walkthrough's log (designkit.walkthrough): ties shown as ties, and
every line in the language asked for (issue 21)."""

from __future__ import annotations

from designkit.core.registry import get_game
from designkit.walkthrough import agent_name, changes_line, ranking_text, result_lines


class _Finished:
    """A finished game's result as the Game API gives it (scores, ranking, winners)."""

    def __init__(self, scores, ranking, winners):
        self._s, self._r, self._w = scores, ranking, winners

    def scores(self, state):
        return self._s

    def ranking(self, state):
        return self._r

    def winners(self, state):
        return self._w

    def seats_label(self, seat):
        return "ABCD"[seat]

    def tie_break_event(self, state):
        return None


def test_seats_level_on_score_are_joined_by_equals_unless_a_tie_break_settled_first():
    assert ranking_text(_Finished([5, 3, 3, 1], [0, 1, 2, 3], [0]), None) == "A > B = C > D"
    # A and C tie for first; the tie-break made C the winner: C stands alone
    assert ranking_text(_Finished([5, 3, 5, 1], [2, 0, 1, 3], [2]), None) == "C > A > B > D"
    # a shared win (a draw the rules allow): both winners level
    assert ranking_text(_Finished([5, 3, 5, 1], [0, 2, 1, 3], [0, 2]), None) == "A = C > B > D"


def test_the_result_reads_in_japanese():
    lines = result_lines(_Finished([5, 3, 5, 1], [0, 2, 1, 3], [0, 2]), None, "ja")
    assert lines == ["最終得点：A 5、B 3、C 5、D 1", "順位：A = C > B > D", "勝者（同着）：A、C",
                     "同点の決着：ゲームの同点ルールによる"]


def test_bots_and_parameters_are_named_in_japanese():
    assert [agent_name(a, "ja") for a in ("random", "greedy", "mcts:200", "mcts:0.1s")] == [
        "ランダム", "貪欲", "モンテカルロ探索（200回）", "モンテカルロ探索（1手0.1秒）"]
    params = get_game("crossroads").default_params(players=3)
    assert changes_line(params, "ja") == "変更したパラメータ：人数=3"
    assert changes_line(params, "en") == "variant: players=3"
