"""`riichi score`: one winning hand from arguments and/or a context file."""

from __future__ import annotations

import sys

import click

from ..core.errors import RiichiError
from .common import (
    RulesParam,
    context_options,
    emit_json,
    fail,
    mapping_of,
    missing_hand,
    rules_of,
    write_file,
)

EPILOG_SCORE = """\b
Examples:
  riichi score 234567m2278p456s9p --riichi --dora 1p --from W
  riichi score 123456s234m55p chi:789s --ron --dora 1m
  riichi score 11123455678999m --tsumo --seat E --json
  riichi score --context examples/hand.yaml --ura 1m
  riichi score 234567m2278p456s9p --riichi --tiles unicode --svg hand.svg
"""


def tiles_option(f):
    """--tiles text|unicode (default: RIICHI_TILES, else text), shared by the views that show tiles."""
    return click.option(
        "--tiles", "tile_style", type=click.Choice(["text", "unicode"]), default=None,
        help="Draw tiles as text (5m, East 東) or Unicode mahjong glyphs; default $RIICHI_TILES or text.",
    )(f)  # fmt: skip


@click.command(epilog=EPILOG_SCORE)
@click.argument("hand", nargs=-1)
@context_options
@RulesParam.options
@tiles_option
@click.option(
    "--svg",
    "svg_file",
    default=None,
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Also draw the hand and its score as SVG.",
)
@click.option(
    "--html",
    "html_file",
    default=None,
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help="Also write it as an HTML page.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the JSON object only.")
@click.pass_context
def score(
    ctx: click.Context, hand: tuple[str, ...], preset, rule_items, tile_style, svg_file, html_file, as_json,
    **params,
) -> None:  # fmt: skip
    """Score one winning hand (14 tiles, melds as chi:/pon:/kan:/kakan:/ankan:)."""
    from ..api import score_checked
    from ..io.mapping import KEYS
    from ..io.report import error_dict

    try:
        rules = rules_of(preset, rule_items)
        mapping = mapping_of(ctx, hand, params)
        if not mapping.keys() - KEYS and "hand" not in mapping:  # a misspelt key gets its own message
            raise missing_hand("14", "234567m2278p456s9p", " or --context FILE with a hand: key")
    except RiichiError as err:
        if as_json:
            emit_json(error_dict(err, {}))
        fail(err, as_json)
    result, err = score_checked(mapping, rules)
    if as_json:
        emit_json(result)
    elif err is None:
        from .render.score import print_result
        from .render.tiles import set_style

        set_style(tile_style)
        print_result(result, indicators_of(mapping))
    if err is not None:
        fail(err, as_json)
    if svg_file or html_file:
        write_pictures(result, svg_file, html_file, indicators_of(mapping))
    sys.exit(0)


def indicators_of(mapping: dict):
    """The dora and ura indicators of a checked mapping, to name them in the dora lines."""
    from ..io.values import tile_list
    from .render.score import Indicators

    return Indicators(
        [t for t, _ in tile_list(mapping.get("dora"), "dora")],
        [t for t, _ in tile_list(mapping.get("ura"), "ura")],
    )


def write_pictures(result: dict, svg_file: str | None, html_file: str | None, indicators=None) -> None:
    """Write the SVG and/or HTML picture of a scored hand; an unwritable file is exit 2."""
    from ..core.tiles import name
    from .render.picture import html_page, svg_picture

    shown = (
        ([name(t) for t in indicators.dora], [name(t) for t in indicators.ura]) if indicators else ([], [])
    )
    svg = svg_picture(result, shown)
    for path, text in ((svg_file, svg), (html_file, html_page(result, svg) if html_file else "")):
        if not path:
            continue
        write_file(path, text)
