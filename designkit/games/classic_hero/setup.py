"""Setup (CH-2) and stage start (CH-4): a fresh position, races and classes, the Adventure.

The whole game is a list of tasks: ``("setup",)`` then ``("stage", s)`` for each
stage, then ``("final",)``; each task here is one rule. Card draws are chance
steps over the unordered decks (CH-2.1's shuffles), so a seed reproduces a
game and search never peeks at a deck's order.
"""

from __future__ import annotations

from designkit.core.flow import ask, push, roll
from designkit.core.rows import append
from designkit.core.seats import seat_label
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.cards import SUIT_JA
from designkit.games.classic_hero.notation import in_english
from designkit.games.classic_hero.resolve import effect_tasks
from designkit.games.classic_hero.state import FLOW, VP_PARTS, ClassicHeroState, Phase, Ruleset


def blank_state(rules: Ruleset, log: bool) -> ClassicHeroState:
    """Everything in the box, nothing dealt: the state before CH-2.1."""
    st = ClassicHeroState.from_rules(rules, log)
    n = st.n
    st.stage, st.turn_no = 0, 0
    st.track = [None] * (rules.goal + 1)
    st.pos = [0] * n
    st.start_order, st.goal_order = [], []
    st.event_deck = []
    st.lord_deck = list(range(len(rules.lords)))
    st.lords_up = []
    st.skill_deck = list(rules.skills)
    st.display = []
    st.race = [None] * n
    st.abilities = [()] * n      # tuple rows (see ClassicHeroState): shared until written
    st.spent = [()] * n
    st.dice = [[] for _ in range(n)]
    st.bless = [0] * n
    st.vp = [0] * n
    st.parts = [(0,) * len(VP_PARTS)] * n
    st.taken = [()] * n
    st.artifacts = [()] * n
    st.shortfalls = {"skills": 0, "lords": 0}
    st.first_seat = None
    st.fixed = [()] * n
    st.red_once = [()] * n
    st.weak = [()] * n
    st.weak_deck = []
    st.hp_by = [()] * n
    st.out, st.stock = (), 0
    return st


def game_tasks(st: ClassicHeroState) -> list[tuple]:
    return [("setup",), *[("stage", s) for s in range(1, st.params.stages + 1)], ("final",)]


@FLOW.task("setup")
def setup(st: ClassicHeroState) -> bool:
    """CH-2.1 (decks are shuffled: draws are chance steps), CH-2.2 races and dice."""
    p = st.params
    if st.log is not None:
        st.emit("CH-2.1", None, "The event cards are sorted by stage into 3 decks; the Demon "
                "Lord and skill decks are shuffled", "イベントカードをステージ毎に山にし、魔王山と"
                "スキル山をシャッフルする")
        st.emit("CH-1.1", None, f"{p.players} players", f"{p.players}人プレイ")
        if p.dice_faces != 6:
            lo, hi = p.die_range
            st.emit("CH-V8", None, f"Every die has {p.dice_faces} faces: rolls give 1–"
                    f"{p.dice_faces}, Invert turns v into {p.dice_faces + 1} − v, values stay "
                    f"{lo}–{hi}", f"サイコロは{p.dice_faces}面体：出目は1〜{p.dice_faces}、反転は"
                    f"{p.dice_faces + 1}−現在値、目は{lo}〜{hi}")
    dealt = min(p.starting_dice, p.max_dice)     # the dice limit applies from the start
    if dealt < p.starting_dice and st.log is not None:
        st.emit("CH-2.3", None, f"The dice limit {p.max_dice} is below the {p.starting_dice} "
                f"starting dice: each player gets {dealt}", f"サイコロ上限{p.max_dice}個のため"
                f"配るのは{dealt}個")
    for seat in range(st.n):
        st.dice[seat] = [(0, False, False)] * dealt   # rolled at CH-4.8
    st.stock -= dealt * st.n
    push(st, *[("deal_race", s) for s in range(st.n)], ("class_picks",))
    return False


@FLOW.task("deal_race")
def deal_race(st: ClassicHeroState, seat: int) -> bool:
    return roll(st, Phase.RACE, (seat,))


def _races_left(st: ClassicHeroState) -> tuple[str, ...]:
    taken = set(st.race)
    return tuple(r.id for i, r in enumerate(st.rules.races) if i not in taken)


@FLOW.chance(Phase.RACE, _races_left, uniform=True, stream="races")
def race_dealt(st: ClassicHeroState, race_id: str) -> None:
    seat = st.ctx[0]
    st.race[seat] = st.rules.race_index[race_id]
    race = st.rules.races[st.race[seat]]
    if st.log is not None:
        n = len(st.dice[seat])
        st.emit("CH-2.2", seat, f"{seat_label(seat)} is dealt the race {race.name} (speed "
                f"{race.speed}) and {n} white dice",
                f"{seat_label(seat)}に種族「{race.name_ja}」（速度{race.speed}）と白サイコロ"
                f"{n}個が配られる", race=race_id)


