"""Pure translation between the core and the outside: SPEC result dicts out (report)."""
