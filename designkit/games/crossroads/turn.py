"""Crossroads turn flow (CR-2, CR-3, CR-5, CR-6, CR-8) as core-flow tasks, one per rule.

Each task applies one rule and schedules its own successor; like every game on
the core flow, a task takes its context as arguments (``("take", receiver,
taken, returned)``, ``("compose", seat, size)``, ``("declare", *candidates)``)
and a question carries it in ``ask``'s ``ctx``, which the phase's options and
applier read. The state keeps only the game itself (who is active, the trigger
card, the declarer …); :mod:`serialize` saves the stack and the open question
with the core's :mod:`~designkit.core.flow_dict` helpers.

A turn: ``turn`` (CR-3.1) → ``extra`` draws (``draw_per_turn``) → ``trigger``
(S2 or a plain draw, CR-3.2) → ``act`` (release / hold / pass) → for a pass
``take`` / ``return`` (CR-6.2, CR-6.3) and ``receive`` (CR-6.4) → ``end_step``
(declarations, CR-8.1) → ``after_declare`` (CR-8.3) → the next ``turn``.
Chance answers come from :func:`sample_draw`, which consumes the driver's RNG
exactly as the engine always has (one ``randrange`` over the deck pool).

One idiom (issue 41): a task that goes on to the next rule pushes it (``return then(st,
("trigger",))``), like every game on the core flow, so the stack says what comes next. An
answer's applier (a decision's or a draw's) goes straight on instead, as the core flow
allows (:mod:`designkit.core.flow`, "Going straight on"): it calls the one task it would
have pushed and returns its result (``return end_step(st)``), so a draw's applier runs on to
the ACT question and an answer to the end step without a pass through the stack; the stack
is the same at every question. Issue 41 had every applier push (random play 0.87× the
decisions/s, ``benchmarks/ab.py engine``); issue 37 measured going straight on back (see
benchmarks/README.md).
"""

from __future__ import annotations

import math
import random
from operator import mul
from typing import Any

from designkit.core.flow import ask, roll
from designkit.core.play import INLINE_DRAWS
from designkit.core.seats import seat_label
from designkit.games.crossroads import release as rel
from designkit.games.crossroads.actions import (
    DECLARE_DISCARD,
    DECLARE_NO,
    DECLARE_YES,
    DISCARD,
    HOLD,
    KEEP,
    PASS,
    RELEASE,
    RETURN_NONE,
    S2_NO,
    S2_YES,
    TAKE_NONE,
    Action,
    a_card,
    n_cards,
)
from designkit.games.crossroads.state import FLOW, CrossroadsState, Phase

task, decision, chance = FLOW.task, FLOW.decision, FLOW.chance
#: the phases the tasks ask or roll in, bound once: ``Phase.DRAW`` is a descriptor lookup on
#: the enum class (≈ 0.1 µs under Python 3.11) at every draw and question otherwise
(PH_START, PH_DEAL, PH_DRAW, PH_S2_CHOICE, PH_S2_DRAW, PH_S2_KEEP, PH_ACT, PH_COMPOSE, PH_TAKE,
 PH_RETURN, PH_RECEIVE, PH_DECLARE, PH_DECLARE_DISCARD) = (
    Phase.START, Phase.DEAL, Phase.DRAW, Phase.S2_CHOICE, Phase.S2_DRAW, Phase.S2_KEEP,
    Phase.ACT, Phase.COMPOSE, Phase.TAKE, Phase.RETURN, Phase.RECEIVE, Phase.DECLARE,
    Phase.DECLARE_DISCARD)

def then(st: CrossroadsState, task: tuple[Any, ...]) -> bool:
    """Push the task that follows and carry on (the flow runs it next): what ``push``
    does for one task, without the call."""
    st.stack.append(task)
    return False


#: the deal starts with no card dealt (``("deal", dealt)``)
SETUP_TASKS: tuple[tuple[str, int], ...] = (("deal", 0),)


# -- drawing from the deck (CR-3.2, CR-A14: S2 cards on top or bottom first) ----------------------
#: the deck's random stream (core.streams): the deal, the draws and the S2 draws come from
#: one deck; the start player (CR-2.4) has a stream of its own
DECK = "deck"

