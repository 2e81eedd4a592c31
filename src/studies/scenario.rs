//! Scenarios: a start position, decisions, and what must hold afterwards — the
//! format in which rule clauses are pinned by tests (`tests/scenarios/`).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::input::printable;
use crate::input::{self, ReadError};
use crate::language::catalog;
use crate::language::error::{LoadError, Problem, SourceFile};
use crate::language::source::{Confinement, read_confined};
use crate::present::render;
use crate::rules::board::Side;
use crate::rules::game::{AtRoundLimit, Game, Limits};
use crate::rules::match_play::MatchState;
use crate::rules::position::Position;
use crate::rules::setup::Setup;

/// A scenario file as written: the game, where play starts, the decisions
/// played, and what must hold afterwards (docs/reference.md, "Scenario files").
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A bundled game id or a path (taken from the scenario's folder first).
    pub game: Spanned<String>,
    /// The rule clauses this scenario shows acting.
    pub clauses: Vec<String>,
    /// What happens, in words (shown in its report).
    pub about: String,
    /// Option values, as `--option NAME=VALUE` sets them.
    #[serde(default)]
    pub options: BTreeMap<String, toml::Value>,
    /// The turn limit (GEN-11), as `--max-turns` sets it.
    pub max_turns: Option<u32>,
    /// The lap limit (GEN-7), as `--lap-limit` sets it.
    pub lap_limit: Option<u32>,
    /// Play a match of rounds (the game's `[match]` section): `status` and
    /// `reason` are then the match's, and play goes on from round to round.
    #[serde(rename = "match", default)]
    pub as_match: bool,
    /// The round limit of a match, as `--max-rounds` sets it.
    pub max_rounds: Option<u32>,
    /// How a match cut short by `max_rounds` ends (`--at-round-limit`).
    pub at_round_limit: Option<AtRoundLimit>,
    /// Draw a match after this many repeated round starts (`--round-repeats`).
    pub round_repeats: Option<u32>,
    /// Decisions played in order, by name (`a3`, `a3:cw`).
    #[serde(default)]
    pub decisions: Vec<Spanned<String>>,
    /// Where play starts; the game's setup when absent.
    pub start: Option<Start>,
    /// What must hold after the decisions (`[expect]`).
    #[serde(default)]
    pub expect: Expect,
}

/// A scenario's `[start]`: the position play starts from, in place of the
/// game's setup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// Rows as drawn from South's seat, one `letter: counts...` line each.
    pub board: Spanned<String>,
    /// The side to move: `"south"` or `"north"`.
    pub to_move: Spanned<String>,
    /// Seeds each side has captured; in a match, the reserves carried in.
    #[serde(default)]
    pub captured: Scores,
    /// Completed turns.
    #[serde(default)]
    pub turn: u32,
    /// Extra turns the side to move has had in a row (games that read `extra_turns`).
    #[serde(default)]
    pub extra_turns: u32,
    /// Turns passed in a row since the last move (games that read `passed()`).
    #[serde(default)]
    pub passed: u16,
    /// The sides that have had a turn (games that read `has_played`).
    #[serde(default)]
    pub played: Vec<Spanned<String>>,
    /// Holes a move has started from (games that read `moved_from`).
    #[serde(default)]
    pub moved_from: Vec<String>,
    /// Holes owned by the side across the middle (territory matches).
    #[serde(default)]
    pub territory: Vec<String>,
    /// Strip decisions owed at the start.
    pub strip: Option<u64>,
    /// Seeds each side holds in hand (games with `[hand]`).
    #[serde(default)]
    pub hand: Scores,
    /// Seeds out of play (games with a capture that removes them).
    #[serde(default)]
    pub out_of_play: u64,
    /// In a match, the side that started this round (default: `to_move`).
    pub starter: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
/// A count for each side, written `{ south = n, north = n }`.
pub struct Scores {
    /// South's count.
    pub south: u64,
    /// North's count.
    pub north: u64,
}

