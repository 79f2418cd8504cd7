"""Playtests beside the bots: the designer's journal of games people played (on paper
or in the lab), and what it says next to the bots' prediction for the same rules.

* :mod:`.schema` — one played game (:class:`~.schema.Playtest`) and the journal's
  tidy CSV columns, with their format version;
* :mod:`.journal` — the folder: read (one line per bad row, the others load), append;
* :mod:`.entries` — a lab record, a paper game's fields or a spreadsheet of rows, as
  journal entries;
* :mod:`.stats` — exact and resampling intervals and tests for a dozen games;
* :mod:`.compare` — each headline metric: the bots' prediction beside the playtests';
* :mod:`.decisions` — where people chose differently from greedy, per phase and kind.

The engine never reads a journal (``.importlinter``: no engine layer imports this
package), so deleting one changes no simulation.
"""
