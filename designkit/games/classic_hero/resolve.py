"""Dice, effects and abilities shared by the turn, the battle and the stage end.

Each task here is one rule: a roll (CH-4.8, CH-A21), the dice limit (CH-2.3),
a gained die, an event effect of §5.2, a once-per-stage die ability, Rest
(CH-5.6) and blessings (CH-6.5). The canonical auto-resolver for Fortune and
used-set choices (spec §7) is here too, so bots and ``auto_resolve`` share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product
from typing import Any

from designkit.core.flow import ask, push, roll
from designkit.core.rows import append, without
from designkit.core.seats import seat_label
from designkit.core.streams import per_seat
from designkit.games.classic_hero.actions import HeroAction, die_ref_text
from designkit.games.classic_hero.cards import ARTIFACT_NAMES, artifact_label, effect_text
from designkit.games.classic_hero.hands import DIE_ABILITIES, HandTables, tables
from designkit.games.classic_hero.notation import Condition, may_meet, satisfying_sets
from designkit.games.classic_hero.state import (
    FLOW,
    VP_ARTIFACT,
    VP_SKILL,
    ClassicHeroState,
    Phase,
    die_label,
)

DieRef = tuple[int, int, bool]


def ref(st: ClassicHeroState, seat: int, i: int) -> DieRef:
    d = st.dice[seat][i]
    return (i, d[0], d[1])


def distinct(st: ClassicHeroState, seat: int, idxs: Iterable[int], used: bool = False
             ) -> list[int]:
    """One position per kind of die (value, colour[, used]): the rest are the same choice."""
    seen: set[tuple[int, bool, bool]] = set()
    out = []
    for i in idxs:
        d = st.dice[seat][i]
        key = (d[0], d[1], d[2] if used else False)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def clamp(st: ClassicHeroState, v: int) -> int:
    """CH-0.4: a die's value stays within the die range."""
    r = st.rules
    return r.lo if v < r.lo else r.hi if v > r.hi else v


def invert(st: ClassicHeroState, v: int) -> int:
    """反転 (CH-6.1): the die's opposite face, ７−現在値 on a d6 and top + 1 − v on the larger
    die of CH-V8, kept within the die range (CH-0.4)."""
    return clamp(st, st.rules.top + 1 - v)


def set_value(st: ClassicHeroState, seat: int, i: int, v: int) -> None:
    d = st.dice[seat][i]
    st.dice[seat][i] = (v, d[1], d[2])


def mark_used(st: ClassicHeroState, seat: int, idxs: Iterable[int]) -> None:
    dice = st.dice[seat]
    for i in idxs:
        v, red, _ = dice[i]
        dice[i] = (v, red, True)


def drop_die(st: ClassicHeroState, seat: int, i: int) -> tuple[int, bool, bool]:
    """Return die ``i`` to the stock; the variant marks on later dice move down with them."""
    d = st.dice[seat].pop(i)
    st.stock += 1
    for rows in (st.fixed, st.red_once):
        marks = rows[seat]
        if marks:
            rows[seat] = tuple([j - (j > i) for j in marks if j != i])
    return d


def red_bonus_vp(st: ClassicHeroState, reds: int, at_event: bool) -> tuple[int, str | None]:
    """CH-6.4's bonus for ``reds`` red dice in a set, and the variant rule that cancels it:
    CH-V5 (red dice serve more conditions instead) or, at an event, CH-V6 (no road VP)."""
    p = st.params
    if not reds or not p.red_die_bonus_vp:
        return 0, None
    if p.red_dice_multi:
        return 0, "CH-V5"
    if at_event and not p.road_vp:
        return 0, "CH-V6"
    return reds * p.red_die_bonus_vp, None


def use_in_battle(st: ClassicHeroState, seat: int, idxs: Iterable[int]) -> list[int]:
    """CH-7.1: the set's dice become used; under CH-V5 a red die first serves one HP more
    (it stays available once). Returns the red dice that stayed."""
    if not st.params.red_dice_multi:
        mark_used(st, seat, idxs)
        return []
    stayed = []
    for i in idxs:
        once = st.red_once[seat]
        if st.dice[seat][i][1] and i not in once:
            append(st.red_once, seat, i)
            stayed.append(i)
        else:
            if i in once:
                st.red_once[seat] = without(once, i)
            mark_used(st, seat, [i])
    return stayed


