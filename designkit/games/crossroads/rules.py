"""Crossroads turn flow (CR-2, CR-3, CR-5, CR-6, CR-8): one small function per rule.

``CrossroadsGame`` enumerates legal decisions per phase and dispatches each
decision to the function of the rule it applies; release, scoring, views and
serialisation live in their own modules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from designkit.core.game import CHANCE, Chance, Game, rank_seats
from designkit.core.registry import register
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
    seat_name,
)
from designkit.games.crossroads.params import CrossroadsParams
from designkit.games.crossroads.scoring import final_scores
from designkit.games.crossroads.state import CrossroadsState, Phase, Ruleset

_CHANCE_PHASES = frozenset({Phase.START, Phase.DEAL, Phase.DRAW, Phase.S2_DRAW})


class CrossroadsGame(Game):
    name = "crossroads"
    title = "Crossroads"
    title_ja = "クロスロード"
    params_type = CrossroadsParams
    min_players, max_players = 3, 5
    tie_break_rules = ("CR-10.2", "CR-A15")

    # -- setup (CR-2) -----------------------------------------------------------------------
    def new_state(self, params: CrossroadsParams | None = None, log: bool = True
                  ) -> CrossroadsState:
        p = params if params is not None else CrossroadsParams()
        rules = Ruleset.compile(p)
        st = CrossroadsState.__new__(CrossroadsState)
        st.rules, st.params, st.n = rules, p, p.players
        st.log = [] if log else None
        st.deck = [0] * rules.size
        for x in rules.numbers:
            st.deck[x] = p.copies_per_number
        st.deck_n = p.copies_per_number * len(rules.numbers)
        st.top, st.bottom = [], []
        st.top_owner, st.bottom_owner = [], []
        st.hands = [[0] * rules.size for _ in range(st.n)]
        st.known = [[0] * rules.size for _ in range(st.n)]
        st.hand_n = [0] * st.n
        st.piles = [{} for _ in range(st.n)]
        st.discard = [0] * rules.size
        st.skills = [0] * st.n
        st.crossroads = sum(1 << rules.index[s] for s in p.crossroads_skills)
        st.phase, st.active, st.receiver, st.trigger = Phase.DEAL, 0, None, None
        st.releaser, st.release_size, st.s2_cards = None, 0, []
        st.deal_left, st.extra_left = p.starting_hand * st.n, 0
        st.declare_queue, st.declarer, st.discard_left = [], None, 0
        st.taken, st.took, st.turn, st.ending, st.end_reason = 0, 0, 0, None, None
        st.final, st.first_player = None, None
        st.released = [0] * st.n
        if st.log is not None:
            removed = p.removed_numbers()
            st.emit("CR-2.1", None, f"{st.n} players: deck of {st.deck_n} cards"
                    + (f" (numbers {', '.join(map(str, removed))} removed)" if removed else ""),
                    f"{st.n}人プレイ：山札{st.deck_n}枚", deck=st.deck_n)
            st.emit("CR-2.3", None, "The Crossroads holds " + ", ".join(p.crossroads_skills),
                    "クロスロード：" + "、".join(p.crossroads_skills))
        if st.deal_left == 0:
            _after_deal(st)
        return st

    # -- who decides and what they may do ---------------------------------------------------------
    def to_move(self, st: CrossroadsState) -> int | Chance | None:
        ph = st.phase
        if ph in _CHANCE_PHASES:
            return CHANCE
        if ph is Phase.OVER:
            return None
        if ph is Phase.RECEIVE:
            return st.receiver
        if ph is Phase.COMPOSE:
            return st.releaser
        if ph is Phase.DECLARE:
            return st.declare_queue[0]
        if ph is Phase.DECLARE_DISCARD:
            return st.declarer
        return st.active

    def legal_actions(self, st: CrossroadsState) -> list[Action]:
        ph = st.phase
        if ph is Phase.ACT:
            seat, n = st.active, st.trigger
            acts = [HOLD]
            acts += [RELEASE[c] for c in rel.release_sizes(st, seat, n)]
            acts += [PASS[t] for t in range(st.n) if t != seat]
            return acts
        if ph is Phase.RECEIVE:
            seat = st.receiver
            acts = [HOLD]
            acts += [RELEASE[c] for c in rel.release_sizes(st, seat, st.trigger)]
            if st.holds(seat, "may_discard_passed"):
                acts.append(DISCARD)
            return acts
        if ph is Phase.COMPOSE:
            comps = rel.compositions_for(st, st.releaser, st.trigger, st.release_size)
            return [Action("compose", c) for c in comps]
        if ph is Phase.TAKE:
            return [TAKE_NONE] + [Action("take", s) for s in _takeable(st)]
        if ph is Phase.RETURN:
            forced = _over_skill_limit(st)
            return ([] if forced else [RETURN_NONE]) + [
                Action("return", s.id) for i, s in enumerate(st.rules.skills)
                if (st.skills[st.active] & ~st.took) >> i & 1]
        if ph is Phase.DECLARE:
            return [DECLARE_YES, DECLARE_NO]
        if ph is Phase.DECLARE_DISCARD:
            return [DECLARE_DISCARD[x] for x, k in enumerate(st.hands[st.declarer]) if k]
        if ph is Phase.S2_CHOICE:
            return [S2_YES, S2_NO]
        if ph is Phase.S2_KEEP:
            return [KEEP[x] for x in sorted(set(st.s2_cards))]
        return []

    def chance_outcomes(self, st: CrossroadsState) -> list[tuple[Hashable, float]]:
        if st.phase is Phase.START:
            return [(s, 1.0 / st.n) for s in range(st.n)]
        if st.phase not in _CHANCE_PHASES:
            return []
        if st.top:
            return [(st.top[0], 1.0)]
        if st.deck_n:
            return [(x, k / st.deck_n) for x, k in enumerate(st.deck) if k]
        return [(st.bottom[0], 1.0)]

    def sample_chance(self, st: CrossroadsState, rng: random.Random) -> Hashable:
        if st.phase is Phase.START:
            return rng.randrange(st.n)
        if st.top:
            return st.top[0]
        if not st.deck_n:
            return st.bottom[0]
        r = rng.randrange(st.deck_n)
        for x, k in enumerate(st.deck):
            if r < k:
                return x
            r -= k
        raise AssertionError("deck counts out of sync")

    # -- applying ---------------------------------------------------------------------------------
    def _apply_chance(self, st: CrossroadsState, outcome: Hashable) -> None:
        ph = st.phase
        if ph is Phase.START:
            _choose_start(st, int(outcome))
            return
        card = _take_from_deck(st, int(outcome))
        if ph is Phase.DEAL:
            _deal(st, card)
        elif ph is Phase.S2_DRAW:
            _s2_drawn(st, card)
        elif st.extra_left:
            _extra_draw(st, card)
        else:
            _draw_trigger(st, card)

    def _apply(self, st: CrossroadsState, a: Action) -> None:
        kind = a.kind
        if kind == "hold":
            _hold(st)
        elif kind == "release":
            _choose_release(st, a.arg)
        elif kind == "compose":
            _release(st, st.releaser, st.release_size, a.arg)
        elif kind == "pass":
            _pass(st, a.arg)
        elif kind == "take":
            _take_skill(st, a.arg)
        elif kind == "return":
            _return_skill(st, a.arg)
        elif kind == "discard":
            _discard_passed(st)
        elif kind == "declare":
            _declare(st, a.arg)
        elif kind == "declare_discard":
            _declare_discard(st, a.arg)
        elif kind == "s2":
            _s2_choice(st, a.arg)
        elif kind == "keep":
            _s2_keep(st, a.arg)
        else:  # pragma: no cover - legal_actions never offers it
            raise ValueError(kind)

    # -- results ----------------------------------------------------------------------------------
    def is_over(self, st: CrossroadsState) -> bool:
        return st.phase is Phase.OVER

    def scores(self, st: CrossroadsState) -> list[float]:
        if st.final is not None:
            return list(st.final)
        return [b["total"] for b in final_scores(st, apply_s1=True)]

    def priority(self, st: CrossroadsState) -> list[int]:
        """CR-10.2: ending player's left neighbour first, the ending player last."""
        end = st.ending if st.ending is not None else st.active
        return [(end + i) % st.n for i in range(1, st.n + 1)]

    def ranking(self, st: CrossroadsState) -> list[int]:
        return rank_seats(self.scores(st), self.priority(st))

    def winners(self, st: CrossroadsState) -> list[int]:
        ranking = self.ranking(st)
        if st.params.tiebreak == "draw":
            scores = self.scores(st)
            return [s for s in ranking if scores[s] == scores[ranking[0]]]
        return ranking[:1]

    def start_seat(self, st: CrossroadsState) -> int | None:
        return st.first_player

    def end_reason(self, st: CrossroadsState) -> str:
        return st.end_reason or ""

    def turns(self, st: CrossroadsState) -> int:
        return st.turn

    def heuristic(self, st: CrossroadsState, seat: int) -> float:
        from designkit.games.crossroads.bots import heuristic

        return heuristic(st, seat)

    def observation(self, st: CrossroadsState, seat: int) -> dict[str, Any]:
        from designkit.games.crossroads.observe import observation

        return observation(st, seat)

    def determinize(self, st: CrossroadsState, seat: int, rng: random.Random
                    ) -> CrossroadsState:
        from designkit.games.crossroads.observe import determinize

        return determinize(st, seat, rng)

    def view(self, st: CrossroadsState, seat: int | None = None, lang: str = "en") -> str:
        from designkit.games.crossroads.view import render

        return render(st, seat, lang)

    def state_to_dict(self, st: CrossroadsState) -> dict[str, Any]:
        from designkit.games.crossroads.serialize import state_to_dict

        return state_to_dict(st)

    def state_from_dict(self, data: dict[str, Any], params: CrossroadsParams | None = None,
                        log: bool = True) -> CrossroadsState:
        from designkit.games.crossroads.serialize import state_from_dict

        return state_from_dict(data, params, log)

    def action_to_json(self, action: Action) -> Any:
        return action.to_json()

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)

    def explain_illegal(self, st: CrossroadsState, action: Hashable) -> str:
        from designkit.games.crossroads.explain import explain_illegal

        return explain_illegal(st, action)

    def game_summary(self, st: CrossroadsState) -> dict[str, Any]:
        return {"ending_seat": st.ending,
                "deck_left": st.deck_total(),
                "groups_on_table": sum(len(p) for p in st.piles)}

    def seat_summary(self, st: CrossroadsState, seat: int) -> dict[str, Any]:
        return {"skills_held": ",".join(st.skill_ids(seat)),
                "groups": len(st.piles[seat]),
                "work_cards": st.pile_cards(seat),
                "hand_cards": st.hand_n[seat],
                "groups_released": st.released[seat]}

    def seats_label(self, seat: int) -> str:
        return seat_name(seat)


