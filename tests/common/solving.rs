//! What the solver's tests share: a budget and Kalah's cells.

use mancala::Game;
use mancala::solve::{Budget, MAX_LINE, Valued};

/// A small solve's budget: one thread, every decision valued.
pub const BUDGET: Budget = Budget {
    memory: 64 << 20,
    positions: 50_000_000,
    threads: 1,
    line: MAX_LINE,
    valued: Valued::Every,
};

/// Kalah of `holes` houses a side and `seeds` seeds a house, with
/// `empty_capture` (1: Irving et al.'s capture from an empty house facing an
/// empty one).
pub fn kalah_with(holes: u32, seeds: u32, empty_capture: u32) -> Game {
    mancala::load(
        "kalah",
        &[
            ("holes_per_row".into(), holes.to_string()),
            ("seeds_per_hole".into(), seeds.to_string()),
            ("empty_capture".into(), empty_capture.to_string()),
        ],
    )
    .expect("Kalah loads with these options")
}
