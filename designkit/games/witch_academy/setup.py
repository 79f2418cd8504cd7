"""Setup (LW-2) and the round start (LW-3): Areas, exploration, start player, resources,
the assignment display, the event deal and the simultaneous hidden draft.

The draft (LW-3.4, spec section 7 D2) is a sequence of ordinary decisions, one
per seat and step, whose picks stay hidden: a pick is logged with
``visible_to=(seat,)`` and a public "B picked a card", kept apart in
``picks`` until every seat has picked, and only then are the hands passed on.
So no seat ever sees a hand changed by a pick of the same step, and
:func:`observe.determinize` resamples the other seats' picks with their hands.
"""

from __future__ import annotations

from designkit.core.flow import ask, card_sampler, draw_task, push, roll
from designkit.core.rows import append, without
from designkit.core.seats import seat_label
from designkit.games.witch_academy.actions import WitchAction, act, label
from designkit.games.witch_academy.cards import (
    BASIC,
    RES_EN,
    RES_JA,
    RESOURCES,
    amounts_text,
    legacy_names,
)
from designkit.games.witch_academy.resolve import gain, hand_to_pile
from designkit.games.witch_academy.state import (
    ACTION_MODE,
    FLOW,
    VP_PARTS,
    Phase,
    Ruleset,
    WitchState,
)


def blank_state(rules: Ruleset, log: bool) -> WitchState:
    """LW-2.3, LW-2.4: every player's workers at full Health, tokens in hand."""
    st = WitchState.from_rules(rules, log)
    p, n = rules.params, st.n
    st.year, st.sp, st.turn_pos, st.turn_no = 0, 0, 0, 0
    st.order, st.mode, st.action_turns = list(range(n)), [ACTION_MODE] * n, [0] * n
    st.acting, st.actions_left = None, 0
    st.area_pool = list(range(len(rules.areas)))
    st.areas, st.explore, st.occupant, st.univ = [], [], [], []
    st.ex_deck, st.ex_discard = tuple(range(len(rules.explore))), ()
    st.asg_pool, st.display, st.tokens_on = [], [], []
    st.ev_pool, st.ev_removed, st.ev_discard = [], (), ()
    st.hands = [()] * n
    st.picks, st.drafted, st.carried = [()] * n, [()] * n, [()] * n
    w = len(rules.ranks)
    st.health = [tuple(rules.max_health)] * n
    st.loc = [(None,) * w for _ in range(n)]
    st.res = [(0,) * len(RESOURCES)] * n
    st.vp = [0] * n
    st.parts = [(0,) * len(VP_PARTS) for _ in range(n)]
    st.legacy = [(0,) * len(rules.legacy) for _ in range(n)]
    st.stock = [p.legacy_per_type] * len(rules.legacy)
    st.tokens = [p.achievement_tokens_per_player or 0] * n
    st.familiars = [((),) * w for _ in range(n)]
    st.facilities = [() for _ in range(n)]
    return st


@FLOW.task("setup")
def setup(st: WitchState) -> bool:
    p, rules = st.params, st.rules
    if st.log is not None:
        st.emit("LW-1.1", None, f"Little Witch Academia for {st.n} players, {p.rounds} rounds",
                f"リトルウィッチアカデミア {st.n}人、{p.rounds}ラウンド", players=st.n)
        hp = ", ".join(f"{r} {h}" for r, h in zip(rules.ranks, rules.max_health, strict=True))
        st.emit("LW-2.3", None, f"Each player takes workers {' '.join(rules.ranks)} and "
                f"{p.achievement_tokens_per_player or 'unlimited'} achievement tokens",
                "各プレイヤーはワーカーと達成トークンを受け取る")
        st.emit("LW-2.4", None, f"Every worker starts at its highest face: {hp}",
                "各ワーカーの目は一番大きい目に合わせる")
        st.emit("LW-0.3", None, "Resources and legacy tokens come from the common stock",
                "資源キューブとレガシートークンは【ストック】から得る")
        st.emit("LW-A13", None, "Resources are unlimited", "資源は無制限")
        st.emit("LW-A1", None, f"Legacy tokens: {p.legacy_per_type} of each type "
                f"({legacy_names(rules.legacy)})", f"レガシートークンは各{p.legacy_per_type}個"
                f"（{legacy_names(rules.legacy, 'ja')}）")
        st.emit("LW-A4", None, f"A Health payment must leave at least {p.payment_floor}",
                f"≪ヘルス≫の支払い後は{p.payment_floor}以上")
        st.emit("LW-2.1", None, f"The University is placed in the centre; {p.areas()} Area "
                f"cards are dealt around it", f"【大学】を中央に置き、エリアカードを"
                f"{p.areas()}枚配置する", areas=p.areas())
    push(st, *[("deal_area",)] * p.areas(), ("deal_explore",), ("start_player",),
         ("start_resources",), ("year", 1))
    return False


