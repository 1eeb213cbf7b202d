"""The engine's text formats: boards, game codes, records and Freecell Solver's notation.

:mod:`.board` (the board diagram), :mod:`.codes` (game codes), :mod:`.records`
(game records) and :mod:`.fcsolve` (Freecell Solver's boards and moves).

Each parser and its formatter mirror each other: what one writes the other reads back.
"""
