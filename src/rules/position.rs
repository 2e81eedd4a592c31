//! A position: everything that changes during play, in a small `Copy` value.
//! Built only through a checked [`crate::rules::setup::Setup`] or by the engine,
//! so that its invariants (seed totals within a count, closed holes empty, a
//! pending strip payable) hold wherever a position is read.

use std::num::NonZeroU32;

use crate::rules::board::{Board, Hole, HoleSet, MAX_CELLS, Side};

/// A position whose seeds per cell are `C`: an array sized to hold a board's
/// cells (`Position<N>`, which play copies), or a slice (`AnyPosition`, which
/// every position of any size coerces to, and which rules read and sow).
/// The counts come last, so that only they change with the size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionOf<C: ?Sized> {
    /// Seeds each side has captured (its score, GEN-8), by `Side::index`.
    pub(crate) captured: [u32; 2],
    pub(crate) to_move: Side,
    /// The side that moved first in this game (this round of a match), which
    /// `starter()` reads; it fits in the position's padding.
    pub(crate) starter: Side,
    /// Holes closed for this round of a match: empty, skipped by sowing, not playable.
    pub(crate) closed: HoleSet,
    /// Completed turns.
    pub(crate) turn: u32,
    /// Decisions still owed inside the current turn.
    pub(crate) pending: Option<Pending>,
    /// An end check a decision has called or offered, until it is settled.
    pub(crate) called: Option<Called>,
    /// Holes claimed by each side for the rest of the game (a capture rule with
    /// `claim`), by `Side::index`; a hole is claimed by one side at most.
    pub(crate) claims: [HoleSet; 2],
    /// Seeds each side holds in hand, off the board and not captured, to be
    /// put into play by hand moves (`[hand]`), by `Side::index`.
    pub(crate) hand: [u16; 2],
    /// Seeds taken out of play (a capture with `remove`): they score for
    /// nobody, but are still counted among the game's seeds.
    pub(crate) out_of_play: u16,
    /// The last move played, kept only in games whose rules read it
    /// (`previous_lifted`, `previous_ended`, `previous_clockwise`,
    /// `previous_captured`); `None` before the first.
    pub(crate) previous: Option<PreviousMove>,
    /// Whether the last move played captured (`previous_captured()`), kept only
    /// in games whose rules read it, so that other games' positions repeat as
    /// they did; false while `previous` is `None`. It fits in the padding.
    pub(crate) previous_captured: bool,
    /// Extra turns the side to move has had in a row, kept only in games whose
    /// rules read it (`extra_turns`); 0 on a turn's first move.
    pub(crate) extra_turns: u32,
    /// Turns passed in a row (a side with no legal move, or a called pass)
    /// since the last move, kept only in games whose rules read it (`passed()`).
    pub(crate) passed: u16,
    /// Holes a move has started from this game (this round), kept only in games
    /// whose rules read it (`moved_from`).
    pub(crate) moved_from: HoleSet,
    /// Whether each side has had a turn this game (this round), by
    /// `Side::index`, kept only in games whose rules read it (`has_played`).
    pub(crate) played: [bool; 2],
    /// Holes owned for this round of a match by the side across the middle (a
    /// match whose `surplus` is `territory`): each is its row's opponent's.
    pub(crate) territory: HoleSet,
    /// Seeds per hole, indexed by `Hole`; cells past the holes stay 0 (a store's
    /// seeds are its side's score, `captured`).
    pub(crate) counts: C,
}

/// A position with room for `N` cells: play keeps a game's positions at the
/// smallest size its board fits (`CellClass`), as copying them for every
/// candidate move is much of what a move costs; `N = MAX_CELLS` fits every board.
pub type Position<const N: usize = MAX_CELLS> = PositionOf<[u16; N]>;

/// A position of any size, as rules read and change it in place.
pub type AnyPosition = PositionOf<[u16]>;

/// The position sizes play is compiled for: a game is played at the smallest
/// that holds its board's cells (`Position<N>` with `N` the class's `cells`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellClass {
    /// Boards of at most 16 cells.
    Cells16,
    /// Boards of at most 32 cells.
    Cells32,
    /// Boards of at most 64 cells.
    Cells64,
    /// Every board (`MAX_CELLS`).
    Every,
}

impl CellClass {
    /// The smallest class holding `cells` cells.
    pub fn of(cells: usize) -> CellClass {
        match cells {
            0..=16 => CellClass::Cells16,
            17..=32 => CellClass::Cells32,
            33..=64 => CellClass::Cells64,
            _ => CellClass::Every,
        }
    }

