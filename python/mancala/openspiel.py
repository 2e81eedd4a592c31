"""Every mancala game file as an OpenSpiel game.

    >>> import pyspiel, mancala.openspiel
    >>> names = mancala.openspiel.register()       # every bundled game
    >>> game = pyspiel.load_game("mancala_oware(seeds_per_hole=3)")

A game registers as `mancala_<id>` (a `-` in the id becomes `_`), with the
file's options as game parameters (their defaults as the file gives them) and
three more: `reward` ("win_loss", the default, or "margin"), `match` (play
every round of a match game) and `deal` (the layout of a setup that scatters
seeds). Games are sequential, deterministic (the deal is a parameter), of
perfect information and zero-sum; actions and observations are numbered and
laid out as `mancala.State` numbers and lays them out (docs/python.md).
"""

import os

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import mancala

PREFIX = "mancala_"
_registered = {}


def short_name(game_id):
    """The name OpenSpiel knows the game `game_id` by."""
    return PREFIX + game_id.replace("-", "_")


def register(source=None):
    """Registers every bundled game (no `source`), or one game by bundled id or
    path to a `.toml` file; answers the names registered. Registering the same
    game again does nothing; another game under a name already registered (an
    id equal to another's once `-` is `_`) is refused with a ValueError."""
    sources = mancala.bundled() if source is None else [source]
    return [_register(s) for s in sources]


def _register(source):
    default = mancala.load(source)
    name = short_name(default.id)
    if name in _registered:
        if _where(_registered[name]._source) != _where(source):
            raise ValueError(f"{source}: `{name}` is registered already, for another game "
                             f"({_registered[name]._source}); give this file another id")
        return name
    clash = [option for option in default.options if option in mancala.RESERVED_OPTIONS]
    if clash:
        raise ValueError(f"{source}: its option `{clash[0]}` has the name of a parameter of "
                         "the package's own, so it cannot be a game parameter")
    parameters = dict(default.options)
    parameters.update(reward="win_loss", match=False, deal=0)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{default.name} (mancala)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    game_class = type(
        f"MancalaGame_{name}",
        (MancalaGame,),
        {"_source": source, "_game_type": game_type, "_defaults": parameters},
    )
    pyspiel.register_game(game_type, game_class)
    _registered[name] = game_class
    return name


def _where(source):
    """A bundled id as it is, a path made absolute: two sources are one game
    where these are equal."""
    return source if source in mancala.bundled() else os.path.abspath(source)


def _load_game(source, parameters):
    """Registers the game `source` (if it is not yet) and loads it."""
    return pyspiel.load_game(_register(source), parameters)


class MancalaGame(pyspiel.Game):
    """A mancala game file as an OpenSpiel game (one subclass per game, made
    by `register`)."""

    _source = None
    _game_type = None
    _defaults = {}

    def __init__(self, params=None):
        given = dict(self._defaults)
        given.update(params or {})
        options = {k: v for k, v in given.items() if k not in mancala.RESERVED_OPTIONS}
        self.mancala = mancala.load(
            self._source, reward=given["reward"], match=bool(given["match"]),
            deal=int(given["deal"]), **options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.mancala.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=self.mancala.min_utility(),
            max_utility=self.mancala.max_utility(),
            utility_sum=0.0,
            max_game_length=self.mancala.max_game_length(),
        )
        super().__init__(self._game_type, info, given)

    def new_initial_state(self):
        return MancalaState(self)

    def __reduce__(self):
        # Unpickled in a process that may not have registered the game yet.
        return (_load_game, (self._source, self.get_parameters()))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.mancala, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class MancalaState(pyspiel.State):
    """An OpenSpiel state that plays a `mancala.State`."""

    def __init__(self, game):
        super().__init__(game)
        self.inner = game.mancala.new_initial_state()

    def current_player(self):
        player = self.inner.current_player()
        return pyspiel.PlayerId.TERMINAL if player == mancala.TERMINAL else player

    def _legal_actions(self, player):
        return self.inner.legal_actions() if player == self.inner.current_player() else []

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def __str__(self):
        return str(self.inner)


class BoardObserver:
    """The position as `mancala.State.observation_tensor` lays it out, the
    same for both players."""

    def __init__(self, game, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        del player
        self.tensor[:] = state.inner.observation_tensor()

    def string_from(self, state, player):
        del player
        return str(state.inner)