@FLOW.task("class_picks")
def class_picks(st: ClassicHeroState) -> bool:
    """CH-2.4: in descending order of speed each player picks a class (none under CH-V14,
    the change list's 簡易キャラメイク played "before": races only)."""
    if not st.params.character_creation:
        if st.log is not None:
            st.emit("CH-V14", None, "No class cards: before the change list's simple character "
                    "creation a hero is a race (its speed) only, with no starting ability (an "
                    "assumption)", "クラスカードなし：簡易キャラメイク設定の前は種族（速度）だけで"
                    "最初の能力はない（仮定）")
        return False
    order = sorted(range(st.n), key=lambda s: -st.speed(s))
    push(st, *[("pick_class", s) for s in order])
    return False


@FLOW.task("pick_class")
def pick_class(st: ClassicHeroState, seat: int) -> bool:
    return ask(st, Phase.CLASS, seat, (seat,))


def _class_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    taken = {a for ab in st.abilities for a in ab}
    rules = st.rules
    return tuple(HeroAction("class", rules.abilities[c].id) for c in rules.classes
                 if c not in taken)


@FLOW.decision(Phase.CLASS, _class_options)
def class_picked(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    aid = st.rules.ability_index[a.arg]
    append(st.abilities, seat, aid)
    ab = st.rules.abilities[aid]
    if st.log is not None:
        st.emit("CH-2.4", seat, f"{seat_label(seat)} (speed {st.speed(seat)}) picks the class "
                f"{ab.name}: {ab.text}", f"{seat_label(seat)}（速度{st.speed(seat)}）がクラス"
                f"「{ab.name_ja}」を選ぶ：{ab.text_ja}", ability=a.arg)


# -- stage start (CH-4) -------------------------------------------------------------------------------
@FLOW.task("stage")
def stage_start(st: ClassicHeroState, s: int) -> bool:
    rules, p = st.rules, st.params
    st.stage = s
    # CH-4.1: the previous stage's 4 undrawn cards are not used; CH-V2: a full weakness deck
    st.out = tuple(k for k in st.out if not k.startswith("weakness ")) + tuple(
        f"event {rules.events[e].id}" for e in st.event_deck)
    st.event_deck = list(rules.stage_decks[s])
    st.track = [None] * (rules.goal + 1)
    st.weak_deck = list(range(len(rules.weaknesses)))   # CH-V2: a full deck each stage
    if st.log is not None:
        st.emit("CH-0.1", None, f"Stage {s} begins", f"ステージ{s}開始", stage=s)
    push(st, *[("draw_event", slot) for slot in range(1, rules.slots + 1)], ("place_pawns",),
         *[("draw_lord", "CH-4.6")] * p.bosses_face_up,
         *[("draw_skill",)] * p.display_size(), ("roll_all",), ("turn",), ("stage_end",))
    return False


@FLOW.task("draw_event")
def draw_event(st: ClassicHeroState, slot: int) -> bool:
    return roll(st, Phase.DRAW_EVENT, (slot,), len(st.event_deck))


@FLOW.chance(Phase.DRAW_EVENT, lambda st: tuple(st.rules.events[e].id for e in st.event_deck),
             uniform=True, sample=lambda st, rng: st.rules.events[
                 st.event_deck[rng.randrange(len(st.event_deck))]].id,
             stream=lambda st: f"events stage {st.stage}")
def event_drawn(st: ClassicHeroState, card_id: str) -> None:
    slot = st.ctx[0]
    e = st.rules.event_index[card_id]
    st.event_deck.remove(e)
    st.track[slot] = e
    if st.log is not None:
        card = st.rules.events[e]
        st.emit("CH-4.1", None, f"Slot {slot}: {card.id} {card.suit}, Fortune "
                f"{in_english(card.fortune_text)}, condition {in_english(card.condition.text)}",
                f"{slot}番：{card.id}「{SUIT_JA[card.suit]}」天運{card.fortune_text}、条件"
                f"{card.condition.text}", slot=slot, card=card.id)


@FLOW.task("place_pawns")
def place_pawns(st: ClassicHeroState) -> bool:
    """CH-4.2, CH-4.3 (stage 1: slowest leftmost) and CH-4.5 (the Goal becomes the Start)."""
    st.pos = [0] * st.n
    if st.stage == 1 or not st.goal_order:
        st.start_order = sorted(range(st.n), key=st.speed)
        rule, why, why_ja = "CH-4.3", "in ascending order of speed", "速度の小さい順"
    else:
        st.start_order = st.goal_order[:]
        if st.params.goal_fill == "reverse":
            st.start_order.reverse()
        rule, why, why_ja = "CH-4.5", "the Goal card with its pawns becomes the Start", \
            "【ゴール】がポーンごと【スタート】になる"
    st.goal_order = []
    if st.log is not None:
        names = ", ".join(seat_label(s) for s in st.start_order)
        st.emit("CH-4.2", None, "The order cards go at both ends: Start on the left, Goal on "
                "the right", "左端が【スタート】、右端が【ゴール】")
        st.emit(rule, None, f"Start spaces, left to right: {names} ({why})",
                f"【スタート】の並び（左から）：{names}（{why_ja}）",
                order=list(st.start_order))
    return False


def _ran_out(st: ClassicHeroState, deck: str, text: str, text_ja: str) -> bool:
    """CH-A32: a deck that has run out deals nothing; the shortfall is counted (the
    ``*_shortfalls`` metrics) and told."""
    st.shortfalls[deck] += 1
    if st.log is not None:
        st.emit("CH-A32", None, text, text_ja)
    return False


@FLOW.task("draw_lord")
def draw_lord(st: ClassicHeroState, rule: str) -> bool:
    if not st.lord_deck:
        return _ran_out(st, "lords", "The Demon Lord deck is empty: no card is drawn",
                        "魔王山が尽きたので補充しない")
    return roll(st, Phase.DRAW_LORD, (rule,), len(st.lord_deck))


@FLOW.chance(Phase.DRAW_LORD, lambda st: tuple(st.rules.lords[b].id for b in st.lord_deck),
             uniform=True, sample=lambda st, rng: st.rules.lords[
                 st.lord_deck[rng.randrange(len(st.lord_deck))]].id, stream="lords")
def lord_drawn(st: ClassicHeroState, lord_id: str) -> None:
    b = st.rules.lord_index[lord_id]
    st.lord_deck.remove(b)
    st.lords_up.append((b, (False,) * len(st.rules.lords[b].hps)))
    if st.log is not None:
        lord = st.rules.lords[b]
        hps = " ".join(f"[{c.text}:{base}]" for c, base in lord.hps)
        hps_en = ", ".join(f"HP{i} {in_english(c.text)} (base merit {base})"
                           for i, (c, base) in enumerate(lord.hps, start=1))
        st.emit(st.ctx[0], None, f"Demon Lord {lord.name} appears: {hps_en}",
                f"魔王「{lord.name_ja}」が現れる：{hps}", lord=lord_id)


@FLOW.task("draw_skill")
def draw_skill(st: ClassicHeroState) -> bool:
    if not st.skill_deck:
        return _ran_out(st, "skills", "The skill deck is empty: the display is one card short",
                        "スキル山が尽きたので【スキル置き場】が１枚少ない")
    return roll(st, Phase.DRAW_SKILL, (), len(st.skill_deck))


@FLOW.chance(Phase.DRAW_SKILL,
             lambda st: tuple(st.rules.abilities[a].id for a in st.skill_deck), uniform=True,
             sample=lambda st, rng: st.rules.abilities[
                 st.skill_deck[rng.randrange(len(st.skill_deck))]].id, stream="skills")
def skill_drawn(st: ClassicHeroState, skill_id: str) -> None:
    a = st.rules.ability_index[skill_id]
    st.skill_deck.remove(a)
    st.display.append(a)
    if st.log is not None:
        ab = st.rules.abilities[a]
        st.emit("CH-4.7", None, f"Skill display: {ab.name} ({ab.text})",
                f"【スキル置き場】：「{ab.name_ja}」（{ab.text_ja}）", skill=skill_id)


@FLOW.task("roll_all")
def roll_all(st: ClassicHeroState) -> bool:
    """CH-4.8: every player rolls all their dice; once-per-stage abilities reset (CH-A28)."""
    tasks: list[tuple] = []
    for seat in range(st.n):
        st.spent[seat] = ()
        st.dice[seat] = [(v, red, False) for v, red, _ in st.dice[seat]]
        tasks.append(("roll_dice", seat, tuple(range(len(st.dice[seat]))), "CH-4.8"))
        for a in st.abilities[seat]:
            ab = st.rules.abilities[a]
            if ab.timing == "stage_start":
                tasks += effect_tasks(st, seat, [ab.hook], ab.id)
    if st.log is not None:
        st.emit("CH-4.8", None, "Every player rolls all their dice",
                "各プレイヤーは手持ちのサイコロを振る")
    push(st, *tasks)
    return False
