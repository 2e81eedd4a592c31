//! A solve's threads, which share its tables. Valuing every decision at the
//! start, each thread takes the next decision no thread has taken and finds
//! its exact value. Valuing the best alone, every thread searches the start
//! (each trying decisions ranked alike in its own order, so that they fill
//! different parts of the tables first) until one finds its value; then each
//! takes the next decision left and tests it against that value. A value does
//! not depend on which thread found it, so a solve gives the same values on
//! any number of threads; only the positions examined differ, and, in a game
//! that goes round and checks no repetition, whether some thread met a
//! repeat (which leaves the solution not proven).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use crate::agents::deadline::Deadline;
use crate::rules::decision::Decision;
use crate::rules::state::GameState;

use super::database::EndgameDatabase;
use super::tables::{Memory, Tables};
use super::{
    Budget, Progress, Root, SEARCH_STACK, Search, Solution, SolveError, Stop, Ties, Value, Valued,
    Valuing,
};

/// What the threads of one solve share.
pub(super) struct Shared<'r> {
    /// The next decision at the start no thread has taken.
    next: AtomicUsize,
    /// Decisions at the start whose values are known.
    pub(super) solved: AtomicUsize,
    /// Positions examined by every thread, counted a batch at a time.
    pub(super) examined: AtomicU64,
    /// The first thing that stopped a thread, which stops the others.
    pub(super) failed: OnceLock<SolveError>,
    /// Valuing the best decisions alone: the start's value, once a thread
    /// has found it (which stops the others' searches of it).
    pub(super) start_value: OnceLock<i64>,
    /// Where progress is told.
    pub(super) report: Mutex<Box<dyn FnMut(Progress) + Send + 'r>>,
    pub(super) started: Instant,
}