def draw_outcomes(st: CrossroadsState) -> list[tuple[int, float]]:
    """The next card: the top S2 card, else the pool by counts, else the bottom S2 card."""
    if st.top:
        return [(st.top[0], 1.0)]
    if st.deck_n:
        return [(x, k / st.deck_n) for x, k in enumerate(st.deck) if k]
    return [(st.bottom[0], 1.0)]


def sample_draw(st: CrossroadsState, rng: random.Random) -> int:
    """The card drawn: ``rng.randrange(deck_n)`` walked down the counts (the draw written
    out over ``getrandbits`` where it is the same, :data:`~designkit.core.play.INLINE_DRAWS`)."""
    if st.top:
        return st.top[0]
    n = st.deck_n
    if not n:
        return st.bottom[0]
    if INLINE_DRAWS and type(rng) is random.Random:
        bits = rng.getrandbits
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
    else:
        r = rng.randrange(n)
    for x, k in enumerate(st.deck):
        if r < k:
            return x
        r -= k
    raise AssertionError("deck counts out of sync")


def _wait_draw(st: CrossroadsState, phase: Phase, ctx: tuple[int, ...] = ()) -> bool:
    """Wait for a draw; a certain one (S2 card, one number left) is applied at once.

    ``roll`` only needs to know whether there are several outcomes: the pool holds
    more than one number exactly when no single count makes up the whole pool, surely so
    while it holds more cards than one number has copies (CR-2.1; the cards are conserved,
    ``invariants.cards_conserved``), so the counts are read only near the deck's end.
    """
    n = st.deck_n
    several = not st.top and n > 0 and (n > st.params.copies_per_number or max(st.deck) < n)
    return roll(st, phase, ctx, 2 if several else 1)


def _take_from_deck(st: CrossroadsState, card: int) -> int:
    if st.top:
        st.top_owner.pop(0)
        return st.top.pop(0)
    if st.deck_n:
        st.deck[card] -= 1
        st.deck_n -= 1
        return card
    st.bottom_owner.pop(0)
    return st.bottom.pop(0)


# -- setup (CR-2.2, CR-2.4) -----------------------------------------------------------------------
@task("deal")
def deal(st: CrossroadsState, dealt: int) -> bool:
    """CR-2.2: each player draws the starting hand, one card at a time in seat order
    (``dealt`` cards so far; the next goes to seat ``dealt`` mod the player count)."""
    if dealt < st.params.starting_hand * st.n and st.deck_total():
        return _wait_draw(st, PH_DEAL, (dealt,))
    if st.log is not None and st.params.starting_hand:
        for s in range(st.n):
            cards, who, k = ", ".join(map(str, st.hand_cards(s))), seat_label(s), st.hand_n[s]
            st.emit("CR-2.2", s, f"{who} draws a starting hand: {cards}",
                    f"{who}の初期手札：{cards}", visible_to=(s,),
                    public=(f"{who} draws a starting hand of {n_cards(k)}",
                            f"{who}は初期手札を{k}枚引く"))
    return then(st, ("start",))


@chance(Phase.DEAL, draw_outcomes, sample=sample_draw, stream=DECK)
def _dealt(st: CrossroadsState, outcome: int) -> bool:
    card = _take_from_deck(st, outcome)
    dealt = st.ctx[0]
    seat = dealt % st.n
    st.hands[seat][card] += 1
    st.hand_n[seat] += 1
    return deal(st, dealt + 1)


@task("start")
def start_player(st: CrossroadsState) -> bool:
    """CR-2.4: the start player (random unless set as a parameter)."""
    if st.params.start_player is None:
        return roll(st, PH_START, (), st.n)
    return _start_with(st, st.params.start_player)


@chance(Phase.START, lambda st: range(st.n), uniform=True, stream="start player")
def _start_chosen(st: CrossroadsState, seat: int) -> bool:
    return _start_with(st, seat)


def _start_with(st: CrossroadsState, seat: int) -> bool:
    st.first_player = st.active = seat
    if st.log is not None:
        st.emit("CR-2.4", seat, f"{seat_label(seat)} is the start player",
                f"スタートプレイヤーは{seat_label(seat)}")
    return then(st, ("turn",))


