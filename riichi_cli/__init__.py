"""riichi: a Japanese riichi mahjong calculator.

The Python API has one function per command, each returning exactly what the command's ``--json``
prints and never raising for bad input: ``score``, ``score_many``, ``waits``, ``shanten``,
``settle``, ``table``, ``rules``, ``replay`` and ``analyze``. Their results are typed: the
TypedDicts of riichi_cli.api_types, checked against the JSON Schemas (tests/test_api_types.py).
"""

# The subpackage riichi_cli.settle is loaded before the function of the same name is bound, so a
# later `import riichi_cli.settle.settlement` cannot rebind `riichi_cli.settle` to the package.
from . import settle as _settle_package  # noqa: F401
from .api import analyze, replay, rules, score_many, settle, shanten, table, waits

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:  # the compiled io.report.score returns a plain dict; to a type checker, its schema
    from typing import Any

    from .api_types import ScoreResult

    def score(mapping: Any, rules: Any = None, source: str | None = None) -> ScoreResult:
        """Score one hand (`riichi score --json`); see riichi_cli.io.report.score."""
        ...

else:
    from .api import score

__all__ = ["analyze", "replay", "rules", "score", "score_many", "settle", "shanten", "table", "waits"]
__version__ = "0.1.0"
