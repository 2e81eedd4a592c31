//! The `mancala` command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use mancala::agents::playout;
use mancala::language::catalog;
use mancala::present::{json, render};
use mancala::rules::game::{AtRoundLimit, Game, Limits};
use mancala::rules::match_play::MatchState;
use mancala::studies::{compare, scenario};

/// A rules interpreter for mancala (sowing) games described in TOML files.
///
/// GAME is a bundled game's id (see `mancala list`) or a path to any game file,
/// so a new variant is played by writing a .toml file, without recompiling.
#[derive(Parser)]
#[command(version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the bundled games with one-line summaries.
    List,
    /// Show a game: its board from South's seat with hole names, options and rules summary.
    Show {
        game: String,
        /// Print the game file as it reads with every `extends` resolved.
        #[arg(long)]
        resolved: bool,
        #[command(flatten)]
        setup: GameArgs,
    },
    /// Read a game's rules back as numbered English prose generated from its file.
    Explain {
        game: String,
        #[command(flatten)]
        setup: GameArgs,
    },
    /// Apply decisions (hole names such as a3) and print the resulting position.
    Replay {
        game: String,
        /// Decisions in order, each a hole name.
        decisions: Vec<String>,
        /// Print the machine-readable JSON object instead of a drawing.
        #[arg(long)]
        json: bool,
        /// With --json: print one object per line, at the start and after every
        /// decision (JSON Lines), each with only the decision that led to it.
        #[arg(long, requires = "json")]
        trace: bool,
        /// Start from this position file (JSON, the shape of the `position` object).
        #[arg(long, value_name = "FILE")]
        position: Option<PathBuf>,
        /// Play a match of rounds, as the game file's [match] section says.
        #[arg(long = "match")]
        as_match: bool,
        /// Where the setup scatters seeds at random ([setup] scatter), the deal
        /// that lays them out (`random` deals game i from its seed S+i).
        #[arg(long, value_name = "N", default_value_t = 0)]
        deal: u64,
        #[command(flatten)]
        setup: GameArgs,
    },
    /// Check game files without playing them, under every option value worth
    /// trying; print errors and warnings. Exit status 0 when all are valid, 2 otherwise.
    Validate {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Run scenario files (a start, decisions, what must hold after) and report
    /// every failed expectation; exit status 1 if any fails, 2 if a scenario
    /// file is broken (every file is run either way).
    Check {
        /// Scenario files, or folders searched for scenario *.toml files (game
        /// files met there are passed over).
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
        /// List the clause ids (`**XX-N**`) of these rules documents that no
        /// scenario cites.
        #[arg(long, value_name = "RULES.md", num_args = 1..)]
        coverage: Vec<PathBuf>,
    },
    /// Play many games of several variants and compare them side by side.
    ///
    /// A VARIANT is a game id or file, optionally with options:
    /// `GAME:seeds_per_hole=4`, `my-variant.toml:holes_per_row=36`.
    Compare {
        #[arg(required = true, value_name = "VARIANT")]
        variants: Vec<String>,
        /// Games per variant.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        games: u64,
        /// Game i of each variant is played with seed S+i.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// South's agent: random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
        #[arg(long, value_name = "AGENT", default_value = "random")]
        south: String,
        /// North's agent: random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
        #[arg(long, value_name = "AGENT", default_value = "random")]
        north: String,
        /// One JSON object per variant, one per line.
        #[arg(long)]
        json: bool,
        /// CSV, one row per variant.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// Completed turns after which a game ends as unfinished (GEN-11).
        #[arg(long, value_name = "N")]
        max_turns: Option<u32>,
        /// Also write SVG charts (game lengths, South's score) into this folder.
        #[arg(long, value_name = "DIR")]
        plot: Option<PathBuf>,
        /// Play only slice I of K of the games and print a mergeable shard (JSON
        /// lines) instead of the summary; `mancala merge` combines the shards.
        #[arg(long, value_name = "I/K", value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Play matches of rounds, as each game file's [match] section says.
        #[arg(long = "match")]
        as_match: bool,
        #[command(flatten)]
        rounds: RoundArgs,
    },
    /// Combine the shards written by `compare --shard` into one comparison.
    Merge {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        #[arg(long)]
        json: bool,
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// Play a game in the terminal against an agent (or watch two agents).
    Play {
        game: String,
        /// human, random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
        #[arg(long, value_name = "PLAYER", default_value = "human")]
        south: String,
        /// human, random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
        #[arg(long, value_name = "PLAYER", default_value = "alphabeta:6")]
        north: String,
        /// Seed for the agents' random choices (and the deal, where the setup
        /// scatters seeds at random).
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Save the game record (JSON: game, options, decisions) to this file.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Play a match of rounds, as the game file's [match] section says.
        #[arg(long = "match")]
        as_match: bool,
        #[command(flatten)]
        setup: GameArgs,
    },
    /// Measure random playouts per second on this machine, on one core and on all.
    Bench {
        /// Games to measure (default: every bundled game).
        #[arg(value_name = "GAME")]
        games_to_time: Vec<String>,
        /// Seconds spent on each measurement (0.01 to 3600).
        #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = parse_seconds)]
        seconds: f64,
        #[command(flatten)]
        setup: GameArgs,
    },
    /// Serve the web playground: the library, a board to play on, a game-file
    /// editor with live diagnostics, and comparisons with charts.
    Serve {
        /// The port to listen on (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; the default serves this machine only.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// A folder of game files to offer beside the bundled games (only its
        /// own .toml files are read).
        #[arg(long, value_name = "DIR")]
        games: Option<PathBuf>,
        /// A folder of scenario files to run on the scenarios page (only its own
        /// files, and games bundled or inside it, are read).
        #[arg(long, value_name = "DIR")]
        scenarios: Option<PathBuf>,
        /// A host name requests may name besides localhost and addresses
        /// (repeatable); others are refused, so that a page elsewhere cannot
        /// drive the server through a name pointed at this machine.
        #[arg(long, value_name = "NAME")]
        allow_host: Vec<String>,
        /// Let the editor save files into the --games folder.
        #[arg(long, requires = "games")]
        writable: bool,
    },
    /// Play uniformly random games, reproducibly: game i uses seed S+i.
    Random {
        /// One or more games; `all` means every bundled game.
        #[arg(required = true, value_name = "GAME")]
        games_to_play: Vec<String>,
        /// The base seed: game i of the run is played with seed S+i.
        #[arg(long, value_name = "S")]
        seed: u64,
        /// Games to play of each GAME.
        #[arg(long, value_name = "N", default_value_t = 1)]
        games: u64,
        /// One JSON object per game and line.
        #[arg(long)]
        json: bool,
        /// Play matches of rounds, as each game file's [match] section says.
        #[arg(long = "match")]
        as_match: bool,
        #[command(flatten)]
        setup: GameArgs,
    },
}

#[derive(Args)]
struct GameArgs {
    /// Set a game option, e.g. --option holes_per_row=16 (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    options: Vec<(String, String)>,
    /// Completed turns after which a game ends as unfinished (GEN-11).
    #[arg(long, value_name = "N")]
    max_turns: Option<u32>,
    /// Laps after which a sowing counts as endless and the move as illegal (GEN-7).
    #[arg(long, value_name = "N")]
    lap_limit: Option<u32>,
    #[command(flatten)]
    rounds: RoundArgs,
}

/// How far a match may go (with --match).
#[derive(Args, Clone, Copy)]
struct RoundArgs {
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
fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(s),
        _ => Err("expected a number of seconds from 0.01 to 3600".into()),
    }
}

