//! The machine-readable contract of `replay --json` and `random --json`, and
//! position files (`--position`) in the same shape.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::input::printable;
use crate::language::spec::OptionValue;
use crate::rules::board::{Board, Hole, Side};
use crate::rules::decision::Decision;
use crate::rules::game::Game;
use crate::rules::match_play::MatchState;
use crate::rules::memory::Memory;
use crate::rules::position::{AnyPosition, Called, Position, PreviousMove};
use crate::rules::setup::Setup;

/// A count for each side.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sides {
    /// South's.
    pub south: u32,
    /// North's.
    pub north: u32,
}

/// The `position` object of the JSON contract (docs/json.md).
#[derive(Serialize, Debug)]
pub struct PositionJson {
    /// Seeds per hole, rows from `a` upward, columns from 1.
    pub board: Vec<Vec<u16>>,
    /// Holes closed for the round (match play).
    pub closed: Vec<String>,
    /// Each side's score, end-of-game leftovers included.
    pub captured: Sides,
    /// On boards with stores: what each store holds (the same as `captured`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stores: Option<Sides>,
    /// `"south"` or `"north"`; `None` once the game is over.
    pub to_move: Option<&'static str>,
    /// Completed turns.
    pub turn: u32,
    /// The side that moved first in this game (round), in games whose rules
    /// read it (`starter()`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starter: Option<&'static str>,
    /// Holes each side has claimed; present once a hole is claimed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claims: Option<Claims>,
    /// Seeds each side holds in hand; present while a side holds some.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Sides>,
    /// Seeds taken out of play, scoring for nobody (a capture with `remove`);
    /// present once there are some.
    #[serde(skip_serializing_if = "is_zero")]
    pub out_of_play: u32,
    /// The last move played, in games whose rules read it; present once one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_move: Option<PreviousMoveJson>,
    /// Extra turns the side to move has had in a row, in games whose rules read
    /// them; present while not 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub extra_turns: u32,
    /// Turns passed in a row since the last move, in games whose rules read
    /// them (`passed()`); present while not 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub passed: u16,
    /// The sides that have had a turn, in games whose rules read it
    /// (`has_played`); present once one has.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<&'static str>,
    /// Holes a move has started from, in games whose rules read it; present
    /// once there is one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moved_from: Vec<String>,
    /// Holes owned for the round by the side across the middle (a match whose
    /// surplus is `territory`); present once there is one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub territory: Vec<String>,
}

/// The last move played: the hole it lifted from (`null`: from the hand), the
/// seeds it lifted, the hole its sowing ended in.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PreviousMoveJson {
    /// The hole it lifted from (`None`: from the hand).
    pub from: Option<String>,
    /// Seeds it lifted.
    pub lifted: u16,
    /// The hole (or store) its sowing ended in.
    pub ended: String,
    /// Whether its first lap ran clockwise (in a position file, by default the
    /// game's direction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clockwise: Option<bool>,
    /// Whether its captures took seeds: stated (as `true`) only in games whose
    /// rules read it (`previous_captured()`), and only when they did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captured: bool,
}

/// Hole names by side.
#[derive(Serialize, Deserialize, Debug, Clone, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Claims {
    #[serde(default)]
    /// South's claimed holes.
    pub south: Vec<String>,
    #[serde(default)]
    /// North's claimed holes.
    pub north: Vec<String>,
}

/// Decisions the side to move still owes inside its turn.
#[derive(Serialize, Debug)]
pub struct PendingJson {
    /// What is owed: `"strip"`; `"answer"` to the other side's offer; or,
    /// the offer `"refused"`, the turn the offering side is still to play.
    pub kind: &'static str,
    /// How many decisions (a strip).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining: Option<u16>,
    /// The name of the offer to answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
}

/// The `match` object, present when a game is played as a match.
#[derive(Serialize, Debug)]
pub struct MatchJson {
    /// The round being played (the last one once the match is over), from 1.
    pub round: u32,
    /// Seeds each side carried into this round in hand (counted in `captured`).
    pub reserve: Sides,
    /// The rounds over so far.
    pub rounds: Vec<RoundJson>,
    /// Each side's tally after the rounds over (only where a tally decides the match).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tally: Option<Tally>,
}

