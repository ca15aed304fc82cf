"""riichi: a Japanese riichi mahjong calculator. ``score``, ``score_many``, ``replay``: the Python API."""

from .api import replay, score, score_many

__all__ = ["replay", "score", "score_many"]
__version__ = "0.1.0"