/// What must hold after the decisions; each field is checked when given.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The board, drawn as `[start] board` is.
    pub board: Option<Spanned<String>>,
    /// Seeds each side has captured.
    pub captured: Option<Scores>,
    /// Seeds each side holds in hand.
    pub hand: Option<Scores>,
    /// Seeds out of play.
    pub out_of_play: Option<u16>,
    /// The side to move: `"south"`, `"north"`, or `"none"` once play is over.
    pub to_move: Option<String>,
    /// How the game (the match, in a match) stands: `"ongoing"`, `"south_won"`,
    /// `"north_won"`, `"draw"` or `"unfinished"`.
    pub status: Option<String>,
    /// Why it ended, as JSON names it (`"no_stones"`, `"repetition"`...).
    pub reason: Option<String>,
    /// The legal decisions, in board order.
    pub legal: Option<Vec<String>>,
    /// Strip decisions still owed.
    pub strip: Option<u16>,
    /// Completed turns.
    pub turn: Option<u32>,
    /// Extra turns the side to move has had in a row.
    pub extra_turns: Option<u32>,
    /// In a match, the round being played (from 1 at the scenario's start).
    pub round: Option<u32>,
    /// Holes held by the side across the middle (territory matches).
    pub territory: Option<Vec<String>>,
    /// Holes a move has started from (games that read `moved_from`).
    pub moved_from: Option<Vec<String>>,
    /// The sides that have had a turn (games that read `has_played`).
    pub played: Option<Vec<String>>,
    /// Each side's tally (a match won by a tally).
    pub tally: Option<Tally>,
}

/// Each side's tally, as a scenario expects it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// South's tally.
    pub south: i64,
    /// North's tally.
    pub north: i64,
}

/// A scenario file as read: the scenario and its text, for messages that point
/// into it.
pub struct ScenarioFile {
    /// The path it was read from (or the name it was given).
    pub path: PathBuf,
    /// The scenario, as parsed.
    pub scenario: Scenario,
    source: SourceFile,
}

/// Why a scenario could not be run: the file, line and column, and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The scenario file could not be read: missing, not a regular file, too
    /// large, or not UTF-8 text.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A problem in the scenario file, with its place.
    #[error("{}", .0.render())]
    Invalid(Box<Problem>),
    /// The scenario's game does not load.
    #[error("{}", .0.render())]
    Game(#[from] LoadError),
}

/// Reads a scenario file.
pub fn read(path: &Path) -> Result<ScenarioFile, ScenarioError> {
    parse(path, &input::read_text(path, input::MAX_TEXT_BYTES)?)
}

/// A scenario from its text; `path` names it in messages, and a relative game
/// path is taken from its folder.
pub fn parse(path: &Path, text: &str) -> Result<ScenarioFile, ScenarioError> {
    let source = SourceFile::single(&printable(&path.display().to_string()), text);
    let scenario = toml::from_str(text).map_err(|e| {
        ScenarioError::Invalid(Box::new(Problem::new(
            &source,
            e.span(),
            e.message().trim(),
        )))
    })?;
    Ok(ScenarioFile {
        path: path.to_path_buf(),
        scenario,
        source,
    })
}

impl ScenarioFile {
    fn problem(&self, span: std::ops::Range<usize>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::Invalid(Box::new(Problem::new(&self.source, Some(span), message)))
    }

    /// Loads the scenario's game with its options and limits. A relative path
    /// is taken from the scenario's folder first.
    pub fn load_game(&self) -> Result<Game, ScenarioError> {
        let scenario = &self.scenario;
        let named = scenario.game.get_ref();
        let beside = self.path.parent().map(|dir| dir.join(named));
        let game_ref = match beside {
            Some(file) if named.ends_with(".toml") && file.is_file() => file.display().to_string(),
            _ => named.clone(),
        };
        self.with_limits(catalog::load(&game_ref, &option_overrides(scenario))?)
    }

    /// Loads the scenario's game as [`Self::load_game`] does, reading no file
    /// outside `confinement`: the game is a bundled id or a file it allows
    /// (the scenarios folder, and the games folder beside it).
    pub fn load_game_within(&self, confinement: &Confinement) -> Result<Game, ScenarioError> {
        let named = self.scenario.game.get_ref();
        let source = match catalog::is_path(named) {
            false => catalog::source(named)?,
            true => {
                let folder = self.path.parent().unwrap_or(Path::new(""));
                read_confined(&folder.join(named), confinement)?
            }
        };
        let game = crate::language::load::load_source(&source, &option_overrides(&self.scenario))?;
        self.with_limits(game)
    }

