//! `mancala compare`: many games of several variants, side by side — who wins,
//! how long games last, how much choice there is, how decisive they are.
//! Games run in parallel; game i of a variant always uses seed S+i, so the
//! results are the same on any number of threads.

use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::agents::deadline::Deadline;
use crate::agents::playout;
use crate::agents::search::AlphaBeta;
use crate::input::printable;
use crate::language::catalog::Source;
use crate::language::error::LoadError;
use crate::rules::game::{AtRoundLimit, Game, Limits};
use crate::rules::match_play::MatchState;
use crate::rules::state::{Reason, Status};

pub use crate::agents::{Agent, UnknownAgent};

/// One game's facts.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Played {
    /// The game's index in the study (its seed is the study's seed plus this).
    pub index: u64,
    /// Who won (the match, when games are matches), or that none did.
    pub status: Status,
    /// Why it ended.
    pub reason: Reason,
    /// Completed turns (over all rounds of a match).
    pub turns: u32,
    /// Decisions made by both sides (over all rounds of a match).
    pub decisions: u32,
    /// Sum over decisions of the number of legal choices.
    pub choices: u64,
    /// Times the lead on captures passed from one side to the other.
    pub lead_changes: u32,
    /// |South's captures − North's| at the end, over all seeds.
    pub margin: f64,
    /// Seeds both sides had captured at the end.
    pub captured: u32,
    /// Candidate moves found endless (GEN-7) during the game.
    pub endless: u32,
    /// Wall-clock time the game took to play, in seconds.
    pub seconds: f64,
    /// Rounds played (1 for a single game).
    #[serde(default = "one_round")]
    pub rounds: u32,
    /// Decisions after which the eventual winner was behind on captures.
    #[serde(default)]
    pub winner_behind: u32,
    /// Legal choices at each decision, in order (for the chart; not in shards;
    /// kept for the first `CHART_GAMES` games of a study only).
    #[serde(skip)]
    pub choices_by_decision: Vec<u16>,
}

fn one_round() -> u32 {
    1
}

/// One game of a study, or `None` where `deadline` passed before its end.
fn play(
    game: &Game,
    index: u64,
    seed: u64,
    agents: [Agent; 2],
    as_match: bool,
    deadline: &Deadline,
) -> Option<Played> {
    crate::with_cells!(game.cell_class(), N => {
        play_sized::<N>(game, index, seed, agents, as_match, deadline)
    })
}

/// `play`, with positions of `N` cells (at least the board's).
fn play_sized<const N: usize>(
    game: &Game,
    index: u64,
    seed: u64,
    agents: [Agent; 2],
    as_match: bool,
    deadline: &Deadline,
) -> Option<Played> {
    let start = Instant::now();
    let mut rng = playout::rng(seed);
    let mut state =
        MatchState::<N>::dealt_sized(game, seed, as_match).expect("checked by the caller");
    let (mut choices, mut lead_changes, mut leader) = (0u64, 0u32, 0i64);
    let mut choices_by_decision = Vec::new();
    // The lead (South +1, North -1, level 0) after each decision.
    let mut leads: Vec<i8> = Vec::new();
    let mut searchers = [AlphaBeta::default(), AlphaBeta::default()];
    while state.outcome().is_none() {
        if deadline.passed() {
            return None;
        }
        choices += state.legal().len() as u64;
        if index < CHART_GAMES {
            choices_by_decision.push(state.legal().len().min(u16::MAX as usize) as u16);
        }
        let side = state.position().to_move.index();
        let (round, searcher) = (state.round(), &mut searchers[side]);
        let index = agents[side].choose_before(round, &mut rng, searcher, deadline.clone());
        state.play_index(index);
        let [south, north] = state.position().captured;
        let lead = (south as i64 - north as i64).signum();
        leads.push(lead as i8);
        if lead != 0 && leader != 0 && lead != leader {
            lead_changes += 1;
        }
        if lead != 0 {
            leader = lead;
        }
    }
    let p = state.position();
    let outcome = state.outcome().expect("played to the end");
    let trailing = match outcome.status {
        Status::SouthWon => -1,
        Status::NorthWon => 1,
        Status::Draw | Status::Unfinished => 0,
    };
    let winner_behind = leads
        .iter()
        .filter(|&&lead| trailing != 0 && lead == trailing)
        .count() as u32;
    let total = (p.seeds_on_board() + p.captured[0] + p.captured[1]).max(1);
    Some(Played {
        index,
        status: outcome.status,
        reason: outcome.reason,
        turns: state.turns(),
        decisions: state.decisions().len() as u32,
        choices,
        lead_changes,
        margin: (p.captured[0] as f64 - p.captured[1] as f64).abs() / total as f64,
        captured: p.captured[0] + p.captured[1],
        endless: state.endless_met(),
        seconds: start.elapsed().as_secs_f64(),
        rounds: state.results().len() as u32,
        winner_behind,
        choices_by_decision,
    })
}

