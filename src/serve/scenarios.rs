//! The scenarios page: the scenario files of one folder (`--scenarios DIR`), each
//! played against its game and checked, a failure shown as the board expected
//! beside the board found. As with games, nothing outside the folder is read:
//! a scenario's game is a bundled id or a file inside the folder.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::State;
use serde::{Deserialize, Serialize};

use crate::input;
use crate::language::source::{Confinement, Within};
use crate::present::json::{self, PositionJson};
use crate::serve::AppState;
use crate::serve::api::{ApiError, ApiResult, Body, Layout, blocking, light};
use crate::serve::limits;
use crate::studies::scenario;

pub struct ScenarioFolder {
    /// Canonical.
    root: PathBuf,
    /// Where a scenario's game file may lie: anywhere in the scenarios folder,
    /// or directly in the games folder (`--games`), as `check` reads them.
    games: Confinement,
}

impl ScenarioFolder {
    /// The scenarios of `dir`, whose games may also lie in `games` (canonical).
    pub fn open(dir: &Path, games: Option<&Path>) -> Result<ScenarioFolder, String> {
        let root = dir
            .canonicalize()
            .map_err(|e| format!("--scenarios {}: {e}", dir.display()))?;
        if !root.is_dir() {
            return Err(format!("--scenarios {}: not a folder", dir.display()));
        }
        let mut games_in = Confinement::to(root.clone(), Within::Tree);
        games_in
            .roots
            .extend(games.map(|g| (g.to_path_buf(), Within::Folder)));
        Ok(ScenarioFolder {
            root,
            games: games_in,
        })
    }

    /// The folder's scenario files (`.toml` files that are not game files, in
    /// its subfolders too, a few levels down), as paths relative to it, sorted;
    /// at most `limits::SCENARIOS`.
    fn files(&self) -> Vec<String> {
        let mut found = Vec::new();
        walk(&self.root, &self.root, 0, &mut found);
        found.sort();
        found.truncate(limits::SCENARIOS);
        found
    }
}

fn walk(root: &Path, dir: &Path, depth: usize, found: &mut Vec<String>) {
    const DEPTH: usize = 4;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        // Links are not followed: every file found lies inside the folder.
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() && depth < DEPTH {
            walk(root, &path, depth + 1, found);
        } else if kind.is_file()
            && path.extension().is_some_and(|e| e == "toml")
            && !scenario::is_game_file(&path)
            && let Ok(relative) = path.strip_prefix(root)
        {
            found.push(relative.display().to_string());
        }
        if found.len() > limits::SCENARIOS {
            return;
        }
    }
}

#[derive(Serialize)]
pub struct Listing {
    /// Whether the server was given a scenarios folder.
    folder: bool,
    files: Vec<String>,
}

/// `GET /api/scenarios`: the scenario files there are to run.
pub async fn list(State(state): State<Arc<AppState>>) -> ApiResult<Listing> {
    light(move || {
        Ok(match &state.scenarios {
            None => Listing {
                folder: false,
                files: Vec::new(),
            },
            Some(folder) => Listing {
                folder: true,
                files: folder.files(),
            },
        })
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    /// The files to run, as listed; all of them when absent.
    files: Option<Vec<String>>,
}

/// One scenario's result.
#[derive(Serialize)]
pub struct Checked {
    file: String,
    /// `passed`, `failed`, or `broken` (the file, its game or its start is wrong).
    status: &'static str,
    clauses: Vec<String>,
    about: String,
    /// Each failed expectation, as `mancala check` prints it.
    failures: Vec<String>,
    error: Option<String>,
    layout: Option<Layout>,
    expected: Option<PositionJson>,
    actual: Option<PositionJson>,
}

/// `POST /api/scenarios`: runs the scenarios.
pub async fn run(
    State(state): State<Arc<AppState>>,
    Body(request): Body<RunRequest>,
) -> ApiResult<Vec<Checked>> {
    blocking(move || {
        let folder = state.scenarios.as_ref().ok_or_else(|| {
            ApiError::not_found(
                "the server has no scenarios folder (mancala serve --scenarios DIR)",
            )
        })?;
        let listed = folder.files();
        let files = match request.files {
            None => listed,
            Some(files) => {
                if let Some(unknown) = files.iter().find(|f| !listed.contains(f)) {
                    return Err(ApiError::not_found(format!(
                        "no scenario file `{}` in the folder",
                        input::printable(unknown)
                    )));
                }
                files
            }
        };
        Ok(files.into_iter().map(|file| check(folder, file)).collect())
    })
    .await
}

fn check(folder: &ScenarioFolder, file: String) -> Checked {
    let mut checked = Checked {
        file,
        status: "broken",
        clauses: Vec::new(),
        about: String::new(),
        failures: Vec::new(),
        error: None,
        layout: None,
        expected: None,
        actual: None,
    };
    let path = folder.root.join(&checked.file);
    let result = input::read_text(&path, input::MAX_TEXT_BYTES)
        .map_err(scenario::ScenarioError::from)
        .and_then(|text| scenario::parse(&path, &text))
        .and_then(|read| {
            checked.clauses = read.scenario.clauses.clone();
            checked.about = read.scenario.about.trim().to_string();
            let game = read.load_game_within(&folder.games)?;
            let run = read.run(&game)?;
            Ok((game, run))
        });
    match result {
        Err(e) => checked.error = Some(e.to_string()),
        Ok((game, run)) => {
            checked.status = if run.failures.is_empty() {
                "passed"
            } else {
                "failed"
            };
            checked.failures = run.failures;
            checked.layout = Some(Layout::of(&game));
            checked.expected = run.expected.map(|p| json::position_of(&game, &p, None));
            checked.actual = Some(json::position_of(&game, &run.actual, None));
        }
    }
    checked
}
