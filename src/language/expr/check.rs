//! Checking: untyped syntax tree → typed expression, resolving every name
//! (bindings, options, hole names, functions) to an index or a constant.

use super::functions::{self, Args, Function, Needs};
use super::syntax::{BinaryOp, Node, NodeKind, Span, UnaryOp};
use crate::ir::compiled::eval_once;
use crate::ir::typed::*;
use crate::rules::board::{Board, Side};
use crate::rules::memory::{Memories, Memory};

/// The quantifiers, written `NAME(h in SET, CONDITION)`.
const QUANTIFIERS: [&str; 4] = ["any", "all", "number", "those"];

/// Names the engine binds, each available only where the engine sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    /// The side making the move (or, in end checks, the side to move).
    Mover,
    /// The other side.
    Opponent,
    /// The hole the move started from.
    Origin,
    /// The hole of the current lap's last drop.
    Last,
    /// The hole just sown into (per-drop captures), or the hole considered (setup, leftovers).
    Here,
    /// Whether the current drop is the last of its lap.
    IsLast,
    /// Whether the lap being sown runs clockwise.
    LapClockwise,
    /// The current lap number, from 1.
    Lap,
    /// Seeds in the holes as the current lap's sowing began.
    LapBoard,
    /// The seeds the capture just took (strip amounts).
    Taken,
    /// The seeds of the hand about to be sown (captures at a lap's lift).
    InHand,
    /// The hole a capture chain is considering.
    X,
    /// The side whose result is computed, or that an end check examines.
    Side,
    /// Completed turns so far (0 before the first move).
    Turn,
    /// The hole the current lap's hand was lifted from.
    LapStart,
    /// In end checks: the side that made the last decision.
    LastMover,
    /// Extra turns the side to move has had in a row (0 on a turn's first move).
    ExtraTurns,
    /// The side holding the claim asked about (`[claims] lost`).
    Claimer,
    /// In a match's tally: `side` won the round just over.
    Won,
    /// In a match's tally: the round just over was drawn.
    Drawn,
}

impl Binding {
    /// Every binding, in the order messages list them.
    pub const ALL: [Binding; 20] = [
        Binding::Mover,
        Binding::Opponent,
        Binding::Origin,
        Binding::Last,
        Binding::Here,
        Binding::IsLast,
        Binding::LapClockwise,
        Binding::Lap,
        Binding::LapBoard,
        Binding::Taken,
        Binding::InHand,
        Binding::X,
        Binding::Side,
        Binding::Turn,
        Binding::LapStart,
        Binding::LastMover,
        Binding::ExtraTurns,
        Binding::Claimer,
        Binding::Won,
        Binding::Drawn,
    ];

    /// What a position must remember for the binding to be read.
    pub fn memory(self) -> Option<Memory> {
        match self {
            Binding::LapBoard => Some(Memory::LapBoard),
            Binding::ExtraTurns => Some(Memory::ExtraTurns),
            Binding::Turn => Some(Memory::Turns),
            _ => None,
        }
    }

    /// The name expressions use for it.
    pub fn name(self) -> &'static str {
        match self {
            Binding::Mover => "mover",
            Binding::Opponent => "opponent",
            Binding::Origin => "origin",
            Binding::Last => "last",
            Binding::Here => "here",
            Binding::IsLast => "is_last",
            Binding::LapClockwise => "lap_clockwise",
            Binding::Lap => "lap",
            Binding::LapBoard => "lap_board",
            Binding::Taken => "taken",
            Binding::InHand => "in_hand",
            Binding::X => "x",
            Binding::Side => "side",
            Binding::Turn => "turn",
            Binding::LapStart => "lap_start",
            Binding::LastMover => "last_mover",
            Binding::ExtraTurns => "extra_turns",
            Binding::Claimer => "claimer",
            Binding::Won => "won",
            Binding::Drawn => "drawn",
        }
    }
}

/// A name or type error: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// Where, in the expression's text.
    pub span: Span,
    /// What is wrong.
    pub message: String,
}

