"""The Witch Academia log reads as the rules do (issue 21): dice as d6 beside their seat, never
a resource letter that reads like a seat, no raw effect syntax, a skill logged when it
applies, a Rest in one line, the table told about the deal once, and every rule that decides
citing itself (LW-A2, LW-A7, LW-A8, LW-A9, LW-A11, LW-A14, LW-A17, LW-A20, LW-A22, LW-A25,
LW-A27, LW-A30, LW-A31, LW-A32, LW-A34, LW-A36)."""

from __future__ import annotations

import re

from designkit import get_game
from designkit.agents import make_agents
from designkit.cli import main
from designkit.core.events import TABLE, log_for
from designkit.core.play import play_game
from designkit.games.witch_academy.cards import VOCABULARY, op_text
from designkit.games.witch_academy.state import PASSED, UNIV, set_familiars
from tests.helpers.seats import A, B, C

from .conftest import place, play, res, resume, rules_logged, scenario

D4, D6, D8 = range(3)


def test_lw_8_2_names_both_workers_not_a_seat_letter() -> None:
    """LW-8.2: "B-d6 outranks A-d4", never "A d6 outranks a d4" (which reads as seat A)."""
    st = scenario(4, explore={"FOREST": ("EX-G-1", "EX-G-2")})
    place(st, A, D4, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d6"), ("target", "FOREST"))
    (ev,) = [e for e in st.log if e.rule == "LW-8.2"]
    assert ev.text == "B-d6 outranks A-d4: the push is free"
    placed = [e for e in st.log if e.rule == "LW-A22"]    # LW-A22: the Area held a worker
    assert placed and "A-d4 must be pushed out" in placed[0].text


def test_effects_are_words_in_both_languages() -> None:
    """No primitive of the effect language is logged as code (``heal(SELF, 2)``)."""
    for name, spec in VOCABULARY.items():
        args = [a.default if a.default is not None else 1 for a in spec.args.values()]
        for lang in ("en", "ja"):
            text = op_text((name, *args), lang)
            assert "(" not in text and "_" not in text, (name, text)


def test_costs_are_resource_names_not_letters(capsys) -> None:  # noqa: ANN001
    """LW-3.2, LW-10.1: "2 Ancient Snow", never "B2" (seat B?)."""
    assert main(["play", "witch_academy", "--players", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    costs = [ln for ln in out.splitlines() if ln.startswith(("LW-3.2: Assignment",
                                                             "LW-10.1:"))]
    assert costs and not [ln for ln in costs if re.search(r"\b[GBRWE]\d\b", ln)]


def test_the_table_reads_one_line_per_deal() -> None:
    """LW-3.3: each dealt card is seen by its receiver only; the table reads one line."""
    g = get_game("witch_academy")
    played = play_game(g, g.params_type(players=3), make_agents("random", 3), 1, log=True)
    table = [e.text for e in log_for(played.state.log, TABLE) if e.rule == "LW-3.3"]
    assert [t for t in table if "dealt" in t] == [
        f"Each player is dealt 5 year-{y} event cards" for y in (1, 2, 3)]
    mine = [e.text for e in log_for(played.state.log, A) if e.text.startswith("A is dealt ")]
    assert len(mine) == 15 and not [e for e in log_for(played.state.log, A)
                                    if e.text.startswith(("B is dealt", "C is dealt"))]


def test_a_rest_at_full_health_is_one_line() -> None:
    """LW-9.1 / LW-A30: nothing placed, all at full Health: one line, no capped heals."""
    st = scenario(3)
    resume(st, ("turn", A))
    start = len(st.log)
    play(st, ("rest", None))
    assert [e.rule for e in st.log[start:]] == ["LW-4.2", "LW-A30", "LW-9.3"]
    (ev,) = [e for e in st.log[start:] if e.rule == "LW-A30"]
    assert "already at full Health" in ev.text


def test_a_rest_names_its_recall_and_heals_in_one_line() -> None:
    """LW-9.1: recall from an Area and the University, heal what is in supply (capped),
    and LW-9.2: the University's slots shift."""
    st = scenario(3)
    place(st, A, D6, "FOREST")
    place(st, A, D8, UNIV)
    st.health[A] = (3, 2, 7)
    resume(st, ("turn", A))
    play(st, ("rest", None), ("recall", ("d6", "d8")))
    (ev,) = [e for e in st.log if e.rule == "LW-9.1"]
    assert ev.text == ("A Rests, recalling A-d6 from Forest of No Return, A-d8 from the "
                       "University: A-d4 heals 3 → 4 (capped at the maximum), A-d6 heals 2 → 4,"
                       " A-d8 heals 7 → 8 (capped at the maximum)")
    assert "LW-9.2" in rules_logged(st) and st.health[A] == (4, 4, 8)


def test_a_push_out_skill_is_logged_as_it_applies_lw_a36() -> None:
    """LW-A36: the Griffin's line comes after the push-out (LW-8.5), right before its gain."""
    st = scenario(4, year=2, explore={"FOREST": ("EX-G-6", "EX-G-1")})
    set_familiars(st, B, D8, (st.rules.event_index["FA2-5"],))
    place(st, A, D8, "FOREST")
    resume(st, ("turn", B))
    play(st, ("worker", "d8"), ("target", "FOREST"), ("colour", "W"))
    rules = rules_logged(st)
    assert rules.index("LW-8.5") < rules.index("LW-A36") < rules.index("LW-7.6")
    (ev,) = [e for e in st.log if e.rule == "LW-A36"]
    assert ev.text == ("B-d8's familiar Griffin FA2-5 (when this worker pushes another out): "
                       "+1 any basic resource")
    assert "on_push" not in "\n".join(e.text + e.text_ja for e in st.log)


def test_resolutions_cite_themselves() -> None:
    """LW-A17 (each forced pass scores), LW-A9 (a second completion), LW-A34 (Elixir
    exchanged away), LW-A25 (a request paid with Elixir)."""
    st = scenario(3)
    st.mode = [PASSED, 0, 0]
    resume(st, ("turn", A))
    assert "LW-A17" in rules_logged(st)
    st = scenario(4, display=("AS1-1",), resources={A: "G2 B2", B: "G2 B2"})
    resume(st, ("assign_turn", A))
    play(st, ("complete", "AS1-1"))
    resume(st, ("assign_turn", B))
    play(st, ("complete", "AS1-1"))
    (ev,) = [e for e in st.log if e.rule == "LW-A9"]
    assert "tokens already on it: A" in ev.text
    st = scenario(4, resources={A: "E2"}, hands={A: ("RQ1-1",)})
    resume(st, ("turn", A))
    play(st, ("worker", "d6"), ("target", UNIV), ("exchange", ("E", "G")), ("amount", 1))
    assert "LW-A34" in rules_logged(st)
    play(st, ("play", "RQ1-1"), ("pay", "E"))      # the other unit: the G, paid at once
    assert st.res[A] == res("")
    assert "LW-A25" in rules_logged(st)


def test_round_end_resolutions_cite_themselves() -> None:
    """LW-A27 (round-end effects in turn order), LW-A20 (a tie for the next order), LW-A11
    (the assignment cards leave), LW-A14 (the cap after the last round)."""
    st = scenario(3, rounds=2, order=(C, A, B), resources={A: "E6 G1"})
    ix = st.rules.event_index
    st.facilities[A] = ((ix["FC1-LIBRARY"],),)
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    rules = rules_logged(st)
    assert "LW-A27" in rules and "LW-11.3" in rules       # the Library applies at round end
    play(st, ("return", "E"), ("return", "E"))
    rules = rules_logged(st)
    assert "LW-A11" in rules and "LW-A20" in rules        # B and C tie on 0 VP
    (tie,) = [e for e in st.log if e.rule == "LW-A20"]
    assert tie.text == "C, B tie on 0 VP: the later in this round's order goes first, so B, C"
    st = scenario(3, rounds=1, resources={A: "E6 G1"})
    st.mode = [PASSED] * 3
    resume(st, ("round_end",))
    (cap,) = [e for e in st.log if e.rule == "LW-A14"]
    assert "7 resources (Elixir included)" in cap.text