def values(st: ClassicHeroState, seat: int, idxs: list[int]) -> tuple[int, ...]:
    dice = st.dice[seat]
    return tuple(dice[i][0] for i in idxs)


# -- sources of effects: whose rule an effect cites ------------------------------------------------------
def source_name(st: ClassicHeroState, source: str, lang: str = "en") -> str:
    """An effect's source as players name it: an event card's ID, or a class or skill's name."""
    a = st.rules.ability_index.get(source)
    return source if a is None else st.rules.abilities[a].label(lang)


def effect_rule(st: ClassicHeroState, source: str) -> str:
    """The rule an effect cites: CH-6.3 (step 2, the event effect) for an event card; for a
    class or skill, its own: CH-A15 (a skill works from the moment it is taken) for a
    when-taken skill, CH-A28 (the §5.6 abilities) for the others."""
    a = st.rules.ability_index.get(source)
    if a is None:
        return "CH-6.3"
    return "CH-A15" if st.rules.abilities[a].timing == "immediate" else "CH-A28"


# -- rolls and the dice limit ------------------------------------------------------------------------
#: a roll whose result another line reports (a Fortune's reroll: the Fortune line shows the
#: dice after it)
QUIET = "quiet"


@FLOW.task("roll_die")
def roll_die(st: ClassicHeroState, seat: int, i: int, rule: str, note: str = "") -> bool:
    """Roll die ``i`` (chance). ``note`` says what the roll is for, so its one log line says
    it: ``grow`` (CH-8.6), ``gain:<source>`` (a gained die, CH-A21), ``re:<source>`` (a
    reroll by an effect or ability) or :data:`QUIET`."""
    return roll(st, Phase.ROLL, (seat, i, rule, note) if note else (seat, i, rule),
                st.rules.top)


#: a die's faces: the roll's outcomes, one drawn uniformly (the same draw as the listing's);
#: the d6's unless CH-V8's dice_faces makes the dice larger
FACES = (1, 2, 3, 4, 5, 6)
FACES_OF = {6: FACES, 8: (1, 2, 3, 4, 5, 6, 7, 8)}


#: each seat's dice roll from a stream of their own (core.streams): a variant that makes one
#: seat roll more often leaves the other seats' rolls paired
DICE_STREAM = per_seat("dice")


@FLOW.chance(Phase.ROLL, lambda st: FACES_OF[st.rules.top], uniform=True,
             sample=lambda st, rng: FACES_OF[st.rules.top][rng.randrange(st.rules.top)],
             stream=DICE_STREAM)
def rolled(st: ClassicHeroState, value: int) -> None:
    seat, i, rule, *note = st.ctx
    d = st.dice[seat][i]
    st.dice[seat][i] = (clamp(st, value), d[1], False)   # CH-0.4 with a narrowed die_range
    if st.fixed[seat] and i in st.fixed[seat]:
        st.fixed[seat] = without(st.fixed[seat], i)   # a rerolled die is no longer fixed (CH-V3)
    if st.log is not None and note != [QUIET]:
        en, ja = _roll_text(st, seat, d, st.dice[seat][i], note[0] if note else "")
        st.emit(rule, seat, en, ja, die=i, value=value)


@FLOW.task("roll_dice")
def roll_dice(st: ClassicHeroState, seat: int, idxs: tuple[int, ...], rule: str) -> bool:
    """Roll the dice ``idxs`` of ``seat`` together (CH-4.8 every die at a stage's start,
    CH-5.6 a Rest's rerolls, CH-V3 a stop's): one chance step whose outcome is the tuple of
    faces, in ``idxs``' order, and one log line. One die is :func:`roll_die`'s step."""
    if len(idxs) > 1:
        return roll(st, Phase.ROLLS, (seat, idxs, rule), st.rules.top ** len(idxs))
    return bool(idxs) and roll(st, Phase.ROLL, (seat, idxs[0], rule), st.rules.top)


