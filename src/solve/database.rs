//! Endgame databases built in advance: the exact value of every position with
//! at most so many seeds on the board, found before a solve, fewest seeds
//! first, and kept by the caller (`mancala solve --endgame` keeps each in the
//! cache folder), so that a solve starts with its endgame table full rather
//! than filling it as it goes, as published solvers of sowing games did.
//!
//! A database is the endgame table (`endgame.rs`) of one game, for positions
//! whose other parts (hands, claims, ...) are one start's; its `identity`
//! names the game, its options and limits, that rest and the table's shape,
//! and a solve takes only a database of its own identity.

use std::io::{Read, Write};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::time::Duration;

use super::endgame::{Endgame, Shape};
use super::keys::Keys;
use super::tables::Memory;
use super::workers::{Shared, on_threads};
use super::zeroed::Zeroed;
use super::{Budget, Search, SolveError, Spares, Valuing, bounded};
use crate::agents::deadline::Deadline;
use crate::rules::board::Side;
use crate::rules::state::GameState;

/// The first line of a database's file.
const MAGIC: &str = "mancala endgame database 1";

/// The endgame table of one game and one rest of its positions, every place
/// filled but those of positions whose turn start ends the game or changes
/// the position (a pass).
pub struct EndgameDatabase {
    identity: String,
    shape: Shape,
    memory: Zeroed,
}

/// How far a build has gone, reported now and then.
#[derive(Clone, Copy, Debug)]
pub struct Building {
    /// The seeds on the board of the positions being valued now.
    pub seeds: u32,
    /// The most seeds on the board of a position in the database.
    pub most_seeds: u32,
    /// Positions examined so far.
    pub positions: u64,
    /// Time since the build began.
    pub elapsed: Duration,
}

/// Why a database's file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be read whole.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// It is another database, or not one.
    #[error("not an endgame database of this game, options, limits and start")]
    NotThisOne,
    /// It goes on past the database's end.
    #[error("the file goes on past the database's end")]
    Longer,
    /// It holds a value out of its range: it was damaged.
    #[error("the file holds a value no position of its size can have")]
    BadValue,
}

impl EndgameDatabase {
    /// What a database for solves from `start`, of positions with at most
    /// `most_seeds` seeds on the board, is: its identity and shape. Refused
    /// where the game keeps no endgame table (`bounded`), the values would not
    /// fit a byte, or the table would take more than half of `memory`.
    fn plan<const N: usize>(
        start: &GameState<'_, N>,
        most_seeds: u32,
        memory: usize,
    ) -> Result<(String, Shape), SolveError> {
        let game = start.game();
        if !bounded(game) {
            return Err(SolveError::NoEndgameTable);
        }
        let position = start.position();
        let holes = game.board.hole_count();
        let in_hand = position.seeds_in_hand();
        let shape =
            Shape::exactly(holes, most_seeds, in_hand).ok_or(SolveError::EndgameTooManySeeds {
                most_seeds,
                in_hand,
            })?;
        if shape.bytes() > memory / 2 {
            return Err(SolveError::EndgameTooLarge { most_seeds, memory });
        }
        let valuing = Valuing::of(game);
        let options: Vec<String> = game
            .options()
            .iter()
            .map(|option| format!("{}={}", option.name, option.value))
            .collect();
        let identity = format!(
            "{MAGIC}; game {}; options {}; limits {:?}; rest {:016x}; holes {holes}; most seeds {most_seeds}",
            game.id(),
            options.join(" "),
            game.limits(),
            Keys::new(game, valuing, position).start_key(),
        );
        Ok((identity, shape))
    }

    /// The identity of a database for solves from `start` of positions with
    /// at most `most_seeds` seeds on the board (which `read_from` checks), or
    /// why there can be none within `memory`.
    pub fn identity<const N: usize>(
        start: &GameState<'_, N>,
        most_seeds: u32,
        memory: usize,
    ) -> Result<String, SolveError> {
        Self::plan(start, most_seeds, memory).map(|(identity, _)| identity)
    }