/// Each side's tally in a match won by a tally.
#[derive(Serialize, Debug)]
pub struct Tally {
    /// South's tally.
    pub south: i64,
    /// North's tally.
    pub north: i64,
}

/// One round of a match, once over.
#[derive(Serialize, Debug)]
pub struct RoundJson {
    /// Its number, from 1.
    pub round: u32,
    /// The side that moved first in it.
    pub starter: &'static str,
    /// What each side carried into it in hand.
    pub reserve: Sides,
    /// How it ended (a `Status` name).
    pub status: &'static str,
    /// Why it ended (a `Reason` name).
    pub reason: &'static str,
    /// Seeds each side held at the round's end, from which it refills.
    pub holdings: Sides,
    /// Turns it took.
    pub turns: u32,
    /// Each side's tally after the round (only where a tally decides the match).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tally: Option<Tally>,
}

/// `replay --json`: exactly these keys, in this order (`match` only for matches,
/// where `status` and `reason` are the match's).
#[derive(Serialize, Debug)]
pub struct Replay {
    /// The game's id.
    pub game: String,
    /// Every option's value in force.
    pub options: Map<String, Value>,
    /// The decisions played, by name.
    pub decisions: Vec<String>,
    /// The position after them.
    pub position: PositionJson,
    /// Decisions owed inside the turn, if any.
    pub pending: Option<PendingJson>,
    /// The legal decisions, in board order.
    pub legal: Vec<String>,
    #[serde(flatten)]
    /// How far the game has gone.
    pub progress: Progress,
}

