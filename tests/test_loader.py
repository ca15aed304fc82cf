"""Unit tests of riichi_cli.files.loader: bytes to text, YAML documents to hands, files, folders and stdin.

The loader must turn every input into items in order, a bad input into one error item, and never
raise past its callers.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml

from riichi_cli.core.errors import InvalidContext, RiichiError, Unreadable
from riichi_cli.files import loader

GOOD = "hand: 234m456p22345678s\n"


# -- decode ---------------------------------------------------------------------------------------


def test_decode_plain_utf8_and_bom():
    assert loader.decode(GOOD.encode(), "f") == GOOD
    assert loader.decode(b"\xef\xbb\xbf" + GOOD.encode(), "f") == GOOD  # a BOM is dropped
    assert loader.decode("id: 東\n".encode(), "f") == "id: 東\n"


def test_decode_size_limit(monkeypatch):
    monkeypatch.setattr(loader, "MAX_BYTES", 100)
    assert loader.decode(b"a" * 100, "f") == "a" * 100
    with pytest.raises(Unreadable) as info:
        loader.decode(b"a" * 101, "big.yaml")
    assert "big.yaml" in info.value.message and "too large" in info.value.message
    assert "more than 100 bytes" in info.value.message  # the cap: the reader stops one byte past it


def test_decode_default_limit_is_generous():
    assert loader.MAX_BYTES >= 1024 * 1024


@pytest.mark.parametrize("data", [b"\x00", b"hand: 1m\x00", b"\x00\x01\x02\x03", "hand: 1m".encode("utf-16")])
def test_decode_binary(data):
    with pytest.raises(Unreadable) as info:
        loader.decode(data, "bin.yaml")
    assert info.value.code == "unreadable"
    assert "bin.yaml" in info.value.message and "binary" in info.value.message


@pytest.mark.parametrize("data,byte", [(b"\xff", 0), (b"hand: \xc3(", 6), (b"abc\x80", 3)])
def test_decode_bad_utf8(data, byte):
    with pytest.raises(Unreadable) as info:
        loader.decode(data, "latin.yaml")
    assert "UTF-8" in info.value.message and f"byte {byte}" in info.value.message


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b" ",
        b"\n\n",
        b"\t \r\n",
        b"\xef\xbb\xbf",
        "\u3000\u2028\x0b\x1c\n".encode(),
        b"\xef\xbb\xbf \x85".replace(b"\x85", "\x85".encode()),
    ],
)
def test_decode_empty(data):
    with pytest.raises(Unreadable) as info:
        loader.decode(data, "empty.yaml")
    assert "empty" in info.value.message


@pytest.mark.parametrize("text", ["x", " \u3000x\n", "\n\n-", "\ufeff\ufeff"])
def test_decode_keeps_what_is_not_whitespace(text):
    assert loader.decode(text.encode(), "some.yaml") == text.removeprefix("\ufeff")


# -- parse_yaml ----------------------------------------------------------------------------------


def test_parse_yaml_documents():
    assert loader.parse_yaml(GOOD, "f") == [{"hand": "234m456p22345678s"}]
    assert loader.parse_yaml("a: 1\n---\nb: 2\n", "f") == [{"a": 1}, {"b": 2}]
    assert loader.parse_yaml("a: 1\r\nb: 2\r\n", "f") == [{"a": 1, "b": 2}]
    # empty documents are dropped, not turned into null hands
    assert loader.parse_yaml("---\n---\na: 1\n---\n", "f") == [{"a": 1}]
    assert loader.parse_yaml("# a comment\n", "f") == []


@pytest.mark.parametrize(
    "text,words",
    [
        ("hand: [234m\nriichi: true\n", ["line 2", "column"]),
        ("a: 1\n b: 2\n", ["line 2"]),
        ("\t- a\n", ["line 1"]),
        ("a: *missing\n", ["undefined alias"]),
        ("a: !!python/object:os.system {}\n", ["tag"]),  # safe loading only
        ("a: !!python/name:os.system\n", []),
        ('"unterminated\n', []),
    ],
)
def test_parse_yaml_errors(text, words):
    with pytest.raises(Unreadable) as info:
        loader.parse_yaml(text, "bad.yaml")
    message = info.value.message
    assert message.startswith("bad.yaml: not valid YAML")
    for word in words:
        assert word in message, message
    assert "\n" not in message


def test_parse_yaml_deep_nesting():
    with pytest.raises(Unreadable) as info:
        loader.parse_yaml("[" * 100000, "deep.yaml")
    assert "deep.yaml" in info.value.message


def test_parse_yaml_deep_nesting_with_the_pure_python_loader(monkeypatch):
    # without libyaml the composer recurses: the RecursionError must become Unreadable too
    monkeypatch.setattr(loader, "_yaml_loader", lambda: yaml.SafeLoader)
    with pytest.raises(Unreadable) as info:
        loader.parse_yaml("[" * 1100, "deep.yaml")
    assert "deep.yaml" in info.value.message
    assert loader.parse_yaml(GOOD, "f") == [{"hand": "234m456p22345678s"}]


def test_parse_yaml_alias_bomb_is_not_expanded():
    text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi")
    )
    (doc,) = loader.parse_yaml(text, "bomb.yaml")
    # nine levels of nine: shared references, not 9**9 strings
    node = doc["i"]
    for _ in range(8):
        assert len(node) == 9 and all(child is node[0] for child in node)
        node = node[0]
    assert node == ["lol"] * 9


# -- hands_of --------------------------------------------------------------------------------------


def test_hands_of_mapping_and_list():
    assert loader.hands_of({"hand": "1m"}, "f") == [{"hand": "1m"}]
    assert loader.hands_of([{"hand": "1m"}, {"hand": "2m"}], "f") == [{"hand": "1m"}, {"hand": "2m"}]
    assert loader.hands_of([], "f") == []
    # a mapping without 'hand' is still a hand: build_request names what is missing
    assert loader.hands_of({"riichi": True}, "f") == [{"riichi": True}]


def test_hands_of_hands_and_defaults():
    doc = {
        "defaults": {"win": "tsumo", "riichi": True, "dora": ["1m"]},
        "hands": [{"hand": "1m"}, {"hand": "2m", "win": "ron", "dora": []}],
    }
    assert loader.hands_of(doc, "f") == [
        {"win": "tsumo", "riichi": True, "dora": ["1m"], "hand": "1m"},
        {"win": "ron", "riichi": True, "dora": [], "hand": "2m"},  # a hand's own keys win
    ]
    assert loader.hands_of({"hands": [{"hand": "1m"}]}, "f") == [{"hand": "1m"}]
    assert loader.hands_of({"hands": [{"hand": "1m"}], "defaults": None}, "f") == [{"hand": "1m"}]
    # defaults are not shared between hands
    out = loader.hands_of({"defaults": {"id": 1}, "hands": [{"hand": "1m"}, {"hand": "2m"}]}, "f")
    out[0]["id"] = 2
    assert out[1]["id"] == 1


@pytest.mark.parametrize(
    "doc,count,words",
    [
        ("just a string", 1, ["a hand must be a mapping", "'just a string'"]),
        (42, 1, ["a hand must be a mapping", "42"]),
        ([1, "x"], 2, ["a hand must be a mapping"]),
        ({"hands": {"hand": "1m"}}, 1, ["'hands' must be a list"]),
        ({"hands": None}, 1, ["'hands' must be a list"]),
        ({"hands": [], "defaults": ["win"]}, 1, ["'defaults' a mapping"]),
        ({"hands": [], "id": 3}, 1, ["unknown key 'id' beside 'hands'"]),
        ({"hands": [], "defualts": {}}, 1, ["'defualts'"]),
        ({"hands": [7, "y"]}, 2, ["a hand must be a mapping"]),
    ],
)
def test_hands_of_bad_shapes(doc, count, words):
    items = loader.hands_of(doc, "where.yaml")
    assert len(items) == count
    for item in items:
        assert isinstance(item, InvalidContext)
        assert item.message.startswith("where.yaml: ")
        for word in words:
            assert word in item.message, item.message


def test_hands_of_mixed_list_keeps_order():
    items = loader.hands_of([{"hand": "1m"}, 3, {"hand": "2m"}], "f")
    assert items[0] == {"hand": "1m"} and isinstance(items[1], InvalidContext) and items[2] == {"hand": "2m"}


def test_hands_of_bad_value_is_described_briefly():
    big = ["x" * 100] * 10000
    (item,) = loader.hands_of(big, "f")[:1]
    assert isinstance(item, InvalidContext)
    assert len(item.message) < 1000


# -- files and folders ------------------------------------------------------------------------------


def items(it) -> list[tuple[str, object]]:
    return list(it)


def test_file_items(tmp_path):
    f = tmp_path / "h.yaml"
    f.write_text("hand: 1m\n---\n- hand: 2m\n- 5\n")
    out = items(loader.file_items(f))
    assert [src for src, _ in out] == [f"{f}#0", f"{f}#1", f"{f}#2"]
    assert out[0][1] == {"hand": "1m"} and out[1][1] == {"hand": "2m"}
    assert isinstance(out[2][1], InvalidContext)


@pytest.mark.parametrize(
    "content,words",
    [
        (b"", ["empty"]),
        (b"# nothing\n", ["empty"]),
        (b"---\n", ["empty"]),
        (b"\x00\x00", ["binary"]),
        (b"\xff\xfe", ["UTF-8"]),
        (b"hand: [1m\n", ["not valid YAML"]),
    ],
)
def test_file_items_unreadable_is_one_item(tmp_path, content, words):
    f = tmp_path / "bad.yaml"
    f.write_bytes(content)
    ((src, err),) = items(loader.file_items(f))
    assert src == f"{f}#0"
    assert isinstance(err, Unreadable)
    assert str(f) in err.message
    for word in words:
        assert word in err.message


def test_file_items_os_errors(tmp_path):
    ((src, err),) = items(loader.file_items(tmp_path / "missing.yaml"))
    assert src == f"{tmp_path / 'missing.yaml'}#0"
    assert isinstance(err, Unreadable) and "missing.yaml" in err.message
    ((src, err),) = items(loader.file_items(tmp_path))  # a folder given where a file is read
    assert isinstance(err, Unreadable)


def test_expand_walks_folders_sorted(tmp_path):
    for rel in (
        "b/z.yaml",
        "b/a.yml",
        "a.yaml",
        "b/c/d.yaml",
        "b/notes.txt",
        "b/x.YAML.bak",
        "c.yml",
        "e.jsonl",
    ):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(GOOD)
    (tmp_path / "b" / "dir.yaml").mkdir()  # a folder named like a file is not a file
    out = [Path(where).relative_to(tmp_path).as_posix() for where, _ in loader.expand([str(tmp_path)])]
    assert out == ["a.yaml", "b/a.yml", "b/c/d.yaml", "b/z.yaml", "c.yml", "e.jsonl"]
    # files are taken as given, whatever their name; '-' is kept; order of arguments is kept
    given = loader.expand([str(tmp_path / "b/notes.txt"), "-", str(tmp_path / "c.yml")])
    assert [where for where, _ in given] == [str(tmp_path / "b/notes.txt"), "-", str(tmp_path / "c.yml")]


def test_load_items_in_order(tmp_path):
    (tmp_path / "a.yaml").write_text("hand: 1m\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.yaml").write_text("- hand: 2m\n- hand: 3m\n")
    calls = []

    def read_stdin():
        calls.append(1)
        return io.BytesIO(b'{"hand": "4m"}\n')

    out = items(loader.load_items([str(tmp_path / "sub"), "-", str(tmp_path / "a.yaml")], read_stdin))
    assert [src for src, _ in out] == [
        f"{tmp_path}/sub/b.yaml#0",
        f"{tmp_path}/sub/b.yaml#1",
        "-#0",
        f"{tmp_path}/a.yaml#0",
    ]
    assert [m["hand"] for _, m in out] == ["2m", "3m", "4m", "1m"]
    assert calls == [1]
    # stdin is read only when '-' is given
    calls.clear()
    items(loader.load_items([str(tmp_path / "a.yaml")], read_stdin))
    assert calls == []


# -- stdin -----------------------------------------------------------------------------------------


def test_stdin_json_lines():
    data = b'{"hand": "1m"}\n{"hand": "2m", "riichi": true}\n'
    out = items(loader.stdin_items(data))
    assert out == [("-#0", {"hand": "1m"}), ("-#1", {"hand": "2m", "riichi": True})]


def test_stdin_json_lines_bad_line_in_the_middle():
    data = b'{"hand": "1m"}\n{"hand": \n"a string"\n{"hand": "3m"}\n' + b"[" * 100000 + b"\n{}\n"
    out = items(loader.stdin_items(data))
    assert [src for src, _ in out] == ["-#0", "-#1", "-#2", "-#3", "-#4", "-#5"]
    assert out[0][1] == {"hand": "1m"} and out[3][1] == {"hand": "3m"} and out[5][1] == {}
    assert isinstance(out[1][1], Unreadable) and "line 2" in out[1][1].message
    assert isinstance(out[2][1], InvalidContext) and "line 3" in out[2][1].message
    assert isinstance(out[4][1], Unreadable) and "line 5" in out[4][1].message


def test_stdin_json_lines_crlf_and_blank_lines():
    out = items(loader.stdin_items(b'{"hand": "1m"}\r\n\r\n  \n{"hand": "2m"}\r\n'))
    assert out == [("-#0", {"hand": "1m"}), ("-#1", {"hand": "2m"})]


def test_stdin_yaml():
    out = items(loader.stdin_items(b"hand: 1m\n---\n- hand: 2m\n- hand: 3m\n"))
    assert out == [("-#0", {"hand": "1m"}), ("-#1", {"hand": "2m"}), ("-#2", {"hand": "3m"})]
    out = items(loader.stdin_items(b"defaults: {win: tsumo}\nhands:\n  - hand: 1m\n"))
    assert out == [("-#0", {"win": "tsumo", "hand": "1m"})]


def test_stdin_yaml_flow_mapping():
    # '{hand: 1m}' is a YAML document (a flow mapping), not a broken JSON line
    out = items(loader.stdin_items(b"{hand: 1m}\n"))
    assert out == [("-#0", {"hand": "1m"})]


@pytest.mark.parametrize("data", [b"", b"\n  \n", b"\x00abc", b"\xff", b"hand: [1m\n", b"# nothing\n"])
def test_stdin_unreadable_is_one_item(data):
    ((src, err),) = items(loader.stdin_items(data))
    assert src == "-#0"
    assert isinstance(err, Unreadable)
    assert "stdin" in err.message


# -- load_context ---------------------------------------------------------------------------------


def test_load_context(tmp_path):
    f = tmp_path / "ctx.yaml"
    f.write_text("hand: 1m\nriichi: true\n")
    assert loader.load_context(str(f)) == {"hand": "1m", "riichi": True}
    f.write_text("- hand: 1m\n- hand: 2m\n")
    with pytest.raises(InvalidContext) as info:
        loader.load_context(str(f))
    assert "one mapping" in info.value.message and "2" in info.value.message
    f.write_text("hand: [\n")
    with pytest.raises(Unreadable):
        loader.load_context(str(f))
    f.write_text("- 5\n")
    with pytest.raises(InvalidContext):
        loader.load_context(str(f))
    with pytest.raises(RiichiError):
        loader.load_context(str(tmp_path / "missing.yaml"))
