#!/usr/bin/env python3
"""OpenSpiel's Monte Carlo tree search against a random player, on any game
file: how much does search gain in this game?

    python3 python/examples/mcts_vs_random.py oware --games 20 --simulations 200
    python3 python/examples/mcts_vs_random.py games/kalah.toml seeds_per_hole=3

Each game alternates who plays first; prints MCTS's wins, draws and losses.
"""

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import mancala.openspiel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a bundled id or a path to a .toml game file")
    parser.add_argument("options", nargs="*", help="KEY=VALUE game options")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    name = mancala.openspiel.register(args.game)[0]
    parameters = {}
    for option in args.options:
        key, value = option.split("=", 1)
        parameters[key] = int(value) if value.lstrip("-").isdigit() else value
    game = pyspiel.load_game(name, parameters)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=args.simulations,
                       evaluator=evaluator, random_state=rng)

    tally = {"won": 0, "drawn": 0, "lost": 0}
    for index in range(args.games):
        searcher = index % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == searcher:
                action = bot.step(state)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        result = state.returns()[searcher]
        tally["won" if result > 0 else "lost" if result < 0 else "drawn"] += 1
    print(f"{name}: MCTS ({args.simulations} simulations) against random, "
          f"{args.games} games: {tally['won']} won, {tally['drawn']} drawn, {tally['lost']} lost")


if __name__ == "__main__":
    main()