/// What a study plays of each variant: game i with seed `seed + i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Study {
    /// Games played of each variant (from 1 to `MAX_GAMES`).
    pub games: u64,
    /// The seed of game 0; game i is played with `seed + i`.
    pub seed: u64,
    /// Who decides for South and for North, in that order.
    pub agents: [Agent; 2],
    /// Each game a match of rounds.
    pub matches: bool,
}

/// Most games in one study: every game's facts are kept until it is summed up.
pub const MAX_GAMES: u64 = 10_000_000;
/// Games of a study whose choices at each decision are kept for the branching chart.
pub const CHART_GAMES: u64 = 10_000;

/// A study's size and slice, checked: `games` from 1 to `MAX_GAMES`, slice
/// `i` of `k` with `i < k <= games`.
pub fn check_study(games: u64, shard: Option<(u64, u64)>) -> Result<(), StudyError> {
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(StudyError::Games(games));
    }
    if let Some((i, k)) = shard
        && (i >= k || k > games)
    {
        return Err(StudyError::Shard { i, k, games });
    }
    Ok(())
}

/// Why a study cannot be played or its shards merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StudyError {
    /// A study of this many games, outside 1 to `MAX_GAMES`.
    #[error("--games is {0}; a study plays 1 to {MAX_GAMES} games")]
    Games(u64),
    /// Slice `i` of `k` (`--shard I/K`), which a study of `games` games does not have.
    #[error(
        "shard {i}/{k} of {games} games: K runs from 1 to the number of games, I from 0 to K-1"
    )]
    Shard {
        /// The slice asked for, from 0.
        i: u64,
        /// The number of slices.
        k: u64,
        /// The games of the whole study.
        games: u64,
    },
    /// Nothing was given to merge.
    #[error("no shards to merge")]
    NoShards,
    /// A shard whose study is not a study (its own size or slice is wrong).
    #[error("a shard of `{variant}` is not a slice of its study: {why}")]
    NotASlice {
        /// The variant the shard is of (made printable).
        variant: String,
        /// What is wrong with its size or slice.
        why: Box<StudyError>,
    },
    /// Two shards of this variant come from different studies.
    #[error(
        "shards of `{0}` do not match (engine, rules file, games, seed, agents, --match or limits differ)"
    )]
    Mismatch(String),
    /// A variant's shards together do not hold each of its games exactly once.
    #[error("`{variant}`: the shards hold {held} of {games} games, or some twice")]
    Incomplete {
        /// The variant (made printable).
        variant: String,
        /// Games the shards hold in all.
        held: u64,
        /// Games of the study.
        games: u64,
    },
}

