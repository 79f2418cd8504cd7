"""Why a Classic Hero action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.messages import Text
from designkit.core.waiting import not_awaited, waiting_table
from designkit.games.classic_hero.state import ClassicHeroState, Phase

_WAITING = waiting_table(__package__, Phase)


_WHY = {
    "move": Text("that is not a legal stop: blanks and pawns cannot be stopped on, and an empty "
                 "Trial cannot be passed (CH-5.3, CH-5.4)", "そこには止まれません：空白とコマの"
                 "マスには止まれず、空の試練は通り過ぎられません（CH-5.3、CH-5.4）"),
    "rest": Text("Rest needs at least 2 used dice and returns a used die (CH-5.6)",
                 "休息には使用済みのサイコロが2個以上必要で、使用済みのサイコロを1個戻します"
                 "（CH-5.6）"),
    "achieve": Text("those dice do not meet the condition, or the set is not minimal for N↑ "
                    "(CH-6.3, CH-A7)", "そのサイコロは条件を満たさないか、N↑ の最小の組では"
                    "ありません（CH-6.3、CH-A7）"),
    "force": Text("a forced clear needs the forced-clear rule, dice that cannot meet the "
                  "event and enough available dice to pay (CH-V10)", "強制クリアには強制クリアの"
                  "ルール、条件を満たせないサイコロ、払える数の未使用のサイコロが必要です（CH-V10）"),
    "hit": Text("that HP is marked already, or the dice do not meet its condition (CH-7.1, "
                "CH-7.2)", "そのHPはすでに印が付いているか、サイコロがその条件を満たしません"
                "（CH-7.1、CH-7.2）"),
    "bless": Text("no blessing left, or the change would not alter the die (CH-6.5, CH-A11)",
                  "加護が残っていないか、その変更ではサイコロの目が変わりません"
                  "（CH-6.5、CH-A11）"),
    "fortune": Text("another choice applies more of the Fortune in full (CH-6.2)",
                    "ほかの選び方なら天運をもっと多く適用できます（CH-6.2）"),
}


def explain_illegal(st: ClassicHeroState, action: Any) -> Text:
    not_kind = not_awaited(st, _WAITING, action, "CH-9")
    if not_kind is not None:
        return not_kind
    return _WHY.get(action.kind, _WAITING[st.phase].now())
