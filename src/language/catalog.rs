//! Finding games: a GAME argument is a bundled game's id (embedded in the
//! program) or a path to any `.toml` file, so a new variant needs no recompiling.

use std::path::Path;

use crate::language::bundled;
use crate::language::error::LoadError;
use crate::language::load::{self, Loaded};
pub use crate::language::source::{Source, is_path};
use crate::rules::game::Game;

/// Ids of the bundled games, sorted.
pub fn bundled_ids() -> Vec<String> {
    bundled::ids().map(str::to_string).collect()
}

/// The game a GAME argument names: a file if it looks like a path, else a
/// bundled game by id, or by a name or alias its file gives it
/// (`bundled::known_as`).
pub fn source(game: &str) -> Result<Source, LoadError> {
    if is_path(game) {
        return Source::read(Path::new(game));
    }
    if let Some(source) = Source::bundled(game) {
        return Ok(source);
    }
    match bundled::known_as(game) {
        Ok(Some(id)) => Ok(Source::bundled(id).expect("a bundled id")),
        Ok(None) => Err(LoadError::UnknownGame(bundled::unknown(game))),
        Err(ids) => Err(LoadError::UnknownGame(format!(
            "`{}` names more than one bundled game: {}",
            crate::input::printable(game),
            ids.join(", ")
        ))),
    }
}

/// Loads a game by id or path, with `(name, value)` option overrides.
pub fn load(game: &str, options: &[(String, String)]) -> Result<Game, LoadError> {
    load::load_source(&source(game)?, options)
}

/// `load`, keeping the warnings.
pub fn load_warned(game: &str, options: &[(String, String)]) -> Result<Loaded, LoadError> {
    load::load_warned(&source(game)?, options)
}

/// An option setting that is not `KEY=VALUE`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}`: expected KEY=VALUE")]
pub struct BadOption(pub String);

/// `KEY=VALUE` → the option's name and value.
pub fn parse_option(text: &str) -> Result<(String, String), BadOption> {
    let (key, value) = text
        .split_once('=')
        .ok_or_else(|| BadOption(crate::input::printable(text)))?;
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
