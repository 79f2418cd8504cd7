"""Life is Rolling Stone position: flat lists per seat, a task stack, a cheap clone.

The album of each seat is a list of cells on a padded grid around the
character card (cell ``CENTER`` is ``(0, 0)``), so adjacency is an index step
and the floating frame (LR-7.2) is a bounding-box check. A die is an index
into the 24 orientations of :mod:`dice`; a card is an index into the
compiled card list, ``CHARACTER`` (0) being the character card.

The game advances through a stack of small tasks (``("turn", seat)``,
``("place", seat, card, source)``, ``("fx", seat, op, source)`` …), each
handled by one rule function. A task that needs a decision or a chance outcome
sets ``phase``/``ctx`` and waits; everything else runs straight through. The
stack holds plain tuples, so it clones and serialises for free and effects
that need decisions (an orientation after a reroll, a die chosen among ties)
slot in without special cases.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from designkit.core.cardtable import CompiledRules, Stamp
from designkit.core.flow import Flow, FlowState
from designkit.games.rolling_stone.cards import (
    AlbumCard,
    DreamCard,
    EventCard,
    load_album_cards,
    load_dreams,
    load_events,
    table_stamp,
)
from designkit.games.rolling_stone.dice import DiceTable, dice_table
from designkit.games.rolling_stone.params import RollingStoneParams

CHARACTER = 0  # card index of the character card in every album

#: Categories of VP, so a balance study can see where points come from.
VP_PARTS = ("settlement", "event", "skill", "dream", "dice", "adversity", "full_album",
            "start_marker")
VP_SETTLE, VP_EVENT, VP_SKILL, VP_DREAM, VP_DICE, VP_ADVERSITY, VP_FULL, VP_MARKER = range(8)

STAGE_NAMES = {1: ("Junior", "ジュニア"), 2: ("Adult", "アダルト"), 3: ("Senior", "シニア")}


class Phase(enum.IntEnum):
    RUN = 0            # between steps (a hand-built scenario before ``resume``)
    DEAL = 1           # chance: one dream card dealt (LR-2.1)
    PASS = 2           # decision: a dream to pass left (LR-2.2)
    CHAR_CELL = 3      # decision: the character card's cell (album_frame fixed_at_setup)
    ROLL = 4           # chance: a die roll (LR-2.5, reroll LR-8.4)
    ORIENT = 5         # decision: orientation of a die with a given top (LR-2.5, LR-8.4)
    ORIENT_RANDOM = 6  # chance: orientation (reorient_after_nonmove_change = random)
    START = 7          # chance: start player among the tied (LR-2.6)
    DISCARD = 8        # decision: dream discarded as this stage's skill (LR-4.1)
    EVENT = 9          # chance: an event card laid out (LR-4.4)
    DRAW = 10          # chance: an album card from the stage deck (LR-5.1, LR-6.4)
    ORDER = 11         # decision: order slot (LR-5.2)
    MOVE_DIE = 12      # decision: slot-2 / tumble_die — which die, or skip (LR-8.3)
    MOVE_DIR = 13      # decision: direction of that die's move (LR-8.3)
    USE = 14           # decision: use an optional skill now (LR-A34)
    TARGET = 15        # decision: which die an effect changes (ties, "choose")
    TAKE = 16          # decision: the common-field card (LR-6.3)
    PLACE = 17         # decision: the cell for a card (LR-7)
    RECALL = 18        # decision: the discard-pile card to place (place_from_discard)
    OVER = 19


CHANCE_PHASES = frozenset({Phase.DEAL, Phase.ROLL, Phase.ORIENT_RANDOM, Phase.START,
                           Phase.EVENT, Phase.DRAW})


@dataclass(frozen=True)
class Ruleset(CompiledRules, stamp=table_stamp):
    """Params and card tables compiled into lookup tables."""

    params: RollingStoneParams
    dice: DiceTable
    colours: tuple[str, ...]
    colour_index: dict[str, int]
    cards: tuple[AlbumCard | None, ...]        # index 0: the character card
    card_index: dict[str, int]
    card_dice: tuple[tuple[int, ...], ...]     # colour indices a card moves (LR-7.6)
    card_stars: tuple[int, ...]
    card_person: tuple[bool, ...]
    stage_cards: tuple[tuple[int, ...], ...]   # stage_cards[s]: the deck of stage s (s ≥ 1)
    dreams: tuple[DreamCard, ...]
    dream_index: dict[str, int]
    events: tuple[EventCard, ...]
    event_index: dict[str, int]
    stage_events: tuple[tuple[int, ...], ...]
    rows: int
    cols: int
    stride: int          # cells per grid row
    size: int            # cells per album grid
    center: int          # cell of the character card
    step: tuple[int, int, int, int]   # cell offset of N, E, S, W
    rc: tuple[tuple[int, int], ...]   # (row, col) of each cell relative to the character
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    bonus: tuple[str, ...]            # order bonus of slot 1..k
    mid_stages: frozenset[int]
    stamp: tuple[tuple[str, Stamp], ...]
    actions: dict[Any, Any]           # cache of immutable Action values (hot path)

    @classmethod
    def _build(cls, p: RollingStoneParams, stamp: tuple[tuple[str, Stamp], ...]) -> Ruleset:
        colours = tuple(p.colours)
        cindex = {c: i for i, c in enumerate(colours)}
        cards: list[AlbumCard | None] = [None]
        stage_cards: list[tuple[int, ...]] = [()]
        for s in range(1, p.stages + 1):
            mine = [c for c in load_album_cards() if c.stage == s][:p.album_cards_per_stage]
            mine = [c for c in mine if any(a in cindex for a in c.attrs)]
            stage_cards.append(tuple(range(len(cards), len(cards) + len(mine))))
            cards.extend(mine)
        dreams = load_dreams()[:p.dream_cards_total]
        events: list[EventCard] = []
        stage_events: list[tuple[int, ...]] = [()]
        for s in range(1, p.stages + 1):
            mine_e = [e for e in load_events() if e.stage == s][:p.events_per_stage_in_box]
            stage_events.append(tuple(range(len(events), len(events) + len(mine_e))))
            events.extend(mine_e)
        rows, cols = p.album_rows, p.album_cols
        stride = 2 * cols + 1
        size = (2 * rows + 1) * stride
        rc = tuple((i // stride - rows, i % stride - cols) for i in range(size))
        return cls(
            params=p, dice=dice_table(p.dice_chirality), colours=colours, colour_index=cindex,
            cards=tuple(cards), card_index={c.id: i for i, c in enumerate(cards) if c},
            card_dice=tuple(() if c is None else tuple(cindex[a] for a in c.attrs if a in cindex)
                            for c in cards),
            card_stars=tuple(0 if c is None else c.stars for c in cards),
            card_person=tuple(False if c is None else c.person for c in cards),
            stage_cards=tuple(stage_cards), dreams=dreams,
            dream_index={d.id: i for i, d in enumerate(dreams)}, events=tuple(events),
            event_index={e.id: i for i, e in enumerate(events)},
            stage_events=tuple(stage_events), rows=rows, cols=cols, stride=stride, size=size,
            center=rows * stride + cols, step=(-stride, 1, stride, -1), rc=rc,
            row_of=tuple(r for r, _ in rc), col_of=tuple(c for _, c in rc),
            bonus=p.slot_bonuses(),
            mid_stages=frozenset(s for s in p.mid_settlement_after_stages if s < p.stages),
            stamp=stamp, actions={})

    def cell(self, r: int, c: int) -> int:
        return (r + self.rows) * self.stride + c + self.cols

    def album_card(self, i: int) -> AlbumCard:
        """Album card ``i``: never ``CHARACTER`` (0), the one index whose entry is ``None``."""
        card = self.cards[i]
        assert card is not None, "the character card is not an album card"
        return card

    def card_id(self, i: int) -> str:
        card = self.cards[i]
        return "character" if card is None else card.id


class RollingStoneState(FlowState):
    __slots__ = (
        "rules", "params", "log", "n",
        # flow (stack, phase, seat, ctx, options: FlowState)
        "stage", "round", "turn_no", "current",
        "marker", "slot_of", "board", "settling",
        # shared cards
        "decks", "field", "removed", "event_pool", "events_row", "events_done", "dream_pool",
        # per seat
        "hands", "pending", "gave", "skills", "active", "trig", "used", "album", "dice", "dcell",
        "box", "frame", "placed", "stars", "discard", "power", "vp", "parts", "snapshot",
        "final",
    )

    # the slots' types (a class-level annotation makes no class attribute, so it sits
    # beside ``__slots__`` for the type checker only)
    rules: Ruleset
    params: RollingStoneParams
    phase: Phase
    n: int
    stage: int
    round: int
    turn_no: int
    current: int | None                # the seat whose turn it is
    marker: int | None                 # the seat holding the start marker
    slot_of: list[int | None]          # each seat's order slot (1-based)
    board: list[int | None]            # the seat in each order slot
    settling: str | None               # "mid" or "final" while scoring settles
    decks: list[list[int]]             # album cards per stage (unordered pools)
    field: list[int]
    removed: list[int]
    event_pool: list[list[int]]
    events_row: list[int]
    events_done: list[int]
    dream_pool: list[int]
    hands: list[list[int]]             # [seat]: dream cards in hand
    # tuple rows: rarely written, so a clone shares them (core.rows; a write replaces the row)
    pending: list[tuple[int, ...]]     # as ``gave`` … ``skills``
    gave: list[tuple[int, ...]]
    skills: list[tuple[tuple[int, int], ...]]     # [seat]: (stage learnt, dream card)
    active: list[tuple[int, ...]]      # [seat]: dream cards whose skill works now
    trig: list[frozenset[str]]         # [seat]: the triggers of those skills
    used: list[tuple[str, ...]]        # [seat]: limit keys of skills used (LR-A34)
    album: list[tuple[int | None, ...]]  # [seat][cell]: album card (CHARACTER at CENTER)
    # tuple rows (core.rows), as below: written per tumble, copied per clone far more often
    dice: list[tuple[int, ...]]        # [seat][die]: an orientation index (dice.orients)
    dcell: list[tuple[int, ...]]       # [seat][die]: the cell the die sits on
    box: list[tuple[int, int, int, int]]   # [seat]: rows and columns spanned (min, max, min, max)
    frame: list[tuple[int, int, int, int] | None]   # [seat]: the fixed frame (LR-7.2)
    placed: list[int]
    stars: list[int]
    discard: list[tuple[int, ...]]     # tuple rows (core.rows)
    power: list[int]
    vp: list[int]
    parts: list[tuple[int, ...]]       # [seat][VP_PARTS index], tuple rows (core.rows)
    snapshot: list[tuple[int, ...]] | None   # the dice as the mid-game settling found them
    final: tuple[int, ...] | None      # the VP when the game ended

    def clone(self) -> RollingStoneState:
        c = self.clone_flow()
        rows = list.copy   # map(list.copy, …): no comprehension frame per field
        c.stage, c.round, c.turn_no, c.current = self.stage, self.round, self.turn_no, \
            self.current
        c.marker, c.settling = self.marker, self.settling
        c.slot_of, c.board = self.slot_of[:], self.board[:]
        c.decks = list(map(rows, self.decks))   # lists: random play draws a card per turn
        c.field, c.removed = self.field[:], self.removed[:]
        c.event_pool = list(map(rows, self.event_pool))
        c.events_row, c.events_done = self.events_row[:], self.events_done[:]
        c.dream_pool = self.dream_pool[:]
        c.hands = list(map(rows, self.hands))
        c.pending, c.gave, c.skills = self.pending[:], self.gave[:], self.skills[:]
        c.active, c.trig, c.used = self.active[:], self.trig[:], self.used[:]
        c.album = self.album[:]   # tuple rows, replaced when written (core.rows)
        c.dice, c.dcell, c.box = self.dice[:], self.dcell[:], self.box[:]   # tuple rows
        c.frame = self.frame[:]
        c.placed, c.stars = self.placed[:], self.stars[:]
        c.discard = self.discard[:]
        c.power, c.vp = self.power[:], self.vp[:]
        c.parts = self.parts[:]
        c.snapshot = self.snapshot
        c.final = self.final
        return c

    # -- small queries shared by rules, bots, view and tests ---------------------------------------
    def top(self, seat: int, k: int) -> int:
        return self.rules.dice.top[self.dice[seat][k]]

    def tops(self, seat: int) -> list[int]:
        top = self.rules.dice.top
        return [top[i] for i in self.dice[seat]]

    def dice_sum(self, seat: int) -> int:
        top = self.rules.dice.top
        return sum(top[i] for i in self.dice[seat])

    def album_cards(self, seat: int) -> list[int]:
        """Album card indices in the album of ``seat`` (the character card excluded)."""
        return list(filter(None, self.album[seat]))   # None and CHARACTER (0) left out

    def cells(self, seat: int) -> dict[tuple[int, int], int]:
        """Occupied cells as ``{(row, col): card index}`` (the character card is 0)."""
        rc = self.rules.rc
        return {rc[i]: v for i, v in enumerate(self.album[seat]) if v is not None}


#: the task, decision and chance registry of Life is Rolling Stone (see designkit.core.flow)
FLOW = Flow(Phase)
RollingStoneState.flow = FLOW
