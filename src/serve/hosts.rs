//! Which `Host` a request may name. A page elsewhere could point a name of its
//! own at 127.0.0.1 (DNS rebinding) and drive this server from the browser;
//! such a request names that page's host. So only an address (`127.0.0.1`,
//! `[::1]`, the bound one), `localhost` and the names `--allow-host` gives are
//! served.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The names, besides addresses and `localhost`, that requests may name.
#[derive(Clone, Debug, Default)]
pub struct AllowedHosts(pub Arc<Vec<String>>);

impl AllowedHosts {
    /// Whether a `Host` header's value is served.
    pub fn allows(&self, host: &str) -> bool {
        let name = match host.strip_prefix('[') {
            // `[::1]:8080`
            Some(rest) => rest.split_once(']').map_or("", |(name, _port)| name),
            None => host.rsplit_once(':').map_or(host, |(name, _port)| name),
        };
        name.parse::<IpAddr>().is_ok()
            || name.eq_ignore_ascii_case("localhost")
            || self
                .0
                .iter()
                .any(|allowed| allowed.eq_ignore_ascii_case(name))
    }
}

/// Refuses (403) a request whose `Host` is not served.
pub async fn checked(
    State(allowed): State<AllowedHosts>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if allowed.allows(host) {
        return next.run(request).await;
    }
    let shown: String = host.chars().filter(|c| !c.is_control()).take(100).collect();
    (
        StatusCode::FORBIDDEN,
        axum::Json(serde_json::json!({
            "error": format!(
                "this server answers requests for localhost or an address, not `{shown}`; \
                 start it with --allow-host NAME to serve a name"
            ),
            "diagnostics": [],
        })),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_localhost_and_allowed_names_only() {
        let allowed = AllowedHosts(Arc::new(vec!["mancala.lan".into()]));
        for host in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "[::1]:80",
            "localhost:8080",
            "LOCALHOST",
            "192.168.1.4:8080",
            "mancala.lan:8080",
        ] {
            assert!(allowed.allows(host), "{host}");
        }
        for host in [
            "",
            "evil.example:8080",
            "localhost.evil.example",
            "[::1",
            "mancala.lan.evil",
        ] {
            assert!(!allowed.allows(host), "{host}");
        }
    }
}
