//! The bundled games, embedded at build time from `games/*.toml` (see `build.rs`).

/// `(id, text)` of every bundled game, sorted by id.
const GAMES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// `(file stem, text)` of every rules document (`docs/rules/*.md`), sorted.
const RULES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/rules.rs"));

/// The rules document a game file names (`rules = "docs/rules/ID.md (XX)"`),
/// when it is one of the bundled documents.
pub fn rules_document(named: &str) -> Option<&'static str> {
    let path = named.split_whitespace().next()?;
    let stem = path.strip_prefix("docs/rules/")?.strip_suffix(".md")?;
    RULES
        .iter()
        .find(|(id, _)| *id == stem)
        .map(|(_, text)| *text)
}

/// Ids of the bundled games, sorted.
pub fn ids() -> impl Iterator<Item = &'static str> {
    GAMES.iter().map(|(id, _)| *id)
}

/// A bundled game's file text.
pub fn text(id: &str) -> Option<&'static str> {
    GAMES.iter().find(|(i, _)| *i == id).map(|(_, text)| *text)
}

/// How a bundled game's file is named in messages.
pub fn file_name(id: &str) -> String {
    format!("games/{id}.toml")
}

/// What to tell someone who named `id`, which is no bundled game: the nearest
/// id if one is a slip away, and where the full list is.
pub fn unknown(id: &str) -> String {
    let nearest = ids()
        .map(|known| (edit_distance(id, known), known))
        .filter(|&(distance, _)| distance <= 2)
        .min();
    let guess = match nearest {
        Some((_, known)) => format!(" (did you mean `{known}`?)"),
        None => String::new(),
    };
    format!(
        "no bundled game `{}`{guess}; `mancala list` shows them all. A path to a .toml file works too.",
        crate::input::printable(id),
    )
}

/// Levenshtein distance, on characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_is_named() {
        assert_eq!(edit_distance("abdc", "abcd"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        // Any bundled id with its last letter doubled is one slip away from it.
        let id = ids().next().expect("some game is bundled");
        let slip = format!("{id}{}", id.chars().last().expect("ids are not empty"));
        assert!(unknown(&slip).contains(&format!("did you mean `{id}`?")));
        assert!(!unknown("chess").contains("did you mean"));
    }
}
