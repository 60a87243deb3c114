"""The few rich names the light commands use,, imported from rich on first call.

``primero evaluate`` prints plain lines; importing :mod:`rich.console`, :mod:`rich.table` and
:mod:`rich.text` up front cost it a good part of its start. To type checkers these names are
rich's own classes; at run time ``Console(...)``, ``Table(...)`` and ``Text.assemble(...)``
import rich and return rich's objects. Modules that need more of rich import it directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Console", "Table", "Text"]

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text
else:

    def Console(*args: Any, **kwargs: Any) -> Any:
        """A :class:`rich.console.Console` (rich imported now)."""
        from rich.console import Console

        return Console(*args, **kwargs)

    def Table(*args: Any, **kwargs: Any) -> Any:
        """A :class:`rich.table.Table` (rich imported now)."""
        from rich.table import Table

        return Table(*args, **kwargs)

    class Text:
        """:class:`rich.text.Text`'s constructors (rich imported on first call)."""

        def __new__(cls, *args: Any, **kwargs: Any) -> Any:
            """A :class:`rich.text.Text`."""
            from rich.text import Text

            return Text(*args, **kwargs)

        @staticmethod
        def assemble(*args: Any, **kwargs: Any) -> Any:
            """:meth:`rich.text.Text.assemble`."""
            from rich.text import Text

            return Text.assemble(*args, **kwargs)
