//! How much work one request may ask for: every bound the playground keeps, in
//! one place.

use std::time::Duration;

use crate::agents::Agent;
use crate::serve::api::ApiError;

/// Largest request body (a game file is at most 1 MiB, `input::MAX_TEXT_BYTES`).
pub const BODY_BYTES: usize = 1 << 21;
/// Decisions a request may replay.
pub const DECISIONS: usize = 20_000;
/// Alpha-beta depth an agent may search.
pub const DEPTH: u32 = 8;
/// Monte Carlo playouts an agent may run per decision.
pub const PLAYOUTS: u32 = 100_000;
/// Time an agent may think per decision.
pub const THINKING: Duration = Duration::from_secs(5);
/// Time a solve ("best moves") may take.
pub const SOLVING: Duration = Duration::from_secs(10);
/// Positions a solve may examine.
pub const SOLVE_POSITIONS: u64 = 20_000_000;
/// Memory a solve's tables take (`WORKERS` solves at most at once).
pub const SOLVE_MEMORY: usize = 64 << 20;
/// The longest line a solve follows, in decisions (each a level of its
/// thread's stack).
pub const SOLVE_LINE: usize = 10_000;
/// Variants one comparison may hold.
pub const VARIANTS: usize = 6;
/// Games per variant of one comparison.
pub const GAMES: u64 = 2_000;
/// Comparisons run at once; more are refused until one ends.
pub const RUNNING_COMPARISONS: usize = 2;
/// Game files the editor may save into a writable games folder (`--writable`):
/// a new file past this many is refused; saving over one is not.
pub const FOLDER_FILES: usize = 1_000;
/// Scenario files a folder may offer.
pub const SCENARIOS: usize = 2_000;
/// Time a comparison may take; past it, it stops as if cancelled.
pub const COMPARISON_TIME: Duration = Duration::from_secs(15 * 60);
/// Comparisons whose results are kept (the oldest finished go first).
pub const KEPT_COMPARISONS: usize = 32;
/// Requests working at once (replaying, searching, loading); the rest wait.
/// With each bounded (`MAX_TREE_BYTES`, `LISTED_DECISIONS`, `DECISIONS`), the
/// server's memory is too.
pub const WORKERS: usize = 4;
/// Requests listing the library at once, in a lane of their own.
pub const LIGHT_WORKERS: usize = 2;
/// How long a request waits for a worker before it is answered 503.
pub const WAIT_FOR_WORKER: Duration = Duration::from_secs(20);
/// Legal decisions a position may have for the playground to list it (each
/// way of declining optional captures is one, up to 4,096 a move, and each
/// count a hand move may take, up to every seed held), a game's start included.
pub const LISTED_DECISIONS: usize = 20_000;
/// Connections open at once; one more is closed as it arrives.
pub const CONNECTIONS: usize = 256;
/// Time a client has to send a request's headers.
pub const HEADER_TIME: Duration = Duration::from_secs(10);
/// Time a request may take, its body read and its answer made.
pub const REQUEST_TIME: Duration = Duration::from_secs(30);
/// Time a connection is kept, idle or not.
pub const CONNECTION_TIME: Duration = Duration::from_secs(300);

/// An agent as `compare --agents` names it, within these bounds. Comparisons
/// take the same agents, so a slow one is bounded there too.
pub fn agent(name: &str) -> Result<Agent, ApiError> {
    let agent = Agent::parse(name).map_err(|unknown| {
        ApiError::bad_request(format!(
            "unknown agent `{}`; the playground's agents: random, greedy, alphabeta:DEPTH \
             (1 to {DEPTH}) or alphabeta:TIME (e.g. 500ms, up to {} s), mcts:ITERATIONS \
             (1 to {PLAYOUTS}) or mcts:TIME",
            unknown.0,
            THINKING.as_secs()
        ))
    })?;
    let within = match agent {
        Agent::Random | Agent::Greedy => true,
        Agent::AlphaBeta(depth) => depth <= DEPTH,
        Agent::Mcts(playouts) => playouts <= PLAYOUTS,
        Agent::AlphaBetaFor(time) | Agent::MctsFor(time) => time <= THINKING,
    };
    match within {
        true => Ok(agent),
        false => Err(ApiError::bad_request(format!(
            "agent {agent}: the playground allows alpha-beta to depth {DEPTH}, {PLAYOUTS} \
             playouts and {} s of thought a decision",
            THINKING.as_secs()
        ))),
    }
}
