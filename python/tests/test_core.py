"""`mancala.load`, `Game`, `State`: the core API, checked against the
command-line program and against values worked out by hand."""

import copy
import json
import pickle

import numpy as np
import pytest

import mancala
from conftest import REPO


def test_every_bundled_game_loads_and_plays_out():
    assert len(mancala.bundled()) >= 76
    for gid in mancala.bundled():
        state = mancala.load(gid).new_initial_state()
        state.play_out(7)
        assert state.is_terminal(), gid
        assert state.current_player() == mancala.TERMINAL
        assert state.legal_actions() == []


def test_options_are_keyword_arguments():
    game = mancala.load("kalah", seeds_per_hole=3, holes_per_row=4)
    assert game.options == {"empty_capture": 0, "holes_per_row": 4, "seeds_per_hole": 3}
    assert game.id == "kalah" and game.name
    assert game.num_distinct_actions() == 8  # a1..a4, b1..b4
    assert game.observation_tensor_size() == 8 * 8 + 18


def test_a_bad_option_or_file_is_a_clear_error(tmp_path):
    with pytest.raises(mancala.LoadError, match="seeds_per_hole"):
        mancala.load("kalah", seeds_per_hole=0)
    with pytest.raises(mancala.LoadError, match="no-such-game"):
        mancala.load("no-such-game")
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\n[board\n')
    with pytest.raises(mancala.LoadError) as error:
        mancala.load(str(bad))
    assert "bad.toml" in str(error.value) and ":2:" in str(error.value)
    with pytest.raises(ValueError, match="reward"):
        mancala.load("kalah", reward="points")
    with pytest.raises(ValueError, match="match"):
        mancala.load("kalah", match=True)


def test_files_of_one_text_keep_their_own_ids(tmp_path):
    for name in ("alpha", "beta"):
        (tmp_path / f"{name}.toml").write_text('extends = "kalah"\n')
    alpha = mancala.load(str(tmp_path / "alpha.toml"))
    beta = mancala.load(str(tmp_path / "beta.toml"))
    assert (alpha.id, beta.id, mancala.load("kalah").id) == ("alpha", "beta", "kalah")
    assert '"game":"beta"' in beta.new_initial_state().to_json()


def test_copies_need_no_file_and_pickles_survive_a_change_of_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text('extends = "kalah"\n')
    game = mancala.load("mine.toml")
    pickled = pickle.dumps(game)
    monkeypatch.chdir(REPO)
    assert pickle.loads(pickled).id == "mine", "the path was kept absolute"
    (tmp_path / "mine.toml").unlink()
    assert copy.copy(game) is not None and copy.deepcopy(game).id == "mine"


def test_a_game_option_named_as_a_keyword(tmp_path):
    text = (REPO / "games" / "kalah.toml").read_text().replace("seeds_per_hole", "deal")
    path = tmp_path / "dealt.toml"
    path.write_text(text.replace('id = "kalah"', 'id = "dealt"'))
    with pytest.raises(ValueError, match='options=\\{"deal"'):
        mancala.load(str(path), deal=2)
    game = mancala.load(str(path), options={"deal": 2})
    assert game.options["deal"] == 2 and game.deal == 0


def test_a_users_file_loads_by_path():
    game = mancala.load(str(REPO / "tests" / "games" / "scattered.toml"))
    assert game.dealt()
    starts = {game.with_deal(deal).new_initial_state().to_json() for deal in range(5)}
    assert len(starts) > 1, "a scattering setup's start depends on the deal"


def test_decisions_by_name_and_by_number():
    game = mancala.load("kalah", seeds_per_hole=3)
    state = game.new_initial_state()
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert state.legal_decisions() == ["a1", "a2", "a3", "a4", "a5", "a6"]
    # a4 sows a5, a6 and South's store: South moves again (KA-6).
    state.apply_action(state.string_to_action("a4"))
    assert state.current_player() == 0
    assert state.history() == [3] and state.decisions() == ["a4"]
    state.apply_decision("a6")  # a6 holds 4: the store, b1, b2, b3
    assert state.current_player() == 1
    assert state.legal_actions() == [6, 7, 8, 9, 10, 11]
    assert [state.action_to_string(a) for a in state.legal_actions()] == [f"b{i}" for i in range(1, 7)]
    assert state.action_to_string(1, 6) == "b1"  # OpenSpiel's (player, action) form
    assert state.string_to_action(1, "b1") == 6


def test_hand_counts_are_numbered():
    """Moves that name a count taken from the hand (`a1:hand=2:cw`) have numbers
    of their own: H x directions x (1 + the game's seeds)."""
    game = mancala.load(str(REPO / "tests" / "games" / "hand-choose.toml"))
    assert game.num_distinct_actions() == 12 * 3 * (1 + 48)
    state = game.new_initial_state()
    assert state.string_to_action("a1:hand=2:cw") == 0 + 12 * (2 + 3 * 2)
    assert state.action_to_string(96) == "a1:hand=2:cw"
    rng = np.random.default_rng(5)
    hand_moves = set()
    for _ in range(400):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        names = state.legal_decisions()
        assert sorted(state.action_to_string(a) for a in actions) == sorted(names)
        hand_moves.update(n for n in names if ":hand=" in n)
        state.apply_action(int(rng.choice(actions)))
    assert hand_moves, "captures into the hand are sown back from it"


def test_an_illegal_action_changes_nothing():
    state = mancala.load("kalah").new_initial_state()
    before = state.to_json()
    for action in (6, 12, 10**6, -1):
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(action)
    assert state.action_to_string(mancala.TERMINAL, 3) == "a4", "the player is ignored"
    with pytest.raises(ValueError):
        state.apply_decision("b1")
    with pytest.raises(ValueError, match="not a decision this game offers"):
        state.string_to_action("a3:cw")  # Kalah's movers choose no direction
    assert state.to_json() == before


def test_to_json_is_replay_json(cli):
    for gid in ["kalah", "oware", "nsolo", "igisoro", "bao-la-kiswahili"]:
        state = mancala.load(gid).random_game(11)
        played = state.decisions()[:25]
        replayed = mancala.load(gid).new_initial_state()
        for name in played:
            replayed.apply_decision(name)
        assert replayed.to_json() == cli("replay", gid, *played, "--json").strip(), gid


def test_random_games_are_the_command_lines(cli):
    for gid in ["kalah", "oware", "toguz-kumalak", "omweso"]:
        for seed in (1, 2):
            ours = mancala.load(gid).random_game(seed)
            theirs = cli.json("random", gid, "--seed", str(seed), "--games", "1", "--json")
            assert ours.decisions() == theirs["decisions"], (gid, seed)
            assert ours.status() == theirs["status"]


def test_play_out_is_seeded():
    game = mancala.load("oware")
    ends = []
    for _ in range(2):
        state = game.new_initial_state()
        state.play_out(5)
        ends.append(state.decisions())
    assert ends[0] == ends[1]
    other = game.new_initial_state()
    other.play_out(6)
    assert other.decisions() != ends[0]


def test_returns_win_loss_and_margin():
    for reward in ("win_loss", "margin"):
        game = mancala.load("kalah", reward=reward)
        assert game.reward == reward
        state = game.random_game(3)
        position = json.loads(state.to_json())["position"]
        south, north = position["captured"]["south"], position["captured"]["north"]
        if reward == "margin":
            assert state.returns() == [south - north, north - south]
            assert game.max_utility() == 48 and game.min_utility() == -48
        else:
            expected = {"south_won": [1, -1], "north_won": [-1, 1], "draw": [0, 0]}[state.status()]
            assert state.returns() == expected
    assert mancala.load("kalah").new_initial_state().returns() == [0, 0]
    # Where captured seeds do not decide the game, a margin of them is no reward.
    for gid, options in [("hus", {}), ("tchuka-ruma", {}), ("dakon", {"match": True})]:
        with pytest.raises(ValueError, match="decided otherwise"):
            mancala.load(gid, reward="margin", **options)


def test_a_match_plays_every_round():
    game = mancala.load("dakon", match=True)
    state = game.random_game(4)
    replay = json.loads(state.to_json())
    assert "match" in replay and len(replay["match"]["rounds"]) >= 1
    assert state.is_terminal()


def test_observation_layout_by_hand():
    # Kalah(6,4) after a3: a3 empty, a4..a6 five each, one seed in South's
    # store, South to move (KA-6). 48 seeds in all.
    state = mancala.load("kalah").new_initial_state()
    state.apply_decision("a3")
    obs = state.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == (8 * 12 + 18,)
    expected = np.zeros(8 * 12 + 18, np.float32)
    expected[:12] = np.array([4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]) / 48
    expected[12] = 1 / 48          # South's store
    expected[65] = 1               # South to move
    np.testing.assert_allclose(obs, expected, rtol=1e-6)
    assert np.array_equal(obs, state.observation_tensor(1)), "the same for both players"


def test_clones_and_copies_play_apart():
    state = mancala.load("oware").new_initial_state()
    for copy_of in (lambda s: s.clone(), copy.copy, copy.deepcopy):
        other = copy_of(state)
        other.apply_action(other.legal_actions()[0])
        assert state.move_number() == 0 and other.move_number() == 1


def test_a_random_game_of_a_scattered_start_pickles():
    game = mancala.load(str(REPO / "tests" / "games" / "scattered.toml"))
    for seed in (1, 130):
        state = game.random_game(seed)
        assert state.game.deal == seed
        again = pickle.loads(pickle.dumps(state))
        assert again.to_json() == state.to_json()


def test_games_and_states_pickle():
    game = mancala.load("oware", seeds_per_hole=3, reward="margin")
    state = game.random_game(9)
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json() and again.returns() == state.returns()
    assert repr(pickle.loads(pickle.dumps(game))) == repr(game)


def test_actions_name_directions_and_declines():
    # A game whose movers choose a direction numbers each hole three ways.
    game = mancala.load("igisoro")
    state = game.new_initial_state()
    holes = len(json.loads(state.to_json())["position"]["board"]) * len(json.loads(state.to_json())["position"]["board"][0])
    for action in state.legal_actions():
        name = state.action_to_string(action)
        assert state.string_to_action(name) == action
        assert action < game.num_distinct_actions()
    assert game.num_distinct_actions() % holes == 0