/// `I/K` with I < K.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
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

fn parse_variant(text: &str) -> Result<(String, Vec<(String, String)>), String> {
    catalog::parse_variant(text).map_err(|e| e.to_string())
}

impl GameArgs {
    fn load(&self, game: &str) -> Result<Game, String> {
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

/// Writes to stdout; when the reader has gone (`mancala list | head`), stops
/// quietly instead of panicking.
fn emit(text: std::fmt::Arguments, newline: bool) {
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
    ($($arg:tt)*) => { emit(format_args!($($arg)*), false) };
}

macro_rules! outln {
    ($($arg:tt)*) => { emit(format_args!($($arg)*), true) };
}

/// Exit status for bad input: a game file, an option, a position or a decision.
const BAD_INPUT: u8 = 2;

/// Why a command did not succeed.
enum Failure {
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
    compare::UnknownAgent,
    compare::StudyError,
    mancala::input::ReadError
);

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
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

fn run(command: Command) -> Result<(), Failure> {
    let loaded = |args: &GameArgs, game: &str| args.load(game);
    match command {
        Command::List => Ok(list()?),
        Command::Serve {
            port,
            bind,
            games,
            scenarios,
            allow_host,
            writable,
        } => Ok(mancala::serve::run(mancala::serve::Config {
            bind,
            port,
            games,
            scenarios,
            allow_host,
            writable,
        })?),
        Command::Validate { files } => Ok(validate(&files)?),
        Command::Merge { files, json, csv } => {
            let mut shards = Vec::new();
            for file in &files {
                let text = mancala::input::read_text(file, mancala::input::MAX_SHARD_BYTES)
                    .map_err(|e| e.to_string())?;
                if text.trim().is_empty() {
                    return Err(format!("{}: holds no shard", file.display()).into());
                }
                for (n, line) in text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !l.trim().is_empty())
                {
                    let shard: compare::Shard = serde_json::from_str(line)
                        .map_err(|e| format!("{}:{}: not a shard: {e}", file.display(), n + 1))?;
                    shards.push(shard);
                }
            }
            let summaries = compare::merge(shards)?;
            print_summaries(&summaries, json, csv);
            Ok(())
        }
        Command::Play {
            game: id,
            south,
            north,
            seed,
            record,
            as_match,
            setup,
        } => {
            let players = [
                mancala::present::interactive::Player::parse(&south)?,
                mancala::present::interactive::Player::parse(&north)?,
            ];
            let game = loaded(&setup, &id)?;
            let start =
                MatchState::dealt(&game, seed, as_match).map_err(|e| format!("{id}: {e}"))?;
            let stdin = std::io::stdin();
            let decisions = mancala::present::interactive::play(
                start,
                players,
                seed,
                &mut stdin.lock(),
                &mut std::io::stdout(),
            )
            .map_err(|e| e.to_string())?;
            let options: String = setup
                .options
                .iter()
                .map(|(k, v)| format!(" --option {k}={v}"))
                .collect();
            let mut flag = if as_match { " --match" } else { "" }.to_string();
            if game.scatters() {
                flag += &format!(" --deal {seed}");
            }
            outln!(
                "replay with: mancala replay {id}{flag} {}{options}",
                decisions.join(" ")
            );
            if let Some(file) = record {
                let mut saved = serde_json::json!({
                    "game": game.id(),
                    "options": json::options(&game),
                    "match": as_match,
                    "decisions": decisions,
                });
                if game.scatters() {
                    saved["deal"] = seed.into();
                }
                std::fs::write(&file, format!("{saved}\n"))
                    .map_err(|e| format!("cannot save {}: {e}", file.display()))?;
                outln!("record saved to {}", file.display());
            }
            Ok(())
        }
        Command::Compare {
            variants,
            games,
            seed,
            south,
            north,
            json,
            csv,
            max_turns,
            plot,
            shard,
            as_match,
            rounds,
        } => {
            let study = compare::Study {
                games,
                seed,
                agents: [
                    compare::Agent::parse(&south)?,
                    compare::Agent::parse(&north)?,
                ],
                matches: as_match,
            };
            compare::check_study(games, shard)?;
            // Everything is loaded and checked before any game is played, so
            // that a bad variant or chart folder fails at once with nothing printed.
            let mut loaded_variants = Vec::new();
            for variant in &variants {
                let (id, options) = parse_variant(variant)?;
                let setup = GameArgs {
                    options,
                    max_turns,
                    lap_limit: None,
                    rounds,
                };
                let game = loaded(&setup, &id)?;
                if as_match && game.match_rules().is_none() {
                    return Err(
                        format!("{variant}: {}", mancala::rules::match_play::NoMatchRules).into(),
                    );
                }
                let source = catalog::source(&id).map_err(|e| e.render())?;
                loaded_variants.push((variant, source, game));
            }
            if let Some(dir) = &plot {
                mancala::studies::plot::prepare(dir)?;
            }
            let range = match shard {
                Some((i, k)) => compare::shard_range(games, i, k),
                None => 0..games,
            };
            let mut summaries = Vec::new();
            for (variant, source, game) in &loaded_variants {
                // Drawn on stderr, and only when it is a terminal.
                let progress = indicatif::ProgressBar::new(range.end - range.start)
                    .with_message(variant.to_string());
                progress.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{msg} {bar:40} {pos}/{len} games, {eta} left",
                    )
                    .expect("a valid template"),
                );
                let played = compare::play_range(game, &study, range.clone(), &|| progress.inc(1));
                progress.finish_and_clear();
                match shard {
                    Some(slice) => {
                        let shard =
                            compare::Shard::new(variant, (source, game), &study, slice, played)
                                .map_err(|e| e.render())?;
                        outln!("{}", serde_json::to_string(&shard).expect("plain data"));
                    }
                    None => summaries.push(compare::summarise(variant, &played, as_match)),
                }
            }
            if shard.is_some() {
                return Ok(());
            }
            print_summaries(&summaries, json, csv);
            if let Some(dir) = plot {
                for file in mancala::studies::plot::write(&dir, &summaries)? {
                    eprintln!("wrote {file}");
                }
            }
            Ok(())
        }
        Command::Bench {
            games_to_time,
            seconds,
            setup,
        } => {
            let ids = if games_to_time.is_empty() {
                catalog::bundled_ids()
            } else {
                games_to_time
            };
            let budget = std::time::Duration::from_secs_f64(seconds);
            let loaded: Vec<(String, Game)> = ids
                .into_iter()
                .map(|id| Ok((id.clone(), loaded(&setup, &id)?)))
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
        Command::Check {
            scenarios,
            coverage,
        } => check(&scenarios, &coverage),
        Command::Show {
            game,
            resolved: true,
            setup,
        } => {
            // Loaded first, so that a bad file or option is refused as by every command.
            loaded(&setup, &game)?;
            let source = catalog::source(&game).map_err(|e| e.render())?;
            out!(
                "{}",
                mancala::language::load::resolved_text(&source).map_err(|e| e.render())?
            );
            Ok(())
        }
        Command::Explain { game, setup } => {
            let loaded = loaded(&setup, &game)?;
            let source = catalog::source(&game).map_err(|e| e.render())?;
            let spec = mancala::language::load::spec_of(&source).map_err(|e| e.render())?;
            out!("{}", mancala::studies::explain::explain(&spec, &loaded));
            Ok(())
        }
        Command::Show { game, setup, .. } => {
            out!("{}", render::show(&loaded(&setup, &game)?));
            Ok(())
        }
        Command::Replay {
            game,
            decisions,
            json,
            trace,
            position,
            as_match,
            deal,
            setup,
        } => {
            let game = loaded(&setup, &game)?;
            let state = replay(&game, &decisions, position.as_deref(), as_match, deal)?;
            if trace {
                // Every decision is known legal now: nothing is printed otherwise.
                // Each line's `decisions` holds only the one that led to it.
                let mut state = replay(&game, &[], position.as_deref(), as_match, deal)?;
                let line = |state: &MatchState, played: &[String]| {
                    let mut object = json::replay(state);
                    object.decisions = played.to_vec();
                    serde_json::to_string(&object).expect("plain data")
                };
                outln!("{}", line(&state, &[]));
                for decision in &decisions {
                    let played = std::slice::from_ref(decision);
                    state.replay(played).expect("replayed once already");
                    outln!("{}", line(&state, played));
                }
            } else if json {
                outln!(
                    "{}",
                    serde_json::to_string(&json::replay(&state)).expect("plain data")
                );
            } else {
                out!("{}", render::state(&state));
            }
            Ok(())
        }
        Command::Random {
            games_to_play,
            seed,
            games,
            json,
            as_match,
            setup,
        } => {
            let ids = if games_to_play == ["all"] {
                catalog::bundled_ids()
            } else {
                games_to_play
            };
            let loaded: Vec<Game> = ids
                .iter()
                .map(|id| loaded(&setup, id))
                .collect::<Result<_, _>>()?;
            for game in &loaded {
                random(game, seed, games, json, as_match)?;
            }
            Ok(())
        }
    }
}

