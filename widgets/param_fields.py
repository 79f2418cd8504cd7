"""One editor per parameter kind, chosen from its ``ParamSpec`` (never from the game).

A field only moves values between a control and Python (``read``/``show``);
validation stays with ``Params.check_value`` so the panel, the CLI and YAML
variants accept exactly the same values.

Numbers are typed into text boxes, never sliders or bounded boxes: those clamp or
round what the designer typed (500 silently became 100, 27.5 lost its dot), while a
text box keeps it, so the panel can say what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from designkit.core.params import ParamSpec
from designkit.core.rules_text import rule_text

from ._util import message_of, show_message

_LABEL = widgets.Layout(width="210px", min_width="210px")
_CONTROL = widgets.Layout(width="260px")


def _number_or_text(text: str) -> Any:
    """``"5"`` -> 5, ``"2.5"`` -> 2.5, anything else stays text (and fails the check)."""
    text = text.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


class Field:
    """A parameter's row: name, control, rule ID with help, and its error label.

    The widgets are made on first use (``build``, or reading ``row``/``control``/...): a
    lab opens on its Rules tab, and a game's ~40 rows are ~500 widget models the page
    would otherwise create, and the browser receive, before its first widget shows (issue
    26). Until then the field keeps its value, error and language, and ``read`` gives what
    the control would."""

    def __init__(self, name: str, spec: ParamSpec, value: Any) -> None:
        self.name, self.spec = name, spec
        self._value = value  # shown until the control exists
        self._message: str = ""
        self._lang: tuple[str, str] | None = None
        self._handlers: list[Callable[[Any], None]] = []
        self._widgets: tuple[widgets.Widget, ...] | None = None

    @property
    def built(self) -> bool:
        return self._widgets is not None

    def build(self) -> widgets.HBox:
        """The row's widgets, made once, with the value, error and language kept so far."""
        if self._widgets is None:
            spec = self.spec
            tip = f"{spec.rule}: {spec.help} ({spec.describe_range()})"
            control = self._make(self._value, tip)
            if not isinstance(control, _TableControl):
                # a tooltip on a Box breaks its view in the browser (ipywidgets 8.1): the
                # table puts it on its items instead
                control.tooltip = tip
            label = widgets.HTML(f"<b>{escape(spec.label or self.name)}</b>", tooltip=tip,
                                 layout=_LABEL)
            info = widgets.HTML(help_html(spec))
            error = widgets.HTML(layout=widgets.Layout(display="none"))
            row = widgets.HBox([label, control, info, error],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            row.add_class("dk-field")
            self._widgets = (label, control, info, error, row)
            for handler in self._handlers:
                self._observe(handler)
            if self._lang is not None:
                if self._lang[0] != "en":  # made after a switch: its words too
                    from .i18n import relabel

                    relabel(row, self._lang[0])
                self.set_lang(*self._lang)
            if self._message:
                message, self._message = self._message, ""
                self.set_message(message)
        return self._widgets[4]

    @property
    def label(self) -> widgets.HTML:
        self.build()
        return self._widgets[0]  # type: ignore[index, return-value]

    @property
    def control(self) -> Any:
        self.build()
        return self._widgets[1]  # type: ignore[index]

    @property
    def info(self) -> widgets.HTML:
        self.build()
        return self._widgets[2]  # type: ignore[index, return-value]

    @property
    def error(self) -> widgets.HTML:
        self.build()
        return self._widgets[3]  # type: ignore[index, return-value]

    @property
    def row(self) -> widgets.HBox:
        return self.build()

    def set_message(self, message: str) -> None:
        """Show ``message`` (an error, or "" for none) beside the field, and mark its row."""
        if self._widgets is None:
            self._message = message
            return
        if message_of(self.error) != message:
            show_message(self.error, message, error=True)
        (self.row.add_class if message else self.row.remove_class)("dk-field-error")

    def set_lang(self, lang: str, game: str) -> None:
        """The label and the help in ``lang``: in 日本語 the Japanese label (else the
        field's name, as variant files write it) and the draft's own words for its rule."""
        self._lang = (lang, game)
        if self._widgets is None:
            return
        spec = self.spec
        if lang == "ja":
            label = (f"<b>{escape(spec.label_ja)}</b>" if spec.label_ja else
                     f"<code>{escape(self.name)}</code>")
        else:
            label = f"<b>{escape(spec.label or self.name)}</b>"
        if self.label.value != label:
            self.label.value = label
        info = help_html(spec, lang, game)
        if self.info.value != info:
            self.info.value = info
        from .i18n import tr

        tip = f"{spec.rule}: {spec_help(spec, lang, game)} ({tr(spec.describe_range(), lang)})"
        table = isinstance(self.control, _TableControl)
        if table:
            self.control.tip = tip  # its boxes carry the tooltip (a Box's breaks its view)
        for widget in (self.label, *(self.control.boxes.values() if table else [self.control])):
            if widget.tooltip != tip:
                widget.tooltip = tip

    # -- per kind ----------------------------------------------------------------------------
    def _make(self, value: Any, tip: str) -> widgets.Widget:
        spec = self.spec
        if spec.kind == "bool":
            return widgets.Checkbox(value=bool(value), indent=False)
        if spec.kind == "choice":
            return widgets.Dropdown(options=[(str(c), c) for c in spec.choices or ()], value=value,
                                    layout=_CONTROL)
        if spec.kind == "table":
            return _TableControl(value, spec.item_range, tip)
        hint = "comma-separated" if spec.kind == "list" else spec.describe_range()
        return _text_box(self._text(value), hint, _CONTROL)

    @staticmethod
    def _text(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)

    def read(self) -> Any:
        """The control's value as Python (a string where the kind is typed as text); before
        the control exists, what it would give for the value kept."""
        if self._widgets is None:
            value, kind = self._value, self.spec.kind
            if kind == "bool":
                return bool(value)
            if kind == "choice":
                return value
            if kind == "table":
                return {str(k): _number_or_text(str(v)) for k, v in value.items()}
            return self._text(value)
        if isinstance(self.control, _TableControl):
            return self.control.read()
        return self.control.value

    def show(self, value: Any) -> None:
        """Put ``value`` into the control (only if it differs: no needless messages)."""
        if self._widgets is None:
            self._value = value
            return
        if isinstance(self.control, _TableControl):
            self.control.show(value)
            return
        new = self._text(value) if isinstance(self.control, widgets.Text) else value
        if self.control.value != new:
            self.control.value = new

    def observe(self, handler: Callable[[Any], None]) -> None:
        self._handlers.append(handler)
        if self._widgets is not None:
            self._observe(handler)

    def _observe(self, handler: Callable[[Any], None]) -> None:
        if isinstance(self.control, _TableControl):
            self.control.observe_values(handler)
        else:
            self.control.observe(handler, names="value")


def spec_help(spec: ParamSpec, lang: str = "en", game: str = "") -> str:
    """What a parameter does, in ``lang``: its help, or in 日本語 its ``help_ja`` (else
    the draft's own words for its rule, else the English help)."""
    if lang == "ja":
        if spec.help_ja:
            return spec.help_ja
        quote = rule_text(game, spec.rule).get("quote_ja") or "" if game and spec.rule else ""
        if quote:
            return f"「{quote}」"
    return spec.help


def help_html(spec: ParamSpec, lang: str = "en", game: str = "") -> str:
    """The rule ID (never wrapped) and the help of a parameter."""
    text = spec_help(spec, lang, game)
    # a help with no Japanese stays English, and says so
    tag = ' lang="ja"' if text != spec.help else (' lang="en"' if lang == "ja" else "")
    return (f'<span class="dk-rule">{escape(spec.rule)}</span> '
            f'<span class="dk-help"{tag}>{escape(text)}</span>')


def _text_box(value: str, hint: str, layout: widgets.Layout, **kw: Any) -> widgets.Text:
    """A text box that keeps what was typed; checked when the designer presses Enter or
    leaves the box."""
    return widgets.Text(value=value, placeholder=hint, layout=layout, continuous_update=False,
                        **kw)


class _TableControl(widgets.GridBox):
    """A per-item table (e.g. skill costs): one bounded number box per key."""

    def __init__(self, value: Mapping[str, Any], bounds: tuple[float, float] | None,
                 tip: str = "") -> None:
        super().__init__(layout=widgets.Layout(grid_template_columns="repeat(4, auto)",
                                               grid_gap="2px 10px"))
        self.bounds, self.tip = bounds, tip
        self._handlers: list[Callable[[Any], None]] = []
        self.boxes: dict[str, widgets.Widget] = {}
        self._build(value)
        self.add_class("dk-table-field")

    def _build(self, value: Mapping[str, Any]) -> None:
        self.boxes = {str(k): _text_box(str(v), "", widgets.Layout(width="130px"),
                                        description=str(k), tooltip=self.tip,
                                        style={"description_width": "40px"})
                      for k, v in value.items()}
        for box in self.boxes.values():
            for handler in self._handlers:
                box.observe(handler, names="value")
        self.children = list(self.boxes.values())

    def read(self) -> dict[str, Any]:
        """Each item as typed (a number where it reads as one: the check names the rest)."""
        return {k: _number_or_text(box.value) for k, box in self.boxes.items()}

    def show(self, value: Mapping[str, Any]) -> None:
        if set(map(str, value)) != set(self.boxes):
            old = list(self.boxes.values())
            self._build(value)
            for box in old:
                box.close()
            return
        for k, v in value.items():
            if self.boxes[str(k)].value != str(v):
                self.boxes[str(k)].value = str(v)

    def observe_values(self, handler: Callable[[Any], None]) -> None:
        self._handlers.append(handler)
        for box in self.boxes.values():
            box.observe(handler, names="value")
