//! `mancala explain` reads every bundled game back in English; the snapshot is
//! reviewed against each game's rules document.

use std::collections::BTreeMap;

use mancala::Game;
use mancala::language::expr::syntax::{self, Node, NodeKind};
use mancala::language::spec::GameSpec;
use mancala::language::{catalog, load};
use mancala::studies::explain;

#[test]
fn every_bundled_game_explained() {
    for id in catalog::bundled_ids() {
        let source = catalog::source(&id).unwrap();
        let game = catalog::load(&id, &[]).unwrap();
        let spec = load::spec_of(&source).unwrap();
        insta::assert_snapshot!(id.clone(), explain::explain(&spec, &game));
    }
}

/// A conditional inside a `then` is bracketed, an option is named (with its
/// value in force), and `%` is read out in words.
#[test]
fn nested_conditionals_options_and_remainders_read_right() {
    let text = r#"
[game]
name = "Wording"
origin = "a test"
rules = "none"
summary = "expressions in words"

[options.depth]
default = 3
range = [1, 5]
help = "a number"

[board]
rows = 2
holes_per_row = 4

[setup]
seeds = "if col(here) > 2 then if col(here) == 4 then depth else 1 else col(here) % 2"

[sowing]
circuit = "board"
direction = "ccw"

[move]

[[end]]
check = "no_moves"
outcome = "loses"
"#;
    let source = catalog::Source::from_text("wording", "wording.toml", text);
    let game = load::load_source(&source, &[]).unwrap();
    let spec = load::spec_of(&source).unwrap();
    let explained = explain::explain(&spec, &game);
    let setup = explained
        .lines()
        .find(|l| l.contains("At the start"))
        .unwrap();
    assert_eq!(
        setup,
        " 2. At the start each hole holds (the option depth (now 3) if the column of the hole is 4, \
         otherwise 1) if the column of the hole is more than 2, otherwise the remainder of the \
         column of the hole divided by 2. South moves first."
    );
}

/// Setups that scatter seeds at random, and stores both sides sow, are said.
#[test]
fn random_starts_and_both_stores_are_read_out() {
    for (file, phrase) in [
        (
            "tests/games/scattered.toml",
            "each hole holds 2; then 24 more seeds are dropped one by one, each into a hole drawn at random",
        ),
        (
            "tests/games/both-stores.toml",
            "both stores lie on both sides' circuits",
        ),
    ] {
        let source = catalog::source(file).unwrap();
        let game = catalog::load(file, &[]).unwrap();
        let spec = load::spec_of(&source).unwrap();
        let text = explain::explain(&spec, &game);
        assert!(text.contains(phrase), "{file}:\n{text}");
    }
}

/// A fully bracketed form of a parse, for telling two parses apart.
fn canonical(node: &Node) -> String {
    let children: Vec<String> = node.children().into_iter().map(canonical).collect();
    let head = match &node.kind {
        NodeKind::Int(n) => n.to_string(),
        NodeKind::Bool(b) => b.to_string(),
        NodeKind::Name(name) => name.clone(),
        NodeKind::Unary(op, _) => format!("{op:?}"),
        NodeKind::Binary(op, ..) => format!("{op:?}"),
        NodeKind::If(..) => "if".into(),
        NodeKind::Call(f, _) => f.clone(),
        NodeKind::Quantifier(f, var, ..) => format!("{f}[{var}]"),
        NodeKind::Set(_) => "set".into(),
    };
    format!("{head}({})", children.join(", "))
}

/// Reads `texts` in `game`'s words and fails on two parses that read alike.
fn assert_no_two_parses_read_alike<'a>(
    spec: &GameSpec,
    game: &Game,
    texts: impl IntoIterator<Item = &'a str>,
    what: &str,
) {
    let mut parses: BTreeMap<String, (String, String)> = BTreeMap::new();
    for text in texts {
        let Ok(node) = syntax::parse(text) else {
            continue;
        };
        let words = explain::expression(spec, game, text);
        let parse = canonical(&node);
        if let Some((other_text, other_parse)) = parses.get(&words) {
            assert_eq!(
                other_parse, &parse,
                "{what}: `{other_text}` and `{text}` parse differently but both read \"{words}\""
            );
        }
        parses.insert(words, (text.to_string(), parse));
    }
}

