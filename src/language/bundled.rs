//! The bundled games, embedded at build time from `games/*.toml` (see `build.rs`).

/// `(id, text)` of every bundled game, sorted by id.
const GAMES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// Ids of the bundled games, sorted.
pub fn ids() -> impl Iterator<Item = &'static str> {
    GAMES.iter().map(|(id, _)| *id)
}

/// A bundled game's file text.
pub fn text(id: &str) -> Option<&'static str> {
    GAMES.iter().find(|(i, _)| *i == id).map(|(_, text)| *text)
}

/// How a bundled game's file is named in messages.
pub fn file_name(id: &str) -> String {
    format!("games/{id}.toml")
}
