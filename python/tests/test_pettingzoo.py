"""Every bundled game passes PettingZoo's API test, and a game played through
the environment ends with the state's returns."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import mancala  # noqa: E402
import mancala.pettingzoo  # noqa: E402


@pytest.mark.parametrize("gid", mancala.bundled())
def test_api(gid):
    api_test(mancala.pettingzoo.env(gid), num_cycles=200, verbose_progress=False)


def test_a_game_with_calls_and_offers():
    # Decisions on no hole (a pass, a resignation, an offered draw and its
    # answers) are actions like the moves, and an answer is the other agent's.
    path = str(__import__("pathlib").Path(__file__).resolve().parents[2] / "tests/games/called-ends.toml")
    api_test(mancala.pettingzoo.env(path), num_cycles=200, verbose_progress=False)


def test_a_game_ends_with_the_returns():
    env = mancala.pettingzoo.env("oware", seeds_per_hole=2, reward="margin")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = {"player_0": 0.0, "player_1": 0.0}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = env.unwrapped.state
    assert state.is_terminal()
    assert [totals["player_0"], totals["player_1"]] == state.returns()


def test_a_game_over_at_its_start_and_an_unknown_render_mode_are_refused():
    with pytest.raises(ValueError, match="over at its start"):
        mancala.pettingzoo.env("oware-grand-slam-forbidden", holes_per_row=1, seeds_per_hole=1)
    with pytest.raises(ValueError, match="render_mode"):
        mancala.pettingzoo.env("oware", render_mode="video")
