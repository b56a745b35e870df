"""``python -m prefa``: the same as the ``prefa`` command."""

import sys

from .cli import main

sys.exit(main())