# -- setup and draws (CR-2, CR-3.2) ---------------------------------------------------------------
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


def _deal(st: CrossroadsState, card: int) -> None:
    """CR-2.2: each player draws the starting hand."""
    total = st.params.starting_hand * st.n
    seat = (total - st.deal_left) % st.n
    st.hands[seat][card] += 1
    st.hand_n[seat] += 1
    st.deal_left -= 1
    if st.deal_left == 0 or st.deck_total() == 0:
        st.deal_left = 0
        if st.log is not None:
            for s in range(st.n):
                cards, who, k = ", ".join(map(str, st.hand_cards(s))), seat_name(s), st.hand_n[s]
                st.emit("CR-2.2", s, f"{who} draws a starting hand: {cards}",
                        f"{who}の初期手札：{cards}", visible_to=(s,),
                        public=(f"{who} draws a starting hand of {n_cards(k)}",
                                f"{who}は初期手札を{k}枚引く"))
        _after_deal(st)


def _after_deal(st: CrossroadsState) -> None:
    start = st.params.start_player
    if start is None:
        st.phase = Phase.START
    else:
        _choose_start(st, start)


def _choose_start(st: CrossroadsState, seat: int) -> None:
    """CR-2.4: the start player (random unless set as a parameter)."""
    st.first_player = st.active = seat
    if st.log is not None:
        st.emit("CR-2.4", seat, f"{seat_name(seat)} is the start player",
                f"スタートプレイヤーは{seat_name(seat)}")
    _start_turn(st)


