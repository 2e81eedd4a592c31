//! The solver's transposition table: a fixed array of entries, sized once from
//! the memory a solve may use, each position's value kept in the slot its key
//! picks (a newer position takes the slot). Its memory holds by construction.

use std::hash::{Hash, Hasher};

use crate::agents::search::WordHasher;

/// Bytes one entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

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
/// value (32 bits), best decision (16) and bound (8) in one word. Plain words,
/// so that a table of any size starts as zeroed memory the system gives lazily.
type Slot = [u64; 2];

/// The table: a power of two of slots.
pub(super) struct Table {
    slots: Vec<Slot>,
}

impl Table {
    /// A table of as many slots as `bytes` holds (a power of two), or none if
    /// it holds fewer than a thousand.
    pub(super) fn within(bytes: usize) -> Option<Table> {
        let fit = bytes / ENTRY_BYTES;
        if fit < 1024 {
            return None;
        }
        let slots = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Some(Table {
            slots: vec![[0; 2]; slots],
        })
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let key = key.max(1);
        let [stored, packed] = self.slots[self.index(key)];
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

    pub(super) fn put(&mut self, key: u64, value: i64, bound: Bound, best: usize) {
        let key = key.max(1);
        let index = self.index(key);
        // Values are a verdict step (2^20) and a margin: they fit 32 bits.
        let value = u64::from(value as i32 as u32);
        let best = best.min(usize::from(u16::MAX)) as u64;
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        self.slots[index] = [key, value | best << 32 | bound << 48];
    }
}

/// A 64-bit key of anything hashable: the search's word hasher, then mixed
/// (splitmix64's finaliser) so that every bit of the key depends on every word.
pub(super) fn hash(value: &impl Hash) -> u64 {
    let mut hasher = WordHasher::default();
    value.hash(&mut hasher);
    let mut z = hasher.finish();
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
