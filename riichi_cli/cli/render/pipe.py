"""Output to a pipe or a file, written without Rich: a view that only prints plain text there need not
import Rich at all (a tenth of a second of a short run).

`piped` answers as Rich's console would (``Console.is_terminal`` false for stdout), but only in the
plain case; anything Rich reads otherwise (FORCE_COLOR, TTY_COMPATIBLE, a notebook, IDLE) sends the
view through Rich as before.
"""

from __future__ import annotations

import builtins
import os
import sys


def piped() -> bool:
    """Whether stdout is a pipe or a file that Rich would write plain text to, unwrapped."""
    out = sys.stdout
    if out is None or hasattr(out, "rich_proxied_file") or "FORCE_COLOR" in os.environ:
        return False
    if os.environ.get("TTY_COMPATIBLE") or hasattr(builtins, "get_ipython") or "idlelib" in sys.modules:
        return False
    try:
        return not out.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream: let Rich decide
        return False


def cell_widths(cells: list[str]) -> list[int]:
    """The terminal cells each text takes, as Rich counts them (printable ASCII: one a character)."""
    text = "".join(cells)
    if text.isascii() and text.isprintable():
        return [len(c) for c in cells]
    from rich.cells import cell_len

    return [cell_len(c) for c in cells]
