"""A longer fuzz run of the API and the batch reader than tests/test_fuzz.py can afford in CI.

    PYTHONPATH=. python bench/fuzz_batch.py --inputs 200000 --seed 1

Generates notation, wrong-typed mappings, hands with several faults at once (a bad count and a bad
context), settlements, YAML documents, JSON lines and raw bytes
(random, seeded) and checks for each: no exception escapes, every result is strict JSON (no NaN,
no Infinity, no int too long to print), every batch input yields one record per hand (or one
record for an input that cannot be read). Prints the counts and the first failures; exits 1 on any.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import sys
import time
import traceback

import yaml

import riichi_cli
from riichi_cli.core.rules import resolve_rules
from riichi_cli.files.batch import results
from riichi_cli.io.mapping import KEYS
from riichi_cli.settle.settlement import settle_checked

RULES = resolve_rules()
NOTATION_CHARS = "0123456789mpsz chiponkaknx:\t\n"
HANDS = ["234567m2278p456s9p", "123456s234m55p chi:789s", "11123455678999m", "123m456p789s11122z",
         "19m19p19s1234567z1m", "1112345678999m", "406m1p1p kan:0555p pon:777z chi:789s"]  # fmt: skip


class Fuzzer:
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    def notation(self) -> str:
        r = self.r
        if r.random() < 0.5:  # mutate a real hand: most inputs then get deep into the scorer
            hand = list(r.choice(HANDS))
            for _ in range(r.randint(0, 3)):
                i = r.randrange(len(hand) + 1)
                hand.insert(i, r.choice(NOTATION_CHARS))
                if hand and r.random() < 0.5:
                    del hand[r.randrange(len(hand))]
            return "".join(hand)
        return "".join(r.choice(NOTATION_CHARS) for _ in range(r.randint(0, 30)))

    def scalar(self) -> object:
        r = self.r
        return r.choice([
            None, True, False, 0, -1, 1, 999, 1000, 2**63, 10**4299, -(10**5000), 10**5000,
            math.nan, math.inf, -math.inf, 0.5, "", "E", "x", "tsumo", "ron", "5m", "0p", "[/]",
            "\x1b]0;t\x07", "\ud800", self.notation(), r.choice(HANDS), b"\xff", (1, 2),
        ])  # fmt: skip

    def value(self, depth: int = 0) -> object:
        r = self.r
        roll = r.random()
        if depth < 2 and roll < 0.15:
            return [self.value(depth + 1) for _ in range(r.randint(0, 3))]
        if depth < 2 and roll < 0.25:
            return {self.key(): self.value(depth + 1) for _ in range(r.randint(0, 3))}
        return self.scalar()

    def key(self) -> object:
        r = self.r
        return r.choice(sorted(KEYS)) if r.random() < 0.85 else r.choice(["hnd", "", 10**5000, 1.5, None])

    def mapping(self) -> dict:
        m = {"hand": self.notation() if self.r.random() < 0.5 else self.r.choice(HANDS)}
        for _ in range(self.r.randint(0, 5)):
            m[self.key()] = self.value()  # type: ignore[index]
        return m

    def faulty_hand(self) -> str:
        """14 tiles of which 5-8 are copies of one tile (plain or red five): a count no hand holds,
        with the right size, so that the reader gets past the tile count to the context."""
        r = self.r
        suit = r.choice("mpsz")
        digit = r.choice("1234567" if suit == "z" else "0123456789")
        many = r.randint(5, 8)
        rest = [r.choice("123456789") + r.choice("mps") for _ in range(14 - many)]
        return digit * many + suit + "".join(rest)

    def multi_fault(self) -> dict:
        """A hand fault with one to three context faults (issue 23: each fuzzer input carried one)."""
        r = self.r
        faults = [("honba", -1), ("kita", 1), ("seat_wind", "X"), ("dora", "9x"), ("win_tile", "8z"),
                  ("riichi_sticks", math.nan), ("honba", 10**5000), ("ippatsu", True), ("win", "draw"),
                  ("dora", "5m" * 9), ("discards", "1m" * 40), ("rules", "nope")]  # fmt: skip
        m: dict = {"hand": self.faulty_hand() if r.random() < 0.7 else self.notation()}
        for key, value in r.sample(faults, r.randint(1, 3)):
            m[key] = value
        return m

    def settlement(self) -> dict:
        r = self.r
        kind = r.choice(["wins", "draw", "chombo", "scores"])
        out: dict = {"honba": self.value(), "riichi_sticks": r.choice([0, 1, self.value()])}
        if kind == "wins":
            out["wins"] = [self.mapping() for _ in range(r.randint(0, 3))]
        elif kind == "draw":
            out["draw"] = {"kind": r.choice(["exhaustive", "abortive", self.value()]), "tenpai": self.value()}
        elif kind == "chombo":
            out["chombo"] = {"seat": r.choice(["N", self.value()]), "reason": self.value()}
        else:
            out["draw"] = {"kind": "exhaustive", "tenpai": []}
            out["scores"] = {s: self.value() for s in "ESWN"}
        return out

    def json_lines(self) -> tuple[bytes, int]:
        lines = []
        for _ in range(self.r.randint(1, 6)):
            m = marked({k: v for k, v in self.mapping().items() if isinstance(k, str)})
            line = json.dumps(m)
            if self.r.random() < 0.2:
                line = line[: self.r.randrange(len(line) + 1)]  # a broken line is one record too
            lines.append(line.replace('"<big>"', "9" * 5000).replace("\n", " ") or "{}")
        first = json.dumps({"hand": self.r.choice(HANDS)})
        return ("\n".join([first, *lines]) + "\n").encode("utf-8", "surrogatepass"), len(lines) + 1

    def yaml_list(self) -> tuple[bytes, int] | None:
        hands = [self.mapping() for _ in range(self.r.randint(1, 5))]
        try:
            return yaml.safe_dump(hands, allow_unicode=True).encode("utf-8"), len(hands)
        except (yaml.YAMLError, ValueError, TypeError, UnicodeEncodeError):
            return None

    def junk(self) -> bytes:
        r = self.r
        pieces = [b"hand: ", b"- ", b"{", b"}", b"[", b"]", b"\n", b"---\n", b"&a ", b"*a ", b"!!int 1",
                  b"\xff", b"\x00", b"hands:\n", b"defaults: ", b"9" * 5000, b".nan", b'"\\e"']  # fmt: skip
        return b"".join(r.choice(pieces) for _ in range(r.randint(0, 12)))


def marked(value: object) -> object:
    """``value`` for json.dumps: huge ints become a "<big>" marker (written as digits later),
    bytes and tuples their repr."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return "<big>"
    if isinstance(value, list):
        return [marked(v) for v in value]
    if isinstance(value, dict):
        return {k: marked(v) for k, v in value.items() if isinstance(k, str)}
    return repr(value) if isinstance(value, (bytes, tuple)) else value