def _start_turn(st: CrossroadsState) -> None:
    """CR-3.1/CR-3.2: the active player's turn begins with the draw."""
    if st.deck_total() == 0:
        _finish(st, "deck_out")
        return
    st.turn += 1
    if st.log is not None:
        st.emit("CR-3.1", st.active, f"Turn {st.turn}: {seat_name(st.active)} to play "
                f"({n_cards(st.deck_total())} in the deck)",
                f"{st.turn}手番目：{seat_name(st.active)}の手番（山札{st.deck_total()}枚）")
    st.extra_left = st.params.draw_per_turn - 1
    if st.extra_left:
        st.phase = Phase.DRAW
    else:
        _begin_trigger_draw(st)


def _extra_draw(st: CrossroadsState, card: int) -> None:
    st.hands[st.active][card] += 1
    st.hand_n[st.active] += 1
    st.extra_left -= 1
    if st.log is not None:
        who = seat_name(st.active)
        text = (f"{who} draws an extra card into the hand", f"{who}は追加で１枚引いて手札に加える")
        st.emit("CR-3.2", st.active, *text, card=card, visible_to=(st.active,), public=text)
    if not st.extra_left:
        _begin_trigger_draw(st)


def _begin_trigger_draw(st: CrossroadsState) -> None:
    total = st.deck_total()
    if total == 0:
        _end_step(st)
    elif total >= 2 and st.holds(st.active, "draw_choose"):
        st.phase = Phase.S2_CHOICE if st.params.s2_optional else Phase.S2_DRAW
        st.s2_cards = []
    else:
        st.phase = Phase.DRAW


