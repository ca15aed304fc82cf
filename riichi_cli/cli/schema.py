"""`riichi schema [NAME]`: the JSON Schema (draft 2020-12) of each command's JSON output.

The schemas ship in riichi_cli/schemas/*.json. A schema may point at another file (`waits` holds
`score` objects); `bundled` returns one self-contained document, the referenced schemas embedded
under ``$defs`` with their own ``$id``, so any 2020-12 validator needs nothing else.
"""

from __future__ import annotations

import json

import click

from ..core.errors import InvalidContext, did_you_mean
from .common import completer, fail

#: name -> what it describes, in the order `riichi schema` lists them.
NAMES = {
    "score": "riichi score --json; each line of batch --format jsonl",
    "batch": "riichi batch --format json",
    "waits": "riichi waits --json; each line of waits -",
    "shanten": "riichi shanten --json; each line of shanten -",
    "settle": "riichi settle --json",
    "replay": "one line of riichi replay --format jsonl",
    "replay-json": "riichi replay --format json (the rounds and the summary)",
    "table": "riichi table --json",
    "rules": "riichi rules --json, riichi rules PRESET --json",
    "analyze": "riichi analyze --json; each line of analyze -",
}


def shipped(name: str) -> dict:
    """One schema file as shipped (it may refer to others)."""
    from importlib.resources import files

    return json.loads((files("riichi_cli") / "schemas" / f"{name}.json").read_text(encoding="utf-8"))


def _file_refs(node: object) -> set[str]:
    """The schema files a schema refers to (``"$ref": "score.json#/..."``)."""
    if isinstance(node, dict):
        found = set().union(*map(_file_refs, node.values())) if node else set()
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            found.add(ref.split("#")[0].removesuffix(".json"))
        return found
    if isinstance(node, list):
        return set().union(*map(_file_refs, node)) if node else set()
    return set()


def bundled(name: str) -> dict:
    """The schema of ``name`` with every schema it refers to embedded: one document, no lookups."""
    if name not in NAMES:
        raise InvalidContext(f"no schema {name!r}{did_you_mean(name, NAMES)}; schemas: {', '.join(NAMES)}")
    root = shipped(name)
    todo, done = _file_refs(root) - {name}, {name}
    while todo:
        ref = todo.pop()
        done.add(ref)
        part = shipped(ref)
        part.pop("$schema", None)
        root.setdefault("$defs", {})[ref] = part
        todo |= _file_refs(part) - done
    return root


@click.command(
    epilog="\b\nExamples:\n  riichi schema\n  riichi schema score > score.schema.json\n"
    "  riichi score 234567m2278p456s9p --json > hand.json\n"
    "  check-jsonschema --schemafile score.schema.json hand.json\n"
)
@click.argument(
    "name", required=False, shell_complete=completer(lambda s: [n for n in NAMES if n.startswith(s)])
)
def schema(name: str | None) -> None:
    """Print the JSON Schema (draft 2020-12) of a command's JSON output, or list the names."""
    if name is None:
        width = max(map(len, NAMES))
        for key, what in NAMES.items():
            click.echo(f"{key:<{width}}  {what}")
        return
    try:
        doc = bundled(name.strip().lower())
    except InvalidContext as e:
        fail(e)
    click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
