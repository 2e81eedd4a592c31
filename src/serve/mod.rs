//! `mancala serve`: the web playground. A local HTTP server whose pages (plain
//! HTML, CSS and one script, embedded in the program) show the library, play a
//! game on a drawn board against people or agents, edit a game file with live
//! diagnostics, and compare variants with charts. The pages speak to a JSON API
//! (`api`, `jobs`) over the same library the command line uses.
//!
//! The server keeps no game in progress: each request carries the game, its
//! options and the decisions so far, so undo is a shorter list and a reload
//! loses nothing. Only files of the games folder are read (`library`), and the
//! work a request may ask for is bounded (`limits`).

mod api;
mod assets;
mod connections;
mod hosts;
mod jobs;
mod library;
mod limits;
mod scenarios;
mod solving;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::{get, post};

use library::Library;

/// What `mancala serve` is told.
pub struct Config {
    /// The address to listen on (`--bind`).
    pub bind: IpAddr,
    /// 0: any free port (the address printed says which).
    pub port: u16,
    /// A folder of game files offered beside the bundled games.
    pub games: Option<PathBuf>,
    /// A folder of scenario files to run on the scenarios page.
    pub scenarios: Option<PathBuf>,
    /// Host names requests may name besides addresses and `localhost`.
    pub allow_host: Vec<String>,
    /// Whether the editor may save files into the games folder.
    pub writable: bool,
}

/// What every request handler shares.
pub struct AppState {
    library: Library,
    scenarios: Option<scenarios::ScenarioFolder>,
    jobs: jobs::Jobs,
}

/// The playground's routes.
fn app(
    library: Library,
    scenarios: Option<scenarios::ScenarioFolder>,
    allowed: hosts::AllowedHosts,
) -> Router {
    let state = Arc::new(AppState {
        library,
        scenarios,
        jobs: jobs::Jobs::default(),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/js/{name}", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/icon.svg", get(assets::icon))
        .route("/favicon.ico", get(assets::icon))
        .route("/api/games", get(api::games))
        .route("/api/game", post(api::game))
        .route("/api/source", post(api::source))
        .route("/api/save", post(api::save))
        .route("/api/about", get(api::about))
        .route("/api/play", post(api::play))
        .route("/api/steps", post(api::steps))
        .route("/api/agent", post(api::agent))
        .route("/api/solve", post(solving::solve))
        .route("/api/validate", post(api::validate))
        .route("/api/compare", post(jobs::start))
        .route(
            "/api/compare/{job}",
            get(jobs::progress).delete(jobs::cancel),
        )
        .route("/api/scenarios", get(scenarios::list).post(scenarios::run))
        .fallback(|| async { (StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(limits::BODY_BYTES))
        .layer(axum::middleware::from_fn(connections::within_time))
        .layer(axum::middleware::from_fn_with_state(
            allowed,
            hosts::checked,
        ))
        .with_state(state)
}

/// Serves until the process is stopped; prints the address first.
pub fn run(config: Config) -> Result<(), String> {
    let library = Library::open(config.games.as_deref(), config.writable)?;
    let scenarios = match &config.scenarios {
        Some(dir) => Some(scenarios::ScenarioFolder::open(dir, library.folder())?),
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let address = SocketAddr::new(config.bind, config.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        println!("mancala serve: http://{bound}/");
        let allowed = hosts::AllowedHosts(Arc::new(config.allow_host));
        connections::serve(listener, app(library, scenarios, allowed)).await;
        Ok(())
    })
}
