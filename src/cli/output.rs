//! Printing to stdout, for a reader that may go away.

/// Writes to stdout; when the reader has gone (`mancala list | head`), stops
/// quietly instead of panicking.
pub fn emit(text: std::fmt::Arguments, newline: bool) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let written = stdout.write_fmt(text).and_then(|()| {
        if newline {
            stdout.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if written.is_err() {
        std::process::exit(0);
    }
}

macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::output::emit(format_args!($($arg)*), false) };
}

macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::output::emit(format_args!($($arg)*), true) };
}

pub(crate) use {out, outln};
