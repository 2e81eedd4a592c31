//! Accepting connections within bounds (`limits`): at most
//! `CONNECTIONS` open at once (one past that is closed as it arrives, so file
//! descriptors cannot run out), a request's headers within `HEADER_TIME`, a
//! request within `REQUEST_TIME` (its body read and its answer made; past it
//! 408, and the work it started is cancelled), and a connection kept no longer
//! than `CONNECTION_TIME`, idle or not.

use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::serve::limits;

/// Serves `app` on `listener` until the process stops.
pub async fn serve(listener: TcpListener, app: Router) {
    let open = Arc::new(Semaphore::new(limits::CONNECTIONS));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of descriptors or a connection reset before it was taken:
            // nothing to answer; the next one may do.
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            continue;
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits::HEADER_TIME)
                .serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(limits::CONNECTION_TIME, connection).await;
            drop(permit);
        });
    }
}

/// A request answered within `REQUEST_TIME`, or 408: dropping the handler
/// cancels the work it started (`api::CancelOnDrop`).
pub async fn within_time(request: Request, next: Next) -> Response {
    match tokio::time::timeout(limits::REQUEST_TIME, next.run(request)).await {
        Ok(response) => response,
        Err(_) => (
            StatusCode::REQUEST_TIMEOUT,
            axum::Json(serde_json::json!({
                "error": format!(
                    "the request took more than {} s",
                    limits::REQUEST_TIME.as_secs()
                ),
                "diagnostics": [],
            })),
        )
            .into_response(),
    }
}
