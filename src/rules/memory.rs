//! What a position remembers beyond its seeds, scores and side to move. Each
//! item costs time at every move, so the engine keeps it only for games whose
//! expressions read it; the expression checker records which ones those are
//! (each builtin and binding declares what it reads).

/// One thing a position or a move in progress can remember.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// The whole position as the move began (`before(...)`).
    StartOfMove,
    /// The last move played: where it started and ended, what it lifted,
    /// which way it ran (`previous_lifted`, `previous_ended`, `previous_clockwise`).
    PreviousMove,
    /// Whether the last move played captured (`previous_captured()`).
    PreviousCapture,
    /// Seeds in each hole as each lap began (`lap_board`).
    LapBoard,
    /// Extra turns the side to move has had in a row (`extra_turns`).
    ExtraTurns,
    /// Turns passed in a row, by either side, since the last move (`passed()`).
    Passes,
    /// The side that moved first (`starter()`), which JSON and position files then state.
    Starter,
    /// The holes some move has started from (`moved_from`).
    MovedFrom,
    /// The turns completed (`turn`). Always kept, for the turn limit (GEN-11);
    /// noted so that positions reached at different turns are told apart only
    /// where some rule reads it (the solver's table).
    Turns,
    /// Whether each side has had a turn this game (`has_played(side)`).
    Played,
    /// A side's score as play goes on: a rule reads `captured(side)` or a
    /// store's count, or a move may lift or take a store's seeds
    /// (`ir::scores`). Always kept; noted so that the solver knows whether the
    /// rest of a game depends on the scores so far.
    Scores,
}

/// A set of [`Memory`] items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Memories(u16);

impl Memories {
    /// The empty set.
    pub const NONE: Memories = Memories(0);

    /// Whether `item` is in the set.
    pub fn contains(self, item: Memory) -> bool {
        self.0 & Self::bit(item) != 0
    }

    /// Adds `item`.
    pub fn insert(&mut self, item: Memory) {
        self.0 |= Self::bit(item);
    }

    /// Adds every one of `items`.
    pub fn extend(&mut self, items: impl IntoIterator<Item = Memory>) {
        for item in items {
            self.insert(item);
        }
    }

    /// Adds every item of `other`.
    pub fn extend_from(&mut self, other: Memories) {
        self.0 |= other.0;
    }

    const fn bit(item: Memory) -> u16 {
        1 << item as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_kept_apart() {
        let mut set = Memories::NONE;
        set.extend([Memory::PreviousMove, Memory::MovedFrom]);
        assert!(set.contains(Memory::PreviousMove) && set.contains(Memory::MovedFrom));
        assert!(!set.contains(Memory::PreviousCapture) && !set.contains(Memory::StartOfMove));
    }
}
