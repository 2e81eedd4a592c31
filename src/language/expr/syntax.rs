//! Parsing: expression text → untyped syntax tree with byte spans (pest + Pratt).

use std::fmt;
use std::sync::LazyLock;

use pest::Parser;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};

/// The parser pest derives from the grammar, kept in a module of its own so
/// that the `Rule` enum it makes stays private to this one.
mod parser {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/expr.pest"]
    pub(super) struct ExprParser;
}

use parser::{ExprParser, Rule};

/// Byte range inside the expression text.
pub type Span = std::ops::Range<usize>;

/// An operator between two operands, loosest first: `or`, `and`, the
/// comparisons, `+ -`, then `* / %`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `a or b`: either condition holds.
    Or,
    /// `a and b`: both conditions hold.
    And,
    /// `a == b`: equal integers, conditions, holes or sides.
    Eq,
    /// `a != b`: not equal.
    Ne,
    /// `a < b`, on integers.
    Lt,
    /// `a <= b`, on integers.
    Le,
    /// `a > b`, on integers.
    Gt,
    /// `a >= b`, on integers.
    Ge,
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b`, integer division.
    Div,
    /// `a % b`, the remainder of integer division.
    Rem,
}

impl BinaryOp {
    /// Operators of one precedence level chain without nesting: `a + b - c`.
    fn level(self) -> u8 {
        use BinaryOp::*;
        match self {
            Or => 0,
            And => 1,
            Eq | Ne | Lt | Le | Gt | Ge => 2,
            Add | Sub => 3,
            Mul | Div | Rem => 4,
        }
    }

    /// The operator as expressions write it (`or`, `==`, `+`...).
    pub(crate) fn symbol(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Or => "or",
            And => "and",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
        }
    }
}

/// An operator before its one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `not c`: the condition does not hold.
    Not,
    /// `-n`: the integer negated.
    Neg,
}

/// One node of an expression as parsed: what it is, and where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What the node is, with its parts.
    pub kind: NodeKind,
    /// Where, in the expression's text.
    pub span: Span,
}

/// The forms an expression takes, before names and types are checked.
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// An integer literal (`3`).
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A name: a binding (`last`), an option, a quantifier's variable, a hole
    /// (`a3`), a side (`south`), `all_holes` or a named term.
    Name(String),
    /// `not x` or `-x`.
    Unary(UnaryOp, Box<Node>),
    /// `l OP r`.
    Binary(BinaryOp, Box<Node>, Box<Node>),
    /// `if c then t else e`: condition, then, else.
    If(Box<Node>, Box<Node>, Box<Node>),
    /// `f(a, b, ...)`: a function or named term, with its arguments.
    Call(String, Vec<Node>),
    /// `any(h in SET, CONDITION)`: function, variable (with its span), set, body.
    Quantifier(String, String, Span, Box<Node>, Box<Node>),
    /// `[h1, h2, ...]`: a set written out hole by hole.
    Set(Vec<Node>),
}

/// A syntax error: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where, in the expression's text.
    pub span: Span,
    /// What was expected there, or what is wrong.
    pub message: String,
}

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::or, Assoc::Left))
        .op(Op::infix(Rule::and, Assoc::Left))
        .op(Op::prefix(Rule::not))
        .op(Op::infix(Rule::eq, Assoc::Left)
            | Op::infix(Rule::ne, Assoc::Left)
            | Op::infix(Rule::lt, Assoc::Left)
            | Op::infix(Rule::le, Assoc::Left)
            | Op::infix(Rule::gt, Assoc::Left)
            | Op::infix(Rule::ge, Assoc::Left))
        .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::sub, Assoc::Left))
        .op(Op::infix(Rule::mul, Assoc::Left)
            | Op::infix(Rule::div, Assoc::Left)
            | Op::infix(Rule::rem, Assoc::Left))
        .op(Op::prefix(Rule::neg))
});

/// Longest expression accepted, in bytes.
pub const MAX_LENGTH: usize = 1000;
/// Deepest nesting accepted: brackets, and operators inside operators.
pub const MAX_DEPTH: usize = 32;

/// Parses one expression.
pub fn parse(text: &str) -> Result<Node, SyntaxError> {
    if text.len() > MAX_LENGTH {
        return Err(SyntaxError {
            span: MAX_LENGTH..text.len(),
            message: format!(
                "expressions are at most {MAX_LENGTH} bytes long; this one has {}",
                text.len()
            ),
        });
    }
    // Bound bracket nesting before pest recurses into it.
    let mut depth = 0usize;
    for (at, byte) in text.bytes().enumerate() {
        match byte {
            b'(' | b'[' => depth += 1,
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > MAX_DEPTH {
            return Err(too_deep(at..at + 1));
        }
    }
    let mut pairs = ExprParser::parse(Rule::expression, text).map_err(syntax_error)?;
    let expression = pairs.next().expect("the grammar's start rule");
    let expr = expression
        .into_inner()
        .next()
        .expect("expression holds expr");
    let node = build(expr.into_inner())?;
    match deepest(&node, 0) {
        Some(span) => Err(too_deep(span)),
        None => Ok(node),
    }
}

fn too_deep(span: Span) -> SyntaxError {
    SyntaxError {
        span,
        message: format!("expressions nest at most {MAX_DEPTH} deep"),
    }
}

/// The span of a node nested deeper than `MAX_DEPTH`, if any (checked before the
/// recursive checker and evaluator walk the tree). A chain of operators of one
/// level (`a + b + c + ...`, a flat sum) counts as one level, as it reads: its
/// length is bounded by `MAX_LENGTH` instead.
fn deepest(node: &Node, depth: usize) -> Option<Span> {
    if depth > MAX_DEPTH {
        return Some(node.span.clone());
    }
    if let NodeKind::Binary(op, left, right) = &node.kind {
        let chained =
            matches!(&left.kind, NodeKind::Binary(inner, ..) if inner.level() == op.level());
        let left_depth = if chained { depth } else { depth + 1 };
        return deepest(left, left_depth).or_else(|| deepest(right, depth + 1));
    }
    node.children()
        .into_iter()
        .find_map(|child| deepest(child, depth + 1))
}

impl Node {
    /// The node with each child replaced by `f(child)`.
    pub fn try_map_children<E>(
        self,
        mut f: impl FnMut(Node) -> Result<Node, E>,
    ) -> Result<Node, E> {
        let mut boxed = |node: Box<Node>| f(*node).map(Box::new);
        let kind = match self.kind {
            kind @ (NodeKind::Int(_) | NodeKind::Bool(_) | NodeKind::Name(_)) => kind,
            NodeKind::Unary(op, x) => NodeKind::Unary(op, boxed(x)?),
            NodeKind::Binary(op, l, r) => NodeKind::Binary(op, boxed(l)?, boxed(r)?),
            NodeKind::If(c, t, e) => NodeKind::If(boxed(c)?, boxed(t)?, boxed(e)?),
            NodeKind::Call(name, args) => NodeKind::Call(
                name,
                args.into_iter().map(&mut f).collect::<Result<_, _>>()?,
            ),
            NodeKind::Quantifier(q, var, span, set, body) => {
                NodeKind::Quantifier(q, var, span, boxed(set)?, boxed(body)?)
            }
            NodeKind::Set(items) => {
                NodeKind::Set(items.into_iter().map(&mut f).collect::<Result<_, _>>()?)
            }
        };
        Ok(Node {
            kind,
            span: self.span,
        })
    }

    /// The variables quantifiers bind anywhere in the expression, with their spans.
    pub fn quantified(&self) -> Vec<(String, Span)> {
        let mut vars = match &self.kind {
            NodeKind::Quantifier(_, var, span, _, _) => vec![(var.clone(), span.clone())],
            _ => vec![],
        };
        for child in self.children() {
            vars.extend(child.quantified());
        }
        vars
    }

    /// The node's parts, in the order they are written.
    pub fn children(&self) -> Vec<&Node> {
        match &self.kind {
            NodeKind::Int(_) | NodeKind::Bool(_) | NodeKind::Name(_) => vec![],
            NodeKind::Unary(_, x) => vec![x],
            NodeKind::Binary(_, l, r) => vec![l, r],
            NodeKind::If(c, t, e) => vec![c, t, e],
            NodeKind::Call(_, args) | NodeKind::Set(args) => args.iter().collect(),
            NodeKind::Quantifier(_, _, _, set, body) => vec![set, body],
        }
    }

    /// Every name the expression mentions, with where.
    pub fn name_spans(&self) -> Vec<(&str, &Span)> {
        let mut names = match &self.kind {
            NodeKind::Name(name) => vec![(name.as_str(), &self.span)],
            _ => vec![],
        };
        for child in self.children() {
            names.extend(child.name_spans());
        }
        names
    }

    /// How many nodes the expression has.
    pub fn size(&self) -> usize {
        self.children().into_iter().map(Node::size).sum::<usize>() + 1
    }

    /// Every name the expression mentions.
    pub fn names(&self) -> Vec<&str> {
        let mut names = match &self.kind {
            NodeKind::Name(name) => vec![name.as_str()],
            _ => vec![],
        };
        for child in self.children() {
            names.extend(child.names());
        }
        names
    }
}

fn syntax_error(error: pest::error::Error<Rule>) -> SyntaxError {
    let span = match error.location {
        pest::error::InputLocation::Pos(p) => p..p,
        pest::error::InputLocation::Span((s, e)) => s..e,
    };
    let message = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives.iter().map(|r| describe(*r)).collect();
            wanted.sort();
            wanted.dedup();
            match wanted.as_slice() {
                [] => "unexpected text".to_string(),
                [one] => format!("expected {one}"),
                [init @ .., last] => format!("expected {} or {last}", init.join(", ")),
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError { span, message }
}

/// Grammar rules as a reader would name them.
fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the expression",
        Rule::or | Rule::and | Rule::eq | Rule::ne | Rule::lt | Rule::le | Rule::gt | Rule::ge => {
            "an operator"
        }
        Rule::add | Rule::sub | Rule::mul | Rule::div | Rule::rem => "an operator",
        Rule::kw_then => "`then`",
        Rule::kw_else => "`else`",
        Rule::kw_in => "`in`",
        _ => "a value (a number, name, call, [set] or parenthesis)",
    }
}

fn build(pairs: Pairs<Rule>) -> Result<Node, SyntaxError> {
    PRATT
        .map_primary(build_primary)
        .map_prefix(|op, operand| {
            let operand = operand?;
            let span = op.as_span().start()..operand.span.end;
            let op = if op.as_rule() == Rule::not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            Ok(Node {
                kind: NodeKind::Unary(op, Box::new(operand)),
                span,
            })
        })
        .map_infix(|left, op, right| {
            let (left, right) = (left?, right?);
            let op = match op.as_rule() {
                Rule::or => BinaryOp::Or,
                Rule::and => BinaryOp::And,
                Rule::eq => BinaryOp::Eq,
                Rule::ne => BinaryOp::Ne,
                Rule::lt => BinaryOp::Lt,
                Rule::le => BinaryOp::Le,
                Rule::gt => BinaryOp::Gt,
                Rule::ge => BinaryOp::Ge,
                Rule::add => BinaryOp::Add,
                Rule::sub => BinaryOp::Sub,
                Rule::mul => BinaryOp::Mul,
                Rule::div => BinaryOp::Div,
                Rule::rem => BinaryOp::Rem,
                rule => unreachable!("infix rule {rule:?}"),
            };
            let span = left.span.start..right.span.end;
            Ok(Node {
                kind: NodeKind::Binary(op, Box::new(left), Box::new(right)),
                span,
            })
        })
        .parse(pairs)
}

fn build_primary(pair: Pair<Rule>) -> Result<Node, SyntaxError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let kind = match pair.as_rule() {
        Rule::expr => return build(pair.into_inner()),
        Rule::integer => NodeKind::Int(pair.as_str().parse().map_err(|_| SyntaxError {
            span: span.clone(),
            message: "this integer is too large".to_string(),
        })?),
        Rule::boolean => NodeKind::Bool(pair.as_str() == "true"),
        Rule::name => NodeKind::Name(pair.as_str().to_string()),
        Rule::conditional => {
            let mut parts = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::expr)
                .map(|p| build(p.into_inner()));
            let (c, t, e) = (parts.next(), parts.next(), parts.next());
            NodeKind::If(
                Box::new(c.expect("condition")?),
                Box::new(t.expect("then")?),
                Box::new(e.expect("else")?),
            )
        }
        Rule::quantifier => {
            let mut parts = pair.into_inner().filter(|p| p.as_rule() != Rule::kw_in);
            let function = parts.next().expect("function name").as_str().to_string();
            let variable = parts.next().expect("variable");
            let variable_span = variable.as_span().start()..variable.as_span().end();
            let set = build(parts.next().expect("set").into_inner())?;
            let body = build(parts.next().expect("body").into_inner())?;
            NodeKind::Quantifier(
                function,
                variable.as_str().to_string(),
                variable_span,
                Box::new(set),
                Box::new(body),
            )
        }
        Rule::call => {
            let mut parts = pair.into_inner();
            let function = parts.next().expect("function name").as_str().to_string();
            let args = parts
                .map(|p| build(p.into_inner()))
                .collect::<Result<_, _>>()?;
            NodeKind::Call(function, args)
        }
        Rule::set => NodeKind::Set(
            pair.into_inner()
                .map(|p| build(p.into_inner()))
                .collect::<Result<_, _>>()?,
        ),
        rule => unreachable!("primary rule {rule:?}"),
    };
    Ok(Node { kind, span })
}

/// S-expression form, so that precedence is visible in snapshots.
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            NodeKind::Int(n) => write!(f, "{n}"),
            NodeKind::Bool(b) => write!(f, "{b}"),
            NodeKind::Name(n) => write!(f, "{n}"),
            NodeKind::Unary(UnaryOp::Not, x) => write!(f, "(not {x})"),
            NodeKind::Unary(UnaryOp::Neg, x) => write!(f, "(- {x})"),
            NodeKind::Binary(op, l, r) => write!(f, "({} {l} {r})", op.symbol()),
            NodeKind::If(c, t, e) => write!(f, "(if {c} {t} {e})"),
            NodeKind::Call(name, args) => {
                write!(f, "({name}")?;
                for a in args {
                    write!(f, " {a}")?;
                }
                write!(f, ")")
            }
            NodeKind::Quantifier(name, var, _, set, body) => {
                write!(f, "({name} {var} {set} {body})")
            }
            NodeKind::Set(items) => {
                write!(f, "[")?;
                for (i, a) in items.iter().enumerate() {
                    write!(f, "{}{a}", if i > 0 { " " } else { "" })?;
                }
                write!(f, "]")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sexpr(text: &str) -> String {
        match parse(text) {
            Ok(node) => node.to_string(),
            Err(e) => format!("error at {:?}: {}", e.span, e.message),
        }
    }

    #[test]
    fn precedence_is_visible() {
        insta::assert_snapshot!(
            [
                "1 + 2 * 3 - 4 % 3",
                "not own(last) and count(opposite(last)) > 0 or is_last",
                "count(origin) >= 2 or count(origin) == 1 and not any(h in holes(mover), count(h) >= 2)",
                "if inner(here) and seat_col(here) == holes_per_row then 0 else 2",
                "[opposite(last), behind(opposite(last))]",
                "- - 3 - -2",
                "not count(last) > 1 and is_last",
                "next(last, 2)",
                "order(x)",
                "count(",
                "1 +",
                "android and notable",
            ]
            .map(|t| format!("{t}\n  => {}", sexpr(t)))
            .join("\n")
        );
    }
}
