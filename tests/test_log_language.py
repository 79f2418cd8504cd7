"""The walkthrough reads in one language (issue 21): ``designkit play <game> --lang en``
holds no kana or kanji except a Japanese name beside its English one ("Toad (ヒキガエル)",
"Junior / ジュニア"), and ``--lang ja`` no English word except rule IDs, card IDs, seat
letters, dice notation (d6, W3) and the abbreviations the drafts themselves use (VP, HP)
or a game's own title as the draft writes it.

Every game, the smallest and largest player count, the table's view and the designer's
(which shows hidden card names too), so a text only one of them prints is read as well.
"""

from __future__ import annotations

import re

import pytest

from designkit.cli import main
from designkit.core.registry import list_games

GAMES = [g.name for g in list_games()]

JAPANESE = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f々〆ヵヶ]"
#: a Japanese run, with the punctuation and digits that sit inside Japanese names
JA_RUN = re.compile(rf"{JAPANESE}[{JAPANESE[1:-1]}・ー〜～！？\w\-]*")
#: English text directly followed by its Japanese: "Name (名前)", "Name（名前）", "Name / 名前"
BESIDE = re.compile(rf"[A-Za-z0-9)'’.!?-]\s*(?:\(|（|/\s*){JAPANESE}")

#: Latin words a Japanese walkthrough may hold: the drafts' own abbreviations and titles
JA_KEEPS = {"VP", "HP", "ＶＰ", "ＨＰ", "Crossroads", "Life", "is", "Rolling", "Stone"}
WORD = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ]+(?:['’][a-z]+)?")
#: rule IDs (CR-4.1, LW-A12), card IDs (S1-21, FC1-GREENHOUSE, FA2-5), dice (d6, W3, R5)
ID = re.compile(r"(?<![A-Za-z0-9])(?:[A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+|[A-Za-z]*\d[A-Za-z0-9.]*)"
                r"(?![A-Za-z0-9])")


def _runs(game: str, lang: str, capsys) -> list[tuple[str, str]]:
    spec = next(g for g in list_games() if g.name == game)
    out = []
    for players in sorted({spec.min_players, spec.max_players}):
        for view in ("table", "designer"):
            args = ["play", game, "--seed", str(players), "--players", str(players),
                    "--lang", lang, "--view", view]
            assert main(args) in (0, None)
            out.append((" ".join(args), capsys.readouterr().out))
    return out


def _english_offenders(text: str) -> list[str]:
    bad = []
    for line in text.splitlines():
        for m in JA_RUN.finditer(line):
            before = line[:m.start() + 1]
            if not BESIDE.search(before[-40:]):
                bad.append(line)
                break
    return bad


def _japanese_offenders(text: str) -> list[str]:
    bad = []
    for line in text.splitlines():
        stripped = ID.sub(" ", line)
        words = [w for w in WORD.findall(stripped) if len(w) > 1 and w not in JA_KEEPS]
        if words:
            bad.append(f"{line}   <- {' '.join(words[:4])}")
    return bad


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("lang", "offenders", "what"), [
    ("en", _english_offenders, "Japanese alone"),    # Japanese only in names beside English
    ("ja", _japanese_offenders, "English words"),
], ids=["english_has_no_japanese_outside_names", "japanese_has_no_english_words"])
def test_each_walkthrough_keeps_to_its_language(game, lang, offenders, what, capsys):
    for cmd, text in _runs(game, lang, capsys):
        bad = offenders(text)
        assert not bad, f"`designkit {cmd}`: {len(bad)} lines with {what}, e.g.\n" + \
            "\n".join(sorted(set(bad))[:8])


def test_the_checks_catch_what_they_are_for():
    assert _english_offenders("CH-4.1: Fortune 反転") and not _english_offenders(
        "CH-4.1: Fortune flip (反転), Toad（ヒキガエル）, Junior / ジュニア")
    assert _japanese_offenders("CR-9.4: 得点 nobody") and not _japanese_offenders(
        "LW-7.4: Dは温室 FC1-GREENHOUSEをプレイ、d6で3、ＶＰ+2、CH-A12")