/// What a checked expression may refer to.
pub struct Context<'a> {
    /// The board the game is played on (hole names, rows, stores).
    pub board: &'a Board,
    /// Integer options of the game, already fixed to their values.
    pub options: &'a [(String, i64)],
    /// The game's word options (`values = ["ccw", "cw"]`): not names in
    /// expressions, but a message says what they are.
    pub word_options: &'a [String],
    /// The bindings the engine sets where this expression is evaluated.
    pub bindings: &'a [Binding],
    /// Whether holes can be closed (a match whose refill closes short holes):
    /// `next` and `prev` then pass over closed holes.
    pub closes_holes: bool,
    /// Whether holes can change hands (a match whose surplus is `territory`):
    /// `own`, `owner` and `holes` then ask the position who owns a hole.
    pub holes_change_hands: bool,
    /// Whether the engine looks ahead where this expression is evaluated, so
    /// that `threats(side)` may be read (`[claims] gain` and end checks' `when`
    /// only: elsewhere a rule deciding a move would play moves to decide it).
    pub looks_ahead: bool,
}

/// Functions, with their argument types and result, for messages and checking.
const BEFORE_USAGE: &str = "before(x) reads an integer or a condition x at the start of the move";

/// Why `name` cannot name an option (it would hide a name of the language),
/// or `None` when it can.
pub fn reserved(name: &str) -> Option<String> {
    const KEYWORDS: [&str; 9] = [
        "or", "and", "not", "if", "then", "else", "in", "true", "false",
    ];
    let hole_like = name.len() > 1
        && name.as_bytes()[0].is_ascii_lowercase()
        && name[1..].bytes().all(|b| b.is_ascii_digit());
    let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        Some(
            "not a name an expression can use (letters, digits and _, not starting with a digit)"
                .into(),
        )
    } else if Binding::ALL.iter().any(|b| b.name() == name) {
        let bound: Vec<&str> = Binding::ALL.iter().map(|b| b.name()).collect();
        Some(format!(
            "a name the engine binds (it binds {})",
            bound.join(", ")
        ))
    } else if matches!(name, "south" | "north" | "all_holes") {
        Some("a name of the language".into())
    } else if KEYWORDS.contains(&name) {
        Some("a keyword".into())
    } else if functions::find(name).is_some() || QUANTIFIERS.contains(&name) || name == "before" {
        Some("a function".into())
    } else if hole_like {
        Some("shaped like a hole name (a letter and a number)".into())
    } else {
        None
    }
}

/// A checked expression and what positions must remember for it to be read.
pub struct Checked {
    /// The typed tree.
    pub typed: Typed,
    /// What positions must remember for it to be read.
    pub memories: Memories,
}

/// Checks an expression and, when `want` is given, requires that result type.
pub fn check(node: &Node, want: Option<Type>, cx: &Context) -> Result<Checked, CheckError> {
    let mut checker = Checker {
        cx,
        vars: Vec::new(),
        memories: Memories::NONE,
        within_before: false,
    };
    let typed = checker.check(node)?;
    match want {
        Some(want) if typed.ty() != want => Err(type_error(node, want, typed.ty())),
        _ => Ok(Checked {
            typed,
            memories: checker.memories,
        }),
    }
}

struct Checker<'a, 'b> {
    cx: &'b Context<'a>,
    /// Quantifier variables in scope, innermost last; the index is the slot.
    vars: Vec<String>,
    /// What the names and functions checked so far read.
    memories: Memories,
    /// Whether the expression being checked is inside `before(...)`.
    within_before: bool,
}

fn error(span: &Span, message: impl Into<String>) -> CheckError {
    CheckError {
        span: span.clone(),
        message: message.into(),
    }
}

fn type_error(node: &Node, want: Type, got: Type) -> CheckError {
    error(
        &node.span,
        format!("expected {}, found {}", want.name(), got.name()),
    )
}