def _area_dealt(st: WitchState, a: int) -> None:
    """LW-2.1: a dealt Area starts with no exploration cards and no occupant."""
    st.explore.append(())
    st.occupant.append(None)
    if st.log is not None:
        area = st.rules.areas[a]
        st.emit("LW-2.1", None, f"Area {area.name_en} is dealt", f"エリア{area.name_ja}を配置",
                area=area.id)


draw_task(FLOW, "deal_area", Phase.AREA_DRAW, cards=lambda st: st.rules.areas,
          index=lambda st: st.rules.area_index, pool=lambda st: st.area_pool,
          into=lambda st: st.areas, then=_area_dealt, stream="areas")


@FLOW.task("deal_explore")
def deal_explore(st: WitchState) -> bool:
    """LW-2.2: two cards to each Area, the first dealt being the outer one (LW-A32)."""
    k = st.params.exploration_cards_per_area
    push(st, *[("draw_explore", pos, "LW-2.2") for pos in range(len(st.areas))
               for _ in range(k)])
    return False


@FLOW.task("draw_explore")
def draw_explore(st: WitchState, pos: int, rule: str) -> bool:
    if not st.ex_deck:
        if not st.ex_discard:
            if st.log is not None:
                st.emit("LW-A33", None, "The exploration deck and discard pile are empty: no "
                        "card is inserted", "探索山も捨て札もないため補充しない")
            return False
        st.ex_deck, st.ex_discard = st.ex_discard, ()
        if st.log is not None:
            st.emit("LW-6.4", None, f"The exploration deck is empty: the {len(st.ex_deck)} "
                    "discarded cards are shuffled into a new deck",
                    "探索山が尽きたので捨て札をシャッフルして山を作り直す")
    return roll(st, Phase.EX_DRAW, (pos, rule), len(st.ex_deck))  # one outcome per card


@FLOW.chance(Phase.EX_DRAW, lambda st: [st.rules.explore[c].id for c in st.ex_deck],
             uniform=True, stream="explore",
             sample=card_sampler(lambda st: st.rules.explore, lambda st: st.ex_deck))
def _explore_drawn(st: WitchState, card_id: str) -> None:
    pos, rule = st.ctx
    c = st.rules.explore_index[card_id]
    st.ex_deck = without(st.ex_deck, c)
    append(st.explore, pos, c)
    if st.log is not None:
        area = st.rules.areas[st.areas[pos]]
        outer = len(st.explore[pos]) == 1
        # LW-A32: at setup the first card dealt to an Area is its outer card
        cite = "LW-A32" if outer and rule == "LW-2.2" else rule
        st.emit(cite, None, f"{label(card_id)} is laid face up at {area.name_en} "
                f"({'outer' if outer else 'inner'})", f"{label(card_id, 'ja')}を"
                f"{area.name_ja}の{'外側' if outer else '内側'}に表向きで配置", area=area.id,
                card=card_id)


@FLOW.task("start_player")
def start_player(st: WitchState) -> bool:
    return roll(st, Phase.START, (), st.n)


@FLOW.chance(Phase.START, lambda st: list(range(st.n)), uniform=True, stream="start player")
def _start_chosen(st: WitchState, seat: int) -> None:
    st.sp = seat
    st.order = [(seat + i) % st.n for i in range(st.n)]
    if st.log is not None:
        st.emit("LW-2.5", seat, f"{seat_label(seat)} is the start player (chosen at random)",
                f"スタートプレイヤーは{seat_label(seat)}", start=seat)


@FLOW.task("start_resources")
def start_resources(st: WitchState) -> bool:
    """LW-2.6: clockwise from the SP, 2, 3, 3, 4, 4 resources of each player's choice (LW-V2
    moves the 3-player last seat's share to the 4th position's)."""
    tasks = []
    shares = st.params.start_resources()
    for i in range(st.n):
        seat = (st.sp + i) % st.n
        k = shares[i]
        if st.log is not None and k != st.params.start_resources_by_seat[i]:
            st.emit("LW-V2", seat, f"{seat_label(seat)} ({i + 1}. in turn, the last seat) "
                    f"takes {k} starting resources, the 4th position's share (the draft's "
                    "ladder gives the last seats the most)", f"{seat_label(seat)}は最後の席"
                    f"として4番目の分の{k}個を得る", n=k)
        elif st.log is not None:
            st.emit("LW-2.6", seat, f"{seat_label(seat)} ({i + 1}. in turn) takes {k} starting "
                    "resources of their choice", f"{seat_label(seat)}は好きな資源を{k}個得る",
                    n=k)
        tasks += [("start_res", seat)] * k
    push(st, *tasks)
    return False


