"""``python -m batak_core.cli``: the same as the ``batak`` command."""

import sys

from . import main

sys.exit(main())
