//! Named terms (`[define.NAME]`): a game file may give a condition or value a
//! name, with hole, side or number arguments, and use it in any expression. A
//! use is replaced by the term's expression, its arguments put in place, before
//! the expression is checked, so a term costs nothing at play and every rule
//! that uses one is checked as if written out. `explain` reads a term by its
//! own wording (`reads`).

use std::collections::{BTreeMap, BTreeSet};

use crate::language::expr::check;
use crate::language::expr::syntax::{self, Node, NodeKind, Span};

/// How deep terms may use terms (a term using itself would never end).
pub const MAX_DEPTH: usize = 8;

/// One term: its arguments' names and its parsed expression.
#[derive(Clone, Debug)]
pub struct Term {
    pub params: Vec<String>,
    pub body: Node,
}

/// The terms of a game file, by name.
#[derive(Clone, Debug, Default)]
pub struct Terms {
    terms: BTreeMap<String, Term>,
}

/// A problem with a term's definition: where in its expression (relative to the
/// expression's text) or `None` for the whole definition, and what.
pub struct DefinitionProblem {
    pub name: String,
    pub span: Option<Span>,
    pub message: String,
}

impl Terms {
    /// Parses every definition; `taken` says why a name cannot be used (an
    /// option's, or one of the language's), or `None` when it can.
    pub fn parse<'a>(
        definitions: impl IntoIterator<Item = (&'a str, &'a [String], &'a str)>,
        taken: impl Fn(&str) -> Option<String>,
    ) -> (Terms, Vec<DefinitionProblem>) {
        let mut terms = BTreeMap::new();
        let mut problems = Vec::new();
        let problem = |name: &str, span, message: String| DefinitionProblem {
            name: name.to_string(),
            span,
            message,
        };
        for (name, params, text) in definitions {
            if let Some(why) = taken(name) {
                problems.push(problem(
                    name,
                    None,
                    format!("a term cannot be named `{name}`: {why}"),
                ));
                continue;
            }
            let mut seen = BTreeSet::new();
            for param in params {
                let why = taken(param)
                    .or_else(|| (!seen.insert(param)).then(|| "it is named twice".into()));
                if let Some(why) = why {
                    problems.push(problem(
                        name,
                        None,
                        format!("an argument cannot be named `{param}`: {why}"),
                    ));
                }
            }
            let body = match syntax::parse(text) {
                Ok(body) => body,
                Err(e) => {
                    problems.push(problem(name, Some(e.span), e.message));
                    continue;
                }
            };
            if let Some((var, span)) = body
                .quantified()
                .into_iter()
                .find(|(var, _)| params.contains(var))
            {
                problems.push(problem(
                    name,
                    Some(span),
                    format!("`{var}` names an argument of the term; pick another variable"),
                ));
                continue;
            }
            // Kept even with a badly named argument (already reported), so that
            // its uses are not reported as unknown names too.
            let params = params.to_vec();
            terms.insert(name.to_string(), Term { params, body });
        }
        (Terms { terms }, problems)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.terms.contains_key(name)
    }

    /// The expression with every use of a term replaced by the term's expression
    /// (terms used inside terms too); the terms used are added to `used`. The
    /// replacement carries the use's span, so that a problem it has is shown
    /// where the term is used.
    pub fn expand(
        &self,
        node: Node,
        used: &mut BTreeSet<String>,
    ) -> Result<Node, syntax::SyntaxError> {
        self.expand_at(node, used, 0)
    }

    fn expand_at(
        &self,
        node: Node,
        used: &mut BTreeSet<String>,
        depth: usize,
    ) -> Result<Node, syntax::SyntaxError> {
        let (name, args) = match &node.kind {
            NodeKind::Name(name) if self.terms.contains_key(name) => (name.clone(), Vec::new()),
            NodeKind::Call(name, args) if self.terms.contains_key(name) => {
                (name.clone(), args.clone())
            }
            _ => return node.try_map_children(|child| self.expand_at(child, used, depth)),
        };
        let error = |message: String| syntax::SyntaxError {
            span: node.span.clone(),
            message,
        };
        if depth == MAX_DEPTH {
            return Err(error(format!(
                "terms used inside terms nest at most {MAX_DEPTH} deep (does `{name}` use itself?)"
            )));
        }
        let term = &self.terms[&name];
        if args.len() != term.params.len() {
            let wanted = match term.params.len() {
                0 => format!("`{name}` takes no arguments"),
                1 => format!("`{name}` takes one argument: {name}({})", term.params[0]),
                n => format!(
                    "`{name}` takes {n} arguments: {name}({})",
                    term.params.join(", ")
                ),
            };
            return Err(error(format!("{wanted}; it is given {}", args.len())));
        }
        let bound = term.body.quantified();
        if let Some(var) = args
            .iter()
            .flat_map(|arg| arg.names())
            .find(|name| bound.iter().any(|(var, _)| var == name))
        {
            return Err(error(format!(
                "an argument of `{name}` uses `{var}`, which the term binds itself; rename one of them"
            )));
        }
        used.insert(name.clone());
        let args = args
            .into_iter()
            .map(|arg| self.expand_at(arg, used, depth))
            .collect::<Result<Vec<_>, _>>()?;
        let body = substitute(&term.body, &term.params, &args, &node.span);
        self.expand_at(body, used, depth + 1)
    }
}

/// `body` with each name in `params` replaced by the argument in its place, and
/// every other node given `span`.
pub fn substitute(body: &Node, params: &[String], args: &[Node], span: &Span) -> Node {
    if let NodeKind::Name(name) = &body.kind
        && let Some(index) = params.iter().position(|p| p == name)
    {
        return args[index].clone();
    }
    let mut node = body
        .clone()
        .try_map_children(|child| Ok::<_, ()>(substitute(&child, params, args, span)))
        .expect("substituting cannot fail");
    node.span = span.clone();
    node
}

/// Why a term or argument cannot take `name`, given the file's option names
/// (hole names are reserved whatever the board).
pub fn taken_name(name: &str, options: &BTreeSet<&str>) -> Option<String> {
    if let Some(why) = check::reserved(name) {
        return Some(why.to_string());
    }
    options
        .contains(name)
        .then(|| "an option of this game".into())
}
