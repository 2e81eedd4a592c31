//! Finding games: a GAME argument is a bundled game's id (embedded in the
//! program) or a path to any `.toml` file, so a new variant needs no recompiling.

use std::path::{Path, PathBuf};

use crate::input;
use crate::language::bundled;
use crate::language::error::LoadError;
use crate::language::load;
use crate::rules::game::Game;

/// A game file's text and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file stem, e.g. `my-variant` for `my-variant.toml`.
    pub id: String,
    /// How messages name the file.
    pub name: String,
    pub text: String,
    /// The folder a relative `extends` path is taken from (`None`: a bundled
    /// game, whose relative `extends` names another bundled file).
    pub folder: Option<PathBuf>,
}

impl Source {
    /// A text not read from disk; `name` names it in messages, and a relative
    /// `extends` is taken from `name`'s folder.
    pub fn from_text(id: &str, name: &str, text: &str) -> Source {
        Source {
            id: id.to_string(),
            name: name.to_string(),
            text: text.to_string(),
            folder: Some(folder_of(Path::new(name))),
        }
    }

    /// A file on disk (a regular file of at most `input::MAX_TEXT_BYTES`).
    pub fn read(path: &Path) -> Result<Source, LoadError> {
        let text = input::read_text(path, input::MAX_TEXT_BYTES).map_err(LoadError::Read)?;
        Ok(Source {
            id: path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
            name: crate::present::printable(&path.display().to_string()),
            text,
            folder: Some(folder_of(path)),
        })
    }

    /// A bundled game.
    pub fn bundled(id: &str) -> Option<Source> {
        Some(Source {
            id: id.to_string(),
            name: bundled::file_name(id),
            text: bundled::text(id)?.to_string(),
            folder: None,
        })
    }
}

fn folder_of(path: &Path) -> PathBuf {
    path.parent().unwrap_or(Path::new("")).to_path_buf()
}

/// Ids of the bundled games, sorted.
pub fn bundled_ids() -> Vec<String> {
    bundled::ids().map(str::to_string).collect()
}

/// Whether a GAME argument names a file rather than a bundled id.
pub fn is_path(game: &str) -> bool {
    game.ends_with(".toml") || game.contains('/') || game.contains(std::path::MAIN_SEPARATOR)
}

/// The game a GAME argument names: a file if it looks like a path, else a bundled id.
pub fn source(game: &str) -> Result<Source, LoadError> {
    if is_path(game) {
        return Source::read(Path::new(game));
    }
    Source::bundled(game).ok_or_else(|| LoadError::UnknownGame {
        id: crate::present::printable(game),
        known: bundled_ids().join(", "),
    })
}

/// Loads a game by id or path, with `(name, value)` option overrides.
pub fn load(game: &str, options: &[(String, String)]) -> Result<Game, LoadError> {
    load::load_source(&source(game)?, options)
}

/// An option setting that is not `KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}`: expected KEY=VALUE")]
pub struct BadOption(pub String);

/// `KEY=VALUE` → the option's name and value.
pub fn parse_option(text: &str) -> Result<(String, String), BadOption> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| BadOption(crate::present::printable(text)))?;
    Ok((key.trim().to_string(), value.trim().to_string()))
}

/// A variant as `compare` names it — `GAME` or `GAME:k=v,k=v` — as the game
/// and its option overrides.
pub fn parse_variant(text: &str) -> Result<(String, Vec<(String, String)>), BadOption> {
    match text.split_once(':') {
        Some((id, options)) if options.contains('=') => {
            let options = options
                .split(',')
                .map(parse_option)
                .collect::<Result<_, _>>()?;
            Ok((id.to_string(), options))
        }
        _ => Ok((text.to_string(), Vec::new())),
    }
}
