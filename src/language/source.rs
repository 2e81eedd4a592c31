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
    /// The file's text.
    pub text: String,
    /// The folder a relative `extends` path is taken from (`None`: a bundled
    /// game, whose relative `extends` names another bundled file).
    pub folder: Option<PathBuf>,
    /// Where every file this one extends must lie: the web playground's games
    /// folder or scenarios folder. `None`: any file may be read.
    pub confined_to: Option<Confinement>,
}

/// The folders (canonical) files may be read from, each with how deep in it: a
/// file is read if it lies in one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confinement {
    /// Each folder, with how deep in it a file may lie.
    pub roots: Vec<(PathBuf, Within)>,
}

impl Confinement {
    /// Files in `root`, as deep as `within` says.
    pub fn to(root: PathBuf, within: Within) -> Confinement {
        Confinement {
            roots: vec![(root, within)],
        }
    }

    /// The root `path` (canonical) lies in, if any.
    fn root_of(&self, path: &Path) -> Option<&Path> {
        self.roots.iter().find_map(|(root, within)| {
            let inside = match within {
                Within::Folder => path.parent() == Some(root.as_path()),
                Within::Tree => path.starts_with(root),
            };
            inside.then_some(root.as_path())
        })
    }
}

/// How deep in a confining folder a file may lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Within {
    /// Directly in it (a games folder: the files it lists).
    Folder,
    /// Anywhere below it (a scenarios folder and its subfolders).
    Tree,
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

/// Reads `path`, which must be a file inside one of the confining folders
/// (directly, or anywhere below, as each says): a path that leads out of them,
/// through `..` or a link, or deeper than allowed, and a file with other hard
/// links (one of which could lie anywhere), are refused before anything is
/// read. Messages name files as a folder's own, never by where it lies.
pub fn read_confined(path: &Path, confinement: &Confinement) -> Result<Source, LoadError> {
    let relative = confinement
        .roots
        .iter()
        .find_map(|(root, _)| path.strip_prefix(root).ok())
        .unwrap_or(path);
    let shown = input::printable(&relative.display().to_string());
    let refused = |why: &str| LoadError::Confined(format!("{shown} {why}"));
    let outside = || refused("lies outside the folder files may be read from");
    let real = path.canonicalize().map_err(|_| outside())?;
    let Some(root) = confinement.root_of(&real) else {
        return Err(outside());
    };
    let shown = input::printable(
        &real
            .strip_prefix(root)
            .unwrap_or(&real)
            .display()
            .to_string(),
    );
    if has_other_links(&real) {
        return Err(refused(
            "has other hard links, one of which may lie outside the folder; copy it in instead",
        ));
    }
    let source = Source::read(&real).map_err(|error| match error {
        LoadError::Read(read) => LoadError::Read(input::ReadError {
            path: shown.clone(),
            reason: read.reason,
        }),
        other => other,
    })?;
    Ok(Source {
        name: shown,
        confined_to: Some(confinement.clone()),
        ..source
    })
}

#[cfg(unix)]
fn has_other_links(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.nlink() > 1)
}

#[cfg(not(unix))]
fn has_other_links(_: &Path) -> bool {
    false
}

fn folder_of(path: &Path) -> PathBuf {
    path.parent().unwrap_or(Path::new("")).to_path_buf()
}

/// Whether a GAME argument names a file rather than a bundled id.
pub fn is_path(game: &str) -> bool {
    game.ends_with(".toml") || game.contains('/') || game.contains(std::path::MAIN_SEPARATOR)
}