    /// Builds the database of every position with at most `most_seeds` seeds
    /// on the board and `start`'s rest, on `budget.threads` threads sharing a
    /// table of the rest of `budget.memory`. Each position is valued once,
    /// from every decision's exact value, so the work is bounded by the
    /// database's size: it may examine `holes + 2` positions a place, and
    /// `budget.positions` more beyond the database. Refused where any
    /// value would depend on the line or the turn limit (a repeat or the
    /// limit met): a database holds values of positions alone. Gives the
    /// database and the positions examined.
    pub fn build<const N: usize>(
        start: &GameState<'_, N>,
        most_seeds: u32,
        budget: Budget,
        deadline: Deadline,
        mut report: impl FnMut(Building) + Send,
    ) -> Result<(EndgameDatabase, u64), SolveError> {
        let (identity, shape) = Self::plan(start, most_seeds, budget.memory)?;
        let places = shape.bytes() as u64;
        let empty = Zeroed::new(shape.bytes()).ok_or(SolveError::NoMemory(budget.memory))?;
        let mut memory = Memory::with_endgame(budget.memory, Some((shape, empty)))?;
        let layer = AtomicU32::new(0);
        let building = |progress: super::Progress| {
            report(Building {
                seeds: layer.load(Ordering::Relaxed),
                most_seeds,
                positions: progress.positions,
                elapsed: progress.elapsed,
            })
        };
        let shared = Shared::new(Box::new(building));
        let tables = memory.tables();
        let units = units(start.game().board.hole_count(), most_seeds);
        let next = AtomicUsize::new(0);
        // Each place is valued once, its decisions read or valued in turn.
        let holes = start.game().board.hole_count() as u64;
        let budget = Budget {
            positions: budget
                .positions
                .saturating_add(places.saturating_mul(holes + 2)),
            ..budget
        };
        let met = on_threads(
            (start, budget.threads.max(1)),
            (budget, &deadline),
            (&shared, &tables),
            |search, state| fill(search, state, (&units, &next, &layer)),
        );
        if let Some(error) = shared.failed.into_inner() {
            return Err(error);
        }
        let all = met.into_iter().flatten().fold(Met::default(), Met::add);
        let (repeats, turn_limit) = (all.repeats, all.turn_limit);
        if repeats + turn_limit > 0 {
            return Err(SolveError::EndgameNotExact {
                repeats,
                turn_limit,
            });
        }
        let parts = memory
            .into_endgame()
            .expect("the database built in this memory");
        Ok((EndgameDatabase::from_parts(identity, parts), all.positions))
    }

    /// Whether this is the database a solve from `start` takes.
    pub(super) fn fits<const N: usize>(&self, start: &GameState<'_, N>) -> bool {
        Self::identity(start, self.shape.most_seeds(), usize::MAX)
            .is_ok_and(|id| id == self.identity)
    }

    /// The most seeds on the board of a position in the database.
    pub fn most_seeds(&self) -> u32 {
        self.shape.most_seeds()
    }

    /// Bytes the database takes, in memory and on disk (beside its identity).
    pub fn bytes(&self) -> usize {
        self.shape.bytes()
    }

    /// Writes the database: its identity on a line, then a byte a place.
    pub fn write_to(&self, mut out: impl Write) -> std::io::Result<()> {
        writeln!(out, "{}", self.identity)?;
        out.write_all(self.memory.bytes())
    }

    /// Reads a database `write_to` wrote, which must be of `identity` (as
    /// `identity` gives it for the solve that will take it), to its last
    /// byte; every value is checked to lie within the most seeds a position
    /// of the table holds (a damaged byte within them is not caught).
    pub fn read_from<const N: usize>(
        mut input: impl Read,
        start: &GameState<'_, N>,
        most_seeds: u32,
        memory: usize,
    ) -> Result<EndgameDatabase, ReadError> {
        let (identity, shape) =
            Self::plan(start, most_seeds, memory).map_err(|_| ReadError::NotThisOne)?;
        let mut line = vec![0; identity.len() + 1];
        input.read_exact(&mut line)?;
        if line[..identity.len()] != *identity.as_bytes() || line[identity.len()] != b'\n' {
            return Err(ReadError::NotThisOne);
        }
        let mut memory = Zeroed::new(shape.bytes())
            .ok_or_else(|| std::io::Error::other("no memory for the database"))?;
        input.read_exact(memory.bytes_mut())?;
        if input.read(&mut [0])? != 0 {
            return Err(ReadError::Longer);
        }
        let mut database = EndgameDatabase {
            identity,
            shape,
            memory,
        };
        let valid = Endgame::new(&database.shape, &mut database.memory).all_values_valid();
        valid.then_some(database).ok_or(ReadError::BadValue)
    }

    /// The table's shape and memory, for a solve's `Memory`.
    pub(super) fn into_parts(self) -> (Shape, Zeroed) {
        (self.shape, self.memory)
    }

