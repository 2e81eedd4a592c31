//! The keys of the solver's tables: a position's counts and side to move, and
//! the rest of it that a value depends on.

use super::{Valuing, table};
use crate::rules::board::{HoleSet, Side};
use crate::rules::game::Game;
use crate::rules::memory::Memory;
use crate::rules::position::{Called, Pending, Position, PositionOf, PreviousMove};

/// What a position's key holds.
pub(super) struct Keys {
    /// Cells of the board (a position's counts past them are 0).
    cells: usize,
    /// How positions are valued: by margin, the scores are left out.
    valuing: Valuing,
    /// Whether positions reached at different turns may share a value: no rule
    /// reads the turns played.
    turn_free: bool,
    /// The rest of the start, and its key: most positions of a solve share
    /// it, which is compared rather than hashed again.
    start: (Rest, u64),
}

/// Every part of a position in the table's key but its counts and side to
/// move, as the key holds it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Rest {
    captured: [u32; 2],
    starter: Side,
    turn: u32,
    pending: Option<Pending>,
    called: Option<Called>,
    hand: [u16; 2],
    out_of_play: u16,
    previous: Option<PreviousMove>,
    previous_captured: bool,
    extra_turns: u32,
    passed: u16,
    played: [bool; 2],
    sets: [HoleSet; 5],
}

impl Keys {
    /// The keys of a solve of `game` from `start`, valued as `valuing` says.
    pub(super) fn new<const N: usize>(game: &Game, valuing: Valuing, start: &Position<N>) -> Keys {
        let turn_free = !game.remembers(Memory::Turns);
        let rest = Rest::of(start, valuing, turn_free);
        Keys {
            cells: game.board.cell_count(),
            valuing,
            turn_free,
            start: (rest, table::key(&[], &rest)),
        }
    }

    /// The key of the start's rest: every part of it but its counts and side
    /// to move.
    pub(super) fn start_key(&self) -> u64 {
        self.start.1
    }

    /// The table's key of a position: all of it but, where no rule reads
    /// them, the turns played and (valuing by margin) the scores.
    #[inline]
    pub(super) fn key<const N: usize>(&self, position: &Position<N>) -> u64 {
        let rest = (position.to_move, self.rest_key(position));
        table::key(&position.counts[..self.cells], &rest)
    }

    /// The key of every part of a position in the table's key but its counts
    /// and side to move.
    #[inline]
    pub(super) fn rest_key<const N: usize>(&self, position: &Position<N>) -> u64 {
        match Rest::of(position, self.valuing, self.turn_free) {
            rest if rest == self.start.0 => self.start.1,
            rest => table::key(&[], &rest),
        }
    }

    /// Whether a position is the start's but for its counts and side to move.
    #[inline]
    pub(super) fn rests_as_start<const N: usize>(&self, position: &Position<N>) -> bool {
        Rest::of(position, self.valuing, self.turn_free) == self.start.0
    }
}

impl Rest {
    /// The rest of `position`, valued as `valuing` says: the scores left out
    /// where by margin, and the turns where no rule reads them (`turn_free`).
    /// Every part is named, so that a part added to positions is not left out.
    #[inline]
    fn of<const N: usize>(position: &Position<N>, valuing: Valuing, turn_free: bool) -> Rest {
        let &PositionOf {
            captured,
            to_move: _,
            starter,
            closed,
            turn,
            pending,
            called,
            claims,
            hand,
            out_of_play,
            previous,
            previous_captured,
            extra_turns,
            passed,
            played,
            moved_from,
            territory,
            counts: _,
        } = position;
        Rest {
            captured: match valuing {
                Valuing::Margin => [0; 2],
                Valuing::Outcome => captured,
            },
            starter,
            turn: if turn_free { 0 } else { turn },
            pending,
            called,
            hand,
            out_of_play,
            previous,
            previous_captured,
            extra_turns,
            passed,
            played,
            sets: [closed, claims[0], claims[1], moved_from, territory],
        }
    }
}
