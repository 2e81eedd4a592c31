//! `mancala play`: a game in the terminal, against an agent or between two.

use std::path::PathBuf;

use clap::Args;

use mancala::present::interactive::{self, Player};
use mancala::present::json;
use mancala::rules::game::Game;
use mancala::rules::match_play::MatchState;

use crate::cli::Failure;
use crate::cli::args::GameArgs;
use crate::cli::output::outln;

#[derive(Args)]
pub struct PlayArgs {
    pub game: String,
    /// human, random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
    #[arg(long, value_name = "PLAYER", default_value = "human")]
    pub south: String,
    /// human, random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
    #[arg(long, value_name = "PLAYER", default_value = "alphabeta:6")]
    pub north: String,
    /// Seed for the agents' random choices (and the deal, where the setup
    /// scatters seeds at random).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Save the game record (JSON: game, options, decisions) to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play a match of rounds, as the game file's [match] section says.
    #[arg(long = "match")]
    pub as_match: bool,
    #[command(flatten)]
    pub setup: GameArgs,
}

pub fn play(args: PlayArgs) -> Result<(), Failure> {
    let players = [Player::parse(&args.south)?, Player::parse(&args.north)?];
    let id = &args.game;
    let game = args.setup.load(id)?;
    let start =
        MatchState::dealt(&game, args.seed, args.as_match).map_err(|e| format!("{id}: {e}"))?;
    let stdin = std::io::stdin();
    let decisions = interactive::play(
        start,
        players,
        args.seed,
        &mut stdin.lock(),
        &mut std::io::stdout(),
    )
    .map_err(|e| e.to_string())?;
    let options: String = args
        .setup
        .options
        .iter()
        .map(|(k, v)| format!(" --option {k}={v}"))
        .collect();
    let mut flag = if args.as_match { " --match" } else { "" }.to_string();
    if game.dealt() {
        flag += &format!(" --deal {}", args.seed);
    }
    outln!(
        "replay with: mancala replay {id}{flag} {}{options}",
        decisions.join(" ")
    );
    if let Some(file) = &args.record {
        save_record(file, &game, &args, &decisions)?;
        outln!("record saved to {}", file.display());
    }
    Ok(())
}

/// The game's record as JSON: the game, its options, the decisions (and the
/// deal, where the setup scatters seeds).
fn save_record(
    file: &PathBuf,
    game: &Game,
    args: &PlayArgs,
    decisions: &[String],
) -> Result<(), String> {
    let mut saved = serde_json::json!({
        "game": game.id(),
        "options": json::options(game),
        "match": args.as_match,
        "decisions": decisions,
    });
    if game.dealt() {
        saved["deal"] = args.seed.into();
    }
    std::fs::write(file, format!("{saved}\n"))
        .map_err(|e| format!("cannot save {}: {e}", file.display()))
}
