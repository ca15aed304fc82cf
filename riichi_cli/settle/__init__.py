"""The end of a round: wins (multiple ron, head bump, pao), draws, chombo, and the next round."""

from .settlement import settle

__all__ = ["settle"]
