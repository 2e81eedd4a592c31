//! Exact values of positions with few seeds left on the board, each kept at
//! the place its arrangement ranks: no key, no collision, never replaced. This
//! is what endgame databases are to the published solvers of sowing games,
//! filled as the search meets positions rather than all in advance.
//!
//! It serves solves valued by margin where no capture gives seeds back
//! (`Search::bounded`): a position's value is then the margin still to be won,
//! which the seeds on the board bound, so that one byte holds it. A position
//! has a place when it holds at most `most_seeds` seeds on the board and its
//! other parts (hands, claims, ...) are those of the position the solve
//! started from; only its counts and side to move then tell it apart.

use std::sync::atomic::{AtomicU8, Ordering};

use super::zeroed::Zeroed;
use crate::rules::board::Side;

/// The most seeds a position kept may hold: its value, within as many seeds
/// either way, fits a byte beside the two marks.
const MOST_SEEDS: u32 = 126;

/// The most arrangements of seeds the table has places for (two bytes each:
/// 256 MiB).
const MOST_ARRANGEMENTS: u128 = 1 << 27;

/// How far up the game the table reaches. Each value is found from every
/// decision's exact value, with no cut-off, so that a table reaching further
/// up costs more than it saves in a small search and less in a large one,
/// which starts from more seeds. Measured (docs/solved.md): a third of the
/// seeds suits searches from 36 to 40 seeds; from 50, a table of up to 21
/// seeds took two thirds of the time one of 15 did. So a table
/// holds positions of up to a third of the game's seeds, or of all but
/// `SEEDS_ABOVE`, whichever is more.
const SEEDS_ABOVE: u32 = 29;

/// What the table knows of a position.
pub(super) enum Known {
    /// The margin still to be won by the side to move, under perfect play.
    Value(i64),
    /// Its value is being found: the position is on a line being searched
    /// (by this thread or another).
    OnLine,
    /// Not met yet.
    Unknown,
}

/// Zero, as the table starts.
const UNKNOWN: u8 = 0;
const ON_LINE: u8 = 1;
/// A value `v` is kept as `v + VALUE_ZERO`, clear of the two marks.
const VALUE_ZERO: i64 = 128;

/// Which positions the table has places for: how many seeds, in how many
/// holes, and how the places are ranked.
pub(super) struct Shape {
    holes: usize,
    most_seeds: u32,
    /// The largest value a position with a place can have: its seeds on the
    /// board and in hand.
    most_value: u32,
    /// `ways[m][r]`: the arrangements of at most `r` seeds in `m` holes,
    /// C(r + m, m), flattened with rows of `most_seeds + 1`.
    ways: Vec<u64>,
}

impl Shape {
    /// The places for positions of `holes` holes with as many of the game's
    /// `seeds` as `SEEDS_ABOVE` says, `MOST_ARRANGEMENTS` and what fits in
    /// `bytes`, sharing the rest of the start, which holds `in_hand` seeds;
    /// none if not even one seed fits.
    pub(super) fn within(
        bytes: usize,
        holes: usize,
        (seeds, in_hand): (u32, u32),
    ) -> Option<Shape> {
        let most_places = MOST_ARRANGEMENTS.min(bytes as u128 / 2);
        let arrangements = |most: u32| {
            // C(most + holes, holes), stopped once past the places allowed.
            (1..=holes as u128).try_fold(1u128, |ways, m| {
                let next = ways * (u128::from(most) + m) / m;
                (next <= most_places).then_some(next)
            })
        };
        // A value lies within the seeds on the board and in hand.
        let seeds = seeds + in_hand;
        let most_seeds = (seeds / 3).max(seeds.saturating_sub(SEEDS_ABOVE));
        let most_seeds = (1..=most_seeds.min(MOST_SEEDS.saturating_sub(in_hand)))
            .take_while(|&most| arrangements(most).is_some())
            .last()?;
        Some(Shape::of(holes, most_seeds, in_hand))
    }

    /// The places for every position of `holes` holes with at most
    /// `most_seeds` seeds on the board, if their values fit a byte (with the
    /// start's `in_hand` seeds) and their places the address space.
    pub(super) fn exactly(holes: usize, most_seeds: u32, in_hand: u32) -> Option<Shape> {
        let fits = most_seeds.saturating_add(in_hand) <= MOST_SEEDS;
        let shape = fits.then(|| Shape::of(holes, most_seeds, in_hand))?;
        let width = most_seeds as usize + 1;
        let arrangements = shape.ways[holes * width + most_seeds as usize];
        (arrangements < u64::MAX / 2 && usize::try_from(2 * arrangements).is_ok()).then_some(shape)
    }