class DiceRolls(Sequence[tuple[int, ...]]):
    """The outcomes of ``k`` dice rolled together: every tuple of ``faces``, in
    ``itertools.product`` order (the ``r``-th read as ``k`` digits in base ``len(faces)``),
    without listing them (6 ** 6 tuples for a stage start's six dice)."""

    __slots__ = ("faces", "k")

    def __init__(self, faces: tuple[int, ...], k: int) -> None:
        self.faces, self.k = faces, k

    def __len__(self) -> int:
        return len(self.faces) ** self.k

    def __getitem__(self, r: int) -> tuple[int, ...]:  # type: ignore[override]
        n = len(self)
        if not -n <= r < n:
            raise IndexError(r)
        r %= n
        base = len(self.faces)
        out = []
        for _ in range(self.k):
            r, digit = divmod(r, base)
            out.append(self.faces[digit])
        return tuple(reversed(out))

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return product(self.faces, repeat=self.k)

    def __contains__(self, outcome: object) -> bool:
        return (type(outcome) is tuple and len(outcome) == self.k
                and all(v in self.faces for v in outcome))


def _rolls_sample(st: ClassicHeroState, rng: Any) -> tuple[int, ...]:
    """Each die's face drawn in turn from the seat's dice stream, as one roll each would."""
    top = st.rules.top
    faces = FACES_OF[top]
    return tuple([faces[rng.randrange(top)] for _ in st.ctx[1]])


@FLOW.chance(Phase.ROLLS, lambda st: DiceRolls(FACES_OF[st.rules.top], len(st.ctx[1])),
             uniform=True, sample=_rolls_sample, stream=DICE_STREAM)
def rolled_together(st: ClassicHeroState, values: tuple[int, ...]) -> None:
    seat, idxs, rule = st.ctx
    row = st.dice[seat]
    for i, value in zip(idxs, values, strict=True):
        row[i] = (clamp(st, value), row[i][1], False)   # CH-0.4 with a narrowed die_range
        if st.fixed[seat] and i in st.fixed[seat]:
            st.fixed[seat] = without(st.fixed[seat], i)   # rerolled: no longer fixed (CH-V3)
    if st.log is not None:
        shown = " ".join(die_label(row[i]) for i in idxs)
        st.emit(rule, seat, f"{seat_label(seat)} rolls {shown}",
                f"{seat_label(seat)}が{shown}を出す", die=list(idxs), value=list(values))


def _roll_text(st: ClassicHeroState, seat: int, old: tuple[int, bool, bool],
               new: tuple[int, bool, bool], note: str) -> tuple[str, str]:
    who, shown = seat_label(seat), die_label(new)
    kind, _, source = note.partition(":")
    name, name_ja = source_name(st, source), source_name(st, source, "ja")
    if kind == "grow":
        return (f"{who} grows: gains a white die and rolls {shown}",
                f"{who}が成長：白サイコロを１個得て{shown}を出す")
    if kind == "gain":
        return (f"{who} gains a white die" + (f" ({name})" if source else "") + f" and rolls "
                f"{shown}", f"{who}が" + (f"{name_ja}で" if source else "") + f"白サイコロを"
                f"１個得て{shown}を出す")
    if kind == "re":
        return (f"{who} rerolls {die_label(old)} with {name}: {shown}",
                f"{who}が{name_ja}で{die_label(old)}を振り直し、{shown}を出す")
    return f"{who} rolls {shown}", f"{who}が{shown}を出す"


@FLOW.task("gain_die")
def gain_die(st: ClassicHeroState, seat: int, rule: str, source: str = "") -> bool:
    """CH-A21: a gained white die is rolled and available; then the limit (CH-2.3).

    One log line, after the roll: growth's (``rule`` CH-8.6) or CH-A21's, naming ``source``.
    """
    st.dice[seat].append((0, False, False))
    st.stock -= 1
    grow = rule == "CH-8.6"
    note = "grow" if grow else f"gain:{source}" if source else "gain"
    push(st, ("roll_die", seat, len(st.dice[seat]) - 1, "CH-8.6" if grow else "CH-A21", note),
         ("limit", seat))
    return False


def _limit_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat = st.ctx[0]
    pool = st.available(seat) or st.used_dice(seat)
    return tuple(HeroAction("return", ref(st, seat, i)) for i in distinct(st, seat, pool))


@FLOW.task("limit")
def limit(st: ClassicHeroState, seat: int) -> bool:
    """CH-2.3: over ``max_dice``, the owner returns an available die (a used one if none)."""
    if len(st.dice[seat]) <= st.params.max_dice:
        return False
    return ask(st, Phase.LIMIT, seat, (seat,))


