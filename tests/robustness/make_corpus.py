"""Write the malformed-input corpus (``tests/robustness/corpus/``) from real games.

Run it again after a change to the record format or to a game's data files:
``.venv/bin/python tests/robustness/make_corpus.py``. Every file is a mistake a
designer makes (a typo, a file saved from the wrong program, a record cut short or
edited by hand); ``test_corpus.py`` feeds each one through the CLI.
"""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path
from typing import Any

from designkit.agents import make_agents
from designkit.core.play import play_game
from designkit.core.records import make_record
from designkit.core.registry import get_game

CORPUS = Path(__file__).resolve().parent / "corpus"


def _record(game_name: str, seed: int) -> dict[str, Any]:
    game = get_game(game_name)
    params = game.params_type()
    players = int(getattr(params, "players", game.min_players))
    agents = make_agents("random", players)
    played = play_game(game, params, agents, seed, log=True, keep_steps=True)
    record = make_record(game, params, seed, [a.name for a in agents], played.steps,
                         played.state)
    return json.loads(json.dumps(record))


def _v1(record: dict[str, Any]) -> dict[str, Any]:
    old = copy.deepcopy(record)
    old["format_version"] = 1
    del old["hashes"], old["finished"]
    return old


def _decision(record: dict[str, Any], nth: int = 0) -> int:
    return [i for i, s in enumerate(record["steps"]) if "seat" in s][nth]


