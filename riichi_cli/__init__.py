"""riichi: a Japanese riichi mahjong calculator. ``score`` and ``score_many`` are the Python API."""

from .api import score, score_many

__all__ = ["score", "score_many"]
__version__ = "0.1.0"