@FLOW.decision(Phase.LIMIT, _limit_options)
def returned(st: ClassicHeroState, a: HeroAction) -> None:
    seat = st.ctx[0]
    i = a.arg[0]
    d = drop_die(st, seat, i)
    if st.log is not None:
        st.emit("CH-2.3", seat, f"{seat_label(seat)} is over the dice limit "
                f"({st.params.max_dice}) and returns {die_label(d)} to the stock",
                f"{seat_label(seat)}はサイコロ上限（{st.params.max_dice}個）を超えたので"
                f"{die_label(d)}を【ストック】へ戻す")
    push(st, ("limit", seat))


# -- Rest (CH-5.6) and blessings (CH-6.5) ----------------------------------------------------------------
def rest_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    p = st.params
    used = st.used_dice(seat)
    out: list[HeroAction] = []
    if len(used) >= p.rest_min_used and len(used) >= p.rest_returns:
        seen = set()
        for combo in combinations(used, p.rest_returns):
            key = tuple(sorted(st.dice[seat][i][1] for i in combo))
            if key not in seen:
                seen.add(key)
                out.append(HeroAction("rest", tuple(ref(st, seat, i) for i in combo)))
    free = st.ready(seat, "rest_no_return")
    if free is not None and used:
        out.append(HeroAction("rest_free", st.rules.abilities[free].id))
    return out


def apply_rest(st: ClassicHeroState, seat: int, a: HeroAction, then: tuple) -> None:
    """CH-5.6: return the chosen used die; reroll the other used dice, available again."""
    if a.kind == "rest_free":
        aid = st.rules.ability_index[a.arg]
        append(st.spent, seat, aid)
        gone: list[int] = []
    else:
        gone = sorted((r[0] for r in a.arg), reverse=True)
    rule = "CH-5.6"
    if then[0] != "move":
        rule = "CH-A5"     # Rest after moving or in the battle: 「いつでも」 (CH-A5)
    returned_text = (" ".join(die_label(st.dice[seat][i]) for i in gone)
                     if st.log is not None else "")
    for i in gone:
        drop_die(st, seat, i)
    rerolled = st.used_dice(seat)
    if st.log is not None:
        who = seat_label(seat)
        how = f" with {ability_name_of(st, a.arg)}" if a.kind == "rest_free" else ""
        how_ja = f"{ability_name_of(st, a.arg, 'ja')}で" if a.kind == "rest_free" else ""
        when = " (Rest may be taken at any time of the stage)" if rule == "CH-A5" else ""
        back = f"returns {returned_text}" if gone else "returns no die"
        back_ja = f"{returned_text}を【ストック】へ戻し、" if gone else "サイコロを戻さずに"
        st.emit(rule, seat, f"{who} rests{how}{when}: {back} and rerolls {len(rerolled)} "
                f"used dice", f"{who}が{how_ja}休息：{back_ja}使用済みの{len(rerolled)}個を"
                "振り直す")
    push(st, ("roll_dice", seat, tuple(rerolled), "CH-5.6"), then)


def ability_name_of(st: ClassicHeroState, aid: str, lang: str = "en") -> str:
    return source_name(st, aid, lang)


def bless_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    if st.bless[seat] <= 0:
        return []
    k = st.params.blessing_delta
    out = []
    for i in distinct(st, seat, st.available(seat)):
        v = st.dice[seat][i][0]
        for delta in (-k, k):
            if clamp(st, v + delta) != v:   # CH-A11: a blessing must change the value
                out.append(HeroAction("bless", (ref(st, seat, i), delta)))
    return out


def apply_bless(st: ClassicHeroState, seat: int, a: HeroAction) -> None:
    (i, v, _), delta = a.arg
    st.bless[seat] -= 1
    set_value(st, seat, i, clamp(st, v + delta))
    if st.log is not None:
        st.emit("CH-6.5", seat, f"{seat_label(seat)} spends a blessing: "
                f"{die_ref_text(a.arg[0])} → {st.dice[seat][i][0]} ({st.bless[seat]} left)",
                f"{seat_label(seat)}が加護を使う：{die_ref_text(a.arg[0])}→"
                f"{st.dice[seat][i][0]}（残り{st.bless[seat]}）")


