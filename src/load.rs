//! Loading: game file text → checked spec → compiled `Game` for chosen options.
//! Every problem found is collected with its place in the file.

use std::ops::Range;
use std::path::Path;

use toml::Spanned;

use crate::board::{Board, CircuitKind, Direction, MAX_HOLES, Side};
use crate::error::{LoadError, Problem, SourceFile};
use crate::expr::check::{self, Binding, Context, OfType, Type, Typed};
use crate::expr::{Env, IntExpr, Scope, syntax};
use crate::game::*;
use crate::position::Position;
use crate::spec::{self, GameSpec, IntOrExpr, OptionValue};

/// Most seeds a game may hold in all (counts are stored as `u16`).
pub const MAX_SEEDS: u32 = u16::MAX as u32;
/// Most capture rules in one game (a pending strip names its rule in a `u8`).
const MAX_CAPTURES: usize = u8::MAX as usize;

/// Loads a game file from disk with option overrides `(name, value)`.
pub fn load_file(path: &Path, overrides: &[(String, String)]) -> Result<Game, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError::Read {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    load_str(&id, &path.display().to_string(), &text, overrides)
}

/// Loads a game from its text; `file` names it in messages.
pub fn load_str(
    id: &str,
    file: &str,
    text: &str,
    overrides: &[(String, String)],
) -> Result<Game, LoadError> {
    let file = SourceFile {
        name: file.to_string(),
        text: text.into(),
    };
    let spec: GameSpec = toml::from_str(text).map_err(|e| LoadError::Invalid {
        file: file.name.clone(),
        problems: vec![Problem::new(
            &file,
            e.span(),
            e.message().trim().to_string(),
        )],
    })?;
    let options = resolve_options(&spec, overrides, &file)?;
    Loader {
        file,
        options: Vec::new(),
        problems: Vec::new(),
    }
    .load(id, spec, options)
}

