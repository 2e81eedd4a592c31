//! Loading: game file text → checked spec → compiled `Game` for chosen options.
//! Every problem found is collected with its place in the file.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use toml::Spanned;

use crate::ir::reads::Read;
use crate::ir::typed::Compare;
use crate::ir::{
    BoolExpr, Compiled, Env, HoleExpr, IntExpr, OfType, Scope, SetExpr, SideExpr, Type, Typed,
};
use crate::ir::{cost, scores};
use crate::language::compose;
use crate::language::define::{self, Expansion, Terms};
use crate::language::error::{LoadError, Problem, SourceFile};
use crate::language::expr::check::{self, Binding, Context};
use crate::language::expr::syntax;
use crate::language::source::Source;
use crate::language::spec::{self, GameSpec, IntOrExpr, Meta, OptionValue};
use crate::rules::board::{Board, CircuitKind, Direction, Hole, Side, SownStores, StoreEnd};
use crate::rules::game::*;
use crate::rules::memory::{Memories, Memory};
use crate::rules::opening::{Opening, OpeningTurn};
use crate::rules::position::Position;
use crate::rules::setup::{MAX_SEEDS, Scatter, Setup, SetupError};
use crate::rules::skip_table::SkipTable;
use crate::rules::state::GameState;
use crate::rules::work::MoveWork;

/// Most capture rules in one game (a pending strip names its rule in a `u8`).
const MAX_CAPTURES: usize = u8::MAX as usize;

/// The game file as it reads once every `extends` is resolved (TOML).
pub fn resolved_text(source: &Source) -> Result<String, LoadError> {
    let (files, file) = composed(source)?;
    let table: toml::Table = deserialize(&files, &file)?;
    Ok(toml::to_string_pretty(&table).expect("a TOML table prints as TOML"))
}

/// The game file as written (with every `extends` resolved), unchecked.
pub fn spec_of(source: &Source) -> Result<GameSpec, LoadError> {
    let (files, file) = composed(source)?;
    deserialize(&files, &file)
}

/// Loads a game file's text; `file` names it in messages (and a relative
/// `extends` path is taken from its folder).
pub fn load_str(
    id: &str,
    file: &str,
    text: &str,
    overrides: &[(String, String)],
) -> Result<Game, LoadError> {
    load_source(&Source::from_text(id, file, text), overrides)
}

/// Loads a game with option overrides `(name, value)`.
pub fn load_source(source: &Source, overrides: &[(String, String)]) -> Result<Game, LoadError> {
    load_warned(source, overrides).map(|loaded| loaded.game)
}

/// A game that loaded, with the likely mistakes found on the way.
pub struct Loaded {
    /// The game, compiled for the options in force.
    pub game: Game,
    /// What `mancala validate` warns about.
    pub warnings: Vec<Problem>,
}

/// Loads a game with option overrides `(name, value)`, keeping the warnings.
pub fn load_warned(source: &Source, overrides: &[(String, String)]) -> Result<Loaded, LoadError> {
    let (files, file) = composed(source)?;
    let spec: GameSpec = deserialize(&files, &file)?;
    let options = resolve_options(&spec, overrides, &file)?;
    Loader {
        file,
        options: Vec::new(),
        word_options: Vec::new(),
        used_options: BTreeSet::new(),
        problems: Vec::new(),
        warnings: Vec::new(),
        memories: Memories::NONE,
        closes_holes: false,
        holes_change_hands: false,
        terms: Terms::default(),
        expansion: Expansion::default(),
        looks_ahead: false,
        decision_names: Vec::new(),
    }
    .load(&source.id, spec, options)
}

/// The file with every file it extends, and their texts laid end to end.
fn composed(source: &Source) -> Result<(Vec<(String, String)>, SourceFile), LoadError> {
    let files = compose::chain(source)?;
    let file = SourceFile::new(&files);
    Ok((files, file))
}

fn deserialize<T: for<'de> serde::Deserialize<'de>>(
    files: &[(String, String)],
    file: &SourceFile,
) -> Result<T, LoadError> {
    compose::deserialize(files, file).map_err(|(span, message)| LoadError::Invalid {
        file: file.name.clone(),
        problems: vec![Problem::new(file, span, plain_words(message.trim()))],
    })
}

/// Serde's type names, as a person would say them.
fn plain_words(message: &str) -> String {
    message
        .replace("expected i64", "expected an integer")
        .replace("expected u32", "expected a non-negative integer")
        .replace("expected a sequence", "expected an array")
        .replace("expected a string", "expected a string (in quotes)")
}

/// Option values in force: the defaults, with the user's overrides checked against
/// what each option allows.
fn resolve_options(
    spec: &GameSpec,
    overrides: &[(String, String)],
    file: &SourceFile,
) -> Result<Vec<GameOption>, LoadError> {
    refuse_unknown_options(spec, overrides)?;
    let mut problems = Vec::new();
    let mut options = Vec::new();
    for (name, option) in &spec.options {
        match option_in_force(name, option.get_ref(), overrides) {
            Ok(option) => options.push(option),
            Err(OptionFault::InFile(message)) => {
                problems.push(Problem::new(file, Some(option.span()), message))
            }
            Err(OptionFault::Override(error)) => return Err(error),
        }
    }
    if !problems.is_empty() {
        return Err(LoadError::Invalid {
            file: file.name.clone(),
            problems,
        });
    }
    Ok(options)
}

/// An override naming no option of the game.
fn refuse_unknown_options(
    spec: &GameSpec,
    overrides: &[(String, String)],
) -> Result<(), LoadError> {
    let Some((name, _)) = overrides
        .iter()
        .find(|(name, _)| !spec.options.contains_key(name))
    else {
        return Ok(());
    };
    let known: Vec<&str> = spec.options.keys().map(String::as_str).collect();
    Err(LoadError::Option(format!(
        "`{name}` is not an option of this game; its options: {}",
        if known.is_empty() {
            "none".to_string()
        } else {
            known.join(", ")
        }
    )))
}

/// Why an option has no value in force: its own declaration is wrong (a
/// problem of the file), or the user's value is not one it allows.
enum OptionFault {
    InFile(String),
    Override(LoadError),
}

/// The option `name` as declared, with its value in force (the last override
/// naming it, else its default) and the values `validate` tries.
fn option_in_force(
    name: &str,
    option: &spec::OptionSpec,
    overrides: &[(String, String)],
) -> Result<GameOption, OptionFault> {
    if let Some(why) = check::reserved(name) {
        return Err(OptionFault::InFile(format!(
            "an option cannot be named `{name}`: that is {why}"
        )));
    }
    let allowed = match (&option.values, option.range) {
        (Some(values), None) => values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        (None, Some([low, high])) => format!("{low}..={high}"),
        _ => {
            return Err(OptionFault::InFile(format!(
                "option `{name}` needs exactly one of `values` or `range`"
            )));
        }
    };
    let permits = |value: &OptionValue| match (&option.values, option.range, value) {
        (Some(values), _, v) => values.contains(v),
        (None, Some([low, high]), OptionValue::Int(n)) => (low..=high).contains(n),
        _ => false,
    };
    if !permits(&option.default) {
        return Err(OptionFault::InFile(format!(
            "option `{name}`: its default {} is not among {allowed}",
            option.default
        )));
    }
    let value = match overrides.iter().rev().find(|(n, _)| n == name) {
        None => option.default.clone(),
        Some((_, text)) => {
            let value = match (&option.default, text.parse::<i64>()) {
                (OptionValue::Int(_), Ok(n)) => OptionValue::Int(n),
                _ => OptionValue::Word(text.clone()),
            };
            if !permits(&value) {
                return Err(OptionFault::Override(LoadError::Option(format!(
                    "{name}={text} is not allowed; {name} takes {allowed}"
                ))));
            }
            value
        }
    };
    let samples = match (&option.values, option.range) {
        (Some(values), _) => spread(values, MAX_SAMPLES),
        (None, Some([low, high])) => vec![OptionValue::Int(low), OptionValue::Int(high)],
        (None, None) => Vec::new(),
    };
    Ok(GameOption {
        name: name.to_string(),
        value,
        default: option.default.clone(),
        allowed,
        samples,
        help: option.help.clone(),
    })
}

/// A rule's optional part: none given (`Some(None)`), compiled, or `None`
/// where it does not compile.
type Part<T> = Option<Option<Compiled<T>>>;

/// An optional part of a rule, compiled when present: `None` when present but broken.
fn optional<T>(part: Option<Option<T>>) -> Option<Option<T>> {
    match part {
        None => Some(None),
        Some(compiled) => compiled.map(Some),
    }
}

struct Loader {
    file: SourceFile,
    /// Integer options, as expressions see them.
    options: Vec<(String, i64)>,
    /// The names of its word options (for messages).
    word_options: Vec<String>,
    /// Options some rule refers to (to warn about the others).
    used_options: BTreeSet<String>,
    problems: Vec<Problem>,
    warnings: Vec<Problem>,
    /// What positions must remember for the expressions checked so far.
    memories: Memories,
    /// Whether the game's matches close short holes (`next` then passes over them).
    closes_holes: bool,
    /// Whether the game's matches move holes across the middle (territory):
    /// `own`, `owner` and `holes` then read the position.
    holes_change_hands: bool,
    /// The file's named terms, put in place before each expression is checked.
    terms: Terms,
    /// Terms some rule uses (to warn about the others), and how much more
    /// putting them in place may write.
    expansion: Expansion,
    /// Whether the expression being compiled is asked where the engine looks
    /// ahead (`[claims] gain`), so that `threats` may be read.
    looks_ahead: bool,
    /// The names of the decisions that call or offer end checks so far.
    decision_names: Vec<String>,
}

/// `[move] prefer`, read once the move is over (see `engine::preferred`).
const PREFER: &[Binding] = &[Binding::Mover, Binding::Opponent, Binding::Origin];
const MOVE: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Turn,
    Binding::ExtraTurns,
];
/// A move's start, with the seeds it would sow (`[move] choose_direction`,
/// `[hand] choose_seeds`).
const MOVE_SEEDS: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::InHand,
    Binding::Turn,
    Binding::ExtraTurns,
];
/// `[claims] gain`, asked of the opponent's holes once a move is played.
const GAIN: &[Binding] = &[
    Binding::Here,
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
];
/// The set of holes a move may start from, asked at the start of a turn.
const MOVE_HOLES: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Turn,
    Binding::ExtraTurns,
];
const LAP: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Last,
    Binding::Lap,
    Binding::LapBoard,
    Binding::LapStart,
    Binding::LapClockwise,
    Binding::Turn,
    Binding::ExtraTurns,
];
/// A relay: a lap's bindings and what its lap-end captures took.
const RELAY: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Last,
    Binding::Lap,
    Binding::LapBoard,
    Binding::LapStart,
    Binding::LapClockwise,
    Binding::Turn,
    Binding::ExtraTurns,
    Binding::Taken,
];
/// Captures made as a lap's hand is lifted, before it is sown.
const LIFT: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::InHand,
    Binding::Lap,
    Binding::LapStart,
    Binding::LapClockwise,
    Binding::Turn,
    Binding::ExtraTurns,
];
const DROP: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Here,
    Binding::IsLast,
    Binding::Lap,
    Binding::LapBoard,
    Binding::LapStart,
    Binding::LapClockwise,
    Binding::Turn,
    Binding::ExtraTurns,
];
const END: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Here,
    Binding::Turn,
    Binding::ExtraTurns,
    Binding::LastMover,
];
/// An end check's own condition, asked of each side in turn (`side`).
const END_CONDITION: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Side,
    Binding::Turn,
    Binding::ExtraTurns,
    Binding::LastMover,
];
const SKIP: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Here,
    Binding::InHand,
    Binding::Lap,
    Binding::LapBoard,
    Binding::LapStart,
    Binding::LapClockwise,
    Binding::Turn,
    Binding::ExtraTurns,
];
/// The order a side fills its holes in between the rounds of a match.
const FILL_ORDER: &[Binding] = &[Binding::Here, Binding::Side];
/// Who starts after a drawn round, read at its end.
const DRAW_STARTER: &[Binding] = &[Binding::Mover, Binding::Opponent, Binding::LastMover];
/// A side that loses the match, asked at a round's end.
const MATCH_LOST: &[Binding] = &[Binding::Side, Binding::LastMover];
/// What the refill reads as a round ends (`seeds_per_hole`): for each hole
/// and the side filling it.
const ROUND_END: &[Binding] = &[Binding::LastMover, Binding::Here, Binding::Side];
/// What a side adds to its tally at a round's end.
const TALLY: &[Binding] = &[Binding::Side, Binding::Won, Binding::Drawn];
/// A side's result or value (`[result] score`, `[agents] evaluate`).
const SIDE_VALUE: &[Binding] = &[Binding::Side, Binding::Turn, Binding::ExtraTurns];

