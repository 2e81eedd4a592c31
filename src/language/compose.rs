//! Variant files: a game file may start from another one (`extends = "GAME"`, a
//! bundled id or a path to a `.toml` file, relative to the extending file) and override any part of it.
//! Tables merge key by key; arrays and plain values replace the base's.
//!
//! The files are laid end to end in one `SourceFile` and every span is shifted
//! to its place there, so a problem anywhere still names its own file and line.

use std::path::Path;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::language::bundled;
use crate::language::error::{LoadError, Problem, SourceFile};
use crate::language::source::{self, Source};

/// How long a chain of `extends` may be.
pub const MAX_EXTENDS: usize = 8;

const EXTENDS: &str = "extends";

/// The file and every file it extends, in order, as `(name, text)`.
pub fn chain(source: &Source) -> Result<Vec<(String, String)>, LoadError> {
    let mut files = vec![source.clone()];
    loop {
        let file = files.last().expect("the chain starts with the file");
        let table = parse(&file.name, &file.text)?;
        let Some(extends) = table.get_ref().get(EXTENDS) else {
            return Ok(files.into_iter().map(|f| (f.name, f.text)).collect());
        };
        let fail = |message: String| invalid(&file.name, &file.text, Some(extends.span()), message);
        let DeValue::String(base) = extends.get_ref() else {
            return Err(fail(
                "`extends` names a game: a bundled id or a path to a .toml file, in quotes".into(),
            ));
        };
        if files.len() > MAX_EXTENDS {
            return Err(fail(format!(
                "a chain of `extends` is at most {MAX_EXTENDS} files long"
            )));
        }
        let base = locate(base, file).map_err(fail)?;
        if files.iter().any(|f| f.name == base.name) {
            return Err(fail(format!(
                "`extends` goes round in a circle through {}",
                base.name
            )));
        }
        files.push(base);
    }
}

/// A base game: a path (to a `.toml` file, taken from the extending file's
/// folder) if it looks like one, else a bundled id.
fn locate(base: &str, from: &Source) -> Result<Source, String> {
    let shown = crate::input::printable(base);
    if !source::is_path(base) {
        return Source::bundled(base).ok_or_else(|| bundled::unknown(base));
    }
    // Only game files: an error about a base file shows its text.
    if !base.ends_with(".toml") {
        return Err(format!(
            "`{shown}` is not a game file: `extends` takes a bundled id or a path ending in .toml"
        ));
    }
    match (&from.folder, &from.confined_to) {
        (Some(folder), Some(confinement)) => {
            source::read_confined(&folder.join(base), confinement).map_err(|e| e.to_string())
        }
        (Some(folder), None) => Source::read(&folder.join(base)).map_err(|e| e.to_string()),
        // A bundled game may extend another bundled file by its file name.
        (None, _) => Path::new(base)
            .file_stem()
            .and_then(|stem| Source::bundled(&stem.to_string_lossy()))
            .filter(|found| Path::new(&found.name).file_name() == Path::new(base).file_name())
            .ok_or_else(|| format!("no bundled game file {shown}")),
    }
}

fn parse<'a>(name: &str, text: &'a str) -> Result<Spanned<DeTable<'a>>, LoadError> {
    DeTable::parse(text).map_err(|e| {
        let message = e.message().trim();
        match e.span() {
            Some(span) => invalid(name, text, Some(span), message.to_string()),
            // The parser's one error without a place: keys nested past its
            // recursion limit. Point at the key with the most parts.
            None => invalid(
                name,
                text,
                deepest_key(text),
                format!("{message}: a key has too many dotted parts"),
            ),
        }
    })
}

/// The line whose key (`a.b.c = ...` or `[a.b.c]`) has the most dotted parts.
fn deepest_key(text: &str) -> Option<std::ops::Range<usize>> {
    let mut offset = 0;
    let mut deepest: Option<(usize, std::ops::Range<usize>)> = None;
    for line in text.split_inclusive('\n') {
        let key = line.split(['=', '"', '\'', '#']).next().unwrap_or("");
        let parts = key.matches('.').count();
        if parts > 0 && deepest.as_ref().is_none_or(|(most, _)| parts > *most) {
            deepest = Some((parts, offset..offset + line.trim_end().len()));
        }
        offset += line.len();
    }
    deepest.map(|(_, span)| span)
}

