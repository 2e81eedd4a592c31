//! The pages' files, embedded in the program: nothing is fetched from elsewhere.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../../web/index.html");
const STYLE: &str = include_str!("../../web/style.css");
const ICON: &str = include_str!("../../web/icon.svg");

/// The pages' script, one module per page (`web/js/`).
const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../../web/js/app.js")),
    ("common.js", include_str!("../../web/js/common.js")),
    ("board.js", include_str!("../../web/js/board.js")),
    ("library.js", include_str!("../../web/js/library.js")),
    ("play.js", include_str!("../../web/js/play.js")),
    ("sowing.js", include_str!("../../web/js/sowing.js")),
    ("tally.js", include_str!("../../web/js/tally.js")),
    ("setup.js", include_str!("../../web/js/setup.js")),
    ("editor.js", include_str!("../../web/js/editor.js")),
    ("compare.js", include_str!("../../web/js/compare.js")),
    ("scenarios.js", include_str!("../../web/js/scenarios.js")),
];

fn file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

/// `/js/NAME`: one of the pages' modules.
pub async fn script(Path(name): Path<String>) -> Response {
    match SCRIPTS.iter().find(|(file_name, _)| *file_name == name) {
        Some((_, body)) => file("text/javascript; charset=utf-8", body),
        None => (StatusCode::NOT_FOUND, "no such script").into_response(),
    }
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

/// The pages' icon, also at `/favicon.ico`, where browsers ask for it unbidden.
pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}

#[cfg(test)]
mod tests {
    /// Every module the pages import is served.
    #[test]
    fn every_imported_module_is_embedded() {
        for (name, body) in super::SCRIPTS {
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let imported = line.rsplit("\"./").next().unwrap().trim_end_matches("\";");
                assert!(
                    super::SCRIPTS.iter().any(|(file, _)| *file == imported),
                    "{name} imports {imported}, which is not served"
                );
            }
        }
    }
}
