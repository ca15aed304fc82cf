"""Real game logs (`riichi replay`): readers for Tenhou mjlog XML and tenhou6 JSON, the round
rebuilt from its events, and the comparison of riichi's own scoring with what the log recorded.

Pure: text in, plain dicts out; the files, gzip and stdin are read in :mod:`riichi_cli.files.logs`.
"""