# -- the draw step (CR-3.1, CR-3.2, CR-7.2) ---------------------------------------------------------
@task("turn")
def start_turn(st: CrossroadsState) -> bool:
    """CR-3.1/CR-3.2: the active player's turn begins with the draw."""
    if not (st.deck_n or st.top or st.bottom):   # deck_total() == 0, once per turn
        finish(st, "deck_out")
        return False
    st.turn += 1
    if st.log is not None:
        st.emit("CR-3.1", st.active, f"Turn {st.turn}: {seat_label(st.active)} to play "
                f"({n_cards(st.deck_total())} in the deck)",
                f"{st.turn}手番目：{seat_label(st.active)}の手番（山{st.deck_total()}枚）")
    left = st.params.draw_per_turn - 1
    return then(st, ("extra", left) if left else ("trigger",))


@task("extra")
def extra_draw(st: CrossroadsState, left: int) -> bool:
    """``draw_per_turn`` > 1: the ``left`` extra cards go into the hand first (while the
    deck lasts); the draw's ``ctx`` holds ``left``, the trigger draw's is empty."""
    if left and st.deck_total():
        return _wait_draw(st, PH_DRAW, (left,))
    return then(st, ("trigger",))


@task("trigger")
def trigger_draw(st: CrossroadsState) -> bool:
    """CR-3.2 (S2, CR-7.2/CR-A7): draw the trigger card, or choose among S2's draws."""
    total = st.deck_n + len(st.top) + len(st.bottom)   # deck_total(), once per turn
    if total == 0:
        return then(st, ("end_step",))
    if total >= 2 and st.skills[st.active] & st.rules.s2_mask:
        st.s2_cards = []
        if st.params.s2_optional:
            return ask(st, PH_S2_CHOICE, st.active, ())
        return then(st, ("s2_draw",))
    if st.log is not None and st.skills[st.active] & st.rules.s2_mask:
        who = seat_label(st.active)   # CR-A7: with one card left S2 draws just that card
        st.emit("CR-A7", st.active, f"Only 1 card is left: {who}'s S2 draws just that card",
                f"山が残り１枚なので{who}のS2はその１枚だけを引く")
    return _wait_draw(st, PH_DRAW)


@chance(Phase.DRAW, draw_outcomes, sample=sample_draw, stream=DECK)
def _drawn(st: CrossroadsState, outcome: int) -> bool:
    card = _take_from_deck(st, outcome)
    if st.ctx:
        st.hands[st.active][card] += 1
        st.hand_n[st.active] += 1
        if st.log is not None:
            who = seat_label(st.active)
            text = (f"{who} draws an extra card into the hand", f"{who}は追加で１枚引いて手札に加える")
            st.emit("CR-3.2", st.active, *text, card=card, visible_to=(st.active,), public=text)
        return extra_draw(st, st.ctx[0] - 1)
    return _trigger_is(st, card)


def _trigger_is(st: CrossroadsState, card: int) -> bool:
    st.trigger = card
    if st.log is not None:
        who = seat_label(st.active)
        st.emit("CR-3.2", st.active, f"{who} draws {a_card(card)}", f"{who}は{card}を引く",
                card=card, visible_to=(st.active,),
                public=(f"{who} draws a card", f"{who}はカードを１枚引く"))
    return offer_action(st)


@decision(Phase.S2_CHOICE, lambda st: (S2_YES, S2_NO))
def _s2_choice(st: CrossroadsState, a: Action) -> bool:
    if a.arg:
        return s2_draw(st)
    if st.log is not None:   # CR-A7: S2 is optional
        who = seat_label(st.active)
        st.emit("CR-A7", st.active, f"{who} does not use S2 (it is optional) and draws "
                "1 card", f"{who}はS2を使わず（任意）１枚引く")
    return plain_draw(st)


@task("draw")
def plain_draw(st: CrossroadsState) -> bool:
    return _wait_draw(st, PH_DRAW)


@task("s2_draw")
def s2_draw(st: CrossroadsState) -> bool:
    """CR-7.2: S2 draws ``s2_draw`` cards (fewer if the deck runs out, CR-A7)."""
    if len(st.s2_cards) < st.params.s2_draw and st.deck_total():
        return _wait_draw(st, PH_S2_DRAW)
    return ask(st, PH_S2_KEEP, st.active, ())


@chance(Phase.S2_DRAW, draw_outcomes, sample=sample_draw, stream=DECK)
def _s2_drawn(st: CrossroadsState, outcome: int) -> bool:
    st.s2_cards.append(_take_from_deck(st, outcome))
    return s2_draw(st)


