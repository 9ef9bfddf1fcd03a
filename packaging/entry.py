"""Entry script of the frozen binary: the same as the ``cazaux-engine`` command.

PyInstaller runs this file as ``__main__``; everything else is the installed
package (``protocol.cli.main``), so the binary and ``cazaux-engine`` /
``python -m cazaux_engine`` behave alike.
"""
import sys

from protocol.cli import main

if __name__ == '__main__':
    sys.exit(main())