@FLOW.task("start_res")
def start_res(st: WitchState, seat: int) -> bool:
    return ask(st, Phase.START_RES, seat, (seat,))


def _start_res_options(st: WitchState) -> tuple[WitchAction, ...]:
    kinds = BASIC if st.params.start_resource_types == "basic" else RESOURCES
    return tuple(act("take", r) for r in kinds)


@FLOW.decision(Phase.START_RES, _start_res_options)
def _took(st: WitchState, a: WitchAction) -> None:
    gain(st, st.ctx[0], a.arg, 1, "LW-A12" if st.params.start_resource_types == "basic"
         else "LW-2.6")


# -- LW-3: round start -------------------------------------------------------------------------------------
@FLOW.task("year")
def start_year(st: WitchState, year: int) -> bool:
    p, rules = st.params, st.rules
    st.year = year
    st.asg_pool = list(rules.year_assignments[year])
    st.display, st.tokens_on = [], []
    st.ev_pool = list(rules.year_events[year])
    if st.log is not None:
        st.emit("LW-3.1", None, f"Round {year} (school year {year}) begins",
                f"第{year}ラウンド（{year}年生）開始", year=year)
        st.emit("LW-1.2", None, f"The year-{year} event and assignment decks are used",
                f"{year}年のイベントカードと課題カードを使う")
        st.emit("LW-3.2", None, f"{p.display_size()} year-{year} assignments are laid out",
                f"{year}年の課題カードを{p.display_size()}枚配置する")
    deal = [("deal_event", s) for _ in range(p.draft_hand_size) for s in range(st.n)]
    draft = [t for k in range(p.draft_hand_size)
             for t in [*[("draft_pick", s) for s in range(st.n)], ("draft_pass", k)]]
    push(st, *[("deal_display",)] * p.display_size(), ("announce_deal",), *deal,
         ("remove_events",), *draft,
         ("draft_end",), ("main_start",))
    return False


@FLOW.task("deal_display")
def deal_display(st: WitchState) -> bool:
    return roll(st, Phase.DISPLAY, (), len(st.asg_pool)) if st.asg_pool else False


@FLOW.chance(Phase.DISPLAY, lambda st: [st.rules.assignments[a].id for a in st.asg_pool],
             uniform=True, stream="assignments",
             sample=card_sampler(lambda st: st.rules.assignments, lambda st: st.asg_pool))
def _displayed(st: WitchState, asg_id: str) -> None:
    a = st.rules.assignment_index[asg_id]
    st.asg_pool.remove(a)
    st.display.append(a)
    st.tokens_on.append(())
    if st.log is not None:
        card = st.rules.assignments[a]
        st.emit("LW-3.2", None, f"Assignment {asg_id} on display: {amounts_text(card.cost)} "
                f"→ {card.vp} VP", f"課題{asg_id}：{amounts_text(card.cost, 'ja')}→{card.vp}VP",
                card=asg_id)


