"""Pure translation between the core and the outside: input mappings in (mapping), the result dicts
of docs/output.md out (report)."""