    /// The game with the scenario's limits of play.
    fn with_limits(&self, mut game: Game) -> Result<Game, ScenarioError> {
        let scenario = &self.scenario;
        let given = game.limits();
        let limits = Limits {
            turns: scenario.max_turns.unwrap_or(given.turns),
            laps: scenario.lap_limit.unwrap_or(given.laps),
            rounds: scenario.max_rounds.unwrap_or(given.rounds),
            round_repeats: scenario.round_repeats.or(given.round_repeats),
            at_round_limit: scenario.at_round_limit.unwrap_or(given.at_round_limit),
        };
        game.set_limits(limits).map_err(|e| {
            ScenarioError::Invalid(Box::new(Problem::new(&self.source, None, e.to_string())))
        })?;
        Ok(game)
    }

    /// Plays the scenario against its loaded game. An illegal decision is a
    /// failed expectation of this scenario, not an error.
    pub fn run(&self, game: &Game) -> Result<Run, ScenarioError> {
        let scenario = &self.scenario;
        let start = match &scenario.start {
            Some(start) => self.start_position(game, start)?,
            None => game.start,
        };
        if !scenario.as_match && !start.closed.is_empty() {
            let span = scenario.start.as_ref().map_or(0..0, |s| s.board.span());
            return Err(self.problem(
                span,
                "closed holes (x) belong to match play: add `match = true`",
            ));
        }
        let starter = match scenario.start.as_ref().and_then(|s| s.starter.as_ref()) {
            Some(name) => Side::parse(name.get_ref())
                .ok_or_else(|| self.problem(name.span(), "starter is \"south\" or \"north\""))?,
            // The position's own: the game's start keeps South as the starter
            // after an opening played as its setup.
            None => start.starter,
        };
        let mut state = MatchState::from_round(game, start, starter, scenario.as_match)
            .map_err(|e| self.problem(scenario.game.span(), e.to_string()))?;
        let mut report = String::new();
        let _ = writeln!(
            report,
            "clauses: {}\n{}\n",
            scenario.clauses.join(" "),
            scenario.about.trim()
        );
        let _ = writeln!(report, "before:\n{}", render::state(&state));
        let mut failures = Vec::new();
        for (index, decision) in scenario.decisions.iter().enumerate() {
            let name = decision.get_ref();
            let Some(parsed) = game.parse_decision(name) else {
                return Err(self.problem(
                    decision.span(),
                    format!("`{}` {}", printable(name), game.not_a_decision()),
                ));
            };
            if state.play(parsed).is_err() {
                let legal: Vec<String> = state.legal().map(|d| game.decision_name(d)).collect();
                failures.push(format!(
                    "decision {} `{name}` is not legal; legal: {}",
                    index + 1,
                    legal.join(" ")
                ));
                break;
            }
        }
        if !scenario.decisions.is_empty() {
            let names: Vec<&str> = scenario
                .decisions
                .iter()
                .map(|d| d.get_ref().as_str())
                .collect();
            let _ = writeln!(report, "decisions: {}\n", names.join(" "));
            let _ = writeln!(report, "after:\n{}", render::state(&state));
        }
        if failures.is_empty() {
            failures = self.check(game, &state)?;
        }
        let expect = &self.scenario.expect;
        let expected = match &expect.board {
            Some(board) => {
                let mut setup = self.parse_board(game, board)?;
                if let Some(c) = expect.captured {
                    setup.captured = [c.south, c.north];
                }
                Some(
                    setup
                        .position(game)
                        .map_err(|e| self.problem(board.span(), e.to_string()))?,
                )
            }
            None => None,
        };
        Ok(Run {
            report,
            failures,
            expected,
            actual: state.position().widened(),
        })
    }