@FLOW.task("announce_deal")
def announce_deal(st: WitchState) -> bool:
    """LW-3.3 for the table in one line: each card dealt is seen only by its receiver."""
    if st.log is not None:
        k, n = st.params.draft_hand_size, st.n
        cards = min(len(st.ev_pool), k * n)   # dealt one at a time, seat by seat
        got = [cards // n + (1 if s < cards % n else 0) for s in range(n)]
        if len(set(got)) == 1:
            st.emit("LW-3.3", None, f"Each player is dealt {got[0]} year-{st.year} event "
                    "cards", f"全プレイヤーに{st.year}年のイベントカードを{got[0]}枚配る")
        else:
            each = ", ".join(f"{seat_label(s)} {g}" for s, g in enumerate(got))
            st.emit("LW-3.3", None, f"The year-{st.year} event cards are dealt: {each}",
                    f"{st.year}年のイベントカードを配る：{each}")
    return False


@FLOW.task("deal_event")
def deal_event(st: WitchState, seat: int) -> bool:
    return roll(st, Phase.DEAL, (seat,), len(st.ev_pool)) if st.ev_pool else False


@FLOW.chance(Phase.DEAL, lambda st: [st.rules.events[e].id for e in st.ev_pool], uniform=True,
             stream="events", sample=card_sampler(lambda st: st.rules.events, lambda st: st.ev_pool))
def _dealt(st: WitchState, card_id: str) -> None:
    seat = st.ctx[0]
    e = st.rules.event_index[card_id]
    st.ev_pool.remove(e)
    append(st.hands, seat, e)
    if st.log is not None:
        # the table reads the one LW-3.3 line of announce_deal, not a line per card
        st.emit("LW-3.3", seat, f"{seat_label(seat)} is dealt {label(card_id)}",
                f"{seat_label(seat)}に{label(card_id, 'ja')}が配られる", visible_to=(seat,),
                card=card_id)


@FLOW.task("remove_events")
def remove_events(st: WitchState) -> bool:
    st.ev_removed += tuple(st.ev_pool)
    if st.log is not None and st.ev_pool:
        st.emit("LW-3.3", None, f"The other {len(st.ev_pool)} event cards are removed unseen",
                f"残りのイベントカード{len(st.ev_pool)}枚はゲームから取り除く")
    st.ev_pool = []
    return False


FLOW.ask_task("draft_pick", Phase.DRAFT, skip=lambda st, seat: not st.hands[seat])


def _hand_options(kind: str):  # noqa: ANN202 - a small options-builder factory
    def build(st: WitchState) -> tuple[WitchAction, ...]:
        ev = st.rules.events
        seen: dict[str, WitchAction] = {}
        for e in st.hands[st.ctx[0]]:
            seen.setdefault(ev[e].id, act(kind, ev[e].id))
        return tuple(sorted(seen.values()))
    return build


@FLOW.decision(Phase.DRAFT, _hand_options("pick"))
def _picked(st: WitchState, a: WitchAction) -> None:
    hand_to_pile(st, a, st.picks, "LW-3.4", "{seat} picks {card} and keeps it face down",
                 "{seat}は{card}を選んで伏せる", ("{seat} picked a card", "{seat}がカードを1枚選んだ"))


@FLOW.task("draft_pass")
def draft_pass(st: WitchState, step: int) -> bool:
    """LW-3.4, LW-A2: once all have picked, the rest of each hand goes to the neighbour."""
    n = st.n
    for s in range(n):
        st.drafted[s] += st.picks[s]
        st.picks[s] = ()
    shift = 1 if st.params.draft_pass_direction == "left" else -1
    left = sum(len(h) for h in st.hands)
    st.hands = [st.hands[(s - shift) % n] for s in range(n)]
    if st.log is not None:
        # LW-A2: by seat to the left neighbour (the next seat clockwise), never by turn order
        if not left:
            st.emit("LW-3.4", None, f"Draft step {step + 1}: every player has picked",
                    f"ドラフト{step + 1}巡目：全員が選び終わった", step=step)
        elif shift == 1:
            st.emit("LW-A2", None, f"Draft step {step + 1}: every player has picked; the hands "
                    "pass to the left neighbour (next seat clockwise, not turn order)",
                    f"ドラフト{step + 1}巡目：全員が選び終わり、残りの手札を左隣へ渡す", step=step)
        else:
            st.emit("LW-3.4", None, f"Draft step {step + 1}: every player has picked; the hands "
                    "pass to the right neighbour (variant)", f"ドラフト{step + 1}巡目：全員が"
                    "選び終わり、残りの手札を右隣へ渡す", step=step)
    return False


@FLOW.task("draft_end")
def draft_end(st: WitchState) -> bool:
    """LW-3.4: the picked cards become the hand; LW-3.5: the kept card joins after."""
    for s in range(st.n):
        st.ev_removed += st.hands[s]   # only with a variant that leaves cards unpicked
        st.hands[s] = st.drafted[s] + st.carried[s]
        if st.log is not None and st.carried[s]:
            st.emit("LW-3.5", s, f"{seat_label(s)}'s kept card joins the hand after the draft "
                    f"({len(st.hands[s])} cards)", f"{seat_label(s)}は伏せていたカードを手札に"
                    "加える", cards=len(st.carried[s]))
        st.drafted[s], st.carried[s] = (), ()
    if st.log is not None:
        st.emit("LW-3.4", None, "The draft is over: the picked cards become each hand",
                "選んだカードを改めて手札とする")
    return False


def colour_text(res: str, lang: str = "en") -> str:
    return (RES_JA if lang == "ja" else RES_EN)[res]
