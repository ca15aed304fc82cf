"""`riichi settle FILE.yaml`: the end of a round as a table, or as JSON (docs/output.md).

Rich and the YAML loader are imported inside the command, so `riichi --help` stays fast.
"""

from __future__ import annotations

import click

from ..core.errors import InvalidContext, RiichiError, Unreadable
from .common import RulesParam, emit_json, fail, resolve, with_rule_flags

EPILOG = """\b
Examples:
  riichi settle sample_hands/settle/single-ron.yaml
  riichi settle sample_hands/settle/triple-ron.yaml --rules ema2025
  riichi settle sample_hands/settle/chombo.yaml --json
  cat round.yaml | riichi settle -

\b
--rules replaces the file's preset and --rule adds to its rule_options
(the command line wins over the file, as with `score --context`).
"""


@click.command(epilog=EPILOG)
@click.argument("file", metavar="FILE.yaml", type=click.Path())
@RulesParam.options
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
def settle(file: str, preset: str | None, rule_items: tuple[str, ...], as_json: bool) -> None:
    """Settle the end of a round: wins (multiple ron, pao), draws, chombo. '-' reads stdin."""
    from ..settle.settlement import error_result, settle_checked

    resolve(preset, rule_items, as_json, error_result)  # a bad --rules/--rule is a usage error (exit 2)
    try:
        doc = read_round_file(file)
    except RiichiError as e:  # the file cannot be read: an input error (exit 2)
        report(error_result(e), e, as_json)
        return
    if is_hand_file(doc):  # a usage error: the wrong command for this file (exit 2)
        where = "stdin" if file == "-" else file
        fail(InvalidContext(
            f"{where} holds a hand to score, not a round to settle: riichi score --context {where} "
            f"scores it, riichi batch {where} scores every hand in it",
        ), as_json)  # fmt: skip
    result, err = settle_checked(with_rule_flags(doc, preset, rule_items))
    report(result, err, as_json)


def report(result: dict, err: RiichiError | None, as_json: bool) -> None:
    """The JSON object or the table on stdout; a refusal also on stderr, then exit (see `exit_code`)."""
    if as_json:
        emit_json(result)
    elif err is None:
        from .render.settle import print_settlement

        print_settlement(result)
    if err is not None:
        fail(err, as_json, settlement=True)


def is_hand_file(doc: object) -> bool:
    """A hand file (a ``hand:`` key, or a list of such mappings) where a round was asked for."""
    items = doc if isinstance(doc, list) else [doc]
    return bool(items) and all(isinstance(d, dict) and "hand" in d for d in items)


def read_round_file(path: str) -> object:
    """The one YAML document of FILE, or of stdin for '-'."""
    from ..files.loader import decode, parse_yaml, read_file, read_stdin_capped
    from ..files.walk import shown

    where = "stdin" if path == "-" else shown(path)
    data = read_stdin_capped() if path == "-" else read_file(path, where)
    docs = parse_yaml(decode(data, where), where)
    if len(docs) != 1:
        raise Unreadable(f"{where}: a settlement file holds one round (one YAML document), found {len(docs)}")
    return docs[0]
