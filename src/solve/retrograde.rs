//! Exact values by retrograde analysis: every position reachable from the
//! start is listed, and values are worked back from the ends. Unlike the
//! search, it needs no line to end: a game whose seeds can go round for ever
//! (no repetition rule, GEN-10) is valued exactly, play that never ends
//! counting as unfinished, a draw with margin 0 (as the search values a
//! position met again along its line).
//!
//! A value is the most South can make sure of. For each payoff `t` an end can
//! have (and 0, never ending), South can make sure of at least `t` from the
//! positions of an attractor: for `t > 0`, those from which South can force an
//! end worth `t` or more; for `t <= 0`, those from which North cannot force an
//! end worth less than `t`. A position's value is the largest such `t`. Each
//! attractor is found backwards from the ends in time linear in the moves.
//!
//! Positions are listed as the engine plays them, turns played aside: the
//! method applies only where no rule reads the turns (`Memory::Turns`) and no
//! end check looks for a repetition (whose values depend on the line, which the
//! search handles exactly). The turn limit (GEN-11) plays no part.

use std::collections::HashMap;
use std::time::Instant;

use crate::agents::deadline::Deadline;
use crate::rules::board::Side;
use crate::rules::memory::Memory;
use crate::rules::position::Position;
use crate::rules::state::{GameState, Outcome, Status};

use super::{Budget, Solution, SolveError, Valuing, final_value, table};

/// Where a move leads: a position listed, or an end with its payoff to South.
#[derive(Clone, Copy)]
enum Edge {
    To(u32),
    End(i64),
}

/// Every position reachable from the start, with its moves.
struct Graph {
    /// Each position's side to move.
    movers: Vec<Side>,
    /// Each position's moves, `edges[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    edges: Vec<Edge>,
}

/// Bytes the listing takes for `positions` positions and `moves` moves: each
/// position with its key and index in the map (and the map's slack), its
/// side, start and value; each move as an edge and a predecessor.
fn bytes<const N: usize>(positions: usize, moves: usize) -> usize {
    positions * (size_of::<Position<N>>() + 56) + moves * (size_of::<Edge>() + 4)
}

/// The positions listed so far, each found by its 64-bit key (positions whose
/// keys collide are kept apart, by the whole position).
struct Listed<const N: usize> {
    positions: Vec<Position<N>>,
    by_key: HashMap<u64, u32>,
    collided: HashMap<Position<N>, u32>,
}

impl<const N: usize> Listed<N> {
    fn new(first: Position<N>) -> Self {
        let mut listed = Listed {
            positions: Vec::new(),
            by_key: HashMap::new(),
            collided: HashMap::new(),
        };
        listed.place(first);
        listed
    }

    /// The index of `position`, listed now if it was not: the index, and
    /// whether it is new.
    fn place(&mut self, position: Position<N>) -> (u32, bool) {
        let count = self.positions.len() as u32;
        let key = table::key(&[], &position);
        let at = *self.by_key.entry(key).or_insert(count);
        let at = match at == count || self.positions[at as usize] == position {
            true => at,
            false => *self.collided.entry(position).or_insert(count),
        };
        if at == count {
            self.positions.push(position);
        }
        (at, at == count)
    }
}

/// Whether retrograde analysis applies to `state`'s game: see the module.
pub fn applies<const N: usize>(state: &GameState<'_, N>) -> bool {
    let game = state.game();
    !game.remembers(Memory::Turns) && !game.tracks_repetition()
}

/// The exact value of `state` and of each of its decisions.
pub fn solve<const N: usize>(
    state: &GameState<'_, N>,
    budget: Budget,
    deadline: Deadline,
) -> Result<Solution, SolveError> {
    if state.outcome().is_some() {
        return Err(SolveError::GameOver);
    }
    if !applies(state) {
        return Err(SolveError::RetrogradeDoesNotApply);
    }
    let started = Instant::now();
    let valuing = Valuing::of(state.game());
    let graph = listed(state, valuing, budget, &deadline)?;
    let values = south_values(&graph, &deadline)?;
    let to_move = state.position().to_move;
    let for_mover = |south: i64| {
        let score = if to_move == Side::South {
            south
        } else {
            -south
        };
        valuing.value(score)
    };
    // The start is listed first.
    let decisions: Vec<_> = state.legal().zip(graph.moves(0)).collect();
    let mut decisions: Vec<_> = decisions
        .into_iter()
        .map(|(decision, edge)| {
            let south = match *edge {
                Edge::To(next) => values[next as usize],
                Edge::End(payoff) => payoff,
            };
            (decision, for_mover(south))
        })
        .collect();
    // Best first; equal values in board order (the sort is stable).
    decisions.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
    Ok(Solution {
        method: super::Method::Retrograde,
        to_move,
        valuing,
        value: decisions[0].1,
        decisions,
        worse: Vec::new(),
        positions: graph.movers.len() as u64,
        turn_limit_met: 0,
        repeats_met: 0,
        retrograde_failed: None,
        elapsed: started.elapsed(),
    })
}

