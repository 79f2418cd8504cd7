"""What a designer printing a prototype expects (issue 39): bleed, a gutter-fold layout
beside duplex, a ``copies`` column honoured per row, effect text a person reads (the engine
code only with ``--show-code``), and ``--variant NAME|FILE`` as every command takes it."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pypdf
import pytest

from designkit.cli import main
from designkit.core.errors import DataError, DesignkitError
from designkit.export import cards, decks, render_decks
from designkit.export.render import Shape, with_bleed
from designkit.export.sheets import page_grid, plan
from tests.export.test_pdf_image import rasterise

MM = 72 / 25.4


def test_bleed_extends_the_background_not_the_text() -> None:
    bg = Shape("rect", (0, 0, 63, 88, 3), "#4a2c8a", "#555555", 0.3)
    inner = Shape("rect", (4, 4, 55, 80, 2), "none", "#ffffff", 0.6)
    text = Shape("text", (), "#000000", size=3, runs=((5, 10, "x"),))
    out = with_bleed([bg, inner, text], 63, 88, 3)
    assert out[0] == Shape("rect", (-3, -3, 69, 94, 0.0), "#4a2c8a")   # square, no border
    assert out[1:] == [inner, text]
    assert with_bleed([bg], 63, 88, 0) == [bg]


def test_bleed_fewer_cards_a_page() -> None:
    assert page_grid("A4", 63, 88, "t", bleed=3) == (2, 3)
    assert page_grid("Letter", 63, 88, "t", bleed=3) == (2, 2)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm missing")
def test_bleed_printed_past_the_cut_line(tmp_path: Path) -> None:
    """Looked at as an image: 1.5 mm outside a back's cut line the page is the back's purple
    with --bleed 3, white paper without."""
    deck, _ = render_decks("crossroads", tables=["numbers"])[0]
    seen = {}
    for bleed in (0.0, 3.0):
        out = tmp_path / f"b{bleed:g}"
        cards("crossroads", out_dir=out, formats=("pdf",), tables=["numbers"], bleed=bleed)
        pages = plan("A4", deck, True, bleed)
        back = next(i for i, p in enumerate(pages, start=1) if p.slots[0].index < 0)
        slot = min(pages[back - 1].slots, key=lambda s: s.x)   # the leftmost card
        image = rasterise(out / "crossroads_A4.pdf", back, 100).convert("L")
        k = 100 / 25.4
        x, y = round((slot.x - 1.5) * k), round((slot.y + 44) * k)   # left of the cut, mid-height
        seen[bleed] = image.getpixel((x, y))
    assert seen[0.0] > 240 and seen[3.0] < 120, seen


def test_gutterfold_puts_each_back_behind_its_face(tmp_path: Path) -> None:
    deck, _ = render_decks("classic_hero", tables=["events"])[0]
    pages = plan("A4", deck, True, 0.0, "gutterfold")
    cols, rows = page_grid("A4", deck.width, deck.height, "t", layout="gutterfold")
    assert (cols, rows) == (2, 2)
    assert len(pages) == math.ceil(len(deck.faces) / 4)
    for page in pages:
        assert page.size == (297.0, 210.0) and page.fold == 297.0 / 2
        faces = [s for s in page.slots if s.index >= 0]
        backs = [s for s in page.slots if s.index < 0]
        assert len(faces) == len(backs)
        for face, back in zip(faces, backs, strict=True):
            assert face.y == back.y
            assert page.fold - (face.x + deck.width) == pytest.approx(back.x - page.fold)
            assert face.x + deck.width < page.fold < back.x
    first = [s.index for s in pages[0].slots if s.index >= 0]
    xs = [s.x for s in pages[0].slots if s.index >= 0]
    assert first == [0, 1, 2, 3] and xs[0] < xs[1]          # faces read left to right
    cards("classic_hero", out_dir=tmp_path, formats=("pdf",), tables=["events"],
          layout="gutterfold")
    reader = pypdf.PdfReader(tmp_path / "classic_hero_A4.pdf")
    assert len(reader.pages) == len(pages)
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(297 * MM, abs=0.05)
    assert float(box.height) == pytest.approx(210 * MM, abs=0.05)


def test_copies_column_honoured_per_row(data_copy: Path) -> None:
    path = data_copy / "crossroads" / "skills.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] += ",copies"
    lines[1] += ",3"            # S1 three times
    lines[2] += ",0"            # S2 not at all
    lines[3:] = [line + "," for line in lines[3:]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    deck = next(d for d in decks("crossroads") if d.table == "skills")
    ids = [c.id for c in deck.faces()]
    assert ids.count("S1") == 3 and "S2" not in ids and ids.count("S3") == 1
    lines[1] = lines[1][:-2] + ",x"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"skills\.csv, column 'copies': card S1: 'x' is not "
                                        r"a whole number 0 to 99"):
        decks("crossroads")


def _texts(game: str, table: str, show_code: bool) -> str:
    deck, _ = render_decks(game, tables=[table], show_code=show_code)[0]
    return "\n".join(r[2] for _, shapes in deck.faces for s in shapes for r in s.runs)


@pytest.mark.parametrize(("game", "table", "code"), [
    ("witch_academy", "events", "gain(res="), ("witch_academy", "exploration", "gain(res="),
    ("witch_academy", "areas", "gain(res="), ("classic_hero", "events", "upgrade(n="),
    ("crossroads", "skills", "end_discard_per_number("), ("rolling_stone", "events", "gain_vp("),
])
def test_effect_code_only_on_request(game: str, table: str, code: str) -> None:
    assert code not in _texts(game, table, False)
    assert code in _texts(game, table, True)


def test_variant_by_name_or_file(tmp_path: Path) -> None:
    deck = next(d for d in decks("classic_hero", variant="shared_hp_once"))
    assert " · shared_hp_once · " in deck.cards[0].fields["footer"]
    path = Path("data/classic_hero/variants/shared_hp_once.yaml")
    assert " · shared_hp_once · " in decks("classic_hero", variant=path)[0].cards[0].fields[
        "footer"]
    with pytest.raises(DesignkitError, match="known: shared_hp_once, shared_hp_repeat"):
        decks("classic_hero", variant="shared_hp_onc")


def test_cli_variant_typo_lists_the_variants(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "classic_hero", "--variant", "shared_hp_onc", "--out",
                 str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "known: shared_hp_once" in err
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--bleed", "-1"], "bleed: -1 mm; give 0 to 10"),
    (["--layout", "zigzag"], "invalid choice"),
])
def test_cli_print_options_checked(args: list[str], message: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) if "--layout" in args else _nothing():
        code = main(["cards", "crossroads", *args, "--out", str(tmp_path / "c")])
        assert code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


@pytest.mark.parametrize("game", ["crossroads", "rolling_stone", "witch_academy",
                                  "classic_hero"])
def test_no_card_prints_engine_code_by_default(game: str) -> None:
    """Every deck: no line such as ``gain(res=G, n=2)`` unless --show-code."""
    code = re.compile(r"\b[a-z_]+\([a-z_]+=")
    for deck, _ in render_decks(game):
        lines = [r[2] for _, shapes in deck.faces for s in shapes for r in s.runs]
        assert [x for x in lines if code.search(x)] == [], deck.name
