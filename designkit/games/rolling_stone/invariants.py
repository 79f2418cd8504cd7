"""What can never be true of a Life is Rolling Stone position (checked after every step).

Codes:

- ``cards_conserved``: every album card of the game is in exactly one place —
  a stage deck, the common field, an album, a discard pile, the cards removed
  at a settlement (LR-11.2, LR-10.1), or on its way into an album (a ``place``
  task or the open placement question);
- ``dreams_conserved``: every dream card is in exactly one place — unseen
  pool, a hand, a hidden choice (LR-A10) or a skill (LR-4.1);
- ``events_conserved``: every event card is in its stage's pool, the row or done;
- ``dice_valid``: each die is one of the 24 orientations (LR-8.1) and lies on a
  card of its owner's album (LR-2.5, LR-7.6);
- ``album_limit``: the album fits its rows × cols frame (LR-7.2), keeps the
  character card at its centre, is one orthogonally connected group (LR-7.1), and its
  counts (cards, ★) match its cells;
- ``power_supply``: power is never negative nor above a limited supply (LR-A19).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from designkit.core.invariants import Violation
from designkit.games.rolling_stone.state import CHARACTER, Phase, RollingStoneState


def check_state(st: RollingStoneState) -> list[Violation]:
    """Every broken invariant of ``st`` (an empty list for a possible position)."""
    out: list[Violation] = []
    _cards(st, out)
    _dreams(st, out)
    _events(st, out)
    _dice(st, out)
    _albums(st, out)
    _power(st, out)
    return out


def _once(counts: Counter[Any], universe: range, what: str, code: str,
          out: list[Violation], name: Any) -> None:
    for x, k in counts.items():
        if x not in universe:
            out.append(Violation(code, f"{x!r} is not a {what} of this game"))
            return
        if k > 1:
            out.append(Violation(code, f"{what} {name(x)} is in {k} places"))
            return
    missing = [x for x in universe if not counts[x]]
    if missing:
        out.append(Violation(code, f"{what} {name(missing[0])} is nowhere"
                             + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else "")))


def _in_flight(st: RollingStoneState) -> list[int | None]:
    """Album cards taken or drawn but not yet placed (their ``place`` task or question)."""
    index = st.rules.card_index
    cards = [index.get(t[2]) for t in st.stack if t[0] == "place"]
    if st.phase is Phase.PLACE:
        cards.append(index.get(st.ctx[1]))
    return cards


def _cards(st: RollingStoneState, out: list[Violation]) -> None:
    rules = st.rules
    seen: Counter[Any] = Counter()
    for deck in st.decks:
        seen.update(deck)
    seen.update(st.field)
    seen.update(st.removed)
    for album in st.album:
        seen.update(v for v in album if v)
    for pile in st.discard:
        seen.update(pile)
    seen.update(_in_flight(st))
    _once(seen, range(1, len(rules.cards)), "album card", "cards_conserved", out,
          rules.card_id)


def _dreams(st: RollingStoneState, out: list[Violation]) -> None:
    seen: Counter[Any] = Counter(st.dream_pool)
    for s in range(st.n):
        seen.update(st.hands[s])
        seen.update(st.pending[s])
        seen.update(d for _, d in st.skills[s])
    dreams = st.rules.dreams
    _once(seen, range(len(dreams)), "dream card", "dreams_conserved", out,
          lambda d: dreams[d].id)


def _events(st: RollingStoneState, out: list[Violation]) -> None:
    seen: Counter[Any] = Counter(st.events_row + st.events_done)
    for pool in st.event_pool:
        seen.update(pool)
    events = st.rules.events
    _once(seen, range(len(events)), "event card", "events_conserved", out,
          lambda e: events[e].id)


def _dice(st: RollingStoneState, out: list[Violation]) -> None:
    rules = st.rules
    count = len(rules.dice.orients)
    for p in range(st.n):
        for k, colour in enumerate(rules.colours):
            if not 0 <= st.dice[p][k] < count:
                out.append(Violation("dice_valid", f"seat {p}'s {colour} die has no valid "
                                                   "orientation (LR-8.1)"))
            cell = st.dcell[p][k]
            if not 0 <= cell < rules.size or st.album[p][cell] is None:
                out.append(Violation("dice_valid", f"seat {p}'s {colour} die is not on a card "
                                                   f"of the album (LR-7.6)"))


def _albums(st: RollingStoneState, out: list[Violation]) -> None:
    rules = st.rules
    for p, album in enumerate(st.album):
        if album[rules.center] != CHARACTER or album.count(CHARACTER) != 1:
            out.append(Violation("album_limit", f"seat {p}'s character card is not at the "
                                                "centre of the album (LR-2.4)"))
            continue
        cells = [i for i, v in enumerate(album) if v is not None]
        rows = {rules.row_of[i] for i in cells}
        cols = {rules.col_of[i] for i in cells}
        if max(rows) - min(rows) >= rules.rows or max(cols) - min(cols) >= rules.cols:
            out.append(Violation("album_limit", f"seat {p}'s album is larger than "
                                                f"{rules.rows}×{rules.cols} (LR-7.2)"))
        frame = st.frame[p]
        if frame is not None and not (frame[0] <= min(rows) and max(rows) <= frame[1]
                                      and frame[2] <= min(cols) and max(cols) <= frame[3]):
            out.append(Violation("album_limit", f"seat {p}'s album leaves its fixed frame"))
        if not _connected(st, cells):
            out.append(Violation("album_limit", f"seat {p}'s album has a card not connected "
                                                "to the rest (LR-7.1: each card is placed "
                                                "orthogonally next to another)"))
        cards = [c for i in cells if (c := album[i])]
        if st.placed[p] != len(cards) or st.stars[p] != sum(rules.card_stars[c] for c in cards):
            out.append(Violation("album_limit", f"seat {p}'s card or ★ count does not match "
                                                "the album"))


def _connected(st: RollingStoneState, cells: list[int]) -> bool:
    """LR-7.1, LR-7.3: every card went next to a card already there (an overwrite keeps
    the cell filled), so the occupied cells form one orthogonally connected group."""
    rules = st.rules
    at = {(rules.row_of[i], rules.col_of[i]) for i in cells}
    start = (rules.row_of[rules.center], rules.col_of[rules.center])
    todo, reached = [start], {start}
    while todo:
        r, c = todo.pop()
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in at and nb not in reached:
                reached.add(nb)
                todo.append(nb)
    return len(reached) == len(at)


def _power(st: RollingStoneState, out: list[Violation]) -> None:
    supply = st.params.power_supply
    if min(st.power) < 0:
        out.append(Violation("power_supply", "a seat has negative power"))
    if supply is not None and sum(st.power) > supply:
        out.append(Violation("power_supply", f"{sum(st.power)} power handed out from a supply "
                                             f"of {supply} (LR-A19)"))


# -- declarations for the contract suite (Game.components, Game.hidden_zones) -------------------
def components(st: RollingStoneState) -> dict[str, int]:
    """Album, dream and event cards by ID over all places, and the dice (LR-1)."""
    rules = st.rules
    out: Counter[str] = Counter()
    cards = [c for deck in st.decks for c in deck] + st.field + st.removed
    cards += [v for album in st.album for v in album if v] + [c for d in st.discard for c in d]
    out.update(f"card {rules.card_id(c)}" for c in cards + _in_flight(st) if c is not None)
    dreams = st.dream_pool + [d for s in range(st.n) for d in (*st.hands[s], *st.pending[s])]
    dreams += [d for s in range(st.n) for _, d in st.skills[s]]
    out.update(f"dream {rules.dreams[d].id}" for d in dreams)
    events = st.events_row + st.events_done + [e for pool in st.event_pool for e in pool]
    out.update(f"event {rules.events[e].id}" for e in events)
    out["die"] = sum(len(d) for d in st.dice)
    return dict(out)


def hidden_zones(st: RollingStoneState, seat: int) -> list[list[tuple[str | int, ...]]]:
    """Dream cards (LR-4): the other seats' hands and hidden passes, and the dream pool; the
    left neighbour's hand is left out (``seat`` knows the dreams it passed there). Each
    stage deck on its own (its order is hidden; the cards differ by stage)."""
    left = (seat + 1) % st.n
    dreams: list[tuple[str | int, ...]] = [("hands", q) for q in range(st.n)
                                           if q not in (seat, left)]
    dreams += [("pending", q) for q in range(st.n) if q != seat] + [("dream_pool",)]
    decks: list[list[tuple[str | int, ...]]] = [[("decks", str(k))]
                                                for k in range(1, len(st.decks))]
    return [dreams, *decks]