/// Values of an option `validate` loads the game with, at most: a list longer
/// than this is sampled (`spread`), so that validating a file is not
/// quadratic in its length.
pub const MAX_SAMPLES: usize = 16;

/// At most `most` of `values`, the first and the last among them, the rest
/// evenly spread; all of them when there are no more.
fn spread<T: Clone>(values: &[T], most: usize) -> Vec<T> {
    if values.len() <= most {
        return values.to_vec();
    }
    let last = values.len() - 1;
    (0..most)
        .map(|i| values[i * last / (most - 1)].clone())
        .collect()
}

/// The clauses of the sections that lay the game out (shown by `show`), in
/// file order; `[turn]`'s follow.
fn layout_clauses(spec: &GameSpec) -> Vec<String> {
    let opening = spec.setup.opening.as_ref().map(|o| &o.get_ref().clauses);
    let claims = spec.claims.as_ref().map(|c| &c.clauses);
    let sections = [
        Some(&spec.board.clauses),
        Some(&spec.setup.clauses),
        opening,
        Some(&spec.sowing.clauses),
        Some(&spec.result.clauses),
        claims,
    ];
    sections.into_iter().flatten().flatten().cloned().collect()
}

/// What a start's deal lays out beyond the setup's layout.
struct Dealing {
    scatter: Option<Scatter>,
    opening: Option<Opening>,
}

/// The most decisions an opening plays (each is played at every deal).
const MAX_OPENING: u32 = 64;

/// `[sowing] reverse`, `skip` and `drop`, compiled.
type SowingRules = (
    Option<Compiled<BoolExpr>>,
    Option<Compiled<BoolExpr>>,
    Option<Compiled<IntExpr>>,
);

/// A game's parts, each compiled without problems, to be put together.
struct Parts<'a> {
    id: &'a str,
    meta: Meta,
    options: Vec<GameOption>,
    board: Board,
    /// The start when South moves first.
    start: Position,
    /// The start when North moves first, where a setup reads `mover`.
    north_start: Option<Position>,
    dealing: Dealing,
    moves: Moves,
    skip: Option<Compiled<BoolExpr>>,
    reverse: Option<Compiled<BoolExpr>>,
    drop: Option<Compiled<IntExpr>>,
    hand: Option<HandMoves>,
    relay: Option<Relay>,
    captures: Vec<Capture>,
    claims_lost: Option<Compiled<BoolExpr>>,
    claims_gain: Option<Compiled<BoolExpr>>,
    again: Option<Compiled<BoolExpr>>,
    swap: Option<Compiled<BoolExpr>>,
    end_checks: Vec<EndCheck>,
    score: Compiled<IntExpr>,
    evaluation: Option<Compiled<IntExpr>>,
    match_rules: Option<MatchRules>,
    layout_clauses: Vec<String>,
}

impl Loader {
    /// The game of `spec` under `options`: every part compiled in the order its
    /// problems are reported, then put together once none was found.
    fn load(
        mut self,
        id: &str,
        spec: GameSpec,
        options: Vec<GameOption>,
    ) -> Result<Loaded, LoadError> {
        self.bind_options(&options);
        self.refuse_control_characters(&spec);
        self.define_terms(&spec.define);
        self.note_how_holes_change(spec.match_play.as_ref());
        let board = self.board(&spec, &options).ok_or_else(|| self.failure())?;
        let (start, north_start) = self.starts(&spec, &board);
        let mut layout_clauses = layout_clauses(&spec);
        let dealing = self.dealing(&spec.setup, &board, [start.as_ref(), north_start.as_ref()]);
        let [claims_lost, claims_gain] = self.claims(spec.claims.as_ref(), &board);
        let moves = self.moves(&board, spec.moves);
        let hand = self.hand_rules(&board, &spec.setup, spec.hand.as_ref());
        let (reverse, skip, drop) = self.sowing_rules(&board, &spec.sowing);
        let (again, turn_clauses) = self.turn_rules(&board, spec.turn);
        let (swap, swap_clauses) = self.swap_rule(&board, spec.swap);
        let relay = spec.relay.and_then(|relay| self.relay(&board, relay));
        let captures = self.captures(&board, spec.capture, spec.hand.is_some());
        let end_checks = self.end_checks(&board, spec.end, spec.match_play.as_ref());
        let score = self.score(&board, spec.result.score.as_ref());
        layout_clauses.extend(turn_clauses);
        layout_clauses.extend(swap_clauses);
        let evaluation = spec
            .agents
            .and_then(|agents| agents.evaluate)
            .map(|e| self.typed(&board, &e, SIDE_VALUE));
        let has_hand = spec.hand.is_some();
        let match_rules = spec
            .match_play
            .map(|m| self.match_rules(m, &board, has_hand));
        self.warn_unused_options(&spec.options);
        self.warn_unused_terms(&spec.define);
        // Every part compiled, or none.
        let parts = (move || {
            Some(Parts {
                id,
                meta: spec.game,
                options,
                board,
                start: start?,
                north_start,
                dealing: dealing?,
                moves,
                skip,
                reverse,
                drop,
                hand,
                relay,
                captures,
                claims_lost: optional(claims_lost)?,
                claims_gain: optional(claims_gain)?,
                again,
                swap: optional(swap)?,
                end_checks,
                score: score?,
                evaluation: optional(evaluation)?,
                match_rules: optional(match_rules)?,
                layout_clauses,
            })
        })();
        self.finish(parts, spec.setup.opening.as_ref())
    }

    /// The game put together from its parts, once no part has a problem, and
    /// its opening checked.
    fn finish(
        mut self,
        parts: Option<Parts>,
        opening: Option<&Spanned<spec::OpeningSpec>>,
    ) -> Result<Loaded, LoadError> {
        let Some(parts) = parts.filter(|_| self.problems.is_empty()) else {
            return Err(self.failure());
        };
        let game = self.game(parts);
        self.check_opening(&game, opening);
        if !self.problems.is_empty() {
            return Err(self.failure());
        }
        let warnings = std::mem::take(&mut self.warnings);
        Ok(Loaded { game, warnings })
    }

    /// `[hand]` moves, compiled; seeds in hand at the start need them.
    fn hand_rules(
        &mut self,
        board: &Board,
        setup: &spec::SetupSpec,
        hand: Option<&spec::HandSpec>,
    ) -> Option<HandMoves> {
        if let (Some(seeds), None) = (&setup.hand, hand) {
            self.problem(
                seeds.span(),
                "seeds in hand come into play only by hand moves: add a [hand] section",
            );
        }
        hand.and_then(|hand| self.hand_moves(board, hand))
    }

    /// `[result] score`, compiled: a side's captures unless the file says.
    fn score(&mut self, board: &Board, score: Option<&spec::Expr>) -> Option<Compiled<IntExpr>> {
        match score {
            Some(e) => self.typed(board, e, SIDE_VALUE),
            None => Some(Compiled::new(IntExpr::Captured(Box::new(SideExpr::Side)))),
        }
    }

    /// `[sowing] reverse`, `skip` and `drop`, compiled.
    fn sowing_rules(&mut self, board: &Board, sowing: &spec::SowingSpec) -> SowingRules {
        let reverse = sowing
            .reverse
            .as_ref()
            .and_then(|e| self.condition(board, e, MOVE, "no move is sown against the direction"));
        let skip = sowing
            .skip
            .as_ref()
            .and_then(|e| self.typed(board, e, SKIP));
        let drop = sowing
            .drop
            .as_ref()
            .and_then(|e| self.typed(board, e, SKIP));
        (reverse, skip, drop)
    }

    /// `[turn] again`, compiled, and the section's clauses.
    fn turn_rules(
        &mut self,
        board: &Board,
        turn: Option<spec::TurnSpec>,
    ) -> (Option<Compiled<BoolExpr>>, Vec<String>) {
        match turn {
            None => (None, Vec::new()),
            Some(turn) => {
                let again = turn.again.as_ref().and_then(|e| self.typed(board, e, LAP));
                (again, turn.clauses)
            }
        }
    }

    /// `[swap]`: when the side to move may take the other's seat (`None`
    /// where there is no swap, `Some(None)` where it does not compile), and
    /// the clauses it plays.
    fn swap_rule(
        &mut self,
        board: &Board,
        swap: Option<spec::SwapSpec>,
    ) -> (Option<Option<Compiled<BoolExpr>>>, Vec<String>) {
        match swap {
            None => (None, Vec::new()),
            Some(swap) => {
                let when = self.condition(board, &swap.when, MOVE_HOLES, "nobody ever swaps");
                if !board.same_from_either_seat() {
                    self.problem(
                        swap.when.span(),
                        "a swap turns the seeds half round, not the board: each side's circuit must be the other's turned half round, and this track is not",
                    );
                    return (Some(None), swap.clauses);
                }
                (Some(when), swap.clauses)
            }
        }
    }

    /// The options' values, read by name in the file's expressions.
    fn bind_options(&mut self, options: &[GameOption]) {
        self.options = options
            .iter()
            .filter_map(|o| match o.value {
                OptionValue::Int(n) => Some((o.name.clone(), n)),
                OptionValue::Word(_) => None,
            })
            .collect();
        self.word_options = options
            .iter()
            .filter(|o| matches!(o.value, OptionValue::Word(_)))
            .map(|o| o.name.clone())
            .collect();
    }

    /// Whether a match's rounds close holes, or hand them across the middle
    /// (which some expressions and checks read).
    fn note_how_holes_change(&mut self, match_play: Option<&spec::MatchSpec>) {
        self.closes_holes = match_play
            .and_then(|m| m.short_hole.as_ref())
            .is_some_and(|short| {
                ["close", "partial_then_close"].contains(&short.get_ref().as_str())
            });
        self.holes_change_hands = match_play
            .and_then(|m| m.surplus.as_ref())
            .is_some_and(|surplus| surplus.get_ref().starts_with("territory"));
    }

    /// The start when South moves first, and when North does (rounds of a
    /// tally match), which differ where the setup reads `mover`.
    fn starts(&mut self, spec: &GameSpec, board: &Board) -> (Option<Position>, Option<Position>) {
        let starts = self.setup(&spec.setup, board).map(|starts| {
            starts.map(|start| self.claimed_at_start(spec.claims.as_ref(), board, Some(start)))
        });
        match starts {
            Some([Some(south), Some(north)]) => (Some(south), Some(north)),
            _ => (None, None),
        }
    }