# -- once-per-stage die abilities (§5.6, CH-A28) ----------------------------------------------------------
def _any_die_ability_left(st: ClassicHeroState, seat: int) -> bool:
    """Whether ``seat`` holds a die ability it has not spent this stage (most questions
    have none: both option tests below stop here)."""
    spent = st.spent[seat]
    die_ability = tables(st.rules).die_ability
    for a in st.abilities[seat]:  # noqa: SIM110 - a loop, not any(): runs per question
        if die_ability[a] and a not in spent:
            return True
    return False


def ability_options(st: ClassicHeroState, seat: int) -> list[HeroAction]:
    out: list[HeroAction] = []
    if not _any_die_ability_left(st, seat):
        return out
    rules = st.rules
    avail = distinct(st, seat, st.available(seat))
    dice = st.dice[seat]
    made = tables(rules).ability_actions
    for name in DIE_ABILITIES:
        aid = st.ready(seat, name)
        if aid is None:
            continue
        for i in avail:
            d = dice[i]
            key = (aid, i, d[0], d[1])
            found = made.get(key)
            if found is None:      # the actions depend on the ability and the die alone
                ab = rules.abilities[aid]
                r = (i, d[0], d[1])
                found = made[key] = tuple([HeroAction("ability", (ab.id, r, t))
                                           for t in _ability_targets(st, name, ab, d[0])])
            out += found
    return out


def _ability_targets(st: ClassicHeroState, name: str, ab: Any, v: int
                     ) -> Sequence[int | None]:
    """What a ready die ability ``name`` may turn a die showing ``v`` into (``None``: the
    ability takes no target value, a reroll)."""
    if name == "adjust":
        n = ab.hook.args["n"]
        return sorted({clamp(st, v + d) for d in range(-n, n + 1)} - {v})
    if name == "set_any":
        return [t for t in range(st.rules.lo, st.rules.hi + 1) if t != v]
    if name == "invert":
        return [invert(st, v)] if invert(st, v) != v else []
    return [None]


def has_ability_option(st: ClassicHeroState, seat: int) -> bool:
    """``bool(ability_options(st, seat))`` without making the actions (a cheap test of
    whether a question has an ability option)."""
    if not _any_die_ability_left(st, seat):
        return False
    rules = st.rules
    values = [d[0] for d in st.dice[seat] if not d[2]]
    for name in DIE_ABILITIES:
        aid = st.ready(seat, name)
        if aid is not None:
            ab = rules.abilities[aid]
            for v in values:
                if _ability_targets(st, name, ab, v):
                    return True
    return False


def apply_ability(st: ClassicHeroState, seat: int, a: HeroAction, then: tuple,
                  step: str = "CH-A28") -> None:
    """A once-per-stage die ability (CH-A28); ``step`` cites the rule that allows it here
    (CH-A35 at the move and Fortune steps)."""
    aid_text, (i, v, red), target = a.arg
    aid = st.rules.ability_index[aid_text]
    append(st.spent, seat, aid)
    if target is None:     # a reroll: its one line comes with the result
        push(st, ("roll_die", seat, i, step, f"re:{aid_text}"), then)
        return
    if st.log is not None:
        name, name_ja = source_name(st, aid_text), source_name(st, aid_text, "ja")
        die, new = die_ref_text((i, v, red)), die_ref_text((i, target, red))
        st.emit(step, seat, f"{seat_label(seat)} uses {name} (once per stage): {die} → {new}",
                f"{seat_label(seat)}が{name_ja}を使う（ステージ毎に１回）：{die}→{new}")
    set_value(st, seat, i, target)
    push(st, then)


# -- event effects (§5.2) ------------------------------------------------------------------------------
def effect_tasks(st: ClassicHeroState, seat: int, hooks: Iterable, source: str
                 ) -> list[tuple]:
    return [("fx", seat, h.name, h.args.get("n", h.args.get("value", h.args.get("type"))),
             source) for h in hooks]


