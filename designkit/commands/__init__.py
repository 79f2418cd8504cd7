"""One function per ``designkit`` command, for a notebook or the lab as much as for the CLI.

Each checks what it is given before any game is played (a bad game, parameter, seed, game
count or output path is one line, in the order the command meets them), plays, writes its
files and tells what it did through an :class:`~designkit.commands.output.Output`: the
terminal by default, :class:`~designkit.commands.output.Lines` to keep the lines. The
checks run once per call: what they passed goes on unchecked
(:func:`designkit.sim.many.play_configs`). ``designkit.cli`` only turns a command line
into one of these calls.

Nothing heavy is imported here (pandas, the runner): ``designkit --help`` and a mistyped
option stay instant.
"""