/// Exit status when scenarios ran but some expectation failed.
const CHECK_FAILED: u8 = 1;

fn check(paths: &[PathBuf], coverage: &[PathBuf]) -> Result<(), Failure> {
    use mancala::studies::scenario::Checked;
    // Rules documents are read first: a missing one fails before anything runs.
    let mut documents = Vec::new();
    for rules in coverage {
        let text = mancala::input::read_text(rules, mancala::input::MAX_TEXT_BYTES)
            .map_err(|e| e.to_string())?;
        documents.push((rules, scenario::clause_ids(&text)));
    }
    let batch = scenario::check_all(paths).map_err(|e| e.to_string())?;
    let (mut passed, mut failed, mut broken) = (0, 0, 0);
    for (file, checked) in &batch.files {
        match checked {
            Checked::Ran { clauses, failures } if failures.is_empty() => {
                passed += 1;
                outln!("ok    {}{}", file.display(), cited(clauses));
            }
            Checked::Ran { clauses, failures } => {
                failed += 1;
                outln!("FAIL  {}{}", file.display(), cited(clauses));
                for failure in failures {
                    outln!("{}", indent(failure));
                }
            }
            Checked::Broken(error) => {
                broken += 1;
                outln!("ERROR {}", file.display());
                outln!("{}", indent(&error.to_string()));
            }
        }
    }
    if !batch.skipped.is_empty() {
        outln!(
            "passed over {} game file(s), which are not scenarios",
            batch.skipped.len()
        );
    }
    match broken {
        0 => outln!("{passed} passed, {failed} failed"),
        _ => outln!("{passed} passed, {failed} failed, {broken} could not run"),
    }
    let cited = batch.cited();
    for (rules, ids) in documents {
        let missing: Vec<&str> = ids
            .iter()
            .map(String::as_str)
            .filter(|id| !cited.contains(id))
            .collect();
        match missing.as_slice() {
            [] => outln!("every clause of {} is cited", rules.display()),
            _ => outln!(
                "clauses of {} no scenario cites: {}",
                rules.display(),
                missing.join(" ")
            ),
        }
    }
    if broken > 0 {
        Err(Failure::BadInput(format!(
            "{broken} scenario file(s) could not run"
        )))
    } else if failed > 0 {
        Err(Failure::Checks)
    } else {
        Ok(())
    }
}

