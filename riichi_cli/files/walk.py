"""The PATH arguments of `riichi batch` and `riichi replay`: files as given, folders walked, every
failure one record.

A folder is walked for the files a command reads (``*.yaml``, ``*.yml`` and ``*.jsonl`` hands by
default; `replay` asks for logs) in sorted order, following links
to folders. What cannot be read is reported, never skipped in silence: a folder that cannot be
listed, a link that points nowhere or into a loop, a FIFO or device named like a hand file (skipped
unopened, so the walk never blocks).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator

from ..core.errors import Unreadable

#: File names a folder walk reads: YAML files (docs/input.md) and JSON lines (one hand per line).
HAND_SUFFIXES = (".yaml", ".yml", ".jsonl")

#: What `expand` yields: (name for messages, '-' | the path to read | the refusal of that path). The
#: path is the text given or found, not a pathlib.Path: pathlib was a tenth of `riichi batch`'s imports.
Found = tuple[str, "str | Unreadable"]


def shown(path: object) -> str:
    """A path as text fit for output: bytes that are not UTF-8 become ``\\xff`` escapes."""
    return os.fsencode(str(path)).decode("utf-8", "backslashreplace")


def reason(err: OSError) -> str:
    return err.strerror or type(err).__name__


def is_hand_file(name: str) -> bool:
    return name.endswith(HAND_SUFFIXES)


def expand(paths: list[str], wanted: Callable[[str], bool] = is_hand_file) -> Iterator[Found]:
    """Each PATH in order: '-' kept, a file as given (FIFOs too, read with the size cap), a folder
    walked; a path that cannot be looked at (too long, no permission, a loop) is one refusal."""
    for p in paths:
        if p == "-":
            yield "-", "-"
            continue
        where = shown(p)
        try:
            mode = os.stat(p).st_mode
        except (OSError, ValueError) as e:  # ValueError: a NUL in the name
            yield where, Unreadable(f"{where}: {reason(e) if isinstance(e, OSError) else 'bad file name'}")
            continue
        if stat.S_ISDIR(mode):
            yield from walk(p, wanted)
        else:
            yield where, p


def walk(root: str, wanted: Callable[[str], bool] = is_hand_file) -> list[Found]:
    """Every ``wanted`` file under ``root`` sorted by path, with a refusal for each thing that cannot
    be read."""
    found: list[tuple[str, str | Unreadable]] = []
    start = os.stat(root)
    stack: list[tuple[str, frozenset]] = [(root, frozenset([(start.st_dev, start.st_ino)]))]
    while stack:  # a stack, not recursion: folders may nest deeper than Python's recursion limit
        folder, chain = stack.pop()
        try:
            with os.scandir(folder) as entries:
                names = [e.path for e in entries]
        except OSError as e:
            found.append((folder, Unreadable(f"{shown(folder)}: cannot list the folder: {reason(e)}")))
            continue
        for path in names:
            try:
                info = os.stat(path)
            except OSError as e:  # a dangling link, a link loop, a name too long
                found.append((path, Unreadable(f"{shown(path)}: {reason(e)}")))
                continue
            if stat.S_ISDIR(info.st_mode):
                key = (info.st_dev, info.st_ino)
                if key in chain:
                    loop = f"{shown(path)}: a link back to a folder above it (a loop)"
                    found.append((path, Unreadable(loop)))
                else:
                    stack.append((path, chain | {key}))
            elif wanted(os.path.basename(path)):
                if stat.S_ISREG(info.st_mode):
                    found.append((path, path))
                else:
                    kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "not a regular file"
                    found.append((path, Unreadable(f"{shown(path)}: {kind}: skipped, not opened")))
    found.sort(key=lambda f: os.fsencode(f[0]))
    return [(shown(p), target) for p, target in found]
