"""What the terminal game and the window share about the player's machine.

- :mod:`.store`: the SQLite store of every game played (:class:`~patience_home.store.Store`);
- :mod:`.daily`: the daily deal played here, with the one rule of which game is the day's attempt;
- :mod:`.leaderboard`: the daily leaderboard's HTTP client and the token file;
- :mod:`.paths`: where those files live (the store, the token file, the window's preferences), and moving
  a damaged one aside;
- :mod:`.times`: the one format of every stored time, written and read back;
- :mod:`.launch`: how the console scripts start a front end (its import with the garbage collector paused).

The rules themselves are the engine's (:mod:`patience`); the solver is :mod:`patience_solver`.
"""
