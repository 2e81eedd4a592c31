//! The solver's transposition table: a fixed array of entries, sized once from
//! the memory a solve may use. Its memory holds by construction. A key picks a
//! bucket of two slots: the first keeps the position whose search examined the
//! most positions (the costliest to find again), the second the latest.

use std::hash::{Hash, Hasher};

use super::zeroed::Zeroed;
use crate::agents::search::WordHasher;

/// The fewest slots a table has.
pub(super) const MIN_SLOTS: usize = 1024;

/// Bytes one entry takes.
pub(super) const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

/// What a value stored is to the search that finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search stopped at a refutation).
    Lower,
    /// At most the value (no decision reached the window).
    Upper,
}

/// A position's entry: its value and the best decision found there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) value: i64,
    pub(super) bound: Bound,
    pub(super) best: u16,
}

/// A slot: the position's key (0: empty; a key of 0 is kept as 1), then its
/// value (32 bits), best decision (16), bound (8) and the log2 of the
/// positions its search examined (8) in one word. Plain words,
/// so that a table of any size starts as zeroed memory the system gives lazily.
type Slot = [u64; 2];

/// The table: a power of two of slots.
pub(super) struct Table {
    slots: Zeroed<Slot>,
    /// The slots less one.
    mask: usize,
}

impl Table {
    /// A table of as many slots as `bytes` holds (a power of two), or none if
    /// it holds fewer than `MIN_SLOTS` or the system cannot give that much.
    pub(super) fn within(bytes: usize) -> Option<Table> {
        let fit = bytes / ENTRY_BYTES;
        if fit < MIN_SLOTS {
            return None;
        }
        let slots = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Some(Table {
            slots: Zeroed::new(slots)?,
            mask: slots - 1,
        })
    }

    /// The first slot of the key's bucket.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.mask - 1)
    }

    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let key = key.max(1);
        let bucket = self.bucket(key);
        let slots = self.slots.words();
        let [stored, packed] = match slots[bucket] {
            slot if slot[0] == key => slot,
            _ => slots[bucket + 1],
        };
        (stored == key).then(|| Entry {
            value: i64::from(packed as u32 as i32),
            best: (packed >> 32) as u16,
            bound: match (packed >> 48) as u8 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Keeps a position's value; `examined`: the positions its search examined.
    pub(super) fn put(&mut self, key: u64, value: i64, bound: Bound, best: usize, examined: u64) {
        let key = key.max(1);
        let size = u64::from(63 - examined.max(1).leading_zeros());
        let bucket = self.bucket(key);
        let slots = self.slots.words_mut();
        let first = slots[bucket];
        let index = match first[0] == key || size >= first[1] >> 56 {
            true => bucket,
            false => bucket + 1,
        };
        // Values are a verdict step (2^20) and a margin: they fit 32 bits.
        let value = u64::from(value as i32 as u32);
        let best = best.min(usize::from(u16::MAX)) as u64;
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        slots[index] = [key, value | best << 32 | bound << 48 | size << 56];
    }
}

/// A 64-bit key of a position's first `cells` counts and of `rest` (every
/// other part the key holds), mixed eight bytes at a time, then finalised
/// (splitmix64's finaliser) so that every bit of the key depends on each word.
pub(super) fn key(counts: &[u16], rest: &impl Hash) -> u64 {
    let mut hasher = WordHasher::default();
    for chunk in counts.chunks(4) {
        let word = chunk.iter().enumerate().fold(0u64, |word, (i, &count)| {
            word | u64::from(count) << (16 * i)
        });
        hasher.write_u64(word);
    }
    rest.hash(&mut hasher);
    let mut z = hasher.finish();
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
