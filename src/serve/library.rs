//! The games the playground offers: the bundled ones and the `.toml` files of
//! one folder (`--games DIR`), and the game text a page sends from its editor.
//! Nothing outside that folder is ever read: a folder game is named by its file
//! name, looked up in the folder's listing, and every file a game extends must
//! lie inside the folder too ([`Source::confined_to`]).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::input;
use crate::language::catalog;
use crate::language::error::LoadError;
use crate::language::load::{self, Loaded};
use crate::language::source::{self, Confinement, Source, Within};
use crate::language::spec::GameSpec;
use crate::rules::game::Game;
use crate::serve::api::ApiError;
use crate::serve::limits;

/// Prefix of the reference of a folder game (`dir:my-variant`); a bundled game
/// is named by its id alone.
const FOLDER_PREFIX: &str = "dir:";

/// What a request names as its game: a reference from the library, or the text
/// of a game file (the editor's).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRef {
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    pub text: Option<String>,
}

impl GameRef {
    /// Where the game comes from: `bundled`, `folder` or `edited`.
    pub fn kind(&self) -> &'static str {
        match (&self.reference, &self.text) {
            (_, Some(_)) => "edited",
            (Some(reference), None) if reference.starts_with(FOLDER_PREFIX) => "folder",
            _ => "bundled",
        }
    }
}

pub struct Library {
    /// The games folder, canonical.
    folder: Option<PathBuf>,
    /// Whether the editor may save files into it (`--writable`).
    writable: bool,
}

/// One game of the library's listing.
pub struct Entry {
    pub reference: String,
    pub kind: &'static str,
}

impl Library {
    pub fn open(folder: Option<&Path>, writable: bool) -> Result<Library, String> {
        let folder = match folder {
            None => None,
            Some(dir) => {
                let real = dir
                    .canonicalize()
                    .map_err(|e| format!("--games {}: {e}", dir.display()))?;
                if !real.is_dir() {
                    return Err(format!("--games {}: not a folder", dir.display()));
                }
                Some(real)
            }
        };
        Ok(Library { folder, writable })
    }

    /// Whether the editor may save into the games folder.
    pub fn writable(&self) -> bool {
        self.writable && self.folder.is_some()
    }