@decision(Phase.S2_KEEP, lambda st: tuple(KEEP[x] for x in sorted(set(st.s2_cards))))
def _s2_keep(st: CrossroadsState, a: Action) -> bool:
    card = a.arg
    st.s2_cards.remove(card)
    rest = st.s2_cards
    if st.params.s2_rest_to == "bottom":
        st.bottom.extend(rest)
        st.bottom_owner.extend([st.active] * len(rest))
    else:
        st.top[:0] = rest
        st.top_owner[:0] = [st.active] * len(rest)
    st.s2_cards = []
    if st.log is not None:
        who, where = seat_label(st.active), st.params.s2_rest_to
        en = (f"{who} uses S2: draws {len(rest) + 1}, keeps one, puts {len(rest)} on the "
              f"{where} of the deck")
        ja = f"{who}はS2で{len(rest) + 1}枚引き１枚を選ぶ"
        st.emit("CR-7.2", st.active, en, ja, kept=card, returned=list(rest),
                visible_to=(st.active,), public=(en, ja))
    return _trigger_is(st, card)


# -- the three actions (CR-4, CR-5, CR-6) ---------------------------------------------------------
@task("act")
def offer_action(st: CrossroadsState) -> bool:
    if st.log is not None:   # the drawn card is hidden: only its holder reads why
        _log_release_limits(st, st.active, (st.active,))
    return ask(st, PH_ACT, st.active, ())


def _log_release_limits(st: CrossroadsState, seat: int, visible_to: tuple[int, ...] | None
                        ) -> None:
    """CR-4.3, CR-4.4 (CR-A11 with several groups): what the trigger's number allows, when
    another group of it stands, so a hold or a pass that looks odd explains itself."""
    n, who = st.trigger, seat_label(seat)
    if n is None:
        return
    own = st.piles[seat].get(n)
    if own is not None:
        st.emit("CR-4.3", seat, f"{who} cannot release {n}: the work pile already holds "
                f"{n}×{len(own)}", f"{who}は{n}をリリースできない：【作品置き場】に既に"
                f"{n}×{len(own)}がある", number=n, visible_to=visible_to)
        return
    others = [(q, len(pile[n])) for q, pile in enumerate(st.piles) if q != seat and n in pile]
    if not others:
        return
    lo = rel.beat_size(st, seat, n)
    sizes = rel.release_sizes(st, seat, n)
    held = ", ".join(f"{seat_label(q)}'s {n}×{c}" for q, c in others)
    held_ja = "、".join(f"{seat_label(q)}の{n}×{c}" for q, c in others)
    tie = lo == max(c for _, c in others)
    rule = "CR-A11" if len(others) > 1 else "CR-4.4"   # CR-A11: the largest one counts
    by_s8 = " by S8" if st.skills[seat] & st.rules.tie_mask else ""
    bar = (f"at least as large as {held} (ties allowed{by_s8})" if tie else
           f"larger than {held}" + (" (the largest counts)" if len(others) > 1 else ""))
    if len(sizes):
        en = f"{who}'s release of {n} must be {bar}: {n_cards(lo)} or more"
        ja = f"{who}が{n}をリリースするには{held_ja}{'以上' if tie else 'より多い'}{lo}枚以上が必要"
    else:
        en = f"{who} cannot release {n}: it must be {bar}, {n_cards(lo)} or more"
        ja = f"{who}は{n}をリリースできない：{held_ja}{'以上' if tie else 'より多い'}{lo}枚以上が必要"
    st.emit(rule, seat, en, ja, number=n, size=lo, visible_to=visible_to)


def _pass_targets(st: CrossroadsState, seat: int) -> tuple[Action, ...]:
    key = ("pass", st.n, seat)
    found = st.rules.options.get(key)
    if found is None:
        found = st.rules.options[key] = tuple(PASS[t] for t in range(st.n) if t != seat)
    return found


def _act_options(st: CrossroadsState) -> tuple[Action, ...]:
    """Hold, the legal release sizes, a pass to each other seat: one tuple per (seat, sizes)
    for the ruleset, as those are all it depends on (built on every turn otherwise)."""
    seat = st.active
    sizes = rel.release_sizes(st, seat, st.card())
    key = ("act", seat, sizes.start, sizes.stop)
    found = st.rules.options.get(key)
    if found is None:
        found = st.rules.options[key] = (HOLD, *RELEASE[sizes.start:sizes.stop],
                                         *_pass_targets(st, seat))
    return found


