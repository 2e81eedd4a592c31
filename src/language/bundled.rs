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

/// The bundled game known as `name`: by its id, by the name its file gives
/// it or by one of the aliases its file lists (not those a variant inherits),
/// compared without case, accents, spaces or punctuation, so that
/// `ab-cd` and `"Ab Cd"` are one. `Err` names the games when
/// more than one is known so.
pub fn known_as(name: &str) -> Result<Option<&'static str>, Vec<&'static str>> {
    let wanted = folded(name);
    if wanted.is_empty() {
        return Ok(None);
    }
    let found: Vec<&'static str> = names()
        .iter()
        .filter(|(_, names)| names.contains(&wanted))
        .map(|(id, _)| *id)
        .collect();
    match found.as_slice() {
        [] => Ok(None),
        [id] => Ok(Some(id)),
        _ => Err(found),
    }
}

/// Each bundled game's id with every name it is known by, folded.
fn names() -> &'static [(&'static str, Vec<String>)] {
    static NAMES: std::sync::OnceLock<Vec<(&'static str, Vec<String>)>> =
        std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        GAMES
            .iter()
            .map(|(id, text)| {
                let mut names = vec![folded(id)];
                names.extend(written_names(text).iter().map(|name| folded(name)));
                (*id, names)
            })
            .collect()
    })
}

/// The `name` and `aliases` a game file's `[game]` table writes itself.
fn written_names(text: &str) -> Vec<String> {
    let Ok(file) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    let Some(game) = file.get("game").and_then(toml::Value::as_table) else {
        return Vec::new();
    };
    let name = game.get("name").and_then(toml::Value::as_str);
    let aliases = game.get("aliases").and_then(toml::Value::as_array);
    let aliases = aliases
        .into_iter()
        .flatten()
        .filter_map(toml::Value::as_str);
    name.into_iter()
        .chain(aliases)
        .map(str::to_string)
        .collect()
}

/// `name` in lower case, accents dropped from Latin letters, and only its
/// letters and digits kept.
fn folded(name: &str) -> String {
    const ACCENTED: [(&str, char); 7] = [
        ("àáâãäåā", 'a'),
        ("çć", 'c'),
        ("èéêëē", 'e'),
        ("ìíîïī", 'i'),
        ("ñ", 'n'),
        ("òóôõöøō", 'o'),
        ("ùúûüū", 'u'),
    ];
    name.to_lowercase()
        .chars()
        .map(|c| {
            ACCENTED
                .iter()
                .find(|(accented, _)| accented.contains(c))
                .map_or(c, |&(_, plain)| plain)
        })
        .filter(|c| c.is_alphanumeric())
        .collect()
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

    /// Every name and alias a bundled file writes finds that game (or, where
    /// games share a regional name, names it among them), however it is
    /// cased, accented or punctuated.
    #[test]
    fn every_name_finds_its_game() {
        for (id, text) in GAMES {
            for name in written_names(text) {
                let shouted = name.to_uppercase().replace(' ', "-");
                for asked in [&name, &shouted] {
                    match known_as(asked) {
                        Ok(found) => assert_eq!(found, Some(*id), "{asked}"),
                        Err(ids) => assert!(ids.contains(id), "{asked}: {ids:?}"),
                    }
                }
            }
        }
        assert_eq!(folded("Éè-Ñ ö.1"), "eeno1");
        assert_eq!(folded("Ab Cd"), folded("ab-cd"));
        assert_eq!(known_as("chess"), Ok(None));
        assert_eq!(known_as("--"), Ok(None));
    }
}
