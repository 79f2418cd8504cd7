"""Every engine message the lab shows has its Japanese (issue 26).

The lab's 日本語 mode shows an engine message (an illegal action's reason, a parameter's
range or cross-field error, a bad card-table row or variant file) in Japanese only if the
engine wrote one beside the English (:mod:`designkit.core.messages`). Three checks:

* the catalog, read from the source: no message raised or returned in the modules whose
  messages the lab shows is a plain string (a literal or an f-string has no Japanese);
* illegal actions, tried in random games of every game: each reason is bilingual, and its
  Japanese holds Japanese and none of the English filler words of a missed translation;
* parameters: a bad value of every field, and the extremes of every range (which trip the
  games' cross-field checks), give bilingual errors.

``str()`` of a message stays the English, so the CLI, the logs and the goldens are unchanged.
"""

from __future__ import annotations

import ast
import pickle
import random
import re
from pathlib import Path

import pytest

from designkit import get_game
from designkit.core.errors import DataError, IllegalAction, ParamError
from designkit.core.game import CHANCE
from designkit.core.messages import Text, bi, in_lang, join, text_of

ROOT = Path(__file__).resolve().parents[2] / "designkit"
GAMES = ("crossroads", "witch_academy", "classic_hero", "rolling_stone")

#: the modules whose messages reach the lab (Parameters, Play, variant and table errors,
#: the bots a designer names)
LAB_MODULES = ("core/params.py", "core/flow.py", "core/game.py", "core/seats.py",
               "core/cardtable.py", "core/textfiles.py", "core/variants.py", "core/limits.py",
               "core/effects.py", "core/records.py",
               "agents/__init__.py", "agents/spec.py", "session.py",
               *(f"games/{g}/{m}.py" for g in GAMES for m in ("explain", "params")))
#: the error classes whose message is shown, and which argument is the message
RAISED = {"ParamError": 1, "DataError": 1, "IllegalAction": 0, "DesignkitError": 0, "fail": 0,
          "EffectError": 0, "RecordMismatch": 0}
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
#: words a half-translated Japanese line would still hold
FILLER = re.compile(r"\b(the|is|are|not|now|cannot|must|needs?|of|with|only|player|seat)\b")


def _plain_strings(tree: ast.AST) -> list[ast.AST]:
    """Message arguments that are plain text: a literal or an f-string (no Japanese)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            at = RAISED.get(name)
            if at is not None and len(node.args) > at and isinstance(
                    node.args[at], (ast.Constant, ast.JoinedStr, ast.BinOp)):
                found.append(node)
    return found


def _plain_returns(tree: ast.AST) -> list[ast.AST]:
    """``return "…"`` / ``return f"…"`` in an explainer (a reason with no Japanese)."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Return)
            and isinstance(node.value, (ast.JoinedStr, ast.BinOp))
            or isinstance(node, ast.Return) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)]