    /// Cells a position of this class has room for.
    pub fn cells(self) -> usize {
        match self {
            CellClass::Cells16 => 16,
            CellClass::Cells32 => 32,
            CellClass::Cells64 => 64,
            CellClass::Every => MAX_CELLS,
        }
    }
}

/// Runs `$body` with the const `$n` set to the cells of `$class` (a
/// `CellClass`): the one place play is instantiated for each position size.
#[macro_export]
macro_rules! with_cells {
    ($class:expr, $n:ident => $body:expr) => {
        match $class {
            $crate::rules::position::CellClass::Cells16 => {
                const $n: usize = 16;
                $body
            }
            $crate::rules::position::CellClass::Cells32 => {
                const $n: usize = 32;
                $body
            }
            $crate::rules::position::CellClass::Cells64 => {
                const $n: usize = 64;
                $body
            }
            $crate::rules::position::CellClass::Every => {
                const $n: usize = $crate::rules::board::MAX_CELLS;
                $body
            }
        }
    };
}

// A sized position reads as an `AnyPosition` wherever its methods or a function
// of any size are called (as an array reads as a slice).
impl<const N: usize> std::ops::Deref for Position<N> {
    type Target = AnyPosition;

    #[inline(always)]
    fn deref(&self) -> &AnyPosition {
        self
    }
}

impl<const N: usize> std::ops::DerefMut for Position<N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut AnyPosition {
        self
    }
}

/// The last move played: the hole its seeds were lifted from (`None`: from the
/// mover's hand), how many, the hole its sowing ended in, and whether its first
/// lap ran clockwise. Packed into four bytes, which keeps a position the size it
/// was without it (positions are copied for every candidate move): the seeds
/// lifted in the low half, the rest as one number in the high half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PreviousMove(NonZeroU32);

// The high half's largest value, (146 * 146 + 145) * 2 + 1, fits in 16 bits.
const _: () = assert!((MAX_CELLS * MAX_CELLS + MAX_CELLS - 1) * 2 < 0xFFFF);

impl PreviousMove {
    /// `from` for a move from the hand (no hole has this index).
    const HAND: u32 = MAX_CELLS as u32;
    const CELLS: u32 = MAX_CELLS as u32;

    /// The move, or `None` if it lifted nothing (no move does).
    pub fn new(
        from: Option<Hole>,
        lifted: u16,
        ended: Hole,
        clockwise: bool,
    ) -> Option<PreviousMove> {
        if lifted == 0 {
            return None;
        }
        let from = from.map_or(Self::HAND, u32::from);
        let high = (from * Self::CELLS + u32::from(ended)) * 2 + u32::from(clockwise);
        NonZeroU32::new((high << 16) | u32::from(lifted)).map(PreviousMove)
    }

    /// The same move seen from the other seat (`Board::turned_round`).
    fn turned_round(self, board: &Board) -> PreviousMove {
        let from = self.from().map(|hole| board.turned_round(hole));
        let ended = board.turned_round(self.ended());
        PreviousMove::new(from, self.lifted(), ended, self.clockwise())
            .expect("a move lifted seeds")
    }

    fn high(self) -> u32 {
        self.0.get() >> 16
    }

    /// The hole the move lifted from (`None`: from the hand).
    pub fn from(self) -> Option<Hole> {
        let from = self.high() / 2 / Self::CELLS;
        (from != Self::HAND).then_some(from as Hole)
    }

    /// Seeds it lifted.
    pub fn lifted(self) -> u16 {
        self.0.get() as u16
    }

    /// The hole (or store) its sowing ended in, after its relays.
    pub fn ended(self) -> Hole {
        (self.high() / 2 % Self::CELLS) as Hole
    }

    /// Whether the move's first lap was sown clockwise.
    pub fn clockwise(self) -> bool {
        self.high() % 2 == 1
    }
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

/// Where an end check that a decision calls or offers (`[[end]] call`,
/// `offer`) stands, by the check's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Called {
    /// Offered by the side not to move, which is to accept or refuse it.
    Offered(u8),
    /// Refused: the side that offered it, to move, decides again, this offer aside.
    Refused(u8),
    /// Called, or offered and accepted: the game ends by it, the check naming `by`.
    Ends {
        /// The end check's index.
        check: u8,
        /// The side that called or offered it.
        by: Side,
    },
}