impl<'r> Shared<'r> {
    /// Nothing shared yet, progress told to `report`.
    pub(super) fn new(report: Box<dyn FnMut(Progress) + Send + 'r>) -> Shared<'r> {
        Shared {
            next: AtomicUsize::new(0),
            solved: AtomicUsize::new(0),
            examined: AtomicU64::new(0),
            failed: OnceLock::new(),
            start_value: OnceLock::new(),
            report: Mutex::new(report),
            started: Instant::now(),
        }
    }
}

/// What one thread found: each decision it took, by its index.
struct Found {
    decisions: Vec<(usize, Decision, Value)>,
    /// Decisions proved worse than the best, their values not sought, by
    /// their indices.
    worse: Vec<(usize, Decision)>,
    positions: u64,
    turn_limit_met: u64,
    repeats_met: u64,
}

/// Solves the decisions of `state` on `budget.threads` threads (at most one
/// a decision), each with a stack that holds `MAX_LINE` levels, sharing
/// tables in `budget.memory` (the endgame table `database`'s, where given).
pub(super) fn solve_decisions<const N: usize>(
    state: &GameState<'_, N>,
    (budget, database): (Budget, Option<EndgameDatabase>),
    deadline: Deadline,
    report: Box<dyn FnMut(Progress) + Send + '_>,
) -> Result<Solution, SolveError> {
    if state.outcome().is_some() {
        return Err(SolveError::GameOver);
    }
    let threads = budget.threads.clamp(1, state.legal().len());
    let mut memory = Memory::within(state, budget.memory, database)?;
    let tables = memory.tables();
    let shared = Shared::new(report);
    let found = on_threads(
        (state, threads),
        (budget, &deadline),
        (&shared, &tables),
        |search, state| work(search, state, budget.valued),
    );
    if let Some(error) = shared.failed.into_inner() {
        return Err(error);
    }
    let start_value = shared
        .start_value
        .get()
        .map(|&value| Valuing::of(state.game()).value(value));
    Ok(merged(
        state,
        found.into_iter().flatten(),
        (start_value, shared.started),
    ))
}

/// Runs `part` on `threads` threads, each with a stack that holds `MAX_LINE`
/// levels and a search of its own from `state` (trying ties in its own
/// order), sharing `tables`; what each gave, in thread order.
pub(super) fn on_threads<'g, const N: usize, T: Send>(
    (state, threads): (&GameState<'g, N>, usize),
    (budget, deadline): (Budget, &Deadline),
    (shared, tables): (&Shared<'_>, &Tables<'_>),
    part: impl Fn(&mut Search<'_, '_>, &GameState<'g, N>) -> T + Sync,
) -> Vec<T> {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let (state, deadline) = (state.clone(), deadline.clone());
                let part = &part;
                std::thread::Builder::new()
                    .name("solve".into())
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        let ties = Ties::of_thread(thread);
                        let mut search =
                            Search::new(&state, budget, deadline, (shared, tables), ties);
                        part(&mut search, &state)
                    })
                    .expect("a thread to search on")
            })
            .collect();
        let joined = workers.into_iter().map(|worker| worker.join());
        joined
            .map(|result| result.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// One thread's part: its search from `state`, valuing what `valued` asks;
/// `None` once any thread has failed (the failure kept in `shared`).
fn work<const N: usize>(
    search: &mut Search<'_, '_>,
    state: &GameState<'_, N>,
    valued: Valued,
) -> Option<Found> {
    let shared = search.shared;
    let found = match valued {
        Valued::Every => solve_some(search, state, shared),
        Valued::Best => solve_best(search, state, shared),
    };
    let (decisions, worse) = match found {
        Ok(found) => found,
        Err(Stop::Failed(error)) => {
            let _ = shared.failed.set(error);
            return None;
        }
        // Only a search of the start is overtaken, which `solve_best` goes on
        // from: `solve_some` searches decisions.
        Err(Stop::Overtaken) => return None,
    };
    Some(Found {
        decisions,
        worse,
        positions: search.positions,
        turn_limit_met: search.turn_limit_met,
        repeats_met: search.repeats_met,
    })
}

/// The decisions a thread found the values of, and those it found worse
/// than the best.
type Findings = (Vec<(usize, Decision, Value)>, Vec<(usize, Decision)>);

/// Takes decisions until none is left, finding each one's exact value.
fn solve_some<const N: usize>(
    search: &mut Search<'_, '_>,
    state: &GameState<'_, N>,
    shared: &Shared<'_>,
) -> Result<Findings, Stop> {
    let to_move = state.position().to_move;
    let (mut child, mut spares, mut guess) = (state.clone(), Vec::new(), 0);
    let mut decisions = Vec::new();
    while let Some((index, decision)) = take_next(search, state, shared, &mut child) {
        guess = search.exact(to_move, &child, guess, &mut spares)?;
        decisions.push((index, decision, search.valuing.value(guess)));
        shared.solved.fetch_add(1, Ordering::Relaxed);
    }
    Ok((decisions, Vec::new()))
}

/// The value of the start (found by this thread or another), then each
/// decision left tested against it: those that reach it are the best, with
/// that value, the others only worse.
fn solve_best<const N: usize>(
    search: &mut Search<'_, '_>,
    state: &GameState<'_, N>,
    shared: &Shared<'_>,
) -> Result<Findings, Stop> {
    let to_move = state.position().to_move;
    let (mut child, mut spares) = (state.clone(), Vec::new());
    let best = match search.exact(to_move, state, 0, &mut spares) {
        Ok(value) => *shared.start_value.get_or_init(|| value),
        // A thread that stopped short (overtaken, or past a bound its order
        // met) goes on where another has found the value.
        Err(stop) => *shared.start_value.get().ok_or(stop)?,
    };
    let (mut decisions, mut worse) = (Vec::new(), Vec::new());
    // The decisions are searched as the start's search met them: with the
    // start on the line.
    search.line.push(search.line_key(state));
    while let Some((index, decision)) = take_next(search, state, shared, &mut child) {
        // A null window just below the best: reaching it is reaching the best.
        match search.value_from(to_move, &child, (best - 1, best), &mut spares)? >= best {
            true => decisions.push((index, decision, search.valuing.value(best))),
            false => worse.push((index, decision)),
        }
    }
    shared.solved.fetch_add(decisions.len(), Ordering::Relaxed);
    Ok((decisions, worse))
}

/// The next decision at the start no thread has taken, if any is left: its
/// index and itself, the state it leads to written in `child` and the
/// search's root set to it.
fn take_next<'g, const N: usize>(
    search: &mut Search<'_, '_>,
    state: &GameState<'g, N>,
    shared: &Shared<'_>,
    child: &mut GameState<'g, N>,
) -> Option<(usize, Decision)> {
    let index = shared.next.fetch_add(1, Ordering::Relaxed);
    let decision = state.legal().nth(index)?;
    search.root = Root {
        decision: Some((index, state.legal().len())),
        between: (-i64::MAX, i64::MAX),
    };
    state.after_into(index, child);
    Some((index, decision))
}

/// The threads' findings as one solution: the decisions best first (those
/// of equal value in board order), the counts summed.
fn merged<const N: usize>(
    state: &GameState<'_, N>,
    found: impl Iterator<Item = Found>,
    (start_value, started): (Option<Value>, Instant),
) -> Solution {
    let mut solution = Solution {
        method: super::Method::Search,
        to_move: state.position().to_move,
        valuing: super::Valuing::of(state.game()),
        value: Value {
            verdict: super::Verdict::Draw,
            margin: 0,
        },
        decisions: Vec::new(),
        worse: Vec::new(),
        positions: 0,
        turn_limit_met: 0,
        repeats_met: 0,
        retrograde_failed: None,
        elapsed: started.elapsed(),
    };
    let (mut decisions, mut worse) = (Vec::new(), Vec::new());
    for found in found {
        decisions.extend(found.decisions);
        worse.extend(found.worse);
        solution.positions += found.positions;
        solution.turn_limit_met += found.turn_limit_met;
        solution.repeats_met += found.repeats_met;
    }
    decisions.sort_by_key(|&(index, _, value)| (std::cmp::Reverse(value), index));
    worse.sort_by_key(|&(index, _)| index);
    solution.worse = worse.into_iter().map(|(_, decision)| decision).collect();
    solution.decisions = decisions
        .into_iter()
        .map(|(_, d, value)| (d, value))
        .collect();
    // Every decision is valued, or (the best alone) the start's value known.
    solution.value = start_value.unwrap_or_else(|| solution.decisions[0].1);
    solution
}