@FLOW.task("fx")
def fx(st: ClassicHeroState, seat: int, name: str, arg: Any, source: str) -> bool:
    """One event or ability effect (§5.2); all are optional, each targets available dice.

    Each line cites the effect's own rule (:func:`effect_rule`): the event's CH-6.3, a
    skill's CH-A15 or CH-A28; a blessing from an event card is CH-6.5's (「加護は巡礼で得られる」).
    """
    who = seat_label(seat)
    rule = effect_rule(st, source)
    logging = st.log is not None
    src, src_ja = (source_name(st, source), source_name(st, source, "ja")) if logging else ("", "")
    if name == "bless" and st.params.forced_clear:
        if logging:
            st.emit("CH-V10", seat, f"{who} gains no blessing from {src}: before the change "
                    "list there are no blessings (a forced clear instead)",
                    f"{who}は{src_ja}で加護を得ない（変更前：加護はなく強制イベントクリア）")
        return False
    if name == "bless":
        st.bless[seat] += arg
        if logging:
            st.emit("CH-6.5" if rule == "CH-6.3" else rule, seat, f"{who} gains {arg} "
                    f"blessing{'' if arg == 1 else 's'} from {src} (now {st.bless[seat]})",
                    f"{who}が{src_ja}で加護を{arg}得る（計{st.bless[seat]}）")
        return False
    if name == "vp" and not st.params.road_vp:
        if logging:
            st.emit("CH-V6", seat, f"{who} would gain {arg} VP from {src}: no VP on the "
                    "road", f"{who}は{src_ja}の{arg}ＶＰを得ない（道中のＶＰなし）")
        return False
    if name == "vp":
        st.gain(seat, arg, VP_SKILL)
        if logging:
            st.emit(rule, seat, f"{who} gains {arg} VP from {src}", f"{who}が{src_ja}で{arg}ＶＰを得る")
        return False
    if name == "gain_die" and st.params.growth_only_red_die:
        if logging:
            st.emit("CH-V9", seat, f"{who} gains no die from {src}: dice grow only through red "
                    f"dice, so it upgrades {arg} white die{'' if arg == 1 else 's'} instead",
                    f"{who}は{src_ja}でサイコロを得ない（成長は上級サイコロのみ）："
                    f"代わりに白サイコロ{arg}個を赤にする")
        name = "upgrade"
    if name == "gain_die":
        push(st, *[("gain_die", seat, "CH-A21", source)] * arg)
        return False
    if name == "artifact":
        return _artifact(st, seat, source)
    if next(_effect_targets(st, seat, name, arg), None) is None:   # no target
        if logging:
            # CH-0.3: a used die would have been a target, but only available dice take effects
            used = bool(_effect_choices(st, seat, name, arg, st.used_dice(seat)))
            what, what_ja = effect_text(name, arg), effect_text(name, arg, "ja")
            st.emit("CH-0.3" if used else rule, seat, f"{src}'s effect ({what}) has no target "
                    f"among {who}'s available dice" + (" (used dice take no effects)" if used
                                                        else ""),
                    f"{who}：{src_ja}の効果（{what_ja}）の対象になる未使用のサイコロがない")
        return False
    return ask(st, Phase.EFFECT, seat, (seat, name, arg, source))   # waits unbuilt


def _artifact(st: ClassicHeroState, seat: int, source: str) -> bool:
    """CH-6.7: VP = distinct artifact types held before (or after) gaining this one.

    Where the two readings differ (a type not held yet) the line cites CH-A12, the
    resolution that counts the types held *before*.
    """
    t = st.rules.artifact_type(st.rules.event_index[source])
    if t is None:
        return False
    if st.params.ruins_scoring == "flat":
        return _ruins_flat(st, seat, source)
    held = set(st.artifacts[seat])
    count = len(held | {t}) if st.params.artifact_vp == "after" else len(held)
    append(st.artifacts, seat, t)
    if st.params.road_vp:
        st.gain(seat, count, VP_ARTIFACT)
    if st.log is None:
        return False
    en, ja = ARTIFACT_NAMES.get(t, (t, t))
    label = artifact_label(t)
    who = seat_label(seat)
    if not st.params.road_vp:
        st.emit("CH-V6", seat, f"{who} gains the artifact {en} ({label}) but no VP: no VP on "
                "the road", f"{who}がアーティファクト「{ja}」（{label}）を得る（道中のＶＰなし）",
                artifact=t, vp=0)
        return False
    when = "after" if st.params.artifact_vp == "after" else "before"
    rule = "CH-6.7" if t in held else "CH-A12"
    st.emit(rule, seat, f"{who} gains the artifact {en} ({label}): {count} VP ({len(held)} "
            f"type(s) held before" + (f"; types are counted {when} gaining it"
                                      if rule == "CH-A12" else "") + ")",
            f"{who}がアーティファクト「{ja}」（{label}）を得る：{count}ＶＰ（既に{len(held)}種類）",
            artifact=t, vp=count)
    return False


