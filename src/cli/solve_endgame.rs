//! `mancala solve --endgame SEEDS`: the endgame database a solve starts with,
//! read from the cache folder, else built and kept there.

use std::io::{BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use mancala::agents::deadline::Deadline;
use mancala::rules::state::GameState;
use mancala::solve::{Budget, Building, EndgameDatabase, ReadError};

use crate::cli::solve_cache;

/// What the solve's endgame database was, and where it came from.
#[derive(Serialize, Deserialize)]
pub struct EndgameReport {
    /// The most seeds on the board of a position it holds.
    pub most_seeds: u32,
    /// Bytes it takes, in memory and on disk.
    pub bytes: usize,
    /// Built by this solve, else read from `file`.
    pub built: bool,
    /// Positions its build examined (0 where it was read).
    pub positions: u64,
    /// Time to build or read it.
    pub seconds: f64,
    /// The file it is kept in, if any.
    pub file: Option<PathBuf>,
}

impl EndgameReport {
    /// The report's line of text.
    pub fn text(&self) -> String {
        let held = format!(
            "endgame database of the positions with up to {} seeds on the board ({:.1} MB)",
            self.most_seeds,
            self.bytes as f64 / 1e6
        );
        let file = self.file.as_ref().map(|f| f.display().to_string());
        match (self.built, file) {
            (false, Some(file)) => format!("{held}: read from {file} in {:.2} s\n", self.seconds),
            (false, None) => format!("{held}: read in {:.2} s\n", self.seconds),
            (true, file) => format!(
                "{held}: built in {:.2} s ({} positions examined){}\n",
                self.seconds,
                self.positions,
                file.map_or_else(String::new, |file| format!(", kept in {file}"))
            ),
        }
    }
}

/// The endgame database of positions with up to `most_seeds` seeds for
/// solves from `state`: read from the file `keep` names for its identity,
/// else built and written there (where `keep` names one).
pub fn database<const N: usize>(
    state: &GameState<'_, N>,
    most_seeds: u32,
    budget: Budget,
    keep: &dyn Fn(&str) -> Option<PathBuf>,
) -> Result<(EndgameDatabase, EndgameReport), String> {
    let identity = EndgameDatabase::identity(state, most_seeds, budget.memory)
        .map_err(|e| format!("--endgame {most_seeds}: {e}"))?;
    let file = keep(&identity);
    let started = Instant::now();
    if let Some(path) = &file {
        match read(path, state, most_seeds, budget.memory) {
            Ok(Some(database)) => {
                let report = report_of(&database, (false, 0), started, file.clone());
                return Ok((database, report));
            }
            Ok(None) => {}
            // The database can be built again: a damaged file is only told.
            Err(error) => eprintln!(
                "warning: cannot read the endgame database in {}: {error}; building it again",
                path.display()
            ),
        }
    }
    let (database, positions) = build(state, most_seeds, budget)?;
    let kept = file.filter(|path| {
        let written =
            solve_cache::write_with(path, "the endgame database", |out| database.write_to(out));
        // The solve goes on without it: a failure to keep it is only told.
        written
            .map_err(|error| eprintln!("warning: {error}"))
            .is_ok()
    });
    let report = report_of(&database, (true, positions), started, kept);
    Ok((database, report))
}

/// The database in `path`, if there is one; an error where there is a file
/// that does not read as this database.
fn read<const N: usize>(
    path: &Path,
    state: &GameState<'_, N>,
    most_seeds: u32,
    memory: usize,
) -> Result<Option<EndgameDatabase>, ReadError> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error.into()),
    };
    let input = BufReader::with_capacity(1 << 20, file);
    EndgameDatabase::read_from(input, state, most_seeds, memory).map(Some)
}

/// Builds the database, showing progress on a terminal; the positions its
/// build examined.
fn build<const N: usize>(
    state: &GameState<'_, N>,
    most_seeds: u32,
    budget: Budget,
) -> Result<(EndgameDatabase, u64), String> {
    let shown = std::io::stderr().is_terminal();
    let report = |building: Building| {
        if shown {
            eprint!(
                "\r\x1b[Kendgame database: positions with {} of up to {} seeds; {:.1}M positions, {:.0} s",
                building.seeds,
                building.most_seeds,
                building.positions as f64 / 1e6,
                building.elapsed.as_secs_f64()
            );
        }
    };
    let built = EndgameDatabase::build(state, most_seeds, budget, Deadline::none(), report);
    if shown {
        eprint!("\r\x1b[K");
    }
    built.map_err(|e| format!("--endgame {most_seeds}: {e}"))
}

fn report_of(
    database: &EndgameDatabase,
    (built, positions): (bool, u64),
    started: Instant,
    file: Option<PathBuf>,
) -> EndgameReport {
    EndgameReport {
        most_seeds: database.most_seeds(),
        bytes: database.bytes(),
        built,
        positions,
        seconds: started.elapsed().as_secs_f64(),
        file,
    }
}