    /// How claims are lost (`[claims] lost`) and gained (`gain`, which may
    /// look ahead).
    fn claims(
        &mut self,
        claims: Option<&spec::ClaimsSpec>,
        board: &Board,
    ) -> [Option<Option<Compiled<BoolExpr>>>; 2] {
        let lost = claims.and_then(|claims| {
            let lost = claims.lost.as_ref()?;
            let bindings = [
                Binding::Here,
                Binding::Claimer,
                Binding::Mover,
                Binding::Opponent,
            ];
            Some(self.condition(board, lost, &bindings, "no claim is ever lost"))
        });
        let gain = claims.and_then(|claims| {
            let gain = claims.gain.as_ref()?;
            self.looks_ahead = true;
            let gain = self.condition(board, gain, GAIN, "no hole is ever claimed");
            self.looks_ahead = false;
            Some(gain)
        });
        [lost, gain]
    }

    /// `[move]`: where a move may start, what it lifts, which moves are legal.
    fn moves(&mut self, board: &Board, moves: spec::MoveSpec) -> Moves {
        let never = "no move is ever legal";
        let holes = moves
            .holes
            .as_ref()
            .and_then(|e| self.typed(board, e, MOVE_HOLES));
        let from = moves
            .from
            .as_ref()
            .and_then(|e| self.condition(board, e, MOVE, never));
        let lift = moves.lift.as_ref().and_then(|e| self.typed(board, e, MOVE));
        let after = moves
            .after
            .as_ref()
            .and_then(|e| self.condition(board, e, MOVE, never));
        let prefer = moves
            .prefer
            .as_ref()
            .and_then(|e| self.preference(board, e));
        let choose_direction = moves.choose_direction.as_ref().and_then(|e| {
            let never = "the mover never chooses the direction";
            self.condition(board, e, MOVE_SEEDS, never)
        });
        Moves {
            holes,
            from,
            lift,
            after,
            prefer,
            choose_direction,
            after_by_hole: self.after_by_hole(&moves),
            clauses: moves.clauses,
        }
    }

    /// `[hand]`: moves from the seeds a side holds in hand.
    fn hand_moves(&mut self, board: &Board, hand: &spec::HandSpec) -> Option<HandMoves> {
        let when = hand
            .when
            .as_ref()
            .map(|e| self.condition(board, e, MOVE_HOLES, "no move is ever played from the hand"));
        let holes = hand
            .holes
            .as_ref()
            .map(|e| self.typed(board, e, MOVE_HOLES));
        let to = hand
            .to
            .as_ref()
            .map(|e| self.condition(board, e, MOVE, "no hand move is ever legal"));
        let seeds = hand.seeds.as_ref().map(|e| self.typed(board, e, MOVE));
        let choose_seeds = hand.choose_seeds.as_ref().map(|e| {
            if let Some(seeds) = &hand.seeds {
                // At the one in the file itself (laid out before those it
                // extends), where the other may be a base game's.
                let span = std::cmp::min_by_key(seeds.span(), e.span(), |s| s.start);
                let message = "`seeds` sets how many seeds a hand move takes and \
                               `choose_seeds` lets the mover choose them: keep one";
                self.problem(span, message);
            }
            self.condition(board, e, MOVE_SEEDS, "no hand move is ever legal")
        });
        let give = hand.give.as_ref().map(|e| self.typed(board, e, MOVE));
        let offered = match &hand.offered {
            None => Some(HandOffered::Instead),
            Some(word) => self.word(
                word,
                "offered",
                &[
                    ("instead", HandOffered::Instead),
                    ("beside", HandOffered::Beside),
                ],
            ),
        };
        Some(HandMoves {
            when: optional(when)?,
            holes: optional(holes)?,
            to: optional(to)?,
            seeds: optional(seeds)?,
            choose_seeds: optional(choose_seeds)?,
            offered: offered?,
            sow: hand.sow,
            give: optional(give)?,
            clauses: hand.clauses.clone(),
        })
    }

    /// `[relay]`: when a lap's end lifts another hand, and from where.
    fn relay(&mut self, board: &Board, relay: spec::RelaySpec) -> Option<Relay> {
        let when = self.condition(board, &relay.when, RELAY, "the relay never happens");
        let from = self.typed(board, &relay.from, RELAY);
        let reverse = relay
            .reverse
            .as_ref()
            .map(|e| self.condition(board, e, RELAY, "the direction never turns"));
        let lift = relay.lift.as_ref().map(|e| self.typed(board, e, RELAY));
        let chance = relay
            .optional
            .as_ref()
            .map(|e| self.condition(board, e, RELAY, "the mover never may stop"));
        let (when, from): (Compiled<BoolExpr>, Compiled<HoleExpr>) = (when?, from?);
        Some(Relay {
            from_last_while: Relay::from_last_while(when.tree(), from.tree()),
            when,
            from,
            reverse: optional(reverse)?,
            lift: optional(lift)?,
            optional: optional(chance)?,
            clauses: relay.clauses,
        })
    }

    /// The `[[capture]]` rules, at most `MAX_CAPTURES` of them.
    fn captures(
        &mut self,
        board: &Board,
        captures: Vec<spec::CaptureSpec>,
        has_hand_moves: bool,
    ) -> Vec<Capture> {
        if let Some(extra) = captures.get(MAX_CAPTURES) {
            self.problems.push(Problem::new(
                &self.file,
                Some(extra.at.span()),
                format!(
                    "{} capture rules; at most {MAX_CAPTURES} are supported",
                    captures.len()
                ),
            ));
        }
        captures
            .into_iter()
            .filter_map(|capture| self.capture(board, capture, has_hand_moves))
            .collect()
    }

    /// The `[[end]]` checks, in order; in a match, a warning for one that
    /// leaves seeds to no side (unless the loser alone refills, gathering
    /// them, and the winner's stay in play).
    fn end_checks(
        &mut self,
        board: &Board,
        ends: Vec<spec::EndSpec>,
        match_play: Option<&spec::MatchSpec>,
    ) -> Vec<EndCheck> {
        self.require_no_moves_check(&ends);
        if let Some(match_play) = match_play {
            let by_loser = match_play
                .refills
                .as_ref()
                .is_some_and(|r| r.get_ref() == "loser");
            match by_loser {
                true => self.warn_of_leftovers_taken_from_the_winner(&ends),
                false => self.warn_of_seeds_leaving_a_match(&ends),
            }
            if let Some(spare) = ends.iter().find_map(|end| end.spare.as_ref()) {
                self.problem(
                    spare.span(),
                    "`spare` leaves seeds on the board at the end, which the next round of a \
                     match would refill over: a game with [match] cannot spare holes",
                );
            }
        }
        ends.into_iter()
            .filter_map(|end| self.end_check(board, end))
            .collect()
    }

    /// The game put together from its compiled parts, with what the engine
    /// works out once for it (which captures come when, which moves are
    /// rare, a skip's table, the dealt start).
    fn game(&self, parts: Parts) -> Game {
        let Parts {
            start,
            north_start,
            dealing,
            skip,
            relay,
            captures,
            claims_lost,
            board,
            ..
        } = parts;
        let capture_times = captures.iter().fold(0, |bits, c| bits | c.at.bit());
        let skip_table = skip.as_ref().and_then(|skip| SkipTable::new(&board, skip));
        let mut memories = self.memories;
        // A swap hands each side's score to the other: the rest of a game
        // then depends on the scores so far.
        if takes_from_stores(&board, relay.as_ref(), &captures) || parts.swap.is_some() {
            memories.insert(Memory::Scores);
        }
        // Kept only where it differs from South's but for the side to move.
        let north_layout = north_start
            .filter(|north| north.counts() != start.counts() || north.hand != start.hand);
        let mut game = Game {
            id: parts.id.to_string(),
            meta: parts.meta,
            options: parts.options,
            north_layout,
            layout: start,
            dealt: false,
            scatter: dealing.scatter,
            opening: dealing.opening,
            board,
            start,
            moves: parts.moves,
            skip,
            skip_table,
            drop: parts.drop,
            reverse: parts.reverse,
            hand: parts.hand,
            relay,
            captures,
            claims_lost,
            work: MoveWork::default(),
            claims_gain: parts.claims_gain,
            again: parts.again,
            swap: parts.swap,
            end_checks: parts.end_checks,
            score: parts.score,
            evaluation: parts.evaluation,
            match_rules: parts.match_rules,
            limits: Limits::default(),
            rare_sowing: false,
            capture_times,
            memories,
            layout_clauses: parts.layout_clauses,
            always_legal: false,
            tracks_repetition: false,
            has_calls: false,
            decides_more_than_moves: false,
        }
        .with_rules_worked_out();
        // The opening is played by the engine, on the game as it plays; it
        // depends on the deal where it draws for either first side.
        let opened = game.opened(0, Side::South);
        let drew = opened.drew || game.opened(0, Side::North).drew;
        game.dealt = game.scatter.is_some() || drew;
        game.start = opened.start;
        game
    }

    /// Text that is printed to a terminal (names, summaries, help) may not carry
    /// control characters, which a terminal would act on.
    fn refuse_control_characters(&mut self, spec: &GameSpec) {
        let meta = &spec.game;
        let mut texts: Vec<(&str, &str)> = vec![
            ("name", &meta.name),
            ("origin", &meta.origin),
            ("rules", &meta.rules),
            ("summary", &meta.summary),
        ];
        texts.extend(meta.aliases.iter().map(|a| ("aliases", a.as_str())));
        texts.extend(meta.sources.iter().map(|a| ("sources", a.as_str())));
        for option in spec.options.values().map(Spanned::get_ref) {
            texts.push(("help", &option.help));
            let words = option.values.iter().flatten().chain([&option.default]);
            texts.extend(words.filter_map(|v| match v {
                OptionValue::Word(w) => Some(("values", w.as_str())),
                OptionValue::Int(_) => None,
            }));
        }
        let controlled = |t: &str| {
            t.chars()
                .any(|c| crate::input::acts_on_text(c) && c != '\n' && c != '\t')
        };
        for (key, text) in texts.into_iter().filter(|(_, t)| controlled(t)) {
            let message = format!(
                "`{}` holds control characters or direction overrides, which change how the \
                 text around them shows; write plain text",
                crate::input::printable(text)
            );
            let span = key_line(&self.file.text, key);
            self.problems.push(Problem::new(&self.file, span, message));
        }
    }

    /// Warns about options no rule uses (call once every rule is compiled).
    /// An option a file inherits is its base's: a variant that replaces the
    /// rules using it is not warned.
    fn warn_unused_options(&mut self, options: &BTreeMap<String, Spanned<spec::OptionSpec>>) {
        for (name, option) in options {
            if !self.used_options.contains(name) && self.file.is_own(&option.span()) {
                let warning = Problem::warning(
                    &self.file,
                    Some(option.span()),
                    format!("option `{name}` is never used by any rule"),
                );
                self.warnings.push(warning);
            }
        }
    }

    /// Reads the file's named terms (`[define.NAME]`); a problem points into the
    /// term's expression, or at the whole of it.
    fn define_terms(&mut self, define: &BTreeMap<String, spec::DefineSpec>) {
        let options: BTreeSet<&str> = self.options.iter().map(|(name, _)| name.as_str()).collect();
        let options = options
            .union(&self.word_options.iter().map(String::as_str).collect())
            .copied()
            .collect();
        let definitions = define.iter().map(|(name, term)| {
            (
                name.as_str(),
                term.args.as_slice(),
                term.is.get_ref().as_str(),
            )
        });
        let (terms, problems) =
            Terms::parse(definitions, |name| define::taken_name(name, &options));
        for problem in problems {
            let is = &define[&problem.name].is;
            let span = match problem.span {
                Some(span) => {
                    let base = self.string_content_start(is.span());
                    base + span.start..base + span.end.max(span.start + 1)
                }
                None => is.span(),
            };
            self.problem(
                span,
                format!("in the term `{}`: {}", problem.name, problem.message),
            );
        }
        self.terms = terms;
    }