/// How far a game or match has gone: the keys that close `replay --json` and
/// `random --json` alike.
#[derive(Serialize, Debug)]
pub struct Progress {
    /// `"ongoing"` or how it ended (a `Status` name).
    pub status: &'static str,
    /// Why it ended (a `Reason` name); `None` while it goes on.
    pub reason: Option<&'static str>,
    /// Turns passed by a side with no legal move; present once one has passed.
    #[serde(skip_serializing_if = "is_zero")]
    pub passes: u32,
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    /// The match's rounds, in match play.
    pub match_play: Option<MatchJson>,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// One line of `random --json`.
#[derive(Serialize, Debug)]
pub struct RandomGame {
    /// The game's id.
    pub game: String,
    /// The game's seed: game i of a run of seed S has S+i.
    pub seed: u64,
    /// The decisions played, by name.
    pub decisions: Vec<String>,
    /// The position at the end.
    pub position: PositionJson,
    #[serde(flatten)]
    /// How far the game went.
    pub progress: Progress,
}

/// Every option of `game` with the value in force.
pub fn options(game: &Game) -> Map<String, Value> {
    game.options
        .iter()
        .map(|o| {
            let value = match &o.value {
                OptionValue::Int(n) => Value::from(*n),
                OptionValue::Word(w) => Value::from(w.clone()),
            };
            (o.name.clone(), value)
        })
        .collect()
}

fn sides([south, north]: [u32; 2]) -> Sides {
    Sides { south, north }
}

/// The position of `state` as the JSON contract has it.
pub fn position(state: &MatchState) -> PositionJson {
    position_of(state.game(), state.position(), state.to_move())
}

/// A position of `game`, with the side to move (`None` once over).
pub fn position_of(game: &Game, p: &AnyPosition, to_move: Option<Side>) -> PositionJson {
    let b = &game.board;
    PositionJson {
        board: (0..b.rows())
            .map(|row| {
                (1..=b.columns())
                    .map(|c| p.counts[b.hole_at(row, c).expect("on the board") as usize])
                    .collect()
            })
            .collect(),
        closed: p.closed.iter().map(|h| b.name(h)).collect(),
        claims: p.claims.iter().any(|set| !set.is_empty()).then(|| {
            let [south, north] = p.claims.map(|set| set.iter().map(|h| b.name(h)).collect());
            Claims { south, north }
        }),
        captured: sides(p.captured),
        stores: b.has_stores().then_some(sides(p.captured)),
        to_move: to_move.map(Side::name),
        turn: p.turn,
        starter: game.remembers(Memory::Starter).then(|| p.starter.name()),
        hand: (p.hand != [0; 2]).then(|| sides(p.hand.map(u32::from))),
        out_of_play: u32::from(p.out_of_play),
        previous_move: p.previous.map(|m| PreviousMoveJson {
            from: m.from().map(|h| b.name(h)),
            lifted: m.lifted(),
            ended: b.name(m.ended()),
            clockwise: Some(m.clockwise()),
            captured: p.previous_captured,
        }),
        extra_turns: p.extra_turns,
        passed: p.passed,
        played: p.played().map(Side::name).collect(),
        moved_from: p.moved_from.iter().map(|h| b.name(h)).collect(),
        territory: p.territory.iter().map(|h| b.name(h)).collect(),
    }
}

fn progress(state: &MatchState) -> Progress {
    let (status, reason) = match state.outcome() {
        None => ("ongoing", None),
        Some(o) => (o.status.name(), Some(o.reason.name())),
    };
    Progress {
        status,
        reason,
        passes: state.passes(),
        match_play: match_json(state),
    }
}

fn decision_names(state: &MatchState) -> Vec<String> {
    state
        .decisions()
        .iter()
        .map(|&d| state.game().decision_name(d))
        .collect()
}

fn match_json(state: &MatchState) -> Option<MatchJson> {
    let tally = |[south, north]: [i64; 2]| Tally { south, north };
    let tallied = state.tally().is_some();
    state.is_match().then(|| MatchJson {
        round: state.round_number(),
        reserve: sides(state.reserve()),
        rounds: state
            .results()
            .iter()
            .map(|r| RoundJson {
                round: r.round,
                starter: r.starter.name(),
                reserve: sides(r.reserve),
                status: r.outcome.status.name(),
                reason: r.outcome.reason.name(),
                holdings: sides(r.holdings),
                turns: r.turns,
                tally: tallied.then(|| tally(r.tally)),
            })
            .collect(),
        tally: state.tally().map(tally),
    })
}

/// What `replay --json` prints for `state`.
pub fn replay(state: &MatchState) -> Replay {
    let game = state.game();
    let now = state.position();
    let pending = match (state.outcome(), now.pending, now.called) {
        (Some(_), _, _) => None,
        (None, Some(p), _) => Some(PendingJson {
            kind: "strip",
            remaining: Some(p.remaining),
            offer: None,
        }),
        (None, None, Some(Called::Offered(check))) => Some(PendingJson {
            kind: "answer",
            remaining: None,
            offer: Some(game.decision_name(Decision::Call(check))),
        }),
        (None, None, Some(Called::Refused(check))) => Some(PendingJson {
            kind: "refused",
            remaining: None,
            offer: Some(game.decision_name(Decision::Call(check))),
        }),
        (None, None, _) => None,
    };
    Replay {
        game: game.id.clone(),
        options: options(game),
        decisions: decision_names(state),
        position: position(state),
        pending,
        legal: state.legal().map(|d| game.decision_name(d)).collect(),
        progress: progress(state),
    }
}

/// What `random --json` prints for a game played from `seed`.
pub fn random_game(state: &MatchState, seed: u64) -> RandomGame {
    RandomGame {
        game: state.game().id.clone(),
        seed,
        decisions: decision_names(state),
        position: position(state),
        progress: progress(state),
    }
}

/// A position file: the `position` object of the contract, optionally with `pending`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// Seeds per hole, rows from `a` upward.
    pub board: Vec<Vec<u64>>,
    #[serde(default)]
    /// Holes closed for the round (match play only).
    pub closed: Vec<String>,
    /// Each side's score (default none).
    pub captured: Option<SidesFile>,
    /// Accepted for games with stores, where it must agree with `captured`.
    pub stores: Option<SidesFile>,
    /// `"south"` or `"north"`.
    pub to_move: String,
    #[serde(default)]
    /// Completed turns.
    pub turn: u32,
    /// The side that moved first in this game (games whose rules read it).
    pub starter: Option<String>,
    /// Decisions the side to move still owes.
    pub pending: Option<PendingFile>,
    #[serde(default)]
    /// Holes each side has claimed.
    pub claims: Claims,
    /// Seeds each side holds in hand (games with `[hand]`).
    pub hand: Option<SidesFile>,
    /// Seeds out of play (games with a capture that removes them).
    #[serde(default)]
    pub out_of_play: u64,
    /// The last move played (games whose rules read it).
    pub previous_move: Option<PreviousMoveJson>,
    /// Extra turns the side to move has had in a row (games whose rules read it).
    #[serde(default)]
    pub extra_turns: u32,
    /// Turns passed in a row since the last move (games whose rules read it).
    #[serde(default)]
    pub passed: u16,
    /// The sides that have had a turn (games whose rules read it).
    #[serde(default)]
    pub played: Vec<String>,
    /// Holes a move has started from (games whose rules read it).
    #[serde(default)]
    pub moved_from: Vec<String>,
    /// Holes owned by the side across the middle (territory matches).
    #[serde(default)]
    pub territory: Vec<String>,
}