def _answer_card(st: CrossroadsState, seat: int, a: Action) -> bool:
    """What ``seat`` does with the trigger card: hold or release it (CR-5, CR-4), pass it
    (the active player, CR-6.1) or discard it (a receiver with S6, CR-7.6)."""
    kind = a.kind
    if kind == "hold":
        return _hold(st, seat)
    if kind == "release":
        return offer_composition(st, seat, a.arg)
    if kind == "pass":
        return _pass(st, a.arg)
    return _discard_passed(st, seat)


@decision(Phase.ACT, _act_options)
def _act(st: CrossroadsState, a: Action) -> bool:
    return _answer_card(st, st.active, a)


def _receive_options(st: CrossroadsState) -> tuple[Action, ...]:
    """Hold, the legal release sizes and with S6 a discard: one tuple per (S6, sizes)."""
    seat = st.ctx[0]
    sizes = rel.release_sizes(st, seat, st.card())
    s6 = bool(st.skills[seat] & st.rules.s6_mask)
    key = ("receive", s6, sizes.start, sizes.stop)
    found = st.rules.options.get(key)
    if found is None:
        found = st.rules.options[key] = (HOLD, *RELEASE[sizes.start:sizes.stop],
                                         *((DISCARD,) if s6 else ()))
    return found


@task("receive")
def offer_receive(st: CrossroadsState, receiver: int) -> bool:
    if st.log is not None:   # the passed card is public
        _log_release_limits(st, receiver, None)
    return ask(st, PH_RECEIVE, receiver, (receiver,))


@decision(Phase.RECEIVE, _receive_options)
def _receive(st: CrossroadsState, a: Action) -> bool:
    return _answer_card(st, st.ctx[0], a)


def _hold(st: CrossroadsState, seat: int) -> bool:
    """CR-5.1 (and CR-6.4 for a receiver): the card goes into the hand."""
    card = st.card()
    st.hands[seat][card] += 1
    st.hand_n[seat] += 1
    if seat != st.active:
        st.known[seat][card] += 1
        if st.log is not None:
            st.emit("CR-6.4", seat, f"{seat_label(seat)} holds the passed {card} (now known to "
                    f"all)", f"{seat_label(seat)}は渡された{card}をホールド", card=card)
    elif st.log is not None:
        who = seat_label(seat)
        text = (f"{who} holds the card", f"{who}はホールド")
        st.emit("CR-5.1", seat, *text, card=card, visible_to=(seat,), public=text)
    return end_step(st)


@task("compose")
def offer_composition(st: CrossroadsState, seat: int, size: int) -> bool:
    """CR-7.4/CR-7.7: which S4/S7 cards join ``seat``'s group of ``size`` (asked only when
    there is a choice)."""
    n = st.card()
    hand = st.hands[seat]
    if st.log is not None and st.holds(seat, "release_copy_hand_number") and not hand[n] \
            and not st.params.s4_trigger_may_be_reference and st.hand_n[seat]:
        who = seat_label(seat)   # CR-A1: the reference must be another hand card of n
        st.emit("CR-A1", seat, f"{who}'s S4 changes no card: no other hand card of {n} to copy "
                "(the trigger card cannot be the reference)", f"{who}のS4は使えない：手札に"
                f"{n}がない（引いたり渡されたりしたカードは対象外）", number=n,
                visible_to=(seat,))
    return ask(st, PH_COMPOSE, seat, (seat, size))


def _compose_options(st: CrossroadsState) -> tuple[Action, ...]:
    seat, size = st.ctx
    return rel.compose_options(st, seat, st.card(), size)


@decision(Phase.COMPOSE, _compose_options)
def _compose(st: CrossroadsState, a: Action) -> bool:
    seat, size = st.ctx
    if seat != st.active and st.log is not None:
        st.emit("CR-4.6", seat, f"{seat_label(seat)} releases the passed card",
                f"{seat_label(seat)}は渡されたカードをリリース")
    rel.do_release(st, seat, st.card(), size, a.arg)
    return end_step(st)


