//! A position: everything that changes during play, in a small `Copy` value.

use crate::rules::board::{HoleSet, MAX_CELLS, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Seeds per hole, indexed by `Hole`; cells past the holes stay 0 (a store's
    /// seeds are its side's score, `captured`).
    pub counts: [u16; MAX_CELLS],
    /// Seeds each side has captured (its score, GEN-8), by `Side::index`.
    pub captured: [u32; 2],
    pub to_move: Side,
    /// Holes closed for this round of a match: empty, skipped by sowing, not playable.
    pub closed: HoleSet,
    /// Completed turns.
    pub turn: u32,
    /// Decisions still owed inside the current turn.
    pub pending: Option<Pending>,
}

/// A run of decisions owed inside a turn (a strip, NS-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// Index of the capture rule whose strip is owed.
    pub capture: u8,
    /// Seeds still to remove, one decision each.
    pub remaining: u16,
    /// Whether the mover plays again once the strip is done.
    pub again: bool,
}

impl Position {
    pub fn empty(to_move: Side) -> Position {
        Position {
            counts: [0; MAX_CELLS],
            captured: [0; 2],
            to_move,
            closed: HoleSet::default(),
            turn: 0,
            pending: None,
        }
    }

    /// Whether two positions are the same for repetition (GEN-10): board,
    /// scores and side to move (and closed holes, which only a new round changes).
    pub fn repeats(&self, earlier: &Position) -> bool {
        self.counts == earlier.counts
            && self.captured == earlier.captured
            && self.to_move == earlier.to_move
            && self.closed == earlier.closed
    }

    pub fn seeds_on_board(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }
}
