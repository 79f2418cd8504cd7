"""Seat names the rule tests of every game use: seat 0 is ``A``, seat 1 ``B`` and so on, so
a worked example reads like the rulebook's ("A plays, then B") in any game."""

A, B, C, D, E = range(5)
