//! The commands that show, replay, play at random and time games.

use std::path::PathBuf;

use clap::Args;

use mancala::agents::playout;
use mancala::language::catalog;
use mancala::present::{json, render};
use mancala::rules::game::Game;
use mancala::rules::match_play::MatchState;

use crate::cli::args::{GameArgs, parse_seconds};
use crate::cli::output::{out, outln};

#[derive(Args)]
pub struct ShowArgs {
    pub game: String,
    /// Print the game file as it reads with every `extends` resolved.
    #[arg(long)]
    pub resolved: bool,
    #[command(flatten)]
    pub setup: GameArgs,
}

#[derive(Args)]
pub struct ExplainArgs {
    pub game: String,
    #[command(flatten)]
    pub setup: GameArgs,
}

#[derive(Args)]
pub struct ReplayArgs {
    pub game: String,
    /// Decisions in order, each a hole name.
    pub decisions: Vec<String>,
    /// Print the machine-readable JSON object instead of a drawing.
    #[arg(long)]
    pub json: bool,
    /// With --json: print one object per line, at the start and after every
    /// decision (JSON Lines), each with only the decision that led to it.
    #[arg(long, requires = "json")]
    pub trace: bool,
    /// Start from this position file (JSON, the shape of the `position` object).
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// Play a match of rounds, as the game file's [match] section says.
    #[arg(long = "match")]
    pub as_match: bool,
    /// Where the setup scatters seeds at random ([setup] scatter), the deal
    /// that lays them out (`random` deals game i from its seed S+i).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub deal: u64,
    #[command(flatten)]
    pub setup: GameArgs,
}

#[derive(Args)]
pub struct RandomArgs {
    /// One or more games; `all` means every bundled game.
    #[arg(required = true, value_name = "GAME")]
    pub games_to_play: Vec<String>,
    /// The base seed: game i of the run is played with seed S+i.
    #[arg(long, value_name = "S")]
    pub seed: u64,
    /// Games to play of each GAME.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: u64,
    /// One JSON object per game and line.
    #[arg(long)]
    pub json: bool,
    /// Play matches of rounds, as each game file's [match] section says.
    #[arg(long = "match")]
    pub as_match: bool,
    #[command(flatten)]
    pub setup: GameArgs,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Games to measure (default: every bundled game).
    #[arg(value_name = "GAME")]
    pub games_to_time: Vec<String>,
    /// Seconds spent on each measurement (0.01 to 3600).
    #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = parse_seconds)]
    pub seconds: f64,
    #[command(flatten)]
    pub setup: GameArgs,
}

/// `mancala list`: the bundled games, a line each.
pub fn list() -> Result<(), String> {
    for id in catalog::bundled_ids() {
        match catalog::load(&id, &[]) {
            Ok(game) => {
                let b = &game.board();
                let also = match game.meta().aliases.as_slice() {
                    [] => String::new(),
                    aliases => format!(" (also: {})", aliases.join(", ")),
                };
                outln!(
                    "{id:<28} {:<30} {}x{:<3} {}{also}",
                    game.meta().name,
                    b.rows(),
                    b.columns(),
                    game.meta().summary
                );
            }
            Err(e) => outln!("{id:<28} (does not load: {e})"),
        }
    }
    Ok(())
}

/// `mancala show`: the board, options and rules summary, or (`--resolved`) the
/// file with every `extends` resolved.
pub fn show(args: ShowArgs) -> Result<(), String> {
    // Loaded first, so that a bad file or option is refused as by every command.
    let game = args.setup.load(&args.game)?;
    if !args.resolved {
        out!("{}", render::show(&game));
        return Ok(());
    }
    let source = catalog::source(&args.game).map_err(|e| e.render())?;
    let text = mancala::language::load::resolved_text(&source).map_err(|e| e.render())?;
    out!("{text}");
    Ok(())
}

/// `mancala explain`: the rules read back from the game file.
pub fn explain(args: ExplainArgs) -> Result<(), String> {
    let game = args.setup.load(&args.game)?;
    let source = catalog::source(&args.game).map_err(|e| e.render())?;
    let spec = mancala::language::load::spec_of(&source).map_err(|e| e.render())?;
    out!("{}", mancala::studies::explain::explain(&spec, &game));
    Ok(())
}

/// `mancala replay`: the position after the decisions, drawn, as JSON, or as
/// JSON lines one per decision (`--trace`).
pub fn replay(args: ReplayArgs) -> Result<(), String> {
    let game = args.setup.load(&args.game)?;
    let start = || {
        replayed(
            &game,
            &[],
            args.position.as_deref(),
            args.as_match,
            args.deal,
        )
    };
    let state = replayed(
        &game,
        &args.decisions,
        args.position.as_deref(),
        args.as_match,
        args.deal,
    )?;
    if args.trace {
        // Every decision is known legal now: nothing is printed otherwise.
        // Each line's `decisions` holds only the one that led to it.
        let mut state = start()?;
        let line = |state: &MatchState, played: &[String]| {
            let mut object = json::replay(state);
            object.decisions = played.to_vec();
            serde_json::to_string(&object).expect("plain data")
        };
        outln!("{}", line(&state, &[]));
        for decision in &args.decisions {
            let played = std::slice::from_ref(decision);
            state.replay(played).expect("replayed once already");
            outln!("{}", line(&state, played));
        }
    } else if args.json {
        outln!(
            "{}",
            serde_json::to_string(&json::replay(&state)).expect("plain data")
        );
    } else {
        out!("{}", render::state(&state));
    }
    Ok(())
}

