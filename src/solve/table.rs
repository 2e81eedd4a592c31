//! The solver's transposition table: a fixed array of entries, sized once from
//! the memory a solve may use and shared by its threads. Its memory holds by
//! construction. A key picks a bucket of two slots: the first keeps the
//! position whose search examined the most positions (the costliest to find
//! again), the second the latest.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use super::zeroed::Zeroed;
use crate::agents::search::WordHasher;

/// The fewest slots a table has.
pub(super) const MIN_SLOTS: usize = 1024;

/// Bytes one entry takes.
pub(super) const ENTRY_BYTES: usize = 16;

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

/// A slot is two words: its entry's bounds (23 bits each, the least and most
/// values meaning unbounded), best decision (12 bits) and the log2 of the
/// positions its search examined (6) in one word, and the position's key
/// xor that word (a key of 0 is kept as 1; an empty slot is all zero). A slot
/// one thread reads while another writes it then fails the key's check,
/// rather than give one position's key with another's entry.
const VALUE_BITS: u32 = 23;
/// The stored lower bound meaning none, and the least value kept otherwise.
const NO_LOWER: i64 = -(1 << (VALUE_BITS - 1));
/// The stored upper bound meaning none, and the most value kept otherwise.
const NO_UPPER: i64 = (1 << (VALUE_BITS - 1)) - 1;
const BEST_BITS: u32 = 12;
const SIZE_SHIFT: u32 = 2 * VALUE_BITS + BEST_BITS;

/// The table: a power of two of slots, in zeroed memory.
pub(super) struct Table<'m> {
    words: &'m [AtomicU64],
    /// The slots less one.
    mask: usize,
}

impl<'m> Table<'m> {
    /// The bytes of the largest table within `bytes` (a power of two of
    /// slots), or none if it would hold fewer than `MIN_SLOTS`.
    pub(super) fn bytes_within(bytes: usize) -> Option<usize> {
        let fit = bytes / ENTRY_BYTES;
        (fit >= MIN_SLOTS).then(|| ENTRY_BYTES << (usize::BITS - 1 - fit.leading_zeros()))
    }

    /// A table in `memory`, of `bytes_within`'s bytes.
    pub(super) fn new(memory: &'m mut Zeroed) -> Table<'m> {
        let words = memory.words::<AtomicU64>();
        Table {
            words,
            mask: words.len() / 2 - 1,
        }
    }

    /// The first slot of the key's bucket.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.mask - 1)
    }

    /// A slot's key and entry word.
    fn slot(&self, slot: usize) -> (u64, u64) {
        let packed = self.words[2 * slot + 1].load(Ordering::Relaxed);
        let check = self.words[2 * slot].load(Ordering::Relaxed);
        (check ^ packed, packed)
    }

    fn set(&self, slot: usize, (key, packed): (u64, u64)) {
        self.words[2 * slot + 1].store(packed, Ordering::Relaxed);
        self.words[2 * slot].store(key ^ packed, Ordering::Relaxed);
    }

    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        let key = key.max(1);
        let bucket = self.bucket(key);
        let (stored, packed) = match self.slot(bucket) {
            (stored, packed) if stored == key => (stored, packed),
            _ => self.slot(bucket + 1),
        };
        (stored == key).then(|| unpacked(packed))
    }

    /// Keeps what a search found of a position's value: `value`, a `bound`
    /// of it, joined with what the table held of it. `examined`: the
    /// positions the search examined.
    pub(super) fn put(&self, key: u64, value: i64, bound: Bound, best: usize, examined: u64) {
        let found = Entry {
            lower: (bound != Bound::Upper).then_some(value),
            upper: (bound != Bound::Lower).then_some(value),
            // Past 4,095 decisions the hint names another decision: only
            // the order of the search suffers.
            best: best.min((1 << BEST_BITS) - 1) as u16,
        };
        let key = key.max(1);
        let size = u64::from(63 - examined.max(1).leading_zeros());
        let bucket = self.bucket(key);
        let [first, second] = [self.slot(bucket), self.slot(bucket + 1)];
        let known = [first, second]
            .into_iter()
            .find(|&(stored, _)| stored == key);
        // A search cut short by what an earlier one learned does not make the
        // position cheaper to find again.
        let size = known.map_or(size, |(_, packed)| size.max(packed >> SIZE_SHIFT));
        let known = known.map(|(_, packed)| unpacked(packed));
        let slot = (key, packed(Entry::joined(found, known), size));
        if first.0 == key || size >= first.1 >> SIZE_SHIFT {
            self.set(bucket, slot);
            // The entry it displaces takes the second slot, where the key's
            // older entry would otherwise linger.
            if first.0 != key && second.0 == key {
                self.set(bucket + 1, first);
            }
        } else {
            self.set(bucket + 1, slot);
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
        | size << SIZE_SHIFT
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

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> Zeroed {
        let bytes = Table::bytes_within(MIN_SLOTS * ENTRY_BYTES).expect("room");
        Zeroed::new(bytes).expect("memory")
    }

    /// A bound of each kind comes back as it went in, and a second search of
    /// the same position joins its bound to the first's.
    #[test]
    fn bounds_are_kept_and_joined() {
        let mut memory = memory();
        let table = Table::new(&mut memory);
        assert_eq!(table.get(7), None);
        table.put(7, 4, Bound::Lower, 3, 100);
        let lower = Entry {
            lower: Some(4),
            upper: None,
            best: 3,
        };
        assert_eq!(table.get(7), Some(lower));
        // Falling short keeps the best decision found before.
        table.put(7, 9, Bound::Upper, 1, 100);
        let between = Entry {
            upper: Some(9),
            ..lower
        };
        assert_eq!(table.get(7), Some(between));
        table.put(7, -2, Bound::Exact, 5, 100);
        let crossed = Entry {
            lower: Some(-2),
            upper: Some(-2),
            best: 5,
        };
        assert_eq!(
            table.get(7),
            Some(crossed),
            "crossing bounds: the new stands"
        );
        table.put(0, -1, Bound::Exact, 0, 1);
        assert_eq!(
            table.get(0).map(|e| e.lower),
            Some(Some(-1)),
            "key 0 is kept"
        );
    }

    /// Values beyond the bits a bound has are widened, never wrapped.
    #[test]
    fn bounds_too_large_are_widened() {
        let huge = 1 << 40;
        let entry = |lower, upper| Entry {
            lower,
            upper,
            best: 0,
        };
        let widened = unpacked(packed(entry(Some(huge), Some(-huge)), 0));
        assert_eq!(widened, entry(Some(NO_UPPER), Some(NO_LOWER)));
        let gone = unpacked(packed(entry(Some(-huge), Some(huge)), 0));
        assert_eq!(gone, entry(None, None));
        let kept = unpacked(packed(entry(Some(-(1 << 21)), Some(1 << 21)), 63));
        assert_eq!(kept, entry(Some(-(1 << 21)), Some(1 << 21)));
    }

    /// The bucket's first slot keeps the costliest search; the latest of
    /// the others takes the second.
    #[test]
    fn the_costliest_search_stays() {
        let mut memory = memory();
        let table = Table::new(&mut memory);
        let slots = MIN_SLOTS as u64;
        let [big, small, later] = [5, 5 + slots, 5 + 2 * slots];
        table.put(big, 1, Bound::Exact, 0, 1 << 20);
        table.put(small, 2, Bound::Exact, 0, 10);
        table.put(later, 3, Bound::Exact, 0, 10);
        assert!(table.get(big).is_some());
        assert_eq!(table.get(small), None);
        assert!(table.get(later).is_some());
    }
}
