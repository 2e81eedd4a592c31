//! Embeds the bundled games (`games/*.toml`) in the library, so that an installed
//! `mancala` plays them from any folder.

use std::path::Path;

fn main() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    println!("cargo:rerun-if-changed={}", games.display());
    let mut files: Vec<_> = std::fs::read_dir(&games)
        .expect("the games folder")
        .map(|entry| entry.expect("a games folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort_by_key(|path| path.file_stem().map(|s| s.to_os_string()));
    let mut table = String::from("&[\n");
    for path in files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().expect("a file name").to_string_lossy();
        table += &format!(
            "    ({id:?}, include_str!({:?})),\n",
            path.display().to_string()
        );
    }
    table += "]\n";
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(out, table).expect("OUT_DIR is writable");
}
