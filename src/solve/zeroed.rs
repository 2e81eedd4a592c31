//! Large arrays of plain words for the solver's tables: zeroed memory the
//! system gives lazily, asked for on huge pages where the system has them.
//!
//! A table is probed at random over gigabytes. On 4 KiB pages nearly every
//! probe then misses the processor's page cache and walks the page tables
//! first; on 2 MiB pages it seldom does (docs/solved.md has the figures).

use std::marker::PhantomData;

use memmap2::MmapMut;

/// `len` words of type `T`, all zero at first.
pub(super) struct Zeroed<T> {
    map: MmapMut,
    words: PhantomData<T>,
}

impl<T: bytemuck::Pod> Zeroed<T> {
    /// `len` (at least one) zeroed words, or none if the system cannot give
    /// that much address space.
    pub(super) fn new(len: usize) -> Option<Zeroed<T>> {
        let bytes = len.max(1).checked_mul(std::mem::size_of::<T>())?;
        let map = MmapMut::map_anon(bytes).ok()?;
        // Only a hint: without huge pages the table works all the same.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(Zeroed {
            map,
            words: PhantomData,
        })
    }

    /// The words (a mapping is page-aligned, so the cast always holds).
    #[inline]
    pub(super) fn words(&self) -> &[T] {
        bytemuck::cast_slice(&self.map)
    }

    #[inline]
    pub(super) fn words_mut(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(&mut self.map)
    }
}
