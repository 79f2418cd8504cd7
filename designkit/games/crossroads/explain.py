"""Why a Crossroads action is illegal, in the words of the rule that forbids it."""

from __future__ import annotations

from typing import Any

from designkit.core.messages import Text, bi, join
from designkit.core.seats import seat_label
from designkit.core.waiting import waiting_table
from designkit.games.crossroads import release as rel
from designkit.games.crossroads.state import CrossroadsState, Phase

_WAITING = waiting_table(__package__, Phase)


def explain_illegal(st: CrossroadsState, action: Any) -> Text:
    kind = getattr(action, "kind", None)
    arg = getattr(action, "arg", None)
    ph = st.phase
    if ph is Phase.RECEIVE and kind == "pass":
        return Text("CR-6.4: a receiver cannot pass the card on",
                    "CR-6.4：パスを受けたプレイヤーはそのカードをさらにパスできません")
    if ph is Phase.RECEIVE and kind == "discard":
        return Text("CR-7.6: only a receiver holding S6 may discard a passed card",
                    "CR-7.6：パスされたカードを捨てられるのは S6 を持つ受け手だけです")
    if kind == "release" and ph in (Phase.ACT, Phase.RECEIVE):
        seat = st.ctx[0] if ph is Phase.RECEIVE else st.active
        n = st.card()
        if n in st.piles[seat]:
            return bi("CR-4.3: {s} already has a group of {n} in the work pile",
                      "CR-4.3：{s} はすでに作品の山に {n} のグループを持っています",
                      s=seat_label(seat), n=n)
        sizes = rel.release_sizes(st, seat, n)
        lo = rel.beat_size(st, seat, n)
        if isinstance(arg, int) and arg < 1:
            return Text("CR-4.1: a group always contains the trigger card, so its size is "
                        "at least 1", "CR-4.1：グループには必ずきっかけのカードが入るので、"
                        "大きさは1以上です")
        if isinstance(arg, int) and arg < lo:
            owners = join(bi("{q}'s {n}×{k}", "{q} の {n}×{k}", q=seat_label(q), n=n,
                             k=len(p[n])) for q, p in enumerate(st.piles) if q != seat and n in p)
            rule = "CR-7.8" if st.holds(seat, "release_tie_allowed") else "CR-4.4"
            return bi("{r}: {o} on the table needs a group of at least {lo}",
                      "{r}：場に {o} があるので、{lo} 枚以上のグループが必要です", r=rule,
                      o=owners, lo=lo)
        top = sizes[-1] if sizes else 1
        return bi("CR-4.1: {s} can make a group of at most {top} with this hand",
                  "CR-4.1：{s} のこの手札では、最大 {top} 枚のグループしか作れません",
                  s=seat_label(seat), top=top)
    if kind == "compose" and ph is Phase.COMPOSE:
        return _explain_composition(st, arg)
    if kind == "pass" and ph is Phase.ACT and arg == st.active:
        return Text("CR-6.1: the card is passed to another player",
                    "CR-6.1：カードはほかのプレイヤーにパスします")
    if kind == "take" and arg is not None and ph is Phase.TAKE:
        return bi("CR-6.2: skill {a} is not in the Crossroads",
                  "CR-6.2：スキル {a} はクロスロードにありません", a=arg)
    if kind == "return" and ph is Phase.RETURN:
        return Text("CR-6.3: only a skill held before this pass can be returned, once",
                    "CR-6.3：戻せるのは、このパスの前から持っていたスキルを1回だけです")
    if kind == "declare" and ph not in (Phase.DECLARE, Phase.OVER):
        return bi("CR-8.1: a declaration comes at the end of the turn, from a player whose "
                  "hand sums to exactly {n}", "CR-8.1：宣言は手番の終わりに、手札の合計が"
                  "ちょうど {n} のプレイヤーが行います", n=st.params.end_hand_sum)
    if ph is Phase.OVER:
        return Text("the game is over", "ゲームは終わっています")
    waiting = _WAITING.get(ph)
    return waiting.now() if waiting is not None else bi(
        "now {w}", "いまは{w}", w=Text("no decision is due", "選ぶ番ではありません"))


