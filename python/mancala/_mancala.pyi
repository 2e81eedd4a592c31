"""Type stubs of the Rust half of `mancala` (built from python/src/)."""

from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

TERMINAL: int
"""`State.current_player()` once the game is over (OpenSpiel's PlayerId.TERMINAL, -4)."""

RESERVED_OPTIONS: List[str]
"""Keyword arguments of `load` that are not game options: reward, match, deal, options."""

class LoadError(ValueError):
    """A game file that cannot be loaded; the message says where (file, line, column) and why."""

def load(game: str, **options: Union[int, str, bool]) -> Game:
    """Loads a bundled game by id, or any `.toml` game file by path, with its
    options as keyword arguments, plus `reward` ("win_loss" or "margin"),
    `match` (play every round of a match game), `deal` (the layout of a
    setup that scatters seeds) and `options` (a dict of game options, for
    one named like these)."""

def bundled() -> List[str]:
    """The bundled games' ids, sorted."""

class Game:
    """A game file loaded for one choice of options."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def options(self) -> Dict[str, Union[int, str]]:
        """Every option's value in force."""
    @property
    def reward(self) -> str: ...
    @property
    def as_match(self) -> bool: ...
    @property
    def deal(self) -> int: ...
    def with_deal(self, deal: int) -> Game:
        """The same game, its start laid out by `deal`."""
    def dealt(self) -> bool:
        """Whether the start depends on the deal."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """Every action is below this (numbering: docs/python.md)."""
    def observation_tensor_size(self) -> int: ...
    def observation_tensor_shape(self) -> List[int]: ...
    def max_game_length(self) -> int:
        """An upper bound on the decisions of one game (or match)."""
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def new_initial_state(self) -> State: ...
    def random_game(self, seed: int) -> State:
        """The game `mancala random GAME --seed SEED` plays, at its end."""

class State:
    """A game (or match) in progress."""

    @property
    def game(self) -> Game: ...
    def current_player(self) -> int:
        """0 (South) or 1 (North); TERMINAL once over."""
    def legal_actions(self) -> List[int]:
        """In increasing order; empty once over."""
    def legal_decisions(self) -> List[str]:
        """By name (`a3`, `a3:cw`, ...), in board order."""
    def apply_action(self, action: int) -> None:
        """ValueError (and no change) if it is not legal here (negative numbers too)."""
    def apply_decision(self, name: str) -> None: ...
    def play_out(self, seed: int) -> None:
        """Uniformly random legal decisions to the end."""
    def clone(self) -> State: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> List[float]:
        """Each player's return; 0 each until the end."""
    def status(self) -> str:
        """"ongoing", "south_won", "north_won", "draw" or "unfinished"."""
    def history(self) -> List[int]: ...
    def decisions(self) -> List[str]: ...
    def move_number(self) -> int: ...
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The position as numbers (layout: docs/python.md), the same for both players."""
    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str: ...
    def string_to_action(self, player_or_name: Union[int, str], name: Optional[str] = None) -> int: ...
    def to_json(self) -> str:
        """As `mancala replay GAME DECISIONS... --json` prints it."""

class VectorState:
    """`size` games of one game file stepped together; a game that ends starts again."""

    def __init__(self, game: Game, size: int, threads: int = 1) -> None: ...
    def __len__(self) -> int: ...
    def reset(self) -> None: ...
    def step(
        self, actions: Union[npt.NDArray[np.integer], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_]
    ]:
        """(observations [size, obs], masks [size, actions], rewards [size, 2], dones [size])."""
    def observations(self) -> npt.NDArray[np.float32]: ...
    def action_masks(self) -> npt.NDArray[np.bool_]: ...
    def current_players(self) -> npt.NDArray[np.int64]: ...
