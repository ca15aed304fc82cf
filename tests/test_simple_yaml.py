"""io/simple_yaml: the fast reader of the common hand-file shape agrees with the full safe loader, or
declines (None) so that the full loader reads the text."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_cli.files.loader import Oversized, _scalar_builder, _yaml_loader
from riichi_cli.io import simple_yaml


def fast(text: str):
    return simple_yaml.load(text, _scalar_builder())


def full(text: str):
    return [d for d in yaml.load_all(text, Loader=_yaml_loader()) if d is not None]


def test_the_common_shape_is_read():
    # Worked out from the YAML 1.1 rules: an indentless list under `hands`, "- key:" items whose
    # keys line up, a flow list, quoted strings kept as text, `yes`/`~`/`0x10` resolved as PyYAML does.
    text = (
        "# a comment\n"
        "hands:\n"
        "- hand: 123m456p789s11122z  # trailing comment\n"
        "  dora: [1m, 2p]\n"
        "  ura:\n"
        "  - 3s\n"
        "  riichi: yes\n"
        "  id: '0x10'\n"
        "  honba: 0x10\n"
        "  rule_options:\n"
        "    double_yakuman: true\n"
        "  note: ~\n"
        '- {hand: "1m"}\n'
    )
    assert fast(text) is None  # a flow mapping is not of the simple shape
    text = text.replace('- {hand: "1m"}\n', '- hand: "1m"\n  empty:\n')
    hand = {"hand": "123m456p789s11122z", "dora": ["1m", "2p"], "ura": ["3s"], "riichi": True, "id": "0x10",
            "honba": 16, "rule_options": {"double_yakuman": True}, "note": None}  # fmt: skip
    assert fast(text) == [{"hands": [hand, {"hand": "1m", "empty": None}]}]
    assert fast(text) == full(text)


def test_long_numbers_are_kept_as_markers():
    [doc] = fast("hand: 1m\nhonba: " + "9" * 5000 + "\n")
    assert isinstance(doc["honba"], Oversized) and doc["honba"].digits == 5000


def test_other_shapes_go_to_the_full_loader():
    for text in [
        "a: &x 1\nb: *x\n",  # anchors and aliases
        "a: !!str 1\n",  # tags
        "a: |\n  text\n",  # block scalars
        "a: one\n  two\n",  # a multi-line plain scalar ("one two" to YAML)
        "a: 1\n---\na: 2\n",  # several documents
        "a:\tb\n",  # tabs
        "a: b: c\n",  # a YAML error
        "- - 1\n",  # nested inline lists
        "a: 'it''s'\n",  # an escaped quote
        "a: [1, [2]]\n",  # nested flow
        "just a scalar\n",
        "a: x\u2028y\n",  # a Unicode line separator
    ]:
        assert fast(text) is None, text


KEYS = ["hand", "dora", "yes", "null", "on", "a_b", "x"]
VALUES = ["1m", "123m456p chi:789s", "yes", "No", "0x1F", "1_000", "-1", "- 1", "~", "null", "1:20", "3.5",
          ".inf", "2001-12-14", "2001-13-45", "a: b", "a #c", "a#c", "'q'", '"d"', "'a,b'", "[1m, 2m]",
          "[]", "[a, [b]]", "[a,]", "{}", "{a: 1}", "|", ">", "&a x", "*a", "!!str 1", "a,b", "x:", "?x",
          ":x", "%x", "@x", "`x", "-", "'it''s'", "\"a\\tb\"", "\u00e9t\u00e9", "<<", "=", ""]  # fmt: skip


@st.composite
def texts(draw) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 8))):
        indent = " " * draw(st.sampled_from([0, 0, 2, 4, 1, 3]))
        lead = draw(st.sampled_from(["", "", "- ", "-  ", "-", "# "]))
        if draw(st.booleans()):
            value = " " + draw(st.sampled_from(VALUES)) if draw(st.booleans()) else ""
            body = f"{draw(st.sampled_from(KEYS))}:{value}"
        else:
            body = draw(st.sampled_from(VALUES))
        tail = draw(st.sampled_from(["", "", "  # c", " ", "\r"]))
        lines.append(indent + lead + body + tail)
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=1500, deadline=None)
@given(texts())
def test_agrees_with_the_full_loader_or_declines(text):
    got = fast(text)
    if got is None:
        return
    assert got == full(text), text


# -- issue 23, point 10: agree with both full loaders or decline ------------------------------------

import random  # noqa: E402

import pytest  # noqa: E402
import yaml_texts  # noqa: E402

from riichi_cli.core.errors import Unreadable  # noqa: E402
from riichi_cli.files.loader import full_yaml, parse_yaml, riichi_loader  # noqa: E402


def deep(levels: int) -> str:
    return "".join(" " * i + f"k{i}:\n" for i in range(levels - 1)) + " " * (levels - 1) + "v: 1\n"


@pytest.mark.parametrize(
    "text",
    [
        "a: [x:?]\n",  # both loaders refuse it
        "- dora: [1m, x:? ]\n",
        "a: [x?]\n",  # the pure loader refuses it, the C one reads it
        "a: [x:,]\n",  # the other way round
        "k" * 1025 + ": 1\n",  # YAML's simple keys end at 1,024 characters
        "- " + "k" * 1025 + ": 1\n",
        deep(500),  # read when compiled, RecursionError in pure Python before issue 23
        deep(simple_yaml.MAX_DEPTH + 1),
        "a: " + "[" * 120 + "]" * 120 + "\n",
    ],
    ids=lambda t: t[:20],
)
def test_the_issue_texts_are_declined(text):
    assert fast(text) is None
    assert yaml_texts.disagreement(text) is None


@pytest.mark.parametrize("base", yaml_texts.LOADERS, ids=lambda b: b.__name__)
def test_deep_nesting_is_unreadable_on_every_install(base):
    for text in [deep(simple_yaml.MAX_DEPTH + 1), deep(500), "a: " + "[" * 150 + "]" * 150 + "\n"]:
        with pytest.raises(Unreadable, match="nested too deeply"):
            full_yaml(text, "f.yaml", riichi_loader(base))
    assert full_yaml(deep(simple_yaml.MAX_DEPTH), "f.yaml", riichi_loader(base)) == fast(
        deep(simple_yaml.MAX_DEPTH)
    )
    with pytest.raises(Unreadable, match="in itself"):
        full_yaml("a: &x [*x]\n", "f.yaml", riichi_loader(base))


def test_a_key_of_1024_characters_is_still_read_as_yaml_reads_it():
    text = "k" * 1024 + ": 1\n"
    assert parse_yaml(text, "f") == [{"k" * 1024: 1}]


@pytest.mark.parametrize("seed", range(4))
def test_differential_against_both_full_loaders(seed):
    # 400 texts a seed (about 1 s); bench/fuzz_yaml.py runs the same check on millions.
    r = random.Random(seed)
    for _ in range(400):
        text = yaml_texts.text(r)
        assert yaml_texts.disagreement(text) is None, text[:300]


# Scalars that start with a digit and hold an m, p, s or z: `simple_yaml` takes them as strings without
# asking the full loader (every hand in notation is one). The full loader must agree on every one.
NOTATION_LIKE = st.text(alphabet="0123456789mpszxbeEtTZ:.-+_ ", min_size=1, max_size=14).map(
    lambda rest: rest.strip(" ")
)


@settings(max_examples=400, deadline=None)
@given(digit=st.sampled_from("0123456789"), rest=NOTATION_LIKE, letter=st.sampled_from("mpsz"))
def test_notation_like_scalars_are_strings_to_the_full_loader(digit, rest, letter):
    for text in (digit + letter + rest, digit + rest + letter, digit + rest[:3] + letter + rest[3:]):
        if ": " in text or text.endswith(":") or " #" in text:
            continue  # not a plain scalar of one line
        assert simple_yaml._plain_string(text)
        assert full(f"v: {text}\n") == [{"v": text}], text
        assert fast(f"v: {text}\n") == [{"v": text}], text


def test_timestamps_and_numbers_still_resolve():
    text = "a: 2001-12-14t21:59:43.10-05:00\nb: 1_000\nc: 0x1F\nd: 1.5e+3\ne: 190:20:30\n"
    assert fast(text) == full(text)


# -- issue 22: the common scalars without the YAML library ----------------------------------------

SCALARS = [*VALUES, *yaml_texts.VALUES, *yaml_texts.FLOW_ITEMS, "0", "-0", "00", "07", "08", "1", "-1", "+1",
           "10", "1_0", "0b1", "0o7", "0x", "1e3", "1.", ".5", "-.inf", ".NaN", "190:20:30", "9" * 3999,
           "9" * 4000, "-" + "9" * 3999, "y", "Y", "n", "N", "n/a", "NO", "Off", "oN", "tRue", "nULL",
           "E", "S", "W", "ron", "tsumo", "ankan", "true1", "yes!", "<<", "<x", "=", "=x", "~x", "~",
           "2001-12-14t21:59:43.10-05:00", "2002-12-14", "1m", "5z5z", "12345m", "0m", "x" * 50]  # fmt: skip


def _outcome(build, text: str) -> tuple:
    """What ``build`` makes of ``text``: its type and value (NaN and `Oversized` compared by their
    text), or the exception it raises (`simple_yaml` then leaves the text to the full loader)."""
    try:
        value = build(text)
    except Exception as e:
        return "raises", type(e)
    if isinstance(value, Oversized):
        return Oversized, value.digits
    return type(value), repr(value) if isinstance(value, float) else value


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.sampled_from(SCALARS),
        st.text("0123456789-+._:eExXoObB", min_size=1, max_size=8),
        st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=6),
    )
)
def test_common_scalars_are_what_the_loader_makes_of_them(text):
    from riichi_cli.files.loader import _full_scalar_builder

    assert _outcome(_scalar_builder(), text) == _outcome(_full_scalar_builder(), text), text


def test_the_first_characters_are_those_of_the_loaders_resolvers():
    from riichi_cli.files.loader import _RESOLVED_FIRST, _STRING_FIRST

    tags: dict[str, set[str]] = {}
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items():
        tags.setdefault(first, set()).update(tag.rsplit(":", 1)[1] for tag, _ in resolvers)
    for first, kinds in tags.items():
        if first and kinds <= {"bool", "null"}:
            assert first in _STRING_FIRST or first in _RESOLVED_FIRST, first
        elif first:
            assert first in _RESOLVED_FIRST and first not in _STRING_FIRST, (first, kinds)
    assert set(_STRING_FIRST) <= set(tags)


def test_a_common_hand_file_is_read_without_the_yaml_library():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from riichi_cli.files import loader\n"
        "text = 'hands:\\n- hand: 123m456p789s11z22z\\n  riichi: yes\\n  honba: 2\\n  dora: [1m]\\n"
        "  seat_wind: N\\n  note: ~\\n'\n"
        "doc = loader.parse_yaml(text, 'f.yaml')\n"
        "assert doc[0]['hands'][0]['riichi'] is True and doc[0]['hands'][0]['honba'] == 2, doc\n"
        "print('yaml' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
