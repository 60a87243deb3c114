"""``check_agent_holds_up(agent, variant)``, arguments swapped, says which comes first."""

from __future__ import annotations

import pytest

from primero.errors import UnknownVariantError
from primero.testing import check_agent_holds_up


@pytest.mark.parametrize(("first", "second"), [("heuristic", "waks"), ("Random", "cardano")])
def test_an_agent_s_name_as_the_variant_says_the_variant_comes_first(first: str,
                                                                     second: str) -> None:
    with pytest.raises(UnknownVariantError) as caught:
        check_agent_holds_up(first, second, deals=2)
    assert str(caught.value) == (
        f"unknown variant '{first}': that is an agent's name; the variant comes first, "
        f"check_agent_holds_up(variant, agent), e.g. check_agent_holds_up('{second}', "
        f"'{first}')")


def test_an_unknown_name_that_is_no_agent_keeps_the_plain_message() -> None:
    with pytest.raises(UnknownVariantError, match=r"^unknown variant 'nope'; known variants: "):
        check_agent_holds_up("nope", "heuristic", deals=2)