def strict(obj: object) -> None:
    json.loads(json.dumps(obj, allow_nan=False))


def batch_of(data: bytes) -> list[dict]:
    """`riichi batch -` on ``data``, as records (parsed back strictly: NaN would be refused)."""
    groups = results(["-"], 1, RULES, lambda: io.BytesIO(data))
    return [json.loads(text, parse_constant=refuse) for group in groups for text, _, _ in group]


def refuse(name: str) -> None:
    raise ValueError(f"{name} is not strict JSON")


def check_batch(data: bytes, expected: int | None) -> None:
    got = batch_of(data)
    for d in got:
        strict(d)
    sources = [d["source"] for d in got]
    if sources != [f"-#{i}" for i in range(len(got))] or not got:
        raise AssertionError(f"sources {sources[:5]}")
    unreadable = len(got) == 1 and got[0]["error"] and got[0]["error"]["code"] == "unreadable"
    if expected is not None and len(got) != expected and not unreadable:
        raise AssertionError(f"{len(got)} records for {expected} hands")


MULTI = (riichi_cli.score, riichi_cli.waits, riichi_cli.shanten, riichi_cli.settle)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=20000, help="inputs to generate (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    fz = Fuzzer(args.seed)
    kinds = {
        "notation": lambda: strict(riichi_cli.score({"hand": fz.notation()})),
        "mapping": lambda: strict(riichi_cli.score(fz.mapping())),
        "any value": lambda: strict(riichi_cli.score(fz.value())),
        "waits": lambda: strict(riichi_cli.waits(fz.mapping())),
        "shanten": lambda: strict(riichi_cli.shanten(fz.mapping())),
        "settlement": lambda: strict(settle_checked(fz.settlement())[0]),
        "settle API": lambda: strict(riichi_cli.settle(fz.settlement(), rules=fz.value())),
        "multi-fault": lambda: [strict(f(fz.multi_fault())) for f in MULTI],
        "json lines": lambda: check_batch(*fz.json_lines()),
        "yaml list": lambda: check_batch(*(fz.yaml_list() or (b"hand: 1m\n", 1))),
        "junk bytes": lambda: check_batch(fz.junk(), None),
    }
    counts = dict.fromkeys(kinds, 0)
    failures: list[str] = []
    names = list(kinds)
    start = time.perf_counter()
    for i in range(args.inputs):
        kind = names[i % len(names)]
        counts[kind] += 1
        try:
            kinds[kind]()
        except Exception:
            failures.append(f"{kind} (input {i}): {traceback.format_exc(limit=-3)}")
    elapsed = time.perf_counter() - start
    print(f"{args.inputs} inputs in {elapsed:.1f} s (seed {args.seed}):")
    for kind, n in counts.items():
        print(f"  {kind:12} {n}")
    print(f"failures: {len(failures)}")
    for f in failures[:5]:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