    /// A database of this identity made of a table's shape and memory.
    fn from_parts(identity: String, (shape, memory): (Shape, Zeroed)) -> Self {
        EndgameDatabase {
            identity,
            shape,
            memory,
        }
    }
}

/// What a build's threads met: positions, repeats and lines the turn limit
/// cut.
#[derive(Default)]
struct Met {
    positions: u64,
    repeats: u64,
    turn_limit: u64,
}

impl Met {
    fn add(self, other: Met) -> Met {
        Met {
            positions: self.positions + other.positions,
            repeats: self.repeats + other.repeats,
            turn_limit: self.turn_limit + other.turn_limit,
        }
    }
}

/// A share of a build: the arrangements of `seeds` seeds whose first holes
/// hold `prefix`.
struct Unit {
    seeds: u32,
    prefix: Vec<u16>,
}

/// The shares of a build of `holes` holes and up to `most_seeds` seeds,
/// fewest seeds first (a position's decisions then mostly lead to positions
/// already valued), each fixing the first two holes (or fewer, on a smaller
/// board) so that threads take them in small pieces.
fn units(holes: usize, most_seeds: u32) -> Vec<Unit> {
    let fixed = holes.saturating_sub(1).min(2);
    let mut units = Vec::new();
    for seeds in 0..=most_seeds {
        let mut prefix = vec![0u16; fixed];
        each_arrangement(&mut prefix, seeds as u16, false, &mut |prefix| {
            units.push(Unit {
                seeds,
                prefix: prefix.to_vec(),
            });
        });
    }
    units
}

/// Calls `each` with every arrangement of `seeds` seeds in `counts` (all of
/// them where `exactly`, else up to that many), written in place.
fn each_arrangement(counts: &mut [u16], seeds: u16, exactly: bool, each: &mut impl FnMut(&[u16])) {
    fn arrange(
        counts: &mut [u16],
        at: usize,
        left: u16,
        exactly: bool,
        each: &mut impl FnMut(&[u16]),
    ) {
        if at + 1 >= counts.len() {
            let last = counts.len().checked_sub(1);
            match (last, exactly) {
                (Some(last), true) => {
                    counts[last] = left;
                    each(counts);
                }
                (Some(last), false) => {
                    for count in 0..=left {
                        counts[last] = count;
                        each(counts);
                    }
                }
                (None, _) => each(counts),
            }
            return;
        }
        for count in 0..=left {
            counts[at] = count;
            arrange(counts, at + 1, left - count, exactly, each);
        }
    }
    arrange(counts, 0, seeds, exactly, each);
}

/// One thread's part of a build: takes the next share until none is left,
/// valuing each position of it with either side to move. What it met;
/// `None` once any thread has failed.
fn fill<const N: usize>(
    search: &mut Search<'_, '_>,
    start: &GameState<'_, N>,
    (units, next, layer): (&[Unit], &AtomicUsize, &AtomicU32),
) -> Option<Met> {
    let holes = start.game().board.hole_count();
    let (mut state, mut spares): (_, Spares<'_, N>) = (start.clone(), Vec::new());
    let everything = (-i64::MAX, i64::MAX);
    while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
        layer.fetch_max(unit.seeds, Ordering::Relaxed);
        let mut position = *start.position();
        position.counts[..unit.prefix.len()].copy_from_slice(&unit.prefix);
        let left = unit.seeds as u16 - unit.prefix.iter().sum::<u16>();
        let mut result = Ok(());
        let mut counts = vec![0; holes - unit.prefix.len()];
        each_arrangement(&mut counts, left, true, &mut |counts| {
            for side in Side::BOTH {
                if result.is_err() {
                    return;
                }
                let mut arranged = position;
                arranged.counts[unit.prefix.len()..holes].copy_from_slice(counts);
                arranged.to_move = side;
                state.restart_from(arranged);
                // A position stopped short (a capture or a call pending with
                // nothing legal) is none a solve meets: it has no value.
                if state.outcome().is_none() && state.legal().len() == 0 {
                    continue;
                }
                result = search.negamax(&state, everything, &mut spares).map(|_| ());
            }
        });
        if let Err(stop) = result {
            if let super::Stop::Failed(error) = stop {
                let _ = search.shared.failed.set(error);
            }
            return None;
        }
    }
    Some(Met {
        positions: search.positions,
        repeats: search.repeats_met,
        turn_limit: search.turn_limit_met,
    })
}
