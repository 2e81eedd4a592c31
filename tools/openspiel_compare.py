#!/usr/bin/env python3
"""Plays random games of Kalah and Oware in OpenSpiel ("mancala", "oware") and
checks, decision by decision, that `mancala replay kalah|oware ... --json` agrees:
the same legal decisions, board, scores, side to move and final result.

Not part of CI (CI is Rust-only). Run:  pip install open_spiel
    python3 tools/openspiel_compare.py [GAMES_PER_RULESET] [SEED]
"""

import json
import random
import subprocess
import sys

import pyspiel

BINARY = "target/release/mancala"
N = 6  # houses per row


def ours(game, decisions):
    out = subprocess.run([BINARY, "replay", game, *decisions, "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


# Hole names <-> OpenSpiel actions. Kalah: South's pits 1..6 are a1..a6, North's
# 8..13 run right to left along the top row (8 = b6). Oware: each player's actions
# 0..5 are its houses in sowing order (South A..F = a1..a6, North a..f = b6..b1).
def kalah_action_name(action):
    return f"a{action}" if action <= N else f"b{2 * N + 2 - action}"


def oware_action_name(action, player):
    return f"a{action + 1}" if player == 0 else f"b{N - action}"


def kalah_board(state):
    top, stores, bottom = str(state).splitlines()[:3]
    north = [int(x) for x in top.strip("-").split("-")]          # b1..b6
    south = [int(x) for x in bottom.strip("-").split("-")]       # a1..a6
    north_store, south_store = (int(x) for x in stores.split("-") if x)
    return [south, north], {"south": south_store, "north": north_store}


def oware_board(state):
    lines = str(state).splitlines()
    north_score = int(lines[0].split("=")[1].split()[0])
    north = [int(x) for x in lines[2].split()]                   # f..a = b1..b6
    south = [int(x) for x in lines[3].split()]                   # A..F = a1..a6
    south_score = int(lines[5].split("=")[1].split()[0])
    return [south, north], {"south": south_score, "north": north_score}


def status_of(state):
    if not state.is_terminal():
        return "ongoing"
    south, north = state.returns()
    return "south_won" if south > north else "north_won" if north > south else "draw"


def compare(ours_game, spiel_game, board_of, name_of, games, seed):
    rng = random.Random(seed)
    decisions_checked = 0
    for index in range(games):
        state = spiel_game.new_initial_state()
        decisions = []
        while True:
            mine = ours(ours_game, decisions)
            where = f"{ours_game} game {index}, after {decisions}"
            if state.is_terminal():
                assert mine["status"] == status_of(state), (where, mine["status"], status_of(state))
                # At the end each side takes its own row (KA-7, OW-8); OpenSpiel
                # reports only the final scores through the returns.
                break
            board, scores = board_of(state)
            assert mine["position"]["board"] == board, (where, mine["position"]["board"], board)
            assert mine["position"]["captured"] == scores, (where, mine["position"]["captured"], scores)
            player = state.current_player()
            assert mine["position"]["to_move"] == ["south", "north"][player], where
            legal = sorted(name_of(a, player) for a in state.legal_actions())
            assert sorted(mine["legal"]) == legal, (where, mine["legal"], legal)
            action = rng.choice(state.legal_actions())
            decisions.append(name_of(action, player))
            state.apply_action(action)
            decisions_checked += 1
    return decisions_checked


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    kalah = compare("kalah", pyspiel.load_game("mancala"), kalah_board,
                    lambda a, _player: kalah_action_name(a), games, seed)
    oware = compare("oware", pyspiel.load_game("oware"), oware_board,
                    oware_action_name, games, seed)
    print(f"agree: kalah {games} games ({kalah} decisions), oware {games} games ({oware} decisions)")


if __name__ == "__main__":
    main()