    fn warn_unused_terms(&mut self, define: &BTreeMap<String, spec::DefineSpec>) {
        for (name, term) in define {
            if self.terms.contains(name) && !self.expansion.used.contains(name) {
                let warning = Problem::warning(
                    &self.file,
                    Some(term.is.span()),
                    format!("the term `{name}` is never used by any rule"),
                );
                self.warnings.push(warning);
            }
        }
    }

    /// Requires an end check for a side with no legal move: without one, such a
    /// game could neither go on nor end.
    fn require_no_moves_check(&mut self, ends: &[spec::EndSpec]) {
        let ends_the_game = |end: &&spec::EndSpec| {
            end.check.get_ref() == "no_moves" && end.outcome.get_ref() != "pass"
        };
        if !ends.iter().any(|end| ends_the_game(&end)) {
            let span = ends.first().map(|end| end.check.span());
            let problem = Problem::new(
                &self.file,
                span,
                "no end check says what happens when the side to move has no legal move",
            )
            .with_help(
                "add an [[end]] with check = \"no_moves\" (after a passing one, it ends the game when neither side can move)",
            );
            self.problems.push(problem);
        }
    }

    /// In a match, the seeds left on the board when a round ends go to no one
    /// unless the check that ends it gives them out (`leftovers`): warned, as
    /// they then leave play for the rest of the match.
    fn warn_of_seeds_leaving_a_match(&mut self, ends: &[spec::EndSpec]) {
        for end in ends {
            if end.outcome.get_ref() != "pass" && end.leftovers.is_none() {
                let warning = Problem::warning(
                    &self.file,
                    Some(end.check.span()),
                    "in a match, the seeds left on the board when this check ends a round go \
                     to no side (no `leftovers`), so they leave play for the rest of the match",
                );
                self.warnings.push(warning);
            }
        }
    }

    /// With `refills = "loser"` the winner plays on from its holes as the round
    /// left them: `leftovers` would empty them and end the match at once.
    fn warn_of_leftovers_taken_from_the_winner(&mut self, ends: &[spec::EndSpec]) {
        for leftovers in ends.iter().filter_map(|end| end.leftovers.as_ref()) {
            let warning = Problem::warning(
                &self.file,
                Some(leftovers.span()),
                "with refills = \"loser\" the winner plays on from its holes as the round \
                 leaves them: `leftovers` empties them, so the match ends after the round",
            );
            self.warnings.push(warning);
        }
    }

    /// A condition, with a warning when it is false whatever the position.
    fn condition(
        &mut self,
        board: &Board,
        e: &Spanned<String>,
        b: &[Binding],
        what: &str,
    ) -> Option<Compiled<BoolExpr>> {
        let condition: Compiled<BoolExpr> = self.typed(board, e, b)?;
        if condition.tree() == &BoolExpr::Const(false) {
            let message = format!("this condition is always false: {what}");
            self.warnings
                .push(Problem::warning(&self.file, Some(e.span()), message));
        }
        Some(condition)
    }

    /// `[move] prefer`: a condition met if it can be, or an integer made largest.
    fn preference(&mut self, board: &Board, e: &Spanned<String>) -> Option<Preference> {
        match self.compile(board, e, None, PREFER)? {
            Typed::Bool(condition) => Some(Preference::Condition(Compiled::new(condition))),
            Typed::Int(value) => Some(Preference::Largest(Compiled::new(value))),
            other => {
                let base = self.string_content_start(e.span());
                self.problem(
                    expr_span(base, e.get_ref()),
                    format!(
                        "expected a condition (met if some legal move can meet it) or an integer \
                         (made as large as the legal moves can make it), found {}",
                        other.ty().name()
                    ),
                );
                None
            }
        }
    }

    fn failure(&mut self) -> LoadError {
        LoadError::Invalid {
            file: self.file.name.clone(),
            problems: std::mem::take(&mut self.problems),
        }
    }

    fn problem(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems
            .push(Problem::new(&self.file, Some(span), message));
    }

    fn board(&mut self, spec: &GameSpec, options: &[GameOption]) -> Option<Board> {
        let rows = *spec.board.rows.get_ref();
        let columns = self.constant(&spec.board.holes_per_row)?;
        let track = spec.sowing.track.as_ref();
        let circuit = match (spec.sowing.circuit.get_ref().as_str(), track) {
            ("board", None) => CircuitKind::WholeBoard,
            ("own_rows", None) => CircuitKind::OwnRows,
            ("track", Some(track)) => CircuitKind::Track(track.get_ref()),
            ("track", None) => {
                self.problem(
                    spec.sowing.circuit.span(),
                    "the circuit \"track\" needs `track`, the holes in the order sown counterclockwise",
                );
                return None;
            }
            ("board" | "own_rows", Some(track)) => {
                self.problem(
                    track.span(),
                    "`track` lays out a circuit of its own: it needs circuit = \"track\"",
                );
                return None;
            }
            (other, _) => {
                self.problem(
                    spec.sowing.circuit.span(),
                    format!(
                        "unknown circuit `{other}`; expected \"board\", \"own_rows\" or \"track\""
                    ),
                );
                return None;
            }
        };
        let direction = self.direction(&spec.sowing.direction, options)?;
        let has_stores = spec.board.stores.as_ref().is_some_and(|s| *s.get_ref());
        let end = self.store_word(
            spec.board.store_end.as_ref(),
            has_stores,
            ("store_end", "places stores"),
            &[("right", StoreEnd::Right), ("left", StoreEnd::Left)],
        )?;
        let sown = self.store_word(
            spec.board.sown_stores.as_ref(),
            has_stores,
            ("sown_stores", "says whose sowing fills the stores"),
            &[("own", SownStores::Own), ("both", SownStores::Both)],
        )?;
        let stores = has_stores.then_some(end);
        match Board::new(rows, columns, circuit, direction, stores, sown) {
            Ok(board) => Some(board),
            Err(e) => {
                let span = match e {
                    crate::rules::board::BoardError::Rows(_) => spec.board.rows.span(),
                    crate::rules::board::BoardError::Columns(..) => spec.board.holes_per_row.span(),
                    crate::rules::board::BoardError::CircuitNeedsRows(..) => {
                        spec.sowing.circuit.span()
                    }
                    crate::rules::board::BoardError::StoresNeedWholeBoard => {
                        spec.board.stores.as_ref().map_or(0..0, |s| s.span())
                    }
                    crate::rules::board::BoardError::Track(_) => track.map_or(0..0, |t| t.span()),
                };
                self.problem(span, e.to_string());
                None
            }
        }
    }

    fn direction(&mut self, text: &Spanned<String>, options: &[GameOption]) -> Option<Direction> {
        let word = match options.iter().find(|o| &o.name == text.get_ref()) {
            Some(GameOption {
                value: OptionValue::Word(w),
                ..
            }) => {
                self.used_options.insert(text.get_ref().clone());
                w.clone()
            }
            _ => text.get_ref().clone(),
        };
        match word.as_str() {
            "ccw" | "counterclockwise" => Some(Direction::Counterclockwise),
            "cw" | "clockwise" => Some(Direction::Clockwise),
            _ => {
                self.problem(
                    text.span(),
                    format!("direction `{word}`: expected \"ccw\", \"cw\" or a word option whose values are those"),
                );
                None
            }
        }
    }

    /// An integer fixed at load time (only options are in scope).
    fn constant(&mut self, value: &Spanned<IntOrExpr>) -> Option<i64> {
        match value.get_ref() {
            IntOrExpr::Int(n) => Some(*n),
            IntOrExpr::Expr(text) => {
                // Options are constants, so any board does for checking; take the smallest.
                let scratch = Board::new(
                    2,
                    1,
                    CircuitKind::WholeBoard,
                    Direction::Counterclockwise,
                    None,
                    SownStores::Own,
                )
                .expect("a 2x1 board is valid");
                let spanned = Spanned::new(value.span(), text.clone());
                let expr: Compiled<IntExpr> = self.typed(&scratch, &spanned, &[])?;
                let empty = Position::empty(Side::South);
                let mut scope = Scope::new(&scratch, &empty, Env::new(Side::South));
                Some(expr.eval(&mut scope))
            }
        }
    }

    /// The start as each side would begin it: South first, then North (the
    /// setup may read `mover`, the side to move first).
    fn setup(&mut self, setup: &spec::SetupSpec, board: &Board) -> Option<[Position; 2]> {
        let seeds = match setup.seeds.get_ref() {
            IntOrExpr::Int(n) => Compiled::new(IntExpr::Const(*n)),
            IntOrExpr::Expr(text) => {
                let spanned = Spanned::new(setup.seeds.span(), text.clone());
                self.typed(board, &spanned, &[Binding::Here, Binding::Mover])?
            }
        };
        let hand = match setup
            .hand
            .as_ref()
            .map(|hand| (hand.span(), hand.get_ref()))
        {
            None => Compiled::new(IntExpr::Const(0)),
            Some((_, IntOrExpr::Int(n))) => Compiled::new(IntExpr::Const(*n)),
            Some((span, IntOrExpr::Expr(text))) => {
                let spanned = Spanned::new(span, text.clone());
                self.typed(board, &spanned, &[Binding::Side, Binding::Mover])?
            }
        };
        let south = self.start_for(setup, board, (&seeds, &hand), Side::South)?;
        let north = self.start_for(setup, board, (&seeds, &hand), Side::North)?;
        Some([south, north])
    }

    /// What a start's deal lays out: seeds scattered and an opening played.
    fn dealing(
        &mut self,
        setup: &spec::SetupSpec,
        board: &Board,
        starts: [Option<&Position>; 2],
    ) -> Option<Dealing> {
        let scatter = self.scatter(setup, board, starts);
        let opening = setup.opening.as_ref().map(|o| self.opening(board, o));
        Some(Dealing {
            scatter: scatter?,
            opening: optional(opening)?,
        })
    }

    /// `[setup.opening]`, compiled.
    fn opening(&mut self, board: &Board, spec: &Spanned<spec::OpeningSpec>) -> Option<Opening> {
        let spec = spec.get_ref();
        let decisions = match &spec.decisions {
            None => 1,
            Some(decisions) => {
                let count = self.constant(decisions)?;
                match u32::try_from(count) {
                    Ok(count) if (1..=MAX_OPENING).contains(&count) => count,
                    _ => {
                        let message =
                            format!("an opening of {count} decisions; expected 1 to {MAX_OPENING}");
                        self.problem(decisions.span(), message);
                        return None;
                    }
                }
            }
        };
        let from = spec.from.as_ref().map(|from| self.typed(board, from, MOVE));
        let turn = match &spec.turn {
            None => OpeningTurn::AsPlayed,
            Some(turn) => self.word(
                turn,
                "opening turn",
                &[
                    ("as_played", OpeningTurn::AsPlayed),
                    ("passes", OpeningTurn::Passes),
                ],
            )?,
        };
        Some(Opening {
            decisions,
            from: optional(from)?,
            turn,
        })
    }

    /// An opening must play all its decisions from the start (deal 0) unless
    /// the game ends first: one that `from` cuts short is a mistake in the file.
    fn check_opening(&mut self, game: &Game, spec: Option<&Spanned<spec::OpeningSpec>>) {
        let (Some(opening), Some(spec)) = (&game.opening, spec) else {
            return;
        };
        let opened = game.opened(0, Side::South);
        let over = GameState::from_position(game, opened.start)
            .outcome()
            .is_some();
        if opened.played == opening.decisions || over {
            return;
        }
        let (wanted, played) = (opening.decisions, opened.played);
        let plural = if wanted == 1 { "" } else { "s" };
        let when = match played {
            0 => "at the start".to_string(),
            _ => format!("after {played} of them"),
        };
        let message = format!(
            "the opening plays {wanted} decision{plural}, but {when} `from` allows none of the legal decisions"
        );
        self.problem(spec.span(), message);
    }

