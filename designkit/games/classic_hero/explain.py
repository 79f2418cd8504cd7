"""Why a Classic Hero action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.flow import no_decision_due
from designkit.core.messages import Text, bi
from designkit.games.classic_hero.state import ClassicHeroState, Phase

_WAITING = {
    Phase.CLASS: Text("a player picks a class, in descending order of speed (CH-2.4)",
                      "プレイヤーが素早さの高い順にクラスを選びます（CH-2.4）"),
    Phase.MOVE: Text("the rearmost player Rests or chooses where to stop (CH-5.1, CH-5.3, "
                     "CH-5.6)", "最後尾のプレイヤーが休息するか、止まるマスを選びます"
                     "（CH-5.1、CH-5.3、CH-5.6）"),
    Phase.FORTUNE: Text("the player applies the Fortune, in full where possible (CH-6.1, "
                        "CH-6.2)", "プレイヤーが天運を、できる限りすべて適用します"
                        "（CH-6.1、CH-6.2）"),
    Phase.CHECK: Text("the player achieves the event with a set of dice, spends a blessing, or "
                      "passes (CH-6.3, CH-6.5)", "プレイヤーがサイコロの組でイベントを達成するか、"
                      "加護を使うか、パスします（CH-6.3、CH-6.5）"),
    Phase.STAR: Text("the player marks one die of the used set as used (★, CH-6.6)",
                     "プレイヤーが使った組のサイコロ1個を使用済みにします（★、CH-6.6）"),
    Phase.EFFECT: Text("the player chooses the target of the event effect (§5.2)",
                       "プレイヤーがイベント効果の対象を選びます（§5.2）"),
    Phase.LIMIT: Text("the player returns a die over the dice limit (CH-2.3)",
                      "プレイヤーがサイコロの上限を超えた分を1個戻します（CH-2.3）"),
    Phase.BATTLE: Text("the player hits a Demon Lord HP with a set of dice, or stops (CH-7)",
                       "プレイヤーがサイコロの組で魔王のHPを攻撃するか、やめます（CH-7）"),
    Phase.SKILL_PICK: Text("the player takes a skill from the display (CH-7.5)",
                           "プレイヤーが場からスキルを1枚取ります（CH-7.5）"),
    Phase.GROWTH: Text("the player grows: a white die, or a white die turned red (CH-8.6)",
                       "プレイヤーが成長します：白サイコロ1個か、白サイコロを赤にします（CH-8.6）"),
}

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
    not_due = no_decision_due(st, _WAITING, "CH-9")
    if not_due is not None:
        return not_due
    now = bi("now {w}", "いまは{w}", w=_WAITING[st.phase])
    kind = getattr(action, "kind", None)
    if kind is None or not any(a.kind == kind for a in st.options):
        return now
    return _WHY.get(kind, now)
