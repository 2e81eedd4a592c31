"""Every mancala game file as a Python game.

    >>> import mancala
    >>> game = mancala.load("kalah", seeds_per_hole=3)
    >>> state = game.new_initial_state()
    >>> state.apply_decision("a4")
    >>> state.current_player()      # the last seed fell in South's store
    0

`load` takes a bundled game's id or a path to any `.toml` game file, with the
file's options as keyword arguments. `mancala.openspiel` registers every
bundled game with OpenSpiel; `mancala.pettingzoo` makes PettingZoo
environments. Layouts and numbering: docs/python.md in the repository.
"""

from mancala._mancala import (
    RESERVED_OPTIONS,
    TERMINAL,
    Game,
    LoadError,
    State,
    VectorState,
    bundled,
    load,
)

__all__ = [
    "RESERVED_OPTIONS",
    "TERMINAL",
    "Game",
    "LoadError",
    "State",
    "VectorState",
    "bundled",
    "load",
]
