"""The `riichi` command line: a click group whose commands load only when they run.

Each command lives in its own module and reads arguments, calls the library, and hands the
answer to :mod:`riichi_cli.cli.render`. Heavy imports (rich, yaml, multiprocessing) happen inside
the commands that need them, so `riichi score --json` starts about as fast as Python itself; the
group itself (`group.main`) is made when first asked for, so that `riichi batch` can run without
click (`quick`).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not loaded at run time (core/hints.py)
if TYPE_CHECKING:
    from typing import Any


def __getattr__(name: str) -> Any:
    """``main``, ``COMMANDS`` and ``LazyGroup`` of `group`, loaded when first asked for."""
    if name in ("main", "COMMANDS", "LazyGroup"):
        from . import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run() -> None:
    """The `riichi` entry point: any unexpected failure is one line on stderr, not a traceback.

    Ctrl-C exits 130 without a traceback; a reader that goes away (``riichi ... | head -1``)
    ends the command quietly. Set RIICHI_DEBUG=1 to see the traceback of an internal error.
    """
    if sys.argv[1:2] == ["batch"]:  # its common command lines run without click (`quick`)
        from .quick import quick_batch

        quick_batch(sys.argv[2:])  # returns only when the line is not one it reads
    import click

    from ..files.pool import WorkerLost
    from .group import main

    try:
        code = main.main(standalone_mode=False)
    except click.exceptions.Abort as e:  # click turns Ctrl-C (and EOF at a prompt) into Abort
        sys.exit(130 if isinstance(e.__cause__, KeyboardInterrupt) or e.__cause__ is None else 1)
    except KeyboardInterrupt:
        sys.exit(130)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except BrokenPipeError:
        quiet_broken_pipe()
    except WorkerLost as e:  # not a bug: a worker process was killed (kill -9, out of memory)
        click.echo(f"riichi: {e}", err=True)
        sys.exit(70)
    except Exception as e:  # a bug, not bad input: say so in one line
        from .quick import internal_error

        internal_error(e)
    sys.exit(code if isinstance(code, int) else 0)


def quiet_broken_pipe() -> None:
    """The reader of stdout went away (``riichi table | head -2``): not an error, so exit 0 without
    a word, and without Python's own complaint when it flushes stdout at exit (stdout is pointed
    at /dev/null first)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    sys.exit(0)