/// Seeds per side as a file states them (checked against the seed limit later).
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SidesFile {
    /// South's.
    pub south: u64,
    /// North's.
    pub north: u64,
}

/// Decisions owed, as a position file states them.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PendingFile {
    /// What is owed: `"strip"`, `"answer"` to an offer, or the turn of an
    /// offer `"refused"`.
    pub kind: String,
    /// How many decisions (a strip).
    pub remaining: Option<u64>,
    /// The name of the offer to answer.
    pub offer: Option<String>,
}

/// The hole a position file names in `field`.
fn hole_named(b: &Board, field: &'static str, name: &str) -> Result<Hole, PositionFileError> {
    b.parse_hole(name)
        .filter(|&h| b.is_hole(h))
        .ok_or_else(|| PositionFileError::NotAHole {
            field,
            name: printable(name),
        })
}

/// Reads a position file (JSON) for `game`, checking its shape against the
/// board; the position itself is checked as every position is (`Setup`).
///
/// A position with closed holes starts a round of a match; its starter (who
/// started the round) is the side to move, whatever `turn` says, unless the
/// Which sides a position file's `played` names, by `Side::index`.
fn played_sides(names: &[String]) -> Result<[bool; 2], PositionFileError> {
    let mut played = [false; 2];
    for name in names {
        let side = Side::parse(name).ok_or_else(|| PositionFileError::Played(printable(name)))?;
        played[side.index()] = true;
    }
    Ok(played)
}

/// file names one (games whose rules read `starter()`).
pub fn parse_position(game: &Game, text: &str) -> Result<Position, PositionFileError> {
    let file: PositionFile =
        serde_json::from_str(text).map_err(|e| PositionFileError::Json(e.to_string()))?;
    let b = &game.board;
    if file.board.len() != b.rows() {
        return Err(PositionFileError::Rows {
            board: b.rows(),
            file: file.board.len(),
        });
    }
    let to_move = Side::parse(&file.to_move)
        .ok_or_else(|| PositionFileError::ToMove(printable(&file.to_move)))?;
    let starter = match &file.starter {
        None => None,
        Some(_) if !game.remembers(Memory::Starter) => {
            return Err(PositionFileError::StarterNotRead);
        }
        Some(name) => {
            Some(Side::parse(name).ok_or_else(|| PositionFileError::Starter(printable(name)))?)
        }
    };
    let mut setup = Setup {
        to_move,
        starter,
        turn: file.turn,
        extra_turns: file.extra_turns,
        passed: file.passed,
        played: played_sides(&file.played)?,
        hand: file.hand.map_or([0; 2], |h| [h.south, h.north]),
        out_of_play: file.out_of_play,
        ..Setup::empty()
    };
    for (side, names) in [
        (Side::South, &file.claims.south),
        (Side::North, &file.claims.north),
    ] {
        for name in names {
            setup.claims[side.index()].push(hole_named(b, "claims", name)?);
        }
    }
    for name in &file.closed {
        setup.closed.push(hole_named(b, "closed", name)?);
    }
    for name in &file.moved_from {
        setup.moved_from.push(hole_named(b, "moved_from", name)?);
    }
    for name in &file.territory {
        setup.territory.push(hole_named(b, "territory", name)?);
    }
    if let Some(m) = &file.previous_move {
        let from = match &m.from {
            Some(name) => Some(hole_named(b, "previous_move", name)?),
            None => None,
        };
        // A sowing may end in a store (`south_store`).
        let ended = match Side::BOTH
            .into_iter()
            .find(|s| m.ended == format!("{s}_store"))
        {
            Some(side) => b.store(side).ok_or(PositionFileError::NoStores)?,
            None => hole_named(b, "previous_move", &m.ended)?,
        };
        let clockwise = m
            .clockwise
            .unwrap_or(b.direction() == crate::rules::board::Direction::Clockwise);
        setup.previous = Some(
            PreviousMove::new(from, m.lifted, ended, clockwise)
                .ok_or(PositionFileError::NothingLifted)?,
        );
        setup.previous_captured = m.captured;
    }
    for (row, counts) in file.board.iter().enumerate() {
        if counts.len() != b.columns() {
            return Err(PositionFileError::Columns {
                row: (b'a' + row as u8) as char,
                board: b.columns(),
                file: counts.len(),
            });
        }
        for (column, &count) in counts.iter().enumerate() {
            let hole = b.hole_at(row, column + 1).expect("checked above");
            setup.counts.push((hole, count));
        }
    }
    let captured = match (file.captured, file.stores) {
        (_, Some(_)) if !b.has_stores() => return Err(PositionFileError::NoStores),
        (Some(c), Some(s)) if c != s => return Err(PositionFileError::StoresDiffer),
        (c, s) => c.or(s).unwrap_or(SidesFile { south: 0, north: 0 }),
    };
    setup.captured = [captured.south, captured.north];
    if let Some(pending) = file.pending {
        match (pending.kind.as_str(), pending.remaining, pending.offer) {
            ("strip", Some(remaining @ 1..), None) => setup.strip = remaining,
            ("strip", _, _) => return Err(PositionFileError::NothingOwed),
            (kind @ ("answer" | "refused"), None, Some(offer)) => {
                let Some(Decision::Call(check)) = game.parse_decision(&offer) else {
                    return Err(PositionFileError::NoSuchOffer(printable(&offer)));
                };
                setup.called = Some(match kind {
                    "answer" => Called::Offered(check),
                    _ => Called::Refused(check),
                });
            }
            ("answer" | "refused", _, _) => {
                return Err(PositionFileError::NoSuchOffer(String::new()));
            }
            (kind, _, _) => return Err(PositionFileError::PendingKind(printable(kind))),
        }
    }
    Ok(setup.position(game)?)
}