impl Checker<'_, '_> {
    fn check(&mut self, node: &Node) -> Result<Typed, CheckError> {
        match &node.kind {
            NodeKind::Int(n) => Ok(Typed::Int(IntExpr::Const(*n))),
            NodeKind::Bool(b) => Ok(Typed::Bool(BoolExpr::Const(*b))),
            NodeKind::Name(name) => self.name(name, &node.span),
            NodeKind::Unary(UnaryOp::Not, x) => {
                let typed = Typed::Bool(BoolExpr::Not(self.boolean(x)?));
                Ok(self.fold(typed))
            }
            NodeKind::Unary(UnaryOp::Neg, x) => {
                let typed = Typed::Int(IntExpr::Neg(self.int(x)?));
                Ok(self.fold(typed))
            }
            NodeKind::Binary(op, l, r) => {
                let typed = self.binary(*op, l, r)?;
                Ok(self.fold(typed))
            }
            NodeKind::If(c, t, e) => {
                let c = self.boolean(c)?;
                let then = self.check(t)?;
                let otherwise = self.check(e)?;
                Ok(match (then, otherwise) {
                    (Typed::Int(t), Typed::Int(e)) => {
                        Typed::Int(IntExpr::If(c, t.into(), e.into()))
                    }
                    (Typed::Bool(t), Typed::Bool(e)) => {
                        Typed::Bool(BoolExpr::If(c, t.into(), e.into()))
                    }
                    (Typed::Hole(t), Typed::Hole(e)) => {
                        Typed::Hole(HoleExpr::If(c, t.into(), e.into()))
                    }
                    (Typed::Side(t), Typed::Side(e)) => {
                        Typed::Side(SideExpr::If(c, t.into(), e.into()))
                    }
                    (Typed::Set(t), Typed::Set(e)) => {
                        Typed::Set(SetExpr::If(c, t.into(), e.into()))
                    }
                    (t, other) => return Err(type_error(e, t.ty(), other.ty())),
                })
            }
            NodeKind::Set(items) => Ok(Typed::Set(SetExpr::List(
                items
                    .iter()
                    .map(|i| self.hole(i).map(|h| *h))
                    .collect::<Result<_, _>>()?,
            ))),
            NodeKind::Call(name, args) => self.call(name, args, &node.span),
            NodeKind::Quantifier(name, var, var_span, set, body) => {
                self.quantifier(name, var, var_span, set, body, &node.span)
            }
        }
    }

    /// Checks a sub-expression that must be of type `T`.
    fn typed<T: OfType>(&mut self, node: &Node) -> Result<Box<T>, CheckError> {
        let typed = self.check(node)?;
        let found = typed.ty();
        T::from_typed(typed)
            .map(Box::new)
            .ok_or_else(|| type_error(node, T::TYPE, found))
    }

    fn int(&mut self, node: &Node) -> Result<Box<IntExpr>, CheckError> {
        self.typed(node)
    }

    fn boolean(&mut self, node: &Node) -> Result<Box<BoolExpr>, CheckError> {
        self.typed(node)
    }

    fn hole(&mut self, node: &Node) -> Result<Box<HoleExpr>, CheckError> {
        self.typed(node)
    }

    fn set(&mut self, node: &Node) -> Result<Box<SetExpr>, CheckError> {
        self.typed(node)
    }

    fn name(&mut self, name: &str, span: &Span) -> Result<Typed, CheckError> {
        if let Some(slot) = self.vars.iter().rposition(|v| v == name) {
            return Ok(Typed::Hole(HoleExpr::Var(slot)));
        }
        if let Some((_, value)) = self.cx.options.iter().find(|(n, _)| n == name) {
            return Ok(Typed::Int(IntExpr::Const(*value)));
        }
        match name {
            "south" => return Ok(Typed::Side(SideExpr::Const(Side::South))),
            "north" => return Ok(Typed::Side(SideExpr::Const(Side::North))),
            "all_holes" => return Ok(Typed::Set(SetExpr::All)),
            _ => {}
        }
        if let Some(binding) = Binding::ALL.iter().find(|b| b.name() == name) {
            if !self.cx.bindings.contains(binding) {
                return Err(error(
                    span,
                    format!("`{name}` is not set here; available: {}", self.available()),
                ));
            }
            self.memories.extend(binding.memory());
            return Ok(bound(*binding));
        }
        if let Some(hole) = self.cx.board.parse_hole(name) {
            return Ok(Typed::Hole(HoleExpr::Const(hole)));
        }
        Err(self.unknown(name, span))
    }

