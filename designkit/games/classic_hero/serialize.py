"""The documented JSON form of a Classic Hero state (everything; nothing here is hidden).

Cards, Demon Lords, races and abilities appear by their CSV IDs, dice as
``[value, "W" | "R", used]``. Keys:

``players, phase, seat, ctx, stack, forced, stage, turn_no, track [id | null] (slots 1..N),
pos [], start_order [], goal_order [], event_deck [ids], lord_deck [ids],
lords_up [[id, [marked]]], skill_deck [ids], display [ids], race [id | null],
abilities [[ids]], spent [[ids]], dice [[[value, colour, used]]], blessings [], vp [],
vp_parts [{category: vp}], taken [[ids]], artifacts [[types]], shortfalls {}, first_seat,
log [events]``.

``stack`` lists the tasks still to run, next first; ``ctx`` is the context of
the question now due (seats, die positions, IDs and numbers only).
"""

from __future__ import annotations

from typing import Any

from designkit.core.events import Event
from designkit.core.flow_dict import last_from_json, last_to_json, listify, tuplify
from designkit.core.invariants import BadStateValue, parse_checked
from designkit.games.classic_hero.actions import HeroAction
from designkit.games.classic_hero.invariants import derive_out
from designkit.games.classic_hero.params import ClassicHeroParams
from designkit.games.classic_hero.setup import blank_state
from designkit.games.classic_hero.state import FLOW, VP_PARTS, ClassicHeroState, Phase, Ruleset


def state_to_dict(st: ClassicHeroState) -> dict[str, Any]:
    r = st.rules
    eid = lambda e: r.events[e].id  # noqa: E731
    aid = lambda a: r.abilities[a].id  # noqa: E731
    return {
        "players": st.n, "phase": st.phase.name, "seat": st.seat, "ctx": listify(st.ctx),
        "stack": [listify(t) for t in reversed(st.stack)], "forced": st.forced,
        "last": last_to_json(st), "stage": st.stage, "turn_no": st.turn_no,
        "track": [None if e is None else eid(e) for e in st.track[1:r.goal]],
        "pos": st.pos[:], "start_order": st.start_order[:], "goal_order": st.goal_order[:],
        "event_deck": [eid(e) for e in st.event_deck],
        "lord_deck": [r.lords[b].id for b in st.lord_deck],
        "lords_up": [[r.lords[b].id, list(m)] for b, m in st.lords_up],
        "skill_deck": [aid(a) for a in st.skill_deck], "display": [aid(a) for a in st.display],
        "race": [None if x is None else r.races[x].id for x in st.race],
        "abilities": [[aid(a) for a in ab] for ab in st.abilities],
        "spent": [[aid(a) for a in sp] for sp in st.spent],
        "dice": [[[v, "R" if red else "W", used] for v, red, used in d] for d in st.dice],
        "blessings": st.bless[:], "vp": st.vp[:],
        "vp_parts": [{VP_PARTS[i]: parts[i] for i in r.parts} for parts in st.parts],
        "taken": [[eid(e) for e in t] for t in st.taken],
        "artifacts": [list(a) for a in st.artifacts], "shortfalls": dict(st.shortfalls),
        "first_seat": st.first_seat,
        **_variant_to_dict(st),
        "log": [e.to_dict() for e in st.log] if st.log is not None else None,
    }


def _variant_to_dict(st: ClassicHeroState) -> dict[str, Any]:
    """The rule variants' own state, written only where the variant is on, so a draft's
    saved states and records keep the form they always had."""
    p, r = st.params, st.rules
    out: dict[str, Any] = {}
    if p.reroll_each_stop or p.suit_effects:
        out["fixed"] = [list(f) for f in st.fixed]
    if p.red_dice_multi:
        out["red_once"] = [list(f) for f in st.red_once]
    if p.weakness_on:
        out["weaknesses"] = [[r.weaknesses[w].id for w in ws] for ws in st.weak]
        out["weakness_deck"] = [r.weaknesses[w].id for w in st.weak_deck]
    if p.shared_hp == "repeat":
        out["hp_by"] = [[[r.lords[b].id, h + 1] for b, h in hs] for hs in st.hp_by]
    return out


