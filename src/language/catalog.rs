//! Finding games: a bundled game's id (the file stem under the games folder) or
//! a path to any `.toml` file, so a new variant needs no recompiling.

use std::path::{Path, PathBuf};

use crate::language::error::LoadError;
use crate::language::load;
use crate::rules::game::Game;

/// The games folder: `$MANCALA_GAMES` if set, else the `games/` folder of this crate.
pub fn games_dir() -> PathBuf {
    std::env::var_os("MANCALA_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("games"))
}

/// Ids of the bundled games, sorted.
pub fn bundled_ids() -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(games_dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    ids.sort();
    ids
}

/// The file a GAME argument names: a path if it looks like one, else a bundled id.
pub fn resolve(game: &str) -> Result<PathBuf, LoadError> {
    let as_path = Path::new(game);
    if game.ends_with(".toml") || game.contains(std::path::MAIN_SEPARATOR) || game.contains('/') {
        return Ok(as_path.to_path_buf());
    }
    let bundled = games_dir().join(format!("{game}.toml"));
    if bundled.is_file() {
        return Ok(bundled);
    }
    Err(LoadError::UnknownGame {
        id: game.to_string(),
        known: bundled_ids().join(", "),
    })
}

/// Loads a game by id or path, with `(name, value)` option overrides.
pub fn load(game: &str, options: &[(String, String)]) -> Result<Game, LoadError> {
    load::load_file(&resolve(game)?, options)
}
