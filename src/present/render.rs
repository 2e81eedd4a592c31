//! The board as a person reads it: drawn from South's seat (GEN-1), rows
//! labelled by letter and columns by number, so every hole's name is visible.

use std::fmt::Write;

use crate::rules::board::{Side, StoreEnd};
use crate::rules::decision::Decision;
use crate::rules::game::Game;
use crate::rules::match_play::MatchState;
use crate::rules::position::{AnyPosition, Called};

/// How a closed hole (match play) is drawn, and written in scenario boards.
pub const CLOSED: char = 'x';

/// The board with row letters and column numbers, North's rows on top; closed
/// holes drawn as `x`, a claimed hole's count followed by its claimer's letter
/// (`3s`: three seeds in a hole South has claimed).
pub fn board(game: &Game, position: &AnyPosition) -> String {
    let b = &game.board;
    let [south, north] = position.claims;
    let marks = match (
        south.is_empty() && north.is_empty(),
        south.both(north).is_empty(),
    ) {
        (true, _) => 0,
        (false, true) => 1,
        (false, false) => 2,
    };
    let width = position
        .counts
        .iter()
        .max()
        .map_or(1, |m| m.to_string().len() + marks)
        .max(b.columns().to_string().len())
        + 1;
    let mut out = String::new();
    let _ = write!(out, "   ");
    for column in 1..=b.columns() {
        let _ = write!(out, "{column:>width$}");
    }
    out.push('\n');
    for row in (0..b.rows()).rev() {
        let letter = (b'a' + row as u8) as char;
        let _ = write!(out, " {letter} ");
        for column in 1..=b.columns() {
            let hole = b.hole_at(row, column).expect("row and column on the board");
            let count = position.counts[hole as usize];
            if position.closed.contains(hole) {
                let _ = write!(out, "{CLOSED:>width$}");
            } else if let Some(marks) = claim_marks(position, hole) {
                let _ = write!(out, "{:>width$}", format!("{count}{marks}"));
            } else {
                let _ = write!(out, "{count:>width$}");
            }
        }
        let owner = b.owner(b.hole_at(row, 1).expect("column 1 exists"));
        let _ = writeln!(out, "   {owner}");
    }
    out
}

/// The marks of the sides that have claimed `hole` (South's first), if any has.
fn claim_marks(position: &AnyPosition, hole: crate::rules::board::Hole) -> Option<String> {
    let marks: String = Side::BOTH
        .into_iter()
        .filter(|side| position.claims[side.index()].contains(hole))
        .map(claim_mark)
        .collect();
    (!marks.is_empty()).then_some(marks)
}

/// How a claim is written after a count, in drawings and scenario boards.
pub fn claim_mark(side: Side) -> char {
    match side {
        Side::South => 's',
        Side::North => 'n',
    }
}

/// Board, scores and whose turn it is.
pub fn position(game: &Game, position: &AnyPosition, to_move: Option<Side>) -> String {
    let mut out = board(game, position);
    let [south, north] = position.captured;
    if let Some(end) = game.board.store_end() {
        let (north_end, south_end) = match end {
            StoreEnd::Right => ("west", "east"),
            StoreEnd::Left => ("east", "west"),
        };
        let _ = writeln!(
            out,
            "stores: north {north} ({north_end} end), south {south} ({south_end} end)"
        );
    }
    let _ = writeln!(
        out,
        "captured: south {south}, north {north}; completed turns: {}",
        position.turn
    );
    if position.hand != [0; 2] {
        let [south, north] = position.hand;
        let _ = writeln!(out, "in hand: south {south}, north {north}");
    }
    if position.out_of_play > 0 {
        let _ = writeln!(out, "out of play: {}", position.out_of_play);
    }
    if let Some(m) = position.previous {
        let from = m
            .from()
            .map_or("the hand".to_string(), |h| game.board.name(h));
        let _ = writeln!(
            out,
            "last move played: {} seed(s) from {from}, ended in {}{}",
            m.lifted(),
            game.board.name(m.ended()),
            if position.previous_captured {
                ", captured"
            } else {
                ""
            }
        );
    }
    for side in Side::BOTH {
        let held: Vec<String> = position
            .territory
            .iter()
            .filter(|&h| position.owner(&game.board, h) == side)
            .map(|h| game.board.name(h))
            .collect();
        if !held.is_empty() {
            let _ = writeln!(out, "held by {side} across the middle: {}", held.join(" "));
        }
    }
    if !position.moved_from.is_empty() {
        let holes: Vec<String> = position
            .moved_from
            .iter()
            .map(|h| game.board.name(h))
            .collect();
        let _ = writeln!(out, "moved from: {}", holes.join(" "));
    }
    if position.extra_turns > 0 {
        let _ = writeln!(out, "extra turns in a row: {}", position.extra_turns);
    }
    if position.passed > 0 {
        let _ = writeln!(out, "turns passed in a row: {}", position.passed);
    }
    let played: Vec<&str> = position.played().map(Side::name).collect();
    if !played.is_empty() {
        let _ = writeln!(out, "have had a turn: {}", played.join(", "));
    }
    match (to_move, position.pending, position.called) {
        (Some(side), Some(pending), _) => {
            let _ = writeln!(
                out,
                "to move: {side}, owing {} strip decision(s)",
                pending.remaining
            );
        }
        (Some(side), None, Some(Called::Offered(check))) => {
            let offer = game.decision_name(Decision::Call(check));
            let _ = writeln!(
                out,
                "to move: {side}, to accept or refuse the offer `{offer}`"
            );
        }
        (Some(side), None, _) => {
            let _ = writeln!(out, "to move: {side}");
        }
        (None, _, _) => {}
    }
    out
}

