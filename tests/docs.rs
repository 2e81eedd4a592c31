//! Every example in `docs/reference.md` is checked: each ```toml game block
//! loads, each ```toml scenario block passes, each ```expr line is a valid
//! expression — so the reference cannot drift from the language.

use mancala::language::expr::check::{self, Binding, Context};
use mancala::language::expr::syntax;
use mancala::language::load;
use mancala::rules::board::{Board, CircuitKind, Direction, SownStores, StoreEnd};
use mancala::studies::scenario;

const REFERENCE: &str = include_str!("../docs/reference.md");

/// The fenced blocks whose info string is `info`.
fn blocks(info: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in REFERENCE.lines() {
        match &mut current {
            None if line.trim() == format!("```{info}") => current = Some(String::new()),
            Some(_) if line.trim() == "```" => found.push(current.take().unwrap()),
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    found
}

#[test]
fn game_examples_load() {
    let games = blocks("toml game");
    assert!(games.len() >= 4, "the tutorial's steps are found");
    for (index, text) in games.iter().enumerate() {
        let name = format!("docs/reference.md, game example {}", index + 1);
        if let Err(e) = load::load_str("example", &name, text, &[]) {
            panic!("{}", e.render());
        }
    }
}

#[test]
fn scenario_examples_pass() {
    let scenarios = blocks("toml scenario");
    assert!(!scenarios.is_empty());
    for text in scenarios {
        let file = scenario::parse(std::path::Path::new("docs/reference.md"), &text)
            .unwrap_or_else(|e| panic!("{e}"));
        let game = file.load_game().unwrap_or_else(|e| panic!("{e}"));
        let run = file.run(&game).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            run.failures.is_empty(),
            "{}\n{}",
            run.failures.join("\n"),
            run.report
        );
    }
}

#[test]
fn expression_examples_check() {
    let two_rows = Board::new(
        2,
        6,
        CircuitKind::WholeBoard,
        Direction::Counterclockwise,
        Some(StoreEnd::Right),
        SownStores::Own,
    )
    .unwrap();
    let four_rows = Board::new(
        4,
        8,
        CircuitKind::OwnRows,
        Direction::Counterclockwise,
        None,
        SownStores::Own,
    )
    .unwrap();
    let options = [("holes_per_row".to_string(), 8)];
    let lines: Vec<String> = blocks("expr")
        .iter()
        .flat_map(|block| {
            block
                .lines()
                .map(|l| l.split('#').next().unwrap().trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|l| !l.is_empty())
        .collect();
    assert!(lines.len() >= 20);
    for line in lines {
        let node = syntax::parse(&line).unwrap_or_else(|e| panic!("{line}: {}", e.message));
        // Each example is valid on some board, where the engine sets every name it uses.
        let valid = [&two_rows, &four_rows].iter().any(|board| {
            let cx = Context {
                board,
                options: &options,
                word_options: &[],
                bindings: &Binding::ALL,
                closes_holes: false,
                holes_change_hands: false,
                looks_ahead: true,
            };
            check::check(&node, None, &cx).is_ok()
        });
        assert!(valid, "{line} does not check");
    }
}

/// Every function of the language's table is shown in the reference's examples,
/// and every function the examples call is in the table.
#[test]
fn the_reference_shows_every_function() {
    use mancala::language::expr::functions::{self, FUNCTIONS};
    let examples = blocks("expr").join("\n");
    for function in FUNCTIONS {
        assert!(
            examples.contains(&format!("{}(", function.name)),
            "docs/reference.md shows no example of {}",
            function.usage()
        );
    }
    let called = examples
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '('))
        .filter_map(|word| word.strip_suffix('('))
        .filter(|name| !name.is_empty() && !matches!(*name, "any" | "all" | "number" | "before"));
    for name in called {
        assert!(
            functions::find(name).is_some(),
            "`{name}` is not in the table"
        );
    }
}

/// Every key a `[[capture]]` table accepts has a row in the reference's table,
/// and every row there is a key. The keys are serde's own list, which it gives
/// when it meets a key it does not know.
#[test]
fn the_reference_shows_every_capture_key() {
    use mancala::language::spec::CaptureSpec;
    let error = toml::from_str::<CaptureSpec>("no_such_key = 1")
        .unwrap_err()
        .to_string();
    let accepted: Vec<&str> = error
        .split("expected one of ")
        .nth(1)
        .expect("serde lists the keys it accepts")
        .split(',')
        .map(|key| key.trim().trim_matches('`'))
        // `clauses` is every section's, documented once for all.
        .filter(|key| !key.is_empty() && *key != "clauses")
        .collect();
    assert!(accepted.contains(&"take") && accepted.contains(&"remove"));
    let reference = std::fs::read_to_string("docs/reference.md").unwrap();
    let table = reference
        .split("### `[[capture]]`")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").nth(1))
        .expect("the reference has a [[capture]] table");
    let documented: Vec<&str> = table
        .lines()
        .filter_map(|row| row.strip_prefix("| `")?.split('`').next())
        .collect();
    for key in &accepted {
        assert!(
            documented.contains(key),
            "docs/reference.md's [[capture]] table has no `{key}`"
        );
    }
    for key in &documented {
        assert!(
            accepted.contains(key),
            "`{key}` in the [[capture]] table is not a key"
        );
    }
}