def _pass(st: CrossroadsState, target: int) -> bool:
    """CR-6.1: the drawn card goes face-up to another player."""
    if st.log is not None:
        st.emit("CR-6.1", st.active, f"{seat_label(st.active)} passes {a_card(st.card())} "
                f"face-up to {seat_label(target)}", f"{seat_label(st.active)}は{st.trigger}を"
                f"{seat_label(target)}にパス", card=st.trigger, target=target)
    st.took = 0
    return offer_take(st, target, 0, 0)


# -- skills for a pass (CR-6.2, CR-6.3) -----------------------------------------------------------
def can_return(st: CrossroadsState, returned: int) -> bool:
    """CR-6.3: a skill held before this pass may go back, up to the per-pass limit
    (``returned`` this pass so far)."""
    return bool(returned < st.params.max_skills_returned_per_pass
                and st.skills[st.active] & ~st.took)


def takeable(st: CrossroadsState, returned: int) -> tuple[Action, ...]:
    """CR-6.2: the skills the passer may take now; at the holding limit only as an exchange."""
    p = st.params
    if p.max_skills_held is not None and bin(st.skills[st.active]).count("1") >= \
            p.max_skills_held and not can_return(st, returned):
        return ()
    key = ("take", st.crossroads)
    found = st.rules.options.get(key)
    if found is None:
        found = st.rules.options[key] = tuple(
            Action("take", s.id) for i, s in enumerate(st.rules.skills) if st.crossroads >> i & 1)
    return found


def over_skill_limit(st: CrossroadsState) -> bool:
    limit = st.params.max_skills_held
    return limit is not None and bin(st.skills[st.active]).count("1") > limit


@task("take")
def offer_take(st: CrossroadsState, receiver: int, taken: int, returned: int) -> bool:
    """CR-6.2: the passer may take a skill (``taken`` and ``returned`` so far this pass; the
    question's ``ctx`` carries them with the ``receiver``)."""
    if taken < st.params.max_skills_taken_per_pass and st.crossroads:
        found = _take_or_none(st, returned)
        if len(found) > 1:   # a skill to take (the first option is none)
            return ask(st, PH_TAKE, st.active, (receiver, taken, returned), found)
    if st.log is not None and not taken and not st.crossroads:
        who = seat_label(st.active)   # CR-A19: the Pass stands without a skill
        st.emit("CR-A19", st.active, f"The Crossroads is empty: {who} takes no skill and the "
                "Pass stands", f"【クロスロード】が空なので{who}はスキルを得ない（パスは有効）")
    return then(st, ("receive", receiver))


def _take_or_none(st: CrossroadsState, returned: int) -> tuple[Action, ...]:
    """The TAKE options, no skill first: what the phase's builder gives, built once per
    ruleset and Crossroads (a non-empty ``takeable`` is the Crossroads' skills), so
    ``offer_take`` hands them to ``ask`` instead of having them built a second time; only
    no skill when ``takeable`` offers none (at a holding limit)."""
    if st.params.max_skills_held is not None and not takeable(st, returned):
        return (TAKE_NONE,)
    key = ("take or none", st.crossroads)
    found = st.rules.options.get(key)
    if found is None:
        found = st.rules.options[key] = (TAKE_NONE, *takeable(st, returned))
    return found


@decision(Phase.TAKE, lambda st: (TAKE_NONE, *takeable(st, st.ctx[2])))
def _take_skill(st: CrossroadsState, a: Action) -> bool:
    """CR-6.2: optionally take one skill from the Crossroads; it works at once (CR-A13)."""
    sid = a.arg
    receiver, taken, returned = st.ctx
    if sid is None:
        if st.log is not None and not taken:
            who = seat_label(st.active)   # CR-A19: taking a skill is optional
            st.emit("CR-A19", st.active, f"{who} takes no skill (taking one is optional)",
                    f"{who}はスキルを得ない（任意）")
        return offer_receive(st, receiver)
    bit = 1 << st.rules.index[sid]
    st.crossroads &= ~bit
    st.skills[st.active] |= bit
    st.took |= bit
    taken += 1
    if st.log is not None:
        skill = st.rules.skills[st.rules.index[sid]]
        st.emit("CR-6.2", st.active, f"{seat_label(st.active)} takes skill {skill.name('en')} "
                f"(costs {st.rules.costs[st.rules.index[sid]]} VP at the end)",
                f"{seat_label(st.active)}はスキル{skill.name('ja')}を得る", skill=sid)
    if can_return(st, returned):
        return offer_return(st, receiver, taken, returned)
    return offer_take(st, receiver, taken, returned)