    /// The seeds the setup drops at random (`scatter`, into `scatter_to`),
    /// if any, onto the start for either first side (`starts`: South's, and
    /// North's where it differs); `None` where that is broken.
    fn scatter(
        &mut self,
        setup: &spec::SetupSpec,
        board: &Board,
        starts: [Option<&Position>; 2],
    ) -> Option<Option<Scatter>> {
        let Some(seeds) = &setup.scatter else {
            return self.refuse_scatter_keys_alone(setup).then_some(None);
        };
        let at_least = self.scatter_min(setup.scatter_min.as_ref())?;
        let count = self.constant(seeds)?;
        let holes = self.scatter_holes(setup.scatter_to.as_ref(), board)?;
        let held_at = |start: &Position| {
            let hand: u64 = start.hand.iter().map(|&h| u64::from(h)).sum();
            start.counts().iter().map(|&c| u64::from(c)).sum::<u64>() + hand
        };
        let helds: Vec<u64> = starts.into_iter().flatten().map(held_at).collect();
        let held = helds.iter().copied().max().unwrap_or(0);
        let least = helds.iter().copied().min().unwrap_or(0);
        let problem = scatter_problem(setup, count, holes.is_empty(), [least, held], at_least);
        if let Some((span, problem)) = problem {
            self.problem(span, problem);
            return None;
        }
        // Nothing to scatter: the start is fixed.
        let scatter = Scatter {
            seeds: count as u32,
            holes,
            at_least,
        };
        Some((count > 0).then_some(scatter))
    }

    /// `scatter_to` and `scatter_min` without a `scatter`, refused; whether
    /// there were none.
    fn refuse_scatter_keys_alone(&mut self, setup: &spec::SetupSpec) -> bool {
        let keys = [
            ("scatter_to", setup.scatter_to.as_ref().map(Spanned::span)),
            ("scatter_min", setup.scatter_min.as_ref().map(Spanned::span)),
        ];
        for (key, span) in keys {
            if let Some(span) = span {
                let message =
                    format!("`{key}` says how the seeds of `scatter` fall: it needs a `scatter`");
                self.problem(span, message);
                return false;
            }
        }
        true
    }

    /// `scatter_min`: the fewest seeds a hole holds after the scatter, but
    /// for empty ones (1: no constraint).
    fn scatter_min(&mut self, given: Option<&Spanned<i64>>) -> Option<u16> {
        match given {
            None => Some(1),
            Some(n) if (1..=i64::from(u16::MAX)).contains(n.get_ref()) => Some(*n.get_ref() as u16),
            Some(n) => {
                let message = format!("scatter_min is {}; expected 1 to {}", n.get_ref(), u16::MAX);
                self.problem(n.span(), message);
                None
            }
        }
    }

    /// The holes `scatter` draws from: `scatter_to`'s, or every hole.
    fn scatter_holes(&mut self, to: Option<&spec::Expr>, board: &Board) -> Option<Vec<Hole>> {
        let Some(to) = to else {
            return Some(board.holes().collect());
        };
        let to: Compiled<SetExpr> = self.typed(board, to, &[])?;
        let empty = Position::empty(Side::South);
        let set = to.eval(&mut Scope::new(board, &empty, Env::new(Side::South)));
        Some(set.iter().filter(|&hole| board.is_hole(hole)).collect())
    }

    /// The start when `first` moves first: each hole's `seeds` and each
    /// side's `hand`.
    fn start_for(
        &mut self,
        setup: &spec::SetupSpec,
        board: &Board,
        (seeds, hand): (&Compiled<IntExpr>, &Compiled<IntExpr>),
        first: Side,
    ) -> Option<Position> {
        let mut start = Setup::empty();
        let empty = Position::empty(first);
        for side in Side::BOTH {
            let mut env = Env::new(first);
            env.side = side;
            let held = hand.eval(&mut Scope::new(board, &empty, env));
            let Ok(held) = u64::try_from(held) else {
                let message = format!("{side} would hold {held} seeds in hand; expected 0 or more");
                let span = setup.hand.as_ref().map(Spanned::span);
                self.problem(span.unwrap_or(setup.seeds.span()), message);
                return None;
            };
            start.hand[side.index()] = held;
        }
        for hole in board.holes() {
            let mut env = Env::new(first);
            env.here = hole;
            let n = seeds.eval(&mut Scope::new(board, &empty, env));
            let Ok(n) = u64::try_from(n) else {
                let message = format!(
                    "hole {} would start with {n} seeds; expected 0 or more",
                    board.name(hole)
                );
                self.problem(setup.seeds.span(), message);
                return None;
            };
            start.counts.push((hole, n));
        }
        start.to_move = first;
        // Closed holes only come with rounds of a match, never at the start.
        match start.board_position(board, false) {
            Ok(position) => Some(position),
            Err(e) => {
                // Too many seeds in all, where some are in hand: the hand is
                // the place to look (the holes' seeds may be another file's).
                let span = match (&e, &setup.hand) {
                    (SetupError::TooManySeeds(_), Some(hand)) if start.hand != [0; 2] => {
                        hand.span()
                    }
                    _ => setup.seeds.span(),
                };
                self.problem(span, format!("the setup: {e}"));
                None
            }
        }
    }

    /// The start with the holes `[claims] start` names claimed by their owners.
    fn claimed_at_start(
        &mut self,
        claims: Option<&spec::ClaimsSpec>,
        board: &Board,
        start: Option<Position>,
    ) -> Option<Position> {
        let Some(claimed) = claims.and_then(|c| c.start.as_ref()) else {
            return start;
        };
        let claimed = self.condition(board, claimed, &[Binding::Here], "no hole starts claimed")?;
        let mut start = start?;
        for hole in board.holes() {
            let mut env = Env::new(Side::South);
            env.here = hole;
            if claimed.eval(&mut Scope::new(board, &start, env)) {
                start.claims[board.owner(hole).index()].insert(hole);
            }
        }
        Some(start)
    }

    /// Compiles a capture rule; every part is checked, so that all its problems
    /// are reported together.
    /// `[move] after_by_hole`, which only means something where a hole has
    /// several moves (`choose_direction`) and `after` judges them.
    fn after_by_hole(&mut self, moves: &spec::MoveSpec) -> bool {
        let Some(by_hole) = &moves.after_by_hole else {
            return false;
        };
        if *by_hole.get_ref() && (moves.after.is_none() || moves.choose_direction.is_none()) {
            self.problem(
                by_hole.span(),
                "`after_by_hole` asks `after` of a hole's moves together: it needs `after` and `choose_direction`",
            );
        }
        *by_hole.get_ref()
    }

    /// `has_hand_moves`: the file has a `[hand]` section.
    /// One `[[capture]]` rule (reference: "Captures"): each key compiled with
    /// the names its time binds, and the keys that cannot go together refused.
    fn capture(
        &mut self,
        board: &Board,
        capture: spec::CaptureSpec,
        has_hand_moves: bool,
    ) -> Option<Capture> {
        let at = self.capture_time(&capture.at);
        let bindings = match at {
            Some(CaptureTime::Lift) => LIFT,
            Some(CaptureTime::Drop) => DROP,
            _ => LAP,
        };
        // Once the seeds are taken, `taken` says how many.
        let after_taking = [bindings, &[Binding::Taken]].concat();
        let when = self.condition(board, &capture.when, bindings, "this capture never happens");
        let take = self.target(board, &capture.take, bindings);
        let to = match &capture.to {
            Some(e) => self.typed(board, e, bindings),
            None => Some(Compiled::new(SideExpr::Mover)),
        };
        let chain = capture.chain.as_ref().map(|chain| {
            let takes_a_set = matches!(take, Some(Target::Set(_)));
            self.chain(
                board,
                chain,
                bindings,
                takes_a_set.then(|| capture.take.span()),
            )
        });
        let veto = capture
            .veto
            .as_ref()
            .map(|veto| self.typed(board, veto, &after_taking));
        let spare = capture.spare.as_ref().map(|spare| {
            self.refuse_spare_without_veto(&capture, spare.span());
            self.typed(board, spare, bindings)
        });
        let from_hand = capture.from_hand.as_ref().map(|seeds| {
            self.refuse_from_hand_where_none(&capture, at, seeds.span());
            self.typed(board, seeds, bindings)
        });
        let at_most = capture
            .at_most
            .as_ref()
            .map(|seeds| self.typed(board, seeds, bindings));
        let (resow, resow_reverse) = self.resow(board, &capture, at, &after_taking);
        let into = capture.into.as_ref().map(|hole| {
            self.refuse_into_with_a_score(&capture, hole.span());
            self.typed(board, hole, &after_taking)
        });
        let into_hand = self.puts_into_hand(&capture, has_hand_moves);
        let remove = self.removes(&capture);
        let strip = capture
            .strip
            .as_ref()
            .map(|strip| self.strip(board, strip, &after_taking));
        Some(Capture {
            at: at?,
            when: when?,
            take: take?,
            to: to?,
            chain: optional(chain)?,
            strip: optional(strip)?,
            veto: optional(veto)?,
            spare: optional(spare)?,
            from_hand: optional(from_hand)?,
            at_most: optional(at_most)?,
            claim: capture.claim,
            resow: resow?,
            resow_reverse: resow_reverse?,
            into: optional(into)?,
            into_hand,
            remove,
            optional: capture.optional,
            clauses: capture.clauses,
        })
    }

    /// A capture's `resow` (the hole the taken seeds are sown again from)
    /// and `resow_reverse` (when that lap runs the other way), each `None`
    /// where it does not compile.
    fn resow(
        &mut self,
        board: &Board,
        capture: &spec::CaptureSpec,
        at: Option<CaptureTime>,
        after_taking: &[Binding],
    ) -> (Part<HoleExpr>, Part<BoolExpr>) {
        let resow = capture.resow.as_ref().map(|from| {
            self.refuse_resow_where_none(capture, at, from.span());
            self.typed(board, from, after_taking)
        });
        let reverse = capture.resow_reverse.as_ref().map(|reverse| {
            if capture.resow.is_none() {
                self.problem(
                    reverse.span(),
                    "`resow_reverse` turns the direction of the re-sown lap: it needs a `resow`",
                );
            }
            self.condition(board, reverse, after_taking, "the re-sown lap never turns")
        });
        (optional(resow), optional(reverse))
    }

    /// A capture's `chain`: the next hole (`x` the one just taken), while its
    /// condition holds, at most `limit` holes in all. `set_taken`: where the
    /// capture's `take` is a set, which a chain cannot start from.
    fn chain(
        &mut self,
        board: &Board,
        chain: &spec::ChainSpec,
        bindings: &[Binding],
        set_taken: Option<Range<usize>>,
    ) -> Option<Chain> {
        let bindings = [bindings, &[Binding::X]].concat();
        let step = self.typed(board, &chain.step, &bindings);
        let continue_while = self.typed(board, &chain.continue_while, &bindings);
        if let Some(span) = set_taken {
            self.problem(span, "a chain starts from one hole; `take` gives a set");
        }
        let holes = board.hole_count();
        let links = match &chain.limit {
            None => Some(holes),
            Some(limit) if (1..=holes as i64).contains(limit.get_ref()) => {
                Some(*limit.get_ref() as usize - 1)
            }
            Some(limit) => {
                self.problem(
                    limit.span(),
                    format!("a chain's `limit` counts the holes it takes in all, the first included: from 1 to {holes} on this board"),
                );
                None
            }
        };
        Some(Chain {
            step: step?,
            continue_while: continue_while?,
            links: links?,
        })
    }

