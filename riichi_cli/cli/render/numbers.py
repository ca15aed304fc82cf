"""Points and hand values as text, the same in every command.

One number format everywhere: plain digits without thousands separators (``7700``, ``32000``),
as score tables and the game clients print them; a change carries its sign (``+7700``, ``-2600``).
"""

from __future__ import annotations


def num(n: int) -> str:
    """``7700``."""
    return str(n)


def signed(n: int) -> str:
    """A point change: ``+7700``, ``-2600``, ``0``."""
    return f"{n:+d}" if n else "0"


def paid_text(ron: int | None, tsumo: dict | None) -> str:
    """What a win pays: ``7700`` for a ron, ``2000/3900`` or ``2600 all`` for a tsumo."""
    if ron is not None:
        return num(ron)
    assert tsumo is not None
    if tsumo["dealer"] is None:
        return f"{num(tsumo['non_dealer'])} all"
    return f"{num(tsumo['non_dealer'])}/{num(tsumo['dealer'])}"


def points_text(d: dict) -> str:
    """What a docs/output.md win pays, before honba and deposits."""
    return paid_text(d["points"]["ron"], d["points"]["tsumo"])


def yakuman_text(n: int) -> str:
    return {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}.get(n, f"{n}x yakuman")


def value_text(d: dict) -> str:
    """``4 han 30 fu``, ``mangan (5 han)``, ``double yakuman``..."""
    if d["yakuman"]:
        return yakuman_text(d["yakuman"])
    text = f"{d['han']} han" + (f" {d['fu']} fu" if d["fu"] is not None else "")
    return f"{d['limit'].replace('_', ' ')} ({text})" if d["limit"] else text


def short_value(d: dict) -> str:
    """A value in a narrow cell: ``2h40fu``, ``mangan``, ``yakuman``."""
    if d["yakuman"]:
        return "yakuman" if d["yakuman"] == 1 else f"{d['yakuman']}x yakuman"
    if d["limit"]:
        return d["limit"].replace("_", " ")
    return f"{d['han']}h{d['fu']}fu" if d["fu"] else f"{d['han']}h"


def collected_parts(d: dict) -> list[tuple[int, str]]:
    """What the winner collects, split: [(7700, "hand"), (600, "honba"), (1000, "riichi sticks")].

    Counters and sticks are listed only when there are some.
    """
    pts = d["points"]
    parts = [(pts["total"], "hand")]
    if pts.get("honba"):
        parts.append((pts["honba"], "honba"))
    if pts.get("deposits"):
        parts.append((pts["deposits"], "riichi sticks"))
    return parts


def collected_text(d: dict) -> str:
    """``7700 hand + 600 honba + 1000 riichi sticks = 9300``, or ``7700`` alone."""
    parts = collected_parts(d)
    if len(parts) == 1:
        return num(parts[0][0])
    total = sum(n for n, _ in parts)
    return " + ".join(f"{num(n)} {what}" for n, what in parts) + f" = {num(total)}"


def plural(n: int, word: str) -> str:
    """``1 game``, ``2 games``, ``1 tile``, ``0 errors``: every count in a view is said this way."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
