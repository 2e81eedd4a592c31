//! The pages' files, embedded in the program: nothing is fetched from elsewhere.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../../web/index.html");
const SCRIPT: &str = include_str!("../../web/app.js");
const STYLE: &str = include_str!("../../web/style.css");
const ICON: &str = include_str!("../../web/icon.svg");

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

pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

/// The pages' icon, also at `/favicon.ico`, where browsers ask for it unbidden.
pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}
