//! Where a game file's text comes from: a bundled game or a file on disk, with
//! the folder its relative `extends` paths are taken from. Below both the
//! catalog (which names games) and composition (which follows `extends`).

use std::path::{Path, PathBuf};

use crate::input;
use crate::language::bundled;
use crate::language::error::LoadError;

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
    /// A folder (canonical) that every file this one extends must lie in: the
    /// web playground's games folder. `None`: any file may be read.
    pub confined_to: Option<PathBuf>,
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
            confined_to: None,
        }
    }

    /// A file on disk (a regular file of at most `input::MAX_TEXT_BYTES`).
    pub fn read(path: &Path) -> Result<Source, LoadError> {
        let text = input::read_text(path, input::MAX_TEXT_BYTES).map_err(LoadError::Read)?;
        Ok(Source {
            id: path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
            name: crate::input::printable(&path.display().to_string()),
            text,
            folder: Some(folder_of(path)),
            confined_to: None,
        })
    }

    /// A bundled game.
    pub fn bundled(id: &str) -> Option<Source> {
        Some(Source {
            id: id.to_string(),
            name: bundled::file_name(id),
            text: bundled::text(id)?.to_string(),
            folder: None,
            confined_to: None,
        })
    }
}

/// Reads `path`, which must lie inside `root` (a canonical folder): a path that
/// leads out of it, through `..` or a link, is refused before anything is read.
pub fn read_confined(path: &Path, root: &Path) -> Result<Source, LoadError> {
    let outside = || {
        LoadError::Confined(format!(
            "{} lies outside the folder files may be read from",
            input::printable(&path.display().to_string())
        ))
    };
    let real = path.canonicalize().map_err(|_| outside())?;
    if !real.starts_with(root) {
        return Err(outside());
    }
    // Named as the folder's own file, not by where the folder lies.
    let name = real
        .strip_prefix(root)
        .unwrap_or(&real)
        .display()
        .to_string();
    Ok(Source {
        name: input::printable(&name),
        confined_to: Some(root.to_path_buf()),
        ..Source::read(path)?
    })
}

fn folder_of(path: &Path) -> PathBuf {
    path.parent().unwrap_or(Path::new("")).to_path_buf()
}

/// Whether a GAME argument names a file rather than a bundled id.
pub fn is_path(game: &str) -> bool {
    game.ends_with(".toml") || game.contains('/') || game.contains(std::path::MAIN_SEPARATOR)
}
