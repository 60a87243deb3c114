r"""``primero variants`` shows a broken plug-in's reason with its control characters escaped.

A plug-in that fails at import with ESC in its message sent the escape sequence to the terminal
in the listing (the ``warning:`` line on stderr escaped it already): now ``\x1b``, as text.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import primero


def test_variants_escapes_the_reason_a_plugin_failed(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "escaping_plugin.py").write_text('raise RuntimeError("boom \\x1b[31mred")\n')
    dist = site / "escaping_plugin-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: escaping-plugin\n"
                                   "Version: 0.1\n")
    (dist / "entry_points.txt").write_text("[primero]\nescaping = escaping_plugin\n")
    env = {"PYTHONPATH": f"{site}:{Path(primero.__file__).parent.parent}", "PATH": "",
           "COLUMNS": "200", "PYTHONWARNINGS": "ignore"}
    listing = subprocess.run([sys.executable, "-m", "primero", "variants"],
                             capture_output=True, text=True, timeout=120, env=env)
    assert listing.returncode == 0, listing.stderr
    assert "\x1b" not in listing.stdout + listing.stderr
    assert listing.stdout.splitlines()[-1] == (
        "broken plug-in escaping (escaping-plugin 0.1): plug-in escaping: importing "
        "'escaping_plugin' failed: RuntimeError: boom \\x1b[31mred")