/// Why a position file is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionFileError {
    /// Not JSON, or not the shape of a position object.
    #[error("{0}")]
    Json(String),
    #[error("the board has {board} rows, not {file}")]
    /// The board has another number of rows.
    Rows {
        /// Rows of the board.
        board: usize,
        /// Rows the file gives.
        file: usize,
    },
    #[error("row {row} has {file} holes, not {board}")]
    /// A row has another number of holes.
    Columns {
        /// The row's letter.
        row: char,
        /// Holes in the board's rows.
        board: usize,
        /// Holes the file gives.
        file: usize,
    },
    #[error("to_move is \"south\" or \"north\", not \"{0}\"")]
    /// `to_move` is neither side.
    ToMove(String),
    #[error("played lists \"south\" or \"north\", not \"{0}\"")]
    /// `played` names something else than a side.
    Played(String),
    #[error("{field}: `{name}` is not a hole of this board")]
    /// A field names a hole the board does not have.
    NotAHole {
        /// The field that names it.
        field: &'static str,
        /// The name given (control characters escaped).
        name: String,
    },
    #[error("this board has no stores")]
    /// `stores` given for a board without stores.
    NoStores,
    #[error("captured and stores differ; with stores they are the same seeds")]
    /// `stores` and `captured` differ.
    StoresDiffer,
    #[error("a pending strip owes at least one decision")]
    /// A pending strip owing nothing.
    NothingOwed,
    #[error("previous_move: a move lifts at least one seed")]
    /// A previous move lifting no seed.
    NothingLifted,
    #[error("starter is \"south\" or \"north\", not \"{0}\"")]
    /// `starter` is neither side.
    Starter(String),
    #[error("this game's rules do not read starter(), so a position states none")]
    /// A starter stated for a game whose rules never read it.
    StarterNotRead,
    #[error("unknown pending kind \"{0}\"; expected \"strip\", \"answer\" or \"refused\"")]
    /// A pending kind other than `"strip"`, `"answer"` or `"refused"`.
    PendingKind(String),
    #[error(
        "a pending answer or refusal names the offer (\"offer\": the name of an end check this \
         game offers, here not \"{0}\") and owes no count"
    )]
    /// A pending answer to no offer of the game.
    NoSuchOffer(String),
    /// The position itself breaks a rule every position keeps.
    #[error(transparent)]
    Setup(#[from] crate::rules::setup::SetupError),
}
