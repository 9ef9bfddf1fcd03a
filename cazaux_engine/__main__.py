"""``python -m cazaux_engine``: the same as the ``cazaux-engine`` command."""
import sys

from protocol.cli import main

sys.exit(main())