def _ruins_flat(st: ClassicHeroState, seat: int, source: str) -> bool:
    """CH-V11, the Ruins scoring before the change list (an ASSUMPTION, the draft does not
    give it): no artifact; each Ruins achieved scores ``ruins_flat_vp`` at once (none with
    CH-V6's no road VP)."""
    vp = st.params.ruins_flat_vp if st.params.road_vp else 0
    if vp:
        st.gain(seat, vp, VP_ARTIFACT)
    if st.log is not None:
        who = seat_label(seat)
        st.emit("CH-V11", seat, f"{who} scores the Ruins {source} flat: {vp} VP (no artifact; "
                "the scoring before the change list, an assumption)",
                f"{who}は遺跡{source}で{vp}ＶＰ（アーティファクトなし：変更前の得点、仮定）",
                vp=vp)
    return False


def _effect_choices(st: ClassicHeroState, seat: int, name: str, arg: Any,
                    pool: list[int] | None = None) -> list[HeroAction]:
    """The targets of an effect among the available dice (or ``pool``, to ask CH-0.3's
    question: would a used die have been one?)."""
    return list(_effect_targets(st, seat, name, arg, pool))


def _effect_targets(st: ClassicHeroState, seat: int, name: str, arg: Any,
                    pool: list[int] | None = None) -> Iterator[HeroAction]:
    """:func:`_effect_choices` one by one (whether there is one asks for the first only)."""
    pool = st.available(seat) if pool is None else pool
    if name == "fix":     # CH-V4: a fixed die is not offered, so its unfixed twin must be
        pool = [i for i in pool if i not in st.fixed[seat]]
    avail = distinct(st, seat, pool)
    for i in avail:
        v, red, _ = st.dice[seat][i]
        r = ref(st, seat, i)
        if name == "upgrade":
            if not red:
                yield HeroAction("upgrade", r)
        elif name == "adjust":
            for t in sorted({clamp(st, v + d) for d in range(-arg, arg + 1)} - {v}):
                yield HeroAction("adjust", (r, t))
        elif name == "set":
            if v != clamp(st, arg):
                yield HeroAction("set", (r, clamp(st, arg)))
        elif name == "set_any":
            for t in range(st.rules.lo, st.rules.hi + 1):
                if t != v:
                    yield HeroAction("set", (r, t))
        elif name == "fix":
            for t in range(st.rules.lo, st.rules.hi + 1):
                yield HeroAction("fix", (r, t))
        elif name == "reroll":
            yield HeroAction("reroll", r)
        elif name == "invert" and invert(st, v) != v:
            yield HeroAction("invert", r)


def _effect_options(st: ClassicHeroState) -> tuple[HeroAction, ...]:
    seat, name, arg, source = st.ctx
    return (*_effect_choices(st, seat, name, arg), HeroAction("skip", name))


def _effect_several(st: ClassicHeroState) -> bool:
    """The effect has a target (it and "skip" are two options, a few dozen at most): the
    options wait until read (a bot's lookahead never reads them)."""
    seat, name, arg, _ = st.ctx
    return next(_effect_targets(st, seat, name, arg), None) is not None


@FLOW.decision(Phase.EFFECT, _effect_options, several=_effect_several)
def effect_target(st: ClassicHeroState, a: HeroAction) -> None:
    seat, name, arg, source = st.ctx
    who = seat_label(seat)
    rule = effect_rule(st, source)
    if a.kind == "skip":
        if st.log is not None:
            st.emit(rule, seat, f"{who} does not use {source_name(st, source)}'s effect "
                    f"({effect_text(name, arg)})", f"{who}は{source_name(st, source, 'ja')}の"
                    f"効果（{effect_text(name, arg, 'ja')}）を使わない")
        return
    i = a.arg[0][0] if a.kind in ("adjust", "set", "fix") else a.arg[0]
    before = die_label(st.dice[seat][i])
    if a.kind == "upgrade":
        v, _, used = st.dice[seat][i]
        st.dice[seat][i] = (v, True, used)    # CH-A21: keeps its value and state
    elif a.kind in ("adjust", "set", "fix"):
        set_value(st, seat, i, a.arg[1])
    elif a.kind == "invert":
        set_value(st, seat, i, invert(st, st.dice[seat][i][0]))
    if st.log is not None and a.kind != "reroll":   # a reroll's line comes with its result
        st.emit(rule, seat, f"{who} applies {source_name(st, source)}'s effect: "
                f"{a.describe()} ({before} → {die_label(st.dice[seat][i])})",
                f"{who}が{source_name(st, source, 'ja')}の効果：{a.describe('ja')}"
                f"（{before}→{die_label(st.dice[seat][i])}）")
    if a.kind == "fix" or (a.kind == "set" and st.params.reroll_each_stop):
        fix_die(st, seat, i)
    if a.kind == "reroll":
        push(st, ("roll_die", seat, i, rule, f"re:{source}"))
    if name in ("upgrade", "reroll", "invert") and arg > 1:
        push(st, ("fx", seat, name, arg - 1, source))


