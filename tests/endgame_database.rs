//! Endgame databases built in advance (`mancala::solve::EndgameDatabase`):
//! a solve that starts with one finds the values it finds without one, every
//! value it reads agrees with plain minimax, and a database is refused where
//! it cannot serve.

mod common;

use common::solving::{BUDGET, kalah_with};
use mancala::agents::deadline::Deadline;
use mancala::agents::search::minimax;
use mancala::solve::{
    Budget, Choice, EndgameDatabase, ReadError, Solution, SolveError, solve, solve_by,
};
use mancala::{Game, GameState, Side};

/// Irving et al.'s Kalah (`empty_capture = 1`) of `holes` houses a side and
/// `seeds` seeds a house.
fn kalah(holes: u32, seeds: u32) -> Game {
    kalah_with(holes, seeds, 1)
}

fn build(state: &GameState, most_seeds: u32, threads: usize) -> EndgameDatabase {
    let budget = Budget { threads, ..BUDGET };
    let (database, positions) =
        EndgameDatabase::build(state, most_seeds, budget, Deadline::none(), |_| {}).expect("built");
    assert!(positions > 0);
    database
}

fn solve_with(state: &GameState, database: EndgameDatabase) -> Result<Solution, SolveError> {
    solve_by(
        state,
        (BUDGET, Some(database)),
        Choice::Auto,
        Deadline::none(),
        |_| {},
    )
}

/// The decisions and their values: what must not depend on the database.
fn values(solution: &Solution) -> Vec<(String, i64)> {
    solution
        .decisions
        .iter()
        .map(|(decision, value)| (format!("{decision:?}"), value.margin))
        .collect()
}

/// South's margin in a value of `minimax` (a win or a loss is offset by
/// 2^40).
fn margin_of(value: i64) -> i64 {
    let win = 1i64 << 40;
    match value {
        v if v > win / 2 => v - win,
        v if v < -win / 2 => v + win,
        v => v,
    }
}

/// Kalah(4,4) from its start: the same values with a database of up to 14
/// seeds, built on one thread or two, as without one, and fewer positions
/// examined (the table the solve fills itself reaches 10 seeds).
#[test]
fn a_solve_with_a_database_finds_the_same_values() {
    let game = kalah(4, 4);
    let state = GameState::new(&game);
    let without = solve(&state, BUDGET).expect("solved");
    for threads in [1, 2] {
        let with = solve_with(&state, build(&state, 14, threads)).expect("solved");
        assert_eq!(values(&with), values(&without), "{threads} threads");
        assert_eq!(with.value, without.value);
        assert!(with.proven());
        assert!(
            with.positions < without.positions,
            "{} positions with the database, {} without",
            with.positions,
            without.positions
        );
    }
}

/// Along random games of Kalah(3,3), each position with at most the
/// database's 10 seeds on the board is solved with the database (its
/// decisions' values then read from it) and by plain minimax, which knows
/// nothing of it: every decision's value agrees.
#[test]
fn the_values_read_from_a_database_are_minimax_values() {
    use rand::{RngExt, SeedableRng};
    let game = kalah(3, 3);
    let start = GameState::new(&game);
    let database = build(&start, 10, 2);
    let mut bytes = Vec::new();
    database.write_to(&mut bytes).expect("written");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut checked = 0;
    for _ in 0..12 {
        let mut state = start.clone();
        while state.outcome().is_none() {
            let seeds: u16 = state.position().counts()[..6].iter().sum();
            if seeds <= 10 {
                let read = EndgameDatabase::read_from(&bytes[..], &start, 10, BUDGET.memory);
                let solution = solve_with(&state, read.expect("read back")).expect("solved");
                for (decision, value) in &solution.decisions {
                    let mut after = state.clone();
                    after.play(*decision).expect("legal");
                    let south = margin_of(minimax(&after, u32::MAX));
                    let mover = match state.to_move() {
                        Some(Side::South) => south,
                        _ => -south,
                    };
                    assert_eq!(
                        value.margin,
                        mover,
                        "{decision:?} at {:?}",
                        state.position()
                    );
                    checked += 1;
                }
            }
            let legal: Vec<_> = state.legal().collect();
            let decision = legal[rng.random_range(0..legal.len())];
            state.play(decision).expect("legal");
        }
    }
    assert!(checked > 30, "only {checked} decisions checked");
}

/// A database serves only the game, options and start it was built for, and
/// only where the game keeps an endgame table; a file is read back only whole
/// and undamaged.
#[test]
fn a_database_is_refused_where_it_cannot_serve() {
    let game = kalah(3, 3);
    let state = GameState::new(&game);
    let oware = mancala::load("oware", &[]).expect("bundled");
    let refused = |result: Result<(EndgameDatabase, u64), SolveError>| result.err();
    let build_for = |state: &GameState, seeds, memory| {
        let budget = Budget { memory, ..BUDGET };
        EndgameDatabase::build(state, seeds, budget, Deadline::none(), |_| {})
    };
    // Oware is valued by outcome: its scores are read as it goes.
    let oware_start = GameState::new(&oware);
    assert_eq!(
        refused(build_for(&oware_start, 4, 64 << 20)),
        Some(SolveError::NoEndgameTable)
    );
    // 30 seeds in 6 holes: 1.9 million arrangements, 3.8 MB, more than half of 4 MB.
    assert_eq!(
        refused(build_for(&state, 30, 4 << 20)),
        Some(SolveError::EndgameTooLarge {
            most_seeds: 30,
            memory: 4 << 20
        })
    );
    // A value past a byte.
    assert_eq!(
        refused(build_for(&state, 127, usize::MAX)),
        Some(SolveError::EndgameTooManySeeds {
            most_seeds: 127,
            in_hand: 0
        })
    );
    // Another option, the same board: not its database.
    let other = kalah(3, 4);
    let other_state = GameState::new(&other);
    let database = build(&state, 8, 1);
    assert_eq!(
        solve_with(&other_state, database).err(),
        Some(SolveError::EndgameMismatch)
    );

    let mut bytes = Vec::new();
    build(&state, 8, 1).write_to(&mut bytes).expect("written");
    let read = |bytes: &[u8], state: &GameState, seeds| {
        EndgameDatabase::read_from(bytes, state, seeds, BUDGET.memory).err()
    };
    assert!(read(&bytes, &state, 8).is_none(), "read back whole");
    assert!(matches!(
        read(&bytes, &state, 7),
        Some(ReadError::NotThisOne)
    ));
    assert!(matches!(
        read(&bytes, &other_state, 8),
        Some(ReadError::NotThisOne)
    ));
    assert!(matches!(
        read(&bytes[..bytes.len() - 1], &state, 8),
        Some(ReadError::Io(_))
    ));
    let longer = [&bytes[..], &[0]].concat();
    assert!(matches!(read(&longer, &state, 8), Some(ReadError::Longer)));
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] = 1;
    assert!(matches!(
        read(&damaged, &state, 8),
        Some(ReadError::BadValue)
    ));
    damaged[last] = 255;
    assert!(matches!(
        read(&damaged, &state, 8),
        Some(ReadError::BadValue)
    ));
}
