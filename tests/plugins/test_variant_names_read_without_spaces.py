"""A variant's name is read without surrounding spaces, in any case, by every entry point."""

from __future__ import annotations

import pytest

from primero.errors import UnknownVariantError
from primero.plugins.registry import get_variant, registry


def test_a_variant_name_with_surrounding_spaces_is_the_variant() -> None:
    assert get_variant(" Waks ") == get_variant("waks")
    assert get_variant("\tCARDANO\n").name == "cardano"
    assert " suzuki " in registry()


def test_a_blank_variant_name_is_refused_by_name() -> None:
    with pytest.raises(UnknownVariantError, match=r"^unknown variant '  '; known variants: "):
        get_variant("  ")
