"""Little Witch Academia parameters: every number and switch of spec sections 3 and 4.

Keys and defaults are the spec's (draft values, and for the ambiguities the
proposed resolutions). The 100/75/50 ratio is kept in whole percent, as the
draft writes it (「１００・７５・５０（％）」), so VP stay exact integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from designkit.core.errors import ParamError
from designkit.core.messages import bi
from designkit.core.params import VARIANTS, Params, param
from designkit.games.witch_academy.cards import RANKS

#: LW-10.2 reads a percentage for the 1st, the 2nd and the 3rd-and-later completion
ASSIGNMENT_COMPLETIONS = 3

SETUP, FLOW, WORK, CARDS, SCORE = (
    "Setup (LW-1, LW-2)", "Rounds and turns (LW-3, LW-4, LW-10, LW-11)",
    "Workers, Areas and University (LW-0, LW-5 to LW-9)", "Cards and draft (LW-3, LW-7)",
    "Scoring (LW-10, LW-12)")


@dataclass(frozen=True)
class WitchParams(Params):
    """Parameters of Little Witch Academia; see ``../shared/rules/little_witch_academia.md``."""

    game_name = "witch_academy"

    # -- setup -------------------------------------------------------------------------------------
    players: int = param(4, range=(3, 5), rule="LW-1.1", group=SETUP, label_ja="人数",
                         help="Number of players", help_ja="プレイヤーの人数")
    rounds: int = param(3, range=(1, 3), rule="LW-3.1", group=FLOW,
                        help="Rounds (school years); the tables hold decks for years 1–3",
                        help_ja="ラウンド（学年）の数。表には1〜3年の山札がある")
    areas_by_players: dict = param(default_factory=lambda: {"3": 4, "4": 6, "5": 8},
                                   fixed_rows=True, item_range=(1, 9), rule="LW-2.1", group=SETUP,
                                   help="Area cards dealt around the University, by players",
                                   help_ja="人数ごとに大学の周りに配るエリアカードの枚数")
    exploration_deck_size: int = param(45, range=(1, 45), rule="LW-2.2", group=SETUP,
                                       help="Exploration cards used (first N rows of "
                                            "exploration.csv)",
                                       help_ja=("使う探索カードの枚数（exploration.csv の最初の "
                                                "N 行）"))
    exploration_cards_per_area: int = param(2, range=(1, 3), rule="LW-2.2", group=SETUP,
                                            help="Exploration cards face up at each Area",
                                            help_ja="各エリアに表向きで置く探索カードの枚数")
    exploration_rotation_per_placement: int = param(1, range=(0, 3), rule="LW-6.4",
                                                    group=WORK,
                                                    help="Outer cards replaced after each "
                                                         "placement on an Area",
                                                    help_ja=("エリアに置くたびに入れ替える外側の"
                                                             "カードの枚数"))
    start_resources_by_seat: tuple = param((2, 3, 3, 4, 4), kind="list", item_range=(0, 10),
                                           rule="LW-2.6", group=SETUP,
                                           help="Starting resources by turn position from "
                                                "the start player",
                                           help_ja="スタートプレイヤーからの手番順ごとの最初の資源")
    start_resource_types: str = param("basic", choices=("basic", "any"), rule="LW-A12",
                                      group=SETUP, help="Starting resources: basic only, or "
                                                        "Elixir allowed too",
                                                   help_ja=("最初の資源：基本のみ、またはエリク"
                                                            "サーも可"))
    worker_ranks: tuple = param(RANKS, kind="list", rule="LW-2.3", group=WORK,
                                help="Worker dice of each player (subset of d4 d6 d8)",
                                help_ja="各プレイヤーのワーカーのダイス（d4 d6 d8 から）")
    max_health: dict = param(default_factory=lambda: {"d4": 4, "d6": 6, "d8": 8},
                             fixed_rows=True, item_range=(1, 20), rule="LW-0.2", group=WORK,
                             help="Maximum (and starting) Health by die",
                             help_ja="ダイスごとの体力の上限（と最初の体力）")
    actions_per_rank: dict = param(default_factory=lambda: {"d4": 1, "d6": 2, "d8": 3},
                                   fixed_rows=True, item_range=(0, 6), rule="LW-5.3", group=WORK,
                                   help="Actions a placed worker gives, by die",
                                   help_ja="置いたワーカーがダイスごとに得るアクションの数")
    unplaceable_health: int = param(1, range=(1, 4), rule="LW-5.1", group=WORK,
                                    help="A worker at this Health or below cannot be placed",
                                    help_ja="体力がこの値以下のワーカーは置けない")
    payment_floor: int = param(1, range=(1, 2), rule="LW-A4", group=WORK,
                               help="A Health payment must leave at least this much",
                               help_ja="体力の支払いのあとに最低限残す体力")
    push_same_rank_cost: int = param(1, range=(0, 3), rule="LW-8.3", group=WORK,
                                     help="Health the pusher pays for a same-rank push",
                                     help_ja="同じランクを押し出すときに押し出す側が払う体力")
    pushed_health_loss: int = param(1, range=(0, 3), rule="LW-8.4", group=WORK,
                                    help="Health the pushed-out worker loses (stops at 1)",
                                    help_ja="押し出されたワーカーが失う体力（1で止まる）")
    university_slots: int | None = param(None, range=(1, 5), optional=True, rule="LW-7.1",
                                         group=WORK, help="University slots (empty: players − 1)",
                                                     help_ja="大学の枠の数（空欄：人数 − 1）")
    university_eject_health_loss: int = param(0, range=(0, 3), rule="LW-A21", group=WORK,
                                              help="Health lost by a worker ejected from the "
                                                   "University (stops at 1)",
                                              help_ja=("大学から追い出されたワーカーが失う体力（"
                                                       "1で止まる）"))
    rest_heal: int = param(2, range=(0, 8), rule="LW-9.1", group=WORK,
                           help="Health each worker in supply heals on a Rest",
                           help_ja="休息でサプライの各ワーカーが回復する体力")
    # -- cards and draft ------------------------------------------------------------------------------
    event_cards_per_year: int = param(25, range=(3, 25), rule="LW-1.2", group=CARDS,
                                      help="Event cards in each year's deck (first N of the "
                                           "year in events.csv)",
                                      help_ja=("各学年の山札のイベントカードの枚数（events.csv "
                                               "のその学年の最初の N 枚）"))
    draft_hand_size: int = param(5, range=(1, 8), rule="LW-3.3", group=CARDS,
                                 help="Event cards dealt to each player for the draft",
                                 help_ja="ドラフトで各プレイヤーに配るイベントカードの枚数")
    draft_pass_direction: str = param("left", choices=("left", "right"), rule="LW-A2",
                                      group=CARDS, help="Draft hands pass to the next seat "
                                                        "clockwise (left) or back",
                                                   help_ja=("ドラフトの手札を時計回りの次の席（"
                                                            "左）に渡す、または逆に渡す"))
    carry_over_cards: int = param(1, range=(0, 3), rule="LW-11.4", group=CARDS,
                                  help="Cards kept face down at round end",
                                  help_ja="ラウンドの終わりに裏向きで残すカードの枚数")
    assignment_cards_per_year: int = param(9, range=(1, 9), rule="LW-1.2", group=CARDS,
                                           help="Assignment cards in each year's deck",
                                           help_ja="各学年の山札の課題カードの枚数")
    assignment_display: int | None = param(None, range=(1, 9), optional=True, rule="LW-3.2",
                                           group=CARDS, help="Assignments on display "
                                                             "(empty: players + 1)",
                                                        help_ja="場に出す課題の数（空欄：人数＋1）")
    familiar_slots: int = param(1, range=(1, 3), rule="LW-7.6", group=CARDS,
                                help="Familiars per die (a new one covers the oldest)",
                                help_ja=("ダイスごとの使い魔の数（新しいものが最も古いものに重な"
                                         "る）"))
    facility_slots: int = param(3, range=(1, 5), rule="LW-7.8", group=CARDS,
                                help="Facility slots per workshop",
                                help_ja="工房ごとの施設の枠の数")
    area_bonus_from_round: int = param(2, range=(1, 4), rule="LW-6.2", group=WORK,
                                       help="First round with Area bonuses (4: never)",
                                       help_ja="エリアのボーナスが始まるラウンド（4：なし）")
    # -- rounds -----------------------------------------------------------------------------------------
    achievement_tokens_per_player: int | None = param(5, range=(1, 27), optional=True,
                                                      rule="LW-A10", group=SCORE,
                                                      help="Achievement tokens per player, "
                                                           "back each round (empty: no cap)",
                                                      help_ja=("各プレイヤーの達成トークンの数。"
                                                               "毎ラウンド戻る（空欄：上限なし）"))
    forced_pass_vp: int = param(1, range=(0, 5), rule="LW-10.4", group=SCORE, tune=True,
                                help="VP for each forced pass (the first pass gives 0)",
                                help_ja="強制パスごとのVP（最初のパスは0）")
    resource_cap: int = param(5, range=(0, 30), rule="LW-11.5", group=FLOW, tune=True,
                              help="Resources kept at round end",
                              help_ja="ラウンドの終わりに残せる資源の数")
    cap_applies_final_round: bool = param(True, rule="LW-A14", group=FLOW,
                                          help="The resource cap applies after round 3 too",
                                          help_ja="資源の上限を3ラウンドのあとにも適用する")
    heal_at_round_end: int = param(0, range=(0, 8), rule="LW-A15", group=FLOW,
                                   help="Health every worker heals at round end",
                                   help_ja="ラウンドの終わりに各ワーカーが回復する体力")
    max_action_turns_per_round: int = param(40, range=(3, 200), rule="LW-A18", group=FLOW,
                                            tune=False,
                                            help="Engine safeguard: Action turns per player "
                                                 "and round before assignment mode is forced",
                                            help_ja=("エンジンの安全装置：課題モードに強制される"
                                                     "までのプレイヤーごと・ラウンドごとのアクシ"
                                                     "ョン手番の数"))
    # -- scoring -----------------------------------------------------------------------------------------
    assignment_vp_ratio: tuple = param((100, 75, 50), kind="list", item_range=(0, 100),
                                       rule="LW-10.2", group=SCORE,
                                       help="Percent of an assignment's VP for the 1st, 2nd, "
                                            "3rd-and-later completion (rounded down)",
                                       help_ja=("課題の1番目、2番目、3番目以降の達成で得るVPの割"
                                                "合（％、切り捨て）"))
    legacy_types: int = param(3, range=(1, 3), rule="LW-1", group=SCORE,
                              help="Legacy types in play (Weapon, Curio, Ritual)",
                              help_ja="使うレガシーの種類（武器、雑貨、祭器）")
    legacy_per_type: int = param(6, range=(0, 30), rule="LW-A1", group=SCORE,
                                 help="Legacy tokens of each type in stock (draft: 6 or 9)",
                                 help_ja=("ストックにある種類ごとのレガシートークンの数（草案：6"
                                          "か9）"))
    legacy_majority_vp: int = param(8, range=(0, 30), rule="LW-12.2", group=SCORE, tune=True,
                                    help="VP for the most tokens of a type (tie: split, "
                                         "rounded down)",
                                    help_ja=("種類ごとにトークンが最も多い人のVP（同点：分けて切"
                                             "り捨て）"))
    tiebreak: str = param("elixir", choices=("elixir", "none"), rule="LW-12.3", group=SCORE,
                          help="Tie for most VP: most Elixir left, then a draw",
                          help_ja="最多VPの同点：エリクサーが多く残った方、それでも引き分け")
    # -- rule variants (the draft's change list as switches; default = the draft) --------------------
    university_exchange: bool = param(True, rule="LW-V1", group=VARIANTS,
                                      help="The University offers Resource Exchange (change "
                                           "list); off: Card Play only",
                                      help_ja=("大学で資源交換ができる（変更点）。オフ：カードの"
                                               "プレイのみ"))
    start_compensation: str = param("as_listed", choices=("as_listed", "last_seat_most"),
                                    rule="LW-V2", group=VARIANTS, acts_at=(3,),
                                    label_ja="開始資源の補正（3人）",
                                    help="Starting resources at 3 players: as listed by turn "
                                         "position (the draft: 2/3/3), or last_seat_most = the "
                                         "3rd seat takes the 4th position's value (2/3/4: the "
                                         "draft's ladder gives the last seats the most); 4 and "
                                         "5 players are unchanged",
                                    help_ja=("3人の最初の資源：手番順の表どおり（草案：2/3/3）、ま"
                                             "たは last_seat_most＝3番目の人が4番目の値を得る（2/3/4"
                                             "：草案の段階は最後の席に最も多く与える）。4人と5人は"
                                             "変わらない"))

    def start_resources(self) -> tuple[int, ...]:
        """LW-2.6's starting resources of each turn position at this table (LW-V2: at 3
        players, ``last_seat_most`` gives the last seat the 4th position's value)."""
        listed = tuple(self.start_resources_by_seat[:self.players])
        if self.start_compensation == "last_seat_most" and self.players == 3:
            return (*listed[:2], self.start_resources_by_seat[3])
        return listed

    def check_consistency(self) -> None:
        """Cross-field checks; each names the field to change and the one it clashes with."""
        if str(self.players) not in self.areas_by_players:
            raise ParamError("areas_by_players", bi("no entry for {n} players",
                                                    "{n} 人の行がありません", n=self.players))
        areas = self.areas_by_players[str(self.players)]
        need = areas * self.exploration_cards_per_area
        if self.exploration_deck_size < need:
            raise ParamError("exploration_deck_size", bi(
                "{d} is too few for {a} Areas × {k} cards (at least {need})",
                "{d} ではエリア {a} 個 × {k} 枚に足りません（{need} 枚以上）",
                d=self.exploration_deck_size, a=areas, k=self.exploration_cards_per_area,
                need=need))
        if len(self.start_resources_by_seat) < self.players:
            raise ParamError("start_resources_by_seat", bi(
                "needs {n} values, one per turn position", "手番順ごとに1つ、{n} 個の値が必要です",
                n=self.players))
        if self.start_compensation == "last_seat_most" and len(self.start_resources_by_seat) < 4:
            raise ParamError("start_resources_by_seat", bi(
                "needs a 4th value for start_compensation = last_seat_most (LW-V2)",
                "start_compensation = last_seat_most（LW-V2）には4番目の値が必要です"))
        ranks = self.worker_ranks
        if not ranks or any(r not in RANKS for r in ranks) or len(set(ranks)) != len(ranks):
            raise ParamError("worker_ranks", bi(
                "{r} must be distinct dice among d4 d6 d8", "{rj}：d4 d6 d8 から重ならないように"
                "選んでください", r=" ".join(map(str, ranks)) or "nothing",
                rj=" ".join(map(str, ranks)) or "なし"))
        for table in ("max_health", "actions_per_rank"):
            missing = [r for r in ranks if r not in getattr(self, table)]
            if missing:
                raise ParamError(table, bi("no value for {m}", "{m} の値がありません",
                                           m=", ".join(missing)))
        if self.players * self.draft_hand_size > self.event_cards_per_year:
            raise ParamError("draft_hand_size", bi(
                "{h} cards for {n} players need {need} event cards a year, more than "
                "event_cards_per_year = {y}", "{n} 人に {h} 枚ずつでは1年にイベントカードが "
                "{need} 枚必要で、event_cards_per_year = {y} より多くなります",
                h=self.draft_hand_size, n=self.players, need=self.players * self.draft_hand_size,
                y=self.event_cards_per_year))
        display = self.assignment_display or self.players + 1
        if display > self.assignment_cards_per_year:
            raise ParamError("assignment_display", bi(
                "{d} cards on display but only {y} per year", "場に {d} 枚並べるのに、1年に "
                "{y} 枚しかありません", d=display, y=self.assignment_cards_per_year))
        if not self.assignment_vp_ratio:
            raise ParamError("assignment_vp_ratio", bi("needs at least one percentage",
                                                       "割合が1つ以上必要です"))
        if len(self.assignment_vp_ratio) > ASSIGNMENT_COMPLETIONS:
            raise ParamError("assignment_vp_ratio", bi(
                "{n} values, but the rules read {k} (1st, 2nd, 3rd-and-later completion, "
                "LW-10.2): the rest would never count", "{n} 個の値がありますが、ルールが読むのは "
                "{k} 個です（1番目、2番目、3番目以降の達成、LW-10.2）：残りは使われません",
                n=len(self.assignment_vp_ratio), k=ASSIGNMENT_COMPLETIONS))

    # -- derived values ------------------------------------------------------------------------------
    def slots(self) -> int:
        return self.university_slots or self.players - 1

    def display_size(self) -> int:
        return self.assignment_display or self.players + 1

    def areas(self) -> int:
        return self.areas_by_players[str(self.players)]
