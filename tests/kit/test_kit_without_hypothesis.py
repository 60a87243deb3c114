"""On a base install (no hypothesis) the holds-up check and the exploiters import and run.

Before, ``from primero.testing import check_agent_holds_up`` raised "No module named
'hypothesis'" though that check needs none of it; a name that does need hypothesis now says
which extra to install.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import primero

SCRIPT = """
import sys
sys.modules["hypothesis"] = None  # as on a base install
from primero.testing import EXPLOITERS, check_agent_holds_up
report = check_agent_holds_up("waks", "heuristic", deals=2, exploiters=["fold"], strict=False)
print(list(EXPLOITERS)[0], list(report.matches))
try:
    from primero.testing import DealMachine
except ImportError as error:
    print(error)
"""


def test_holds_up_check_imports_without_hypothesis_and_the_machine_names_the_extra() -> None:
    env = {"PYTHONPATH": str(Path(primero.__file__).parent.parent), "PATH": "",
           "PRIMERO_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "max-bet ['fold']",
        "primero.testing.DealMachine needs hypothesis, which is not installed: "
        "pip install 'primero[testing]'"]
