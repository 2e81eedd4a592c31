//! Embeds the bundled games (`games/*.toml`) and their rules documents
//! (`docs/rules/*.md`) in the library, so that an installed `mancala` plays them,
//! and the web playground shows their rules, from any folder.

use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    embed(&root.join("games"), "toml", "bundled.rs");
    embed(&root.join("docs/rules"), "md", "rules.rs");
}

/// Writes `OUT_DIR/table`: `(file stem, text)` of every `.extension` file of
/// `folder`, sorted by stem.
fn embed(folder: &Path, extension: &str, table: &str) {
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort_by_key(|path| path.file_stem().map(|s| s.to_os_string()));
    let mut text = String::from("&[\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().expect("a file name").to_string_lossy();
        text += &format!(
            "    ({id:?}, include_str!({:?})),\n",
            path.display().to_string()
        );
    }
    text += "]\n";
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(table);
    std::fs::write(out, text).expect("OUT_DIR is writable");
}