/// What `compare` reports for one variant.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The variant's label, as the command line named it.
    pub variant: String,
    /// Games played.
    pub games: u64,
    /// Whether each game was a match of rounds (then wins are match wins).
    pub matches: bool,
    /// Mean rounds per game (1 where games are not matches).
    pub rounds_mean: f64,
    /// Games South won.
    pub south_wins: u64,
    /// Games North won.
    pub north_wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games stopped at a limit before the rules ended them (turns, rounds).
    pub unfinished: u64,
    /// South's share of the finished games (draws counting half), with a 95%
    /// Wilson interval; none when no game finished.
    pub south_score: Option<f64>,
    /// The low end of `south_score`'s interval.
    pub south_score_low: Option<f64>,
    /// The high end of `south_score`'s interval.
    pub south_score_high: Option<f64>,
    /// Mean game length, in completed turns.
    pub turns_mean: f64,
    /// Median game length, in turns.
    pub turns_median: f64,
    /// The game length in turns that a tenth of the games do not pass.
    pub turns_p10: f64,
    /// The game length in turns that nine tenths of the games do not pass.
    pub turns_p90: f64,
    /// Mean decisions per game.
    pub decisions_mean: f64,
    /// Mean legal choices per decision, over every decision of every game.
    pub branching_mean: f64,
    /// Games ended by a repeated position (GEN-10) or, in matches, a repeated
    /// round start.
    pub repetition_draws: u64,
    /// Candidate moves found endless (GEN-7), over all games.
    pub endless_moves_met: u64,
    /// Mean times per game the lead on captures changed sides.
    pub lead_changes_mean: f64,
    /// Drama: over the games won, the mean share of decisions after which the
    /// eventual winner was behind on captures; none when no game was won.
    pub drama: Option<f64>,
    /// Mean final capture margin as a share of all seeds (0: even, 1: a whitewash).
    pub decisiveness: f64,
    /// Seeds captured per turn, over all games.
    pub captured_per_turn: f64,
    /// Mean wall-clock time of a game, in milliseconds.
    pub milliseconds_per_game: f64,
    /// Every game's length in turns, in seed order (for charts).
    #[serde(skip)]
    pub turn_counts: Vec<u32>,
    /// Mean legal choices at decision 1, 2, ... over the games still going
    /// (while at least a tenth of them are; for charts).
    #[serde(skip)]
    pub branching_by_decision: Vec<f64>,
    /// South's exact outcome under perfect play from the start (`compare
    /// --exact`), where the variant was solved within the budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_verdict: Option<crate::solve::Verdict>,
    /// South's exact margin under perfect play, with `exact_verdict`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_margin: Option<i64>,
}

/// Plays `games` games of `game` (seeds `seed`, `seed+1`, ...) and sums them up.
pub fn run(label: &str, game: &Game, games: u64, seed: u64, agents: [Agent; 2]) -> Summary {
    let study = Study {
        games,
        seed,
        agents,
        matches: false,
    };
    summarise(label, &play_range(game, &study, 0..games, &|| {}), false)
}

/// Games `indices` of a study (game i with seed `seed + i`), in index order;
/// `done` is called as each game ends (for a progress bar).
pub fn play_range(
    game: &Game,
    study: &Study,
    indices: std::ops::Range<u64>,
    done: &(dyn Fn() + Sync),
) -> Vec<Played> {
    play_range_before(game, study, indices, done, &Deadline::none()).expect("no deadline to pass")
}

/// `play_range`, or `None` once `deadline` has passed (each game stops at its
/// next decision, a search within one move's work).
pub fn play_range_before(
    game: &Game,
    study: &Study,
    indices: std::ops::Range<u64>,
    done: &(dyn Fn() + Sync),
    deadline: &Deadline,
) -> Option<Vec<Played>> {
    indices
        .into_par_iter()
        .map(|i| {
            let seed = study.seed.wrapping_add(i);
            let played = play(game, i, seed, study.agents, study.matches, deadline)?;
            done();
            Some(played)
        })
        .collect()
}

/// One slice of a study, written by `compare --shard I/K` and read by `merge`:
/// what it needs to be merged only with its own kind.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shard {
    /// The version of this program that played the games.
    pub engine: String,
    /// The variant's label.
    pub variant: String,
    /// SHA-256 of the resolved game file and the options in force.
    pub rules: String,
    /// Games of the whole study, not of this slice.
    pub games: u64,
    /// The study's seed (game i is played with `seed + i`).
    pub seed: u64,
    /// South's agent and North's, by name.
    pub agents: [String; 2],
    /// Whether each game was a match of rounds (`--match`).
    #[serde(default)]
    pub matches: bool,
    /// The limits the games were played under (GEN-7, GEN-11, match rounds).
    pub limits: ShardLimits,
    /// `[I, K]`: slice I of K.
    pub shard: [u64; 2],
    /// The facts of each game of the slice.
    pub played: Vec<Played>,
}

