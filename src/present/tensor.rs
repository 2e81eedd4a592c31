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
//! | `5H+7..6H+7` | 1 where a move has started this game or round (where a rule reads `moved_from`) |
//! | `6H+7..7H+7` | 1 at the hole the previous move lifted from (where a rule reads the previous move) |
//! | `7H+7..8H+7` | 1 at the hole the previous move ended in (the same) |
//! | `8H+7` | 1 if the previous move was sown clockwise (the same) |
//! | `8H+8` | seeds the previous move lifted, over `S` (the same) |
//! | `8H+9` | 1 if the previous move captured (where a rule reads it) |
//! | `8H+10..8H+12` | 1 for the side that started the game or round (South, North), where a rule reads it |
//! | `8H+12` | completed turns, over the turn limit, where a rule reads them |
//! | `8H+13` | seeds still to remove in a strip owed this turn, over `S` |
//! | `8H+14` | 1 while an offer to end the game waits for an answer |
//! | `8H+15` | 1 when an offer was refused this turn (the offerer decides again) |
//! | `8H+16` | extra turns the side to move has had in a row, over the turn limit |
//! | `8H+17` | turns passed in a row, over the turn limit |
//!
//! Every part of a position that a rule can read is in the vector, so that
//! positions that play alike, and only those, are written alike (a part no
//! rule of the game reads is 0 throughout).
//! Tested in `tests/learning.rs`. The view is the same for both players: the game is one of perfect
//! information, and the side to move is part of it.

use crate::rules::board::{Hole, HoleSet, Side};
use crate::rules::game::Game;
use crate::rules::memory::Memory;
use crate::rules::position::{AnyPosition, Called};

/// How one game's positions are written: its hole count and its seeds,
/// found once rather than at every position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    holes: usize,
    seeds: f32,
    /// Whether a hole can ever be closed, claimed or held across the middle
    /// (else those slots are always 0).
    marks: bool,
    /// The turn limit, which turns, extra turns and passes are written over.
    turns: f32,
    /// Whether some rule reads where moves started, the previous move, the
    /// round's starter or the turns played (else those slots are always 0).
    moved_from: bool,
    previous: bool,
    starter: bool,
    turn: bool,
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
            turns: game.limits().turns.max(1) as f32,
            moved_from: game.remembers(Memory::MovedFrom),
            previous: game.remembers(Memory::PreviousMove),
            starter: game.remembers(Memory::Starter),
            turn: game.remembers(Memory::Turns),
        }
    }

    /// How many numbers a position is written in.
    pub fn size(&self) -> usize {
        8 * self.holes + 18
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
        let (marks, rest) = marks.split_at_mut(4 * self.holes);
        if self.marks {
            self.mark(marks, position);
        } else {
            marks.fill(0.0);
        }
        let (side, memory) = rest.split_at_mut(2);
        side.fill(0.0);
        if let Some(side_to_move) = to_move {
            side[side_to_move.index()] = 1.0;
        }
        self.remembered(memory, position);
    }
}

impl Layout {
    /// The slots of what a position remembers beyond its seeds and marks.
    fn remembered(&self, out: &mut [f32], position: &AnyPosition) {
        out.fill(0.0);
        let (planes, flags) = out.split_at_mut(3 * self.holes);
        let (moved_from, previous) = planes.split_at_mut(self.holes);
        let (started, ended) = previous.split_at_mut(self.holes);
        if self.moved_from {
            mark(moved_from, position.moved_from());
        }
        if let Some(previous) = position.previous().filter(|_| self.previous) {
            // A store (past the holes) is in no slot.
            let from = previous
                .from()
                .and_then(|from| started.get_mut(usize::from(from)));
            for slot in from
                .into_iter()
                .chain(ended.get_mut(usize::from(previous.ended())))
            {
                *slot = 1.0;
            }
            flags[0] = one_if(previous.clockwise());
            flags[1] = f32::from(previous.lifted()) / self.seeds;
        }
        flags[2] = one_if(position.previous_captured());
        if self.starter {
            flags[3 + position.starter().index()] = 1.0;
        }
        if self.turn {
            flags[5] = position.turn() as f32 / self.turns;
        }
        let owed = position.pending().map_or(0, |pending| pending.remaining);
        flags[6] = f32::from(owed) / self.seeds;
        let called = position.called();
        flags[7] = one_if(matches!(called, Some(Called::Offered(_))));
        flags[8] = one_if(matches!(called, Some(Called::Refused(_))));
        flags[9] = position.extra_turns() as f32 / self.turns;
        flags[10] = f32::from(position.passed()) / self.turns;
    }

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
        *slot = one_if(holes.contains(hole as Hole));
    }
}

fn one_if(holds: bool) -> f32 {
    f32::from(u8::from(holds))
}
