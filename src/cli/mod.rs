//! The command line: what it accepts (`args`), and each command as a function
//! of the library, grouped by what it does. Printing goes through `output`, so
//! that a reader going away (`mancala list | head`) stops it quietly.

pub mod args;
mod check;
mod compare;
mod games;
mod output;
mod play;
mod serve;
mod solve;
mod solve_cache;
mod solve_endgame;

use args::Command;
use mancala::studies::compare as studies_compare;

pub use check::CHECK_FAILED;

/// Exit status for bad input: a game file, an option, a position or a decision.
pub const BAD_INPUT: u8 = 2;

/// Why a command did not succeed.
pub enum Failure {
    /// Bad input: the message to print (exit status 2).
    BadInput(String),
    /// Scenarios ran and some expectation failed (exit status 1; already reported).
    Checks,
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::BadInput(message)
    }
}

/// The library's errors are bad input, told in their own words.
macro_rules! bad_input {
    ($($error:ty),*) => {$(
        impl From<$error> for Failure {
            fn from(error: $error) -> Self {
                Failure::BadInput(error.to_string())
            }
        }
    )*};
}

bad_input!(
    studies_compare::UnknownAgent,
    studies_compare::StudyError,
    mancala::input::ReadError
);

/// Runs one command.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::List => Ok(games::list()?),
        Command::Show(args) => Ok(games::show(args)?),
        Command::Explain(args) => Ok(games::explain(args)?),
        Command::Replay(args) => Ok(games::replay(args)?),
        Command::Random(args) => Ok(games::random_games(args)?),
        Command::Bench(args) => Ok(games::bench(args)?),
        Command::Validate(args) => Ok(check::validate(args)?),
        Command::Check(args) => check::check(args),
        Command::Compare(args) => compare::compare(args),
        Command::Merge(args) => compare::merge(args),
        Command::Play(args) => play::play(args),
        Command::Serve(args) => Ok(serve::serve(args)?),
        Command::Solve(args) => Ok(solve::solve(args)?),
    }
}
