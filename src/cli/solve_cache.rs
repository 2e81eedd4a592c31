//! Solutions kept on disk, so that solving the same thing again is instant.
//! An entry is keyed by the game file as it reads once every `extends` is
//! resolved (comments and layout aside), the options and limits in force, the
//! position and this program's version. Only proven values are kept: an
//! unproven one may depend on the memory the solve had. An entry that cannot
//! be read is solved afresh and written again.
//!
//! The folder: `$MANCALA_CACHE`, else `$XDG_CACHE_HOME/mancala/solve`, else
//! `$HOME/.cache/mancala/solve`. Each entry is one small JSON file (a line per
//! decision at the start); nothing here removes them: deleting the folder is
//! safe at any time.
//!
//! Endgame databases (`mancala solve --endgame`) are kept there too, one file
//! each, keyed by the game file, options and limits and the database's own
//! identity (`EndgameDatabase::identity`): two bytes an arrangement of the
//! seeds it holds, within half the `--memory` that built it.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::Digest;

/// Changes whenever the solver may find something else for the same inputs.
const FORMAT: &str = "solve-2";

/// The folder solutions are kept in.
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// The folder the environment names, if it names one.
    pub fn from_env() -> Option<Cache> {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let dir = var("MANCALA_CACHE")
            .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("mancala/solve")))
            .or_else(|| var("HOME").map(|d| d.join(".cache/mancala/solve")))?;
        Some(Cache { dir })
    }

    /// The file of the entry keyed by `parts` (in order).
    pub fn entry(&self, parts: &[&str]) -> PathBuf {
        self.file(parts, "json")
    }

    /// The file keyed by `parts` (in order), of this `extension`.
    pub fn file(&self, parts: &[&str], extension: &str) -> PathBuf {
        let mut hasher = sha2::Sha256::new();
        for part in [FORMAT, env!("CARGO_PKG_VERSION")].iter().chain(parts) {
            // Each part's length first, so that no two lists of parts meet.
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part.as_bytes());
        }
        let digest: String = hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        self.dir.join(format!("{digest}.{extension}"))
    }
}

/// The entry at `path`, if there is one that reads.
pub fn read<T: DeserializeOwned>(path: &Path) -> Option<T> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

/// Writes the entry at `path` whole or not at all: into a file of its own
/// first, then renamed, so that a solve running beside never reads half.
pub fn write<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = serde_json::to_string(value).expect("plain data");
    write_with(path, "the solution", |file| file.write_all(text.as_bytes()))
}

/// Writes `what` at `path` as `write` does, by `write_into` a new file.
pub fn write_with(
    path: &Path,
    what: &str,
    write_into: impl FnOnce(&mut std::io::BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot keep {what} in {}: {e}", path.display());
    let dir = path.parent().expect("an entry lies in the cache folder");
    std::fs::create_dir_all(dir).map_err(fail)?;
    let partial = path.with_extension(format!("{}.partial", std::process::id()));
    let written = std::fs::File::create(&partial).and_then(|file| {
        let mut out = std::io::BufWriter::new(file);
        write_into(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    written
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            fail(e)
        })
}
