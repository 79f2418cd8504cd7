"""Why a Witch Academia action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.messages import Text, bi
from designkit.core.waiting import not_awaited, waiting_table
from designkit.games.witch_academy.state import Phase, WitchState

_WAITING = waiting_table(__package__, Phase)


def explain_illegal(st: WitchState, action: Any) -> Text:
    kind, arg = getattr(action, "kind", None), getattr(action, "arg", None)
    not_kind = not_awaited(st, _WAITING, action, "LW-12")
    if not_kind is not None:
        return not_kind
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
    if st.phase is Phase.UNIV and kind == "exchange" and isinstance(arg, tuple) \
            and len(arg) == 2 and arg[1] == "E":
        return Text("an exchange can never give Elixir (LW-7.3)",
                    "交換でエリクシルを得ることはできません（LW-7.3）")
    if st.phase is Phase.ASSIGN and kind == "complete" \
            and st.params.achievement_tokens_per_player is not None and st.tokens[seat] <= 0:
        return Text("no achievement token left (LW-10.3)", "達成トークンが残っていません（LW-10.3）")
    return _WAITING[st.phase].reason(kind)
