"""Time `riichi_cli.score()` against mahjong 2.1.0's `HandCalculator.estimate_hand_value`.

Both score the 2,000 majiang-core dev hands (../shared/conformance/hule-dev.json, read in place) side
by side in one run. Inputs are prepared once before timing: docs/input.md mappings for riichi (so notation
parsing, context checks and rule resolution are timed), and 136-tile arrays, win tile, `Meld`
objects, dora/ura indicators and a `HandConfig` per hand for the library. Best of N rounds, each round
timing every scorer once (interleaved, so that a busy shared machine slows them alike).

    .venv/bin/python bench/bench_score.py [--rounds 5] [--jobs 2]

``--loop N`` only scores the hands N times with `riichi_cli.score` and prints nothing, for counting
instructions: ``valgrind --tool=callgrind`` with N=3 minus N=1, divided by 4,000, is the cost of one call.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import majiang  # noqa: E402

import riichi_cli  # noqa: E402

SUITS = "mpsz"
MELD_KINDS = ("chi", "pon", "kan", "kakan", "ankan")


def _tiles(text: str) -> list[tuple[int, bool]]:
    """(kind 0-33, red) for tile groups like ``406m1z``."""
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUITS:
            base = SUITS.index(ch) * 9
            out += [(base + (d or 5) - 1, d == 0) for d in digits]
            digits = []
    return out


class _Copies:
    """Hands out distinct 136-format ids: red fives are copy 0 (ids 16, 52, 88), plain tiles the rest."""

    def __init__(self) -> None:
        self.free = {k: ([1, 2, 3, 0] if k in (4, 13, 22) else [0, 1, 2, 3]) for k in range(34)}

    def take(self, kind: int, red: bool) -> int:
        copies = self.free[kind]
        copy = 0 if red else copies[0]
        copies.remove(copy)
        return kind * 4 + copy


def library_inputs(mapping: dict, double_yakuman: bool = True) -> dict:
    """`estimate_hand_value` keyword arguments for a docs/input.md mapping (tenhou rules)."""
    from mahjong.meld import Meld
    from oracle import hand_config

    types = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "kakan": Meld.SHOUMINKAN, "ankan": Meld.KAN}
    copies = _Copies()
    concealed: list[int] = []
    melds = []
    for group in mapping["hand"].split():
        kind, _, body = group.rpartition(":")
        ids = [copies.take(t, red) for t, red in _tiles(body)]
        if kind:
            melds.append(Meld(types[kind], tiles=sorted(ids), opened=kind != "ankan"))
        else:
            concealed += ids
    dora = [copies.take(t, red) for t, red in _tiles("".join(mapping.get("dora", [])))]
    ura = [copies.take(t, red) for t, red in _tiles("".join(mapping.get("ura", [])))]
    config = hand_config(mapping, double_yakuman=double_yakuman)
    return {
        "tiles": concealed + [t for m in melds for t in m.tiles],
        "win_tile": concealed[-1],
        "melds": melds,
        "dora_indicators": dora,
        "ura_dora_indicators": ura,
        "config": config,
    }


def library_agrees(item: dict, response, config) -> bool:
    """The library's han, fu, points and winner's total equal the reference output of one hand."""
    out = item["out"]
    if response.error:
        return False
    cost = response.cost
    if out["damanguan"]:
        han_ok = any(y.is_yakuman for y in response.yaku) and response.han // 13 == out["damanguan"]
    else:
        han_ok = response.han == out["fanshu"] and response.fu == out["fu"]
    if not config.is_tsumo:
        points = cost["main"]
    elif config.is_dealer:
        points = 3 * cost["main"]
    else:
        points = cost["main"] + 2 * cost["additional"]
    winner = item["in"]["param"]["menfeng"]
    return han_ok and points == out["defen"] and cost["total"] == out["fenpei"][winner]


def best_of(rounds: int, fn) -> float:
    return min(interleaved(rounds, fn))


def interleaved(rounds: int, *fns) -> list[float]:
    """The best time of each function over ``rounds`` rounds, each round running every function once,
    so that a machine busy for a while slows them all alike (the ratios stay fair on a shared machine)."""
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds, the best is kept (default 5)")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the score_many line (default 2)")
    parser.add_argument("--loop", type=int, default=0, help="only score the hands N times (for callgrind)")
    args = parser.parse_args()
    if not majiang.HULE.is_file():
        sys.exit(f"conformance data not found: {majiang.HULE}")
    if args.loop:
        mappings = [majiang.to_mapping(item) for item in majiang.load()]
        for _ in range(args.loop):
            for m in mappings:
                riichi_cli.score(m)
        return
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        sys.exit("the mahjong package is not installed: pip install 'mahjong==2.1.0' (or '.[test]')")
    import mahjong

    items = majiang.load()
    mappings = [majiang.to_mapping(item) for item in items]
    inputs = [library_inputs(m) for m in mappings]
    n = len(mappings)

    # The first pass also fills riichi_cli's per-suit caches: report it on its own.
    start = time.perf_counter()
    ours = [riichi_cli.score(m) for m in mappings]
    first_ours = time.perf_counter() - start
    start = time.perf_counter()
    theirs = [HandCalculator.estimate_hand_value(**kw) for kw in inputs]
    first_lib = time.perf_counter() - start
    ok_ours = sum(r["ok"] and r["points"]["total"] == it["out"]["defen"] for r, it in zip(ours, items))
    ok_theirs = sum(library_agrees(it, r, kw["config"]) for it, r, kw in zip(items, theirs, inputs))

    score = riichi_cli.score
    estimate = HandCalculator.estimate_hand_value
    # The same hands with the rules resolved once by the caller instead of per mapping.
    from riichi_cli.core.rules import resolve_rules

    rules = resolve_rules("tenhou", majiang.RULE_OPTIONS)
    bare = [{k: v for k, v in m.items() if k != "rule_options"} for m in mappings]
    t_ours, t_lib, t_rules = interleaved(
        args.rounds,
        lambda: [score(m) for m in mappings],
        lambda: [estimate(**kw) for kw in inputs],
        lambda: [score(m, rules) for m in bare],
    )
    t_many = best_of(min(args.rounds, 3), lambda: list(riichi_cli.score_many(mappings, jobs=args.jobs)))

    version = getattr(mahjong, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version

        version = dist_version("mahjong")
    from riichi_cli.core import scoring

    compiled = "pure Python" if scoring.__file__.endswith(".py") else "compiled with mypyc"
    print(f"{n} conformance hands, best of {args.rounds} rounds (Python {sys.version.split()[0]})")
    print(f"riichi_cli core: {compiled} ({Path(riichi_cli.__file__).parent})")
    print(f"sanity: riichi_cli agrees with the reference on {ok_ours}/{n} (points)")
    print(f"sanity: mahjong {version} agrees with the reference on {ok_theirs}/{n} (han, fu, points, total)")
    for label, seconds in (
        ("riichi_cli.score(mapping)", t_ours),
        (f"mahjong {version} estimate_hand_value", t_lib),
        ("riichi_cli.score(mapping, rules) *", t_rules),
        (f"riichi_cli.score_many(jobs={args.jobs})", t_many),
    ):
        print(f"{label:40s} {seconds:7.3f} s  {n / seconds:8.0f} hands/s")
    print(f"speed ratio riichi_cli.score / mahjong:  {t_lib / t_ours:.2f}x (goal of issue 10: 3.5x or more)")
    print(
        f"first pass (cold caches): riichi_cli {n / first_ours:.0f} hands/s, mahjong {n / first_lib:.0f}"
        f" hands/s, ratio {first_lib / first_ours:.2f}x"
    )
    print("* rules resolved once by the caller instead of from each mapping's rule_options")


if __name__ == "__main__":
    main()
