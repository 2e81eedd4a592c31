//! What people and programs read: board drawings, the JSON contract and
//! position files, play in the terminal.

pub mod interactive;
pub mod json;
pub mod render;

/// Text from a file or the command line made safe to print: control characters
/// (which could move the cursor or clear a terminal) are shown escaped.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}
