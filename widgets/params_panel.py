"""ParamsPanel: the parameter editor, generated from a game's ``Params.specs()``.

Nothing here names a game's parameters: the fields, their ranges, help texts,
rule IDs and groups all come from the specs, so a new game gets its editor for
free. An invalid value is shown beside its field and never reaches the engine:
:attr:`ParamsPanel.params` is always the last *valid* parameter set.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget import CallbackDispatcher

from designkit.core.errors import DataError, DesignkitError, ParamError
from designkit.core.game import Game
from designkit.core.messages import Text, bi, in_lang, text_of
from designkit.core.params import Params
from designkit.core.paths import data_dir
from designkit.core.registry import get_game
from designkit.core.variants import (
    DRAFT,
    NamedVariant,
    draft_variant,
    read_variant,
    variant_names,
)

from ._util import held, html_table, show_message, style_widget
from .i18n import lang_of, words
from .param_fields import Field

_NAME = re.compile(r"[\w][\w.\- ]*")


def _base(field: str) -> str:
    """``skill_cost[S1]`` → ``skill_cost``: errors on an item belong to its field."""
    return field.split("[", 1)[0]


def _fmt(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return escape(", ".join(map(str, value)) or "(none)")
    return escape("(unset)" if value is None else str(value))


class ParamsPanel(widgets.VBox):
    """Edit, check, diff, save and load the parameters of ``game``.

    ``variants_dir`` defaults to ``data/<game>/variants`` (``DESIGNKIT_DATA`` aware).
    ``lazy``: the fields' rows are made by :meth:`build_fields` (the lab calls it when
    its Parameters tab is first opened); values, checks, errors and variants work before.
    """

    def __init__(self, game: Game | str, params: Params | None = None,
                 variants_dir: str | Path | None = None, lazy: bool = False) -> None:
        super().__init__()
        self.game = get_game(game)
        self.params_type = self.game.params_type
        self.draft: Params = self.params_type()
        self._params: Params = params if params is not None else self.draft
        self._errors: dict[str, str] = {}
        self._quiet = 0
        self._cross = ""  # the last cross-field error (shown again in the other language)
        self._handlers = CallbackDispatcher()
        self._check_handlers = CallbackDispatcher()
        self.variants_dir = Path(variants_dir) if variants_dir else \
            data_dir(self.game.name) / "variants"
        self.fields = {name: Field(name, spec, getattr(self._params, name))
                       for name, spec in self.params_type.specs().items()}
        for field in self.fields.values():
            field.observe(self._observer(field.name))
        self._build()
        self.add_class("dk-params")
        self._validate()
        if not lazy:
            self.build_fields()

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        groups: dict[str, list[Field]] = {}
        for field in self.fields.values():
            groups.setdefault(field.spec.group, []).append(field)
        self._grouped = list(groups.values())
        self.groups = list(groups)
        self.accordion = widgets.Accordion(children=[widgets.VBox() for _ in self.groups],
                                           titles=self.groups)
        self.accordion.selected_index = 0
        self.error_summary = widgets.HTML(layout=widgets.Layout(display="none"))
        self.error_summary.add_class("dk-error-summary")
        self.consistency = widgets.HTML(layout=widgets.Layout(display="none"))
        self.reset_button = widgets.Button(description="Reset to draft", icon="undo",
                                           layout=widgets.Layout(width="auto"))
        self.reset_button.add_class("dk-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        self.diff_html = widgets.HTML()
        self.diff_html.add_class("dk-diff")
        self.variant_name = widgets.Text(placeholder="variant name", description="Name")
        self.loaded: tuple[str, Params] | None = None   # the variant last loaded
        self.save_button = widgets.Button(description="Save variant", icon="save",
                                          layout=widgets.Layout(width="auto"))
        self.variant_list = widgets.Dropdown(description="Variant", options=[])
        self.variant_list.add_class("dk-variant-picker")
        self.variant_list.observe(lambda _c: self._show_variant_info(), "value")
        self.load_button = widgets.Button(description="Load variant", icon="folder-open",
                                          layout=widgets.Layout(width="auto"))
        self.variant_info = widgets.HTML()
        self.variant_info.add_class("dk-variant-info")
        self.variant_status = widgets.HTML(layout=widgets.Layout(display="none"))
        self.save_button.on_click(lambda _b: self._ui(self.save_variant))
        self.load_button.on_click(lambda _b: self._ui(self.load_variant))
        self.refresh_variants()
        self.heading = widgets.HTML(self._heading_html())
        self.children = [
            style_widget(),
            self.heading,
            widgets.HTML("<b>Rule variants: the cures the draft proposes</b> "
                         "<span lang='ja'>(草案の改善案)</span>"),
            widgets.HBox([self.variant_list, self.load_button]), self.variant_info,
            self.variant_status,
            self.error_summary, self.accordion, self.consistency,
            widgets.HBox([self.reset_button]),
            widgets.HTML("<b>Changes from the draft</b>"), self.diff_html,
            widgets.HBox([self.variant_name, self.save_button])]

    def build_fields(self) -> None:
        """Every field's row in its section (once; made lazily, see ``lazy``)."""
        for box, fields in zip(self.accordion.children, self._grouped, strict=True):
            if not box.children:
                box.children = [field.build() for field in fields]

    # -- state ----------------------------------------------------------------------------------
    @property
    def params(self) -> Params:
        """The last valid parameter set (what Play and Simulate use)."""
        return self._params

    @property
    def errors(self) -> dict[str, str]:
        """Current problems by field name (empty when every field is valid)."""
        return dict(self._errors)

    @property
    def valid(self) -> bool:
        return not self._errors

    def on_change(self, callback: Callable[[Params], None], remove: bool = False) -> None:
        """Call ``callback(params)`` whenever a new valid parameter set is reached."""
        self._handlers.register_callback(callback, remove=remove)

    def on_check(self, callback: Callable[[dict[str, str]], None], remove: bool = False) -> None:
        """Call ``callback(errors)`` after every check of the fields (empty: all valid)."""
        self._check_handlers.register_callback(callback, remove=remove)

    def set_params(self, params: Params) -> None:
        """Show ``params`` in every field (one validation at the end, no observer ping-pong)."""
        self._quiet += 1
        try:
            with held(*(f.control for f in self.fields.values() if f.built)):
                for name, field in self.fields.items():
                    field.show(getattr(params, name))
        finally:
            self._quiet -= 1
        self._validate()

    def reset(self) -> None:
        """Back to the draft's values."""
        self.set_params(self.draft)

    # -- validation -----------------------------------------------------------------------------
    def _observer(self, name: str) -> Callable[[Any], None]:
        """The callback a field calls on a change (one per field: it names the field)."""
        return lambda _change: self._changed(name)

    def _changed(self, _name: str) -> None:
        if not self._quiet:
            self._validate()

    def _validate(self) -> None:
        errors: dict[str, str] = {}
        values: dict[str, Any] = {}
        for name, field in self.fields.items():
            try:
                values[name] = self.params_type.check_value(name, field.read())
            except ParamError as err:
                errors[name] = err.detail
        cross = ""
        new = None
        if not errors:
            try:
                new = self.params_type(**values)
            except ParamError as err:
                errors[_base(err.field)] = err.detail
                cross = text_of(err)
        self._errors = errors
        self._cross = cross
        self._show_errors(cross)
        if new is not None and new != self._params:
            self._params = new
            self._handlers(new)
        self._show_diff()
        self._check_handlers(dict(errors))

    def message(self, name: str) -> str:
        """The error of field ``name`` as shown: field, what is wrong, allowed range, rule."""
        detail = self._errors.get(name, "")
        if not detail:
            return ""
        spec = self.fields[name].spec
        allowed = spec.describe_range()
        rule = spec.rule if spec.rule and spec.rule not in detail else ""
        more = allowed not in detail
        text = f"{spec.label or name}: {detail}" + (f"; allowed: {allowed}" if more else "") \
            + (f" ({rule})" if rule else "")
        if not isinstance(detail, Text):  # a check not yet worded in Japanese: as it is
            return text
        ja = f"{spec.label_ja or spec.label or name}：{detail.ja}" \
            + (f"。許容範囲：{in_lang(allowed, 'ja')}" if more else "") + (f"（{rule}）" if rule else "")
        return Text(text, ja)

    def _show_errors(self, cross: str) -> None:
        for name, field in self.fields.items():
            field.set_message(self.message(name))
        show_message(self.consistency, bi("Not applied: {c}", "反映していません：{c}", c=cross)
                     if isinstance(cross, Text) else f"Not applied: {cross}" if cross else "",
                     error=True)
        bad = {g: [n for n in self._errors if self.fields[n].spec.group == g]
               for g in self.groups}
        self._show_titles(bad)
        self._show_summary(bad)

    def _show_titles(self, bad: dict[str, list[str]]) -> None:
        from .i18n import tr

        lang = lang_of(self)
        titles = [words(f"⚠ {tr(g, lang)} ({len(bad[g])} to fix)",
                        f"⚠ {tr(g, lang)}（要修正 {len(bad[g])} 件）", lang) if bad[g]
                  else tr(g, lang) for g in self.groups]
        if list(self.accordion.titles) != titles:
            self.accordion.titles = titles

    def _heading_html(self, lang: str = "en") -> str:
        g = self.game
        return words(f"<h3>Parameters: {escape(g.title)} {escape(g.title_ja)}</h3>",
                     f"<h3>パラメータ：{escape(g.title_ja)}（{escape(g.title)}）</h3>", lang)

    def _dk_relabel(self, lang: str) -> None:
        """The fields, the error summary and the changes in ``lang`` (:mod:`.i18n`)."""
        self.heading.value = self._heading_html(lang)
        for field in self.fields.values():
            field.set_lang(lang, self.game.name)
        bad = {g: [n for n in self._errors if self.fields[n].spec.group == g]
               for g in self.groups}
        self._show_titles(bad)
        self._show_summary(bad)
        self._show_diff()
        self._show_variant_info()

    def _show_summary(self, bad: dict[str, list[str]]) -> None:
        """The errors listed at the top, so one in a collapsed section is not missed."""
        if not self._errors:
            self.error_summary.value = ""
            self.error_summary.layout.display = "none"
            return
        from .i18n import tr

        items = "".join(f"<li><b>{escape(tr(g, lang_of(self)))}</b>: "
                        f"{escape(in_lang(self.message(n), lang_of(self)))}</li>"
                        for g, names in bad.items() for n in names)
        count = len(self._errors)
        head = words(
            f'<b>{count} field{"s" if count > 1 else ""} to fix</b> '
            "(what you typed is kept; New game, Simulate, Metrics, Sweep, Tune and Compare "
            "refuse until they are fixed)",
            f"<b>要修正の項目 {count} 件</b>（入力した値はそのまま残ります。直すまで"
            "「新しいゲーム」・シミュレーション・指標・スイープ・調整・比較は実行されません）",
            lang_of(self))
        self.error_summary.value = f'<div class="dk-error">{head}<ul>{items}</ul></div>'
        self.error_summary.layout.display = None

    def _show_diff(self) -> None:
        changes = self._params.diff(self.draft)
        lang = lang_of(self)
        pending = ('<div class="dk-error">' + words(
            "Fields with errors are not applied: the values below are the last valid ones.",
            "誤りのある項目は反映されません。下の値は最後の正しい値です。", lang)
            + "</div>") if self._errors else ""
        if not changes:
            self.diff_html.value = pending + words("<i>none: this is the draft</i>",
                                                   "<i>なし：草案のままです</i>", lang)
            return
        rows = []
        for name, (old, new) in changes.items():
            spec = self.fields[name].spec
            if isinstance(new, dict):
                old_s = ", ".join(f"{k}: {v}" for k, v in old.items() if new.get(k) != v)
                new_s = ", ".join(f"{k}: {v}" for k, v in new.items() if old.get(k) != v)
                old, new = old_s, new_s
            rows.append([escape(name), f'<span class="dk-rule">{escape(spec.rule)}</span>',
                         _fmt(old), f"<b>{_fmt(new)}</b>"])
        head = ["field", "rule", "draft", "now"] if lang != "ja" else \
            ["項目", "ルール", "草案", "現在"]
        self.diff_html.value = pending + html_table(head, rows)

    # -- variants -------------------------------------------------------------------------------
    def list_variants(self) -> list[str]:
        """``draft`` and the names of the variant files (shipped cures and saved ones)."""
        return variant_names(self.params_type, self.variants_dir)

    def refresh_variants(self) -> None:
        names = self.list_variants()
        if list(self.variant_list.options) != names:
            self.variant_list.options = names
        self._show_variant_info()

    def _variant(self, name: str) -> NamedVariant:
        if name == DRAFT:
            return draft_variant(self.params_type)
        return read_variant(self.params_type, self.variants_dir / f"{name}.yaml")

    def _show_variant_info(self) -> None:
        """What the picked variant switches, its rule IDs and the draft's own words."""
        name = self.variant_list.value
        if not name:
            self.variant_info.value = ""
            return
        try:
            v = self._variant(name)
        except DesignkitError as err:
            shown = in_lang(text_of(err), lang_of(self))
            self.variant_info.value = f'<div class="dk-error">{escape(shown)}</div>'
            return
        sets = ", ".join(f"{k} = {_fmt(val)}" for k, val in v.changes().items())
        rules = " ".join(f'<span class="dk-rule">{escape(r)}</span>' for r in v.rules())
        if lang_of(self) == "ja":  # the draft's own words
            self.variant_info.value = (
                f"<div><b>{escape(v.title_ja or v.title or name)}</b><br>"
                + (f"<i>{escape(sets)}</i> {rules}<br>" if sets else "")
                + f"{escape(v.description_ja or v.description_en)}</div>")
            return
        self.variant_info.value = (
            f"<div><b>{escape(v.title or name)}</b> <span lang='ja'>{escape(v.title_ja)}</span><br>"
            + (f"<i>{escape(sets)}</i> {rules}<br>" if sets else "")
            + (f"<span lang='ja'>{escape(v.description_ja)}</span><br>" if v.description_ja
               else "")
            + f"{escape(v.description_en)}</div>")

    def save_variant(self, name: str | None = None, note: str = "") -> Path:
        """Write the current (valid) parameters as ``<variants_dir>/<name>.yaml``."""
        name = (name if name is not None else self.variant_name.value).strip()
        if not _NAME.fullmatch(name):
            raise DesignkitError(f"variant name {name!r}: use letters, digits, - _ . or spaces")
        if self._errors:
            raise DesignkitError("not saved: fix the fields marked in red first")
        path = self._params.save(self.variants_dir / f"{name}.yaml", note=note)
        self.refresh_variants()
        self.variant_list.value = name
        show_message(self.variant_status, f"saved {path}")
        return path

    def load_variant(self, name: str | None = None) -> Params:
        """Read ``<variants_dir>/<name>.yaml`` (or ``draft``) into the fields."""
        name = name if name is not None else self.variant_list.value
        if not name:
            raise DesignkitError("no variant chosen")
        path = self.variants_dir / f"{name}.yaml"
        if name != DRAFT and not path.is_file():
            raise DataError(str(path), "file not found")
        params = self._variant(name).params
        self.loaded = (name, params)   # the Play tab names it (widgets.playing)
        self.set_params(params)
        self.variant_name.value = "" if name == DRAFT else name
        show_message(self.variant_status, "loaded the draft" if name == DRAFT
                     else f"loaded {path}")
        return params

    def _ui(self, action: Callable[[], Any]) -> None:
        try:
            action()
        except (DesignkitError, OSError) as err:
            show_message(self.variant_status, text_of(err), error=True)