def _draw_trigger(st: CrossroadsState, card: int) -> None:
    st.trigger = card
    st.phase = Phase.ACT
    if st.log is not None:
        who = seat_name(st.active)
        st.emit("CR-3.2", st.active, f"{who} draws {a_card(card)}", f"{who}は{card}を引く",
                card=card, visible_to=(st.active,),
                public=(f"{who} draws a card", f"{who}はカードを１枚引く"))


# -- S2 (CR-7.2) ----------------------------------------------------------------------------------
def _s2_choice(st: CrossroadsState, use: bool) -> None:
    if use:
        st.s2_cards = []
        st.phase = Phase.S2_DRAW
    else:
        st.phase = Phase.DRAW


def _s2_drawn(st: CrossroadsState, card: int) -> None:
    st.s2_cards.append(card)
    if len(st.s2_cards) >= st.params.s2_draw or st.deck_total() == 0:
        st.phase = Phase.S2_KEEP


def _s2_keep(st: CrossroadsState, card: int) -> None:
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
        who, where = seat_name(st.active), st.params.s2_rest_to
        en = (f"{who} uses S2: draws {len(rest) + 1}, keeps one, puts {len(rest)} on the "
              f"{where} of the deck")
        ja = f"{who}はS2で{len(rest) + 1}枚引き１枚を選ぶ"
        st.emit("CR-7.2", st.active, en, ja, kept=card, returned=list(rest),
                visible_to=(st.active,), public=(en, ja))
    _draw_trigger(st, card)


# -- the three actions (CR-4, CR-5, CR-6) ---------------------------------------------------------
def _hold(st: CrossroadsState) -> None:
    """CR-5.1 (and CR-6.4 for a receiver): the card goes into the hand."""
    seat, card = (st.receiver, st.trigger) if st.phase is Phase.RECEIVE else (
        st.active, st.trigger)
    st.hands[seat][card] += 1
    st.hand_n[seat] += 1
    if st.phase is Phase.RECEIVE:
        st.known[seat][card] += 1
        if st.log is not None:
            st.emit("CR-6.4", seat, f"{seat_name(seat)} holds the passed {card} (now known to "
                    f"all)", f"{seat_name(seat)}は渡された{card}をホールド", card=card)
    elif st.log is not None:
        who = seat_name(seat)
        text = (f"{who} holds the card", f"{who}はホールド")
        st.emit("CR-5.1", seat, *text, card=card, visible_to=(seat,), public=text)
    _end_step(st)


