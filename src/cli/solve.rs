//! `mancala solve`: the exact value of a game's start (or of a position) under
//! perfect play, and of each decision there.

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::Args;
use serde::{Deserialize, Serialize};

use mancala::Position;
use mancala::agents::deadline::Deadline;
use mancala::rules::game::Game;
use mancala::rules::state::GameState;
use mancala::solve::{
    self, Budget, EndgameDatabase, Method, Progress, Solution, Value, Valued, Valuing, Verdict,
};

use crate::cli::args::GameArgs;
use crate::cli::output::{out, outln};
use crate::cli::solve_cache::{self, Cache};
use crate::cli::solve_endgame::{self, EndgameReport};

/// Memory the table takes unless told otherwise.
const DEFAULT_MEMORY: usize = 1 << 30;

#[derive(Args)]
pub struct SolveArgs {
    pub game: String,
    /// Solve this position file (JSON, the shape of the `position` object)
    /// rather than the start.
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
    /// Where the setup scatters seeds at random, the deal to solve.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub deal: u64,
    /// Memory for the tables, which every thread shares: a number of bytes
    /// with K, M or G (1G by default; at least 1M).
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<usize>,
    /// Threads solving, sharing the memory's tables (default: one a core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Give up after examining this many positions.
    #[arg(long, value_name = "N", default_value_t = 10_000_000_000)]
    pub positions: u64,
    /// `search` (alpha-beta to the end of every line), `retrograde` (every
    /// reachable position listed, valued from the ends back: exact where
    /// seeds can go round for ever), or `auto`: the search, then retrograde
    /// analysis where the search could not prove its value.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// Which decisions at the start to value exactly: `all`, or `best` (the
    /// start's value first, then each decision tested against it, the others
    /// shown only as worse: several times faster).
    #[arg(long, value_enum, default_value_t = DecisionsArg::All)]
    pub decisions: DecisionsArg,
    /// Start with an endgame database of every position with at most SEEDS
    /// seeds on the board: read from the cache folder, else built first (on
    /// the solve's threads, in at most half of --memory: two bytes an
    /// arrangement of the seeds) and kept there. For games valued by the
    /// margin still to win where no capture gives seeds back.
    #[arg(long, value_name = "SEEDS", value_parser = clap::value_parser!(u32).range(1..=126))]
    pub endgame: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Neither read nor keep solutions in the cache folder (`MANCALA_CACHE`,
    /// else `XDG_CACHE_HOME/mancala/solve`, else `~/.cache/mancala/solve`).
    #[arg(long)]
    pub no_cache: bool,
    #[command(flatten)]
    pub setup: GameArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    Auto,
    Search,
    Retrograde,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DecisionsArg {
    All,
    Best,
}

impl MethodArg {
    fn choice(self) -> solve::Choice {
        match self {
            MethodArg::Auto => solve::Choice::Auto,
            MethodArg::Search => solve::Choice::Only(Method::Search),
            MethodArg::Retrograde => solve::Choice::Only(Method::Retrograde),
        }
    }
}

/// A size in bytes: digits with an optional K, M or G (powers of 1,024).
fn parse_size(text: &str) -> Result<usize, String> {
    let (digits, unit) = match text.char_indices().last() {
        Some((at, 'K' | 'k')) => (&text[..at], 1 << 10),
        Some((at, 'M' | 'm')) => (&text[..at], 1 << 20),
        Some((at, 'G' | 'g')) => (&text[..at], 1 << 30),
        _ => (text, 1),
    };
    digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|&bytes| (1 << 20..=1 << 40).contains(&bytes))
        .ok_or_else(|| "expected a size such as 512M or 2G (at least 1M, at most 1024G)".into())
}

#[derive(Serialize, Deserialize)]
struct Report {
    game: String,
    method: Method,
    to_move: String,
    verdict: Verdict,
    margin: i64,
    proven: bool,
    /// The game is played as a match: only this round is solved.
    one_round: bool,
    valuing: Valuing,
    decisions: Vec<DecisionReport>,
    /// Decisions proved worse than the best, their values not sought
    /// (`--decisions best`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    worse: Vec<String>,
    positions: u64,
    turn_limit_met: u64,
    repeats_met: u64,
    /// Why retrograde analysis, tried after the search, gave no value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retrograde_failed: Option<String>,
    seconds: f64,
    /// Read from the cache, as an earlier solve found it (in `seconds`).
    #[serde(default)]
    cached: bool,
    /// The endgame database the search started with (`--endgame`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    endgame: Option<EndgameReport>,
}

#[derive(Serialize, Deserialize)]
struct DecisionReport {
    decision: String,
    verdict: Verdict,
    margin: i64,
}

/// `mancala solve GAME`.
pub fn solve(args: SolveArgs) -> Result<(), String> {
    if args.endgame.is_some() && args.method == MethodArg::Retrograde {
        return Err(
            "--endgame serves the search: retrograde analysis values every position itself".into(),
        );
    }
    let game = args.setup.load(&args.game)?;
    let start = start_of(&game, &args)?;
    check_endgame(&game, &start, &args)?;
    let entry = match args.no_cache {
        true => None,
        false => Cache::from_env().map(|cache| cache_entry(&cache, &args, &game, &start)),
    };
    let cached = entry.as_deref().and_then(solve_cache::read::<Report>);
    let report = match cached {
        Some(report) => Report {
            cached: true,
            ..report
        },
        None => {
            let mut report = solved(&game, &start, &args)?;
            if let Some(path) = entry.filter(|_| report.proven) {
                // Where this solve's database came from is not the answer's.
                let endgame = report.endgame.take();
                // The answer stands without the cache: a failure is only told.
                if let Err(error) = solve_cache::write(&path, &report) {
                    eprintln!("warning: {error}");
                }
                report.endgame = endgame;
            }
            report
        }
    };
    match args.json {
        true => outln!("{}", serde_json::to_string(&report).expect("plain data")),
        false => out!("{}", text(&report)),
    }
    Ok(())
}

/// Refuses `--endgame` where no database can serve the solve, before the
/// cache may answer it.
fn check_endgame(game: &Game, start: &Position, args: &SolveArgs) -> Result<(), String> {
    let Some(seeds) = args.endgame else {
        return Ok(());
    };
    let memory = args.memory.unwrap_or(DEFAULT_MEMORY);
    mancala::with_cells!(game.cell_class(), N => {
        let state = GameState::<N>::from_any_position(game, start);
        EndgameDatabase::identity(&state, seeds, memory)
            .map(|_| ())
            .map_err(|e| format!("--endgame {seeds}: {e}"))
    })
}

/// The cache's entry for solving `start` of `game` as `args` ask: the file as
/// resolved, the options and limits in force, the position and the method.
fn cache_entry(cache: &Cache, args: &SolveArgs, game: &Game, start: &Position) -> PathBuf {
    let [resolved, options, limits] = game_key(args, game);
    cache.entry(&[
        &resolved,
        &options,
        &limits,
        &format!("{start:?}"),
        &format!("{:?}", args.method),
        &format!("{:?}", args.decisions),
    ])
}

/// What keys a game in the cache: the file as resolved (comments and layout
/// aside), the options and the limits in force.
fn game_key(args: &SolveArgs, game: &Game) -> [String; 3] {
    let resolved = mancala::language::catalog::source(&args.game)
        .and_then(|source| mancala::language::load::resolved_text(&source))
        .unwrap_or_default();
    let options: Vec<String> = game
        .options()
        .iter()
        .map(|option| format!("{}={}", option.name, option.value))
        .collect();
    [resolved, options.join(" "), format!("{:?}", game.limits())]
}

/// Solves `start`, showing progress on a terminal.
fn solved(game: &Game, start: &Position, args: &SolveArgs) -> Result<Report, String> {
    let budget = Budget {
        memory: args.memory.unwrap_or(DEFAULT_MEMORY),
        positions: args.positions,
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
        line: solve::MAX_LINE,
        valued: match args.decisions {
            DecisionsArg::All => Valued::Every,
            DecisionsArg::Best => Valued::Best,
        },
    };
    let shown = std::io::stderr().is_terminal();
    let report = |progress: Progress| {
        if shown {
            eprint!("\r\x1b[K{}", progress_line(&progress));
        }
    };
    // The identity holds the game's id, options and limits; the file as
    // resolved tells an edited file from the bundled one.
    let keep = |identity: &str| {
        let [resolved, ..] = game_key(args, game);
        let cache = Cache::from_env().filter(|_| !args.no_cache)?;
        Some(cache.file(&[&resolved, identity], "endgame"))
    };
    let mut endgame = None;
    let solution = mancala::with_cells!(game.cell_class(), N => {
        let state = GameState::<N>::from_any_position(game, start);
        let database = match args.endgame {
            Some(seeds) => {
                let (database, report) = solve_endgame::database(&state, seeds, budget, &keep)?;
                endgame = Some(report);
                Some(database)
            }
            None => None,
        };
        let choice = args.method.choice();
        solve::solve_by(&state, (budget, database), choice, Deadline::none(), report)
    });
    if shown
        && solution
            .as_ref()
            .is_ok_and(|s| s.positions >= solve::REPORT_EVERY)
    {
        eprint!("\r\x1b[K");
    }
    let solution = solution.map_err(|e| e.to_string())?;
    Ok(Report {
        endgame,
        ..report_of(game, &solution)
    })
}

fn report_of(game: &Game, solution: &Solution) -> Report {
    Report {
        game: game.id().to_string(),
        method: solution.method,
        to_move: solution.to_move.name().to_string(),
        verdict: solution.value.verdict,
        margin: solution.value.margin,
        proven: solution.proven(),
        one_round: game.match_rules().is_some(),
        valuing: solution.valuing,
        decisions: solution
            .decisions
            .iter()
            .map(|&(decision, value)| DecisionReport {
                decision: game.decision_name(decision),
                verdict: value.verdict,
                margin: value.margin,
            })
            .collect(),
        worse: solution
            .worse
            .iter()
            .map(|&decision| game.decision_name(decision))
            .collect(),
        positions: solution.positions,
        turn_limit_met: solution.turn_limit_met,
        repeats_met: solution.repeats_met,
        retrograde_failed: solution.retrograde_failed.as_ref().map(ToString::to_string),
        seconds: solution.elapsed.as_secs_f64(),
        cached: false,
        endgame: None,
    }
}

/// The position to solve: the file's, else the start (its deal).
fn start_of(game: &Game, args: &SolveArgs) -> Result<Position, String> {
    let Some(path) = &args.position else {
        return Ok(game.deal(args.deal, game.start().to_move()));
    };
    let text = mancala::input::read_text(path, mancala::input::MAX_TEXT_BYTES)
        .map_err(|e| e.to_string())?;
    mancala::present::json::parse_position(game, &text)
        .map_err(|e| format!("{}: invalid position: {e}", path.display()))
}

fn text(report: &Report) -> String {
    let side = side_name(&report.to_move);
    let value = |verdict, margin| Value { verdict, margin };
    let mut text = format!(
        "{}: {side} to move {}\n",
        report.game,
        outcome(value(report.verdict, report.margin))
    );
    // One column for the names, as wide as the longest (`a1:hand=12:cw`).
    let width = report
        .decisions
        .iter()
        .map(|d| d.decision.len())
        .max()
        .unwrap_or(0)
        .max(8);
    for decision in &report.decisions {
        let value = value(decision.verdict, decision.margin);
        text += &format!(
            "  {:<width$} {side} {}\n",
            decision.decision,
            outcome(value)
        );
    }
    if !report.worse.is_empty() {
        text += &format!("  worse: {} (values not sought)\n", report.worse.join(" "));
    }
    text + &how_found(report)
}

/// The lines after the values: how they were found, and what they hold for.
fn how_found(report: &Report) -> String {
    let valuing = match report.valuing {
        Valuing::Margin => "margins still to win, shared by every split of the scores",
        Valuing::Outcome => "outcomes, then margins",
    };
    let mut text = match report.method {
        Method::Search => format!(
            "{} positions examined in {:.2} s (the table kept {valuing})\n",
            report.positions, report.seconds
        ),
        Method::Retrograde => format!(
            "{} positions reachable, each valued from the ends back (retrograde analysis), \
             in {:.2} s; play that never ends counts as unfinished, drawn\n",
            report.positions, report.seconds
        ),
    };
    if let Some(endgame) = &report.endgame {
        text += &endgame.text();
    }
    if report.cached {
        text += "from the cache: solved before with these rules, options and position\n";
    }
    if report.turn_limit_met > 0 {
        text += &format!(
            "{} lines reached the turn limit (GEN-11) and count as unfinished, drawn: \
             the value holds for that limit\n",
            report.turn_limit_met
        );
    }
    if report.one_round {
        text += "one round: the value is this round's; the match's later rounds are not solved\n";
    }
    if !report.proven {
        text += &format!(
            "not proven: {} positions came back along a line and count as drawn\n",
            report.repeats_met
        );
        if let Some(why) = &report.retrograde_failed {
            text += &format!("retrograde analysis gave no value: {why}\n");
        }
    }
    text
}

/// "decision 2 of 6: between loses by 2 and wins by 4; 12.6M positions, 14 s,
/// about 56 s left".
fn progress_line(progress: &Progress) -> String {
    let solving = match progress.decision {
        Some((index, count)) => format!("decision {} of {count}", index + 1),
        None => "the start".to_string(),
    };
    let between = match progress.between {
        (Some(low), Some(high)) => format!("between {} and {}", outcome(low), outcome(high)),
        (Some(low), None) => format!("at least {}", outcome(low)),
        (None, Some(high)) => format!("at most {}", outcome(high)),
        (None, None) => "no bound yet".into(),
    };
    let left = match progress.left() {
        Some(left) => format!(", about {:.0} s left", left.as_secs_f64()),
        None => String::new(),
    };
    format!(
        "solving: {solving}, {between}; {:.1}M positions, {:.0} s{left}",
        progress.positions as f64 / 1e6,
        progress.elapsed.as_secs_f64()
    )
}

/// "South" for "south".
fn side_name(name: &str) -> String {
    let mut letters = name.chars();
    letters
        .next()
        .map(|first| first.to_uppercase().chain(letters).collect())
        .unwrap_or_default()
}

/// "wins by 6", "loses by 2", "draws"; a margin against the verdict (a game
/// won or lost by a rule, not by seeds) is shown as seeds.
fn outcome(value: Value) -> String {
    let by = value.margin.abs();
    match (value.verdict, value.margin.signum()) {
        (Verdict::Win, 1) => format!("wins by {by}"),
        (Verdict::Loss, -1) => format!("loses by {by}"),
        (Verdict::Draw, 0) => "draws".into(),
        (Verdict::Win, _) => format!("wins ({:+} in seeds)", value.margin),
        (Verdict::Loss, _) => format!("loses ({:+} in seeds)", value.margin),
        (Verdict::Draw, _) => format!("draws ({:+} in seeds)", value.margin),
    }
}
