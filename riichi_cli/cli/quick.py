"""`riichi batch ... --format jsonl` (or json) without click: importing click and building its
command was a fifth of the start-up of a batch.

`quick_batch` takes a command line only when it reads every argument exactly as click reads it:
paths (a word not starting with '-', or '-'), ``--format``/``--json``/``--jobs``/``-j``/``--rules``/
``--rule`` with plain values (``--format=jsonl`` too), at least one path, rules that resolve. Anything
else (``--help``, ``--scheduler``, the table format, an unknown option or a value click would refuse,
a value starting with '-', ``--``, a shell asking for completion) returns, and click reads the line
as always, with its own messages. Once the batch runs, what happens is what `run` and click's own
``main`` do with what the command raises: Ctrl-C, a closed pipe, a lost worker, a bug.
"""

from __future__ import annotations

import os
import sys

from ..core.rules import Rules, parse_rule_assignments, resolve_rules

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import NoReturn

FORMATS = ("table", "json", "jsonl")
#: Options that take a value, by their names on the command line (the value of ``-j`` may be glued).
VALUED = {"--format": "fmt", "--jobs": "jobs", "-j": "jobs", "--rules": "preset", "--rule": "rule"}


def read_args(args: list[str]) -> tuple[list[str], str, int, str | None, tuple[str, ...]] | None:
    """(paths, format, jobs, preset, rule items) of a `riichi batch` command line, or None when
    click must read it."""
    paths: list[str] = []
    got: dict[str, str] = {}
    rules: list[str] = []
    as_json = False
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        if arg == "--json":
            as_json = True
            continue
        name, eq, value = arg.partition("=")
        if not eq and arg.startswith("-j") and len(arg) > 2:
            name, value = "-j", arg[2:]
        elif eq and not name.startswith("--"):
            return None  # -j=2: click reads "=2"
        elif not eq and name in VALUED:
            if i == len(args):
                return None
            value = args[i]
            i += 1
        if name not in VALUED or value.startswith("-"):
            return None
        if VALUED[name] == "rule":
            rules.append(value)
        else:
            got[VALUED[name]] = value  # the last one given counts, as in click
    fmt, jobs = got.get("fmt", "table"), got.get("jobs", "1")
    if fmt not in FORMATS or not (jobs.isascii() and jobs.isdigit() and 1 <= int(jobs) <= 64):
        return None
    fmt = "json" if as_json else fmt
    if not paths or fmt == "table" or not all(_readable(p) for p in paths):
        return None
    return paths, fmt, int(jobs), got.get("preset"), tuple(rules)


def _readable(path: str) -> bool:
    """What click's Path type checks of an argument: a path that exists must be readable."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return True  # click passes it on; the batch reports it
    return os.access(path, os.R_OK)


def quick_batch(args: list[str]) -> None:
    """Run `riichi batch` ARGS and exit, or return when click must read the command line."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return  # a shell asking click for completions
    found = read_args(args)
    if found is None:
        return
    paths, fmt, jobs, preset, rule_items = found
    try:
        rules = resolve_rules(preset, parse_rule_assignments(rule_items))
    except Exception:  # a RiichiError (or a bug): click's path says it, as always
        return
    _run(paths, fmt, jobs, rules)


def _run(paths: list[str], fmt: str, jobs: int, rules: Rules) -> NoReturn:
    """`run_batch`, its exceptions handled as click's ``main`` and `riichi_cli.cli.run` handle them
    when they come out of the click command."""
    from ..files.pool import WorkerLost
    from .batch_run import echo_error, run_batch

    try:
        code = run_batch(paths, fmt, jobs, rules)
    except (EOFError, KeyboardInterrupt) as e:
        import click

        click.echo(file=sys.stderr)  # click's blank line after the terminal's ^C
        sys.exit(130 if isinstance(e, KeyboardInterrupt) else 1)
    except OSError as e:
        import errno

        if e.errno != errno.EPIPE:
            internal_error(e)
        from click.utils import _PacifyFlushWrapper

        sys.stdout = _PacifyFlushWrapper(sys.stdout)  # type: ignore[assignment]
        sys.stderr = _PacifyFlushWrapper(sys.stderr)  # type: ignore[assignment]
        sys.exit(1)
    except WorkerLost as e:
        echo_error(f"riichi: {e}")
        sys.exit(70)
    except Exception as e:
        internal_error(e)
    _exit(code)


def _exit(code: int) -> NoReturn:
    """``sys.exit(code)``, without the interpreter's teardown when nothing needs it: no worker
    process was started (multiprocessing not loaded, so no exit handler of its own) and the output
    is flushed. Freeing every module, cache and table one by one, with three collections of the
    cyclic garbage collector, was 2% of a run. Should flushing fail (a closed pipe), the usual exit
    happens, with what it says."""
    if "multiprocessing" in sys.modules:
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        sys.exit(code)
    os._exit(code)


def internal_error(e: Exception) -> NoReturn:
    """A bug, not bad input: one line on stderr and exit 70 (the traceback with RIICHI_DEBUG=1), for
    `riichi_cli.cli.run` and the quick path alike."""
    if os.environ.get("RIICHI_DEBUG"):
        raise e
    import click

    from .render.safe import plain

    what = f"{type(e).__name__}: {plain(str(e)[:500])}"  # it may quote the input: no escapes
    click.echo(f"riichi: internal error: {what} (RIICHI_DEBUG=1 shows more)", err=True)
    sys.exit(70)
