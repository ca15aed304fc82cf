"""A long differential run of the fast YAML reader (`io/simple_yaml`) against riichi's full loader on
both kinds of install (PyYAML's C loader and its pure-Python one), longer than
tests/test_simple_yaml.py can afford in CI.

    PYTHONPATH=. python bench/fuzz_yaml.py --texts 200000 --seed 1

Each generated text (tests/yaml_texts.py: hand files with odd flow lists and scalars, keys around
YAML's 1,024-character limit, nesting around `simple_yaml.MAX_DEPTH`, random lines) must be either
declined by the fast reader or read by it exactly as by every full loader. Prints the counts and the
first disagreements; exits 1 on any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import yaml_texts  # noqa: E402

from riichi_cli.files.loader import _scalar_builder  # noqa: E402
from riichi_cli.io import simple_yaml  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=50000, help="texts to generate (default 50000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = random.Random(args.seed)
    accepted = 0
    failures: list[str] = []
    start = time.perf_counter()
    for i in range(args.texts):
        text = yaml_texts.text(r)
        accepted += simple_yaml.load(text, _scalar_builder()) is not None
        why = yaml_texts.disagreement(text)
        if why:
            failures.append(f"text {i} {text[:200]!r}: {why}")
    elapsed = time.perf_counter() - start
    loaders = ", ".join(base.__name__ for base in yaml_texts.LOADERS)
    print(f"{args.texts} texts in {elapsed:.1f} s (seed {args.seed}; full loaders: {loaders})")
    print(f"  read by the fast reader: {accepted}, declined: {args.texts - accepted}")
    print(f"disagreements: {len(failures)}")
    for f in failures[:5]:
        print(f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
