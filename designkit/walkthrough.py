"""The lines around a game's log in a walkthrough (``designkit play`` and ``replay``), in
English or Japanese.

The events say what happened in the language asked for; the title, the note on whose view
the log is and the result (scores, ranking, winner, tie-break) must say it in the same
language, or a Japanese walkthrough opens and ends in English. The CLI prints these lines;
anything else that shows a finished game in words (a notebook, a record viewer) can too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designkit.core.errors import DesignkitError
from designkit.core.events import TABLE, log_for
from designkit.core.game import Game
from designkit.core.params import Params

#: how a bot is named in a Japanese walkthrough (``mcts:200`` → モンテカルロ探索200回)
_AGENT_JA = {"random": "ランダム", "greedy": "貪欲", "human": "人間"}


def agent_name(name: str, lang: str = "en") -> str:
    """A bot's name as the walkthrough shows it: the spec itself in English."""
    if lang != "ja":
        return name
    kind, _, budget = name.partition(":")
    if kind == "mcts":
        first = budget.split(":", 1)[0]
        if first.endswith("s"):
            return f"モンテカルロ探索（1手{first[:-1]}秒）"
        return f"モンテカルロ探索（{first or 200}回）"
    return _AGENT_JA.get(kind, name)


def title_line(game: Game, players: int, seed: int, agents: Sequence[str],
               lang: str = "en") -> str:
    """What is played: the game, the player count, the seed and the seats' bots."""
    if lang == "ja":
        bots = "、".join(agent_name(a, "ja") for a in agents)
        return f"{game.title_ja or game.title}、{players}人、シード{seed}、エージェント：{bots}"
    return (f"{game.title} ({game.title_ja}), {players} players, seed {seed}, agents "
            + ", ".join(agents))


def changes_line(params: Params, lang: str = "en") -> str | None:
    """The parameters that differ from the draft, or ``None`` when none does."""
    changes = params.diff()
    if not changes:
        return None
    if lang != "ja":
        return "variant: " + ", ".join(f"{k}={new}" for k, (_, new) in changes.items())
    specs = params.specs()

    def label(key: str) -> str:
        spec = specs.get(key)
        return (spec.label_ja if spec is not None and spec.label_ja else key)

    return "変更したパラメータ：" + "、".join(f"{label(k)}={_value(new)}"
                                            for k, (_, new) in changes.items())


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "あり" if value else "なし"
    return str(value)


_VIEW_NOTE = {
    "en": {"table": "the log as the table sees it: hidden cards and picks show only as "
                    "public texts (--view designer shows everything)",
           "designer": "the designer's log: every hidden card and pick shown"},
    "ja": {"table": "卓から見たログ：伏せたカードと選択は公開された文だけを示す"
                    "（デザイナー視点ではすべて表示）",
           "designer": "デザイナー視点のログ：伏せたカードと選択もすべて表示"},
}


def view_note(view: str, lang: str = "en") -> str:
    """Whose log follows: the table's, the designer's or one seat's."""
    notes = _VIEW_NOTE["ja" if lang == "ja" else "en"]
    if view in notes:
        return notes[view]
    return f"{view}の席から見たログ" if lang == "ja" else f"the log as seat {view} sees it"


def ranking_text(game: Game, state: Any) -> str:
    """Seats from first to last, level seats joined by ``=``: as the game groups them
    (``ranking_groups``, when it has tie-breaks below first place), else seats level on
    score, except where a tie-break settled first place (the winner then stands alone, the
    tie-break line says why) — a ranking never claims an order the rules did not decide."""
    groups = getattr(game, "ranking_groups", None)
    if groups is not None:  # the game says itself which seats its tie-breaks leave level
        return " > ".join(" = ".join(game.seats_label(s) for s in g) for g in groups(state))
    scores = game.scores(state)
    ranking = game.ranking(state)
    winners = set(game.winners(state))
    out = game.seats_label(ranking[0])
    for before, seat in zip(ranking, ranking[1:], strict=False):
        settled = before in winners and seat not in winners
        level = scores[before] == scores[seat] and not settled
        out += (" = " if level else " > ") + game.seats_label(seat)
    return out


def result_lines(game: Game, state: Any, lang: str = "en") -> list[str]:
    """Final scores, ranking, winner(s) and what settled a tie for first place."""
    ja = lang == "ja"
    scores = game.scores(state)
    ranking = game.ranking(state)
    names = [game.seats_label(s) for s in range(len(scores))]
    sep = "、" if ja else ", "
    lines = [("最終得点：" if ja else "final scores: ")
             + sep.join(f"{names[s]} {scores[s]:g}" for s in range(len(scores))),
             ("順位：" if ja else "ranking: ") + ranking_text(game, state)]
    winners = game.winners(state)
    if len(winners) > 1:
        lines.append(("勝者（同着）：" if ja else "winners (shared): ")
                     + sep.join(names[s] for s in winners))
    else:
        lines.append(("勝者：" if ja else "winner: ") + names[winners[0]])
    tied = [s for s in ranking if scores[s] == scores[ranking[0]]]
    head = "同点の決着：" if ja else "tie-break: "
    if len(tied) > 1:
        event = game.tie_break_event(state)
        lines.append(head + (event.render(lang) if event is not None else
                             "ゲームの同点ルールによる" if ja else
                             "by the game's tie-break rule"))
    else:
        lines.append(head + ("不要" if ja else "not needed"))
    return lines


def replaying_line(game_id: int, source: str, lang: str = "en") -> str:
    """The first line of ``play --from``: which game of which results file is replayed."""
    return (f"{source} のゲーム{game_id}を再生" if lang == "ja"
            else f"replaying game {game_id} of {source}")


def viewer(game: Game, view: str, players: int) -> int | None:
    """``--view``: ``table`` (public texts), ``designer`` (everything) or a seat label."""
    if view == "table":
        return TABLE
    if view == "designer":
        return None
    labels = [game.seats_label(s) for s in range(players)]
    if view not in labels:
        raise DesignkitError(f"--view {view}: choose table, designer or a seat "
                             f"({', '.join(labels)})")
    return labels.index(view)


def log_lines(game: Game, state: Any, view: str, seen: int | None, lang: str = "en"
              ) -> list[str]:
    """Whose log it is, the log as that viewer sees it and the result, blank lines between:
    the body of a walkthrough. ``seen`` is :func:`viewer`'s answer for ``view``, asked
    before the game is played so a mistyped seat costs no game."""
    return [view_note(view, lang), "", *(e.render(lang) for e in log_for(state.log, seen)),
            "", *result_lines(game, state, lang)]