    fn start_position(&self, game: &Game, start: &Start) -> Result<Position, ScenarioError> {
        let mut setup = self.parse_board(game, &start.board)?;
        setup.to_move = Side::parse(start.to_move.get_ref()).ok_or_else(|| {
            self.problem(start.to_move.span(), "to_move is \"south\" or \"north\"")
        })?;
        setup.captured = [start.captured.south, start.captured.north];
        setup.turn = start.turn;
        setup.extra_turns = start.extra_turns;
        setup.passed = start.passed;
        for name in &start.played {
            let side = Side::parse(name.get_ref())
                .ok_or_else(|| self.problem(name.span(), "played lists \"south\" or \"north\""))?;
            setup.played[side.index()] = true;
        }
        let hole = |field: &str, name: &String| {
            game.board
                .parse_hole(name)
                .filter(|&h| game.board.is_hole(h))
                .ok_or_else(|| {
                    self.problem(
                        start.board.span(),
                        format!("{field}: `{}` is not a hole of this board", printable(name)),
                    )
                })
        };
        for name in &start.moved_from {
            setup.moved_from.push(hole("moved_from", name)?);
        }
        for name in &start.territory {
            setup.territory.push(hole("territory", name)?);
        }
        setup.strip = start.strip.unwrap_or(0);
        setup.hand = [start.hand.south, start.hand.north];
        setup.out_of_play = start.out_of_play;
        setup
            .position(game)
            .map_err(|e| self.problem(start.board.span(), e.to_string()))
    }

    /// A board drawn as `letter: counts` lines (any order, every row once).
    fn parse_board(&self, game: &Game, board: &Spanned<String>) -> Result<Setup, ScenarioError> {
        parse_board(game, board.get_ref()).map_err(|e| self.problem(board.span(), e))
    }

    fn check(&self, game: &Game, state: &MatchState) -> Result<Vec<String>, ScenarioError> {
        let expect = &self.scenario.expect;
        let mut failures = Vec::new();
        let mut compare = |what: &str, expected: String, actual: String| {
            if expected != actual {
                failures.push(difference(what, &expected, &actual));
            }
        };
        let position = state.position();
        if let Some(board) = &expect.board {
            let expected = self
                .parse_board(game, board)?
                .position(game)
                .map_err(|e| self.problem(board.span(), e.to_string()))?;
            compare(
                "board",
                render::board(game, &expected),
                render::board(game, position),
            );
        }
        if let Some(c) = expect.captured {
            compare(
                "captured",
                format!("south {}, north {}", c.south, c.north),
                format!(
                    "south {}, north {}",
                    position.captured[0], position.captured[1]
                ),
            );
        }
        if let Some(h) = expect.hand {
            compare(
                "hand",
                format!("south {}, north {}", h.south, h.north),
                format!("south {}, north {}", position.hand[0], position.hand[1]),
            );
        }
        if let Some(seeds) = expect.out_of_play {
            compare(
                "out_of_play",
                seeds.to_string(),
                position.out_of_play.to_string(),
            );
        }
        if let Some(side) = &expect.to_move {
            compare(
                "to_move",
                side.clone(),
                state.to_move().map_or("none".into(), |s| s.name().into()),
            );
        }
        let (status, reason) = match state.outcome() {
            None => ("ongoing", "none"),
            Some(o) => (o.status.name(), o.reason.name()),
        };
        if let Some(s) = &expect.status {
            compare("status", s.clone(), status.into());
        }
        if let Some(r) = &expect.reason {
            compare("reason", r.clone(), reason.into());
        }
        if let Some(legal) = &expect.legal {
            let actual: Vec<String> = state.legal().map(|d| game.decision_name(d)).collect();
            compare("legal", legal.join(" "), actual.join(" "));
        }
        if let Some(n) = expect.strip {
            compare(
                "strip owed",
                n.to_string(),
                position.pending.map_or(0, |p| p.remaining).to_string(),
            );
        }
        if let Some(turn) = expect.turn {
            compare("turn", turn.to_string(), position.turn.to_string());
        }
        if let Some(n) = expect.extra_turns {
            compare(
                "extra turns",
                n.to_string(),
                position.extra_turns.to_string(),
            );
        }
        if let Some(round) = expect.round {
            compare("round", round.to_string(), state.round_number().to_string());
        }
        let words = |holes: &[String]| match holes.is_empty() {
            true => "none".to_string(),
            false => holes.join(" "),
        };
        if let Some(territory) = &expect.territory {
            let held: Vec<String> = position
                .territory
                .iter()
                .map(|h| game.hole_name(h))
                .collect();
            compare("territory", words(territory), words(&held));
        }
        if let Some(moved_from) = &expect.moved_from {
            let started: Vec<String> = position
                .moved_from
                .iter()
                .map(|h| game.hole_name(h))
                .collect();
            compare("moved_from", words(moved_from), words(&started));
        }
        if let Some(played) = &expect.played {
            let sides: Vec<String> = position.played().map(|s| s.name().to_string()).collect();
            compare("played", words(played), words(&sides));
        }
        if let Some(t) = expect.tally {
            compare(
                "tally",
                format!("south {}, north {}", t.south, t.north),
                match state.tally() {
                    Some([south, north]) => format!("south {south}, north {north}"),
                    None => "none (no tally decides this game)".into(),
                },
            );
        }
        Ok(failures)
    }
}

