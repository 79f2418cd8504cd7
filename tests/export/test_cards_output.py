"""``designkit cards`` writes whole files or none (issue 39), like ``simulate --out``.

A SIGTERM during ``--format png,tts`` with a long skills table used to leave a truncated
sheet PNG, exit 143 and say nothing; killed during ``--format pdf`` the A4 PDF was there and
the Letter one missing, silently. Now the files are drawn in ``<out>.tmp-<pid>`` and moved
into place a unit at a time (designkit.export.staging): a kill, even SIGKILL, leaves every
file of the output folder complete; SIGTERM says in one line which units are there. The
tests wait on conditions (the temporary folder and a file in it appearing), never on sleeps.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest
from PIL import Image

from designkit.core.atomic import claim_output
from designkit.export import cards

ROWS = 300   # skills: 5 sheets of 69 cards, a few seconds of drawing to interrupt


def _long_skills(data: Path) -> None:
    path = data / "crossroads" / "skills.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    fields = list(rows[0])
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for i in range(ROWS):
            w.writerow({**rows[i % len(rows)], "id": f"S{i + 1}"})


def _start(out: Path, fmt: str, data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "DESIGNKIT_DATA": str(data)}
    return subprocess.Popen([sys.executable, "-m", "designkit.cli", "cards", "crossroads",
                             "--format", fmt, "--out", str(out)], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for(cond, proc: subprocess.Popen[str], what: str, timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert proc.poll() is None, f"finished before {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.01)


def _temp_files(out: Path) -> list[Path]:
    return [p for t in out.parent.glob(f"{out.name}.tmp-*") for p in t.rglob("*")
            if p.is_file()]


def _check_complete(out: Path) -> list[str]:
    """Every file in the output folder is whole: PDFs parse to their end, PNGs decode,
    TTS objects parse and name sheets that are there."""
    seen = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        seen.append(path.name)
        if path.suffix == ".pdf":
            assert path.read_bytes().rstrip().endswith(b"%%EOF"), path
            assert len(pypdf.PdfReader(path).pages) > 0
        elif path.suffix == ".png":
            with Image.open(path) as im:
                im.load()
        elif path.suffix == ".json":
            state = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"][0]
            for sheet in state["CustomDeck"].values():
                assert (path.parent / sheet["FaceURL"]).is_file(), sheet["FaceURL"]
        else:
            raise AssertionError(f"unexpected file {path}")
    return seen


@pytest.mark.parametrize("fmt", ["png,tts", "pdf"])
def test_sigterm_mid_write_leaves_whole_files_and_one_line(data_copy: Path, tmp_path: Path,
                                                           fmt: str) -> None:
    _long_skills(data_copy)
    out = tmp_path / "cards"
    proc = _start(out, fmt, data_copy)
    # png: while the long skills deck is drawn (the numbers deck is in place); pdf: between
    # the A4 file and the Letter one
    key = "skills" if fmt != "pdf" else "A4"
    _wait_for(lambda: any(key in p.name for p in _temp_files(out)), proc, f"{key} file")
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("designkit: cards interrupted: "), stderr
    assert "(no partial file)" in lines[0]
    written = _check_complete(out)
    if fmt == "pdf":
        assert written == [] and "nothing written" in lines[0]   # the PDFs are one unit
    else:
        assert "holds the crossroads_numbers sheets; not written: the crossroads_skills " \
               "sheets" in lines[0]
        assert not any("skills" in name for name in written)
        assert "crossroads_numbers.json" in written
    assert list(tmp_path.glob("cards.tmp-*")) == [] and not (tmp_path / "cards.lock").exists()


def test_sigkill_mid_write_leaves_no_partial_file(data_copy: Path, tmp_path: Path) -> None:
    _long_skills(data_copy)
    out = tmp_path / "cards"
    proc = _start(out, "png,tts", data_copy)
    _wait_for(lambda: any("skills" in p.name for p in _temp_files(out)), proc,
              "skills sheet being written")
    proc.kill()
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    written = _check_complete(out)
    assert not any("skills" in name for name in written)   # still in the temporary folder
    assert list(tmp_path.glob("cards.tmp-*"))                 # a recognisable leftover
    # the next run removes the killed run's leftover and writes everything
    paths = cards("crossroads", out_dir=out, formats=("png",), dpi=20, tables=["numbers"])
    assert paths and list(tmp_path.glob("cards.tmp-*")) == []
    _check_complete(out)


def test_a_second_writer_of_the_same_folder_refuses(tmp_path: Path) -> None:
    out = tmp_path / "cards"
    with claim_output(out.resolve(), "--out"):
        done = subprocess.run([sys.executable, "-m", "designkit.cli", "cards", "crossroads",
                               "--format", "pdf", "--out", str(out)], capture_output=True,
                              text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "another designkit run" in done.stderr
    assert f"(pid {os.getpid()})" in done.stderr
    assert not any(out.rglob("*.pdf"))


def test_interrupt_in_process_names_what_is_in_place(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the PDFs: they are in place and said to be; no sheet, no temp folder."""
    import designkit.export as export
    from designkit.export import Interrupted

    def stop(*args: object, **kwargs: object) -> list[Path]:
        raise KeyboardInterrupt
    monkeypatch.setattr(export, "write_deck", stop)
    with pytest.raises(Interrupted) as info:
        cards("crossroads", out_dir=tmp_path / "c", formats=("pdf", "png"))
    message = str(info.value)
    assert message.startswith("designkit: cards interrupted: ")
    assert "holds the PDFs; not written: the crossroads_numbers sheets, the " \
           "crossroads_skills sheets (no partial file)" in message
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == [
        "crossroads_A4.pdf", "crossroads_Letter.pdf"]
    assert list(tmp_path.glob("c.tmp-*")) == []