impl Shard {
    /// Slice `i` of `k` of `study` of `game` (loaded from `source`), holding
    /// the games played.
    pub fn new(
        variant: &str,
        (source, game): (&Source, &Game),
        study: &Study,
        (i, k): (u64, u64),
        played: Vec<Played>,
    ) -> Result<Shard, LoadError> {
        Ok(Shard {
            engine: env!("CARGO_PKG_VERSION").to_string(),
            variant: variant.to_string(),
            rules: rules_hash(source, game)?,
            games: study.games,
            seed: study.seed,
            agents: study.agents.map(|a| a.to_string()),
            matches: study.matches,
            limits: game.limits().into(),
            shard: [i, k],
            played,
        })
    }
}

/// SHA-256 of the game file as resolved and of the options in force.
fn rules_hash(source: &Source, game: &Game) -> Result<String, LoadError> {
    use sha2::Digest;
    let text = crate::language::load::resolved_text(source)?;
    let mut hasher = sha2::Sha256::new();
    hasher.update(text.as_bytes());
    let options = serde_json::to_string(&crate::present::json::options(game)).expect("plain data");
    hasher.update(options.as_bytes());
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// `Limits` as a shard records them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardLimits {
    /// The turn limit (GEN-11).
    pub turns: u32,
    /// The lap limit (GEN-7).
    pub laps: u32,
    /// The round limit of a match.
    pub rounds: u32,
    /// Repeated round starts after which a match is drawn (`None`: never).
    pub round_repeats: Option<u32>,
    /// How a match that reaches the round limit ends.
    #[serde(default)]
    pub at_round_limit: AtRoundLimit,
}

impl From<Limits> for ShardLimits {
    fn from(l: Limits) -> ShardLimits {
        ShardLimits {
            turns: l.turns,
            laps: l.laps,
            rounds: l.rounds,
            round_repeats: l.round_repeats,
            at_round_limit: l.at_round_limit,
        }
    }
}

/// The games of shard `i` of `k` in a study of `games`: a contiguous slice.
pub fn shard_range(games: u64, i: u64, k: u64) -> std::ops::Range<u64> {
    let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(k.max(1))) as u64;
    at(i)..at(i + 1)
}

/// Merges shards into one summary per variant (in order of first appearance),
/// refusing shards of other rules, engines, agents, seeds or sizes, and studies
/// with games missing or repeated.
pub fn merge(shards: Vec<Shard>) -> Result<Vec<Summary>, StudyError> {
    if shards.is_empty() {
        return Err(StudyError::NoShards);
    }
    let mut studies: Vec<Shard> = Vec::new();
    for shard in shards {
        let [i, k] = shard.shard;
        check_study(shard.games, Some((i, k))).map_err(|why| StudyError::NotASlice {
            variant: printable(&shard.variant),
            why: Box::new(why),
        })?;
        match studies.iter_mut().find(|s| s.variant == shard.variant) {
            None => studies.push(shard),
            Some(study) => {
                let same = study.engine == shard.engine
                    && study.rules == shard.rules
                    && study.games == shard.games
                    && study.seed == shard.seed
                    && study.agents == shard.agents
                    && study.matches == shard.matches
                    && study.limits == shard.limits;
                if !same {
                    return Err(StudyError::Mismatch(printable(&shard.variant)));
                }
                study.played.extend(shard.played);
            }
        }
    }
    studies
        .into_iter()
        .map(|mut study| {
            study.played.sort_by_key(|p| p.index);
            let complete = study.played.len() as u64 == study.games
                && study
                    .played
                    .iter()
                    .enumerate()
                    .all(|(i, p)| p.index == i as u64);
            if !complete {
                return Err(StudyError::Incomplete {
                    variant: printable(&study.variant),
                    held: study.played.len() as u64,
                    games: study.games,
                });
            }
            Ok(summarise(&study.variant, &study.played, study.matches))
        })
        .collect()
}