/// Every string of a TOML value, however deep.
fn strings(value: &toml::Value, out: &mut Vec<String>) {
    match value {
        toml::Value::String(s) => out.push(s.clone()),
        toml::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        toml::Value::Table(table) => table.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// Item 18 of issue 32: no two expressions that parse differently are read
/// out in the same words, in any bundled or test game (each read in its own
/// file, whose terms and options it may use).
#[test]
fn no_two_parses_of_any_game_read_alike() {
    let mut files: Vec<String> = catalog::bundled_ids();
    for entry in std::fs::read_dir("tests/games").unwrap() {
        files.push(entry.unwrap().path().display().to_string());
    }
    let mut read = 0;
    for file in files {
        let source = catalog::source(&file).unwrap();
        let Ok(game) = catalog::load(&file, &[]) else {
            continue;
        };
        let spec = load::spec_of(&source).unwrap();
        let resolved: toml::Table = toml::from_str(&load::resolved_text(&source).unwrap()).unwrap();
        let mut texts = Vec::new();
        strings(&toml::Value::Table(resolved), &mut texts);
        read += texts.len();
        assert_no_two_parses_read_alike(&spec, &game, texts.iter().map(String::as_str), &file);
    }
    assert!(read > 1000, "only {read} strings read");
}

/// Every expression of up to two operators over a few operands: no two parses
/// read alike (the groupings `explain` must bracket).
#[test]
fn no_two_small_expressions_read_alike() {
    let game = catalog::load("kalah", &[]).unwrap();
    let spec = load::spec_of(&catalog::source("kalah").unwrap()).unwrap();
    let leaves = ["turn", "lap", "1", "is_last", "captured(mover)"];
    let binary = [
        "or", "and", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%",
    ];
    let mut by_size: Vec<Vec<String>> = vec![leaves.iter().map(|l| l.to_string()).collect()];
    for size in 1..=2 {
        let mut made = Vec::new();
        for x in &by_size[size - 1] {
            made.push(format!("(not {x})"));
            made.push(format!("(-{x})"));
        }
        for left in 0..size {
            for l in &by_size[left] {
                for r in &by_size[size - 1 - left] {
                    for op in binary {
                        made.push(format!("({l} {op} {r})"));
                    }
                }
            }
        }
        for a in 0..size {
            for b in 0..size - a {
                let c = size - 1 - a - b;
                for x in &by_size[a] {
                    for y in &by_size[b] {
                        for z in &by_size[c] {
                            made.push(format!("(if {x} then {y} else {z})"));
                        }
                    }
                }
            }
        }
        by_size.push(made);
    }
    let all: Vec<&str> = by_size.iter().flatten().map(String::as_str).collect();
    assert!(all.len() > 50_000, "{}", all.len());
    assert_no_two_parses_read_alike(&spec, &game, all, "small expressions");
}

/// Item 18: the issue's pair reads differently.
#[test]
fn a_sum_with_a_conditional_reads_apart_from_a_conditional_sum() {
    let game = catalog::load("kalah", &[]).unwrap();
    let spec = load::spec_of(&catalog::source("kalah").unwrap()).unwrap();
    let sum = "captured(side) + (if captured(side) > 3 then 1 else 0)";
    let conditional = "if captured(side) > 3 then captured(side) + 1 else 0";
    assert_eq!(
        explain::expression(&spec, &game, sum),
        "the seeds the side has captured plus (1 if the seeds the side has captured is more than 3, otherwise 0)"
    );
    assert_eq!(
        explain::expression(&spec, &game, conditional),
        "the seeds the side has captured plus 1 if the seeds the side has captured is more than 3, otherwise 0"
    );
}

/// Items 2 and 19 of issue 32: a term whose wording repeats its argument,
/// nested nine deep, would read as 10^9 words; a term's words past a few lines
/// are named instead, and its meaning given once before the rules.
#[test]
fn terms_whose_words_grow_are_named() {
    let nested = format!("count({}last{}) > 0", "step(".repeat(9), ")".repeat(9));
    let text = format!(
        r#"extends = "kalah"
[define.step]
args = ["h"]
is = "next(h)"
reads = "{}"

[define.far]
args = ["h"]
is = "{}"

[[capture]]
at = "sowing_end"
when = "{nested} and far(last)"
take = "last"
"#,
        ["{h}"; 10].join(" "),
        ["count(next(h, 2)) > 1"; 12].join(" and ")
    );
    let source = catalog::Source::from_text("nested", "nested.toml", &text);
    let game = load::load_source(&source, &[]).unwrap();
    let spec = load::spec_of(&source).unwrap();
    let explained = explain::explain(&spec, &game);
    assert!(explained.len() < 20_000, "{} bytes", explained.len());
    let capture = explained
        .lines()
        .find(|l| l.contains("When the sowing"))
        .unwrap();
    assert!(
        capture.contains(&format!(
            "the number of seeds in {}the hole of the lap's last seed{} is more than 0 and `far`(the hole of the lap's last seed)",
            "`step`(".repeat(9),
            ")".repeat(9)
        )),
        "{capture}"
    );
    let glossary = explained
        .lines()
        .find(|l| l.contains("use these terms"))
        .unwrap();
    assert!(
        glossary.contains(
            "`far`(h) stands for the number of seeds in the hole 2 steps after h is more than 1 and"
        ),
        "{glossary}"
    );
    assert!(
        glossary.contains("\"h h h h h h h h h h\" (step) stands for the hole after h"),
        "{glossary}"
    );
}