/// ` (NS-1 NS-2)`, or nothing for a scenario that cites no clause.
fn cited(clauses: &[String]) -> String {
    match clauses {
        [] => String::new(),
        _ => format!(" ({})", clauses.join(" ")),
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn validate(files: &[String]) -> Result<(), String> {
    let mut invalid = 0;
    for file in files {
        match mancala::language::validate::validate(file) {
            Ok(valid) => out!("{}", valid.report(file)),
            Err(report) => {
                eprint!("{report}");
                invalid += 1;
            }
        }
    }
    match invalid {
        0 => Ok(()),
        n => Err(format!("{n} of {} game files invalid", files.len())),
    }
}

fn list() -> Result<(), String> {
    for id in catalog::bundled_ids() {
        match catalog::load(&id, &[]) {
            Ok(game) => {
                let b = &game.board();
                outln!(
                    "{id:<28} {:<30} {}x{:<3} {}",
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

fn replay<'g>(
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
            MatchState::from_position(game, start, as_match).map(|state| state.dealing(deal))
        }
    };
    let mut state = state.map_err(|e| format!("{}: {e}", game.id()))?;
    state.replay(decisions).map_err(|e| e.to_string())?;
    Ok(state)
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

/// A comparison as a table (default), JSON lines or CSV.
fn print_summaries(summaries: &[compare::Summary], json: bool, csv: bool) {
    if json {
        for summary in summaries {
            outln!("{}", serde_json::to_string(summary).expect("plain data"));
        }
    } else if csv {
        out!("{}", compare::csv(summaries));
    } else {
        out!("{}", compare::table(summaries));
    }
}