    fn refuse_spare_without_veto(&mut self, capture: &spec::CaptureSpec, span: Range<usize>) {
        if capture.veto.is_none() {
            self.problem(
                span.clone(),
                "`spare` says what a vetoed capture gives back: it needs a `veto`",
            );
        }
        if capture.resow.is_some() || capture.claim {
            self.problem(
                span,
                "`spare` gives seeds back out of the score: not with `resow` (nothing is scored) or `claim` (the holes would stay claimed)",
            );
        }
    }

    fn refuse_from_hand_where_none(
        &mut self,
        capture: &spec::CaptureSpec,
        at: Option<CaptureTime>,
        span: Range<usize>,
    ) {
        if at.is_some_and(|at| at != CaptureTime::Lift) {
            self.problem(
                span.clone(),
                "`from_hand` takes seeds out of the hand about to be sown: only an at = \"lift\" capture has one",
            );
        }
        if capture.resow.is_some() || capture.claim {
            self.problem(
                span,
                "`from_hand` scores the seeds it takes: not with `resow` or `claim`",
            );
        }
    }

    fn refuse_resow_where_none(
        &mut self,
        capture: &spec::CaptureSpec,
        at: Option<CaptureTime>,
        span: Range<usize>,
    ) {
        if capture.claim {
            self.problem(
                span.clone(),
                "`resow` sows the seeds taken on, so no side gets them to claim the holes: use one of `claim` and `resow`",
            );
        }
        if at.is_some_and(|at| at != CaptureTime::LapEnd) {
            self.problem(
                span,
                "`resow` sows the seeds taken on as a new lap: only an at = \"lap_end\" capture can",
            );
        }
    }

    fn refuse_into_with_a_score(&mut self, capture: &spec::CaptureSpec, span: Range<usize>) {
        let refused = ["to", "resow", "claim", "from_hand", "spare"];
        let what = "`into` puts the seeds taken into a hole, so no side gets them";
        self.refuse_keys(capture, span, &refused, what);
    }

    /// A problem at `span` for each of the `refused` keys the capture gives,
    /// which cannot go with the key `what` describes.
    fn refuse_keys(
        &mut self,
        capture: &spec::CaptureSpec,
        span: Range<usize>,
        refused: &[&str],
        what: &str,
    ) {
        let given = [
            ("to", capture.to.is_some()),
            ("into", capture.into.is_some()),
            ("resow", capture.resow.is_some()),
            ("claim", capture.claim),
            ("from_hand", capture.from_hand.is_some()),
            ("spare", capture.spare.is_some()),
            (
                "into_hand",
                capture.into_hand.as_ref().is_some_and(|i| *i.get_ref()),
            ),
        ];
        for (key, _) in given
            .iter()
            .filter(|(key, given)| *given && refused.contains(key))
        {
            self.problem(span.clone(), format!("{what}: not with `{key}`"));
        }
    }

    /// Whether the capture puts its seeds into a side's hand (`into_hand`),
    /// which only hand moves bring back into play.
    fn puts_into_hand(&mut self, capture: &spec::CaptureSpec, has_hand_moves: bool) -> bool {
        let into_hand = capture.into_hand.as_ref().is_some_and(|i| *i.get_ref());
        let Some(span) = capture
            .into_hand
            .as_ref()
            .filter(|_| into_hand)
            .map(|i| i.span())
        else {
            return into_hand;
        };
        let refused = ["into", "resow", "claim", "from_hand", "spare"];
        let what = "`into_hand` puts the seeds taken into a side's hand";
        self.refuse_keys(capture, span.clone(), &refused, what);
        if !has_hand_moves {
            self.problem(
                span,
                "`into_hand` puts the seeds taken into a side's hand, which only hand moves put back into play: add a [hand] section",
            );
        }
        into_hand
    }

    /// Whether the capture takes its seeds out of play (`remove`), which no
    /// other destination can go with.
    fn removes(&mut self, capture: &spec::CaptureSpec) -> bool {
        let Some(remove) = capture.remove.as_ref().filter(|r| *r.get_ref()) else {
            return false;
        };
        let refused = [
            "to",
            "into",
            "into_hand",
            "resow",
            "claim",
            "from_hand",
            "spare",
        ];
        let what = "`remove` takes the seeds out of play, so no side gets them";
        self.refuse_keys(capture, remove.span(), &refused, what);
        true
    }

    /// A capture's `strip`: the seeds the mover then owes, and the holes it
    /// takes them from.
    fn strip(
        &mut self,
        board: &Board,
        strip: &spec::StripSpec,
        after_taking: &[Binding],
    ) -> Option<Strip> {
        let stones = self.typed(board, &strip.stones, after_taking);
        let from = self.typed(
            board,
            &strip.from,
            &[
                Binding::Mover,
                Binding::Opponent,
                Binding::Turn,
                Binding::ExtraTurns,
            ],
        );
        Some(Strip {
            stones: stones?,
            from: from?,
            whole: strip.whole,
        })
    }

    fn match_rules(
        &mut self,
        spec: spec::MatchSpec,
        board: &Board,
        has_hand: bool,
    ) -> Option<MatchRules> {
        let starter = self.word(
            &spec.starter,
            "starter",
            &[
                ("loser", Starter::Loser),
                ("winner", Starter::Winner),
                ("fewer_seeds", Starter::FewerSeeds),
                ("more_seeds", Starter::MoreSeeds),
                ("alternate", Starter::Alternate),
                ("last_mover", Starter::LastMover),
                ("mover", Starter::Mover),
            ],
        );
        let draw_starter = match &spec.draw_starter {
            None => Some(None),
            // `alternate` and `last_mover` always name a side.
            Some(side)
                if matches!(
                    starter,
                    Some(Starter::Alternate | Starter::LastMover | Starter::Mover)
                ) =>
            {
                self.problem(
                    side.span(),
                    format!(
                        "starter = \"{}\" always names a side, so draw_starter is never asked",
                        spec.starter.get_ref()
                    ),
                );
                None
            }
            Some(side) => self.typed(board, side, DRAW_STARTER).map(Some),
        };
        let lost_when = match &spec.lost_when {
            None => Some(None),
            Some(when) => self.typed(board, when, MATCH_LOST).map(Some),
        };
        let claims = match &spec.claims {
            None => Some(ClaimsBetweenRounds::Cleared),
            Some(word) => self.word(
                word,
                "claims",
                &[
                    ("cleared", ClaimsBetweenRounds::Cleared),
                    ("kept", ClaimsBetweenRounds::Kept),
                ],
            ),
        };
        let rounds = match &spec.tally {
            Some(tally) => self.tally_rules(&spec, tally, board).map(Rounds::Tally),
            None => self
                .refill_rules(&spec, board, has_hand)
                .map(Rounds::Refill),
        };
        Some(MatchRules {
            rounds: rounds?,
            starter: starter?,
            draw_starter: draw_starter?,
            lost_when: lost_when?,
            claims: claims?,
            clauses: spec.clauses,
        })
    }

    /// A match won by a tally: every round starts from the setup, so no key of
    /// a refill may be given.
    fn tally_rules(
        &mut self,
        spec: &spec::MatchSpec,
        tally: &Spanned<String>,
        board: &Board,
    ) -> Option<TallyRules> {
        let refill_keys = [
            (
                "seeds_per_hole",
                spec.seeds_per_hole.as_ref().map(Spanned::span),
            ),
            ("fill_from", spec.fill_from.as_ref().map(Spanned::span)),
            ("fill_order", spec.fill_order.as_ref().map(Spanned::span)),
            ("short_hole", spec.short_hole.as_ref().map(Spanned::span)),
            ("min_filled", spec.min_filled.as_ref().map(Spanned::span)),
            ("surplus", spec.surplus.as_ref().map(Spanned::span)),
            ("layout", spec.layout.as_ref().map(Spanned::span)),
            ("refills", spec.refills.as_ref().map(Spanned::span)),
        ];
        let mut refused = false;
        for (key, span) in refill_keys {
            if let Some(span) = span {
                self.problem(
                    span,
                    format!(
                        "{key} is a rule of refilling; a match with a tally starts every round \
                         from the setup"
                    ),
                );
                refused = true;
            }
        }
        let points = self.typed(board, tally, TALLY);
        let to_win = match &spec.tally_to_win {
            Some(n) if *n.get_ref() >= 1 => Some(*n.get_ref()),
            Some(n) => {
                self.problem(
                    n.span(),
                    format!("tally_to_win is {}; expected 1 or more", n.get_ref()),
                );
                None
            }
            None => {
                self.problem(
                    tally.span(),
                    "a tally needs tally_to_win: the tally that wins the match",
                );
                None
            }
        };
        if refused {
            return None;
        }
        Some(TallyRules {
            points: points?,
            to_win: to_win?,
        })
    }

    /// A match whose rounds each side refills from what it holds.
    fn refill_rules(
        &mut self,
        spec: &spec::MatchSpec,
        board: &Board,
        has_hand: bool,
    ) -> Option<RefillRules> {
        if let Some(to_win) = &spec.tally_to_win {
            self.problem(to_win.span(), "tally_to_win is given without a tally");
        }
        let (Some(seeds), Some(fill_from_text)) = (&spec.seeds_per_hole, &spec.fill_from) else {
            self.refuse_refill_without_keys(spec);
            return None;
        };
        let seeds_per_hole = self.seeds_per_hole(seeds, board);
        let fill_from = self.word(
            fill_from_text,
            "fill_from",
            &[
                ("left", Some(FillFrom::Left)),
                ("right", Some(FillFrom::Right)),
                ("hand", None),
            ],
        )?;
        let filling = match fill_from {
            Some(fill_from) => self.in_order(spec, board, fill_from).map(Filling::InOrder),
            None => self.by_hand(spec, fill_from_text, has_hand),
        };
        let min_filled = self.min_filled(spec.min_filled.as_ref(), board);
        if let (Some(Filling::InOrder(order)), Some(SeedsPerHole::ByHole(_))) =
            (&filling, &seeds_per_hole)
            && order.surplus == Surplus::TerritoryInTurn
        {
            self.problem(
                seeds.span(),
                "with surplus = \"territory_in_turn\" every hole is given as many seeds: \
                 seeds_per_hole may not read `here` or `side`",
            );
        }
        let layout = self.round_layout(spec.layout.as_ref(), filling.as_ref());
        let refilled_by = self.refilled_by(spec.refills.as_ref(), filling.as_ref(), layout);
        Some(RefillRules {
            seeds_per_hole: seeds_per_hole?,
            filling: filling?,
            min_filled: min_filled?,
            layout: layout?,
            refilled_by: refilled_by?,
        })
    }

    /// `[match] refills`: the loser alone fills its own holes in order, so
    /// nothing may hand holes or seeds across, nor lay the round out afresh.
    fn refilled_by(
        &mut self,
        refills: Option<&Spanned<String>>,
        filling: Option<&Filling>,
        layout: Option<RoundLayout>,
    ) -> Option<RefilledBy> {
        let Some(text) = refills else {
            return Some(RefilledBy::Both);
        };
        let refilled_by = self.word(
            text,
            "refills",
            &[("both", RefilledBy::Both), ("loser", RefilledBy::Loser)],
        )?;
        let refused = match filling {
            _ if refilled_by == RefilledBy::Both => None,
            Some(Filling::ByHand) => Some("the players place the seeds (fill_from = \"hand\")"),
            Some(Filling::InOrder(order)) if order.surplus != Surplus::Keep => {
                Some("surplus hands holes to the other side")
            }
            Some(Filling::InOrder(order)) if order.short_hole.tops_up() => {
                Some("short_hole tops a hole up from the other side's seeds")
            }
            _ if layout == Some(RoundLayout::Setup) => {
                Some("layout = \"setup\" lays out both rows")
            }
            _ => None,
        };
        if let Some(why) = refused {
            self.problem(
                text.span(),
                format!(
                    "refills = \"loser\" leaves the winner's holes and seeds as they are, but {why}"
                ),
            );
            return None;
        }
        Some(refilled_by)
    }

