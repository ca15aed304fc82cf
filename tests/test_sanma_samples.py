"""Every three-player sample hand (``sample_hands/sanma/``) scores as its file's ``# expect[i]:`` lines say.

The format and the checks are those of `test_samples`; hands that score sit at the top of the folder
(``riichi batch sample_hands/sanma/*.yaml`` exits 0), refused ones in ``sample_hands/sanma/refused/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_samples import SAMPLES, check, expectations, hands_of, name

import riichi_cli

SANMA = SAMPLES / "sanma"
TOP = sorted(SANMA.glob("*.yaml"))
REFUSED = sorted((SANMA / "refused").glob("*.yaml"))


def cases() -> list[object]:
    return [
        pytest.param(path, i, id=f"{name(path)}#{i}")
        for path in TOP + REFUSED
        for i in sorted(expectations(path))
    ]


def test_a_dozen_three_player_hands():
    hands = [h for path in TOP + REFUSED for h in hands_of(path)]
    assert len(hands) >= 12
    ids = [h["id"] for h in hands]
    assert len(ids) == len(set(ids)) and all(i.startswith("sanma-") for i in ids)


@pytest.mark.parametrize("path", TOP + REFUSED, ids=name)
def test_structure(path: Path):
    expected = expectations(path)
    assert sorted(expected) == list(range(len(hands_of(path))))
    refused = {i for i, f in expected.items() if "error" in f}
    assert refused == (set(expected) if path in REFUSED else set()), name(path)


@pytest.mark.parametrize(("path", "index"), cases())
def test_sanma_sample_hand(path: Path, index: int):
    hand = hands_of(path)[index]
    check(riichi_cli.score(hand), expectations(path)[index], f"{name(path)}#{index} ({hand['id']})")
