"""`mancala.VectorState`: many games stepped together agree, game by game,
with single states playing the same actions."""

import numpy as np
import pytest

import mancala


@pytest.mark.parametrize("gid, reward", [
    ("kalah", "margin"), ("oware", "margin"), ("nsolo", "win_loss"), ("toguz-kumalak", "margin"),
])
def test_a_batch_steps_as_single_states_do(gid, reward):
    game = mancala.load(gid, reward=reward)
    size, rng = 8, np.random.default_rng(1)
    batch = mancala.VectorState(game, size)
    singles = [game.new_initial_state() for _ in range(size)]
    masks = batch.action_masks()
    ended = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        observations, masks, rewards, dones = batch.step(actions)
        for i, state in enumerate(singles):
            state.apply_action(int(actions[i]))
            assert dones[i] == state.is_terminal()
            np.testing.assert_array_equal(rewards[i], state.returns() if dones[i] else [0, 0])
            if dones[i]:
                ended += 1
                singles[i] = state = game.new_initial_state()
            np.testing.assert_array_equal(observations[i], state.observation_tensor())
            assert np.flatnonzero(masks[i]).tolist() == state.legal_actions()
        assert batch.current_players().tolist() == [s.current_player() for s in singles]
    assert ended > 0, "some games ended and started again"


def test_an_illegal_action_plays_no_game():
    batch = mancala.VectorState(mancala.load("kalah"), 3)
    before = batch.observations()
    with pytest.raises(ValueError, match="game 2: action 6"):
        batch.step(np.array([0, 1, 6]))
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        batch.step(np.array([0, 1]))
    np.testing.assert_array_equal(batch.observations(), before)
    batch.step(np.array([0, 1, 2]))
    batch.reset()
    np.testing.assert_array_equal(batch.observations(), before)


def test_a_batch_is_bounded():
    game = mancala.load("kalah")
    with pytest.raises(ValueError, match="size 0"):
        mancala.VectorState(game, 0)
    with pytest.raises(ValueError, match="expected 1 to [0-9]+ games of kalah"):
        mancala.VectorState(game, 10**9)
    assert len(mancala.VectorState(game, 5)) == 5
    # A game over at its start has nothing to step.
    over = mancala.load("oware-grand-slam-forbidden", holes_per_row=1, seeds_per_hole=1)
    assert over.new_initial_state().is_terminal()
    with pytest.raises(ValueError, match="over at its start"):
        mancala.VectorState(over, 2)


def test_actions_of_any_integer_type():
    batch = mancala.VectorState(mancala.load("kalah"), 3)
    _, masks, _, _ = batch.step(np.array([0, 1, 2], dtype=np.int32))
    batch.step(masks.argmax(axis=1).tolist())
    with pytest.raises(TypeError, match="expected integers"):
        batch.step(np.array([0.0, 1.0, 2.0]))


def test_threads_give_the_same_games():
    game = mancala.load("oware")
    batches = [mancala.VectorState(game, 37, threads) for threads in (1, 2, 3)]
    rng = np.random.default_rng(2)
    masks = batches[0].action_masks()
    for _ in range(300):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        answers = [batch.step(actions) for batch in batches]
        for answer in answers[1:]:
            for ours, theirs in zip(answer, answers[0]):
                np.testing.assert_array_equal(ours, theirs)
        masks = answers[0][1]
    with pytest.raises(ValueError, match="threads 0"):
        mancala.VectorState(game, 4, 0)


def test_threads_of_python_share_a_batch():
    # Each step lets Python's lock go while it works; four Python threads
    # stepping one batch must all finish (a step whose actions another thread
    # made stale is refused, and nothing is played).
    import threading

    batch = mancala.VectorState(mancala.load("oware"), 64, 2)
    done = []

    def work(seed):
        rng = np.random.default_rng(seed)
        for _ in range(50):
            masks = batch.action_masks()
            try:
                batch.step((rng.random(masks.shape) * masks).argmax(axis=1))
            except ValueError as stale:
                assert "not legal" in str(stale)
            batch.current_players()
        done.append(seed)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(done) == [0, 1, 2, 3]
