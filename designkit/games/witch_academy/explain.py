"""Why a Witch Academia action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.flow import no_decision_due
from designkit.core.messages import Text, bi
from designkit.games.witch_academy.state import Phase, WitchState

_WAITING = {
    Phase.START_RES: ("take", Text("a player takes a starting resource (LW-2.6)",
                                   "プレイヤーが初期資源を1つ得ます（LW-2.6）")),
    Phase.DRAFT: ("pick", Text("a player picks a card in the draft (LW-3.4)",
                               "プレイヤーがドラフトでカードを1枚選びます（LW-3.4）")),
    Phase.MODE: ("worker rest assign", Text("the player chooses a worker, Rest or Assignment "
                                            "Creation (LW-4.2)", "プレイヤーがワーカー・休息・"
                                            "課題作成のいずれかを選びます（LW-4.2）")),
    Phase.TARGET: ("target", Text("the player chooses an Area or the University (LW-5.1)",
                                  "プレイヤーがエリアか【大学】を選びます（LW-5.1）")),
    Phase.REST: ("recall", Text("the player chooses workers to recall (LW-9.1)",
                                "プレイヤーが回収するワーカーを選びます（LW-9.1）")),
    Phase.BONUS: ("bonus", Text("the player applies or skips the Area bonus (LW-6.2)",
                                "プレイヤーがエリアの追加効果を適用するか見送ります（LW-6.2）")),
    Phase.EXPLORE: ("explore end", Text("the player applies an exploration card or stops "
                                        "(LW-6.3)", "プレイヤーが探索カードを適用するか、やめます"
                                        "（LW-6.3）")),
    Phase.ES: ("es", Text("the player decides on the Extra Stage (LW-6.5)",
                          "プレイヤーがエキストラステージに進むかを決めます（LW-6.5）")),
    Phase.UNIV: ("exchange play end", Text("the player takes a University action (LW-7.2)",
                                           "プレイヤーが【大学】のアクションを行います（LW-7.2）")),
    Phase.AMOUNT: ("amount", Text("the player chooses how many to exchange (LW-7.3)",
                                  "プレイヤーが交換する数を選びます（LW-7.3）")),
    Phase.COLOUR: ("colour", Text("the player chooses a basic resource",
                                  "プレイヤーが基本資源を1つ選びます")),
    Phase.PAY: ("pay", Text("the player chooses a resource to pay",
                            "プレイヤーが支払う資源を選びます")),
    Phase.LEGACY: ("legacy", Text("the player chooses a legacy type",
                                  "プレイヤーがレガシーの種類を選びます")),
    Phase.WORKER: ("heal", Text("the player chooses a worker to heal",
                                "プレイヤーが回復するワーカーを選びます")),
    Phase.RECALL: ("recall", Text("the player chooses workers to recall",
                                  "プレイヤーが回収するワーカーを選びます")),
    Phase.FACILITY: ("cover", Text("the player chooses a facility stack to cover (LW-7.8)",
                                   "プレイヤーが重ねる施設の山を選びます（LW-7.8）")),
    Phase.ASSIGN: ("complete pass", Text("the player completes an assignment or passes "
                                         "(LW-10.1)", "プレイヤーが課題を達成するかパスします"
                                         "（LW-10.1）")),
    Phase.KEEP: ("keep", Text("the player keeps a card face down (LW-11.4)",
                              "プレイヤーがカードを1枚伏せて残します（LW-11.4）")),
    Phase.RETURN: ("return", Text("the player returns a resource to the cap (LW-11.5)",
                                  "プレイヤーが上限まで資源を戻します（LW-11.5）")),
}


def explain_illegal(st: WitchState, action: Any) -> Text:
    kind, arg = getattr(action, "kind", None), getattr(action, "arg", None)
    not_due = no_decision_due(st, _WAITING, "LW-12")
    if not_due is not None:
        return not_due
    expected = _WAITING[st.phase]
    now = bi("now {w}", "いまは{w}", w=expected[1])
    if kind not in expected[0].split():
        return now
    seat = st.seat
    assert seat is not None  # a decision is due (checked above), so a seat answers it
    rules = st.rules
    if st.phase is Phase.MODE and kind == "worker" and arg in rules.ranks:
        w = rules.ranks.index(arg)
        if st.loc[seat][w] is not None:
            return bi("the {a} is already placed (LW-5.1: only workers in supply)",
                      "{a}のワーカーはすでに配置されています（LW-5.1：置けるのは手元のワーカー"
                      "だけです）", a=arg)
        return bi("the {a} has Health {h}: a worker at {u} cannot be placed (LW-5.1)",
                  "{a}のワーカーの体力は {h} です：体力 {u} のワーカーは配置できません（LW-5.1）",
                  a=arg, h=st.health[seat][w], u=st.params.unplaceable_health)
    if st.phase is Phase.TARGET and arg in rules.area_index:
        a = rules.area_index[arg]
        if a not in st.areas:
            return bi("{a} is not in play this game (LW-2.1)",
                      "{a} はこのゲームでは使われていません（LW-2.1）", a=arg)
        occ = st.occupant[st.areas.index(a)]
        w = st.ctx[1]
        if occ is not None and occ[0] == seat:
            return Text("you may never place on an Area that holds your own worker (LW-5.1, "
                        "LW-A22)", "自分のワーカーがいるエリアには配置できません"
                        "（LW-5.1、LW-A22）")
        if occ is not None and rules.rank_value[occ[1]] > rules.rank_value[w]:
            return bi("a {me} cannot push out a higher-rank {them} (LW-8.2)",
                      "{me}は、より上位の{them}を押し出せません（LW-8.2）", me=rules.ranks[w],
                      them=rules.ranks[occ[1]])
        if occ is not None:
            return bi("a same-rank push costs {c} Health and the {me} at {h} would fall below "
                      "the payment floor {f} (LW-8.3, LW-0.2)", "同じ階級を押し出すには体力 {c} "
                      "が必要で、体力 {h} の{me}は支払いの下限 {f} を下回ります（LW-8.3、LW-0.2）",
                      c=st.params.push_same_rank_cost, me=rules.ranks[w], h=st.health[seat][w],
                      f=st.params.payment_floor)
    if st.phase is Phase.UNIV and kind == "exchange" and not st.params.university_exchange:
        return Text("the University offers no Resource Exchange under this variant (LW-V1)",
                    "このバリアントでは【大学】で資源交換はできません（LW-V1）")
    if st.phase is Phase.UNIV and kind == "exchange":
        if isinstance(arg, tuple) and len(arg) == 2 and arg[1] == "E":
            return Text("an exchange can never give Elixir (LW-7.3)",
                        "交換でエリクシルを得ることはできません（LW-7.3）")
        return Text("an exchange turns one resource type you hold into one other basic type "
                    "(LW-7.3)", "交換では、持っている資源1種類をほかの基本資源1種類に変えます"
                    "（LW-7.3）")
    if st.phase is Phase.ASSIGN and kind == "complete":
        if st.params.achievement_tokens_per_player is not None and st.tokens[seat] <= 0:
            return Text("no achievement token left (LW-10.3)",
                        "達成トークンが残っていません（LW-10.3）")
        return Text("not on display or not affordable, Elixir counting as wild (LW-10.1, "
                    "LW-0.1)", "場にないか、エリクシルを万能として数えても支払えません"
                    "（LW-10.1、LW-0.1）")
    if st.phase is Phase.EXPLORE and kind == "explore":
        return Text("not a card at this Area, or its cost cannot be paid in full (LW-6.3)",
                    "このエリアのカードではないか、コストを全額支払えません（LW-6.3）")
    return now