/// Option values in force: the defaults, with the user's overrides checked against
/// what each option allows.
fn resolve_options(
    spec: &GameSpec,
    overrides: &[(String, String)],
    file: &SourceFile,
) -> Result<Vec<GameOption>, LoadError> {
    for (name, _) in overrides {
        if !spec.options.contains_key(name) {
            let known: Vec<&str> = spec.options.keys().map(String::as_str).collect();
            return Err(LoadError::Option(format!(
                "`{name}` is not an option of this game; its options: {}",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        }
    }
    let mut problems = Vec::new();
    let mut options = Vec::new();
    for (name, option) in &spec.options {
        let span = option.span();
        let option = option.get_ref();
        let allowed = match (&option.values, option.range) {
            (Some(values), None) => values
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            (None, Some([low, high])) => format!("{low}..={high}"),
            _ => {
                problems.push(Problem::new(
                    file,
                    Some(span.clone()),
                    format!("option `{name}` needs exactly one of `values` or `range`"),
                ));
                continue;
            }
        };
        let permits = |value: &OptionValue| match (&option.values, option.range, value) {
            (Some(values), _, v) => values.contains(v),
            (None, Some([low, high]), OptionValue::Int(n)) => (low..=high).contains(n),
            _ => false,
        };
        if !permits(&option.default) {
            problems.push(Problem::new(
                file,
                Some(span.clone()),
                format!(
                    "option `{name}`: its default {} is not among {allowed}",
                    option.default
                ),
            ));
            continue;
        }
        let value = match overrides.iter().rev().find(|(n, _)| n == name) {
            None => option.default.clone(),
            Some((_, text)) => {
                let value = match (&option.default, text.parse::<i64>()) {
                    (OptionValue::Int(_), Ok(n)) => OptionValue::Int(n),
                    _ => OptionValue::Word(text.clone()),
                };
                if !permits(&value) {
                    return Err(LoadError::Option(format!(
                        "{name}={text} is not allowed; {name} takes {allowed}"
                    )));
                }
                value
            }
        };
        options.push(GameOption {
            name: name.clone(),
            value,
            default: option.default.clone(),
            allowed,
            help: option.help.clone(),
        });
    }
    if !problems.is_empty() {
        return Err(LoadError::Invalid {
            file: file.name.clone(),
            problems,
        });
    }
    Ok(options)
}

struct Loader {
    file: SourceFile,
    /// Integer options, as expressions see them.
    options: Vec<(String, i64)>,
    problems: Vec<Problem>,
}

const MOVE: &[Binding] = &[Binding::Mover, Binding::Opponent, Binding::Origin];
const LAP: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Last,
    Binding::Lap,
];
const DROP: &[Binding] = &[
    Binding::Mover,
    Binding::Opponent,
    Binding::Origin,
    Binding::Here,
    Binding::IsLast,
    Binding::Lap,
];
const END: &[Binding] = &[Binding::Mover, Binding::Opponent, Binding::Here];

impl Loader {
    fn load(
        mut self,
        id: &str,
        spec: GameSpec,
        options: Vec<GameOption>,
    ) -> Result<Game, LoadError> {
        self.options = options
            .iter()
            .filter_map(|o| match o.value {
                OptionValue::Int(n) => Some((o.name.clone(), n)),
                OptionValue::Word(_) => None,
            })
            .collect();
        let board = self.board(&spec, &options).ok_or_else(|| self.failure())?;
        let start = self.setup(&spec.setup, &board);
        let moves = Moves {
            from: spec
                .moves
                .from
                .as_ref()
                .and_then(|e| self.typed(&board, e, MOVE)),
            lift: spec
                .moves
                .lift
                .as_ref()
                .and_then(|e| self.typed(&board, e, MOVE)),
            clauses: spec.moves.clauses,
        };
        let relay = spec.relay.and_then(|relay| {
            Some(Relay {
                when: self.typed(&board, &relay.when, LAP)?,
                from: self.typed(&board, &relay.from, LAP)?,
                clauses: relay.clauses,
            })
        });
        if spec.capture.len() > MAX_CAPTURES {
            self.problems.push(Problem::new(
                &self.file,
                None,
                format!(
                    "{} capture rules; at most {MAX_CAPTURES} are supported",
                    spec.capture.len()
                ),
            ));
        }
        let captures = spec
            .capture
            .into_iter()
            .filter_map(|capture| self.capture(&board, capture))
            .collect();
        let end_checks = spec
            .end
            .into_iter()
            .filter_map(|end| self.end_check(&board, end))
            .collect();
        let score = match &spec.result.score {
            Some(e) => self.typed(&board, e, &[Binding::Side]),
            None => Some(IntExpr::Captured(Box::new(crate::expr::SideExpr::Side))),
        };
        let mut layout_clauses = spec.board.clauses;
        layout_clauses.extend(spec.setup.clauses);
        layout_clauses.extend(spec.sowing.clauses);
        layout_clauses.extend(spec.result.clauses);
        match (start, score) {
            (Some(start), Some(score)) if self.problems.is_empty() => Ok(Game {
                id: id.to_string(),
                meta: spec.game,
                options,
                board,
                start,
                moves,
                relay,
                captures,
                end_checks,
                score,
                lap_limit: DEFAULT_LAP_LIMIT,
                turn_limit: DEFAULT_TURN_LIMIT,
                layout_clauses,
            }),
            _ => Err(self.failure()),
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
        let circuit = match spec.sowing.circuit.get_ref().as_str() {
            "board" => CircuitKind::WholeBoard,
            "own_rows" => CircuitKind::OwnRows,
            other => {
                self.problem(
                    spec.sowing.circuit.span(),
                    format!("unknown circuit `{other}`; expected \"board\" or \"own_rows\""),
                );
                return None;
            }
        };
        let direction = self.direction(&spec.sowing.direction, options)?;
        match Board::new(rows, columns, circuit, direction) {
            Ok(board) => Some(board),
            Err(e) => {
                let span = match e {
                    crate::board::BoardError::Rows(_) => spec.board.rows.span(),
                    crate::board::BoardError::Columns(..) => spec.board.holes_per_row.span(),
                    crate::board::BoardError::CircuitNeedsRows(..) => spec.sowing.circuit.span(),
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
            }) => w.clone(),
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
                let scratch =
                    Board::new(2, 1, CircuitKind::WholeBoard, Direction::Counterclockwise)
                        .expect("a 2x1 board is valid");
                let spanned = Spanned::new(value.span(), text.clone());
                let expr: IntExpr = self.typed(&scratch, &spanned, &[])?;
                let (counts, captured) = ([0u16; 2], [0u32; 2]);
                let mut scope = Scope {
                    board: &scratch,
                    counts: &counts,
                    captured: &captured,
                    env: Env::new(Side::South),
                };
                Some(expr.eval(&mut scope))
            }
        }
    }

    fn setup(&mut self, setup: &spec::SetupSpec, board: &Board) -> Option<Position> {
        let seeds = match setup.seeds.get_ref() {
            IntOrExpr::Int(n) => IntExpr::Const(*n),
            IntOrExpr::Expr(text) => {
                let spanned = Spanned::new(setup.seeds.span(), text.clone());
                self.typed(board, &spanned, &[Binding::Here])?
            }
        };
        let mut position = Position::empty(Side::South);
        let mut total: i64 = 0;
        for hole in board.holes() {
            let counts = [0u16; MAX_HOLES];
            let mut env = Env::new(Side::South);
            env.here = hole;
            let captured = [0; 2];
            let n = seeds.eval(&mut Scope {
                board,
                counts: &counts,
                captured: &captured,
                env,
            });
            if !(0..=MAX_SEEDS as i64).contains(&n) {
                self.problem(
                    setup.seeds.span(),
                    format!(
                        "hole {} would start with {n} seeds; expected 0 to {MAX_SEEDS}",
                        board.name(hole)
                    ),
                );
                return None;
            }
            position.counts[hole as usize] = n as u16;
            total += n;
        }
        if total > MAX_SEEDS as i64 {
            self.problem(
                setup.seeds.span(),
                format!("the setup holds {total} seeds; at most {MAX_SEEDS} are supported"),
            );
            return None;
        }
        Some(position)
    }

    fn capture(&mut self, board: &Board, capture: spec::CaptureSpec) -> Option<Capture> {
        let at = match capture.at.get_ref().as_str() {
            "drop" => CaptureTime::Drop,
            "lap_end" => CaptureTime::LapEnd,
            "sowing_end" => CaptureTime::SowingEnd,
            other => {
                self.problem(
                    capture.at.span(),
                    format!("unknown capture time `{other}`; expected \"drop\", \"lap_end\" or \"sowing_end\""),
                );
                return None;
            }
        };
        let bindings = if at == CaptureTime::Drop { DROP } else { LAP };
        let when = self.typed(board, &capture.when, bindings);
        let take = match self.compile(board, &capture.take, None, bindings)? {
            Typed::Hole(h) => Target::Hole(h),
            Typed::Set(s) => Target::Set(s),
            other => {
                self.problem(
                    capture.take.span(),
                    format!(
                        "expected a hole or a set of holes to take, found {}",
                        other.ty().name()
                    ),
                );
                return None;
            }
        };
        let to = match &capture.to {
            Some(e) => self.typed(board, e, bindings),
            None => Some(crate::expr::SideExpr::Mover),
        };
        let mut chain_bindings = bindings.to_vec();
        chain_bindings.push(Binding::X);
        let chain = match &capture.chain {
            None => None,
            Some(chain) => {
                if !matches!(take, Target::Hole(_)) {
                    self.problem(
                        capture.take.span(),
                        "a chain starts from one hole; `take` gives a set",
                    );
                }
                Some(Chain {
                    step: self.typed(board, &chain.step, &chain_bindings)?,
                    continue_while: self.typed(board, &chain.continue_while, &chain_bindings)?,
                })
            }
        };
        let mut strip_bindings = bindings.to_vec();
        strip_bindings.push(Binding::Taken);
        let strip = match &capture.strip {
            None => None,
            Some(strip) => Some(Strip {
                stones: self.typed(board, &strip.stones, &strip_bindings)?,
                from: self.typed(board, &strip.from, &[Binding::Mover, Binding::Opponent])?,
            }),
        };
        Some(Capture {
            at,
            when: when?,
            take,
            to: to?,
            chain,
            strip,
            clauses: capture.clauses,
        })
    }

    fn end_check(&mut self, board: &Board, end: spec::EndSpec) -> Option<EndCheck> {
        let check = match end.check.get_ref().as_str() {
            "no_stones" => Some(Check::NoStones),
            "no_moves" => Some(Check::NoMoves),
            "repetition" => Some(Check::Repetition),
            other => {
                self.problem(
                    end.check.span(),
                    format!("unknown end check `{other}`; expected \"no_stones\", \"no_moves\" or \"repetition\""),
                );
                None
            }
        };
        let outcome = match end.outcome.get_ref().as_str() {
            "loses" => Some(EndOutcome::Loses),
            "draw" => Some(EndOutcome::Draw),
            "score" => Some(EndOutcome::Score),
            other => {
                self.problem(
                    end.outcome.span(),
                    format!("unknown outcome `{other}`; expected \"loses\", \"draw\" or \"score\""),
                );
                None
            }
        };
        let leftovers = match &end.leftovers {
            Some(e) => Some(self.typed(board, e, END)?),
            None => None,
        };
        Some(EndCheck {
            check: check?,
            outcome: outcome?,
            leftovers,
            clauses: end.clauses,
        })
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
        let node = match syntax::parse(expr.get_ref()) {
            Ok(node) => node,
            Err(e) => {
                let span = base + e.span.start..base + e.span.end.max(e.span.start + 1);
                self.problem(span, e.message);
                return None;
            }
        };
        let cx = Context {
            board,
            options: &self.options,
            bindings,
        };
        match check::check(&node, want, &cx) {
            Ok(typed) => Some(typed),
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
