"""Hostile YAML texts near the shape `io/simple_yaml` reads, and the differential check against the
full loaders (the C one and the pure-Python one: riichi uses whichever the install has). Used by
tests/test_simple_yaml.py (a bounded number) and bench/fuzz_yaml.py (a long run)."""

from __future__ import annotations

import random

import yaml

from riichi_cli.files.loader import _scalar_builder, full_yaml, riichi_loader
from riichi_cli.io import simple_yaml

KEYS = ["hand", "dora", "yes", "null", "on", "a_b", "x", "k" * 1000, "k" * 1024, "k" * 1025, "K" * 1100]
VALUES = ["1m", "123m456p chi:789s", "yes", "No", "0x1F", "1_000", "-1", "- 1", "~", "null", "1:20", "3.5",
          ".inf", "2001-12-14", "2001-13-45", "a: b", "a #c", "a#c", "'q'", '"d"', "'a,b'", "[1m, 2m]",
          "[]", "[a, [b]]", "[a,]", "{}", "{a: 1}", "|", ">", "&a x", "*a", "!!str 1", "a,b", "x:", "?x",
          ":x", "%x", "@x", "`x", "-", "'it''s'", "\"a\\tb\"", "\u00e9t\u00e9", "<<", "=", "",
          "x:?", "x?", "x::", "x:-", "-x", "?", "x?:", "x:y", "9" * 4001]  # fmt: skip
#: Items of a flow list: plain, with the flow and key indicators the two loaders read differently.
FLOW_ITEMS = ["1m", "x", "x:?", "x:", "x?", "?x", "x:y", "x::", "x-:", "x:,", "-x", "?", ":", "-", "x:-", "",
              "x y", "a#b", "a #b", "!x", "&x", "*x", "'q'", "0x1F", "yes", "~"]  # fmt: skip


def flow_list(r: random.Random) -> str:
    items = [r.choice(FLOW_ITEMS if r.random() < 0.3 else FLOW_ITEMS[:2]) for _ in range(r.randint(0, 4))]
    return "[" + r.choice([", ", ",", " , "]).join(items) + r.choice(["]", ",]", " ]"])


def line(r: random.Random) -> str:
    indent = " " * r.choice([0, 0, 2, 4, 1, 3])
    lead = r.choice(["", "", "- ", "-  ", "-", "# "])
    value = r.choice(VALUES) if r.random() < 0.5 else flow_list(r)
    if r.random() < 0.5:
        body = f"{r.choice(KEYS)}:" + (" " + value if r.random() < 0.6 else "")
    else:
        body = value
    tail = r.choice(["", "", "  # c", " ", "\r"])
    return indent + lead + body + tail


def nested(r: random.Random) -> str:
    """A chain of block mappings or lists around MAX_DEPTH levels, perhaps ending in a flow list."""
    depth = simple_yaml.MAX_DEPTH + r.randint(-3, 3)
    step = r.choice([1, 2])
    lines = []
    for i in range(depth - 1):
        lines.append(" " * (i * step) + (r.choice(KEYS[:7]) + ":" if r.random() < 0.7 else "- k:"))
    last = " " * ((depth - 1) * step) + "v: " + (flow_list(r) if r.random() < 0.5 else r.choice(VALUES[:4]))
    return "\n".join(lines + [last]) + "\n"


def hand_file(r: random.Random) -> str:
    """A well-formed hand list whose values are flow lists and odd scalars: most texts the line
    generator makes are not YAML at all, and the fast reader's flow rules need YAML around them."""
    out = []
    for _ in range(r.randint(1, 3)):
        lead = "- "
        for key in r.sample(KEYS[:7], r.randint(1, 3)):
            value = flow_list(r) if r.random() < 0.7 else r.choice(VALUES)
            out.append(f"{lead}{key}: {value}")
            lead = "  "
    return "\n".join(out) + "\n"


def text(r: random.Random) -> str:
    """One text: a few generated lines, a hand list, or a deep nesting."""
    roll = r.random()
    if roll < 0.1:
        return nested(r)
    if roll < 0.4:
        return hand_file(r)
    return "\n".join(line(r) for _ in range(r.randint(1, 8))) + r.choice(["", "\n", "\n\n"])


def full(text: str, base: type) -> object:
    """The documents as riichi's full loader reads them on ``base`` (the C or the pure loader class),
    or the kind of refusal."""
    try:
        return full_yaml(text, "<text>", riichi_loader(base))
    except Exception as e:  # any refusal is an answer the fast reader must not turn into documents
        return f"refused: {type(e).__name__}"


#: The full loaders of both kinds of install (the C one only where PyYAML was built with libyaml);
#: built once: each build adds a constructor.
LOADERS = [base for base in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader) if base is not None]


def disagreement(text: str) -> str | None:
    """None when the fast reader declines ``text`` or gives what both full loaders give; else why not."""
    got = simple_yaml.load(text, _scalar_builder())
    if got is None:
        return None
    for base in LOADERS:
        want = full(text, base)
        if repr(want) != repr(got):  # repr: NaN and the Oversized markers compare by what they show
            return f"fast reader {str(got)[:80]} but {base.__name__} {str(want)[:80]}"
    return None
