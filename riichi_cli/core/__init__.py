"""The pure scoring core, compiled with mypyc: no click, rich or yaml, no I/O.

The pipeline, one module a stage: tiles and notation -> hand -> rules and context (the situation)
-> decompose and reading (every way to read the hand) -> yaku, fu, points -> scoring (the best
reading wins). Every refusal is a typed exception from errors.
"""
