//! Input from users: files read only if regular (a FIFO would block, a device
//! never ends) and never past a stated size, so that no input can hang the
//! program or grow its memory without bound; and text they gave made safe to
//! print back.

use std::io::{BufRead, Read};
use std::path::Path;

/// Largest game file, scenario, position file or rules document, in bytes.
pub const MAX_TEXT_BYTES: u64 = 1 << 20;
/// Largest shard file `merge` reads, in bytes.
pub const MAX_SHARD_BYTES: u64 = 1 << 30;
/// Longest line `play` reads from its input, in bytes.
pub const MAX_LINE_BYTES: u64 = 4096;

/// Text from a file or the command line made safe to print: control characters
/// (which could move the cursor or clear a terminal) are shown escaped.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if acts_on_text(c) => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// Whether a character changes how the text around it is shown rather than
/// showing itself: a control character (a terminal acts on it), or a
/// direction mark or override (it reorders what follows, so that a name
/// could read as another).
pub fn acts_on_text(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {path}: {reason}")]
pub struct ReadError {
    /// The file, as named (control characters escaped).
    pub path: String,
    /// Why it was not read.
    pub reason: String,
}

/// The UTF-8 text of a regular file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let unreadable = |reason: String| ReadError {
        path: printable(&path.display().to_string()),
        reason,
    };
    // Asked before opening (opening a FIFO blocks until someone writes to it)
    // and again of the open file, so that what is checked is what is read.
    let regular = |metadata: std::io::Result<std::fs::Metadata>| match metadata {
        Ok(m) if m.is_file() => Ok(m),
        Ok(_) => Err(unreadable("not a regular file".into())),
        Err(e) => Err(unreadable(e.to_string())),
    };
    regular(std::fs::metadata(path))?;
    let file = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    let metadata = regular(file.metadata())?;
    if metadata.len() > limit {
        return Err(unreadable(format!("larger than {limit} bytes")));
    }
    // A file can grow while it is read: take at most one byte past the limit.
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(unreadable(format!("larger than {limit} bytes")));
    }
    String::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))
}

/// One line of at most `MAX_LINE_BYTES` from `input`, without its line ending;
/// `None` at the end of the input. A longer line is read to its end and refused.
pub fn read_line(input: &mut (impl BufRead + ?Sized)) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    let read = Read::take(&mut *input, MAX_LINE_BYTES + 1).read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if line.len() as u64 > MAX_LINE_BYTES && !line.ends_with(b"\n") {
        // Skip the rest of the line in bounded pieces.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = Read::take(&mut *input, MAX_LINE_BYTES).read_until(b'\n', &mut rest)?;
            if n == 0 || rest.ends_with(b"\n") {
                break;
            }
        }
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("a line is at most {MAX_LINE_BYTES} bytes"),
        ));
    }
    while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_folders_are_refused_without_reading() {
        for path in ["/dev/zero", "/dev/stdin", "/"] {
            let error = read_text(Path::new(path), MAX_TEXT_BYTES).unwrap_err();
            assert_eq!(error.reason, "not a regular file", "{path}");
        }
    }

    #[test]
    fn a_file_past_the_limit_is_refused() {
        let dir = std::env::temp_dir().join(format!("mancala-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("big.txt");
        std::fs::write(&file, "x".repeat(11)).unwrap();
        assert!(read_text(&file, 10).is_err());
        assert_eq!(read_text(&file, 11).unwrap().len(), 11);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_long_line_is_refused_and_the_next_one_read() {
        let text = format!("{}\nnext\r\n", "y".repeat(3 * MAX_LINE_BYTES as usize));
        let mut input = std::io::Cursor::new(text);
        assert!(read_line(&mut input).is_err());
        assert_eq!(read_line(&mut input).unwrap().as_deref(), Some("next"));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }
}
