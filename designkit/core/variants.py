"""Named rule variants: the cures a draft proposes, shipped as data the designer switches.

A *rule variant* is an ordinary parameter (a bool or a choice in the group
:data:`~designkit.core.params.VARIANTS`, citing the ``…-V…`` rule it changes), so panels,
``--set``, sweeps, tuning, records and the contract suite's random sampling all see it
with no code of their own. A *named* variant is a YAML file
``data/<game>/variants/<name>.yaml`` that sets some parameters and says, in the draft's
own words, what it is for::

    game: classic_hero
    title: Shared HP, ends after one achievement
    title_ja: 共通HP（１回で終わり）
    description_ja: 「やはり共通HPは１回で終わりとした方がよいだろう。」
    description_en: The draft's second thought: ...
    params: {shared_hp: once}

The name ``draft`` is reserved: the draft as written (every parameter at its default),
so ``compare --variant draft --variant X`` needs no file for the baseline.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from designkit.core.errors import DataError, DesignkitError
from designkit.core.messages import bi
from designkit.core.params import VARIANTS, Params
from designkit.core.paths import data_dir

DRAFT = "draft"
#: top-level keys a variant file may hold besides ``params``
DESCRIPTION_KEYS = ("game", "name", "title", "title_ja", "description_en", "description_ja",
                    "note", "rules")


@dataclass(frozen=True)
class NamedVariant:
    """One named variant: its parameters and the draft's words for why it exists."""

    name: str
    game: str
    params: Params
    title: str = ""
    title_ja: str = ""
    description_en: str = ""
    description_ja: str = ""
    path: Path | None = None

    def changes(self) -> dict[str, Any]:
        """The parameters this variant sets away from the draft's defaults."""
        return {k: new for k, (_, new) in self.params.diff().items()}

    def rules(self) -> tuple[str, ...]:
        """The rule IDs of the changed parameters (``CH-V1`` for a switch), in field order."""
        specs = type(self.params).specs()
        out: list[str] = []
        for key in self.changes():
            rule = specs[key].rule
            if rule and rule not in out:
                out.append(rule)
        return tuple(out)

    def label(self, lang: str = "en") -> str:
        """A short name for menus: the title in the language asked, else the file name."""
        title = self.title_ja if lang == "ja" and self.title_ja else self.title
        return title or self.name

    def description(self, lang: str = "en") -> str:
        return self.description_ja if lang == "ja" else self.description_en


def variants_dir(game: str) -> Path:
    return data_dir(game) / "variants"


def draft_variant(params_type: type[Params]) -> NamedVariant:
    """The draft as written: every parameter at its default."""
    return NamedVariant(DRAFT, params_type.game_name, params_type(), title="The draft as written",
                        title_ja="草案のまま", description_en="Every rule and number as the "
                        "draft writes them (the spec's resolutions where it is silent).",
                        description_ja="草案どおり")


def list_variants(params_type: type[Params], folder: Path | None = None
                  ) -> list[NamedVariant]:
    """``draft`` first, then every ``*.yaml`` of ``folder`` (``data/<game>/variants/``).

    A broken file raises its one-line DataError: a listing that silently skipped it
    would hide the designer's typo.
    """
    return [draft_variant(params_type)] + [read_variant(params_type, f)
                                           for f in variant_files(params_type, folder)]


def variant_files(params_type: type[Params], folder: Path | None = None) -> list[Path]:
    folder = folder if folder is not None else variants_dir(params_type.game_name)
    files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    return [f for f in files if f.stem != DRAFT]


def variant_names(params_type: type[Params], folder: Path | None = None) -> list[str]:
    return [DRAFT] + [f.stem for f in variant_files(params_type, folder)]


def load_variant(params_type: type[Params], name_or_path: str | Path) -> NamedVariant:
    """A variant by name (``shared_hp_once``, ``draft``) or by the path of its YAML file.

    An unknown name is one line listing the game's variants, the closest first.
    """
    text = str(name_or_path)
    if not text.strip():
        raise DesignkitError(bi("--variant {t!r}: give a variant's name or file (the draft as "
                                "written is --variant draft)", "バリアント {t!r}：名前かファイルを"
                                "指定してください（草案のままなら --variant draft）", t=text))
    if text == DRAFT:
        return draft_variant(params_type)
    path = Path(text)
    if path.suffix.lower() in (".yaml", ".yml") or path.parent != Path(".") or path.exists():
        return read_variant(params_type, path, require_change=True)
    shipped = variants_dir(params_type.game_name) / f"{text}.yaml"
    if shipped.is_file():
        return read_variant(params_type, shipped, require_change=True)
    names = variant_names(params_type)
    close = difflib.get_close_matches(text, names, n=len(names), cutoff=0.0)
    raise DesignkitError(bi("--variant {t}: no such variant of {g}; known: {k}",
                            "バリアント {t}：{g} にそのバリアントはありません。あるのは {k} です",
                            t=text, g=params_type.game_name, k=", ".join(close or names)))


def read_variant(params_type: type[Params], path: Path,
                 require_change: bool = False) -> NamedVariant:
    """Parse one variant file (never evaluated): its parameters and descriptions.
    ``require_change``: refuse a variant that changes nothing (what ``--variant`` asks)."""
    from designkit.core.textfiles import load_yaml, read_text

    doc = load_yaml(read_text(path), str(path))
    params = params_type.from_variant(doc, str(path), require_change)  # the shape first
    texts = {}
    for key in ("title", "title_ja", "description_en", "description_ja"):
        value = doc.get(key, "") or ""
        if not isinstance(value, str):
            raise DataError(str(path), bi("'{k}' must be text", "'{k}' は文字列にしてください",
                                          k=key), column=key)
        texts[key] = value.strip()
    return NamedVariant(path.stem, params_type.game_name, params, path=path, **texts)


def variant_fields(params_type: type[Params]) -> list[str]:
    """The rule switches a game declares (parameters of the group ``Variants``)."""
    return [name for name, spec in params_type.specs().items() if spec.group == VARIANTS]


def variants_text(params_type: type[Params], lang: str = "en") -> str:
    """What ``designkit variants GAME`` prints: each variant, what it switches, the rule
    IDs it cites and the draft's own words (the Japanese quote beside the English)."""
    lines: list[str] = []
    for variant in list_variants(params_type):
        changes = ", ".join(f"{k}={show_value(v)}" for k, v in variant.changes().items())
        head = f"{variant.name}: {variant.label(lang)}"
        lines.append(head)
        if changes:
            lines.append(f"    sets: {changes}" + (f"  [{', '.join(variant.rules())}]"
                                                   if variant.rules() else ""))
        if variant.description_ja:
            lines.append(f"    {'草案' if lang == 'ja' else 'draft'}: {variant.description_ja}")
        if variant.description_en:
            lines.append(f"    {variant.description_en}")
    return "\n".join(lines)


def show_value(value: Any) -> str:
    """A parameter's value as a designer writes it (``[2, 3]``, ``{a: 1}``), not Python's repr."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