    /// Saves an editor's text as `NAME.toml` in the games folder, whether or
    /// not it loads (work in progress is kept), and says its reference. The
    /// name is a plain file stem, never a path; the file is written whole
    /// (a temporary file renamed over it) or not at all.
    pub fn save(&self, name: &str, text: &str) -> Result<String, ApiError> {
        let folder = match (&self.folder, self.writable) {
            (Some(folder), true) => folder,
            _ => {
                return Err(ApiError::forbidden(
                    "this server does not save files: start it with --games DIR --writable",
                ));
            }
        };
        if !plain_name(name) || name.len() > 64 || name.contains('.') {
            return Err(ApiError::bad_request(format!(
                "`{}` is not a file name to save as: 1 to 64 letters, digits, `-` and `_`",
                input::printable(name)
            )));
        }
        if text.len() as u64 > input::MAX_TEXT_BYTES {
            return Err(ApiError::bad_request(format!(
                "a game file is at most {} bytes",
                input::MAX_TEXT_BYTES
            )));
        }
        let existing = self.folder_files();
        let new = !existing.iter().any(|stem| stem == name);
        if new && existing.len() >= limits::FOLDER_FILES {
            return Err(ApiError::bad_request(format!(
                "the games folder holds {} game files, the most a server saves into",
                limits::FOLDER_FILES
            )));
        }
        let path = folder.join(format!("{name}.toml"));
        // Never through a link, nor over something that is not a file.
        if let Ok(meta) = std::fs::symlink_metadata(&path)
            && !meta.file_type().is_file()
        {
            return Err(ApiError::bad_request(format!(
                "{name}.toml in the games folder is not a plain file"
            )));
        }
        let temporary = folder.join(format!(".{name}.toml.saving"));
        let written =
            std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, &path));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&temporary);
            return Err(ApiError::internal(format!("cannot save {name}.toml: {e}")));
        }
        Ok(format!("{FOLDER_PREFIX}{name}"))
    }

    /// Every game: the bundled ones, then the folder's `.toml` files by name.
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries: Vec<Entry> = catalog::bundled_ids()
            .into_iter()
            .map(|id| Entry {
                reference: id,
                kind: "bundled",
            })
            .collect();
        entries.extend(self.folder_files().into_iter().map(|name| Entry {
            reference: format!("{FOLDER_PREFIX}{name}"),
            kind: "folder",
        }));
        entries
    }

    /// File stems of the folder's game files (regular `.toml` files with plain
    /// names), sorted.
    fn folder_files(&self) -> Vec<String> {
        let Some(folder) = &self.folder else {
            return Vec::new();
        };
        let Ok(listing) = std::fs::read_dir(folder) else {
            return Vec::new();
        };
        let mut names: Vec<String> = listing
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| e.file_name().to_str().map(str::to_string))
            .filter_map(|name| name.strip_suffix(".toml").map(str::to_string))
            .filter(|stem| plain_name(stem))
            .collect();
        names.sort();
        names
    }

    /// The source of a game a request names.
    pub fn source(&self, game: &GameRef) -> Result<Source, ApiError> {
        match (&game.reference, &game.text) {
            (Some(reference), None) => self.named(reference),
            (None, Some(text)) => self.edited(text),
            _ => Err(ApiError::bad_request(
                "a game is {\"ref\": NAME} (from /api/games) or {\"text\": GAME FILE}",
            )),
        }
    }

    fn named(&self, reference: &str) -> Result<Source, ApiError> {
        let unknown = || {
            ApiError::not_found(format!(
                "no game `{}` in the library",
                input::printable(reference)
            ))
        };
        match reference.strip_prefix(FOLDER_PREFIX) {
            None => Source::bundled(reference).ok_or_else(unknown),
            Some(stem) => {
                let folder = self.folder.as_ref().ok_or_else(unknown)?;
                // Only a name the listing holds: never a path from the request.
                if !self.folder_files().iter().any(|name| name == stem) {
                    return Err(unknown());
                }
                source::read_confined(&folder.join(format!("{stem}.toml")), &self.confinement())
                    .map_err(ApiError::from_load)
            }
        }
    }

    /// An edited text: it may extend bundled games and the folder's files.
    fn edited(&self, text: &str) -> Result<Source, ApiError> {
        if text.len() as u64 > input::MAX_TEXT_BYTES {
            return Err(ApiError::bad_request(format!(
                "a game file is at most {} bytes",
                input::MAX_TEXT_BYTES
            )));
        }
        Ok(Source {
            id: "edited".to_string(),
            name: "edited.toml".to_string(),
            text: text.to_string(),
            folder: self.folder.clone(),
            confined_to: self.folder.as_ref().map(|_| self.confinement()),
        })
    }

    /// Files only directly in the games folder: the ones it lists.
    fn confinement(&self) -> Confinement {
        Confinement::to(self.folder.clone().unwrap_or_default(), Within::Folder)
    }

    /// The games folder, canonical, if there is one.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// The game, with option overrides.
    pub fn load(&self, game: &GameRef, options: &[(String, String)]) -> Result<Game, ApiError> {
        let source = self.source(game)?;
        load::load_source(&source, options).map_err(ApiError::from_load)
    }

    /// The game's specification (for `explain`) and the game.
    pub fn load_with_spec(
        &self,
        game: &GameRef,
        options: &[(String, String)],
    ) -> Result<(GameSpec, Loaded), LoadError> {
        let source = self
            .source(game)
            .map_err(|e| LoadError::Confined(e.message))?;
        Ok((
            load::spec_of(&source)?,
            load::load_warned(&source, options)?,
        ))
    }
}

/// A file stem a reference may name: letters, digits, `-`, `_` and `.`, not
/// starting with a dot.
fn plain_name(stem: &str) -> bool {
    !stem.is_empty()
        && !stem.starts_with('.')
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}
