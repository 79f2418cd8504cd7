"""One editor per parameter kind, chosen from its ``ParamSpec`` (never from the game).

A field only moves values between a control and Python (``read``/``show``);
validation stays with ``Params.check_value`` so the panel, the CLI and YAML
variants accept exactly the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as widgets

from designkit.core.params import ParamSpec

WIDE_RANGE = 60  # more steps than this: a number box instead of a slider
_LABEL = widgets.Layout(width="210px", min_width="210px")
_CONTROL = widgets.Layout(width="260px")


def _whole(bounds: tuple[float, float] | None) -> bool:
    return bounds is None or all(float(b).is_integer() for b in bounds)


class Field:
    """A parameter's row: name, control, rule ID with help, and its error label."""

    def __init__(self, name: str, spec: ParamSpec, value: Any) -> None:
        self.name, self.spec = name, spec
        tip = f"{spec.rule}: {spec.help} ({spec.describe_range()})"
        self.control = self._make(value, tip)
        if not isinstance(self.control, _TableControl):
            # a tooltip on a Box breaks its view in the browser (ipywidgets 8.1): the
            # table puts it on its items instead
            self.control.tooltip = tip
        self.label = widgets.HTML(f"<b>{escape(spec.label or name)}</b>", tooltip=tip,
                                  layout=_LABEL)
        self.info = widgets.HTML(f'<span class="dk-rule">{escape(spec.rule)}</span> '
                                 f'<span class="dk-help">{escape(spec.help)}</span>')
        self.error = widgets.HTML(layout=widgets.Layout(display="none"))
        self.row = widgets.HBox([self.label, self.control, self.info, self.error],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        self.row.add_class("dk-field")

    # -- per kind ----------------------------------------------------------------------------
    def _make(self, value: Any, tip: str) -> widgets.Widget:
        spec = self.spec
        if spec.kind == "bool":
            return widgets.Checkbox(value=bool(value), indent=False)
        if spec.kind == "choice":
            return widgets.Dropdown(options=[(str(c), c) for c in spec.choices], value=value,
                                    layout=_CONTROL)
        if spec.kind in ("list",) or (spec.kind in ("int", "float") and spec.optional):
            hint = spec.describe_range() if spec.kind != "list" else "comma-separated"
            return widgets.Text(value=self._text(value), placeholder=hint, layout=_CONTROL,
                                continuous_update=False)
        if spec.kind == "table":
            return _TableControl(value, spec.item_range, tip)
        return _number(spec, value)

    @staticmethod
    def _text(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)

    def read(self) -> Any:
        """The control's value as Python (a string where the kind is typed as text)."""
        if isinstance(self.control, _TableControl):
            return self.control.read()
        return self.control.value

    def show(self, value: Any) -> None:
        """Put ``value`` into the control (only if it differs: no needless messages)."""
        if isinstance(self.control, _TableControl):
            self.control.show(value)
            return
        new = self._text(value) if isinstance(self.control, widgets.Text) else value
        if self.control.value != new:
            self.control.value = new

    def observe(self, handler: Callable[[Any], None]) -> None:
        if isinstance(self.control, _TableControl):
            self.control.observe_values(handler)
        else:
            self.control.observe(handler, names="value")


def _number(spec: ParamSpec, value: Any) -> widgets.Widget:
    """Slider for a short range, bounded box for a wide one, plain box without a range."""
    if spec.range is None:
        return (widgets.IntText if spec.kind == "int" else widgets.FloatText)(
            value=value, layout=_CONTROL)
    lo, hi = spec.range
    if spec.kind == "int":
        cls = widgets.IntSlider if hi - lo <= WIDE_RANGE else widgets.BoundedIntText
        return cls(value=value, min=int(lo), max=int(hi), layout=_CONTROL,
                   **({"continuous_update": False} if cls is widgets.IntSlider else {}))
    step = (hi - lo) / 20 if hi > lo else 0.1
    return widgets.FloatSlider(value=value, min=lo, max=hi, step=step, readout_format=".2f",
                               continuous_update=False, layout=_CONTROL)


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
        lo, hi = self.bounds if self.bounds else (-10**9, 10**9)
        whole = _whole(self.bounds)
        cls = widgets.BoundedIntText if whole else widgets.BoundedFloatText
        lo, hi = (int(lo), int(hi)) if whole else (float(lo), float(hi))
        self.boxes = {str(k): cls(value=v, min=lo, max=hi, description=str(k),
                                  tooltip=self.tip, layout=widgets.Layout(width="130px"),
                                  style={"description_width": "40px"})
                      for k, v in value.items()}
        for box in self.boxes.values():
            for handler in self._handlers:
                box.observe(handler, names="value")
        self.children = list(self.boxes.values())

    def read(self) -> dict[str, Any]:
        return {k: box.value for k, box in self.boxes.items()}

    def show(self, value: Mapping[str, Any]) -> None:
        if set(map(str, value)) != set(self.boxes):
            old = list(self.boxes.values())
            self._build(value)
            for box in old:
                box.close()
            return
        for k, v in value.items():
            if self.boxes[str(k)].value != v:
                self.boxes[str(k)].value = v

    def observe_values(self, handler: Callable[[Any], None]) -> None:
        self._handlers.append(handler)
        for box in self.boxes.values():
            box.observe(handler, names="value")
