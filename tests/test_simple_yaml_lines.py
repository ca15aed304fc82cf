"""io/simple_yaml reads each distinct line once: the parts of an entry line are found without a
regular expression, and must be exactly what the expression it replaced says."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.io import simple_yaml

#: The pattern `simple_yaml` used before: a simple key, a colon, then nothing or spaces and the rest.
ENTRY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?$")

#: Lines reach `_entry_parts` with no space at either end; the alphabet holds what a key may and
#: may not hold, Unicode letters and digits that isidentifier() alone would take among them.
CONTENT = st.text(alphabet="aZ_9: #x-.\u00e9\u0661\u00b2", min_size=1, max_size=10).map(
    lambda t: t.strip(" ")
)


@settings(max_examples=3000, deadline=None)
@given(CONTENT)
def test_entry_parts_are_those_of_the_pattern(content):
    match = ENTRY.match(content)
    want = None if match is None else (match.group(1), match.group(2) or "")
    assert simple_yaml._entry_parts(content, set()) == want, content


def test_entry_parts_examples():
    assert simple_yaml._entry_parts("hand: 1m", set()) == ("hand", "1m")
    assert simple_yaml._entry_parts("a_1:", set()) == ("a_1", "")
    assert simple_yaml._entry_parts("a:   # c", set()) == ("a", "# c")
    for content in ["a:b", ":a", "1a: b", "a b: c", "\u00e9: x", "a\u0661: x", "a"]:
        assert simple_yaml._entry_parts(content, set()) is None, content


def test_repeated_lines_give_separate_lists():
    # A flow list's line is read once, but each use is a list of its own (the caller may change it).
    text = "hands:\n- dora: [1m, 2m]\n- dora: [1m, 2m]\n"
    [doc] = simple_yaml.load(text, {"hands": "hands", "dora": "dora", "1m": "1m", "2m": "2m"}.get)
    first, second = doc["hands"]
    assert first == second == {"dora": ["1m", "2m"]}
    assert first["dora"] is not second["dora"]
