"""Where this Python runs: beside a server or on the learner's machine (CPython), or in the learner's
browser (the browser edition, ``make site``: Pyodide, one thread, no processes, files in memory)."""

from __future__ import annotations

import sys
from typing import Final

IN_BROWSER: Final = sys.platform == "emscripten"
