//! What the command line accepts: its commands, and the arguments several
//! share. Each command's own arguments are defined beside its code.

use clap::{Args, Parser, Subcommand};

use mancala::language::catalog;
use mancala::rules::game::{AtRoundLimit, Game, Limits};

use crate::cli::{check, compare, games, play, serve, solve};

/// A rules interpreter for mancala (sowing) games described in TOML files.
///
/// GAME is a bundled game's id (see `mancala list`) or a path to any game file,
/// so a new variant is played by writing a .toml file, without recompiling.
#[derive(Parser)]
#[command(version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// List the bundled games with one-line summaries.
    List,
    /// Show a game: its board from South's seat with hole names, options and rules summary.
    Show(games::ShowArgs),
    /// Read a game's rules back as numbered English prose generated from its file.
    Explain(games::ExplainArgs),
    /// Apply decisions (hole names such as a3) and print the resulting position.
    Replay(games::ReplayArgs),
    /// Check game files without playing them, under every option value worth
    /// trying; print errors and warnings. Exit status 0 when all are valid, 2 otherwise.
    Validate(check::ValidateArgs),
    /// Run scenario files (a start, decisions, what must hold after) and report
    /// every failed expectation; exit status 1 if any fails, 2 if a scenario
    /// file is broken (every file is run either way).
    Check(check::CheckArgs),
    /// Play many games of several variants and compare them side by side.
    ///
    /// A VARIANT is a game id or file, optionally with options:
    /// `GAME:seeds_per_hole=4`, `my-variant.toml:holes_per_row=36`.
    Compare(compare::CompareArgs),
    /// Combine the shards written by `compare --shard` into one comparison.
    Merge(compare::MergeArgs),
    /// Play a game in the terminal against an agent (or watch two agents).
    Play(play::PlayArgs),
    /// Measure random playouts per second on this machine, on one core and on all.
    Bench(games::BenchArgs),
    /// Serve the web playground: the library, a board to play on, a game-file
    /// editor with live diagnostics, and comparisons with charts.
    Serve(serve::ServeArgs),
    /// Play uniformly random games, reproducibly: game i uses seed S+i.
    Random(games::RandomArgs),
    /// The exact value of a game's start (or a position) under perfect play,
    /// and of each decision there: won, drawn or lost, and by how many seeds.
    Solve(solve::SolveArgs),
}

#[derive(Args)]
pub struct GameArgs {
    /// Set a game option, e.g. --option holes_per_row=16 (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// Completed turns after which a game ends as unfinished (GEN-11).
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u32>,
    /// Laps after which a sowing counts as endless and the move as illegal (GEN-7).
    #[arg(long, value_name = "N")]
    pub lap_limit: Option<u32>,
    #[command(flatten)]
    pub rounds: RoundArgs,
}

/// How far a match may go (with --match).
#[derive(Args, Clone, Copy)]
pub struct RoundArgs {
    /// Rounds after which a match is cut short (default 100).
    #[arg(long, value_name = "N")]
    max_rounds: Option<u32>,
    /// How a match cut short by --max-rounds ends: unfinished, or won by the
    /// side ahead (in the tally, or in seeds held where rounds are refilled).
    #[arg(long, value_name = "HOW", value_enum)]
    at_round_limit: Option<RoundLimitEnd>,
    /// Draw a match once rounds have started N times as earlier rounds did
    /// (no source draws for it; by default a repeated start ends nothing).
    #[arg(long, value_name = "N")]
    round_repeats: Option<u32>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum RoundLimitEnd {
    Unfinished,
    Ahead,
}

/// A number of seconds a measurement may take.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(s),
        _ => Err("expected a number of seconds from 0.01 to 3600".into()),
    }
}

/// `I/K` with I < K.
pub fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let (i, k) = text.split_once('/').ok_or("expected I/K, e.g. 0/4")?;
    let (i, k): (u64, u64) = (
        i.parse().map_err(|_| "I is a number")?,
        k.parse().map_err(|_| "K is a number")?,
    );
    if i >= k {
        return Err(format!("shard {i}/{k}: I runs from 0 to K-1"));
    }
    Ok((i, k))
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    catalog::parse_option(text).map_err(|e| e.to_string())
}

pub fn parse_variant(text: &str) -> Result<(String, Vec<(String, String)>), String> {
    catalog::parse_variant(text).map_err(|e| e.to_string())
}

impl GameArgs {
    /// The game, with these options and limits.
    pub fn load(&self, game: &str) -> Result<Game, String> {
        let mut loaded = catalog::load(game, &self.options).map_err(|e| e.render())?;
        let limits = loaded.limits();
        let limits = Limits {
            turns: self.max_turns.unwrap_or(limits.turns),
            laps: self.lap_limit.unwrap_or(limits.laps),
            rounds: self.rounds.max_rounds.unwrap_or(limits.rounds),
            round_repeats: self.rounds.round_repeats.or(limits.round_repeats),
            at_round_limit: match self.rounds.at_round_limit {
                None => limits.at_round_limit,
                Some(RoundLimitEnd::Unfinished) => AtRoundLimit::Unfinished,
                Some(RoundLimitEnd::Ahead) => AtRoundLimit::Ahead,
            },
        };
        loaded.set_limits(limits).map_err(|e| e.to_string())?;
        Ok(loaded)
    }
}