/// One scenario file's result in a batch.
pub enum Checked {
    /// Played: the clauses it cites and the expectations that failed.
    Ran {
        /// The rule clauses the scenario cites.
        clauses: Vec<String>,
        /// Each expectation that failed, described (none: it passed).
        failures: Vec<String>,
    },
    /// Not played: the file, its game or its start is broken.
    Broken(ScenarioError),
}

/// Every scenario file under `paths`, each read, played and checked; one broken
/// file does not stop the others. Game files met in a folder are passed over
/// (their paths are listed in `skipped`).
pub fn check_all(paths: &[PathBuf]) -> Result<Batch, ReadError> {
    let mut files = Vec::new();
    for path in paths {
        collect_toml(path, true, &mut files)?;
    }
    let mut batch = Batch::default();
    for (file, named) in files {
        if !named && is_game_file(&file) {
            batch.skipped.push(file);
            continue;
        }
        let result = read(&file).and_then(|scenario| {
            let game = scenario.load_game()?;
            let run = scenario.run(&game)?;
            Ok(Checked::Ran {
                clauses: scenario.scenario.clauses.clone(),
                failures: run.failures,
            })
        });
        batch
            .files
            .push((file, result.unwrap_or_else(Checked::Broken)));
    }
    Ok(batch)
}

/// What `check_all` found.
#[derive(Default)]
pub struct Batch {
    /// Each scenario file found, in the order found, with its result.
    pub files: Vec<(PathBuf, Checked)>,
    /// Game files found in the folders searched, which are not scenarios.
    pub skipped: Vec<PathBuf>,
}

impl Batch {
    /// Clause ids cited by the scenarios that ran.
    pub fn cited(&self) -> Vec<&str> {
        let mut cited = Vec::new();
        for (_, checked) in &self.files {
            if let Checked::Ran { clauses, .. } = checked {
                cited.extend(clauses.iter().map(String::as_str));
            }
        }
        cited
    }
}

/// A game file, not a scenario: its `game` is a table (the game's name and
/// sources), where a scenario's is a string, or it `extends` another game (a
/// variant may leave `[game]` to the game it extends; no scenario has the key).
pub fn is_game_file(path: &Path) -> bool {
    input::read_text(path, input::MAX_TEXT_BYTES)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|table| {
            table.get("game").is_some_and(toml::Value::is_table)
                || (table.contains_key("extends")
                    && !table.get("game").is_some_and(toml::Value::is_str))
        })
}

/// The .toml files at `path`: the file itself (named: `true`), or those under a
/// folder, sorted.
fn collect_toml(
    path: &Path,
    named: bool,
    files: &mut Vec<(PathBuf, bool)>,
) -> Result<(), ReadError> {
    let unreadable = |reason: String| ReadError {
        path: printable(&path.display().to_string()),
        reason,
    };
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| unreadable(e.to_string()))?
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for entry in entries {
            if entry.is_dir() || entry.extension().is_some_and(|e| e == "toml") {
                collect_toml(&entry, false, files)?;
            }
        }
        Ok(())
    } else if path.exists() {
        files.push((path.to_path_buf(), named));
        Ok(())
    } else {
        Err(unreadable("no such file or folder".into()))
    }
}

/// Clause ids defined in a rules document: every `**XX-N` (bold, as the
/// documents write a clause's id where it is stated).
pub fn clause_ids(rules: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for piece in rules.split("**").skip(1) {
        let id: String = piece
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        let is_clause = id.split_once('-').is_some_and(|(prefix, number)| {
            !prefix.is_empty()
                && prefix.chars().all(|c| c.is_ascii_uppercase())
                && !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit())
        });
        if is_clause && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// The option overrides of a scenario, as `--option` would give them.
pub fn option_overrides(scenario: &Scenario) -> Vec<(String, String)> {
    scenario
        .options
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                v.as_str().map_or_else(|| v.to_string(), str::to_string),
            )
        })
        .collect()
}

