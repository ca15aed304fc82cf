"""The end of a round: wins (multiple ron, head bump, pao), draws, chombo, and the next round."""

from __future__ import annotations

__all__ = ["settle"]


def __getattr__(name: str) -> object:
    # Loaded on first use: `import riichi_cli` loads this package early (see riichi_cli/__init__.py)
    # and should not pay for the settlement module then.
    if name == "settle":
        from .settlement import settle

        return settle
    raise AttributeError(name)
