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

/// What a search found of a position's value, as the table keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search stopped at a refutation).
    Lower,
    /// At most the value (no decision reached the window).
    Upper,
}

/// A position's entry: the bounds its value is known to lie within (`None`:
/// unbounded that way), and the best decision found there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) lower: Option<i64>,
    pub(super) upper: Option<i64>,
    pub(super) best: u16,
}

impl Entry {
    /// What `found` learned, together with what `known` of the same position
    /// held (MTD(f) proves a lower bound in one pass, an upper in another).
    /// Bounds that cross (a value that depends on the line, met again along
    /// another) are not joined: the new one stands alone.
    fn joined(found: Entry, known: Option<Entry>) -> Entry {
        let Some(known) = known else { return found };
        let lower = found.lower.max(known.lower);
        let upper = match (found.upper, known.upper) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        if matches!((lower, upper), (Some(l), Some(u)) if l > u) {
            return found;
        }
        // A search that fell short of its window ranks its decisions poorly:
        // the best found before stays.
        let best = match found.lower {
            None => known.best,
            Some(_) => found.best,
        };
        Entry { lower, upper, best }
    }
}

/// A slot: the position's key (0: empty; a key of 0 is kept as 1), then in
/// one word its bounds (23 bits each, the least and most values meaning
/// unbounded), the best decision (12 bits) and the log2 of the positions its
/// search examined (6). Plain words, so that a table of any size starts as
/// zeroed memory the system gives lazily.
type Slot = [u64; 2];

const VALUE_BITS: u32 = 23;
/// The stored lower bound meaning none, and the least value kept otherwise.
const NO_LOWER: i64 = -(1 << (VALUE_BITS - 1));
/// The stored upper bound meaning none, and the most value kept otherwise.
const NO_UPPER: i64 = (1 << (VALUE_BITS - 1)) - 1;
const BEST_BITS: u32 = 12;

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
        (stored == key).then(|| unpacked(packed))
    }

    /// Keeps what a search found of a position's value: `value`, a `bound`
    /// of it, joined with what the table held of it. `examined`: the
    /// positions the search examined.
    pub(super) fn put(&mut self, key: u64, value: i64, bound: Bound, best: usize, examined: u64) {
        let found = Entry {
            lower: (bound != Bound::Upper).then_some(value),
            upper: (bound != Bound::Lower).then_some(value),
            best: best.min((1 << BEST_BITS) - 1) as u16,
        };
        let key = key.max(1);
        let size = u64::from(63 - examined.max(1).leading_zeros());
        let bucket = self.bucket(key);
        let slots = self.slots.words_mut();
        let [first, second] = [slots[bucket], slots[bucket + 1]];
        let known = [first, second]
            .into_iter()
            .find(|slot| slot[0] == key)
            .map(|slot| unpacked(slot[1]));
        let slot = [key, packed(Entry::joined(found, known), size)];
        if first[0] == key || size >= first[1] >> 58 {
            slots[bucket] = slot;
            // The entry it displaces takes the second slot, where the key's
            // older entry would otherwise linger.
            if first[0] != key && second[0] == key {
                slots[bucket + 1] = first;
            }
        } else {
            slots[bucket + 1] = slot;
        }
    }
}

/// An entry and its search's size in one word. A bound beyond what 23 bits
/// hold is widened (a lower one lowered, an upper one raised), which keeps it
/// true.
fn packed(entry: Entry, size: u64) -> u64 {
    let lower = entry
        .lower
        .map_or(NO_LOWER, |v| v.clamp(NO_LOWER, NO_UPPER));
    let upper = entry
        .upper
        .map_or(NO_UPPER, |v| v.clamp(NO_LOWER, NO_UPPER));
    let field = |v: i64| (v as u64) & ((1 << VALUE_BITS) - 1);
    field(lower)
        | field(upper) << VALUE_BITS
        | u64::from(entry.best) << (2 * VALUE_BITS)
        | size << (2 * VALUE_BITS + BEST_BITS)
}

fn unpacked(packed: u64) -> Entry {
    // Each field shifted to the word's top, then back with its sign.
    let field = |shift: u32| ((packed << (64 - VALUE_BITS - shift)) as i64) >> (64 - VALUE_BITS);
    let (lower, upper) = (field(0), field(VALUE_BITS));
    Entry {
        lower: (lower != NO_LOWER).then_some(lower),
        upper: (upper != NO_UPPER).then_some(upper),
        best: ((packed >> (2 * VALUE_BITS)) & ((1 << BEST_BITS) - 1)) as u16,
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