/// The round being played, the reserves carried into it, and the rounds before.
pub fn match_summary(state: &MatchState) -> String {
    let mut out = String::new();
    let [south, north] = state.reserve();
    let _ = match state.outcome() {
        None => writeln!(
            out,
            "round {}; carried in hand (counted in captured): south {south}, north {north}",
            state.round_number()
        ),
        Some(_) => writeln!(out, "rounds played: {}", state.results().len()),
    };
    if let Some([south, north]) = state.tally() {
        let _ = writeln!(out, "tally: south {south}, north {north}");
    }
    for r in state.results() {
        let [south, north] = r.holdings;
        let tally = match state.tally() {
            Some(_) => format!("; tally south {}, north {}", r.tally[0], r.tally[1]),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "  round {}: {} started; {} ({}), turns: {}; held south {south}, north {north}{tally}",
            r.round,
            r.starter,
            r.outcome.status.name(),
            r.outcome.reason.name(),
            r.turns
        );
    }
    out
}

/// The position, the match so far, and what comes next: the legal decisions, or
/// how the game ended with the clauses of the end check that fired.
pub fn state(state: &MatchState) -> String {
    let game = state.game();
    let mut out = position(game, state.position(), state.to_move());
    if state.passes() > 0 {
        let _ = writeln!(out, "turns passed (no legal move): {}", state.passes());
    }
    if state.is_match() {
        out += &match_summary(state);
    }
    match (state.outcome(), state.round().outcome()) {
        (None, _) => {
            let legal: Vec<String> = state.legal().map(|d| game.decision_name(d)).collect();
            let _ = writeln!(out, "legal: {}", legal.join(" "));
        }
        (Some(o), Some(round)) if !state.is_match() => {
            let clauses = round
                .check
                .map(|i| game.end_checks[i].clauses.join(" "))
                .unwrap_or_else(|| "GEN-11".into());
            let why = match clauses.as_str() {
                "" => o.reason.name().to_string(),
                _ => format!("{}, {clauses}", o.reason.name()),
            };
            let _ = writeln!(out, "game over: {} ({why})", o.status.name());
        }
        (Some(o), _) => {
            let _ = writeln!(out, "match over: {} ({})", o.status.name(), o.reason.name());
        }
    }
    out
}

/// `mancala show`: who plays the game and where it comes from, its options, the
/// start position with hole names, and the clauses it plays.
pub fn show(game: &Game) -> String {
    let meta = &game.meta;
    let mut out = format!("{} ({})\n", meta.name, game.id);
    if !meta.aliases.is_empty() {
        out += &format!("also: {}\n", meta.aliases.join(", "));
    }
    out += &format!("origin: {}\n", meta.origin);
    for source in &meta.sources {
        out += &format!("source: {source}\n");
    }
    out += &format!("rules: {}\n\n{}\n\n", meta.rules, meta.summary);
    if !game.options.is_empty() {
        out += "options:\n";
        for o in &game.options {
            out += &format!(
                "  {} = {}   (default {}; allowed {})  {}\n",
                o.name, o.value, o.default, o.allowed, o.help
            );
        }
        out += "\n";
    }
    out += "start position, drawn from South's seat; a hole is named by row letter and column (a1 is South's leftmost):\n";
    out += &position(game, &game.start, Some(game.start.to_move));
    if let Some(rules) = &game.match_rules {
        out += &format!(
            "\nalso played as a match of rounds with --match ({}; `mancala explain` says how)\n",
            rules.clauses.join(" ")
        );
    }
    out += &format!("\nclauses played: {}\n", game.clauses().join(" "));
    out
}
