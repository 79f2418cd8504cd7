"""Crossroads parameters: every number and ambiguity switch of spec section 3.

Defaults are the draft's; skill costs and skill numbers default to what
``data/crossroads/skills.csv`` says, so the table stays the one source.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from designkit.core.errors import ParamError
from designkit.core.messages import bi
from designkit.core.params import VARIANTS, Params, param
from designkit.games.crossroads.skills import load_skills


def _skill_ids() -> tuple[str, ...]:
    return tuple(s.id for s in load_skills())


def _costs() -> dict[str, int]:
    return {s.id: s.cost for s in load_skills()}


def _hook_arg(hook: str, arg: str, fallback: Any) -> Any:
    for skill in load_skills():
        found = skill.hook(hook)
        if found is not None:
            return found.args[arg]
    return fallback


SETUP, TURN, SKILLS, END, SCORE = ("Setup (CR-1, CR-2)", "Turn (CR-3 to CR-6)",
                                   "Skills (CR-7)", "End of game (CR-8)",
                                   "Scoring and winner (CR-9, CR-10)")


@dataclass(frozen=True)
class CrossroadsParams(Params):
    """Parameters of Crossroads; see ``../shared/rules/crossroads.md`` section 3."""

    game_name = "crossroads"

    players: int = param(4, range=(3, 5), rule="CR-1.1", group=SETUP,
                         help="Number of players", help_ja="プレイヤーの人数", label_ja="人数")
    numbers: tuple[int, ...] = param((2, 3, 4, 5, 6, 7, 8), item_range=(1, 30), rule="CR-1.2",
                                     group=SETUP, help="Numbers printed on genre cards",
                                                  help_ja="ジャンルカードに書かれた数字")
    copies_per_number: int = param(6, range=(1, 12), rule="CR-1.2", group=SETUP,
                                   help="Copies of each number in the deck",
                                   help_ja="山札にある各数字の枚数")
    removed_numbers_3p: tuple[int, ...] = param((2,), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP, acts_at=(3,),
                                                help="Numbers removed with 3 players",
                                                help_ja="3人のときに抜く数字")
    removed_numbers_4p: tuple[int, ...] = param((), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP, acts_at=(4,),
                                                help="Numbers removed with 4 players",
                                                help_ja="4人のときに抜く数字")
    removed_numbers_5p: tuple[int, ...] = param((), item_range=(1, 30), rule="CR-2.1",
                                                group=SETUP, acts_at=(5,),
                                                help="Numbers removed with 5 players",
                                                help_ja="5人のときに抜く数字")
    starting_hand: int = param(2, range=(0, 6), rule="CR-2.2", group=SETUP,
                               help="Cards each player draws at setup",
                               help_ja="準備で各プレイヤーが引く枚数")
    start_player: int | None = param(None, range=(0, 4), optional=True, rule="CR-2.4",
                                     group=SETUP,
                                     help="Seat that starts (empty: chosen at random)",
                                     help_ja="最初の手番の席（空欄：ランダム）")
    crossroads_skills: tuple[str, ...] = param(default_factory=_skill_ids, kind="list",
                                               choices=None, rule="CR-2.3", group=SETUP,
                                               help="Skills laid out in the Crossroads",
                                               help_ja="クロスロードに並べるスキル")
    draw_per_turn: int = param(1, range=(1, 3), rule="CR-3.2", group=TURN,
                               help="Cards drawn per turn (extra cards go to the hand first)",
                               help_ja="手番ごとに引く枚数（余分は先に手札へ）")
    release_comparison: str = param("greater", choices=("greater", "greater_or_equal"),
                                    rule="CR-4.4", group=TURN,
                                    help="A release must beat existing groups of its number",
                                    help_ja="リリースが同じ数字の既存の組に勝つ条件")
    max_skills_taken_per_pass: int = param(1, range=(0, 2), rule="CR-6.2", group=TURN,
                                           help="Skills a passing player may take",
                                           help_ja="パスしたプレイヤーが取れるスキルの数")
    max_skills_returned_per_pass: int = param(1, range=(0, 1), rule="CR-6.3", group=TURN,
                                              help="Skills returned in exchange per pass",
                                              help_ja="パスごとに交換で戻すスキルの数")
    max_skills_held: int | None = param(None, range=(1, 8), optional=True, rule="CR-6.3",
                                        group=TURN, help="Most skills one player may hold "
                                                         "(empty: unlimited)",
                                                    help_ja=("1人が持てるスキルの上限（空欄：無"
                                                             "制限）"))
    skill_cost: dict[str, int] = param(default_factory=_costs, item_range=(-10, 20),
                                       rule="CR-9.3", group=SKILLS,
                                       help="VP each skill costs if held at game end",
                                       help_ja="ゲーム終了時に持っているスキルごとに失うVP")
    s1_max_per_number: int = param(default_factory=lambda: _hook_arg(
        "end_discard_per_number", "max_per_number", 1), range=(1, 6), rule="CR-7.1",
        group=SKILLS, help="S1: hand cards discarded per number at game end",
                      help_ja="S1：ゲーム終了時に数字ごとに捨てられる手札の枚数")
    s2_draw: int = param(default_factory=lambda: _hook_arg("draw_choose", "draw", 2),
                         range=(2, 4), rule="CR-7.2", group=SKILLS,
                         help="S2: cards drawn to choose the trigger from",
                         help_ja="S2：トリガーを選ぶために引く枚数")
    s2_rest_to: str = param(default_factory=lambda: _hook_arg("draw_choose", "rest_to",
                                                              "bottom"),
                            choices=("bottom", "top"), rule="CR-7.2", group=SKILLS,
                            help="S2: where the unchosen cards go",
                            help_ja="S2：選ばなかったカードの行き先")
    s2_optional: bool = param(True, rule="CR-A7", group=SKILLS,
                              help="S2 may be declined (ambiguity CR-A7)",
                              help_ja="S2は使わなくてもよい（曖昧点 CR-A7）")
    s4_cards_per_release: int = param(default_factory=lambda: _hook_arg(
        "release_copy_hand_number", "cards", 1), range=(1, 2), rule="CR-7.4", group=SKILLS,
        help="S4: hand cards that may copy a number per release",
        help_ja="S4：リリースごとに数字を写せる手札の枚数")
    s4_trigger_may_be_reference: bool = param(default_factory=lambda: _hook_arg(
        "release_copy_hand_number", "trigger_may_be_reference", False), rule="CR-A1",
        group=SKILLS, help="S4: the trigger card may be the reference (wildcard reading)",
                      help_ja="S4：トリガーのカードを写し元にしてよい（ワイルドカードの読み方）")
    s5_multiplier: int = param(default_factory=lambda: _hook_arg(
        "end_multiply_largest_group", "multiplier", 2), range=(1, 4), rule="CR-7.5",
        group=SKILLS, help="S5: the largest group counts this many times",
                      help_ja="S5：最大の組を数える倍数")
    s7_delta: int = param(default_factory=lambda: _hook_arg(
        "release_shift_hand_number", "delta", 1), range=(1, 3), rule="CR-7.7", group=SKILLS,
        help="S7: how far a hand card's number may shift", help_ja="S7：手札の数字をずらせる幅")
    s7_cards_per_release: int = param(default_factory=lambda: _hook_arg(
        "release_shift_hand_number", "cards", 1), range=(1, 2), rule="CR-7.7", group=SKILLS,
        help="S7: hand cards that may shift per release",
        help_ja="S7：リリースごとにずらせる手札の枚数")
    s8_comparison: str = param("greater_or_equal", choices=("greater_or_equal", "greater"),
                               rule="CR-7.8", group=SKILLS,
                               help="S8: comparison for its holder's releases",
                               help_ja="S8：持ち主のリリースの比べ方")
    end_hand_sum: int = param(27, range=(2, 100), rule="CR-8.1", group=END, tune=True,
                              help="Hand sum that lets a player declare the end",
                              help_ja="終了を宣言できる手札の合計")
    declare_27_by: str = param("active", choices=("active", "any"), rule="CR-A3", group=END,
                               help="Who may declare at the end of a turn",
                               help_ja="手番の終わりに宣言できる人")
    declare_27_when_deck_empty: bool = param(True, rule="CR-A5", group=END,
                                             help="Declaring allowed when the deck is empty",
                                             help_ja="山札が空のときも宣言できる")
    declare_discard_fraction: float = param(0.5, range=(0.0, 1.0), step=0.1, tune=True,
                                            rule="CR-8.2", group=END,
                                            help="Share of the hand a declarer discards",
                                            help_ja="宣言した人が捨てる手札の割合")
    declare_discard_rounding: str = param("floor", choices=("floor", "ceil"), rule="CR-8.2",
                                          group=END, help="Rounding of the declarer's discard",
                                                     help_ja="宣言した人が捨てる枚数の端数処理")
    vp_per_work_card: int = param(1, range=(-5, 5), rule="CR-9.1", group=SCORE,
                                  help="VP per card in the work pile",
                                  help_ja="作品置き場のカード1枚あたりのVP")
    vp_per_hand_card: int = param(-1, range=(-5, 5), rule="CR-9.2", group=SCORE, tune=True,
                                  help="VP per card left in hand",
                                  help_ja="手札に残ったカード1枚あたりのVP")
    tiebreak: str = param("clockwise", choices=("clockwise", "draw"), rule="CR-10.2",
                          group=SCORE, help="Tie-break: clockwise from the ending player's "
                                            "left neighbour, or shared wins (CR-A15)",
                                       help_ja=("同点の決着：終了したプレイヤーの左隣から時計回"
                                                "り、または勝ちを分け合う（CR-A15）"))
    # -- rule variants (the draft's change list as switches; default = the draft) ------------------
    three_player_removal: bool = param(True, rule="CR-V1", group=VARIANTS, acts_at=(3,),
                                       help="3 players remove removed_numbers_3p (change list: "
                                            "one number again); off: every number",
                                       help_ja=("3人では removed_numbers_3p を抜く（変更点：また"
                                                "1数字抜く）。オフ：全数字を使う"))

    def check_consistency(self) -> None:
        known = _skill_ids()
        for sid in self.crossroads_skills:
            if sid not in known:
                raise ParamError("crossroads_skills", _unknown_skill(sid, known))
        for sid in self.skill_cost:
            if sid not in known:
                raise ParamError("skill_cost", _unknown_skill(sid, known))
        twice = sorted({sid for sid in self.crossroads_skills
                        if self.crossroads_skills.count(sid) > 1})
        if twice or not self.crossroads_skills:
            raise ParamError("crossroads_skills", bi(
                "{w}: each skill is one card, laid out once, at least one (CR-2.3)",
                "{wj}：スキルはそれぞれ1枚だけで、1回ずつ、1つ以上並べます（CR-2.3）",
                w=f"{', '.join(twice)} listed twice" if twice else "no skill",
                wj=f"{', '.join(twice)} が2回あります" if twice else "スキルがありません"))
        if len(set(self.numbers)) != len(self.numbers) or not self.numbers:
            raise ParamError("numbers", bi("must list each number once, at least one",
                                           "各数字を1回ずつ、1つ以上並べてください"))
        self._check_deck()
        if self.start_player is not None and self.start_player >= self.players:
            raise ParamError("start_player", bi(
                "{s} is outside the allowed range 0–{hi} for {n} players",
                "{s} は {n} 人のときの許容範囲 0–{hi} の外です", s=self.start_player,
                hi=self.players - 1, n=self.players))

    def _check_deck(self) -> None:
        """CR-2.1/CR-2.2: the numbers left at this player count make a deck that deals
        every starting hand; a removal list that empties it is one line naming both."""
        removal = f"removed_numbers_{self.players}p"
        if not self.deck_numbers():
            raise ParamError(removal, bi(
                "{r} removes every one of numbers = {n}: a deck of 0 cards for {p} players "
                "(CR-2.1)", "{r} は numbers = {n} をすべて抜きます：{p} 人では山札が 0 枚です"
                "（CR-2.1）", r=list(self.removed_numbers()), n=list(self.numbers),
                p=self.players))
        deck = len(self.deck_numbers()) * self.copies_per_number
        if self.starting_hand * self.players > deck:
            raise ParamError("starting_hand", bi(
                "{h} cards × {p} players is more than the deck's {d} (numbers, "
                "copies_per_number, {r}; CR-2.2)", "{h} 枚 × {p} 人は山札の {d} 枚より多いです"
                "（numbers・copies_per_number・{r}、CR-2.2）", h=self.starting_hand,
                p=self.players, d=deck, r=removal))

    def removed_numbers(self) -> tuple[int, ...]:
        """CR-2.1: the numbers left out at this player count (none at 3 under CR-V1)."""
        if self.players == 3 and not self.three_player_removal:
            return ()
        return {3: self.removed_numbers_3p, 4: self.removed_numbers_4p,
                5: self.removed_numbers_5p}[self.players]

    def deck_numbers(self) -> tuple[int, ...]:
        removed = set(self.removed_numbers())
        return tuple(n for n in self.numbers if n not in removed)


def _unknown_skill(sid: str, known: Iterable[str]) -> str:
    return bi("unknown skill {s!r}; known: {k}", "スキル {s!r} はありません。あるのは {k} です",
              s=sid, k=", ".join(known))
