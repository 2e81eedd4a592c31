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

/// How many nodes putting terms in place may add to one game file's
/// expressions, all together. A term used several times in a term used several
/// times grows exponentially; this bound holds before anything is allocated.
pub const MAX_EXPANDED_NODES: usize = 100_000;

/// What expanding a file's expressions has done so far: the terms used, and the
/// nodes it may still add (from `MAX_EXPANDED_NODES`).
#[derive(Debug)]
pub struct Expansion {
    /// The terms some expression has used so far (to warn about the others).
    pub used: BTreeSet<String>,
    nodes_left: usize,
    /// Whether the expression last expanded uses a term whose definition has
    /// a problem (so that its own problems are that one, already reported).
    pub met_broken: bool,
}

impl Default for Expansion {
    fn default() -> Self {
        Expansion {
            used: BTreeSet::new(),
            nodes_left: MAX_EXPANDED_NODES,
            met_broken: false,
        }
    }
}

/// One term: its arguments' names and its parsed expression.
#[derive(Clone, Debug)]
pub struct Term {
    /// The names of its arguments.
    pub params: Vec<String>,
    /// Its expression, parsed.
    pub body: Node,
}

/// The terms of a game file, by name.
#[derive(Clone, Debug, Default)]
pub struct Terms {
    terms: BTreeMap<String, Term>,
    /// Terms whose definition has a problem, already reported there: a use
    /// of one is not reported again.
    broken: BTreeSet<String>,
}

/// A problem with a term's definition: where in its expression (relative to the
/// expression's text) or `None` for the whole definition, and what.
pub struct DefinitionProblem {
    /// The term's name.
    pub name: String,
    /// Where in its expression (`None`: the definition as a whole).
    pub span: Option<Span>,
    /// What is wrong.
    pub message: String,
}

impl Terms {
    /// Parses every definition; `taken` says why a name cannot be used (an
    /// option's, or one of the language's), or `None` when it can.
    pub fn parse<'a>(
        definitions: impl IntoIterator<Item = (&'a str, &'a [String], &'a str)>,
        taken: impl Fn(&str) -> Option<String>,
    ) -> (Terms, Vec<DefinitionProblem>) {
        let definitions: Vec<(&str, &[String], &str)> = definitions.into_iter().collect();
        let names: BTreeSet<&str> = definitions.iter().map(|(name, ..)| *name).collect();
        let mut terms = BTreeMap::new();
        let mut broken = BTreeSet::new();
        let mut problems = Vec::new();
        for (name, params, text) in definitions {
            let (term, found) = definition(name, params, text, &names, &taken);
            // A term is kept even with a problem (reported), so that its uses
            // are not reported as unknown names too.
            if let Some(term) = term {
                if !found.is_empty() {
                    broken.insert(name.to_string());
                }
                terms.insert(name.to_string(), term);
            }
            problems.extend(found);
        }
        (Terms { terms, broken }, problems)
    }

    /// Whether the file defines a term called `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.terms.contains_key(name)
    }

    /// The expression with every use of a term replaced by the term's expression
    /// (terms used inside terms too); the terms used are added to
    /// `expansion.used`. The replacement carries the use's span, so that a
    /// problem it has is shown where the term is used. Refused, before it is
    /// built, once the file's expressions would grow past `MAX_EXPANDED_NODES`.
    pub fn expand(
        &self,
        node: Node,
        expansion: &mut Expansion,
    ) -> Result<Node, syntax::SyntaxError> {
        self.expand_at(node, expansion, 0)
    }

    fn expand_at(
        &self,
        node: Node,
        expansion: &mut Expansion,
        depth: usize,
    ) -> Result<Node, syntax::SyntaxError> {
        let (name, args) = match &node.kind {
            NodeKind::Name(name) if self.terms.contains_key(name) => (name.clone(), Vec::new()),
            NodeKind::Call(name, args) if self.terms.contains_key(name) => {
                (name.clone(), args.clone())
            }
            _ => return node.try_map_children(|child| self.expand_at(child, expansion, depth)),
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
        expansion.used.insert(name.clone());
        expansion.met_broken |= self.broken.contains(&name);
        let args = args
            .into_iter()
            .map(|arg| self.expand_at(arg, expansion, depth))
            .collect::<Result<Vec<_>, _>>()?;
        let arg_sizes: Vec<usize> = args.iter().map(Node::size).collect();
        let added = substituted_size(&term.body, &term.params, &arg_sizes);
        if added > expansion.nodes_left {
            return Err(error(format!(
                "the terms used here would write out more than {MAX_EXPANDED_NODES} nodes \
                 in this file's expressions; a term used several times inside a term used \
                 several times grows that fast: use fewer, or write the condition once"
            )));
        }
        expansion.nodes_left -= added;
        let body = substitute(&term.body, &term.params, &args, &node.span);
        self.expand_at(body, expansion, depth + 1)
    }
}

/// The size of `substitute(body, params, args, _)`, given the arguments' sizes,
/// worked out without building it.
fn substituted_size(body: &Node, params: &[String], arg_sizes: &[usize]) -> usize {
    if let NodeKind::Name(name) = &body.kind
        && let Some(index) = params.iter().position(|p| p == name)
    {
        return arg_sizes[index];
    }
    body.children().into_iter().fold(1, |size, child| {
        size.saturating_add(substituted_size(child, params, arg_sizes))
    })
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
        return Some(why);
    }
    options
        .contains(name)
        .then(|| "an option of this game".into())
}

/// One definition checked: the term, where it can be read, and its problems.
fn definition(
    name: &str,
    params: &[String],
    text: &str,
    names: &BTreeSet<&str>,
    taken: &impl Fn(&str) -> Option<String>,
) -> (Option<Term>, Vec<DefinitionProblem>) {
    let problem = |span, message: String| DefinitionProblem {
        name: name.to_string(),
        span,
        message,
    };
    if let Some(why) = taken(name) {
        let message = format!("a term cannot be named `{name}`: {why}");
        return (None, vec![problem(None, message)]);
    }
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for param in params {
        let why =
            taken(param).or_else(|| (!seen.insert(param)).then(|| "it is named twice".into()));
        if let Some(why) = why {
            problems.push(problem(
                None,
                format!("an argument cannot be named `{param}`: {why}"),
            ));
        }
    }
    let body = match syntax::parse(text) {
        Ok(body) => body,
        Err(e) => {
            problems.push(problem(Some(e.span), e.message));
            return (None, problems);
        }
    };
    let quantified = body.quantified();
    if let Some((var, span)) = quantified.iter().find(|(var, _)| params.contains(var)) {
        let message = format!("`{var}` names an argument of the term; pick another variable");
        problems.push(problem(Some(span.clone()), message));
        return (None, problems);
    }
    // A name no rule could bind, found here so that it is shown where it is
    // written rather than where the term is used.
    let unknown = body.name_spans().into_iter().find(|(used, _)| {
        !params.iter().any(|p| p == used)
            && !quantified.iter().any(|(v, _)| v == used)
            && !names.contains(used)
            && taken(used).is_none()
    });
    if let Some((used, span)) = unknown {
        let arguments = match params.is_empty() {
            true => "it has none".to_string(),
            false => params.join(", "),
        };
        problems.push(problem(
            Some(span.clone()),
            format!(
                "unknown name `{used}`: not an argument of the term ({arguments}), a term, an \
                 option or a name of the language"
            ),
        ));
    }
    let params = params.to_vec();
    (Some(Term { params, body }), problems)
}
