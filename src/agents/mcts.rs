//! Monte Carlo tree search (UCT with uniformly random playouts), generic over every
//! game file. A turn of several decisions is searched decision by decision; each
//! node scores the result for the side that made the decision leading to it.

use std::time::Duration;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::agents::deadline::Deadline;
use crate::agents::playout;
use crate::rules::board::Side;
use crate::rules::state::{GameState, Status};

/// UCT's exploration constant (√2 for results between 0 and 1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// Most memory one search's tree may take (each node holds a game in progress):
/// past it the tree stops growing and further iterations play out from its
/// leaves, so a long search on a large board stays within bounded memory.
pub const MAX_TREE_BYTES: usize = 128 << 20;

struct Node<'g, const N: usize> {
    state: GameState<'g, N>,
    /// The side whose decision led here (scores are for that side).
    mover: Side,
    children: Vec<(usize, usize)>,
    untried: Vec<usize>,
    visits: f64,
    score: f64,
}

/// A game's result for `side`: 1 a win, ½ a draw or an unfinished game, 0 a loss.
fn result_for<const N: usize>(state: &GameState<N>, side: Side) -> f64 {
    match state.outcome().map(|o| o.status) {
        Some(Status::SouthWon) => f64::from(u8::from(side == Side::South)),
        Some(Status::NorthWon) => f64::from(u8::from(side == Side::North)),
        _ => 0.5,
    }
}

/// How long a search may run: a number of playouts, or a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many playouts.
    Iterations(u32),
    /// Playouts for this long.
    Time(Duration),
}

/// The index of the legal decision most visited within the budget.
pub fn best<const N: usize>(state: &GameState<N>, budget: Budget, rng: &mut ChaCha8Rng) -> usize {
    best_before(state, budget, rng, Deadline::none())
}

/// `best`, stopping at `deadline` too (asked at each playout turn: a playout
/// cut short is not counted).
pub fn best_before<const N: usize>(
    state: &GameState<N>,
    budget: Budget,
    rng: &mut ChaCha8Rng,
    deadline: Deadline,
) -> usize {
    let deadline = match budget {
        Budget::Time(limit) => deadline.within(limit),
        Budget::Iterations(_) => deadline,
    };
    let more = |done: u32| match budget {
        Budget::Iterations(n) => done < n.max(1) && !deadline.passed(),
        Budget::Time(_) => !deadline.passed(),
    };
    let root_mover = state.position().to_move.other();
    let mut nodes = vec![Node {
        state: state.clone(),
        mover: root_mover,
        children: Vec::new(),
        untried: (0..state.legal().len()).collect(),
        visits: 0.0,
        score: 0.0,
    }];
    let mut tree_bytes = 0;
    let mut done = 0;
    while more(done) {
        done += 1;
        // Select: follow UCT while every child has been tried.
        let mut path = vec![0];
        let mut at = 0;
        while nodes[at].untried.is_empty() && !nodes[at].children.is_empty() {
            let parent_visits = nodes[at].visits.max(1.0).ln();
            at = nodes[at]
                .children
                .iter()
                .map(|&(_, child)| child)
                .max_by(|&a, &b| {
                    let uct = |n: &Node<N>| {
                        n.score / n.visits + EXPLORATION * (parent_visits / n.visits).sqrt()
                    };
                    uct(&nodes[a]).total_cmp(&uct(&nodes[b]))
                })
                .expect("a node with children");
            path.push(at);
        }
        // Expand one untried decision.
        if !nodes[at].untried.is_empty() && tree_bytes < MAX_TREE_BYTES {
            let pick = rng.random_range(0..nodes[at].untried.len());
            let decision = nodes[at].untried.swap_remove(pick);
            let mover = nodes[at].state.position().to_move;
            // Expanding may fill the parent's lists (its successors) too.
            let parent_before = nodes[at].state.memory_bytes();
            let child = nodes[at].state.after(decision);
            tree_bytes += nodes[at].state.memory_bytes().saturating_sub(parent_before);
            let untried: Vec<usize> = (0..child.legal().len()).collect();
            // The node, its game, its untried list and its place among its
            // parent's children.
            tree_bytes += std::mem::size_of::<Node<N>>()
                + child.memory_bytes()
                + untried.capacity() * std::mem::size_of::<usize>()
                + std::mem::size_of::<(usize, usize)>();
            nodes.push(Node {
                state: child,
                mover,
                children: Vec::new(),
                untried,
                visits: 0.0,
                score: 0.0,
            });
            let index = nodes.len() - 1;
            nodes[at].children.push((decision, index));
            at = index;
            path.push(at);
        }
        // Play out at random, then score every node on the path for its mover.
        let mut rollout = nodes[at].state.clone();
        if !playout::play_out_before(&mut rollout, rng, &deadline) {
            break;
        }
        for &node in &path {
            let node = &mut nodes[node];
            node.visits += 1.0;
            node.score += result_for(&rollout, node.mover);
        }
    }
    nodes[0]
        .children
        .iter()
        .max_by(|a, b| nodes[a.1].visits.total_cmp(&nodes[b.1].visits))
        .map_or(0, |&(decision, _)| decision)
}
