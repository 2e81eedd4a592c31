//! A position as numbers, for learning programs: one flat vector of `f32`
//! whose layout depends only on the board, so every position of a game fills
//! the same slots. With `H` the board's hole count (stores aside) and `S` the
//! game's seeds (`Position::seeds` of its start):
//!
//! | slots | what |
//! |---|---|
//! | `0..H` | seeds in each hole, in board order (`a1`, `a2`, ..., `b1`, ...), over `S` |
//! | `H..H+2` | seeds South, North have captured (their stores, where the board has them), over `S` |
//! | `H+2..H+4` | seeds South, North hold in hand, over `S` |
//! | `H+4` | seeds out of play, over `S` |
//! | `H+5..2H+5` | 1 where a hole is closed for the round |
//! | `2H+5..3H+5` | 1 where South has claimed a hole |
//! | `3H+5..4H+5` | 1 where North has claimed a hole |
//! | `4H+5..5H+5` | 1 where a hole is held across the middle (territory) |
//! | `5H+5..5H+7` | 1 for the side to move (South, North); both 0 once the game is over |
//!
//! Tested in `tests/learning.rs`. The view is the same for both players: the game is one of perfect
//! information, and the side to move is part of it.

use crate::rules::board::{Hole, HoleSet, Side};
use crate::rules::game::Game;
use crate::rules::position::AnyPosition;

/// How one game's positions are written: its hole count and its seeds,
/// found once rather than at every position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    holes: usize,
    seeds: f32,
    /// Whether a hole can ever be closed, claimed or held across the middle
    /// (else those slots are always 0).
    marks: bool,
}

impl Layout {
    /// The layout of `game`'s positions.
    pub fn of(game: &Game) -> Layout {
        Layout {
            holes: game.board().hole_count(),
            seeds: game.start().seeds().max(1) as f32,
            marks: game.match_rules().is_some()
                || game.has_claims()
                || !game.start().closed().is_empty()
                || !game.start().territory().is_empty(),
        }
    }

    /// How many numbers a position is written in.
    pub fn size(&self) -> usize {
        5 * self.holes + 7
    }

    /// Writes `position` (with `to_move`, `None` once over) into `out`, which
    /// has `size` slots.
    pub fn write(&self, position: &AnyPosition, to_move: Option<Side>, out: &mut [f32]) {
        assert_eq!(out.len(), self.size(), "an observation has one slot each");
        let seeds = self.seeds;
        let (counts, rest) = out.split_at_mut(self.holes);
        for (slot, &count) in counts.iter_mut().zip(position.counts()) {
            *slot = f32::from(count) / seeds;
        }
        let (totals, marks) = rest.split_at_mut(5);
        let [south, north] = position.captured();
        let [south_hand, north_hand] = position.hand();
        totals[0] = south as f32 / seeds;
        totals[1] = north as f32 / seeds;
        totals[2] = f32::from(south_hand) / seeds;
        totals[3] = f32::from(north_hand) / seeds;
        totals[4] = f32::from(position.out_of_play()) / seeds;
        let (marks, side) = marks.split_at_mut(4 * self.holes);
        if self.marks {
            self.mark(marks, position);
        } else {
            marks.fill(0.0);
        }
        side.fill(0.0);
        if let Some(side_to_move) = to_move {
            side[side_to_move.index()] = 1.0;
        }
    }
}

impl Layout {
    /// The closed, claimed and territory slots.
    fn mark(&self, marks: &mut [f32], position: &AnyPosition) {
        let [south_claimed, north_claimed] = position.claims();
        let sets = [
            position.closed(),
            south_claimed,
            north_claimed,
            position.territory(),
        ];
        for (slots, holes) in marks.chunks_exact_mut(self.holes).zip(sets) {
            mark(slots, holes);
        }
    }
}

fn mark(slots: &mut [f32], holes: HoleSet) {
    for (hole, slot) in slots.iter_mut().enumerate() {
        *slot = f32::from(u8::from(holes.contains(hole as Hole)));
    }
}
