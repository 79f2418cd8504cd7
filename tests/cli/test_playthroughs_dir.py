"""``designkit playthroughs --dir FOLDER``: the golden files of a game kept outside
designkit's ``tests/playthroughs`` (a designer's own package), written and checked there."""

from __future__ import annotations

from designkit.analysis.playthrough import PLAYTHROUGH_DIR
from designkit.cli import main

GAME = "crossroads"
FILES = [f"{GAME}_{n}p.txt" for n in (3, 4, 5)]


def test_dir_writes_the_same_files_there_and_checks_them(tmp_path, capsys):
    folder = tmp_path / "mine" / "playthroughs"
    assert main(["playthroughs", "--game", GAME, "--dir", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == FILES
    for name in FILES:  # what the repo's golden files hold, byte for byte
        assert (folder / name).read_bytes() == (PLAYTHROUGH_DIR / name).read_bytes()
    assert f"updated  {folder / FILES[0]}" in capsys.readouterr().out
    assert main(["playthroughs", "--game", GAME, "--dir", str(folder), "--check"]) == 0
    assert "all playthroughs match" in capsys.readouterr().out

    changed = folder / FILES[1]
    changed.write_text(changed.read_text(encoding="utf-8").replace("seed: 0", "seed: 9", 1),
                       encoding="utf-8")
    assert main(["playthroughs", "--game", GAME, "--dir", str(folder), "--check"]) == 1
    out = capsys.readouterr().out
    assert "1 playthrough(s) differ" in out and "seed: 9" in out
    assert (PLAYTHROUGH_DIR / FILES[1]).read_bytes() != changed.read_bytes()  # repo untouched


def test_checking_a_folder_that_is_not_there_is_one_line(tmp_path, capsys):
    missing = tmp_path / "nowhere"
    assert main(["playthroughs", "--game", GAME, "--dir", str(missing), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--dir {missing}: no such folder" in err