/// Why a board's entry is not a count.
fn count_error(entry: &str) -> String {
    format!(
        "`{}` is not a seed count (or x, a closed hole; a count followed by s or n is a hole claimed by South or North, by sn one claimed by both)",
        printable(entry)
    )
}

/// Parses a board drawn as `letter: counts` lines (any order, every row once).
pub fn parse_board(game: &Game, text: &str) -> Result<Setup, String> {
    let b = &game.board;
    let mut setup = Setup::empty();
    let mut seen = vec![false; b.rows()];
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (letter, counts) = line
            .split_once(':')
            .ok_or_else(|| format!("`{line}`: expected `row: counts`"))?;
        let row = match letter.trim().as_bytes() {
            [c] if c.is_ascii_lowercase() && ((c - b'a') as usize) < b.rows() => {
                (c - b'a') as usize
            }
            _ => {
                return Err(format!(
                    "`{}` is not a row of this board ({})",
                    printable(letter),
                    b.row_letters()
                ));
            }
        };
        if std::mem::replace(&mut seen[row], true) {
            return Err(format!("row {letter} is given twice"));
        }
        let counts: Vec<Option<(u64, Vec<Side>)>> = counts
            .split_whitespace()
            .map(|n| {
                // Claim marks after the count, South's first (`5sn`: claimed by both).
                let digits = n.trim_end_matches(['s', 'n']);
                let marks = &n[digits.len()..];
                let claimers: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|&s| marks.contains(render::claim_mark(s)))
                    .collect();
                let marks_well_formed = claimers
                    .iter()
                    .map(|&s| render::claim_mark(s))
                    .eq(marks.chars());
                match n {
                    "x" => Ok(None),
                    _ if marks_well_formed => digits
                        .parse()
                        .map(|c| Some((c, claimers)))
                        .map_err(|_| count_error(n)),
                    _ => Err(count_error(n)),
                }
            })
            .collect::<Result<_, _>>()?;
        if counts.len() != b.columns() {
            return Err(format!(
                "row {letter} has {} counts; the board has {} columns",
                counts.len(),
                b.columns()
            ));
        }
        for (column, count) in counts.into_iter().enumerate() {
            let hole = b.hole_at(row, column + 1).expect("checked");
            match count {
                Some((count, claimers)) => {
                    setup.counts.push((hole, count));
                    for side in claimers {
                        setup.claims[side.index()].push(hole);
                    }
                }
                None => setup.closed.push(hole),
            }
        }
    }
    if let Some(row) = seen.iter().position(|s| !s) {
        return Err(format!("row {} is missing", (b'a' + row as u8) as char));
    }
    Ok(setup)
}

/// The outcome of running a scenario: a report to read (and snapshot), and the
/// expectations that failed.
pub struct Run {
    /// What was played, for people: the clauses and what the scenario is
    /// about, the position before and, when it plays decisions, after them.
    pub report: String,
    /// Each expectation that failed, described (none: the scenario passed).
    pub failures: Vec<String>,
    /// The board the scenario expects, when it states one.
    pub expected: Option<Position>,
    /// The position after the decisions played.
    pub actual: Position,
}

/// One failed expectation: on one line, or (boards) side by side, with `!` marking
/// the lines that differ.
fn difference(what: &str, expected: &str, actual: &str) -> String {
    if !expected.contains('\n') {
        return format!("{what}: expected {expected}, found {actual}");
    }
    let width = expected
        .lines()
        .map(str::len)
        .max()
        .unwrap_or(0)
        .max("expected".len());
    let mut out = format!("{what}:\n    {:<width$}   actual\n", "expected");
    let (mut left, mut right) = (expected.lines(), actual.lines());
    loop {
        let (l, r) = (left.next(), right.next());
        if l.is_none() && r.is_none() {
            break;
        }
        let (l, r) = (l.unwrap_or(""), r.unwrap_or(""));
        let mark = if l == r { ' ' } else { '!' };
        out += &format!("  {mark} {l:<width$} | {r}\n");
    }
    out
}
