"""Life is Rolling Stone parameters: every number and switch of spec sections 3 and 4.

Keys are the spec's suggested keys; defaults are the draft's (and, for the
ambiguities, the spec's proposed resolutions). Card counts default to what the
tables in ``data/rolling_stone/`` hold, so the tables stay the one source.
"""

from __future__ import annotations

from dataclasses import dataclass

from designkit.core.errors import ParamError
from designkit.core.messages import bi, too_few
from designkit.core.params import VARIANTS, Params, param
from designkit.games.rolling_stone.cards import (
    ALL_COLOURS,
    load_album_cards,
    load_dreams,
    load_events,
)

ORDER_BONUSES = ("none", "move_die", "start_marker", "power")

SETUP, FLOW, PLACE, DICE, SCORE, CONTENT = (
    "Setup (LR-1, LR-2)", "Stages, rounds and turns (LR-3 to LR-6, LR-9)",
    "Album and placement (LR-7)", "Life stones and power (LR-7.7, LR-8)",
    "Settlements (LR-11, LR-12)", "Card counts (section 5)")


def _per_stage(counts: dict[int, int]) -> int:
    return min(counts.values()) if counts else 0


def _album_per_stage() -> int:
    counts: dict[int, int] = {}
    for c in load_album_cards():
        counts[c.stage] = counts.get(c.stage, 0) + 1
    return _per_stage(counts)


def _events_per_stage() -> int:
    counts: dict[int, int] = {}
    for e in load_events():
        counts[e.stage] = counts.get(e.stage, 0) + 1
    return _per_stage(counts)