impl Graph {
    fn moves(&self, position: u32) -> &[Edge] {
        let index = position as usize;
        &self.edges[self.starts[index]..self.starts[index + 1]]
    }
}

/// A position as listed: its turns played set aside.
fn listed_form<const N: usize>(position: &Position<N>) -> Position<N> {
    let mut position = *position;
    position.turn = 0;
    position
}

/// The payoff to South of a game that ended in `position`.
fn payoff<const N: usize>(valuing: Valuing, outcome: &Outcome, position: &Position<N>) -> i64 {
    match (valuing, outcome.status) {
        (_, Status::Unfinished) => 0,
        (valuing, status) => valuing.score(final_value(Side::South, status, position)),
    }
}

/// Lists every position reachable from `state` (breadth first, `state`'s
/// first) with its moves.
fn listed<const N: usize>(
    state: &GameState<'_, N>,
    valuing: Valuing,
    budget: Budget,
    deadline: &Deadline,
) -> Result<Graph, SolveError> {
    let most = budget.positions.min(u64::from(u32::MAX));
    let game = state.game();
    let mut listed = Listed::new(listed_form(state.position()));
    let mut graph = Graph {
        movers: Vec::new(),
        starts: vec![0],
        edges: Vec::new(),
    };
    let mut child = state.clone();
    while let Some(&position) = listed.positions.get(graph.movers.len()) {
        if graph.movers.len().is_multiple_of(4096) && deadline.passed() {
            return Err(SolveError::OutOfTime);
        }
        let here = GameState::from_any_position(game, &position);
        graph.movers.push(position.to_move);
        for decision in 0..here.legal().len() {
            here.after_into(decision, &mut child);
            let edge = match child.outcome() {
                Some(outcome) => Edge::End(payoff(valuing, outcome, child.position())),
                None => {
                    let (at, new) = listed.place(listed_form(child.position()));
                    if new {
                        let count = listed.positions.len();
                        if count as u64 > most {
                            return Err(SolveError::TooManyPositions(most));
                        }
                        if bytes::<N>(count, graph.edges.len()) > budget.memory {
                            return Err(SolveError::NoRoomForPositions {
                                positions: count as u64,
                                memory: budget.memory,
                            });
                        }
                    }
                    Edge::To(at)
                }
            };
            graph.edges.push(edge);
        }
        graph.starts.push(graph.edges.len());
    }
    Ok(graph)
}

/// Each position's value to South: the largest payoff South can make sure of.
fn south_values(graph: &Graph, deadline: &Deadline) -> Result<Vec<i64>, SolveError> {
    let mut payoffs: Vec<i64> = graph
        .edges
        .iter()
        .filter_map(|edge| match edge {
            Edge::End(payoff) => Some(*payoff),
            Edge::To(_) => None,
        })
        .chain([0])
        .collect();
    payoffs.sort_unstable();
    payoffs.dedup();
    let before = predecessors(graph);
    let mut values = vec![payoffs[0]; graph.movers.len()];
    for &target in &payoffs[1..] {
        if deadline.passed() {
            return Err(SolveError::OutOfTime);
        }
        let sure = match target > 0 {
            // South forces an end worth `target` or more.
            true => attractor(graph, &before, Side::South, |payoff| payoff >= target),
            // Unless North forces an end worth less, South is sure of `target`.
            false => attractor(graph, &before, Side::North, |payoff| payoff < target)
                .into_iter()
                .map(|forced| !forced)
                .collect(),
        };
        for (value, sure) in values.iter_mut().zip(sure) {
            if sure {
                *value = target;
            }
        }
    }
    Ok(values)
}

/// Each position's predecessors (once per move), `list[starts[i]..starts[i + 1]]`.
struct Predecessors {
    starts: Vec<usize>,
    list: Vec<u32>,
}