def _choose_release(st: CrossroadsState, size: int) -> None:
    seat = st.receiver if st.phase is Phase.RECEIVE else st.active
    comps = rel.compositions_for(st, seat, st.trigger, size)
    if len(comps) == 1:
        _release(st, seat, size, comps[0])
    else:
        st.releaser, st.release_size, st.phase = seat, size, Phase.COMPOSE


def _release(st: CrossroadsState, seat: int, size: int, comp: rel.Composition) -> None:
    if seat != st.active and st.log is not None:
        st.emit("CR-4.6", seat, f"{seat_name(seat)} releases the passed card",
                f"{seat_name(seat)}は渡されたカードをリリース")
    rel.do_release(st, seat, st.trigger, size, comp)
    st.releaser, st.release_size = None, 0
    _end_step(st)


def _pass(st: CrossroadsState, target: int) -> None:
    """CR-6.1: the drawn card goes face-up to another player."""
    st.receiver = target
    if st.log is not None:
        st.emit("CR-6.1", st.active, f"{seat_name(st.active)} passes {a_card(st.trigger)} "
                f"face-up to {seat_name(target)}", f"{seat_name(st.active)}は{st.trigger}を"
                f"{seat_name(target)}にパス", card=st.trigger, target=target)
    st.taken, st.took = 0, 0
    _after_take_or_return(st)


def _takeable(st: CrossroadsState) -> list[str]:
    p = st.params
    held = bin(st.skills[st.active]).count("1")
    if p.max_skills_held is not None and held >= p.max_skills_held and not (
            p.max_skills_returned_per_pass and held):
        return []
    return [s.id for i, s in enumerate(st.rules.skills) if st.crossroads >> i & 1]


def _over_skill_limit(st: CrossroadsState) -> bool:
    limit = st.params.max_skills_held
    return limit is not None and bin(st.skills[st.active]).count("1") > limit


def _take_skill(st: CrossroadsState, sid: str | None) -> None:
    """CR-6.2: optionally take one skill from the Crossroads; it works at once (CR-A13)."""
    if sid is None:
        st.phase = Phase.RECEIVE
        return
    bit = 1 << st.rules.index[sid]
    st.crossroads &= ~bit
    st.skills[st.active] |= bit
    st.took |= bit
    st.taken += 1
    if st.log is not None:
        skill = st.rules.skills[st.rules.index[sid]]
        st.emit("CR-6.2", st.active, f"{seat_name(st.active)} takes skill {skill.name('en')} "
                f"(costs {st.rules.costs[st.rules.index[sid]]} VP at the end)",
                f"{seat_name(st.active)}はスキル{skill.name('ja')}を得る", skill=sid)
    has_old = st.skills[st.active] & ~st.took
    if has_old and st.params.max_skills_returned_per_pass:
        st.phase = Phase.RETURN
    else:
        _after_take_or_return(st)


def _return_skill(st: CrossroadsState, sid: str | None) -> None:
    """CR-6.3: exchange — return one previously held skill, or keep them all."""
    if sid is not None:
        bit = 1 << st.rules.index[sid]
        st.skills[st.active] &= ~bit
        st.crossroads |= bit
        if st.log is not None:
            st.emit("CR-6.3", st.active, f"{seat_name(st.active)} returns skill {sid} to "
                    "the Crossroads in exchange", f"{seat_name(st.active)}はスキル{sid}を"
                    f"クロスロードへ戻す", skill=sid)
    _after_take_or_return(st)


