//! Alpha-beta search over decisions, generic over every game file: minimax with
//! alpha-beta pruning, iterative deepening, a transposition table and move
//! ordering. Values are from South's side (South maximises); a turn of several
//! decisions (a strip, an extra turn) is searched decision by decision, the same
//! side choosing again.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::time::Duration;

use crate::agents::deadline::Deadline;

use crate::rules::board::Side;
use crate::rules::state::{GameState, Status};

/// How deep a timed search may go at most.
pub const MAX_TIMED_DEPTH: u32 = 64;

/// A won game is worth more than any score difference.
const WIN: i64 = 1 << 40;

/// The value of a position for South: the outcome if the game is over, else the
/// score difference, or the difference of the game file's evaluation.
pub fn evaluate<const N: usize>(state: &GameState<N>) -> i64 {
    let (game, position) = (state.game(), state.position());
    let difference = match &game.evaluation {
        None => position.captured[0] as i64 - position.captured[1] as i64,
        Some(value) => {
            game.value_for(value, position, Side::South)
                - game.value_for(value, position, Side::North)
        }
    };
    match state.outcome().map(|o| o.status) {
        Some(Status::SouthWon) => WIN + difference,
        Some(Status::NorthWon) => -WIN + difference,
        _ => difference,
    }
}

/// Plain minimax to `depth` decisions (the reference alpha-beta must agree with).
pub fn minimax<const N: usize>(state: &GameState<N>, depth: u32) -> i64 {
    if depth == 0 || state.outcome().is_some() {
        return evaluate(state);
    }
    let values = (0..state.legal().len()).map(|i| {
        let child = state.after(i);
        minimax(&child, depth - 1)
    });
    if state.position().to_move == Side::South {
        values.max()
    } else {
        values.min()
    }
    .expect("a game in progress has a legal decision")
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: i64,
    bound: Bound,
    best: usize,
}

// The table keys positions, not histories: where a game checks repetition
// (GEN-10) the true value can depend on the path, which the table ignores.

/// Most positions the transposition table remembers (about 48 bytes each).
pub const MAX_TABLE_ENTRIES: usize = 1 << 20;

/// An alpha-beta searcher; its table is kept between searches of one game.
#[derive(Default)]
pub struct AlphaBeta {
    table: HashMap<u64, Entry, BuildHasherDefault<WordHasher>>,
    /// Positions searched, for nodes-per-second figures.
    pub nodes: u64,
    /// When a search must stop; past it, searches unwind and store nothing.
    deadline: Deadline,
    out_of_time: bool,
}

fn key<const N: usize>(state: &GameState<N>) -> u64 {
    let mut hasher = WordHasher::default();
    state.position().hash(&mut hasher);
    hasher.finish()
}

/// A hasher that mixes eight bytes at a time (FxHash's step): hashing a
/// position with the standard library's SipHash, a byte at a time, cost more
/// than searching it. Positions are not chosen by an adversary, so a fast
/// hash's weaker guarantees do not matter here.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl WordHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.add(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl AlphaBeta {
    /// The index of the best legal decision, searching `depth` decisions ahead
    /// (deepening one decision at a time), and its value.
    pub fn best<const N: usize>(&mut self, state: &GameState<N>, depth: u32) -> (usize, i64) {
        self.best_before(state, depth, Deadline::none())
    }

    /// `best`, stopping at `deadline` with the result of the deepest search
    /// that finished (the first legal decision if none did).
    pub fn best_before<const N: usize>(
        &mut self,
        state: &GameState<N>,
        depth: u32,
        deadline: Deadline,
    ) -> (usize, i64) {
        self.deadline = deadline;
        self.out_of_time = false;
        let mut best = (0, evaluate(state));
        let mut spares = Vec::new();
        for d in 1..=depth.max(1) {
            let value = self.search_with(state, d, -i64::MAX, i64::MAX, &mut spares);
            if self.out_of_time {
                break;
            }
            let index = self.table.get(&key(state)).map_or(0, |e| e.best);
            best = (index, value);
        }
        self.deadline = Deadline::none();
        best
    }

    /// The best decision found by deepening until `budget` runs out (the result of
    /// the deepest search that finished; at least one decision deep when possible).
    pub fn best_within<const N: usize>(&mut self, state: &GameState<N>, budget: Duration) -> usize {
        self.best_before(state, MAX_TIMED_DEPTH, Deadline::after(budget))
            .0
    }

    /// The minimax value of `state` to `depth` decisions, within (alpha, beta).
    pub fn search<const N: usize>(
        &mut self,
        state: &GameState<N>,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> i64 {
        self.search_with(state, depth, alpha, beta, &mut Vec::new())
    }

    /// `search`, expanding children into `spares`, states whose lists are
    /// reused (one taken for each depth being searched, given back after).
    fn search_with<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        depth: u32,
        mut alpha: i64,
        mut beta: i64,
        spares: &mut Vec<GameState<'g, N>>,
    ) -> i64 {
        self.nodes += 1;
        if self.out_of_time || self.deadline.passed() {
            self.out_of_time = true;
            return 0;
        }
        if depth == 0 || state.outcome().is_some() {
            return evaluate(state);
        }
        let key = key(state);
        let remembered = self.table.get(&key).copied();
        // Only a result of the same depth is reused, so the value is exactly the
        // fixed-depth minimax value (a deeper one would be "better" but different).
        if let Some(entry) = remembered.filter(|e| e.depth == depth) {
            match entry.bound {
                Bound::Exact => return entry.value,
                Bound::Lower => alpha = alpha.max(entry.value),
                Bound::Upper => beta = beta.min(entry.value),
            }
            if alpha >= beta {
                return entry.value;
            }
        }
        let maximising = state.position().to_move == Side::South;
        let (alpha_in, beta_in) = (alpha, beta);
        let mut order: Vec<usize> = (0..state.legal().len()).collect();
        // The last search's best first, then the biggest immediate gains.
        let mover = state.position().to_move.index();
        let gain = |i: usize| state.successors()[i].captured[mover];
        order.sort_by_key(|&i| std::cmp::Reverse(gain(i)));
        if let Some(best) = remembered.map(|e| e.best).filter(|&b| b < order.len()) {
            order.retain(|&i| i != best);
            order.insert(0, best);
        }
        let mut best_value = if maximising { i64::MIN } else { i64::MAX };
        let mut best_index = order[0];
        let mut child = spares.pop().unwrap_or_else(|| state.clone());
        for index in order {
            state.after_into(index, &mut child);
            let value = self.search_with(&child, depth - 1, alpha, beta, spares);
            let better = if maximising {
                value > best_value
            } else {
                value < best_value
            };
            if better {
                best_value = value;
                best_index = index;
            }
            if maximising {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            // Past the deadline every sibling would be expanded for nothing.
            if alpha >= beta || self.out_of_time {
                break;
            }
        }
        spares.push(child);
        if self.out_of_time {
            // Values below an interrupted search are not to be trusted or kept.
            return best_value;
        }
        let bound = if best_value <= alpha_in {
            Bound::Upper
        } else if best_value >= beta_in {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= MAX_TABLE_ENTRIES {
            // Bounded memory over a long game or a long timed search; the
            // table only speeds the search up, so starting afresh is safe.
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                value: best_value,
                bound,
                best: best_index,
            },
        );
        best_value
    }
}