    fn of(holes: usize, most_seeds: u32, in_hand: u32) -> Shape {
        let width = most_seeds as usize + 1;
        let mut ways = vec![1u64; (holes + 1) * width];
        for m in 1..=holes {
            for r in 1..width {
                // Saturating: `exactly` refuses a shape whose count saturates.
                ways[m * width + r] =
                    ways[(m - 1) * width + r].saturating_add(ways[m * width + r - 1]);
            }
        }
        Shape {
            holes,
            most_seeds,
            most_value: most_seeds + in_hand,
            ways,
        }
    }

    /// Bytes the table takes: one a place, two an arrangement.
    pub(super) fn bytes(&self) -> usize {
        let width = self.most_seeds as usize + 1;
        2 * self.ways[self.holes * width + self.most_seeds as usize] as usize
    }

    /// The most seeds on the board of a position with a place.
    pub(super) fn most_seeds(&self) -> u32 {
        self.most_seeds
    }
}

/// The table: a byte a place, in zeroed memory shared by a solve's threads.
pub(super) struct Endgame<'m> {
    shape: &'m Shape,
    values: &'m [AtomicU8],
}

impl<'m> Endgame<'m> {
    /// The table of `shape`'s places in `memory`, of `shape.bytes()`.
    pub(super) fn new(shape: &'m Shape, memory: &'m mut Zeroed) -> Endgame<'m> {
        Endgame {
            shape,
            values: memory.words::<AtomicU8>(),
        }
    }

    /// The place of the position of these hole `counts` with `to_move` to
    /// play, if it has one: at most `most_seeds` seeds, and the rest of the
    /// start (which `rests_as_start` tells).
    /// Its rank counts the arrangements before it, holes taken in order, a
    /// last one holding the seeds short of `most_seeds`.
    pub(super) fn place(
        &self,
        counts: &[u16],
        to_move: Side,
        rests_as_start: impl FnOnce() -> bool,
    ) -> Option<usize> {
        let Shape {
            holes,
            most_seeds,
            ref ways,
            ..
        } = *self.shape;
        let width = most_seeds as usize + 1;
        let mut left = most_seeds as usize;
        let mut rank = 0;
        for (i, &count) in counts[..holes].iter().enumerate() {
            let count = usize::from(count);
            let row = (holes - i) * width;
            rank += ways[row + left] - ways[row + left.checked_sub(count)?];
            left -= count;
        }
        rests_as_start().then_some(2 * rank as usize + to_move.index())
    }

    #[inline]
    pub(super) fn get(&self, place: usize) -> Known {
        match self.values[place].load(Ordering::Relaxed) {
            UNKNOWN => Known::Unknown,
            ON_LINE => Known::OnLine,
            byte => Known::Value(i64::from(byte) - VALUE_ZERO),
        }
    }

    /// Marks a position not met yet as on a line (its value being found);
    /// false where it was met meanwhile (another thread is finding its value,
    /// or has found it).
    pub(super) fn enter(&self, place: usize) -> bool {
        self.values[place]
            .compare_exchange(UNKNOWN, ON_LINE, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }

    /// Forgets a position `enter`ed and left unsolved (a search stopped
    /// below it), unless another thread has found its value meanwhile.
    pub(super) fn leave(&self, place: usize) {
        let _ = self.values[place].compare_exchange(
            ON_LINE,
            UNKNOWN,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// Whether every place holds nothing or a value within the most seeds a
    /// position with a place holds (as a table read from a file must).
    pub(super) fn all_values_valid(&self) -> bool {
        let most = i64::from(self.shape.most_value);
        self.values
            .iter()
            .all(|value| match value.load(Ordering::Relaxed) {
                UNKNOWN => true,
                ON_LINE => false,
                byte => (i64::from(byte) - VALUE_ZERO).abs() <= most,
            })
    }

    /// Keeps the margin still to be won from the position, which lies within
    /// its seeds on the board and in hand.
    pub(super) fn put(&self, place: usize, value: i64) {
        debug_assert!(value.abs() <= i64::from(self.shape.most_value));
        self.values[place].store((value + VALUE_ZERO) as u8, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of at most the table's seeds has a place of its own
    /// for each side to move, and the places fill the table.
    #[test]
    fn places_are_one_to_one() {
        let shape = Shape::within(1 << 20, 3, (12, 0)).expect("a table");
        assert_eq!(shape.most_seeds, 4);
        let mut memory = Zeroed::new(shape.bytes()).expect("memory");
        let table = Endgame::new(&shape, &mut memory);
        let mut seen = vec![false; table.values.len()];
        for a in 0..=4u16 {
            for b in 0..=4 - a {
                for c in 0..=4 - a - b {
                    for side in [Side::South, Side::North] {
                        let place = table.place(&[a, b, c, 9], side, || true).expect("a place");
                        assert!(!std::mem::replace(&mut seen[place], true));
                    }
                }
            }
        }
        assert!(seen.iter().all(|&seen| seen));
        assert_eq!(table.place(&[2, 2, 1], Side::South, || true), None);
        assert_eq!(table.place(&[2, 2, 0], Side::South, || false), None);
    }
}