    /// Why `name`, a name nothing binds, is not known: the nearest mistake.
    fn unknown(&self, name: &str, span: &Span) -> CheckError {
        let board = self.cx.board;
        let looks_like_hole = name.len() > 1
            && name.as_bytes()[0].is_ascii_lowercase()
            && name[1..].bytes().all(|b| b.is_ascii_digit());
        if looks_like_hole {
            return error(
                span,
                format!(
                    "there is no hole `{name}` on this board (rows {}, columns 1 to {})",
                    board.row_letters(),
                    board.columns()
                ),
            );
        }
        if self.cx.word_options.iter().any(|option| option == name) {
            return error(
                span,
                format!(
                    "`{name}` is a word option: its value is a word, which only keys such as \
                     `direction` take; expressions read number options only"
                ),
            );
        }
        if matches!(name, "holes_per_row" | "seeds_per_hole" | "rows") {
            return error(
                span,
                format!(
                    "unknown name `{name}`: a [board] or [setup] key is not a name; declare \
                     `[options.{name}]` to use it in expressions (and write `{name} = \"{name}\"` \
                     where the key is given); available: {}",
                    self.available()
                ),
            );
        }
        error(
            span,
            format!("unknown name `{name}`; available: {}", self.available()),
        )
    }

    fn available(&self) -> String {
        let mut names: Vec<&str> = self.cx.bindings.iter().map(|b| b.name()).collect();
        names.extend(["south", "north", "all_holes"]);
        names.extend(self.cx.options.iter().map(|(n, _)| n.as_str()));
        names.extend(self.vars.iter().map(String::as_str));
        names.join(", ") + ", and hole names such as a1"
    }

    /// Replaces an operator applied to constants by its value (so that, for
    /// example, a condition that is always false can be recognised), and
    /// drops from an `and` or an `or` the constants that decide nothing
    /// (`empty_capture == 1 or count(x) > 0` with the option 0 is `count(x) >
    /// 0`): expressions have no effects, so no part is missed.
    fn fold(&self, typed: Typed) -> Typed {
        let typed = match typed {
            Typed::Bool(BoolExpr::AllOf(items)) => Typed::Bool(without_constants(true, items)),
            Typed::Bool(BoolExpr::AnyOf(items)) => Typed::Bool(without_constants(false, items)),
            other => other,
        };
        let int = |x: &IntExpr| matches!(x, IntExpr::Const(_));
        let boolean = |x: &BoolExpr| matches!(x, BoolExpr::Const(_));
        let constant = match &typed {
            Typed::Int(IntExpr::Neg(x)) => int(x),
            Typed::Int(IntExpr::Op(_, l, r)) => int(l) && int(r),
            Typed::Bool(BoolExpr::Not(x)) => boolean(x),
            Typed::Bool(BoolExpr::AllOf(items) | BoolExpr::AnyOf(items)) => {
                items.iter().all(boolean)
            }
            Typed::Bool(BoolExpr::IntCompare(_, l, r)) => int(l) && int(r),
            _ => false,
        };
        if !constant {
            return typed;
        }
        // Constants read nothing of the position, so an empty one does.
        let empty = crate::rules::position::Position::empty(Side::South);
        let mut scope = Scope::new(self.cx.board, &empty, Env::new(Side::South));
        match typed {
            Typed::Int(x) => Typed::Int(IntExpr::Const(eval_once(&x, &mut scope))),
            Typed::Bool(x) => Typed::Bool(BoolExpr::Const(eval_once(&x, &mut scope))),
            other => other,
        }
    }

