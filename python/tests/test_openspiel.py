"""Every bundled game passes OpenSpiel's own API checks, and Kalah and Oware
agree move by move with OpenSpiel's C++ games."""

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402

NAMES = mancala.openspiel.register()
REPO = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", NAMES)
def test_random_simulation(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_decisions_on_no_hole_are_actions_after_the_moves():
    # A pass, a resignation and an offered draw (tests/games/called-ends.toml):
    # numbered after the moves, played and answered like any action.
    path = str(REPO / "tests" / "games" / "called-ends.toml")
    (name,) = mancala.openspiel.register(path)
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    state = game.new_initial_state()
    names = [state.action_to_string(a) for a in state.legal_actions()]
    assert names == ["a1", "a2", "a3", "a4", "a5", "a6", "resign"]
    state.apply_action(state.legal_actions()[-1])
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


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


def test_a_name_taken_by_another_game_is_refused(tmp_path):
    path = tmp_path / "kalah_6.toml"
    path.write_text('extends = "oware"\n')
    with pytest.raises(ValueError, match="registered already"):
        mancala.openspiel.register(str(path))
    assert mancala.openspiel.register("kalah-6") == ["mancala_kalah_6"]


# OpenSpiel's actions as ours. Kalah ("mancala"): South's pits 1..6 are
# a1..a6 (ours 0..5), North's 8..13 run b6..b1 (ours 11..6). Oware: each
# player's 0..5 are its houses in sowing order: South's a1..a6, North's b6..b1.
def kalah_ours(action, player):
    return action - 1 if action <= 6 else 19 - action


def oware_ours(action, player):
    return action if player == 0 else 11 - action


# OpenSpiel's observation tensors as our boards: [a1..a6, b1..b6, South's
# store or score, North's]. Kalah's: North's store, a1..a6, South's store,
# b6..b1, in seeds. Oware's: a1..a6, b6..b1, South's score, North's, over 48.
def kalah_board(tensor):
    return [*tensor[1:7], *tensor[13:7:-1], tensor[7], tensor[0]]


def oware_board(tensor):
    tensor = [round(x * 48) for x in tensor]
    return [*tensor[0:6], *tensor[11:5:-1], tensor[12], tensor[13]]


def our_board(state):
    return [round(x * 48) for x in state.observation_tensor()[:14]]


@pytest.mark.parametrize("spiel_name, ours_name, ours_of, board_of", [
    ("mancala", "mancala_kalah", kalah_ours, kalah_board),
    ("oware", "mancala_oware", oware_ours, oware_board),
])
def test_agrees_with_openspiel_move_by_move(spiel_name, ours_name, ours_of, board_of):
    spiel_game, our_game = pyspiel.load_game(spiel_name), pyspiel.load_game(ours_name)
    rng = random.Random(5)
    moves = 0
    for _ in range(100):
        theirs, ours = spiel_game.new_initial_state(), our_game.new_initial_state()
        while not theirs.is_terminal():
            player = theirs.current_player()
            assert ours.current_player() == player
            assert our_board(ours) == board_of(theirs.observation_tensor())
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