@dataclass(frozen=True)
class RollingStoneParams(Params):
    """Parameters of Life is Rolling Stone; see ``../shared/rules/life_is_rolling_stone.md``."""

    game_name = "rolling_stone"

    # -- setup ------------------------------------------------------------------------------------
    players: int = param(4, range=(2, 6), rule="LR-1.1", group=SETUP, label_ja="人数",
                         within=("players_min", "players_max"),
                         help="Number of players (players_min–players_max)",
                         help_ja="プレイヤーの人数（players_min〜players_max）")
    players_min: int = param(3, range=(2, 6), rule="LR-1.1", group=SETUP, tune=False,
                             help="Fewest players the draft allows", help_ja="草案が認める最少人数")
    players_max: int = param(4, range=(2, 6), rule="LR-1.1", group=SETUP, tune=False,
                             help="Most players the draft allows", help_ja="草案が認める最多人数")
    colours: tuple[str, ...] = param(ALL_COLOURS, kind="list", rule="LR-1.2", group=SETUP,
                                     help="Die colours / attributes in play (subset of R B Y G)",
                                     help_ja="使うサイコロの色・属性（R B Y G から）")
    dream_cards_total: int = param(default_factory=lambda: len(load_dreams()), range=(1, 64),
                                   rule="LR-1.5", group=SETUP,
                                   help="Dream cards used (the first N rows of dreams.csv)",
                                   help_ja="使うドリームカードの枚数（dreams.csv の最初の N 行）")
    dreams_dealt: int = param(4, range=(1, 8), rule="LR-2.1", group=SETUP,
                              help="Dream cards dealt to each player",
                              help_ja="各プレイヤーに配るドリームカードの枚数")
    dreams_passed_left: int = param(1, range=(0, 3), rule="LR-2.2", group=SETUP,
                                    help="Dream cards each player passes to the left",
                                    help_ja="各プレイヤーが左に渡すドリームカードの枚数")
    simultaneous_dream_choices: bool = param(True, rule="LR-A10", group=SETUP,
                                             help="Dream passes and stage discards are chosen "
                                                  "in secret and revealed together",
                                             help_ja=("ドリームの受け渡しとステージの捨て札を秘"
                                                      "密に選び、一斉に公開する"))
    start_player_rule: str = param("lowest_total", choices=("lowest_total", "random"),
                                   rule="LR-2.6", group=SETUP,
                                   help="Start player: lowest setup dice total (random among "
                                        "ties), or simply random",
                                   help_ja=("スタートプレイヤー：準備のサイコロの合計が最小（同"
                                            "点はランダム）、または単にランダム"))
    # -- flow ----------------------------------------------------------------------------------------
    stages: int = param(3, range=(1, 9), rule="LR-3.1", group=FLOW, help="Life stages",
                                                                    help_ja="人生のステージの数")
    rounds_per_stage: int = param(3, range=(1, 6), rule="LR-3.1", group=FLOW,
                                  help="Rounds in each stage", help_ja="各ステージのラウンド数")
    dreams_discarded_per_stage: int = param(1, range=(0, 3), rule="LR-4.1", group=FLOW,
                                            help="Dream cards discarded as skills per stage",
                                            help_ja=("ステージごとにスキルとして捨てるドリームカ"
                                                     "ードの枚数"))
    skill_duration: str = param("stage", choices=("stage", "permanent"), rule="LR-A9",
                                group=FLOW, help="A skill works during its stage (and its "
                                                 "settlement) only, or for the rest of the game",
                                            help_ja=("スキルはそのステージ（とその精算）だけ有効"
                                                     "、または以後ずっと有効"))
    events_per_stage_in_box: int = param(default_factory=_events_per_stage, range=(0, 20),
                                         rule="LR-1.4", group=FLOW,
                                         help="Event cards of each stage in the box",
                                         help_ja="箱にある各ステージのイベントカードの枚数")
    events_used_per_stage: int = param(3, range=(0, 20), rule="LR-4.4", group=FLOW,
                                       help="Events laid out per stage (one resolves per round)",
                                       help_ja=("ステージごとに並べるイベント（ラウンドごとに1枚"
                                                "解決）"))
    events_revealed_before_discard: bool = param(False, rule="LR-A33", group=FLOW,
                                                 help="Reveal the stage's events before the "
                                                      "dream discard",
                                                 help_ja=("ドリームを捨てる前にそのステージのイ"
                                                          "ベントを公開する"))
    common_field_size: int | None = param(None, range=(1, 8), optional=True, rule="LR-5.1",
                                          group=FLOW,
                                          help="Cards in the common field (empty: one per player)",
                                          help_ja="共通場のカードの枚数（空欄：人数と同じ）")
    order_slots: int = param(4, range=(2, 8), rule="LR-5.2", group=FLOW,
                             help="Numbered slots on the order card (all usable with 3 players)",
                             help_ja="オーダーカードの番号つきの枠（3人なら全部使える）")
    order_bonus: tuple[str, ...] = param(("none", "move_die", "start_marker", "power"),
                                         kind="list", rule="LR-6.2", group=FLOW,
                                         help="Bonus of each slot: none, move_die, "
                                              "start_marker or power",
                                         help_ja=("各枠のボーナス：なし、move_die、start_marker"
                                                  "、power"))
    order_bonus_timing: str = param("turn_start", choices=("turn_start", "on_selection"),
                                    rule="LR-A30", group=FLOW,
                                    help="Order bonus when the pawn is taken back, or when "
                                         "the slot is chosen",
                                    help_ja=("オーダーボーナスはポーンを戻すとき、または枠を選ん"
                                             "だとき"))
    order_bonus_power: int = param(1, range=(0, 5), rule="LR-6.2", group=FLOW, tune=True,
                                   help="Power gained by the power slot",
                                   help_ja="パワーの枠で得るパワー")
    order_bonus_move_faces: int = param(1, range=(1, 3), rule="LR-6.2", group=FLOW,
                                        help="Faces the move_die slot may move a die",
                                        help_ja="move_die の枠でサイコロを動かせる面の数")
    order_bonus_move_mode: str = param("tumble_to_adjacent_card",
                                       choices=("tumble_to_adjacent_card", "tumble_in_place"),
                                       rule="LR-A3", group=FLOW,
                                       help="The slot-2 move tumbles onto an adjacent card, or "
                                            "turns the die in place",
                                       help_ja=("枠2の移動：隣のカードに転がす、またはその場で向"
                                                "きを変える"))
    cards_from_common_per_turn: int = param(1, range=(0, 3), rule="LR-6.3", group=FLOW,
                                            help="Common-field cards each player takes per turn",
                                            help_ja="手番ごとに共通場から取るカードの枚数")
    repeat_draws_per_turn: int = param(1, range=(0, 3), rule="LR-6.4", group=FLOW,
                                       help="Deck cards drawn and placed per turn (repeat)",
                                       help_ja=("手番ごとに山札から引いて置くカードの枚数（繰り"
                                                "返し）"))
    album_cards_per_stage: int = param(default_factory=_album_per_stage, range=(1, 99),
                                       rule="LR-1.3", group=FLOW,
                                       help="Album cards in each stage deck (first N rows)",
                                       help_ja=("各ステージの山札のアルバムカードの枚数（最初の "
                                                "N 行）"))
    # -- album ---------------------------------------------------------------------------------------
    album_rows: int = param(4, range=(2, 6), rule="LR-7.2", group=PLACE,
                            help="Album height in cells", help_ja="アルバムの縦のマス数")
    album_cols: int = param(4, range=(2, 6), rule="LR-7.2", group=PLACE,
                            help="Album width in cells", help_ja="アルバムの横のマス数")
    album_frame: str = param("floating", choices=("floating", "fixed_at_setup"), rule="LR-A4",
                             group=PLACE, help="Floating 4×4 frame, or the character's cell "
                                               "chosen at setup",
                                          help_ja=("動く4×4の枠、または準備で選んだキャラクター"
                                                   "のマス"))
    overwrite_when: str = param("no_empty_cell", choices=("no_empty_cell", "always"),
                                rule="LR-A5", group=PLACE,
                                help="Overwrite only when no adjacent empty cell is in frame, "
                                     "or whenever the player likes",
                                help_ja="上書きは枠内に隣の空きマスがないときだけ、またはいつでも")
    # -- dice and power ------------------------------------------------------------------------------
    dice_chirality: str = param("right", choices=("right", "left"), rule="LR-A32", group=DICE,
                                help="Handedness of the dice (1-2-3 counter-clockwise = right)",
                                help_ja="サイコロの利き手（1-2-3 が反時計回り＝右）")
    die_min: int = param(1, range=(1, 6), rule="LR-4.3", group=DICE,
                         help="Lowest value an adjustment can give (clamp)",
                         help_ja="調整で出せる最小の目（頭打ち）")
    die_max: int = param(6, range=(1, 6), rule="LR-4.3", group=DICE,
                         help="Highest value an adjustment can give (clamp)",
                         help_ja="調整で出せる最大の目（頭打ち）")
    power_per_move_to_six: int = param(1, range=(0, 5), rule="LR-7.7", group=DICE,
                                       help="Power for a move that ends on the trigger value",
                                       help_ja="トリガーの目で止まった移動で得るパワー")
    power_trigger_value: int = param(6, range=(1, 6), rule="LR-7.7", group=DICE,
                                     help="Top value that gives power when a die moves onto it",
                                     help_ja="サイコロが移ってきたときにパワーを生む上面の目")
    order_bonus_move_gives_power: bool = param(True, rule="LR-A2", group=DICE,
                                               help="The slot-2 move gives power on a 6 too",
                                               help_ja="枠2の移動でも6ならパワーを得る")
    power_on_nonmove_six: bool = param(False, rule="LR-A8", group=DICE,
                                       help="Rerolls, flips and adjustments to 6 give power too",
                                       help_ja="振り直し・反転・調整で6になってもパワーを得る")
    reorient_after_nonmove_change: str = param("owner_choice",
                                               choices=("owner_choice", "random"),
                                               rule="LR-8.4", group=DICE,
                                               help="After a reroll/flip/adjustment the owner "
                                                    "orients the die, or it lands at random",
                                               help_ja=("振り直し・反転・調整のあと持ち主が向き"
                                                        "を決める、またはランダムに転がる"))
    power_supply: int | None = param(None, range=(0, 200), optional=True, rule="LR-A19",
                                     group=DICE, help="Power cubes in the box (empty: unlimited)",
                                                 help_ja=("箱にあるパワーキューブの数（空欄：無"
                                                          "制限）"))
    # -- settlements ---------------------------------------------------------------------------------
    mid_settlement_after_stages: tuple[int, ...] = param((1, 2), item_range=(1, 9),
                                                         rule="LR-11.1", group=SCORE,
                                                         help="Stages followed by a mid-stage "
                                                              "settlement (the last stage always "
                                                              "ends with the final one)",
                                                         help_ja=("中間精算のあるステージ（最後"
                                                                  "のステージは必ず最終精算）"))
    discard_leftover_deck_at_mid_settlement: bool = param(True, rule="LR-11.2", group=SCORE,
                                                          help="Remove the stage deck's leftover "
                                                               "cards (else they join the next "
                                                               "stage's deck)",
                                                          help_ja=("ステージの山札の残りを除く（"
                                                                   "さもなくば次のステージの山札"
                                                                   "に加える）"))
    mid_settlement_vp: tuple[int, ...] = param((6, 3), item_range=(-20, 50), rule="LR-11.3",
                                               group=SCORE, help="VP for 1st, 2nd, … place",
                                                            help_ja="1位、2位、…のVP")
    mid_settlement_ranking: str = param("dense", choices=("dense", "competition"),
                                        rule="LR-A13", group=SCORE,
                                        help="Ties share a place; dense: the next total is the "
                                             "next place, competition: places are skipped",
                                        help_ja=("同点は同じ順位。dense：次の合計は次の順位、com"
                                                 "petition：順位を飛ばす"))
    settlement_die_changes_persist: bool = param(True, rule="LR-A14", group=SCORE,
                                                 help="Dice changed by settlement skills keep "
                                                      "their new value afterwards",
                                                 help_ja=("精算のスキルで変えたサイコロはその後"
                                                          "も新しい目のまま"))
    final_skill_timing: str = param("after_dream", choices=("after_dream", "before_dream"),
                                    rule="LR-A15", group=SCORE,
                                    help="Stage-3 settlement skills apply after or before the "
                                         "dream effects",
                                    help_ja=("ステージ3の精算スキルをドリームの効果の後、または"
                                             "前に適用する"))
    final_dice_vp_per_pip: int = param(1, range=(0, 5), rule="LR-12.2", group=SCORE,
                                       help="VP per pip of the final dice",
                                       help_ja="最後のサイコロの目1つあたりのVP")
    adversity_vp_covered: int = param(1, range=(-5, 5), rule="LR-12.3", group=SCORE,
                                      help="VP per ★ covered by power",
                                      help_ja="パワーで覆った★1つあたりのVP")
    adversity_vp_uncovered: int = param(-1, range=(-5, 5), rule="LR-12.3", group=SCORE,
                                        help="VP per ★ left uncovered",
                                        help_ja="覆われずに残った★1つあたりのVP")
    adversity_count_discard: bool = param(False, rule="LR-A16", group=SCORE,
                                          help="Stars in the discard pile count too",
                                          help_ja="捨て札置き場の★も数える")
    full_album_vp: int = param(6, range=(0, 30), rule="LR-12.4", group=SCORE, tune=True,
                               help="VP for a completely filled album",
                               help_ja="アルバムを全部埋めたときのVP")
    start_marker_vp: int = param(1, range=(0, 10), rule="LR-12.5", group=SCORE, tune=True,
                                 help="VP for holding the start player marker at the end",
                                 help_ja="最後にスタートプレイヤーマーカーを持っているときのVP")
    # -- rule variants (the draft's change list as switches; default = the draft) ------------------
    order_bonus_swap: bool = param(True, rule="LR-V1", group=VARIANTS,
                                   help="Bonuses of slots 2 and 3 as draft 10 swapped them "
                                        "(change list); off: swapped back",
                                   help_ja=("枠2と枠3のボーナスを草案10のとおり交換（変更点）。"
                                            "オフ：元に戻す"))

    def check_consistency(self) -> None:
        bad = [c for c in self.colours if c not in ALL_COLOURS]
        if bad or not self.colours or len(set(self.colours)) != len(self.colours):
            raise ParamError("colours", bi("{c} must list some of R, B, Y, G, each once",
                                           "{c}：R, B, Y, G のいくつかを1回ずつ並べてください",
                                           c=list(self.colours)))
        if self.order_slots < self.players:
            raise ParamError("order_slots", bi("{k} slots cannot seat {n} players",
                                               "枠 {k} 個では {n} 人が座れません",
                                               k=self.order_slots, n=self.players))
        if len(self.order_bonus) != self.order_slots:
            raise ParamError("order_bonus", bi("needs one bonus per slot ({k}), has {h}",
                                               "枠ごとに1つのボーナス（{k} 個）が必要ですが、"
                                               "{h} 個です", k=self.order_slots,
                                               h=len(self.order_bonus)))
        for b in self.order_bonus:
            if b not in ORDER_BONUSES:
                raise ParamError("order_bonus", bi("{b!r} is not one of {all}",
                                                   "{b!r} は {all} のどれでもありません", b=b,
                                                   all=", ".join(ORDER_BONUSES)))
        self._check_content()
        if self.dreams_dealt * self.players > self.dream_cards_total:
            raise ParamError("dreams_dealt", bi(
                "{d} × {n} players need {need} dream cards, more than dream_cards_total = {t} "
                "(dreams.csv holds {h})", "{d} × {n} 人には夢カードが {need} 枚必要で、"
                "dream_cards_total = {t} より多くなります（dreams.csv には {h} 枚）",
                d=self.dreams_dealt, n=self.players, need=self.dreams_dealt * self.players,
                t=self.dream_cards_total, h=len(load_dreams())))
        if self.dreams_passed_left > self.dreams_dealt:
            raise ParamError("dreams_passed_left", bi("cannot pass more dreams than are dealt",
                                                      "配られた枚数より多くの夢は渡せません"))
        if self.dreams_discarded_per_stage * self.stages > self.dreams_dealt:
            raise ParamError("dreams_discarded_per_stage", bi(
                "{k} × {s} stages exceeds the {d} dreams dealt",
                "{k} × {s} ステージは配られた夢 {d} 枚を超えます",
                k=self.dreams_discarded_per_stage, s=self.stages, d=self.dreams_dealt))
        if self.events_used_per_stage > self.events_per_stage_in_box:
            raise ParamError("events_used_per_stage", bi(
                "{u} is more than the {b} in the box (events_per_stage_in_box; events.csv "
                "holds {h} for its shortest stage)", "{u} は箱の中の {b} 枚より多いです"
                "（events_per_stage_in_box。events.csv は最も少ないステージで {h} 枚）",
                u=self.events_used_per_stage, b=self.events_per_stage_in_box,
                h=_events_per_stage()))
        late = [s for s in self.mid_settlement_after_stages if s > self.stages]
        if late:
            raise ParamError("mid_settlement_after_stages", bi(
                "stage {s} is past the last of stages = {n}: list stages 1–{n} (LR-11.1)",
                "ステージ {s} は stages = {n} の最後より後です：1–{n} を並べてください（LR-11.1）",
                s=", ".join(map(str, late)), n=self.stages))
        if self.die_min > self.die_max:
            raise ParamError("die_min", bi("{a} is above die_max {b}",
                                           "{a} は die_max {b} より大きいです", a=self.die_min,
                                           b=self.die_max))

    def _check_content(self) -> None:
        dreams, cards, events = load_dreams(), load_album_cards(), load_events()
        if self.dream_cards_total > len(dreams):
            raise ParamError("dream_cards_total", too_few("dreams.csv", len(dreams),
                                                          self.dream_cards_total, "cards",
                                                          "カード"))
        for stage in range(1, self.stages + 1):
            n_cards = sum(1 for c in cards if c.stage == stage)
            if n_cards < self.album_cards_per_stage:
                raise ParamError("album_cards_per_stage", too_few(
                    "album_cards.csv", n_cards, self.album_cards_per_stage,
                    f"stage-{stage} cards", f"ステージ {stage} のカード"))
            n_events = sum(1 for e in events if e.stage == stage)
            if n_events < self.events_per_stage_in_box:
                raise ParamError("events_per_stage_in_box", too_few(
                    "events.csv", n_events, self.events_per_stage_in_box,
                    f"stage-{stage} events", f"ステージ {stage} のイベント"))

    # -- derived ------------------------------------------------------------------------------------
    def slot_bonuses(self) -> tuple[str, ...]:
        """LR-6.2: each slot's bonus; under LR-V1 (``order_bonus_swap`` off) the bonuses of
        slots 2 and 3 change places again, undoing draft 10's 『基本効果２と３を交換』."""
        bonus = tuple(self.order_bonus)
        if self.order_bonus_swap or len(bonus) < 3:
            return bonus
        return (bonus[0], bonus[2], bonus[1]) + bonus[3:]

    def field_size(self) -> int:
        return self.common_field_size if self.common_field_size is not None else self.players
