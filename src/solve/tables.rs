//! The memory of a solve's tables: asked of the system once, before its
//! threads start, and shared by them all (`Tables`), so that what one thread
//! finds serves the others.

use super::database::EndgameDatabase;
use super::endgame::{Endgame, Shape};
use super::table::Table;
use super::zeroed::Zeroed;
use super::{SolveError, bounded};
use crate::rules::state::GameState;

/// The memory itself, which `Tables` borrow.
pub(super) struct Memory {
    table: Zeroed,
    endgame: Option<(Shape, Zeroed)>,
}

/// A solve's tables: the transposition table and, where it serves, the
/// endgame table.
pub(super) struct Tables<'m> {
    pub(super) table: Table<'m>,
    pub(super) endgame: Option<Endgame<'m>>,
}

impl Memory {
    /// Memory for a solve from `start` within `bytes`: the endgame table's
    /// where it serves (`database`'s where given, else at most half, empty),
    /// the transposition table's the rest.
    pub(super) fn within<const N: usize>(
        start: &GameState<'_, N>,
        bytes: usize,
        database: Option<EndgameDatabase>,
    ) -> Result<Memory, SolveError> {
        let endgame = match database {
            Some(database) if !database.fits(start) => return Err(SolveError::EndgameMismatch),
            Some(database) if database.bytes() > bytes / 2 => {
                return Err(SolveError::EndgameTooLarge {
                    most_seeds: database.most_seeds(),
                    memory: bytes,
                });
            }
            Some(database) => Some(database.into_parts()),
            None => empty_endgame(start, bytes),
        };
        Memory::with_endgame(bytes, endgame)
    }

    /// Memory within `bytes` for this endgame table (its shape and memory, of
    /// at most half the bytes), the transposition table's the rest.
    pub(super) fn with_endgame(
        bytes: usize,
        endgame: Option<(Shape, Zeroed)>,
    ) -> Result<Memory, SolveError> {
        let left = bytes - endgame.as_ref().map_or(0, |(shape, _)| shape.bytes());
        let table = Table::bytes_within(left)
            .and_then(Zeroed::new)
            .ok_or(SolveError::NoMemory(bytes))?;
        Ok(Memory { table, endgame })
    }

    /// The endgame table's shape and memory, once the solve is over.
    pub(super) fn into_endgame(self) -> Option<(Shape, Zeroed)> {
        self.endgame
    }

    /// The tables in this memory: empty at first, but for the endgame table
    /// a database filled.
    pub(super) fn tables(&mut self) -> Tables<'_> {
        Tables {
            table: Table::new(&mut self.table),
            endgame: self
                .endgame
                .as_mut()
                .map(|(shape, memory)| Endgame::new(shape, memory)),
        }
    }
}

/// An empty endgame table for a solve from `start` within `bytes`, where one
/// serves (at most half the bytes); none where the memory cannot be had, as
/// the solve goes on without it.
fn empty_endgame<const N: usize>(
    start: &GameState<'_, N>,
    bytes: usize,
) -> Option<(Shape, Zeroed)> {
    let game = start.game();
    let position = start.position();
    let seeds = (position.seeds_on_board(), position.seeds_in_hand());
    let holes = game.board.hole_count();
    let shape = bounded(game)
        .then(|| Shape::within(bytes / 2, holes, seeds))
        .flatten()?;
    Zeroed::new(shape.bytes()).map(|memory| (shape, memory))
}
