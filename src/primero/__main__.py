"""``python -m primero``: the same as the ``primero`` command."""

from primero.cli import main

if __name__ == "__main__":
    main()