def _cards(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(x, int) for x in value)


def _explain_composition(st: CrossroadsState, arg: Any) -> Text:
    """CR-7.4 (S4) and CR-7.7 (S7): why these cards cannot join this group."""
    if not (isinstance(arg, tuple) and len(arg) == 2 and _cards(arg[0]) and _cards(arg[1])):
        return Text("CR-7.4/CR-7.7: a composition lists (S4-changed cards, S7-shifted cards)",
                    "CR-7.4/CR-7.7：組み合わせは（S4 で変えるカード, S7 でずらすカード）です")
    four, seven = arg
    (seat, size), n, p = st.ctx, st.card(), st.params
    hand, who = st.hands[seat], seat_label(seat)
    if four:
        if not st.holds(seat, "release_copy_hand_number"):
            return bi("CR-7.4: {w} does not hold S4", "CR-7.4：{w} は S4 を持っていません",
                      w=who)
        if not hand[n] and not p.s4_trigger_may_be_reference:
            return bi("CR-7.4: S4 needs a {n} in the hand (the trigger is no reference, CR-A1)",
                      "CR-7.4：S4 には手札の {n} が必要です（きっかけのカードは参照になりません、"
                      "CR-A1）", n=n)
        if len(four) > p.s4_cards_per_release:
            return bi("CR-7.4: S4 changes at most {k} hand card(s) per release",
                      "CR-7.4：S4 で変えられる手札は1回のリリースで {k} 枚までです",
                      k=p.s4_cards_per_release)
        if n in four:
            return bi("CR-7.4: S4 changes cards of another number into {n}",
                      "CR-7.4：S4 はほかの数のカードを {n} に変えます", n=n)
    if seven:
        d = p.s7_delta
        if not st.holds(seat, "release_shift_hand_number"):
            return bi("CR-7.7: {w} does not hold S7", "CR-7.7：{w} は S7 を持っていません",
                      w=who)
        if any(x not in (n - d, n + d) for x in seven):
            return bi("CR-7.7: S7 shifts only hand cards of {a} or {b} into {n}",
                      "CR-7.7：S7 で {n} にずらせるのは手札の {a} か {b} だけです", a=n - d,
                      b=n + d, n=n)
        if len(seven) > p.s7_cards_per_release:
            return bi("CR-7.7: S7 shifts at most {k} hand card(s) per release",
                      "CR-7.7：S7 でずらせる手札は1回のリリースで {k} 枚までです",
                      k=p.s7_cards_per_release)
    cards = four + seven
    if any(not 0 <= x < len(hand) or cards.count(x) > hand[x] for x in cards):
        return bi("CR-7.4/CR-7.7: {w}'s hand does not hold the cards {c}",
                  "CR-7.4/CR-7.7：{w} の手札にカード {c} はありません", w=who, c=list(cards))
    naturals = size - 1 - len(cards)
    if not 0 <= naturals <= hand[n]:
        return bi("CR-4.1: with these cards a group of {size} would need {k} matching {n}s "
                  "from the hand, which holds {h}", "CR-4.1：このカードで {size} 枚のグループを"
                  "作るには手札の {n} が {k} 枚必要ですが、手札には {h} 枚です", size=size,
                  k=naturals, n=n, h=hand[n])
    same = next((a for a in st.options if a.kind == "compose"
                 and sorted(a.arg[0] + a.arg[1]) == sorted(cards)), None)
    if same is not None:
        return bi("CR-7.4/CR-7.7: the same group (and the same hand left) is offered once, "
                  "as '{a}'", "CR-7.4/CR-7.7：同じグループ（残る手札も同じ）は「{a_ja}」として"
                  "1回だけ選べます", a=same.describe(), a_ja=same.describe("ja"))
    return Text("CR-7.4/CR-7.7: these cards cannot join this group",
                "CR-7.4/CR-7.7：これらのカードはこのグループに加えられません")

