"""Classic Hero parameters: every number and switch of spec sections 3 and 4.

Keys are the spec's; defaults are the draft's and, for the ambiguities, the
spec's proposed resolutions. ``max_dice`` is the designer's own question (■
問題点: 「サイコロの上限」), so it is a plain int the panel can sweep.
"""

from __future__ import annotations

from dataclasses import dataclass

from designkit.core.errors import ParamError
from designkit.core.messages import bi, too_few
from designkit.core.params import VARIANTS, Params, param
from designkit.games.classic_hero.cards import (
    SUITS,
    load_abilities,
    load_demon_lords,
    load_events,
    load_races,
)

SETUP, TURN, DICE, BATTLE, SCORE, CONTENT = (
    "Setup (CH-1, CH-2)", "Turns and movement (CH-4, CH-5)", "Dice, Fortune and conditions "
    "(CH-3, CH-6)", "Demon Lord battle (CH-7)", "Stage end and scoring (CH-8, CH-9)",
    "Content (section 5)")

_DEFAULT_MIX = {"Trial": 4, "Ruins": 5, "City": 5, "Pilgrimage": 5, "Request": 5}


@dataclass(frozen=True)
class ClassicHeroParams(Params):
    """Parameters of Classic Hero (王道勇者); see ``../shared/rules/classic_hero.md``."""

    game_name = "classic_hero"

    # -- setup -------------------------------------------------------------------------------------
    players: int = param(3, range=(3, 4), rule="CH-1.1", group=SETUP, label_ja="人数",
                         help="Number of players (３〜４人)",
                         help_ja="プレイヤーの人数（３〜４人）")
    stages: int = param(3, range=(1, 3), rule="CH-0.1", group=SETUP,
                        help="Stages played before final scoring (CH-8.7)",
                        help_ja="最終得点までに遊ぶステージの数（CH-8.7）")
    starting_dice: int = param(4, range=(1, 8), rule="CH-2.2", group=SETUP,
                               help="White dice dealt to each player",
                               help_ja="各プレイヤーに配る白のサイコロの数")
    races: int = param(6, range=(4, 6), rule="CH-2.2", group=CONTENT,
                       help="Race cards in play (the first N rows of races.csv)",
                       help_ja="使う種族カード（races.csv の最初の N 行）")
    classes: int = param(6, range=(4, 6), rule="CH-2.4", group=CONTENT,
                         help="Class cards to choose from (the first N classes)",
                         help_ja="選べるクラスカード（最初の N クラス）")
    # -- track -------------------------------------------------------------------------------------
    event_cards_per_stage: int = param(24, range=(1, 24), rule="CH-2.1", group=TURN,
                                       help="Event cards in each stage deck (sum of the suit mix)",
                                       help_ja=("各ステージの山札のイベントカードの枚数（スート"
                                                "の内訳の合計）"))
    adventure_slots: int = param(20, range=(1, 24), rule="CH-4.1", group=TURN,
                                 help="Event cards laid out as the Adventure each stage",
                                 help_ja="各ステージに冒険として並べるイベントカードの枚数")
    suit_mix_per_stage: dict = param(default_factory=lambda: dict(_DEFAULT_MIX),
                                     item_range=(0, 24), rule="CH-2.1", group=TURN,
                                     help="Cards of each suit in a stage deck (first rows of "
                                          "events.csv per suit)",
                                     help_ja=("ステージの山札のスートごとの枚数（events.csv のス"
                                              "ートごとの最初の行）"))
    goal_fill: str = param("left_to_right", choices=("left_to_right", "reverse"),
                           rule="CH-A3", group=TURN,
                           help="Goal spaces fill from the left (first to fight moves first "
                                "next stage), or the reverse",
                           help_ja=("ゴールのマスを左から埋める（最初に戦った人が次のステージで"
                                    "先に動く）、または逆"))
    # -- dice ----------------------------------------------------------------------------------------
    max_dice: int = param(6, range=(2, 8), rule="CH-2.3", group=DICE, label_ja="サイコロ上限",
                          tune=True,
                          help="Dice a player may own, white and red, used included",
                          help_ja="1人が持てるサイコロの数（白と赤、使用済みも含む）")
    die_range: tuple = param((1, 6), item_range=(1, 8), rule="CH-0.4", group=DICE,
                             help="Lowest and highest value a modification can give (clamp; "
                                  "at most dice_faces)",
                             help_ja="修正で出せる最小と最大の目（頭打ち）")
    red_die_bonus_vp: int = param(1, range=(0, 5), rule="CH-6.4", group=DICE, tune=True,
                                  help="VP per red die in the used set",
                                  help_ja="使用済みの組の赤のサイコロ1個あたりのVP")
    blessing_delta: int = param(1, range=(1, 3), rule="CH-6.5", group=DICE,
                                help="How far one blessing moves a die (±)",
                                help_ja="祝福1回でサイコロの目を動かす幅（±）")
    star_dice_used: int = param(1, range=(0, 3), rule="CH-3.9", group=DICE,
                                help="Dice of the used set a ★ event marks as used",
                                help_ja="★のイベントで使用済みにする組のサイコロの数")
    rest_returns: int = param(1, range=(0, 2), rule="CH-5.6", group=DICE,
                              help="Used dice returned to the stock by one Rest",
                              help_ja="休息1回でストックに戻す使用済みのサイコロの数")
    rest_min_used: int = param(2, range=(1, 6), rule="CH-5.6", group=DICE,
                               help="Used dice needed to Rest",
                               help_ja="休息に必要な使用済みのサイコロの数")
    rest_in_boss_fight: bool = param(False, rule="CH-A5", group=BATTLE,
                                     help="Rest is allowed during the Demon Lord battle",
                                     help_ja="魔王戦の間も休息できる")
    sum_requires_minimal_set: bool = param(True, rule="CH-A7", group=DICE,
                                           help="Only minimal sets count for N↑ "
                                                "(sum − lowest die < N)",
                                           help_ja=("N↑ には最小の組だけが数える（合計 − 最小の"
                                                    "目 < N）"))
    auto_resolve: bool = param(False, rule="CH-6.2", group=DICE, tune=False,
                               help="Resolve Fortune and used-set choices with the canonical "
                                    "auto-resolver instead of asking (fast simulation)",
                               help_ja=("フォーチュンと使用済みの組の選択を、尋ねずに標準の自動"
                                        "解決で決める（高速シミュレーション）"))
    # -- battle --------------------------------------------------------------------------------------
    boss_cards: int = param(15, range=(1, 15), rule="CH-4.6", group=BATTLE,
                            help="Demon Lord cards in the deck (first N rows)",
                            help_ja="山札の魔王カードの枚数（最初の N 行）")
    bosses_face_up: int = param(2, range=(1, 4), rule="CH-4.6", group=BATTLE,
                                help="Demon Lords drawn face up each stage",
                                help_ja="各ステージに表向きで引く魔王の数")
    boss_hp_vp: str = param("base_plus_stage", choices=("base_plus_stage", "base"),
                            rule="CH-7.2", group=BATTLE,
                            help="VP of an HP: base merit + stage number, or base merit only",
                            help_ja="HPのVP：基本の功績＋ステージ番号、または基本の功績だけ")
    final_damage_bonus: int = param(3, range=(0, 10), rule="CH-7.3", group=BATTLE, tune=True,
                                    help="VP for marking the last HP of a Demon Lord",
                                    help_ja="魔王の最後のHPに印をつけたときのVP")
    skill_display: int | None = param(None, range=(0, 12), optional=True, rule="CH-4.7",
                                      group=BATTLE, help="Skills shown each stage "
                                                         "(empty: players + 1)",
                                                    help_ja=("各ステージに並べるスキルの数（空欄"
                                                             "：人数＋1）"))
    # -- stage end and scoring -------------------------------------------------------------------
    artifact_types_per_stage: int = param(2, range=(1, 2), rule="CH-6.7", group=SCORE,
                                          help="Artifact types per stage (1: every Ruins of "
                                               "a stage gives its α type)",
                                          help_ja=("ステージごとのアーティファクトの種類（1：ど"
                                                   "の遺跡もそのステージのα種）"))
    artifact_vp: str = param("before", choices=("before", "after"), rule="CH-A12",
                             group=SCORE, help="Artifact VP = distinct types held before "
                                               "gaining it, or after",
                                          help_ja=("アーティファクトのVP＝得る前、または得た後に"
                                                   "持っている種類の数"))
    pilgrimage_penalty_per_holder: int = param(1, range=(0, 5), rule="CH-8.5", group=SCORE,
                                               help="VP lost per holder by each player "
                                                    "without a Pilgrimage of the stage",
                                               help_ja=("そのステージの巡礼を持たないプレイヤー"
                                                        "が、持っている人1人ごとに失うVP"))
    city_set_vp: int = param(5, range=(0, 20), rule="CH-9.1", group=SCORE,
                             help="VP per set of one City from each stage",
                             help_ja="各ステージの都市1枚ずつの組ごとのVP")
    request_majority_vp: int = param(4, range=(0, 20), rule="CH-9.2", group=SCORE,
                                     help="VP for the most Requests",
                                     help_ja="依頼が最も多い人のVP")
    request_minority_vp: int = param(-4, range=(-20, 0), rule="CH-9.2", group=SCORE,
                                     help="VP (a loss) for the fewest Requests",
                                     help_ja="依頼が最も少ない人のVP（失点）")
    growth_steps_per_stage: int = param(1, range=(0, 2), rule="CH-A1", group=SCORE,
                                        help="Growth steps at each stage end (2: the draft's "
                                             "literal double mention)",
                                        help_ja=("各ステージの終わりの成長の回数（2：草案の文面"
                                                 "どおり2回）"))
    growth_options: str = param("gain_or_upgrade",
                                choices=("gain_or_upgrade", "gain_only", "upgrade_only"),
                                rule="CH-8.6", group=SCORE,
                                help="Growth: gain 1 white die or upgrade 1 white → red",
                                help_ja="成長：白のサイコロを1個得る、または白1個を赤に格上げ")
    tiebreak: str = param("speed_then_draw", choices=("speed_then_draw", "draw"),
                          rule="CH-9.3", group=SCORE,
                          help="Ties for most VP: higher speed, then draw; or a draw",
                          help_ja="最多VPの同点：速さが高い方、それでも引き分け。または引き分け")

    pass_trial_once_per_move: bool = param(False, rule="CH-A34", group=VARIANTS,
                                           help="At most one PASS_TRIAL ability per move "
                                                "(default: a seat holding Thief and "
                                                "Pathfinder may spend both, one per Trial)",
                                           help_ja=("移動1回で使える PASS_TRIAL の能力は1つまで"
                                                    "（既定：盗賊と道案内を持つ席は試練ごとに1つ"
                                                    "ずつ両方使える）"))
    # -- the draft's own cures (■問題点), each off = the draft as written ---------------------------
    shared_hp: str = param("off", choices=("off", "repeat", "once"), rule="CH-V1",
                           group=VARIANTS, label_ja="共通HP",
                           help="Shared Demon Lord HP (共通のHP): the stage's Demon Lords stay "
                                "(no new card); repeat = every player may achieve each HP "
                                "once, once = an HP ends at its first achievement",
                           help_ja=("魔王の共通HP：そのステージの魔王が残る（新しいカードなし）"
                                    "。repeat＝各HPを全員が1回ずつ達成できる、once＝最初の達成で"
                                    "そのHPは終わり"))
    first_attack_bonus: int = param(2, range=(0, 10), rule="CH-V1", group=VARIANTS,
                                    placeholder=(0, 4),
                                    label_ja="ファーストアタックボーナス",
                                    help="VP for the first achievement of a shared HP (the "
                                         "draft gives no size: 2 is a placeholder)",
                                    help_ja=("共通HPを最初に達成したときのVP（草案に数値なし：2"
                                             "は仮の値）"))
    weakness_cards: bool = param(False, rule="CH-V2", group=VARIANTS, label_ja="ボスの弱点",
                                 help="A Pilgrimage achieved draws private weakness cards: "
                                      "HPs only their holder knows and may hit (弱点)",
                                 help_ja=("巡礼を達成すると自分だけの弱点カードを引く：持ち主だ"
                                          "けが知って狙えるHP（弱点）"))
    weakness_draws: int = param(1, range=(1, 3), rule="CH-V2", group=VARIANTS,
                                placeholder=(1, 3),
                                help="Weakness cards drawn per Pilgrimage achieved (the draft "
                                     "gives no number: 1 is a placeholder)",
                                help_ja=("巡礼の達成ごとに引く弱点カードの枚数（草案に数値なし："
                                         "1は仮の値）"))
    reroll_each_stop: bool = param(False, rule="CH-V3", group=VARIANTS,
                                   label_ja="止まる度に振り直し",
                                   help="Every stop on an event rerolls the available dice "
                                        "except fixed ones; SET effects fix the die they set",
                                   help_ja=("イベントに止まるたびに固定以外の使えるサイコロを振"
                                            "り直す。SET の効果は決めたサイコロを固定する"))
    suit_effects: bool = param(False, rule="CH-V4", group=VARIANTS, label_ja="スート毎の効果",
                               help="One fixed effect per suit instead of per card: Ruins gain "
                                    "a die, Trials upgrade, Requests fix a die, Cities change a "
                                    "value, Pilgrimages a boss weakness",
                               help_ja=("カードごとでなくスートごとに固定の効果：遺跡はサイコロ"
                                        "を得る、試練は格上げ、依頼はサイコロを固定、都市は目を"
                                        "変える、巡礼は魔王の弱点"))
    red_dice_multi: bool = param(False, rule="CH-V5", group=VARIANTS,
                                 label_ja="上級サイコロは複数の条件に",
                                 help="Red dice earn no VP bonus; in the battle a red die "
                                      "serves two HPs before it is used",
                                 help_ja=("赤のサイコロはVPボーナスなし。魔王戦では赤1個が使用済"
                                          "みになる前に2つのHPに使える"))
    road_vp: bool = param(True, rule="CH-V6", group=VARIANTS, label_ja="道中のＶＰ",
                          help="VP on the road (artifacts, the red bonus at events, VP "
                               "effects); off = 直接的なＶＰは入らない",
                          help_ja=("道中のVP（アーティファクト、イベントでの赤のボーナス、VPの効"
                                   "果）。オフ＝直接的なＶＰは入らない"))
    set_collection: str = param("draft", choices=("draft", "suits"), rule="CH-V7",
                                group=VARIANTS, label_ja="セットコレクション",
                                help="End scoring: the draft's Cities and Requests, or also a "
                                     "set collection (each set of the five suits scores)",
                                help_ja=("最終得点：草案の都市と依頼だけ、またはセットコレクショ"
                                         "ンも（5スートの各組が得点）"))
    dice_faces: int = param(6, choices=(6, 8), rule="CH-V8", group=VARIANTS,
                            label_ja="ダイスの面数",
                            help="Faces of every die (６面体以上のサイコロを用意するか？): 6 = the "
                                 "draft, 8 = d8 dice (rolls 1–8, 反転 = 9 − value); the die "
                                 "range's top may then reach 8",
                            help_ja=("サイコロの面数：6＝草案、8＝８面体（1〜8 を出す、反転＝９−"
                                     "現在値）。目の範囲の上限も 8 まで広げられる"))
    growth_only_red_die: bool = param(False, rule="CH-V9", group=VARIANTS,
                                      label_ja="成長は上級サイコロのみ",
                                      help="Dice grow only through red dice (サイコロの成長要素は"
                                           "上級サイコロのみ): no die is ever gained; each gain "
                                           "(an effect's or growth's) upgrades a white die instead",
                                      help_ja=("サイコロの成長は上級サイコロのみ：サイコロは増えず、"
                                               "得る効果と成長はどちらも白サイコロ１個を赤にする"))
    # -- the change list (大まかな変更点) played "before": each off = the draft as written ------------
    forced_clear: bool = param(False, rule="CH-V10", group=VARIANTS,
                               label_ja="強制イベントクリア（変更前）",
                               help="Before the change list (強制イベントクリアを廃止し…「加護」を設定): "
                                    "no blessings; a player whose dice cannot meet the event "
                                    "stopped on may clear it by marking forced_clear_dice "
                                    "available dice used (ASSUMPTION: the draft does not give "
                                    "the earlier rule)",
                               help_ja=("変更前：加護はなく、止まったイベントの条件を満たせない"
                                        "ときは未使用のサイコロを forced_clear_dice 個使用済みにして"
                                        "強制的にクリアできる（仮定：草案に以前のルールはない）"))
    forced_clear_dice: int = param(2, range=(1, 3), rule="CH-V10", group=VARIANTS,
                                   placeholder=(1, 3),
                                   help="Available dice a forced clear marks used (CH-V10; a "
                                        "placeholder: the draft gives no cost)",
                                   help_ja=("強制クリアで使用済みにする未使用のサイコロの数（CH-V10"
                                            "、仮の値）"))
    ruins_scoring: str = param("artifacts", choices=("artifacts", "flat"), rule="CH-V11",
                               group=VARIANTS, label_ja="遺跡の得点（変更前）",
                               help="Ruins: the draft's artifacts (types held), or before the "
                                    "change list (遺跡の得点計算方法を変更) flat = ruins_flat_vp per "
                                    "Ruins, no artifacts (ASSUMPTION: the earlier rule is not "
                                    "given)",
                               help_ja=("遺跡：草案のアーティファクト（種類の数）、または変更前の"
                                        "flat＝遺跡1枚ごとに ruins_flat_vp（仮定：以前のルールは"
                                        "草案にない）"))
    ruins_flat_vp: int = param(2, range=(0, 6), rule="CH-V11", group=VARIANTS,
                               placeholder=(1, 3),
                               help="VP per Ruins achieved under ruins_scoring = flat (CH-V11)",
                               help_ja="ruins_scoring = flat のとき遺跡1枚ごとのVP（CH-V11）")
    request_scoring: str = param("majority", choices=("majority", "per_card"),
                                 rule="CH-V12", group=VARIANTS, label_ja="依頼の得点（変更前）",
                                 help="Requests: the draft's majority (+4 most, −4 fewest), or "
                                      "before the change list (依頼の得点計算方法を変更) per_card = "
                                      "request_card_vp per Request (ASSUMPTION: the earlier "
                                      "rule is not given)",
                                 help_ja=("依頼：草案のマジョリティ（最多＋4、最少−4）、または変更"
                                          "前の per_card＝依頼1枚ごとに request_card_vp（仮定：以前"
                                          "のルールは草案にない）"))
    request_card_vp: int = param(2, range=(0, 6), rule="CH-V12", group=VARIANTS,
                                 placeholder=(1, 3),
                                 help="VP per Request at the end under request_scoring = "
                                      "per_card (CH-V12)",
                                 help_ja="request_scoring = per_card のとき依頼1枚ごとのVP（CH-V12）")
    character_creation: bool = param(True, rule="CH-V14", group=VARIANTS,
                                     label_ja="簡易キャラメイク",
                                     help="The change list's simple character creation (簡易キャラ"
                                          "メイク設定): a race and a chosen class; off = before "
                                          "it, a race (speed) only, no class ability "
                                          "(ASSUMPTION: the earlier rule is not given)",
                                     help_ja=("簡易キャラメイク設定：種族と選んだクラス。オフ＝変更"
                                              "前、種族（速度）だけでクラスの能力なし（仮定：以前の"
                                              "ルールは草案にない）"))
    final_damage_reading: str = param("last_mark", choices=("last_mark", "all_own"),
                                      rule="CH-V13", group=VARIANTS,
                                      label_ja="ファイナルダメージの読み方",
                                      help="Under shared_hp = repeat, who earns CH-7.3's final "
                                           "damage bonus: last_mark = whoever marks a card's "
                                           "last open HP (the kit's reading), all_own = each "
                                           "player who has achieved every HP of the card",
                                      help_ja=("共通HP（repeat）でファイナルダメージボーナスを得る"
                                               "人：last_mark＝最後に残ったHPに印をつけた人、"
                                               "all_own＝そのカードの全HPを自分で達成した各人"))
    set_collection_vp: int = param(5, range=(0, 20), rule="CH-V7", group=VARIANTS,
                                   placeholder=(2, 8),
                                   help="VP per set of one event of each suit (CH-V7)",
                                   help_ja="各スートのイベント1枚ずつの組ごとのVP（CH-V7）")

    def check_consistency(self) -> None:
        lo, hi = self.die_range if len(self.die_range) == 2 else (0, 0)
        if len(self.die_range) != 2 or lo >= hi:
            raise ParamError("die_range", bi("{r} must be [low, high] with low < high",
                                             "{r}：low < high の [low, high] にしてください",
                                             r=list(self.die_range)))
        if hi > self.dice_faces:
            raise ParamError("die_range", bi(
                "{r} goes above the dice's {f} faces (dice_faces, CH-V8)",
                "{r} はサイコロの面数 {f} を超えています（dice_faces、CH-V8）",
                r=list(self.die_range), f=self.dice_faces))
        if self.growth_only_red_die and self.growth_options == "gain_only":
            raise ParamError("growth_only_red_die", bi(
                "cannot be on with growth_options = gain_only (CH-V9 grows by upgrades only)",
                "growth_options = gain_only とは併用できません（CH-V9 は格上げだけで成長）"))
        if self.final_damage_reading != "last_mark" and self.shared_hp != "repeat":
            raise ParamError("final_damage_reading", bi(
                "{r} reads shared_hp = repeat only (CH-V13); shared_hp is {s}",
                "{r} は shared_hp = repeat のときだけの読み方です（CH-V13）。shared_hp は {s}",
                r=self.final_damage_reading, s=self.shared_hp))
        unknown = [s for s in self.suit_mix_per_stage if s not in SUITS]
        if unknown:
            raise ParamError("suit_mix_per_stage", bi("{u!r} is not a suit ({all})",
                                                      "{u!r} はスートではありません（{all}）",
                                                      u=unknown[0], all=", ".join(SUITS)))
        total = sum(self.suit_mix_per_stage.values())
        if total != self.event_cards_per_stage:
            raise ParamError("event_cards_per_stage", bi(
                "{e} differs from the suit mix total {t}", "{e} はスートの内訳の合計 {t} と違います",
                e=self.event_cards_per_stage, t=total))
        if self.adventure_slots > self.event_cards_per_stage:
            raise ParamError("adventure_slots", bi(
                "{a} is more than the {e} cards per stage", "{a} はステージごとのカード {e} 枚より"
                "多いです", a=self.adventure_slots, e=self.event_cards_per_stage))
        if self.classes < self.players and self.character_creation:
            raise ParamError("classes", bi("{c} classes cannot serve {n} players (CH-2.4)",
                                           "クラス {c} 個では {n} 人に足りません（CH-2.4）",
                                           c=self.classes, n=self.players))
        if self.races < self.players:
            raise ParamError("races", bi("{r} races cannot serve {n} players (CH-2.2)",
                                         "種族 {r} 個では {n} 人に足りません（CH-2.2）",
                                         r=self.races, n=self.players))
        self._check_content()

    def _check_content(self) -> None:
        events = load_events()
        for stage in range(1, self.stages + 1):
            for suit, n in self.suit_mix_per_stage.items():
                have = sum(1 for e in events if e.stage == stage and e.suit == suit)
                if have < n:
                    raise ParamError("suit_mix_per_stage", too_few(
                        "events.csv", have, n, f"stage-{stage} {suit} cards",
                        f"ステージ {stage} の {suit} のカード"))
        top = self.die_range[1]
        for card in events:
            for h in card.effects:
                if h.name == "set" and h.args["value"] > top:
                    raise ParamError("die_range", bi(
                        "events.csv row {c}: SET({v}) is above the dice's highest value {t} "
                        "(dice_faces, CH-V8)", "events.csv の {c}：SET({v}) はサイコロの最大の目 "
                        "{t} を超えています（dice_faces、CH-V8）", c=card.id, v=h.args["value"],
                        t=top))
        if self.boss_cards > len(load_demon_lords()):
            raise ParamError("boss_cards", too_few("demon_lords.csv", len(load_demon_lords()),
                                                   self.boss_cards, "cards", "カード"))
        if self.races > len(load_races()):
            raise ParamError("races", too_few("races.csv", len(load_races()), self.races,
                                              "races", "種族", "個"))
        n_classes = sum(1 for a in load_abilities() if a.kind == "class")
        if self.classes > n_classes:
            raise ParamError("classes", too_few("abilities.csv", n_classes, self.classes,
                                                "classes", "クラス", "個"))

    # -- derived -------------------------------------------------------------------------------------
    @property
    def weakness_on(self) -> bool:
        """CH-V2 is in play: switched on, or brought by the suit effects (巡礼：ボス弱点)."""
        return self.weakness_cards or self.suit_effects

    def display_size(self) -> int:
        return self.skill_display if self.skill_display is not None else self.players + 1