def _variant_from_dict(st: ClassicHeroState, data: dict[str, Any]) -> None:
    r = st.rules
    windex = {w.id: i for i, w in enumerate(r.weaknesses)}
    st.fixed = [tuple([int(i) for i in f]) for f in data.get("fixed", [[]] * st.n)]
    st.red_once = [tuple([int(i) for i in f]) for f in data.get("red_once", [[]] * st.n)]
    st.weak = [tuple([windex[x] for x in ws]) for ws in data.get("weaknesses", [[]] * st.n)]
    st.weak_deck = [windex[x] for x in data.get("weakness_deck", [])]
    st.hp_by = [tuple([(r.lord_index[b], int(h) - 1) for b, h in hs])
                for hs in data.get("hp_by", [[]] * st.n)]
    for key, value in (("fixed", st.fixed), ("red_once", st.red_once),
                       ("weaknesses", st.weak), ("hp_by", st.hp_by)):
        if len(value) != st.n:
            raise ValueError(f"{key}: {len(value)} seats, not {st.n}")


def state_from_dict(data: dict[str, Any], params: ClassicHeroParams | None = None,
                    log: bool = True) -> ClassicHeroState:
    """Rebuild a state; a malformed or impossible one is one ImpossibleState naming the key
    or the broken invariant (``core.invariants.parse_checked``, as in every game)."""
    from designkit.games.classic_hero.invariants import check_state

    def checked(st: ClassicHeroState) -> list:
        """The invariants, then the open question's options: a junk ``ctx`` trips there,
        so inside ``parse_checked`` (one ImpossibleState, not a TypeError)."""
        found = check_state(st)
        if not found and st.phase in FLOW.decisions:
            st.options = tuple(FLOW.decisions[st.phase].options(st))
        return found

    return parse_checked(lambda: _parse(data, params, log), checked)


def _parse(data: dict[str, Any], params: ClassicHeroParams | None, log: bool
           ) -> ClassicHeroState:
    p = params if params is not None else ClassicHeroParams(players=data.get("players", 3))
    r = Ruleset.compile(p)
    st = blank_state(r, log)
    key = "players"
    try:
        if data["players"] != p.players:
            raise ValueError(f"{data['players']} players, params say {p.players}")
        key = "phase"
        st.phase = Phase[data["phase"]]
        st.seat, st.ctx = data["seat"], tuplify(data["ctx"])
        key = "stack"
        st.stack = [tuplify(t) for t in reversed(data["stack"])]
        for t in st.stack:
            if not t or t[0] not in FLOW.tasks:
                raise ValueError(f"unknown task {t!r}")
        st.forced = int(data.get("forced", 0))
        key = "last"
        last_from_json(st, data.get("last"), HeroAction)
        st.stage, st.turn_no = int(data["stage"]), int(data["turn_no"])
        key = "track"
        st.track = [None, *[None if x is None else r.event_index[x] for x in data["track"]],
                    None]
        if len(st.track) != r.goal + 1:
            raise ValueError(f"needs {r.slots} slots")
        st.pos, st.start_order, st.goal_order = list(data["pos"]), list(data["start_order"]), \
            list(data["goal_order"])
        key = "event_deck"
        st.event_deck = [r.event_index[x] for x in data["event_deck"]]
        key = "lord_deck"
        st.lord_deck = [r.lord_index[x] for x in data["lord_deck"]]
        key = "lords_up"
        st.lords_up = [(r.lord_index[b], tuple(bool(v) for v in m)) for b, m in data["lords_up"]]
        key = "skill_deck"
        st.skill_deck = [r.ability_index[x] for x in data["skill_deck"]]
        st.display = [r.ability_index[x] for x in data["display"]]
        key = "race"
        st.race = [None if x is None else r.race_index[x] for x in data["race"]]
        key = "abilities"
        st.abilities = [tuple([r.ability_index[x] for x in ab]) for ab in data["abilities"]]
        st.spent = [tuple([r.ability_index[x] for x in sp]) for sp in data["spent"]]
        key = "dice"
        st.dice = [[(int(v), c == "R", bool(u)) for v, c, u in d] for d in data["dice"]]
        key = "blessings"
        st.bless, st.vp = [int(x) for x in data["blessings"]], [int(x) for x in data["vp"]]
        st.parts = [tuple([int(parts.get(k, 0)) for k in VP_PARTS])
                    for parts in data["vp_parts"]]
        key = "taken"
        st.taken = [tuple([r.event_index[x] for x in t]) for t in data["taken"]]
        st.artifacts = [tuple(a) for a in data["artifacts"]]
        st.shortfalls = dict(data.get("shortfalls", {"skills": 0, "lords": 0}))
        st.first_seat = data.get("first_seat")
        key = "variants"
        _variant_from_dict(st, data)
        key = "log"
        if log and data.get("log") is not None:
            st.log = [Event.from_dict(e) for e in data["log"]]
        derive_out(st)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as err:
        what = f"missing or unknown {err}" if isinstance(err, KeyError) else str(err)
        raise BadStateValue(key, what) from None
    return st