def records() -> dict[str, Any]:
    """file name → content (str: written as is; anything else: JSON)."""
    base = _record("crossroads", 3)
    rs = _record("rolling_stone", 2)
    out: dict[str, Any] = {"null.json": "null\n", "list.json": "[1, 2, 3]\n",
                           "empty.json": "", "truncated_text.json": json.dumps(base)[:500],
                           "not_json.json": "game: crossroads\nsteps: []\n"}
    out["shift_jis.json"] = None  # written as bytes below

    def edit(name: str, fn: Any, src: dict[str, Any] = base) -> None:
        rec = copy.deepcopy(src)
        fn(rec)
        out[name] = rec

    edit("format_version_string.json", lambda r: r.update(format_version="1"))
    edit("format_version_future.json", lambda r: r.update(format_version=99))
    edit("missing_steps.json", lambda r: r.pop("steps"))
    edit("steps_not_list.json", lambda r: r.update(steps={"0": r["steps"][0]}))
    edit("step_without_seat.json", lambda r: r["steps"][_decision(r)].pop("seat"))
    edit("action_null.json", lambda r: r["steps"][_decision(r)].update(action=None))
    edit("seat_string.json", lambda r: r["steps"][_decision(r)].update(seat="A"))
    edit("step_extra_key.json", lambda r: r["steps"][0].update(note="hi"))
    edit("unknown_game.json", lambda r: r.update(game="chess"))
    edit("params_unknown.json", lambda r: r["params"].update(colour="red"))
    edit("params_out_of_range.json", lambda r: r["params"].update(players=9))
    edit("hash_malformed.json", lambda r: r["hashes"].update(steps="xyz"))
    edit("scores_tampered.json", lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1))

    def cut(r: dict[str, Any]) -> None:
        r["steps"] = r["steps"][:len(r["steps"]) // 2]
        r.update(scores=None, ranking=None, final_state=None)
        if "finished" in r:
            r["finished"] = False

    edit("cut_in_half.json", cut)
    edit("cut_in_half_v1.json", cut, _v1(base))
    edit("steps_edited.json", lambda r: r["steps"][_decision(r, 2)].update(
        action=r["steps"][_decision(r, 3)]["action"]))
    edit("illegal_step_v1.json", lambda r: r["steps"][_decision(r, 3)].update(
        action=["take", "S9"]), _v1(base))
    edit("action_garbage_v1.json", lambda r: r["steps"][_decision(r)].update(
        action={"what": 1}), _v1(base))
    edit("chance_list_v1.json", lambda r: r["steps"][0].update(chance=[1, 2]), _v1(base))
    edit("extra_step_v1.json", lambda r: r["steps"].append(r["steps"][-1]), _v1(base))
    edit("no_scores_finished_v1.json", lambda r: r.update(scores=None, ranking=None),
         _v1(base))

    def other_dreams(r: dict[str, Any]) -> None:
        r["hashes"]["data"]["data/rolling_stone/dreams.csv"] = "0" * 64

    edit("rolling_stone_other_dreams.json", other_dreams, rs)
    return out


def variants() -> dict[str, str | bytes]:
    return {
        "duplicate_key.yaml": "game: crossroads\nparams:\n  end_hand_sum: 27\n"
                              "  end_hand_sum: 28\n",
        "shift_jis.yaml": "game: crossroads\nnote: 手札を増やす\nparams:\n  end_hand_sum: 27\n"
                          .encode("cp932"),
        "not_a_mapping.yaml": "- end_hand_sum\n- 27\n",
        "bad_indent.yaml": "game: crossroads\nparams:\n  end_hand_sum: 27\n bad: [\n",
        "tab_indent.yaml": "game: crossroads\nparams:\n\tend_hand_sum: 27\n",
        "wrong_game.yaml": "game: rolling_stone\nparams: {}\n",
        "unknown_param.yaml": "game: crossroads\nparams:\n  end_hand_summ: 27\n",
        "out_of_range.yaml": "game: crossroads\nparams:\n  players: 12\n",
        "params_list.yaml": "game: crossroads\nparams:\n  - end_hand_sum\n",
        "python_tag.yaml": "game: crossroads\nparams: !!python/object/apply:os.system "
                           "['echo hi']\n",
        "binary.yaml": bytes(range(256)),
        "text_for_number.yaml": "game: crossroads\nparams:\n  end_hand_sum: many\n",
    }


def tables() -> dict[str, str | bytes]:
    """``<case>/<game>/<file>``: one malformed card table over a copy of the shipped data."""
    root = Path(__file__).resolve().parents[2] / "data"
    skills = (root / "crossroads" / "skills.csv").read_text(encoding="utf-8")
    dreams = (root / "rolling_stone" / "dreams.csv").read_text(encoding="utf-8")
    album = (root / "rolling_stone" / "album_cards.csv").read_text(encoding="utf-8")
    lines = skills.splitlines()
    return {
        "skills_shift_jis/crossroads/skills.csv": skills.encode("cp932"),
        "skills_missing_column/crossroads/skills.csv":
            "\n".join(",".join(c for c in line.split(",")[:3]) for line in lines) + "\n",
        "skills_bad_cost/crossroads/skills.csv": skills.replace(",Purge,パージ,2,",
                                                                ",Purge,パージ,two,", 1),
        "skills_unknown_hook/crossroads/skills.csv": skills.replace(
            "end_discard_per_number(max_per_number=1)", "discard_everything(n=1)", 1),
        "skills_duplicate_id/crossroads/skills.csv": skills.replace("\nS2,", "\nS1,", 1),
        "skills_empty/crossroads/skills.csv": "",
        "dreams_bad_effect/rolling_stone/dreams.csv": dreams.replace("cap=8", "cap=eight", 1),
        "album_bad_stage/rolling_stone/album_cards.csv": album.replace("\n1R1,1,", "\n1R1,x,",
                                                                       1),
        **issue_22_tables(root),
    }


def _rows(text: str, keep: Any) -> str:
    """The header and the data rows ``keep(index, line)`` accepts."""
    head, *rows = text.splitlines()
    return "\n".join([head, *(r for i, r in enumerate(rows) if keep(i, r))]) + "\n"


def issue_22_tables(root: Path) -> dict[str, str]:
    """Issue 22's table cases: short for the parameters (item 5), blank rows before a bad
    cell (item 7), a lost column (item 9), required or unheaded cells (item 13)."""
    def read(game: str, file: str) -> str:
        return (root / game / file).read_text(encoding="utf-8")

    skills, lords = read("crossroads", "skills.csv"), read("classic_hero", "demon_lords.csv")
    head, *rows = skills.splitlines()
    dreams = read("rolling_stone", "dreams.csv").splitlines()
    column = _cells(dreams[0]).index("dream")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(
        [c for j, c in enumerate(_cells(line)) if j != column] for line in dreams)
    return {
        "areas_short/witch_academy/areas.csv": _rows(read("witch_academy", "areas.csv"),
                                                     lambda i, r: i < 3),
        "exploration_short/witch_academy/exploration.csv": _rows(
            read("witch_academy", "exploration.csv"), lambda i, r: i < 5),
        "events_no_year3/witch_academy/events.csv": _rows(
            read("witch_academy", "events.csv"), lambda i, r: _cells(r)[1] != "3"),
        "dreams_short/rolling_stone/dreams.csv": _rows("\n".join(dreams), lambda i, r: i < 10),
        "dreams_without_dream_column/rolling_stone/dreams.csv": out.getvalue(),
        "demon_lords_short/classic_hero/demon_lords.csv": _rows(lords, lambda i, r: i < 10),
        "demon_lord_without_hp1/classic_hero/demon_lords.csv": lords.replace(",5/6,", ",,", 1),
        "races_short/classic_hero/races.csv": _rows(read("classic_hero", "races.csv"),
                                                    lambda i, r: i < 3),
        "events_unheaded_cell/classic_hero/events.csv": read("classic_hero", "events.csv")
        .replace(",upgrade(n=1)\n", ",upgrade(n=1),bless(n=1)\n", 1),
        "skills_blank_rows/crossroads/skills.csv": "\n".join(
            [head, "", "," * head.count(","), rows[0].replace(",2,", ",x,", 1), *rows[1:]])
        + "\n",
        "genres_bad_number/crossroads/genres.csv": read("crossroads", "genres.csv")
        .replace("\n5,", "\nfive,", 1),
    }


def _cells(line: str) -> list[str]:
    return next(csv.reader([line]))


def write() -> None:
    for sub in ("records", "variants", "tables"):
        folder = CORPUS / sub
        if folder.exists():
            for path in sorted(folder.rglob("*"), reverse=True):
                path.unlink() if path.is_file() else path.rmdir()
    for name, content in records().items():
        path = CORPUS / "records" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name == "shift_jis.json":
            path.write_bytes('{"game": "クロスロード", "steps": []}'.encode("cp932"))
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content, ensure_ascii=False, indent=1),
                            encoding="utf-8")
    for group, items in (("variants", variants()), ("tables", tables())):
        for name, content in items.items():
            path = CORPUS / group / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")


if __name__ == "__main__":
    write()
    print(f"wrote {sum(1 for p in CORPUS.rglob('*') if p.is_file())} files under {CORPUS}")
