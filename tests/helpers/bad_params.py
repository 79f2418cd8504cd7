"""Bad parameters, checked the same way for every game: a ParamError that names the field
(as its ``field`` and in its text) and says what is allowed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from designkit import ParamError


def assert_param_error(make: Callable[[], Any], field: str, *words: str) -> ParamError:
    """``make()`` (building parameters) raises a ParamError whose ``field`` is ``field`` and
    whose text holds every one of ``words``."""
    with pytest.raises(ParamError) as err:
        make()
    assert err.value.field == field, (err.value.field, field)
    for w in words:
        assert w in str(err.value), (w, str(err.value))
    return err.value
