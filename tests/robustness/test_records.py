"""Records prove what they say: schema on load, hashes of card tables, params and steps."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from designkit.agents import make_agents
from designkit.core.errors import DataError, DesignkitError, RecordMismatch
from designkit.core.messages import text_of
from designkit.core.paths import REPO_ROOT
from designkit.core.play import play_game
from designkit.core.records import (
    FORMAT_VERSION,
    check_record,
    data_hashes,
    load_record,
    make_record,
    replay,
    save_record,
    schema,
    verify,
)
from designkit.core.registry import get_game

CORPUS = Path(__file__).resolve().parent / "corpus" / "records"


def _record(game_name: str = "crossroads", seed: int = 3, upto: int | None = None) -> dict:
    game = get_game(game_name)
    params = game.params_type()
    agents = make_agents("random", int(getattr(params, "players", game.min_players)))
    played = play_game(game, params, agents, seed, log=True, keep_steps=True)
    steps, state = played.steps, played.state
    if upto is not None:
        _, state, steps = replay(make_record(game, params, seed, [a.name for a in agents],
                                             steps, state), upto=upto)
    return json.loads(json.dumps(make_record(game, params, seed, [a.name for a in agents],
                                             steps, state)))


def test_a_fresh_record_is_format_3_matches_the_schema_and_verifies():
    record = _record()
    assert record["format_version"] == FORMAT_VERSION == 3
    assert {"seed", "agents"} <= set(record["hashes"])
    assert record["finished"] is True
    assert set(record["hashes"]["data"]) == {"data/crossroads/genres.csv",
                                             "data/crossroads/skills.csv"}
    check_record(record)
    verify(record)


def test_rules_csv_is_not_hashed():
    assert not any(name.endswith("rules.csv") for name in data_hashes("rolling_stone"))
    assert "data/rolling_stone/dreams.csv" in data_hashes("rolling_stone")


def test_the_schema_file_is_valid_json_schema():
    from designkit.core.records import _jsonschema

    _jsonschema().Draft202012Validator.check_schema(schema())


def test_format_2_records_still_load_and_verify():
    """Format 2 (issue 40 added the seed and agents hashes): read with the hashes it has."""
    record = _record()
    del record["hashes"]["seed"], record["hashes"]["agents"]
    record["format_version"] = 2
    check_record(record)
    verify(record)
    record["seed"] += 1  # not hashed in format 2: informative only, as it was
    verify(record)


@pytest.mark.parametrize(("field", "edit"), [
    ("seed", lambda r: r.update(seed=r["seed"] + 1)),
    ("agents", lambda r: r.update(agents=["greedy"] * len(r["agents"]))),
    ("agents", lambda r: r["agents"].pop()),
])
def test_an_edited_seed_or_agents_is_refused(field, edit):
    """Issue 40: the seed and the agents were editable and the record still replayed."""
    record = _record()
    edit(record)
    with pytest.raises(RecordMismatch, match=f"hash of '{field}' differs"):
        verify(record)


def test_format_3_requires_the_seed_and_agents_hashes():
    record = _record()
    del record["hashes"]["agents"]
    with pytest.raises(DataError, match="agents"):
        check_record(record)


def test_format_1_records_still_load_and_verify():
    record = _record()
    del record["hashes"], record["finished"]
    record["format_version"] = 1
    check_record(record)
    verify(record)


def test_replay_names_the_card_table_that_changed(tmp_path, monkeypatch):
    record = _record("rolling_stone", 2)
    data = tmp_path / "data"
    shutil.copytree(REPO_ROOT / "data", data)
    dreams = data / "rolling_stone" / "dreams.csv"
    dreams.write_text(dreams.read_text(encoding="utf-8").replace("cap=8", "cap=3", 1),
                      encoding="utf-8")
    monkeypatch.setenv("DESIGNKIT_DATA", str(data))
    with pytest.raises(RecordMismatch, match="made with a different "
                                             "data/rolling_stone/dreams.csv") as err:
        verify(record)
    assert "別の data/rolling_stone/dreams.csv で作られています" in text_of(err.value).ja


def test_a_record_cut_short_is_refused_even_with_its_scores_removed():
    record = _record()
    cut = copy.deepcopy(record)
    cut["steps"] = cut["steps"][:len(cut["steps"]) // 2]
    cut.update(scores=None, ranking=None, final_state=None, finished=False)
    with pytest.raises(RecordMismatch, match="steps were edited"):
        verify(cut)
    old = copy.deepcopy(cut)  # format 1 has no hashes: the replay itself finds the cut
    del old["hashes"], old["finished"]
    old["format_version"] = 1
    with pytest.raises(RecordMismatch, match="did not reach its end"):
        verify(old)


def test_an_unfinished_game_saved_honestly_replays_but_does_not_verify():
    record = _record(upto=20)
    assert record["finished"] is False and record["scores"] is None
    check_record(record)
    _, state, steps = replay(record)
    assert len(steps) == 20
    verify(record, require_end=False)
    with pytest.raises(RecordMismatch, match="did not reach its end"):
        verify(record)


def test_an_illegal_step_is_reported_with_its_number():
    record = _record()
    del record["hashes"], record["finished"]
    record["format_version"] = 1
    i = [k for k, s in enumerate(record["steps"]) if "seat" in s][3]
    record["steps"][i]["action"] = ["take", "S9"]
    with pytest.raises(RecordMismatch, match=rf"^step {i} of {len(record['steps'])}: "):
        verify(record)


def test_edited_params_are_refused():
    record = _record()
    record["params"]["end_hand_sum"] = record["params"]["end_hand_sum"] - 1
    with pytest.raises(RecordMismatch, match="params were edited"):
        verify(record)


@pytest.mark.parametrize("change, where", [
    (lambda r, i: r.update(format_version="1"), "format_version"),
    (lambda r, i: r["steps"][i].pop("seat"), "step {i}: 'seat' is a required property"),
    (lambda r, i: r["steps"][i].update(action=None),
     "step {i}, field 'action': must not be null"),
    (lambda r, i: r.pop("game"), "'game' is a required property"),
    (lambda r, i: r["hashes"].update(steps="abc"), "hashes.steps"),
])
def test_schema_errors_name_the_field(change, where):
    record = _record()
    i = [k for k, s in enumerate(record["steps"]) if "seat" in s][2]
    change(record, i)
    with pytest.raises(DataError) as err:
        check_record(record, "game.json")
    assert where.format(i=i) in str(err.value) and "\n" not in str(err.value)


def test_load_and_save_errors_name_the_file(tmp_path):
    (tmp_path / "n.json").write_text("null", encoding="utf-8")
    with pytest.raises(DataError, match="n.json: a record is a JSON object"):
        load_record(tmp_path / "n.json")
    (tmp_path / "bad.json").write_text('{"game": ', encoding="utf-8")
    with pytest.raises(DataError, match=r"bad.json: line 1, column 10: not valid JSON"):
        load_record(tmp_path / "bad.json")
    with pytest.raises(DataError, match="is a folder"):
        load_record(tmp_path)
    with pytest.raises(DataError, match="does not exist"):
        save_record(_record(), tmp_path / "no" / "g.json")


def test_the_corpus_records_all_fail_to_verify():
    for path in sorted(CORPUS.glob("*.json")):
        with pytest.raises(DesignkitError) as err:
            verify(load_record(path))
        assert "\n" not in str(err.value), path.name
