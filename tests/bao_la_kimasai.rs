//! BK-10 (a repeated position is a draw) cannot fire in Bao la Kimasai: a
//! repetition needs a cycle of moves without a capture, and front-row stones of
//! the two sides move in opposite directions, so they meet and one is taken.
//! Checked by the engine itself over every position of one or two stones a side:
//! the graph of moves between positions without a capture has no cycle.

use std::collections::HashMap;

use mancala::{Game, GameState, Hole, Setup, Side};

/// Depth-first colouring: `true` once a position is known to start no cycle.
fn on_a_cycle(game: &Game, start: GameState, done: &mut HashMap<Vec<u16>, bool>) -> bool {
    let key = |state: &GameState| {
        let p = state.position();
        let mut key: Vec<u16> = game.board().holes().map(|h| p.count(h)).collect();
        key.push(p.to_move().index() as u16);
        key
    };
    // An explicit stack: (state, next decision to try).
    let mut stack = vec![(start, 0usize)];
    done.insert(key(&stack[0].0), false);
    while let Some((state, next)) = stack.last_mut() {
        if state.outcome().is_some() || *next == state.legal().len() {
            let finished = stack.pop().expect("not empty").0;
            done.insert(key(&finished), true);
            continue;
        }
        let mut child = state.clone();
        child.play_index(*next);
        *next += 1;
        // A capture changes the scores, which no later position can undo.
        if child.position().captured() != [0, 0] {
            continue;
        }
        match done.get(&key(&child)) {
            Some(false) => return true,
            Some(true) => {}
            None => {
                done.insert(key(&child), false);
                stack.push((child, 0));
            }
        }
    }
    false
}

#[test]
fn bk10_no_position_of_few_stones_can_cycle() {
    let game = mancala::load("bao-la-kimasai", &[]).unwrap();
    let south: Vec<Hole> = game
        .board()
        .side_range(Side::South)
        .map(|h| h as Hole)
        .collect();
    let north: Vec<Hole> = game
        .board()
        .side_range(Side::North)
        .map(|h| h as Hole)
        .collect();
    let choose = |holes: &[Hole], n: usize| -> Vec<Vec<Hole>> {
        match n {
            1 => holes.iter().map(|&h| vec![h]).collect(),
            _ => holes
                .iter()
                .enumerate()
                .flat_map(|(i, &a)| holes[i + 1..].iter().map(move |&b| vec![a, b]))
                .collect(),
        }
    };
    let mut done = HashMap::new();
    let mut starts = 0;
    for (s, n) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        for south in choose(&south, s) {
            for north in choose(&north, n) {
                for to_move in Side::BOTH {
                    let setup = Setup {
                        counts: south.iter().chain(&north).map(|&h| (h, 1)).collect(),
                        to_move,
                        ..Setup::empty()
                    };
                    let start = GameState::from_position(&game, setup.position(&game).unwrap());
                    assert!(!on_a_cycle(&game, start, &mut done), "{setup:?} cycles");
                    starts += 1;
                }
            }
        }
    }
    assert_eq!(starts, 2 * (24 * 24 + 2 * 24 * 276 + 276 * 276));
}