fn predecessors(graph: &Graph) -> Predecessors {
    let positions = graph.movers.len();
    let mut counts = vec![0usize; positions + 1];
    for edge in &graph.edges {
        if let Edge::To(next) = edge {
            counts[*next as usize + 1] += 1;
        }
    }
    for i in 0..positions {
        counts[i + 1] += counts[i];
    }
    let mut list = vec![0u32; counts[positions]];
    let mut filled = counts.clone();
    for from in 0..positions {
        for edge in graph.moves(from as u32) {
            if let Edge::To(next) = edge {
                list[filled[*next as usize]] = from as u32;
                filled[*next as usize] += 1;
            }
        }
    }
    Predecessors {
        starts: counts,
        list,
    }
}

/// The positions from which `side` can force an end for which `wanted` holds:
/// where `side` moves, some move gets there; where the other side moves,
/// every move does (and there is at least one: a listed position has moves).
fn attractor(
    graph: &Graph,
    before: &Predecessors,
    side: Side,
    wanted: impl Fn(i64) -> bool,
) -> Vec<bool> {
    let positions = graph.movers.len();
    let mut forced = vec![false; positions];
    // For the other side's positions: moves not yet known to get there.
    let mut open = vec![0usize; positions];
    let mut queue = Vec::new();
    for position in 0..positions {
        let moves = graph.moves(position as u32);
        let ends_wanted = moves
            .iter()
            .filter(|edge| matches!(edge, Edge::End(payoff) if wanted(*payoff)))
            .count();
        let reaches = match graph.movers[position] == side {
            true => ends_wanted > 0,
            false => {
                open[position] = moves.len() - ends_wanted;
                open[position] == 0
            }
        };
        if reaches {
            forced[position] = true;
            queue.push(position as u32);
        }
    }
    while let Some(position) = queue.pop() {
        let index = position as usize;
        for &from in &before.list[before.starts[index]..before.starts[index + 1]] {
            let from = from as usize;
            if forced[from] {
                continue;
            }
            let reaches = match graph.movers[from] == side {
                true => true,
                false => {
                    open[from] -= 1;
                    open[from] == 0
                }
            };
            if reaches {
                forced[from] = true;
                queue.push(from as u32);
            }
        }
    }
    forced
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph of moves: each position's mover and moves.
    fn graph(positions: &[(Side, &[Edge])]) -> Graph {
        let mut graph = Graph {
            movers: Vec::new(),
            starts: vec![0],
            edges: Vec::new(),
        };
        for (mover, moves) in positions {
            graph.movers.push(*mover);
            graph.edges.extend_from_slice(moves);
            graph.starts.push(graph.edges.len());
        }
        graph
    }

    /// South, at 0, can end at once losing 1, or go to 1, where North can end
    /// losing 3 or go back to 0. North goes back (play for ever, 0, beats
    /// losing), so South's best is 0, not -1: going round is a value of its own.
    #[test]
    fn going_round_for_ever_is_worth_zero() {
        use Edge::{End, To};
        let moves = graph(&[
            (Side::South, &[End(-1), To(1)]),
            (Side::North, &[End(3), To(0)]),
        ]);
        assert_eq!(
            south_values(&moves, &Deadline::none()).ok(),
            Some(vec![0, 0])
        );
    }

    /// Where South can force a win through a cycle (North's only way out is
    /// back to South, who may then end it), the win is found.
    #[test]
    fn a_forced_end_is_found_through_a_cycle() {
        use Edge::{End, To};
        let moves = graph(&[
            (Side::South, &[To(1), End(-2)]),
            (Side::North, &[To(2)]),
            (Side::South, &[To(0), End(5)]),
        ]);
        assert_eq!(
            south_values(&moves, &Deadline::none()).ok(),
            Some(vec![5, 5, 5])
        );
    }

    /// North forcing a loss on South everywhere it can: from 0 North chooses
    /// between ending at -4 and handing South a choice of -1 or going on.
    #[test]
    fn the_opponent_forces_the_least() {
        use Edge::{End, To};
        let moves = graph(&[
            (Side::North, &[End(-4), To(1)]),
            (Side::South, &[End(-1), To(0)]),
        ]);
        assert_eq!(
            south_values(&moves, &Deadline::none()).ok(),
            Some(vec![-4, -1])
        );
    }
}
