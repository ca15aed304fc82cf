"""How riichi draws its answers: one Console, one number format, one table style, one view per command.

Every view takes the JSON dicts of docs/output.md (what `--json` prints), so the text and the JSON cannot tell
different stories. Modules: `console` (the Console, NO_COLOR, table style), `numbers` (points and
values as text), `tiles` (tiles as text or Unicode glyphs), then one view per command: `score`,
`batch`, `waits`, `shanten`, `settle`, `table`, `rules`, and `picture` (the SVG/HTML of a hand).
"""