fn invalid(
    name: &str,
    text: &str,
    span: Option<std::ops::Range<usize>>,
    message: String,
) -> LoadError {
    let file = SourceFile::single(name, text);
    LoadError::Invalid {
        file: name.to_string(),
        problems: vec![Problem::new(&file, span, message)],
    }
}

/// Deserializes the files of a chain, merged, with spans into `source`.
pub fn deserialize<T: for<'de> Deserialize<'de>>(
    files: &[(String, String)],
    source: &SourceFile,
) -> Result<T, (Option<std::ops::Range<usize>>, String)> {
    let mut merged: Option<Spanned<DeTable>> = None;
    for (index, (_, text)) in files.iter().enumerate().rev() {
        let table = DeTable::parse(text).map_err(|e| (e.span(), e.message().to_string()))?;
        let table = shift_table(table, source.offset_of(index));
        merged = Some(match merged {
            None => table,
            Some(base) => {
                let span = table.span();
                let mut base = base.into_inner();
                // Other names name the game, not its variants.
                if let Some(DeValue::Table(game)) = base.get_mut("game").map(Spanned::get_mut) {
                    game.remove("aliases");
                }
                Spanned::new(span, merge(base, table.into_inner()))
            }
        });
    }
    let mut merged = merged.expect("a chain has at least one file");
    merged.get_mut().remove(EXTENDS);
    T::deserialize(toml::de::Deserializer::from(merged))
        .map_err(|e| (e.span(), e.message().to_string()))
}

/// The base with the variant's keys laid over it: tables merge key by key,
/// everything else is replaced in place (so the base's order is kept).
fn merge<'a>(mut base: DeTable<'a>, variant: DeTable<'a>) -> DeTable<'a> {
    for (key, value) in variant {
        match base.get_mut(key.get_ref().as_ref()) {
            Some(old) if is_table(old) && is_table(&value) => {
                let span = value.span();
                let placeholder = Spanned::new(0..0, DeValue::Boolean(false));
                let (DeValue::Table(old_table), DeValue::Table(new_table)) = (
                    std::mem::replace(old, placeholder).into_inner(),
                    value.into_inner(),
                ) else {
                    unreachable!("both are tables")
                };
                *old = Spanned::new(span, DeValue::Table(merge(old_table, new_table)));
            }
            Some(old) => *old = value,
            None => {
                base.insert(key, value);
            }
        }
    }
    base
}

fn is_table(value: &Spanned<DeValue>) -> bool {
    matches!(value.get_ref(), DeValue::Table(_))
}

fn shift_table(table: Spanned<DeTable>, by: usize) -> Spanned<DeTable> {
    let span = table.span();
    let shifted = table
        .into_inner()
        .into_iter()
        .map(|(key, value)| {
            let key_span = key.span();
            (
                Spanned::new(key_span.start + by..key_span.end + by, key.into_inner()),
                shift(value, by),
            )
        })
        .collect();
    Spanned::new(span.start + by..span.end + by, shifted)
}

fn shift(value: Spanned<DeValue>, by: usize) -> Spanned<DeValue> {
    let span = value.span();
    let inner = match value.into_inner() {
        DeValue::Table(table) => {
            DeValue::Table(shift_table(Spanned::new(span.clone(), table), by).into_inner())
        }
        DeValue::Array(mut items) => {
            for item in items.iter_mut() {
                let moved = std::mem::replace(item, Spanned::new(0..0, DeValue::Boolean(false)));
                *item = shift(moved, by);
            }
            DeValue::Array(items)
        }
        other => other,
    };
    Spanned::new(span.start + by..span.end + by, inner)
}