    /// `[match] layout`: `setup` lays each round out afresh, so the refill may
    /// not close holes (they would hold the setup's seeds) nor leave the
    /// placing to the players.
    fn round_layout(
        &mut self,
        layout: Option<&Spanned<String>>,
        filling: Option<&Filling>,
    ) -> Option<RoundLayout> {
        let Some(text) = layout else {
            return Some(RoundLayout::Refilled);
        };
        let layout = self.word(
            text,
            "layout",
            &[
                ("refill", RoundLayout::Refilled),
                ("setup", RoundLayout::Setup),
            ],
        )?;
        let refused = match filling {
            _ if layout == RoundLayout::Refilled => None,
            Some(Filling::ByHand) => Some("the players place the seeds (fill_from = \"hand\")"),
            Some(Filling::InOrder(order)) if order.short_hole.closes() => {
                Some("short_hole closes holes, which the setup would fill")
            }
            _ => None,
        };
        if let Some(why) = refused {
            self.problem(
                text.span(),
                format!("layout = \"setup\" lays each round out as the setup does, but {why}"),
            );
            return None;
        }
        Some(layout)
    }

    /// How the rules fill each side's holes, from `fill_from`.
    fn in_order(
        &mut self,
        spec: &spec::MatchSpec,
        board: &Board,
        fill_from: FillFrom,
    ) -> Option<InOrder> {
        let Some(short_hole_text) = &spec.short_hole else {
            self.refuse_refill_without_keys(spec);
            return None;
        };
        let fill_order = match &spec.fill_order {
            None => Some(None),
            Some(order) => self.typed(board, order, FILL_ORDER).map(Some),
        };
        let short_hole = self.word(
            short_hole_text,
            "short_hole",
            &[
                ("close", ShortHole::Close),
                ("partial", ShortHole::Partial),
                ("partial_then_close", ShortHole::PartialThenClose),
                ("empty", ShortHole::Empty),
                ("shared", ShortHole::Shared),
                ("shared_by_lot", ShortHole::SharedByLot),
                ("topped_up", ShortHole::ToppedUp),
            ],
        );
        let surplus = self.surplus(spec.surplus.as_ref(), board);
        // Only a territory refill can give a side a hole of the other's.
        let shares = matches!(short_hole, Some(ShortHole::Shared | ShortHole::SharedByLot));
        if shares && !surplus.is_some_and(Surplus::gives_holes) {
            self.problem(
                short_hole_text.span(),
                format!(
                    "short_hole = \"{}\" gives holes to the other side: it needs surplus = \"territory\"",
                    short_hole_text.get_ref()
                ),
            );
        }
        Some(InOrder {
            fill_from,
            fill_order: fill_order?,
            short_hole: short_hole?,
            surplus: surplus?,
        })
    }

    /// `fill_from = "hand"`: the players place the seeds with the game's
    /// `[hand]` moves, so no key of the rules' order may be given.
    fn by_hand(
        &mut self,
        spec: &spec::MatchSpec,
        fill_from: &Spanned<String>,
        has_hand: bool,
    ) -> Option<Filling> {
        if !has_hand {
            self.problem(
                fill_from.span(),
                "fill_from = \"hand\" puts the seeds in hand for the players to place: it needs \
                 a [hand] section, whose moves place them",
            );
        }
        let order_keys = [
            ("fill_order", spec.fill_order.as_ref().map(Spanned::span)),
            ("short_hole", spec.short_hole.as_ref().map(Spanned::span)),
            ("surplus", spec.surplus.as_ref().map(Spanned::span)),
        ];
        let mut refused = !has_hand;
        for (key, span) in order_keys {
            if let Some(span) = span {
                let message = format!(
                    "{key} says how the rules fill the holes; with fill_from = \"hand\" the \
                     players place the seeds"
                );
                self.problem(span, message);
                refused = true;
            }
        }
        (!refused).then_some(Filling::ByHand)
    }

    /// A match without a tally refills its rounds: it needs these keys.
    fn refuse_refill_without_keys(&mut self, spec: &spec::MatchSpec) {
        let by_hand = spec
            .fill_from
            .as_ref()
            .is_some_and(|f| f.get_ref() == "hand");
        let missing: Vec<&str> = [
            ("seeds_per_hole", spec.seeds_per_hole.is_none()),
            ("fill_from", spec.fill_from.is_none()),
            ("short_hole", spec.short_hole.is_none() && !by_hand),
        ]
        .into_iter()
        .filter_map(|(key, absent)| absent.then_some(key))
        .collect();
        self.problem(
            spec.starter.span(),
            format!(
                "[match] lacks {}: a match without a tally refills its rounds, which needs \
                 seeds_per_hole, fill_from and, unless the players fill by hand (fill_from = \"hand\"), short_hole",
                missing.join(" and ")
            ),
        );
    }

    /// `seeds_per_hole`: a constant from 1 to the most seeds a hole holds, or
    /// an expression read as each round ends (what the sides hold then, for
    /// each hole and the side filling it).
    fn seeds_per_hole(
        &mut self,
        seeds: &Spanned<IntOrExpr>,
        board: &Board,
    ) -> Option<SeedsPerHole> {
        if let IntOrExpr::Expr(text) = seeds.get_ref() {
            let spanned = Spanned::new(seeds.span(), text.clone());
            let expr: Compiled<IntExpr> = self.typed(board, &spanned, ROUND_END)?;
            if self.reads_the_hole(seeds) {
                return Some(SeedsPerHole::ByHole(expr));
            }
            if expr.tree().reads().more {
                return Some(SeedsPerHole::AtRoundEnd(expr));
            }
        }
        match self.constant(seeds)? {
            n if (1..=u16::MAX as i64).contains(&n) => Some(SeedsPerHole::Fixed(n as u16)),
            n => {
                self.problem(
                    seeds.span(),
                    format!("seeds_per_hole is {n}; expected 1 to {}", u16::MAX),
                );
                None
            }
        }
    }

    /// Whether an expression reads `here` or `side` (named terms expanded).
    fn reads_the_hole(&mut self, value: &Spanned<IntOrExpr>) -> bool {
        let IntOrExpr::Expr(text) = value.get_ref() else {
            return false;
        };
        let expanded =
            syntax::parse(text).and_then(|node| self.terms.expand(node, &mut self.expansion));
        expanded.is_ok_and(|node| {
            node.names()
                .iter()
                .any(|&name| name == "here" || name == "side")
        })
    }

    /// `min_filled`: how many holes a side must fill to play on, at most its own.
    fn min_filled(&mut self, given: Option<&Spanned<i64>>, board: &Board) -> Option<Option<u16>> {
        let holes = (board.hole_count() / 2) as i64;
        match given {
            None => Some(None),
            Some(n) if (1..=holes).contains(n.get_ref()) => Some(Some(*n.get_ref() as u16)),
            Some(n) => {
                self.problem(
                    n.span(),
                    format!(
                        "min_filled is {}; a side has {holes} holes to fill, so 1 to {holes}",
                        n.get_ref()
                    ),
                );
                None
            }
        }
    }

    /// `surplus`: what a side does with the seeds left once its holes are full.
    fn surplus(&mut self, given: Option<&Spanned<String>>, board: &Board) -> Option<Surplus> {
        let Some(word) = given else {
            return Some(Surplus::Keep);
        };
        let surplus = self.word(
            word,
            "surplus",
            &[
                ("keep", Surplus::Keep),
                (
                    "territory",
                    Surplus::Territory(TerritoryStart::LastUnfilled),
                ),
                (
                    "territory_from_first",
                    Surplus::Territory(TerritoryStart::FirstUnfilled),
                ),
                ("territory_in_turn", Surplus::TerritoryInTurn),
            ],
        );
        // Holes change hands across the middle of one circuit round the
        // board, between two rows and without stores.
        if surplus.is_some_and(Surplus::gives_holes) && (board.rows() != 2 || board.has_stores()) {
            self.problem(
                word.span(),
                format!(
                    "surplus = \"{}\" needs a board of two rows without stores",
                    word.get_ref()
                ),
            );
            return None;
        }
        surplus
    }

    /// One of a fixed list of words.
    /// A `[board]` word only boards with stores have (`store_end`, `sown_stores`):
    /// the first of `words` when not given.
    fn store_word<T: Copy>(
        &mut self,
        text: Option<&Spanned<String>>,
        has_stores: bool,
        (key, what_it_does): (&str, &str),
        words: &[(&str, T)],
    ) -> Option<T> {
        match text {
            None => Some(words[0].1),
            Some(text) if !has_stores => {
                let message = format!("{key} {what_it_does}: it needs stores = true");
                self.problem(text.span(), message);
                None
            }
            Some(text) => self.word(text, key, words),
        }
    }

    fn word<T: Copy>(
        &mut self,
        text: &Spanned<String>,
        what: &str,
        words: &[(&str, T)],
    ) -> Option<T> {
        if let Some((_, value)) = words.iter().find(|(w, _)| w == text.get_ref()) {
            return Some(*value);
        }
        let mut expected: Vec<String> = words.iter().map(|(w, _)| format!("\"{w}\"")).collect();
        let last = expected.pop().unwrap_or_default();
        let expected = match expected.is_empty() {
            true => last,
            false => format!("{} or {last}", expected.join(", ")),
        };
        self.problem(
            text.span(),
            format!("unknown {what} `{}`; expected {expected}", text.get_ref()),
        );
        None
    }

    fn capture_time(&mut self, at: &Spanned<String>) -> Option<CaptureTime> {
        match at.get_ref().as_str() {
            "lift" => Some(CaptureTime::Lift),
            "drop" => Some(CaptureTime::Drop),
            "lap_end" => Some(CaptureTime::LapEnd),
            "sowing_end" => Some(CaptureTime::SowingEnd),
            other => {
                self.problem(
                    at.span(),
                    format!("unknown capture time `{other}`; expected \"lift\", \"drop\", \"lap_end\" or \"sowing_end\""),
                );
                None
            }
        }
    }

    /// What a capture takes: one hole or a set of holes.
    fn target(
        &mut self,
        board: &Board,
        take: &Spanned<String>,
        bindings: &[Binding],
    ) -> Option<Target> {
        match self.compile(board, take, None, bindings)? {
            Typed::Hole(h) => Some(Target::Hole(Compiled::new(h))),
            Typed::Set(s) => Some(Target::Set(Compiled::new(s))),
            other => {
                self.problem(
                    take.span(),
                    format!(
                        "expected a hole or a set of holes to take, found {}",
                        other.ty().name()
                    ),
                );
                None
            }
        }
    }

    fn end_check(&mut self, board: &Board, end: spec::EndSpec) -> Option<EndCheck> {
        let check = self.end_kind(&end.check);
        let when = self.end_when(board, &end, check);
        let trigger = self.end_trigger(&end, check);
        let outcome = self.end_outcome(&end.outcome, check, trigger.as_ref());
        let leftovers = end.leftovers.as_ref().map(|e| self.typed(board, e, END));
        let spare = self.end_spare(board, &end);
        let looks_ahead = when
            .as_ref()
            .is_some_and(|when| crate::ir::reads::Read::reads(when.tree()).threats);
        Some(EndCheck {
            looks_ahead,
            when,
            check: check?,
            outcome: outcome?,
            leftovers: optional(leftovers)?,
            spare: optional(spare)?,
            trigger: trigger?,
            clauses: end.clauses,
        })
    }

