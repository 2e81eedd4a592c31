//! The `mancala` command line: parsing and printing only; each command is in
//! `cli/`, a function of the library.

#![forbid(unsafe_code)]

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::{BAD_INPUT, CHECK_FAILED, Failure};

fn main() -> ExitCode {
    let cli = cli::args::Cli::parse();
    match cli::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Checks) => ExitCode::from(CHECK_FAILED),
        Err(Failure::BadInput(message)) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(BAD_INPUT)
        }
    }
}