@task("return")
def offer_return(st: CrossroadsState, receiver: int, taken: int, returned: int) -> bool:
    return ask(st, PH_RETURN, st.active, (receiver, taken, returned))


def _return_options(st: CrossroadsState) -> tuple[Action, ...]:
    """CR-6.3: a skill held before this pass, or none (not when over the holding limit)."""
    mask, forced = st.skills[st.active] & ~st.took, over_skill_limit(st)
    key = ("return", mask, forced)
    found = st.rules.options.get(key)
    if found is None:
        old = tuple(Action("return", s.id) for i, s in enumerate(st.rules.skills)
                    if mask >> i & 1)
        found = st.rules.options[key] = old if forced else (RETURN_NONE, *old)
    return found


@decision(Phase.RETURN, _return_options)
def _return_skill(st: CrossroadsState, a: Action) -> bool:
    """CR-6.3: exchange — return one previously held skill, or keep them all."""
    sid = a.arg
    receiver, taken, returned = st.ctx
    if sid is not None:
        bit = 1 << st.rules.index[sid]
        st.skills[st.active] &= ~bit
        st.crossroads |= bit
        returned += 1
        if st.log is not None:
            st.emit("CR-6.3", st.active, f"{seat_label(st.active)} returns skill {sid} to "
                    "the Crossroads in exchange", f"{seat_label(st.active)}はスキル{sid}を"
                    "【クロスロード】へ戻す", skill=sid)
    elif st.log is not None:   # CR-A12: returning is optional; several skills may be held
        who = seat_label(st.active)
        st.emit("CR-A12", st.active, f"{who} returns no skill and keeps all "
                f"{bin(st.skills[st.active]).count('1')} skills (any number may be held)",
                f"{who}はスキルを戻さずそのまま得る（複数枚持つ）")
    return offer_take(st, receiver, taken, returned)


def _discard_passed(st: CrossroadsState, receiver: int) -> bool:
    """CR-7.6 (S6): the receiver discards the passed card."""
    st.discard[st.card()] += 1
    if st.log is not None:
        st.emit("CR-7.6", receiver, f"{seat_label(receiver)} discards the passed "
                f"{st.trigger} with S6", f"{seat_label(receiver)}はS6で{st.trigger}を捨て札に",
                card=st.trigger)
    return end_step(st)


# -- end of turn and end of game (CR-8) -----------------------------------------------------------
@task("end_step")
def end_step(st: CrossroadsState) -> bool:
    """CR-8.1 / CR-A3 / CR-A5: who may declare at the end of this turn."""
    st.trigger = None
    p = st.params
    queue: list[int] = []
    if not p.declare_27_when_deck_empty and st.deck_total() == 0:
        pass
    elif p.declare_27_by == "active":   # the draft's rule: one seat, its sum written out
        s = st.active
        if st.hand_n[s] and sum(map(mul, st.rules.faces, st.hands[s])) == p.end_hand_sum:
            queue.append(s)
    else:
        for i in range(st.n):   # a loop, not a comprehension: no function call per turn
            s = (st.active + i) % st.n
            if st.hand_n[s] and st.hand_sum(s) == p.end_hand_sum:
                queue.append(s)
    if st.log is not None and p.declare_27_by == "active":
        for s in range(st.n):   # CR-A3: only the active player may declare
            if s != st.active and st.hand_n[s] and st.hand_sum(s) == p.end_hand_sum:
                st.emit("CR-A3", s, f"{seat_label(s)}'s hand sums to {p.end_hand_sum}, but only "
                        "the active player may declare", f"{seat_label(s)}の手札の合計は"
                        f"{p.end_hand_sum}だが、宣言できるのは手番プレイヤーのみ",
                        visible_to=(s,))
    return then(st, ("declare", *queue) if queue else ("after_declare",))


@task("declare")
def offer_declaration(st: CrossroadsState, *queue: int) -> bool:
    """CR-8.1: the first of the seats that may still declare is asked (``ctx``: all of them)."""
    if queue:
        return ask(st, PH_DECLARE, queue[0], queue)
    return then(st, ("after_declare",))


