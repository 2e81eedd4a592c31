//! `mancala bench`: random playouts per second on this machine, on one core and
//! on all of them, so anyone can reproduce the project's figures.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::agents::playout::random_game_sized;
use crate::rules::game::Game;
use crate::rules::position::Position;

/// Decisions in the random game `seed`, played at the game's position size.
fn decisions_in(game: &Game, seed: u64) -> u64 {
    crate::with_cells!(game.cell_class(), N => {
        random_game_sized::<N>(game, seed).decisions().len() as u64
    })
}

/// Playouts played in one timing, and what they cost.
pub struct Rate {
    pub(crate) games: u64,
    pub(crate) decisions: u64,
    pub(crate) elapsed: Duration,
}

impl Rate {
    /// Games played per second of the timing.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }

    /// Time per decision, in nanoseconds (over every decision of every game).
    pub fn nanoseconds_per_decision(&self) -> f64 {
        self.elapsed.as_nanos() as f64 / self.decisions.max(1) as f64
    }
}

/// Plays random games for about `budget` on one thread (seeds 0, 1, 2, ...).
pub fn one_core(game: &Game, budget: Duration) -> Rate {
    let start = Instant::now();
    let (mut games, mut decisions) = (0, 0);
    while start.elapsed() < budget || games == 0 {
        decisions += decisions_in(game, games);
        games += 1;
    }
    Rate {
        games,
        decisions,
        elapsed: start.elapsed(),
    }
}

/// Plays random games for about `budget` on every core: each thread takes
/// batches of seeds in turn, so the work is the same games as on one core.
pub fn all_cores(game: &Game, budget: Duration) -> Rate {
    const BATCH: u64 = 64;
    let start = Instant::now();
    let (mut games, mut decisions) = (0u64, 0u64);
    while start.elapsed() < budget || games == 0 {
        let batch_decisions: u64 = (games..games + BATCH * rayon::current_num_threads() as u64)
            .into_par_iter()
            .map(|seed| decisions_in(game, seed))
            .sum();
        decisions += batch_decisions;
        games += BATCH * rayon::current_num_threads() as u64;
    }
    Rate {
        games,
        decisions,
        elapsed: start.elapsed(),
    }
}

/// Bytes in one of the game's positions (copied once per candidate move).
pub fn position_bytes(game: &Game) -> usize {
    crate::with_cells!(game.cell_class(), N => std::mem::size_of::<Position<N>>())
}