@pytest.mark.parametrize("module", LAB_MODULES)
def test_no_message_without_japanese(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    plain = _plain_strings(tree)
    if module.endswith("explain.py"):
        plain += _plain_returns(tree)
    assert [f"{module}:{n.lineno}: {ast.unparse(n)[:90]}" for n in plain] == []


def test_a_text_is_its_english_and_keeps_its_japanese() -> None:
    reason = Text("the game is over", "ゲームは終わっています")
    line = bi("{a} is not legal: {why}", "{a} は選べません：{why}", a="take 2", why=reason)
    assert line == "take 2 is not legal: the game is over" and str(line) == line
    assert type(str(line)) is str and line.ja == "take 2 は選べません：ゲームは終わっています"
    assert in_lang(line, "ja") == line.ja and in_lang(line, "en") == line
    assert in_lang("plain", "ja") == "plain"
    assert join([reason, "x"]).ja == "ゲームは終わっています、x"
    copy = pickle.loads(pickle.dumps(line))
    assert copy == line and copy.ja == line.ja
    err = pickle.loads(pickle.dumps(ParamError("players", bi("{n} is too many", "{n} は多すぎます",
                                                             n=9))))
    assert str(err) == "players: 9 is too many" and text_of(err).ja == "players：9 は多すぎます"
    data = DataError("cards.csv", Text("empty cell", "セルが空です"), row=3, column="cost")
    assert str(data) == "cards.csv, row 3, column 'cost': empty cell"
    assert text_of(data).ja == "cards.csv、3 行目、列 'cost'：セルが空です"
    # a detail in English alone stays English: no half-Japanese line
    assert not isinstance(text_of(DataError("x.csv", "oops")), Text)


def _japanese(text: str, what: str) -> None:
    assert isinstance(text, Text), f"{what}: no Japanese for {text!r}"
    assert CJK.search(text.ja), f"{what}: {text.ja!r}"
    stray = FILLER.findall(re.sub(r"'[^']*'|\([^)]*\)", " ", text.ja))
    assert not stray, f"{what}: English left in {text.ja!r}"


def _decision_states(name: str, seed: int, keep: int = 40) -> tuple[list, list]:
    """(states, pool): decision states of a random game, and every option seen in it."""
    game = get_game(name)
    rng = random.Random(seed)
    st = game.new_state(game.params_type())
    states, pool = [], {}
    while (who := game.to_move(st)) is not None:
        if who is CHANCE:
            game.apply(st, game.sample_chance(st, rng), check=False)
            continue
        legal = game.legal_actions(st)
        pool.update(dict.fromkeys(legal))
        if len(states) < keep:
            states.append(st.clone())
        game.apply(st, rng.choice(legal), check=False)
    return states, list(pool)


@pytest.mark.parametrize("name", GAMES)
def test_every_illegal_action_is_explained_in_japanese(name: str) -> None:
    game = get_game(name)
    tried = 0
    for seed in (1, 2):
        states, pool = _decision_states(name, seed)
        for st in states[::3]:
            legal = set(game.legal_actions(st))
            for action in [a for a in pool if a not in legal][:25]:
                with pytest.raises(IllegalAction) as err:
                    game.apply(st, action)
                _japanese(text_of(err.value), f"{name} {action!r}")
                tried += 1
    assert tried > 20


@pytest.mark.parametrize("name", GAMES)
def test_every_parameter_error_is_worded_in_japanese(name: str) -> None:
    params_type = get_game(name).params_type
    errors = []
    for field, spec in params_type.specs().items():
        bad = {"bool": "maybe", "choice": "zzz", "table": 5, "list": {"a": 1}}.get(
            spec.kind, 10 ** 9)
        with pytest.raises(ParamError) as err:
            params_type.check_value(field, bad)
        errors.append(err.value)
        for value in (spec.range or ()):  # a bound of one field breaks another's check
            try:
                params_type(**{field: int(value) if spec.kind == "int" else value})
            except ParamError as found:
                errors.append(found)
    assert len(errors) > len(params_type.specs())
    for err in errors:
        _japanese(text_of(err), f"{name} {err}")


@pytest.mark.parametrize("name", GAMES)
def test_every_table_need_is_worded_in_japanese(name: str) -> None:
    """A parameter asking more of a card table than it holds: the one line (what, how many,
    which parameters) comes in Japanese too."""
    game = get_game(name)
    needs = game.table_needs(game.params_type())
    assert needs
    for need in needs:
        _japanese(need.message(), f"{name} {need.file}")


#: effect texts each wrong in one way the parser or the block compiler names
BAD_EFFECTS = ("gain_vp(n=99)", "gain_vp(n=x)", "gain_vp(n=1.5)", "gain_vp(lucky=3)",
               "gain_vp(pick=c)", "gain_vp(pick=1)", "unknown_hook", "gain_vp(z=1)",
               "gain_vp(n=1, n=2)", "gain_vp(n=", "gain_vp(n=1 x)", "gain_vp $",
               "gain_vp gain_vp", "end", "if(op=ge); gain_vp", "if(op=ge); or; end",
               "may; else; end", "choose; gain_vp; end", "choose; gain_vp; else; end",
               "gain_vp(", "gain_vp(n=1)(", "nothing_takes(n=1)")


@pytest.mark.parametrize("text", BAD_EFFECTS)
def test_every_effect_error_is_worded_in_japanese(text: str) -> None:
    """A card table's effect cell that does not parse: the lab shows the parser's reason
    in 日本語 too, through the table's one-line error."""
    from designkit.core.effects import (
        Arg,
        EffectError,
        HookSpec,
        block_vocabulary,
        compile_blocks,
        condition_args,
        parse_effects,
    )

    vocabulary = {"gain_vp": HookSpec("gain_vp", "gain VP", {
        "n": Arg(int, 1, (0, 5)), "lucky": Arg(bool, False),
        "pick": Arg(str, "a", choices=("a", "b"))}),
        "nothing_takes": HookSpec("nothing_takes", "takes no argument"),
        **block_vocabulary(condition_args({}))}
    with pytest.raises(EffectError) as err:
        compile_blocks(parse_effects(text, vocabulary), lambda h: (h.name,), lambda h: h.args)
    _japanese(text_of(err.value), text)


def test_an_effect_error_in_a_card_table_keeps_its_japanese(tmp_path: Path) -> None:
    from designkit.core.cardtable import Column, load_table
    from designkit.core.effects import Arg, HookSpec

    path = tmp_path / "cards.csv"
    path.write_text("id,effect\nC1,gain_vp(n=9)\n", encoding="utf-8")
    vocabulary = {"gain_vp": HookSpec("gain_vp", "gain VP", {"n": Arg(int, 1, (0, 5))})}
    with pytest.raises(DataError) as err:
        load_table(path, (Column("id"), Column("effect", "effects")), vocabulary)
    assert "row 2" in str(err.value) and "outside 0–5" in str(err.value)
    ja = text_of(err.value).ja  # (the file's path may hold English words: not checked)
    assert "2 行目" in ja and "'gain_vp' の引数 'n'（11 文字目）が 9 で、0〜5 の範囲外です" in ja


def _a_record() -> dict:
    import json

    from designkit.agents import make_agents
    from designkit.core.play import play_game
    from designkit.core.records import make_record

    game = get_game("crossroads")
    params = game.params_type()
    agents = make_agents("random", params.players)
    played = play_game(game, params, agents, 3, log=False, keep_steps=True)
    return json.loads(json.dumps(make_record(game, params, 3, [a.name for a in agents],
                                             played.steps, played.state)))


#: a record broken one way each, for every check of the schema and of the replay
BAD_RECORDS = {
    "a string version": lambda r, i: r.update(format_version="1"),
    "a version not known": lambda r, i: r.update(format_version=7),
    "no seat": lambda r, i: r["steps"][i].pop("seat"),
    "a null action": lambda r, i: r["steps"][i].update(action=None),
    "a negative seat": lambda r, i: r["steps"][i].update(seat=-1),
    "an extra key": lambda r, i: r["steps"][i].update(why="x"),
    "no game": lambda r, i: r.pop("game"),
    "an empty game": lambda r, i: r.update(game=""),
    "a bad hash": lambda r, i: r["hashes"].update(steps="abc"),
    "another algorithm": lambda r, i: r["hashes"].update(algorithm="md5"),
    "steps not a list": lambda r, i: r.update(steps={}),
    "edited steps": lambda r, i: r["steps"].pop(),
    "edited params": lambda r, i: r["params"].update(end_hand_sum=r["params"]["end_hand_sum"] - 1),
    "scores changed": lambda r, i: r.update(scores=[s + 1 for s in r["scores"]]),
    "cut short, format 1": lambda r, i: (r.pop("hashes"), r.pop("finished"),
                                         r.update(format_version=1, scores=None, ranking=None,
                                                  steps=r["steps"][:i])),
    "an illegal step, format 1": lambda r, i: (r.pop("hashes"), r.pop("finished"),
                                               r.update(format_version=1),
                                               r["steps"][i].update(action=["take", "S9"])),
    "no final state": lambda r, i: r.update(final_state=None),
}


@pytest.mark.parametrize("broken", BAD_RECORDS)
def test_every_record_error_is_worded_in_japanese(broken: str) -> None:
    """A record the stepper loads that is refused (schema, hashes, replay): its one line in
    日本語 too, where jsonschema words its checks in English only."""
    from designkit.core.errors import DesignkitError
    from designkit.core.records import check_record, verify

    record = _a_record()
    i = [k for k, s in enumerate(record["steps"]) if "seat" in s][2]
    BAD_RECORDS[broken](record, i)
    with pytest.raises(DesignkitError) as err:
        verify(check_record(record, "game.json"))
    _japanese(text_of(err.value), f"{broken}: {err.value}")
