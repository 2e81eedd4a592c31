"""Every bundled game passes OpenSpiel's own API checks, and Kalah and Oware
agree move by move with OpenSpiel's C++ games."""

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402

NAMES = mancala.openspiel.register()


@pytest.mark.parametrize("name", NAMES)
def test_random_simulation(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_parameters_are_options():
    game = pyspiel.load_game("mancala_oware(seeds_per_hole=3,reward=margin)")
    assert game.get_parameters()["seeds_per_hole"] == 3
    assert game.max_utility() == 36
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    clone = state.clone()
    clone.apply_action(0)
    assert state.move_number() == 0 and clone.move_number() == 1
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


# OpenSpiel's actions as ours. Kalah ("mancala"): South's pits 1..6 are
# a1..a6 (ours 0..5), North's 8..13 run b6..b1 (ours 11..6). Oware: each
# player's 0..5 are its houses in sowing order: South's a1..a6, North's b6..b1.
def kalah_ours(action, player):
    return action - 1 if action <= 6 else 19 - action


def oware_ours(action, player):
    return action if player == 0 else 11 - action


@pytest.mark.parametrize("spiel_name, ours_name, ours_of", [
    ("mancala", "mancala_kalah", kalah_ours),
    ("oware", "mancala_oware", oware_ours),
])
def test_agrees_with_openspiel_move_by_move(spiel_name, ours_name, ours_of):
    spiel_game, our_game = pyspiel.load_game(spiel_name), pyspiel.load_game(ours_name)
    rng = random.Random(5)
    moves = 0
    for _ in range(100):
        theirs, ours = spiel_game.new_initial_state(), our_game.new_initial_state()
        while not theirs.is_terminal():
            player = theirs.current_player()
            assert ours.current_player() == player
            legal = theirs.legal_actions()
            assert sorted(ours_of(a, player) for a in legal) == ours.legal_actions()
            action = rng.choice(legal)
            theirs.apply_action(action)
            ours.apply_action(ours_of(action, player))
            moves += 1
        assert ours.is_terminal()
        sign = lambda x: (x > 0) - (x < 0)  # noqa: E731
        assert [sign(r) for r in ours.returns()] == [sign(r) for r in theirs.returns()]
    assert moves > 1000