fn replayed<'g>(
    game: &'g Game,
    decisions: &[String],
    position: Option<&std::path::Path>,
    as_match: bool,
    deal: u64,
) -> Result<MatchState<'g>, String> {
    let state = match position {
        None => MatchState::dealt(game, deal, as_match),
        Some(path) => {
            let text = mancala::input::read_text(path, mancala::input::MAX_TEXT_BYTES)
                .map_err(|e| e.to_string())?;
            let start = json::parse_position(game, &text)
                .map_err(|e| format!("{}: invalid position: {e}", path.display()))?;
            MatchState::from_position_dealt(game, start, as_match, deal)
        }
    };
    let mut state = state.map_err(|e| format!("{}: {e}", game.id()))?;
    state.replay(decisions).map_err(|e| e.to_string())?;
    Ok(state)
}

/// `mancala random`: random games (or matches) of each game named, reproducibly.
pub fn random_games(args: RandomArgs) -> Result<(), String> {
    let ids = if args.games_to_play == ["all"] {
        catalog::bundled_ids()
    } else {
        args.games_to_play
    };
    let loaded: Vec<Game> = ids
        .iter()
        .map(|id| args.setup.load(id))
        .collect::<Result<_, _>>()?;
    for game in &loaded {
        random(game, args.seed, args.games, args.json, args.as_match)?;
    }
    Ok(())
}

/// Games listed one by one up to this many; past it, only the summary.
const LIST_GAMES_UP_TO: u64 = 10;

fn random(game: &Game, seed: u64, games: u64, as_json: bool, as_match: bool) -> Result<(), String> {
    let mut tally = std::collections::BTreeMap::<&str, u64>::new();
    let (mut turns, mut rounds) = (0u64, 0u64);
    for index in 0..games {
        let game_seed = seed.wrapping_add(index);
        let state = playout::random_match(game, game_seed, as_match)
            .map_err(|e| format!("{}: {e}", game.id()))?;
        if as_json {
            outln!(
                "{}",
                serde_json::to_string(&json::random_game(&state, game_seed)).expect("plain data")
            );
            continue;
        }
        let outcome = state.outcome().expect("a random game is played to its end");
        let p = state.position();
        let played = state.results().len() as u64;
        if games <= LIST_GAMES_UP_TO {
            let length = match as_match {
                true => format!("{played} rounds, {} turns", state.turns()),
                false => format!("{} turns", state.turns()),
            };
            outln!(
                "{} seed {game_seed}: {} ({}) after {length}, captured south {} north {}",
                game.id(),
                outcome.status.name(),
                outcome.reason.name(),
                p.captured()[0],
                p.captured()[1]
            );
        }
        *tally.entry(outcome.status.name()).or_default() += 1;
        turns += u64::from(state.turns());
        rounds += played;
    }
    if !as_json {
        let per_game = |n: u64| n as f64 / games.max(1) as f64;
        let counts: Vec<String> = tally
            .iter()
            .map(|(k, &v)| format!("{k} {v} ({:.1}%)", 100.0 * per_game(v)))
            .collect();
        let rounds = match as_match {
            true => format!("{:.1} rounds, ", per_game(rounds)),
            false => String::new(),
        };
        outln!(
            "{}: {games} {}, seeds {seed}..{}: {}; mean length {rounds}{:.1} turns",
            game.id(),
            if as_match { "matches" } else { "games" },
            seed.wrapping_add(games.saturating_sub(1)),
            counts.join(", "),
            per_game(turns)
        );
    }
    Ok(())
}

/// `mancala bench`: random playouts per second, on one core and on all.
pub fn bench(args: BenchArgs) -> Result<(), String> {
    let ids = if args.games_to_time.is_empty() {
        catalog::bundled_ids()
    } else {
        args.games_to_time
    };
    let budget = std::time::Duration::from_secs_f64(args.seconds);
    let loaded: Vec<(String, Game)> = ids
        .into_iter()
        .map(|id| Ok((id.clone(), args.setup.load(&id)?)))
        .collect::<Result<_, String>>()?;
    outln!(
        "{:<28} {:>14} {:>14} {:>12} {:>15}   ({} threads)",
        "game",
        "games/s 1 core",
        "games/s all",
        "ns/decision",
        "position bytes",
        rayon::current_num_threads(),
    );
    for (id, game) in &loaded {
        let one = mancala::studies::bench::one_core(game, budget);
        let all = mancala::studies::bench::all_cores(game, budget);
        outln!(
            "{id:<28} {:>14.0} {:>14.0} {:>12.0} {:>15}",
            one.games_per_second(),
            all.games_per_second(),
            one.nanoseconds_per_decision(),
            mancala::studies::bench::position_bytes(game)
        );
    }
    Ok(())
}