impl AnyPosition {
    /// Turns the board half round (`[swap]`): each side takes the other's
    /// seat and all the seat had (the seeds in its holes, its score, its
    /// hand, its claims, the holes it owns across the middle); holes closed
    /// or moved from, and the last move, turn with the board. Only at a
    /// turn's start (nothing owed, nothing called).
    pub(crate) fn turn_round(&mut self, board: &Board) {
        // The half turn takes hole h to hole_count - 1 - h (`Board::turned_round`).
        let holes = board.hole_count();
        self.counts[..holes].reverse();
        let turned = |set: HoleSet| {
            set.iter().fold(HoleSet::default(), |mut turned, hole| {
                turned.insert(board.turned_round(hole));
                turned
            })
        };
        self.captured.swap(0, 1);
        self.hand.swap(0, 1);
        self.claims = [turned(self.claims[1]), turned(self.claims[0])];
        self.closed = turned(self.closed);
        self.territory = turned(self.territory);
        self.moved_from = turned(self.moved_from);
        self.previous = self.previous.map(|previous| previous.turned_round(board));
    }

    /// Seeds per cell, indexed by `Hole` (a store's cell is always 0).
    pub fn counts(&self) -> &[u16] {
        &self.counts
    }

    /// Seeds in one hole.
    pub fn count(&self, hole: crate::rules::board::Hole) -> u16 {
        self.counts[hole as usize]
    }

    /// Seeds in a cell as `count(h)` reads it: a store's are its side's score.
    #[inline(always)]
    pub fn count_at(&self, board: &Board, cell: Hole) -> u32 {
        match board.is_store(cell) {
            true => self.captured[board.owner(cell).index()],
            false => u32::from(self.counts[cell as usize]),
        }
    }

    /// Seeds each side has captured, by `Side::index`.
    pub fn captured(&self) -> [u32; 2] {
        self.captured
    }

    /// The side whose turn it is (the game may be over: see `GameState::to_move`).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The side that moved first in this game (this round of a match).
    pub fn starter(&self) -> Side {
        self.starter
    }

    /// Holes closed for this round of a match.
    pub fn closed(&self) -> HoleSet {
        self.closed
    }

    /// Completed turns.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Decisions owed inside the current turn.
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The end check a decision has called or offered, until it is settled.
    pub fn called(&self) -> Option<Called> {
        self.called
    }

    /// Holes each side has claimed, by `Side::index`.
    pub fn claims(&self) -> [HoleSet; 2] {
        self.claims
    }

    /// Seeds each side holds in hand, by `Side::index`.
    pub fn hand(&self) -> [u16; 2] {
        self.hand
    }

    /// Seeds taken out of play (captures with `remove`).
    pub fn out_of_play(&self) -> u16 {
        self.out_of_play
    }

    /// The last move played, in games whose rules read it.
    pub fn previous(&self) -> Option<PreviousMove> {
        self.previous
    }

    /// Whether the last move played captured, in games that read it.
    pub fn previous_captured(&self) -> bool {
        self.previous_captured
    }

    /// Holes owned for this round by the side across the middle (territory).
    pub fn territory(&self) -> HoleSet {
        self.territory
    }

    /// Who owns `hole` now: its row's side, or the other for a hole held across
    /// the middle.
    #[inline(always)]
    pub fn owner(&self, board: &Board, hole: Hole) -> Side {
        let row = board.owner(hole);
        match self.territory.contains(hole) {
            true => row.other(),
            false => row,
        }
    }

    /// The holes `side` owns now.
    #[inline(always)]
    pub fn holes(&self, board: &Board, side: Side) -> HoleSet {
        match self.territory.is_empty() {
            true => board.side_holes(side),
            false => self.holes_across(board, side),
        }
    }

    /// `holes` where some have changed hands (territory matches only).
    #[cold]
    #[inline(never)]
    fn holes_across(&self, board: &Board, side: Side) -> HoleSet {
        let across = board.side_holes(side.other()).both(self.territory);
        board.side_holes(side).without_with(self.territory, across)
    }

    /// Holes a move has started from, in games whose rules read it.
    pub fn moved_from(&self) -> HoleSet {
        self.moved_from
    }

    /// Extra turns the side to move has had in a row, in games whose rules read it.
    pub fn extra_turns(&self) -> u32 {
        self.extra_turns
    }

    /// Turns passed in a row since the last move (games whose rules read it).
    pub fn passed(&self) -> u16 {
        self.passed
    }

