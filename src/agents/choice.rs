//! The agents by name (`random`, `greedy`, `alphabeta:4`, `mcts:500`, ...):
//! parsed from what a user types, and asked for a decision.

use std::time::Duration;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::agents::deadline::Deadline;
use crate::agents::mcts::{self, Budget};
use crate::agents::search::{AlphaBeta, MAX_TIMED_DEPTH};
use crate::input::printable;
use crate::rules::state::GameState;

/// Who chooses the decisions of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// Uniformly among the legal decisions.
    Random,
    /// The decision that gains the mover most seeds at once; ties at random.
    Greedy,
    /// Alpha-beta search this many decisions deep (score difference as value).
    AlphaBeta(u32),
    /// Alpha-beta deepening for this long per decision (not reproducible).
    AlphaBetaFor(Duration),
    /// Monte Carlo tree search with this many random playouts per decision.
    Mcts(u32),
    /// Monte Carlo tree search for this long per decision (not reproducible).
    MctsFor(Duration),
}

/// `250ms` or `2s`.
fn duration(text: &str) -> Option<Duration> {
    let (number, scale) = match text.strip_suffix("ms") {
        Some(ms) => (ms, 1e-3),
        None => (text.strip_suffix('s')?, 1.0),
    };
    let seconds = number.parse::<f64>().ok()? * scale;
    (seconds > 0.0 && seconds <= 3600.0).then(|| Duration::from_secs_f64(seconds))
}

impl Agent {
    /// The agent a name such as `random`, `greedy`, `alphabeta:4`, `alphabeta:500ms`, `mcts:1000` or `mcts:2s` names.
    pub fn parse(name: &str) -> Result<Agent, UnknownAgent> {
        let count = |prefix: &str| {
            name.strip_prefix(prefix)
                .and_then(|n| n.parse::<u32>().ok())
        };
        let time = |prefix: &str| name.strip_prefix(prefix).and_then(duration);
        match name {
            "random" => return Ok(Agent::Random),
            "greedy" => return Ok(Agent::Greedy),
            _ => {}
        }
        match (
            count("alphabeta:"),
            count("mcts:"),
            time("alphabeta:"),
            time("mcts:"),
        ) {
            (Some(depth), ..) if (1..=12).contains(&depth) => Ok(Agent::AlphaBeta(depth)),
            (_, Some(n), ..) if (1..=1_000_000).contains(&n) => Ok(Agent::Mcts(n)),
            (_, _, Some(budget), _) => Ok(Agent::AlphaBetaFor(budget)),
            (_, _, _, Some(budget)) => Ok(Agent::MctsFor(budget)),
            _ => Err(UnknownAgent(printable(name))),
        }
    }

    /// The index of the legal decision the agent chooses in `state`: searched
    /// with the game's own position size (see `Game::cell_class`), into which a
    /// state of another size is copied first.
    pub fn choose<const N: usize>(
        self,
        state: &GameState<N>,
        rng: &mut ChaCha8Rng,
        searcher: &mut AlphaBeta,
    ) -> usize {
        self.choose_before(state, rng, searcher, Deadline::none())
    }

    /// `choose`, a search stopping at `deadline` whatever its own budget.
    pub fn choose_before<const N: usize>(
        self,
        state: &GameState<N>,
        rng: &mut ChaCha8Rng,
        searcher: &mut AlphaBeta,
        deadline: Deadline,
    ) -> usize {
        // Only a search pays for the copy (random and greedy read one turn).
        let class = state.game().cell_class();
        let searches = !matches!(self, Agent::Random | Agent::Greedy);
        if searches && N != class.cells() {
            return crate::with_cells!(class, M => {
                self.choose_before(&state.resized::<M>(), rng, searcher, deadline)
            });
        }
        match self {
            Agent::AlphaBeta(depth) => searcher.best_before(state, depth, deadline).0,
            Agent::AlphaBetaFor(budget) => {
                let deadline = deadline.within(budget);
                searcher.best_before(state, MAX_TIMED_DEPTH, deadline).0
            }
            Agent::Mcts(iterations) => {
                mcts::best_before(state, Budget::Iterations(iterations), rng, deadline)
            }
            Agent::MctsFor(budget) => mcts::best_before(state, Budget::Time(budget), rng, deadline),
            Agent::Random => rng.random_range(0..state.legal().len()),
            Agent::Greedy => {
                let successors = state.successors();
                let mover = state.position().to_move.index();
                let gain = |i: usize| successors[i].captured[mover];
                let best = (0..successors.len()).map(gain).max().unwrap_or(0);
                let ties: Vec<usize> = (0..successors.len()).filter(|&i| gain(i) == best).collect();
                ties[rng.random_range(0..ties.len())]
            }
        }
    }
}

impl std::fmt::Display for Agent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Greedy => f.write_str("greedy"),
            Agent::AlphaBeta(depth) => write!(f, "alphabeta:{depth}"),
            Agent::AlphaBetaFor(budget) => write!(f, "alphabeta:{}ms", budget.as_millis()),
            Agent::Mcts(iterations) => write!(f, "mcts:{iterations}"),
            Agent::MctsFor(budget) => write!(f, "mcts:{}ms", budget.as_millis()),
        }
    }
}

/// An agent name that is none of the agents.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown agent `{0}`; agents: random, greedy, alphabeta:DEPTH (1 to 12) or alphabeta:TIME \
     (e.g. 500ms, 2s), mcts:ITERATIONS (1 to 1000000) or mcts:TIME (up to 3600s)"
)]
pub struct UnknownAgent(pub String);
