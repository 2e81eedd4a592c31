//! Scenarios: a start position, decisions, and what must hold afterwards — the
//! format in which rule clauses are pinned by tests (`tests/scenarios/`).

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use serde::Deserialize;

use crate::language::catalog;
use crate::language::error::LoadError;
use crate::present::render;
use crate::rules::board::Side;
use crate::rules::game::Game;
use crate::rules::match_play::MatchState;
use crate::rules::position::{Pending, Position};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A bundled game id or a path.
    pub game: String,
    /// The rule clauses this scenario shows acting.
    pub clauses: Vec<String>,
    pub about: String,
    #[serde(default)]
    pub options: BTreeMap<String, toml::Value>,
    pub max_turns: Option<u32>,
    pub lap_limit: Option<u32>,
    /// Play a match of rounds (the game's `[match]` section): `status` and
    /// `reason` are then the match's, and play goes on from round to round.
    #[serde(rename = "match", default)]
    pub as_match: bool,
    pub max_rounds: Option<u32>,
    #[serde(default)]
    pub decisions: Vec<String>,
    /// Where play starts; the game's setup when absent.
    pub start: Option<Start>,
    #[serde(default)]
    pub expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// Rows as drawn from South's seat, one `letter: counts...` line each.
    pub board: String,
    pub to_move: String,
    #[serde(default)]
    pub captured: Scores,
    #[serde(default)]
    pub turn: u32,
    /// Strip decisions owed at the start.
    pub strip: Option<u16>,
    /// In a match, the side that started this round (default: `to_move`).
    pub starter: Option<String>,
}

#[derive(Debug, Default, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Scores {
    pub south: u32,
    pub north: u32,
}

/// What must hold after the decisions; each field is checked when given.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub board: Option<String>,
    pub captured: Option<Scores>,
    pub to_move: Option<String>,
    pub status: Option<String>,
    pub reason: Option<String>,
    pub legal: Option<Vec<String>>,
    /// Strip decisions still owed.
    pub strip: Option<u16>,
    pub turn: Option<u32>,
    /// In a match, the round being played (from 1 at the scenario's start).
    pub round: Option<u32>,
}

/// Reads a scenario file.
pub fn read(path: &Path) -> Result<Scenario, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| format!("{}: {}", path.display(), e.message().trim()))
}

/// Loads the scenario's game with its options and limits. A relative path is
/// taken from the scenario's folder first.
pub fn load_game(scenario: &Scenario, path: &Path) -> Result<Game, LoadError> {
    let beside = path.parent().map(|dir| dir.join(&scenario.game));
    let game_ref = match beside {
        Some(file) if scenario.game.ends_with(".toml") && file.is_file() => {
            file.display().to_string()
        }
        _ => scenario.game.clone(),
    };
    let mut game = catalog::load(&game_ref, &option_overrides(scenario))?;
    if let Some(n) = scenario.max_turns {
        game.turn_limit = n;
    }
    if let Some(n) = scenario.lap_limit {
        game.lap_limit = n.max(1);
    }
    if let Some(n) = scenario.max_rounds {
        game.round_limit = n.max(1);
    }
    Ok(game)
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

/// Parses a board drawn as `letter: counts` lines (any order, every row once).
pub fn parse_board(game: &Game, text: &str) -> Result<Position, String> {
    let b = &game.board;
    let mut position = Position::empty(Side::South);
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
                    "`{letter}` is not a row of this board ({})",
                    b.row_letters()
                ));
            }
        };
        if std::mem::replace(&mut seen[row], true) {
            return Err(format!("row {letter} is given twice"));
        }
        let counts: Vec<Option<u16>> = counts
            .split_whitespace()
            .map(|n| match n {
                "x" => Ok(None),
                _ => n
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("`{n}` is not a seed count (or x, a closed hole)")),
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
                Some(count) => position.counts[hole as usize] = count,
                None => position.closed.insert(hole),
            }
        }
    }
    if let Some(row) = seen.iter().position(|s| !s) {
        return Err(format!("row {} is missing", (b'a' + row as u8) as char));
    }
    Ok(position)
}

fn start_position(game: &Game, start: &Start) -> Result<Position, String> {
    let mut position = parse_board(game, &start.board)?;
    position.to_move = Side::parse(&start.to_move).ok_or("to_move is south or north")?;
    position.captured = [start.captured.south, start.captured.north];
    position.turn = start.turn;
    if let Some(remaining) = start.strip.filter(|&n| n > 0) {
        let capture = game
            .captures
            .iter()
            .position(|c| c.strip.is_some())
            .ok_or("this game has no strip")?;
        position.pending = Some(Pending {
            capture: capture as u8,
            remaining,
            again: false,
        });
    }
    Ok(position)
}

/// The outcome of running a scenario: a report to read (and snapshot), and the
/// expectations that failed.
pub struct Run {
    pub report: String,
    pub failures: Vec<String>,
}

/// Plays a scenario against a loaded game.
pub fn run(scenario: &Scenario, game: &Game) -> Result<Run, String> {
    let start = match &scenario.start {
        Some(start) => start_position(game, start)?,
        None => game.start,
    };
    if !scenario.as_match && !start.closed.is_empty() {
        return Err("closed holes (x) belong to match play: add `match = true`".into());
    }
    let starter = match scenario.start.as_ref().and_then(|s| s.starter.as_deref()) {
        Some(name) => Side::parse(name).ok_or("starter is south or north")?,
        None => start.to_move,
    };
    let mut state = MatchState::from_round(game, start, starter, scenario.as_match)
        .map_err(|e| e.to_string())?;
    let mut report = String::new();
    let _ = writeln!(
        report,
        "clauses: {}\n{}\n",
        scenario.clauses.join(" "),
        scenario.about.trim()
    );
    let _ = writeln!(report, "before:\n{}", render::state(&state));
    for (index, decision) in scenario.decisions.iter().enumerate() {
        let hole = game
            .board
            .parse_hole(decision)
            .ok_or_else(|| format!("`{decision}` is not a hole"))?;
        state.play(hole).map_err(|_| {
            let legal: Vec<String> = state.legal().map(|h| game.hole_name(h)).collect();
            format!(
                "decision {} `{decision}` is not legal; legal: {}",
                index + 1,
                legal.join(" ")
            )
        })?;
    }
    if !scenario.decisions.is_empty() {
        let _ = writeln!(report, "decisions: {}\n", scenario.decisions.join(" "));
        let _ = writeln!(report, "after:\n{}", render::state(&state));
    }
    let failures = check(&scenario.expect, game, &state)?;
    Ok(Run { report, failures })
}

fn check(expect: &Expect, game: &Game, state: &MatchState) -> Result<Vec<String>, String> {
    let mut failures = Vec::new();
    let mut compare = |what: &str, expected: String, actual: String| {
        if expected != actual {
            failures.push(difference(what, &expected, &actual));
        }
    };
    let position = state.position();
    if let Some(board) = &expect.board {
        let expected = parse_board(game, board)?;
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
        let actual: Vec<String> = state.legal().map(|h| game.hole_name(h)).collect();
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
    if let Some(round) = expect.round {
        compare("round", round.to_string(), state.round_number().to_string());
    }
    Ok(failures)
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
