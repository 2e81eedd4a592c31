"""Every mancala game file as a PettingZoo AEC environment.

    >>> from mancala.pettingzoo import env
    >>> e = env("oware", seeds_per_hole=3)
    >>> e.reset(seed=1)
    >>> obs, reward, termination, truncation, info = e.last()
    >>> e.step(int(obs["action_mask"].nonzero()[0][0]))

Agents are "player_0", South (who moves first unless the file says
otherwise), and "player_1", North; a side that plays again (an extra turn, a strip owed) is selected
again. Each observation is a dict of "observation", the position as
`mancala.State.observation_tensor` lays it out (float32, each slot in [0, 1]),
and "action_mask" (int8, one per action number). Rewards come at the end: the
game's returns (`reward="win_loss"` or `"margin"`). A game cut short by its
turn limit is truncated rather than terminated.
"""

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import mancala

AGENTS = ["player_0", "player_1"]


def env(game="kalah", render_mode=None, **options):
    """The game's environment with PettingZoo's usual checks wrapped round it
    (an illegal action ends the game with a penalty; order of calls checked)."""
    wrapped = raw_env(game, render_mode=render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):
    """The game `game` (a bundled id or name, or a path to a `.toml` file) with its
    options; `reset(seed=S)` deals a setup that scatters seeds from S."""

    metadata = {"render_modes": ["human", "ansi"], "name": "mancala_v0", "is_parallelizable": False}

    def __init__(self, game="kalah", render_mode=None, **options):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: expected None or one of "
                             f"{self.metadata['render_modes']}")
        self.game = mancala.load(game, **options)
        if self.game.new_initial_state().is_terminal():
            raise ValueError(f"{self.game.id}: the game is over at its start (with these "
                             "options no side can move), so there is nothing to play")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        actions = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        })
        self.observation_spaces = {agent: space for agent in AGENTS}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in AGENTS}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if self.state.current_player() == AGENTS.index(agent):
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(), "action_mask": mask}

    def reset(self, seed=None, options=None):
        game = self.game if seed is None else self.game.with_deal(seed)
        self.state = game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[self.state.current_player()]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self.rewards = {agent: 0.0 for agent in AGENTS}
        if self.state.is_terminal():
            ended = self.truncations if self.state.status() == "unfinished" else self.terminations
            for agent, value in zip(AGENTS, self.state.returns()):
                self.rewards[agent] = value
                ended[agent] = True
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.render_mode == "ansi":
            return str(self.state)
        print(self.state)
        return None

    def close(self):
        pass
