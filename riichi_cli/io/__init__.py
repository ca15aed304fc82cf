"""Pure translation between the core and the outside: the result dicts of docs/spec.md out (report)."""