    /// The sides that have had a turn, South first (games whose rules read
    /// it).
    pub fn played(&self) -> impl Iterator<Item = Side> + use<'_> {
        Side::BOTH
            .into_iter()
            .filter(|side| self.played[side.index()])
    }

    /// The same position with room for `M` cells, or `None` if some of its
    /// seeds lie past them.
    pub fn resized<const M: usize>(&self) -> Option<Position<M>> {
        let cells = self.counts.len().min(M);
        if self.counts[cells..].iter().any(|&c| c != 0) {
            return None;
        }
        let mut counts = [0; M];
        counts[..cells].copy_from_slice(&self.counts[..cells]);
        Some(PositionOf {
            captured: self.captured,
            to_move: self.to_move,
            starter: self.starter,
            closed: self.closed,
            turn: self.turn,
            pending: self.pending,
            called: self.called,
            claims: self.claims,
            hand: self.hand,
            out_of_play: self.out_of_play,
            previous: self.previous,
            previous_captured: self.previous_captured,
            extra_turns: self.extra_turns,
            passed: self.passed,
            played: self.played,
            moved_from: self.moved_from,
            territory: self.territory,
            counts,
        })
    }

    /// The same position with room for every board's cells.
    pub fn widened(&self) -> Position {
        self.resized().expect("every board fits MAX_CELLS cells")
    }

    /// Whether two positions are the same for repetition (GEN-10): board,
    /// scores and side to move (and closed holes, which only a new round changes;
    /// claims, hands, and the previous move, extra turns, holes moved from and
    /// the sides that have played where the rules read them).
    #[inline]
    pub fn repeats(&self, earlier: &AnyPosition) -> bool {
        self.counts == earlier.counts
            && self.captured == earlier.captured
            && self.to_move == earlier.to_move
            && self.previous == earlier.previous
            && self.previous_captured == earlier.previous_captured
            && self.extra_turns == earlier.extra_turns
            && self.passed == earlier.passed
            && self.played == earlier.played
            && self.moved_from == earlier.moved_from
            && self.territory == earlier.territory
            && self.closed == earlier.closed
            && self.claims == earlier.claims
            && self.hand == earlier.hand
            && self.out_of_play == earlier.out_of_play
    }

    /// A hash of the seeds on the board's `cells` (those past it are always 0)
    /// and the side to move: positions that `repeats` are equal by it, so
    /// repetition compares whole positions only where fingerprints agree.
    #[inline]
    pub fn fingerprint(&self, cells: usize) -> u64 {
        let mut hash = self.to_move as u64;
        for &count in &self.counts[..cells] {
            hash = (hash.rotate_left(7) ^ u64::from(count)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        hash
    }

    /// Seeds in the holes (stores are scores, `captured`).
    pub fn seeds_on_board(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }

    /// Seeds held in hand by both sides.
    pub fn seeds_in_hand(&self) -> u32 {
        self.hand.iter().map(|&h| u32::from(h)).sum()
    }

    /// Every seed of the game: on the board, in hand, captured and out of play
    /// (the same after every move).
    pub fn seeds(&self) -> u32 {
        self.seeds_on_board()
            + self.seeds_in_hand()
            + self.captured[0]
            + self.captured[1]
            + u32::from(self.out_of_play)
    }
}

impl Position {
    /// A position with no seeds anywhere, `to_move` to move and to have started.
    pub(crate) fn empty(to_move: Side) -> Position {
        PositionOf {
            captured: [0; 2],
            to_move,
            starter: to_move,
            closed: HoleSet::default(),
            turn: 0,
            pending: None,
            called: None,
            claims: [HoleSet::default(); 2],
            hand: [0; 2],
            out_of_play: 0,
            previous: None,
            previous_captured: false,
            extra_turns: 0,
            passed: 0,
            played: [false; 2],
            moved_from: HoleSet::default(),
            territory: HoleSet::default(),
            counts: [0; MAX_CELLS],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_previous_move_keeps_every_part_at_the_extremes() {
        let last = (MAX_CELLS - 1) as Hole;
        for from in [None, Some(0), Some(last)] {
            for ended in [0, last] {
                for lifted in [1, u16::MAX] {
                    for clockwise in [false, true] {
                        let m = PreviousMove::new(from, lifted, ended, clockwise).unwrap();
                        assert_eq!(
                            (m.from(), m.lifted(), m.ended(), m.clockwise()),
                            (from, lifted, ended, clockwise)
                        );
                    }
                }
            }
        }
        assert_eq!(PreviousMove::new(Some(0), 0, 0, true), None);
    }
}
