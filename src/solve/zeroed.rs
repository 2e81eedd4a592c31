//! Large arrays of words for the solver's tables: zeroed memory the system
//! gives lazily, asked for on huge pages where the system has them, and read
//! and written as atomic words so that the threads of a solve share it.
//!
//! A table is probed at random over gigabytes. On 4 KiB pages nearly every
//! probe then misses the processor's page cache and walks the page tables
//! first; on 2 MiB pages it seldom does (docs/solved.md has the figures).

use memmap2::MmapMut;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Bytes, all zero at first.
pub(super) struct Zeroed {
    map: MmapMut,
}

impl Zeroed {
    /// `bytes` (at least one) zeroed bytes, or none if the system cannot give
    /// that much address space.
    pub(super) fn new(bytes: usize) -> Option<Zeroed> {
        let map = MmapMut::map_anon(bytes.max(1)).ok()?;
        // Only a hint: without huge pages the table works all the same.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(Zeroed { map })
    }

    /// The memory as bytes, to be written out.
    pub(super) fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// The memory as bytes, to be read into.
    pub(super) fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.map
    }

    /// The memory as words of type `T` (atomic words, which the threads
    /// share): borrowed whole, so that nothing else reads it meanwhile. A
    /// mapping is page-aligned, and its length a multiple of the word's,
    /// so the cast holds.
    pub(super) fn words<T>(&mut self) -> &[T]
    where
        [T]: FromBytes + IntoBytes + KnownLayout,
    {
        <[T]>::mut_from_bytes(&mut self.map).expect("a mapping of whole, aligned words")
    }
}
