//! The commands that compare variants: whole, or in shards merged later.

use std::path::PathBuf;

use clap::Args;

use mancala::Side;
use mancala::language::catalog;
use mancala::language::source::Source;
use mancala::rules::game::Game;
use mancala::rules::state::GameState;
use mancala::solve::{Budget, Valued, Verdict, solve};
use mancala::studies::compare;

use crate::cli::Failure;
use crate::cli::args::{GameArgs, RoundArgs, parse_shard, parse_variant};
use crate::cli::output::{out, outln};

#[derive(Args)]
pub struct CompareArgs {
    #[arg(required = true, value_name = "VARIANT")]
    pub variants: Vec<String>,
    /// Games per variant.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// Game i of each variant is played with seed S+i.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// South's agent: random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
    #[arg(long, value_name = "AGENT", default_value = "random")]
    pub south: String,
    /// North's agent: random, greedy, alphabeta:DEPTH|TIME or mcts:ITERATIONS|TIME.
    #[arg(long, value_name = "AGENT", default_value = "random")]
    pub north: String,
    /// One JSON object per variant, one per line.
    #[arg(long)]
    pub json: bool,
    /// CSV, one row per variant.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Completed turns after which a game ends as unfinished (GEN-11).
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u32>,
    /// Also write SVG charts (game lengths, South's score) into this folder.
    #[arg(long, value_name = "DIR")]
    pub plot: Option<PathBuf>,
    /// Play only slice I of K of the games and print a mergeable shard (JSON
    /// lines) instead of the summary; `mancala merge` combines the shards.
    #[arg(long, value_name = "I/K", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Play matches of rounds, as each game file's [match] section says.
    #[arg(long = "match")]
    pub as_match: bool,
    /// Also solve each variant from its start (as `mancala solve` does, with
    /// at most 5,000,000 positions and a 256 MiB table) and show South's
    /// exact value where that proves it.
    #[arg(long, conflicts_with_all = ["shard", "as_match"])]
    pub exact: bool,
    #[command(flatten)]
    pub rounds: RoundArgs,
}

#[derive(Args)]
pub struct MergeArgs {
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[arg(long)]
    pub json: bool,
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
}

/// `mancala compare`: many games of each variant, summarised side by side (or
/// one shard of them, to merge later).
pub fn compare(args: CompareArgs) -> Result<(), Failure> {
    let study = compare::Study {
        games: args.games,
        seed: args.seed,
        agents: [
            compare::Agent::parse(&args.south)?,
            compare::Agent::parse(&args.north)?,
        ],
        matches: args.as_match,
    };
    compare::check_study(args.games, args.shard)?;
    // Everything is loaded and checked before any game is played, so that a
    // bad variant or chart folder fails at once with nothing printed.
    let variants = load_variants(&args)?;
    if let Some(dir) = &args.plot {
        mancala::studies::plot::prepare(dir)?;
    }
    let range = match args.shard {
        Some((i, k)) => compare::shard_range(args.games, i, k),
        None => 0..args.games,
    };
    let mut summaries = Vec::new();
    for (variant, source, game) in &variants {
        let played = play_with_progress(variant, game, &study, range.clone());
        match args.shard {
            Some(slice) => {
                let shard = compare::Shard::new(variant, (source, game), &study, slice, played)
                    .map_err(|e| e.render())?;
                outln!("{}", serde_json::to_string(&shard).expect("plain data"));
            }
            None => {
                let mut summary = compare::summarise(variant, &played, args.as_match);
                if args.exact {
                    (summary.exact_verdict, summary.exact_margin) = exact(game).unzip();
                }
                summaries.push(summary);
            }
        }
    }
    if args.shard.is_some() {
        return Ok(());
    }
    print_summaries(&summaries, args.json, args.csv);
    if let Some(dir) = args.plot {
        for file in mancala::studies::plot::write(&dir, &summaries)? {
            eprintln!("wrote {file}");
        }
    }
    Ok(())
}

/// Each variant named, with its source and the game loaded under the
/// comparison's limits.
fn load_variants(args: &CompareArgs) -> Result<Vec<(&String, Source, Game)>, Failure> {
    let mut variants = Vec::new();
    for variant in &args.variants {
        let (id, options) = parse_variant(variant)?;
        let setup = GameArgs {
            options,
            max_turns: args.max_turns,
            lap_limit: None,
            rounds: args.rounds,
        };
        let game = setup.load(&id)?;
        if args.as_match && game.match_rules().is_none() {
            return Err(format!("{variant}: {}", mancala::rules::match_play::NoMatchRules).into());
        }
        let source = catalog::source(&id).map_err(|e| e.render())?;
        variants.push((variant, source, game));
    }
    Ok(variants)
}

/// The games of `range` played, a progress bar drawn on stderr meanwhile
/// (only when it is a terminal).
fn play_with_progress(
    variant: &str,
    game: &Game,
    study: &compare::Study,
    range: std::ops::Range<u64>,
) -> Vec<compare::Played> {
    let progress =
        indicatif::ProgressBar::new(range.end - range.start).with_message(variant.to_string());
    progress.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games, {eta} left")
            .expect("a valid template"),
    );
    let played = compare::play_range(game, study, range, &|| progress.inc(1));
    progress.finish_and_clear();
    played
}

/// `mancala merge`: the shards of one comparison, summarised as one.
pub fn merge(args: MergeArgs) -> Result<(), Failure> {
    let mut shards = Vec::new();
    for file in &args.files {
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
    print_summaries(&summaries, args.json, args.csv);
    Ok(())
}

/// South's exact value from the game's start, where a small solve proves it.
fn exact(game: &Game) -> Option<(Verdict, i64)> {
    let budget = Budget {
        memory: 256 << 20,
        positions: 5_000_000,
        threads: 1,
        line: mancala::solve::MAX_LINE,
        valued: Valued::Best,
    };
    let start = game.deal(0, game.start().to_move());
    let solution = mancala::with_cells!(game.cell_class(), N => {
        solve(&GameState::<N>::from_any_position(game, &start), budget)
    })
    .ok()
    .filter(|s| s.proven() && s.turn_limit_met == 0)?;
    let value = match solution.to_move {
        Side::South => solution.value,
        Side::North => solution.value.for_other(),
    };
    Some((value.verdict, value.margin))
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
