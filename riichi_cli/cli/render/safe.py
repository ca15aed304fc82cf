"""Text from the input made safe to print: no terminal control sequences, no Rich markup.

Ids, file names, hands and error messages echo what the user gave. Printed raw, an ESC sequence
could retitle the window or hide output, and ``[/]`` in an id would break a Rich table. Every view
passes such text through `plain` (for `rich.text.Text` and stderr lines) or `markup` (inside
markup strings).
"""

from __future__ import annotations

import re

# C0 and C1 controls (tab and newline included: one value is one line), DEL, and the Unicode
# format characters that reorder or hide text (bidi overrides and isolates, zero-width marks), and lone
# surrogates (a JSON "\ud800" reads as one; no encoding can print it).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")


def _escaped(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def plain(value: object) -> str:
    """``value`` as text with every control character shown as an escape like ``\\x1b``."""
    return _CONTROL.sub(_escaped, "" if value is None else str(value))


def markup(value: object) -> str:
    """`plain` text also escaped for Rich markup, to put inside a markup string."""
    from rich.markup import escape  # here: the plain views of a pipe need not import Rich

    return escape(plain(value))


def lines(value: object) -> str:
    """Like `plain`, but keeping line breaks (an error message with a caret line under the input)."""
    return "\n".join(plain(line) for line in str(value).split("\n"))
