"""One package per game, each found by its entry point (``core.registry``).

Importing this package imports no game: a simulation worker that plays Crossroads loads
Crossroads alone (loading all four cost each worker about 0.2 s of CPU before its first
game), and ``list_games`` still loads every declared one.
"""