    fn binary(&mut self, op: BinaryOp, l: &Node, r: &Node) -> Result<Typed, CheckError> {
        let int_op = |op| -> Option<IntOp> {
            Some(match op {
                BinaryOp::Add => IntOp::Add,
                BinaryOp::Sub => IntOp::Sub,
                BinaryOp::Mul => IntOp::Mul,
                BinaryOp::Div => IntOp::Div,
                BinaryOp::Rem => IntOp::Rem,
                _ => return None,
            })
        };
        if let Some(int_op) = int_op(op) {
            return Ok(Typed::Int(IntExpr::Op(int_op, self.int(l)?, self.int(r)?)));
        }
        let compare = match op {
            BinaryOp::Or => {
                return Ok(Typed::Bool(BoolExpr::junction(
                    false,
                    *self.boolean(l)?,
                    *self.boolean(r)?,
                )));
            }
            BinaryOp::And => {
                return Ok(Typed::Bool(BoolExpr::junction(
                    true,
                    *self.boolean(l)?,
                    *self.boolean(r)?,
                )));
            }
            BinaryOp::Eq => Compare::Eq,
            BinaryOp::Ne => Compare::Ne,
            BinaryOp::Lt => Compare::Lt,
            BinaryOp::Le => Compare::Le,
            BinaryOp::Gt => Compare::Gt,
            BinaryOp::Ge => Compare::Ge,
            _ => unreachable!("arithmetic handled above"),
        };
        let (left, right) = (self.check(l)?, self.check(r)?);
        let equal = compare == Compare::Eq;
        let is_equality = matches!(compare, Compare::Eq | Compare::Ne);
        Ok(Typed::Bool(match (left, right) {
            (Typed::Int(a), Typed::Int(b)) => BoolExpr::compare(compare, a, b),
            (Typed::Bool(a), Typed::Bool(b)) if is_equality => {
                BoolExpr::BoolEq(equal, a.into(), b.into())
            }
            (Typed::Hole(a), Typed::Hole(b)) if is_equality => {
                BoolExpr::HoleEq(equal, a.into(), b.into())
            }
            (Typed::Side(a), Typed::Side(b)) if is_equality => {
                BoolExpr::SideEq(equal, a.into(), b.into())
            }
            (a, b) if a.ty() != b.ty() => return Err(type_error(r, a.ty(), b.ty())),
            (a, _) => {
                return Err(error(
                    &l.span,
                    format!("`{}` compares integers, not {}", op.symbol(), a.ty().name()),
                ));
            }
        }))
    }

    fn call(&mut self, name: &str, args: &[Node], span: &Span) -> Result<Typed, CheckError> {
        if QUANTIFIERS.contains(&name) {
            return Err(error(
                span,
                format!("`{name}` is a quantifier: {name}(h in set, condition)"),
            ));
        }
        if name == "before" {
            return self.before(args, span);
        }
        let Some(function) = functions::find(name) else {
            let known: Vec<&str> = functions::FUNCTIONS.iter().map(|f| f.name).collect();
            return Err(error(
                span,
                format!(
                    "unknown function `{name}`; known functions: {}, and the quantifiers any, all, number, those",
                    known.join(", ")
                ),
            ));
        };
        if !function.takes(args.len()) {
            return Err(error(
                span,
                format!("wrong arguments; usage: {}", function.usage()),
            ));
        }
        self.builtin(function, args, span)
    }

