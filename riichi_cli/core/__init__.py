"""The pure scoring core, compiled with mypyc: no click, rich or yaml, no I/O.

The pipeline, one module a stage: tiles and notation -> hand -> rules and context (the situation)
-> decompose and reading (every way to read the hand) -> yaku, fu, points -> scoring (the best
reading wins). Every refusal is a typed exception from errors.

Written for the compiled build (issue 10; bench/README.md, "bench_score.py"), where a few Python idioms
go through the generic, slow object protocol: hence ``counts[t] = counts[t] + 1`` rather than ``+=`` on
a list item, loops rather than ``sum()``/``min()`` over a sequence, tile bitmasks rather than ``in`` on a
tuple variable, ``Final`` on module tables and caches, and lists indexed by a packed int rather than
dicts keyed by tuples. Yaku stay a table of small named functions (one generic call each), as the
project's style asks, rather than a class per yaku; a row names the facts its test needs, so most
tests of a hand are skipped by an AND instead of called. Loop counters, characters and packed keys
in the hot loops are ``i64`` (`native.i64`: unboxed when compiled, ``int`` in Python); a shift of a
literal on such a value (``1 << n``) is compiled as a 32-bit C int, so tables hold those values.
"""