@decision(Phase.DECLARE, lambda st: (DECLARE_YES, DECLARE_NO))
def _declare(st: CrossroadsState, a: Action) -> bool:
    """CR-8.1: a player whose hand sums to exactly the end sum may end the game."""
    seat, *rest = st.ctx
    if not a.arg:
        return offer_declaration(st, *rest)
    p = st.params
    frac = st.hand_n[seat] * p.declare_discard_fraction
    k = math.floor(frac) if p.declare_discard_rounding == "floor" else math.ceil(frac)
    st.declarer = seat
    st.known[seat] = st.hands[seat][:]
    if st.log is not None:
        who, cards = seat_label(seat), ", ".join(map(str, st.hand_cards(seat)))
        empty = st.deck_total() == 0   # CR-A5: allowed with the deck empty too
        st.emit("CR-A5" if empty else "CR-8.1", seat, f"{who} declares {p.end_hand_sum}"
                + (" with the deck empty (checked before deck exhaustion)" if empty else "")
                + f" and reveals the hand: {cards}", f"{who}が{p.end_hand_sum}を宣言し手札を公開"
                f"：{cards}", hand=st.hand_cards(seat))
        h = st.hand_n[seat]
        rounded = "down" if p.declare_discard_rounding == "floor" else "up"
        if k:
            st.emit("CR-8.2", seat, f"{who} must discard {k} of the {h} hand cards "
                    f"({h} × {p.declare_discard_fraction:g}, rounded {rounded}), chosen by "
                    f"{who}; then the game ends", f"{who}は手札{h}枚のうち{k}枚を選んで捨て札に"
                    "する", n=k)
        else:   # never with the draft's numbers: a 27 hand has 4+ cards
            st.emit("CR-8.2", seat, f"{who} discards nothing: {h} cards × "
                    f"{p.declare_discard_fraction:g} rounds to 0", f"{who}の捨て札は0枚", n=0)
    return offer_declare_discard(st, k)


@task("declare_discard")
def offer_declare_discard(st: CrossroadsState, left: int) -> bool:
    """CR-8.2: the declarer discards ``left`` more cards (``ctx``: ``(left,)``)."""
    if left:
        return ask(st, PH_DECLARE_DISCARD, st.declaring(), (left,))
    finish(st, "27")
    return False


@decision(Phase.DECLARE_DISCARD,
          lambda st: tuple(DECLARE_DISCARD[x] for x, k in enumerate(st.hands[st.declarer]) if k))
def _declare_discard(st: CrossroadsState, a: Action) -> bool:
    """CR-8.2: the declarer discards ⌊h/2⌋ cards of their choice (CR-A6)."""
    seat, card = st.declaring(), a.arg
    st.hands[seat][card] -= 1
    st.known[seat][card] -= 1
    st.hand_n[seat] -= 1
    st.discard[card] += 1
    if st.log is not None:   # CR-A6: the declarer chooses which cards go
        st.emit("CR-A6", seat, f"{seat_label(seat)} chooses to discard {a_card(card)}",
                f"{seat_label(seat)}は{card}を選んで捨て札にする", card=card)
    return offer_declare_discard(st, st.ctx[0] - 1)


@task("after_declare")
def after_declarations(st: CrossroadsState) -> bool:
    """CR-8.3: an empty deck ends the game; otherwise the next player's turn."""
    if not (st.deck_n or st.top or st.bottom):   # deck_total() == 0, once per turn
        if st.log is not None:
            st.emit("CR-8.3", st.active, "The deck is empty: the game ends",
                    "山が尽きたのでゲーム終了")
        finish(st, "deck_out")
        return False
    st.active = (st.active + 1) % st.n
    return then(st, ("turn",))


def finish(st: CrossroadsState, reason: str) -> None:
    """CR-8.4 then CR-9/CR-10: end-of-game skills, scoring and the winner."""
    from designkit.games.crossroads.scoring import finish_game

    st.ending, st.end_reason = st.active, reason
    if st.log is not None:
        st.emit("CR-8.4", st.active, f"The game ends on {seat_label(st.active)}'s turn "
                f"({'27 declared' if reason == '27' else 'deck out'}); "
                f"{seat_label(st.active)} is the ending player",
                f"{seat_label(st.active)}の手番でゲーム終了", reason=reason)
    finish_game(st)
    st.stack.clear()  # nothing runs after the end (the flow then reports Phase.OVER)