    /// What fires an end check: the rules, or a decision that calls or offers
    /// it (a `condition` or `repetition` check, which then names the mover).
    fn end_trigger(&mut self, end: &spec::EndSpec, check: Option<Check>) -> Option<Trigger> {
        let (name, trigger): (_, fn(String) -> Trigger) = match (&end.call, &end.offer) {
            (None, None) => return Some(Trigger::Rules),
            (Some(name), None) => (name, Trigger::Call),
            (None, Some(name)) => (name, Trigger::Offer),
            (Some(_), Some(offer)) => {
                self.problem(
                    offer.span(),
                    "an end check is called by the mover (`call`) or offered to the other side \
                     (`offer`), not both",
                );
                return None;
            }
        };
        if !matches!(check, Some(Check::Condition | Check::Repetition)) {
            self.problem(
                name.span(),
                "only a `condition` or `repetition` end check can be called or offered: it then \
                 names the side that calls or offers it",
            );
            return None;
        }
        let text = name.get_ref();
        let word = text
            .split('_')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase()));
        let taken = self.decision_names.contains(text);
        match (word, text.as_str(), taken) {
            (false, _, _) => self.problem(
                name.span(),
                format!(
                    "`{text}` cannot name a decision: use lower-case letters joined by `_` (no \
                     digits, so that it is no hole's name), e.g. \"pass\" or \"offer_end\""
                ),
            ),
            (true, "accept" | "refuse", _) => self.problem(
                name.span(),
                format!("`{text}` answers an offer; name the decision otherwise"),
            ),
            (true, _, true) => self.problem(
                name.span(),
                format!("another end check is already called or offered by `{text}`"),
            ),
            (true, _, false) => self.decision_names.push(text.clone()),
        }
        // A name refused is reported; the check's other keys are still read as
        // a called (offered) check's.
        Some(trigger(text.clone()))
    }

    /// An end check's `check`.
    fn end_kind(&mut self, check: &Spanned<String>) -> Option<Check> {
        match check.get_ref().as_str() {
            "no_stones" => Some(Check::NoStones),
            "no_moves" => Some(Check::NoMoves),
            "repetition" => Some(Check::Repetition),
            "majority" => Some(Check::Majority),
            "condition" => Some(Check::Condition),
            other => {
                self.problem(
                    check.span(),
                    format!("unknown end check `{other}`; expected \"no_stones\", \"no_moves\", \"repetition\", \"majority\" or \"condition\""),
                );
                None
            }
        }
    }

    /// An end check's `when`, which belongs to `condition` checks and which
    /// they need. Asked at a turn's start, it may play each side's moves ahead.
    fn end_when(
        &mut self,
        board: &Board,
        end: &spec::EndSpec,
        check: Option<Check>,
    ) -> Option<Compiled<BoolExpr>> {
        match (&end.when, check) {
            (Some(when), Some(Check::Condition)) => {
                self.looks_ahead = true;
                let when = self.condition(board, when, END_CONDITION, "this end check never fires");
                self.looks_ahead = false;
                when
            }
            (None, Some(Check::Condition)) => {
                let problem = Problem::new(
                    &self.file,
                    Some(end.check.span()),
                    "a `condition` end check needs `when`: a condition of `side`",
                )
                .with_help("e.g. when = \"captured(side) > 70\"");
                self.problems.push(problem);
                None
            }
            (Some(when), Some(_)) => {
                self.problem(
                    when.span(),
                    "`when` belongs to check = \"condition\"; this check has its own test",
                );
                None
            }
            (_, _) => None,
        }
    }

    /// An end check's `outcome` (`pass` only for `no_moves`, or a check the
    /// mover calls).
    fn end_outcome(
        &mut self,
        outcome: &Spanned<String>,
        check: Option<Check>,
        trigger: Option<&Trigger>,
    ) -> Option<EndOutcome> {
        match outcome.get_ref().as_str() {
            "loses" => Some(EndOutcome::Loses),
            "wins" => Some(EndOutcome::Wins),
            "draw" => Some(EndOutcome::Draw),
            "score" => Some(EndOutcome::Score),
            "pass" if matches!(trigger, Some(Trigger::Offer(_))) => {
                self.problem(
                    outcome.span(),
                    "a pass is not offered: the mover may `call` it",
                );
                None
            }
            "pass"
                if check == Some(Check::NoMoves) || matches!(trigger, Some(Trigger::Call(_))) =>
            {
                Some(EndOutcome::Pass)
            }
            "pass" => {
                self.problem(
                    outcome.span(),
                    "only check = \"no_moves\" can pass (the side to move passes when it has no \
                     legal move), or a check the mover calls (`call = \"pass\"`)",
                );
                None
            }
            other => {
                self.problem(
                    outcome.span(),
                    format!("unknown outcome `{other}`; expected \"loses\", \"wins\", \"draw\", \"score\" or \"pass\""),
                );
                None
            }
        }
    }

    /// An end check's `spare`, which needs `leftovers` to spare holes from.
    fn end_spare(
        &mut self,
        board: &Board,
        end: &spec::EndSpec,
    ) -> Option<Option<Compiled<BoolExpr>>> {
        match (&end.spare, &end.leftovers) {
            (Some(spare), Some(_)) => Some(self.condition(board, spare, END, "no hole is spared")),
            (Some(spare), None) => {
                self.problem(
                    spare.span(),
                    "`spare` keeps some holes' seeds from `leftovers`: give `leftovers` too",
                );
                None
            }
            (None, _) => None,
        }
    }

    /// Parses and checks one expression; problems point inside the TOML string.
    fn compile(
        &mut self,
        board: &Board,
        expr: &Spanned<String>,
        want: Option<Type>,
        bindings: &[Binding],
    ) -> Option<Typed> {
        let base = self.string_content_start(expr.span());
        self.expansion.met_broken = false;
        let node = match syntax::parse(expr.get_ref())
            .and_then(|node| self.terms.expand(node, &mut self.expansion))
        {
            Ok(node) => node,
            Err(e) => {
                let span = base + e.span.start..base + e.span.end.max(e.span.start + 1);
                self.problem(span, e.message);
                return None;
            }
        };
        for name in node.names() {
            if self.options.iter().any(|(option, _)| option == name) {
                self.used_options.insert(name.to_string());
            }
        }
        let cx = Context {
            board,
            options: &self.options,
            word_options: &self.word_options,
            bindings,
            closes_holes: self.closes_holes,
            holes_change_hands: self.holes_change_hands,
            looks_ahead: self.looks_ahead,
        };
        match check::check(&node, want, &cx) {
            Ok(check::Checked { typed, memories }) => {
                let cost = cost::cost(&typed, board);
                if cost > cost::MAX_COST {
                    let message = format!(
                        "this expression may visit {cost} nodes each time it is evaluated on this \
                         board (quantifiers inside quantifiers multiply); at most {} are allowed",
                        cost::MAX_COST
                    );
                    self.problem(expr_span(base, expr.get_ref()), message);
                    return None;
                }
                self.memories.extend_from(memories);
                // A side's value ([result] score, [agents] evaluate) reads the
                // scores by design; what matters is whether the rules do.
                if bindings != SIDE_VALUE && scores::may_read_scores(&typed, board) {
                    self.memories.insert(Memory::Scores);
                }
                Some(typed)
            }
            // Already reported where the broken term is defined.
            Err(_) if self.expansion.met_broken => None,
            Err(e) => {
                self.problem(base + e.span.start..base + e.span.end, e.message);
                None
            }
        }
    }

    /// Where the text of a TOML string starts, after its opening quotes.
    fn string_content_start(&self, span: Range<usize>) -> usize {
        let raw = &self.file.text[span.clone()];
        if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            let after = &raw[3..];
            let newline = if after.starts_with("\r\n") {
                2
            } else {
                usize::from(after.starts_with('\n'))
            };
            span.start + 3 + newline
        } else if raw.starts_with('"') || raw.starts_with('\'') {
            span.start + 1
        } else {
            span.start
        }
    }

    /// Compiles an expression that must be of type `T`.
    fn typed<T: OfType>(&mut self, board: &Board, e: &Spanned<String>, b: &[Binding]) -> Option<T> {
        T::from_typed(self.compile(board, e, Some(T::TYPE), b)?)
    }
}

/// The span of a whole expression whose text starts at `base`.
/// Whether a relay or a capture may lift or take a store's seeds, which are
/// its side's score: each asked where its own condition holds (`ir::scores`).
fn takes_from_stores(board: &Board, relay: Option<&Relay>, captures: &[Capture]) -> bool {
    let read_where = |when: &BoolExpr, seeds: IntExpr| {
        let read = BoolExpr::IntCompare(Compare::Ge, Box::new(seeds), Box::new(IntExpr::Const(0)));
        let asked = BoolExpr::junction(true, when.clone(), read);
        scores::may_read_scores(&Typed::Bool(asked), board)
    };
    let count = |hole: &HoleExpr| IntExpr::Count(Box::new(hole.clone()));
    let lifts = relay.is_some_and(|r| read_where(r.when.tree(), count(r.from.tree())));
    lifts
        || captures.iter().any(|c| {
            let taken = match &c.take {
                Target::Hole(hole) => count(hole.tree()),
                Target::Set(set) => IntExpr::Total(Box::new(set.tree().clone())),
            };
            let chained = c.chain.as_ref().is_some_and(|chain| {
                read_where(chain.continue_while.tree(), count(chain.step.tree()))
            });
            read_where(c.when.tree(), taken) || chained
        })
}

/// What is wrong with scattering `count` seeds onto starts holding from
/// `least` to `most` seeds (`no_holes`: `scatter_to` names none), each hole
/// then holding `at_least` or none, if anything.
fn scatter_problem(
    setup: &spec::SetupSpec,
    count: i64,
    no_holes: bool,
    [least, most]: [u64; 2],
    at_least: u16,
) -> Option<(Range<usize>, String)> {
    let seeds = setup.scatter.as_ref().map_or(0..0, Spanned::span);
    let Ok(n) = u64::try_from(count) else {
        return Some((
            seeds,
            format!("{count} seeds to scatter; expected 0 or more"),
        ));
    };
    if let (Some(to), true) = (&setup.scatter_to, no_holes) {
        let message = "`scatter_to` names no hole of the board to scatter seeds into";
        return Some((to.span(), message.to_string()));
    }
    if most + n > MAX_SEEDS {
        let message = format!(
            "the setup would hold {} seeds with those scattered; at most {MAX_SEEDS} are supported",
            most + n
        );
        return Some((seeds, message));
    }
    // Else a hole left short could not be helped.
    (least + n < u64::from(at_least)).then(|| {
        let span = setup.scatter_min.as_ref().map_or(seeds, Spanned::span);
        let message = format!(
            "scatter_min is {at_least}, but the setup holds {} seeds with those scattered",
            least + n
        );
        (span, message)
    })
}

fn expr_span(base: usize, text: &str) -> Range<usize> {
    base..base + text.len().max(1)
}

/// The first line that sets `key` (`key = ...`), for problems found in values
/// whose place the parsed file does not keep.
fn key_line(text: &str, key: &str) -> Option<Range<usize>> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let sets_key = line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if sets_key {
            return Some(offset..offset + line.trim_end().len());
        }
        offset += line.len();
    }
    None
}