/// Sums up the games played of one variant (`label`); `matches` says whether
/// each was a match of rounds.
pub fn summarise(label: &str, played: &[Played], matches: bool) -> Summary {
    let n = played.len().max(1) as f64;
    let count = |status: Status| played.iter().filter(|p| p.status == status).count() as u64;
    let (south, north, draws) = (
        count(Status::SouthWon),
        count(Status::NorthWon),
        count(Status::Draw),
    );
    // Unfinished games have no result, so they do not count for either side.
    let finished = (south + north + draws) as f64;
    let score = (finished > 0.0).then(|| (south as f64 + draws as f64 / 2.0) / finished);
    let interval = score.map(|score| wilson(score, finished));
    let mut turns: Vec<f64> = played.iter().map(|p| p.turns as f64).collect();
    turns.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        turns
            .get(((turns.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let mean = |f: &dyn Fn(&Played) -> f64| played.iter().map(f).sum::<f64>() / n;
    let all_turns: f64 = played.iter().map(|p| p.turns as f64).sum();
    Summary {
        exact_verdict: None,
        exact_margin: None,
        variant: label.to_string(),
        games: played.len() as u64,
        matches,
        rounds_mean: mean(&|p| p.rounds as f64),
        south_wins: south,
        north_wins: north,
        draws,
        unfinished: count(Status::Unfinished),
        south_score: score,
        south_score_low: interval.map(|(low, _)| low),
        south_score_high: interval.map(|(_, high)| high),
        turns_mean: mean(&|p| p.turns as f64),
        turns_median: quantile(0.5),
        turns_p10: quantile(0.1),
        turns_p90: quantile(0.9),
        decisions_mean: mean(&|p| p.decisions as f64),
        branching_mean: played.iter().map(|p| p.choices as f64).sum::<f64>()
            / played
                .iter()
                .map(|p| p.decisions as f64)
                .sum::<f64>()
                .max(1.0),
        repetition_draws: played
            .iter()
            .filter(|p| matches!(p.reason, Reason::Repetition | Reason::RoundRepetition))
            .count() as u64,
        endless_moves_met: played.iter().map(|p| p.endless as u64).sum(),
        lead_changes_mean: mean(&|p| p.lead_changes as f64),
        drama: {
            let won: Vec<&Played> = played
                .iter()
                .filter(|p| matches!(p.status, Status::SouthWon | Status::NorthWon))
                .collect();
            let share = |p: &&Played| p.winner_behind as f64 / p.decisions.max(1) as f64;
            (!won.is_empty()).then(|| won.iter().map(share).sum::<f64>() / won.len() as f64)
        },
        decisiveness: mean(&|p| p.margin),
        captured_per_turn: played.iter().map(|p| p.captured as f64).sum::<f64>()
            / all_turns.max(1.0),
        milliseconds_per_game: mean(&|p| p.seconds * 1000.0),
        turn_counts: played.iter().map(|p| p.turns).collect(),
        branching_by_decision: branching_by_decision(played),
    }
}

fn branching_by_decision(played: &[Played]) -> Vec<f64> {
    let enough = (played.len() / 10).max(1);
    let mut means = Vec::new();
    for decision in 0.. {
        let going: Vec<u16> = played
            .iter()
            .filter_map(|p| p.choices_by_decision.get(decision).copied())
            .collect();
        if going.len() < enough {
            break;
        }
        means.push(going.iter().map(|&c| c as f64).sum::<f64>() / going.len() as f64);
    }
    means
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959964;
    let denominator = 1.0 + Z * Z / n;
    let centre = (p + Z * Z / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A table row: its label and how to print a variant's value.
type Row = (&'static str, fn(&Summary) -> String);

/// A variant's exact value, or why it has none.
fn exact_cell(s: &Summary) -> String {
    use crate::solve::Verdict;
    let by = s.exact_margin.unwrap_or(0).abs();
    match s.exact_verdict {
        Some(Verdict::Win) => format!("wins by {by}"),
        Some(Verdict::Loss) => format!("loses by {by}"),
        Some(Verdict::Draw) => "draws".into(),
        None => "- (not solved)".into(),
    }
}

/// The summaries as a table, one column per variant.
pub fn table(summaries: &[Summary]) -> String {
    let mut rows: Vec<Row> = vec![
        ("games", |s| s.games.to_string()),
        ("south wins", |s| s.south_wins.to_string()),
        ("north wins", |s| s.north_wins.to_string()),
        ("draws", |s| s.draws.to_string()),
        ("unfinished", |s| s.unfinished.to_string()),
        ("south score (95% CI)", |s| {
            match (s.south_score, s.south_score_low, s.south_score_high) {
                (Some(p), Some(low), Some(high)) => format!("{p:.3} ({low:.3}-{high:.3})"),
                _ => "- (no game finished)".to_string(),
            }
        }),
        ("turns: mean", |s| format!("{:.1}", s.turns_mean)),
        ("turns: median (p10-p90)", |s| {
            format!(
                "{:.0} ({:.0}-{:.0})",
                s.turns_median, s.turns_p10, s.turns_p90
            )
        }),
        ("decisions: mean", |s| format!("{:.1}", s.decisions_mean)),
        ("branching factor", |s| format!("{:.2}", s.branching_mean)),
        ("repetition draws", |s| s.repetition_draws.to_string()),
        ("endless moves met", |s| s.endless_moves_met.to_string()),
        ("lead changes: mean", |s| {
            format!("{:.2}", s.lead_changes_mean)
        }),
        ("drama", |s| {
            s.drama
                .map_or_else(|| "- (no game won)".into(), |d| format!("{d:.3}"))
        }),
        ("decisiveness", |s| format!("{:.3}", s.decisiveness)),
        ("captured per turn", |s| {
            format!("{:.2}", s.captured_per_turn)
        }),
        ("ms per game", |s| format!("{:.3}", s.milliseconds_per_game)),
    ];
    if summaries.iter().any(|s| s.matches) {
        rows[0].0 = "games (matches: wins are match wins)";
        rows.insert(1, ("rounds: mean", |s| format!("{:.2}", s.rounds_mean)));
    }
    if summaries.iter().any(|s| s.exact_verdict.is_some()) {
        rows.insert(0, ("exact: South under perfect play", exact_cell));
    }
    let cells: Vec<Vec<String>> = summaries
        .iter()
        .map(|s| rows.iter().map(|(_, f)| f(s)).collect())
        .collect();
    let label_width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let widths: Vec<usize> = summaries
        .iter()
        .zip(&cells)
        .map(|(s, column)| {
            column
                .iter()
                .map(String::len)
                .chain([s.variant.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Padded by hand: a format width past 65,535 (a long variant label) panics.
    let pad = |text: &str, width: usize| " ".repeat(width.saturating_sub(text.len()));
    let mut out = pad("", label_width);
    for (s, w) in summaries.iter().zip(&widths) {
        out += &format!("  {}{}", pad(&s.variant, *w), s.variant);
    }
    out.push('\n');
    for (r, (label, _)) in rows.iter().enumerate() {
        out += &format!("{label}{}", pad(label, label_width));
        for (column, w) in cells.iter().zip(&widths) {
            out += &format!("  {}{}", pad(&column[r], *w), column[r]);
        }
        out.push('\n');
    }
    out
}

/// The summaries as CSV, one row per variant.
pub fn csv(summaries: &[Summary]) -> String {
    let value = serde_json::to_value(summaries).expect("plain data");
    let rows = value.as_array().expect("a list");
    if rows.is_empty() {
        return String::new();
    }
    // Every row's fields, in the order met (some are only where known).
    let mut header: Vec<&str> = Vec::new();
    for key in rows
        .iter()
        .filter_map(|r| r.as_object())
        .flat_map(|r| r.keys())
    {
        if !header.contains(&key.as_str()) {
            header.push(key);
        }
    }
    let mut out = header.join(",") + "\n";
    for row in rows {
        let cells: Vec<String> = header
            .iter()
            .map(|k| match row.get(*k) {
                // A field only some rows have (`exact_*`).
                None => String::new(),
                Some(serde_json::Value::String(s)) => format!("\"{}\"", s.replace('"', "\"\"")),
                Some(other) => other.to_string(),
            })
            .collect();
        out += &(cells.join(",") + "\n");
    }
    out
}
