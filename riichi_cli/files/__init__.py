"""Reading files and streams (YAML, JSON lines) and running a batch over them, in input order."""