def fix_die(st: ClassicHeroState, seat: int, i: int) -> None:
    """CH-V3: a fixed die keeps its value when the dice are rerolled at a stop."""
    if i not in st.fixed[seat]:
        append(st.fixed, seat, i)
    if st.log is not None:
        label = die_label(st.dice[seat][i])
        st.emit("CH-V3", seat, f"{seat_label(seat)} fixes {label}: it is not rerolled at "
                "stops", f"{seat_label(seat)}が{label}を固定する（止まっても振り直さない）",
                die=i)


# -- the canonical auto-resolver (spec §7) ------------------------------------------------------------------
def best_set(st: ClassicHeroState, seat: int, sets: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Most red dice (bonus), then the lowest total (keep high dice), then the first."""
    dice = st.dice[seat]
    return min(sets, key=lambda u: (-sum(dice[i][1] for i in u), sum(dice[i][0] for i in u)))


def hand(st: ClassicHeroState, seat: int) -> tuple[list[int], tuple[tuple[int, bool], ...]]:
    """Available dice positions sorted by kind, and their kinds (value, red).

    Sorted so that equal hands share one cache entry whatever the dice order.
    """
    # (value, red, position) sorts as a stable sort of the positions by (value, red)
    held = sorted([(d[0], d[1], i) for i, d in enumerate(st.dice[seat]) if not d[2]])
    return [i for _, _, i in held], tuple([(v, red) for v, red, _ in held])


def hand_kinds(st: ClassicHeroState, seat: int) -> tuple[tuple[int, bool], ...]:
    """The kinds of :func:`hand` alone (what the dice tables are keyed by): the available
    dice as (value, red), sorted (ties between equal dice need no position to break)."""
    return tuple(sorted([(d[0], d[1]) for d in st.dice[seat] if not d[2]]))


def hand_refs(avail: list[int], kinds: tuple[tuple[int, bool], ...]) -> dict[int, DieRef]:
    """Each available position's :func:`ref` (what an action names the die by), from a
    hand of :func:`hand`."""
    return {i: (i, *kinds[k]) for k, i in enumerate(avail)}


def sets_in_hand(table: HandTables, cond: Condition, avail: list[int],
                 kinds: tuple[tuple[int, bool], ...]) -> list[tuple[int, ...]]:
    """Satisfying sets (dice positions) in a hand from :func:`hand`, one per kind of set
    (from the ruleset's table, :mod:`hands`)."""
    return [tuple(sorted([avail[k] for k in u])) for u in table.set_kinds(cond, kinds)]


def achieve_sets(st: ClassicHeroState, seat: int, cond: Condition) -> list[tuple[int, ...]]:
    """Satisfying sets of available dice (positions), one per kind of set (value, colour)."""
    avail, kinds = hand(st, seat)
    return sets_in_hand(tables(st.rules), cond, avail, kinds)


def set_kinds(cond: Condition, kinds: tuple[tuple[int, bool], ...], minimal: bool
              ) -> tuple[tuple[int, ...], ...]:
    """The sets of sorted ``kinds`` that meet ``cond`` (indices into ``kinds``), one per kind
    of set: the direct builder over :func:`notation.satisfying_sets`, which the table's
    faster builder (:meth:`hands.HandTables.set_kinds`) must match."""
    if not may_meet(cond, [v for v, _ in kinds]):
        return ()
    seen = set()
    out = []
    for u in satisfying_sets(cond, tuple(v for v, _ in kinds), minimal):
        key = tuple(sorted(kinds[k] for k in u))
        if key not in seen:
            seen.add(key)
            out.append(u)
    return tuple(out)