    /// The builtin `function` called with `args`: what it needs of the board
    /// or the rule first, then each argument against its type.
    fn builtin(
        &mut self,
        function: &Function,
        args: &[Node],
        span: &Span,
    ) -> Result<Typed, CheckError> {
        if let Some(refusal) = self.refusal(function) {
            return Err(error(span, refusal));
        }
        let args = args
            .iter()
            .zip(function.params)
            .map(|(arg, &want)| match self.check(arg)? {
                typed if typed.ty() == want => Ok(typed),
                typed => Err(type_error(arg, want, typed.ty())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.memories.extend(function.reads.iter().copied());
        Ok((function.build)(&mut Args::new(args), self.cx))
    }

    /// Why `function` cannot be used here, if it cannot.
    fn refusal(&self, function: &Function) -> Option<String> {
        let name = function.name;
        match function.needs {
            Needs::FourRows if self.cx.board.rows() != 4 => {
                Some(format!("`{name}` needs a four-row board"))
            }
            Needs::Stores if !self.cx.board.has_stores() => Some(format!(
                "`{name}` needs a board with stores (stores = true)"
            )),
            Needs::LookAhead if self.within_before => Some(format!(
                "`{name}` cannot be read in `before(...)`: it plays moves from the position \
                 as it is now, not as the move began"
            )),
            Needs::LookAhead if !self.cx.looks_ahead => Some(format!(
                "`{name}` plays a side's moves ahead: only `[claims] gain` and an end check's \
                 `when` may use it (a rule that decides a move would have to play moves to \
                 decide it)"
            )),
            _ => None,
        }
    }

    /// `before(x)`: an integer or a condition read at the start of the move.
    fn before(&mut self, args: &[Node], span: &Span) -> Result<Typed, CheckError> {
        let [inner] = args else {
            return Err(error(span, BEFORE_USAGE));
        };
        self.memories.insert(Memory::StartOfMove);
        let within_before = std::mem::replace(&mut self.within_before, true);
        let checked = self.check(inner);
        self.within_before = within_before;
        match checked? {
            Typed::Int(x) => Ok(Typed::Int(IntExpr::Before(Box::new(x)))),
            Typed::Bool(x) => Ok(Typed::Bool(BoolExpr::Before(Box::new(x)))),
            other => Err(error(
                &inner.span,
                format!("{BEFORE_USAGE}; this is {}", other.ty().name()),
            )),
        }
    }

    fn quantifier(
        &mut self,
        name: &str,
        var: &str,
        var_span: &Span,
        set: &Node,
        body: &Node,
        span: &Span,
    ) -> Result<Typed, CheckError> {
        if !QUANTIFIERS.contains(&name) {
            return Err(error(
                span,
                format!("`{name}(... in ...)` is not a quantifier; use any, all, number or those"),
            ));
        }
        if self.vars.len() == MAX_QUANTIFIER_DEPTH {
            return Err(error(
                span,
                format!("quantifiers nest at most {MAX_QUANTIFIER_DEPTH} deep"),
            ));
        }
        let is_reserved = Binding::ALL.iter().any(|b| b.name() == var)
            || self.cx.board.parse_hole(var).is_some()
            || self.cx.options.iter().any(|(n, _)| n == var)
            || matches!(var, "south" | "north" | "all_holes");
        if is_reserved {
            return Err(error(
                var_span,
                format!("`{var}` is already a name; pick another variable"),
            ));
        }
        let set = self.set(set)?;
        let slot = self.vars.len();
        self.vars.push(var.to_string());
        let body = self.boolean(body);
        self.vars.pop();
        let body = body?;
        Ok(match name {
            "any" => Typed::Bool(BoolExpr::Quantified(Quantifier::Any, slot, set, body)),
            "all" => Typed::Bool(BoolExpr::Quantified(Quantifier::All, slot, set, body)),
            "those" => Typed::Set(SetExpr::Those(slot, set, body)),
            _ => Typed::Int(IntExpr::Number(slot, set, body)),
        })
    }
}

/// An `and` (`all`) or an `or` of `items` without the constants that decide
/// nothing; one that decides it (`false` in an `and`) is its value.
fn without_constants(all: bool, items: Vec<BoolExpr>) -> BoolExpr {
    let decides = BoolExpr::Const(!all);
    if items.contains(&decides) {
        return decides;
    }
    let mut kept: Vec<BoolExpr> = items
        .into_iter()
        .filter(|item| *item != BoolExpr::Const(all))
        .collect();
    match kept.len() {
        0 => BoolExpr::Const(all),
        1 => kept.pop().expect("one item"),
        _ if all => BoolExpr::AllOf(kept),
        _ => BoolExpr::AnyOf(kept),
    }
}

/// What a name the rule binds reads.
fn bound(binding: Binding) -> Typed {
    match binding {
        Binding::Mover => Typed::Side(SideExpr::Mover),
        Binding::Opponent => Typed::Side(SideExpr::Opponent),
        // Both are kept in the one slot: no rule reads the two.
        Binding::Side | Binding::Claimer => Typed::Side(SideExpr::Side),
        Binding::Origin => Typed::Hole(HoleExpr::Origin),
        Binding::Last => Typed::Hole(HoleExpr::Last),
        Binding::Here => Typed::Hole(HoleExpr::Here),
        Binding::X => Typed::Hole(HoleExpr::X),
        Binding::IsLast => Typed::Bool(BoolExpr::IsLast),
        Binding::LapClockwise => Typed::Bool(BoolExpr::LapClockwise),
        Binding::Won => Typed::Bool(BoolExpr::Won),
        Binding::Drawn => Typed::Bool(BoolExpr::Drawn),
        Binding::Lap => Typed::Int(IntExpr::Lap),
        Binding::LapBoard => Typed::Int(IntExpr::LapBoard),
        Binding::Taken => Typed::Int(IntExpr::Taken),
        Binding::InHand => Typed::Int(IntExpr::InHand),
        Binding::Turn => Typed::Int(IntExpr::Turn),
        Binding::LapStart => Typed::Hole(HoleExpr::LapStart),
        Binding::LastMover => Typed::Side(SideExpr::LastMover),
        Binding::ExtraTurns => Typed::Int(IntExpr::ExtraTurns),
    }
}