def _after_take_or_return(st: CrossroadsState) -> None:
    if st.taken < st.params.max_skills_taken_per_pass and _takeable(st):
        st.phase = Phase.TAKE
    else:
        st.phase = Phase.RECEIVE


def _discard_passed(st: CrossroadsState) -> None:
    """CR-7.6 (S6): the receiver discards the passed card."""
    st.discard[st.trigger] += 1
    if st.log is not None:
        st.emit("CR-7.6", st.receiver, f"{seat_name(st.receiver)} discards the passed "
                f"{st.trigger} with S6", f"{seat_name(st.receiver)}はS6で{st.trigger}を捨て札に",
                card=st.trigger)
    _end_step(st)


# -- end of turn and end of game (CR-8) -----------------------------------------------------------
def _end_step(st: CrossroadsState) -> None:
    st.trigger, st.receiver = None, None
    p = st.params
    order = [st.active] if p.declare_27_by == "active" else [
        (st.active + i) % st.n for i in range(st.n)]
    if st.deck_total() == 0 and not p.declare_27_when_deck_empty:
        order = []
    st.declare_queue = [s for s in order if st.hand_n[s] and st.hand_sum(s) == p.end_hand_sum]
    if st.declare_queue:
        st.phase = Phase.DECLARE
    else:
        _after_declarations(st)


def _declare(st: CrossroadsState, yes: bool) -> None:
    """CR-8.1: a player whose hand sums to exactly 27 may end the game."""
    seat = st.declare_queue.pop(0)
    if not yes:
        if not st.declare_queue:
            _after_declarations(st)
        return
    p = st.params
    h = st.hand_n[seat]
    frac = h * p.declare_discard_fraction
    st.discard_left = math.floor(frac) if p.declare_discard_rounding == "floor" else \
        math.ceil(frac)
    st.declarer = seat
    st.known[seat] = st.hands[seat][:]
    if st.log is not None:
        st.emit("CR-8.1", seat, f"{seat_name(seat)} declares {p.end_hand_sum} and reveals the "
                f"hand: {', '.join(map(str, st.hand_cards(seat)))}",
                f"{seat_name(seat)}が{p.end_hand_sum}を宣言し手札を公開",
                hand=st.hand_cards(seat))
    if st.discard_left == 0:
        _finish(st, "27")
    else:
        st.phase = Phase.DECLARE_DISCARD


def _declare_discard(st: CrossroadsState, card: int) -> None:
    """CR-8.2: the declarer discards ⌊h/2⌋ cards of their choice (CR-A6)."""
    seat = st.declarer
    st.hands[seat][card] -= 1
    st.known[seat][card] -= 1
    st.hand_n[seat] -= 1
    st.discard[card] += 1
    st.discard_left -= 1
    if st.log is not None:
        st.emit("CR-8.2", seat, f"{seat_name(seat)} discards {a_card(card)} (declaration)",
                f"{seat_name(seat)}は宣言により{card}を捨て札に", card=card)
    if st.discard_left == 0:
        _finish(st, "27")


def _after_declarations(st: CrossroadsState) -> None:
    """CR-8.3: an empty deck ends the game; otherwise the next player's turn."""
    if st.deck_total() == 0:
        if st.log is not None:
            st.emit("CR-8.3", st.active, "The deck is empty: the game ends",
                    "山札が尽きたのでゲーム終了")
        _finish(st, "deck_out")
        return
    st.active = (st.active + 1) % st.n
    _start_turn(st)


def _finish(st: CrossroadsState, reason: str) -> None:
    """CR-8.4 then CR-9/CR-10: end-of-game skills, scoring and the winner."""
    from designkit.games.crossroads.scoring import finish_game

    st.ending, st.end_reason = st.active, reason
    if st.log is not None:
        st.emit("CR-8.4", st.active, f"The game ends on {seat_name(st.active)}'s turn "
                f"({'27 declared' if reason == '27' else 'deck out'}); "
                f"{seat_name(st.active)} is the ending player",
                f"{seat_name(st.active)}の手番でゲーム終了", reason=reason)
    finish_game(st)
    st.phase = Phase.OVER


GAME = register(CrossroadsGame())
