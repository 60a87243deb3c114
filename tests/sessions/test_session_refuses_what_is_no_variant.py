"""``Session.new`` refuses a variant argument that is neither a Variant nor a name, naming it.

Before, ``Session.new(None, ...)`` (or a number, bytes) raised a bare ``AttributeError``
about ``.spec``; ``start_deal`` refused the same input with a ``PrimeroError``.
"""

from __future__ import annotations

import pytest

from primero.errors import PrimeroError
from primero.session import Session


@pytest.mark.parametrize(("variant", "shown"), [(None, "NoneType None"), (5, "int 5"),
                                                (b"waks", "bytes b'waks'")])
def test_session_new_names_a_variant_that_is_no_variant(variant: object, shown: str) -> None:
    with pytest.raises(PrimeroError) as caught:
        Session.new(variant, ("Ann", "Bob"), 5, seed=1)  # type: ignore[arg-type]
    assert str(caught.value) == f"variant must be a Variant or a variant name, got {shown}"
