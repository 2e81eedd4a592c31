//! Exact values: a game searched to its end from a position, every line, by
//! alpha-beta with a transposition table (`search`), for any two-sided game
//! file (a solitaire, whose one side moves every turn, too).
//!
//! A value is the outcome of perfect play for the side to move — won, drawn or
//! lost — and the margin it ends with: its score (seeds captured, leftovers
//! awarded) less the other side's. Both sides play first for the outcome, then
//! for the margin (as published solutions of sowing games count it).
//!
//! Where scores alone decide the outcome and no rule reads them as play goes
//! on (`Memory::Scores`), the rest of a game from a position does not depend
//! on the scores so far: the table then keeps what is still to be won from
//! each arrangement of seeds, shared by every split of the scores, as Irving et
//! al. did (`Valuing::Margin`; the paper is cited in docs/solved.md).
//!
//! Where the file ends a game at a repeated position (GEN-10), a position's
//! value may depend on the line that reached it: such a position is kept in
//! the table with the earlier turn starts that may recur (`history_key`), so
//! that no value crosses from one line to another and the value is exact.
//!
//! What the search takes as it finds it, and says so in the `Solution`:
//! - a game cut short by the turn limit (GEN-11) ends unfinished, which is
//!   valued as a draw; the value then holds for that limit only;
//! - where the file checks no repetition, a position met again along the line
//!   being searched would repeat until the turn limit; it is valued as a draw
//!   and the solution is marked as not proven. Retrograde analysis
//!   (`retrograde`, which `Choice::Auto` runs then) values such a game exactly
//!   where its reachable positions fit in memory.

mod database;
mod endgame;
mod keys;
pub mod retrograde;
mod table;
mod tables;
mod workers;
mod zeroed;

use std::hash::Hash;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::agents::deadline::Deadline;
use crate::ir::{IntExpr, SideExpr};
use crate::rules::board::Side;
use crate::rules::decision::Decision;
use crate::rules::game::{Check, EndOutcome, Game};
use crate::rules::memory::Memory;
use crate::rules::position::Position;
use crate::rules::state::{GameState, Outcome, Reason, Status};

pub use database::{Building, EndgameDatabase, ReadError};
use endgame::Known;
use keys::Keys;
use table::Bound;
use tables::Tables;
use workers::Shared;

/// States whose lists are reused, one for each position on the line being
/// searched; boxed, so that taking one and giving it back moves a pointer.
type Spares<'g, const N: usize> = Vec<Box<GameState<'g, N>>>;

/// What the table and the seeds in play tell of a position before it is
/// searched.
enum Probe {
    /// Its value (or a bound past the window, failing soft).
    Known(i64),
    /// To be searched: its key, the table's best decision, the window left.
    Search {
        key: u64,
        best: Option<u16>,
        window: (i64, i64),
    },
}

/// How a game ends for one side under perfect play.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The side loses.
    Loss,
    /// Neither side wins (or the game is cut short, unfinished).
    Draw,
    /// The side wins.
    Win,
}

/// The value of a position for one side: its verdict, then its margin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value {
    /// Won, drawn or lost.
    pub verdict: Verdict,
    /// The side's final score less the other side's.
    pub margin: i64,
}

/// Margins lie well inside this (a game holds at most 65,535 seeds), so that a
/// value is one integer: the verdict, then the margin.
const VERDICT_STEP: i64 = 1 << 20;

/// How a solve values positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Valuing {
    /// The outcome first, then the margin; positions that differ in their
    /// scores are apart in the table.
    Outcome,
    /// The margin alone, whose sign is the outcome (scores decide it); the
    /// table keeps the margin still to be won, shared by every split of the
    /// scores so far.
    Margin,
}

impl Valuing {
    /// How `game` can be valued: by margin where scores alone decide its
    /// outcome and no rule reads them during play.
    pub fn of(game: &Game) -> Valuing {
        let scored = game
            .end_checks
            .iter()
            .all(|end| end.outcome == EndOutcome::Score && end.check != Check::Majority);
        let score_is_captured = *game.score.tree() == IntExpr::Captured(Box::new(SideExpr::Side));
        match scored && score_is_captured && !game.remembers(Memory::Scores) {
            true => Valuing::Margin,
            false => Valuing::Outcome,
        }
    }

    /// The search's integer for a value.
    fn score(self, value: Value) -> i64 {
        match self {
            Valuing::Outcome => value.score(),
            Valuing::Margin => value.margin,
        }
    }

    /// The value of the search's integer.
    fn value(self, score: i64) -> Value {
        match self {
            Valuing::Outcome => Value::from_score(score),
            Valuing::Margin => Value {
                verdict: match score.signum() {
                    1 => Verdict::Win,
                    0 => Verdict::Draw,
                    _ => Verdict::Loss,
                },
                margin: score,
            },
        }
    }
}

impl Value {
    fn score(self) -> i64 {
        let rank = match self.verdict {
            Verdict::Loss => -1,
            Verdict::Draw => 0,
            Verdict::Win => 1,
        };
        rank * VERDICT_STEP + self.margin
    }

    fn from_score(score: i64) -> Value {
        let rank = (score + VERDICT_STEP / 2).div_euclid(VERDICT_STEP);
        let verdict = match rank {
            r if r < 0 => Verdict::Loss,
            0 => Verdict::Draw,
            _ => Verdict::Win,
        };
        Value {
            verdict,
            margin: score - rank * VERDICT_STEP,
        }
    }

    /// The same outcome seen from the other side.
    pub fn for_other(self) -> Value {
        Value::from_score(-self.score())
    }
}

/// What a solve is allowed.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Bytes the tables may take, shared by every thread (16 an entry of the
    /// transposition table).
    pub memory: usize,
    /// Positions the search may examine before it gives up (all threads
    /// together, counted every `CHECK_EVERY` positions).
    pub positions: u64,
    /// Threads solving (at least one, at most one a decision at the start),
    /// sharing the tables: valuing every decision, each takes the next one
    /// left; valuing the best, all search the start until one finds its
    /// value, then each tests the next decision left against it.
    pub threads: usize,
    /// The longest line searched, in decisions (at most `MAX_LINE`): each is
    /// a level of recursion on the thread's stack.
    pub line: usize,
    /// Which decisions at the start get their exact values.
    pub valued: Valued,
}

/// Which decisions at the start a solve values exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Valued {
    /// Every one (threads share them out).
    Every,
    /// Only the best: the start's value is found first, then each decision
    /// is tested against it, those that fall short being only "worse".
    /// Several times faster than `Every` where the decisions differ (the
    /// search proves bounds of the others, not their values).
    Best,
}

/// How a solve finds its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Alpha-beta to the end of every line (the module's text).
    Search,
    /// Every reachable position listed and valued from the ends back
    /// (`retrograde`): exact where seeds can go round for ever.
    Retrograde,
}

/// Which method a solve uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Only this one.
    Only(Method),
    /// The search, then, where it could not prove its value and retrograde
    /// analysis applies (`retrograde::applies`), retrograde analysis.
    Auto,
}

/// The exact value of a position and of each decision there.
#[derive(Clone, Debug)]
pub struct Solution {
    /// How the values were found.
    pub method: Method,
    /// The side to move, whose value this is.
    pub to_move: Side,
    /// How positions were valued.
    pub valuing: Valuing,
    /// The value under perfect play.
    pub value: Value,
    /// Each legal decision and the value it leads to for the side to move,
    /// best first (with `Valued::Best`, the best only).
    pub decisions: Vec<(Decision, Value)>,
    /// With `Valued::Best`, the other decisions, in board order: each proved
    /// worse than the best, its value not sought.
    pub worse: Vec<Decision>,
    /// Positions examined.
    pub positions: u64,
    /// Lines cut short by the turn limit (their value holds for that limit only).
    pub turn_limit_met: u64,
    /// Positions met again along a line (valued as drawn): the value is not
    /// proven where there were any.
    pub repeats_met: u64,
    /// Why retrograde analysis, tried where the search could not prove its
    /// value (`Choice::Auto`), gave none (the search's value stands).
    pub retrograde_failed: Option<SolveError>,
    /// How long the search took.
    pub elapsed: Duration,
}

impl Solution {
    /// Whether the value is the game's under its rules as written, with
    /// nothing taken on assumption (no position met again along a line of a
    /// game that checks no repetition).
    pub fn proven(&self) -> bool {
        self.repeats_met == 0
    }
}

/// The longest line the search follows, in decisions: each is a level of
/// recursion, which `SEARCH_STACK` has room for.
pub const MAX_LINE: usize = 100_000;

/// The stack the search runs on (committed only as it is used).
const SEARCH_STACK: usize = 1 << 30;

/// Why a position could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The game is already over there.
    #[error("the game is over in this position: there is nothing to solve")]
    GameOver,
    /// The search examined more positions than it was allowed.
    #[error(
        "more than {0} positions examined without an answer; allow more with --positions, or solve a smaller option"
    )]
    TooManyPositions(u64),
    /// The deadline passed before an answer.
    #[error("the time allowed ran out before an answer")]
    OutOfTime,
    /// A line went deeper than the budget's `line` decisions.
    #[error("a line of more than {0} decisions; lower --max-turns")]
    TooDeep(usize),
    /// Retrograde analysis was asked of a game whose values depend on more
    /// than the positions: its rules read the turns played, or an end check
    /// looks for a repetition (the search values those exactly).
    #[error(
        "retrograde analysis lists positions without the turns played or the line that reached them, \
         and this game's rules read the turns or end at a repetition: solve it with --method search"
    )]
    RetrogradeDoesNotApply,
    /// The positions reachable do not fit in the memory allowed (retrograde
    /// analysis lists them all).
    #[error(
        "more than {positions} positions are reachable, which do not fit in {memory} bytes; allow more with --memory, or solve a smaller option"
    )]
    NoRoomForPositions {
        /// Positions listed when the memory ran out.
        positions: u64,
        /// The memory allowed, in bytes.
        memory: usize,
    },
    /// The budget leaves no room for a transposition table, or the system
    /// cannot give that much memory.
    #[error(
        "no table of {0} bytes: it must hold at least 16 KiB, and the system must be able to give it"
    )]
    NoMemory(usize),
    /// An endgame database was asked of a game that keeps no endgame table.
    #[error(
        "this game keeps no endgame table: its positions are not valued by the margin still to win alone, or a capture gives seeds back"
    )]
    NoEndgameTable,
    /// An endgame database would not fit.
    #[error(
        "an endgame database of positions with up to {most_seeds} seeds on the board would take more than half the memory allowed ({memory} bytes); allow more with --memory, or ask for fewer seeds"
    )]
    EndgameTooLarge {
        /// The most seeds on the board asked for.
        most_seeds: u32,
        /// The memory allowed, in bytes.
        memory: usize,
    },
    /// The values of an endgame database's positions would not fit its
    /// table's bytes.
    #[error(
        "an endgame database holds positions of at most 126 seeds, on the board ({most_seeds} asked for) and in hand ({in_hand}): ask for fewer seeds"
    )]
    EndgameTooManySeeds {
        /// The most seeds on the board asked for.
        most_seeds: u32,
        /// The seeds in hand at the start.
        in_hand: u32,
    },
    /// Building an endgame database met values that depend on the line.
    #[error(
        "building the endgame database met {repeats} positions again along a line and {turn_limit} lines cut by the turn limit: its values would depend on the line, so it is not built"
    )]
    EndgameNotExact {
        /// Positions met again along a line.
        repeats: u64,
        /// Lines cut short by the turn limit.
        turn_limit: u64,
    },
    /// An endgame database was given to a solve of another game, options,
    /// limits or start.
    #[error("the endgame database is not of this game, its options, limits and start")]
    EndgameMismatch,
}

/// How far a solve has gone, reported every `REPORT_EVERY` positions.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The decision at the start being solved (from 0), and how many there
    /// are; `None` while the start itself is (`Valued::Best`).
    pub decision: Option<(usize, usize)>,
    /// What the searches so far have proved of its value for the side to move
    /// at the start: at least the first, at most the second (none: unbounded).
    pub between: (Option<Value>, Option<Value>),
    /// Positions examined so far.
    pub positions: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
    /// Decisions at the start whose values are known.
    pub solved: usize,
}

impl Progress {
    /// A rough estimate of the time left: the decisions not yet solved, at
    /// the pace of those solved (decisions differ in cost, often by far).
    /// `None` before the first is solved.
    pub fn left(&self) -> Option<Duration> {
        let (solved, count) = (self.solved as u32, self.decision?.1 as u32);
        (solved > 0).then(|| self.elapsed * count.saturating_sub(solved) / solved)
    }
}

/// Positions examined between two progress reports.
pub const REPORT_EVERY: u64 = 1 << 22;

/// Positions examined between two looks at the deadline (a divisor of
/// `REPORT_EVERY`).
const CHECK_EVERY: u64 = 1 << 14;

/// Solves the position of `state` (a game in progress, played with room for
/// `N` cells), on a thread of its own whose stack holds `MAX_LINE` levels.
pub fn solve<const N: usize>(
    state: &GameState<'_, N>,
    budget: Budget,
) -> Result<Solution, SolveError> {
    solve_reporting(state, budget, |_| {})
}

/// `solve`, giving up once `deadline` has passed.
pub fn solve_until<const N: usize>(
    state: &GameState<'_, N>,
    budget: Budget,
    deadline: Deadline,
) -> Result<Solution, SolveError> {
    workers::solve_decisions(state, (budget, None), deadline, Box::new(|_| {}))
}

/// `solve`, telling `report` how far it has gone now and then.
pub fn solve_reporting<const N: usize>(
    state: &GameState<'_, N>,
    budget: Budget,
    report: impl FnMut(Progress) + Send,
) -> Result<Solution, SolveError> {
    workers::solve_decisions(state, (budget, None), Deadline::none(), Box::new(report))
}

/// `solve_reporting` by the method `choice` says, giving up once `deadline`
/// has passed; the search starts with the endgame table `database` holds,
/// where given (which must be of this game and start: `EndgameDatabase`).
pub fn solve_by<const N: usize>(
    state: &GameState<'_, N>,
    (budget, database): (Budget, Option<EndgameDatabase>),
    choice: Choice,
    deadline: Deadline,
    report: impl FnMut(Progress) + Send,
) -> Result<Solution, SolveError> {
    let retrograde = || retrograde::solve(state, budget, deadline.clone());
    let search = |database| {
        workers::solve_decisions(
            state,
            (budget, database),
            deadline.clone(),
            Box::new(report),
        )
    };
    match choice {
        Choice::Only(Method::Retrograde) => retrograde(),
        Choice::Only(Method::Search) => search(database),
        Choice::Auto => {
            let searched = search(database)?;
            if searched.proven() || !retrograde::applies(state) {
                return Ok(searched);
            }
            match retrograde() {
                Ok(listed) => Ok(listed),
                Err(error) => Ok(Solution {
                    retrograde_failed: Some(error),
                    ..searched
                }),
            }
        }
    }
}

/// Why a search stopped short.
#[derive(Debug)]
enum Stop {
    /// It could not go on: the solve fails.
    Failed(SolveError),
    /// Another thread found the start's value, which this one was searching
    /// for (valuing the best decisions alone): it goes on with what is left.
    Overtaken,
}

impl From<SolveError> for Stop {
    fn from(error: SolveError) -> Stop {
        Stop::Failed(error)
    }
}

/// Where a solve stands at its start, for progress reports.
struct Root {
    decision: Option<(usize, usize)>,
    /// The bounds proved so far of the decision's value, as search integers.
    between: (i64, i64),
}

/// The order a thread tries decisions its ordering ranks alike: threads
/// solving the same position try them in different orders, so that they
/// find different parts of the tables first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ties {
    /// In board order.
    BoardOrder,
    /// In the reverse.
    Reversed,
}

impl Ties {
    /// The ties of the `thread`-th thread of a solve (from 0).
    fn of_thread(thread: usize) -> Ties {
        match thread % 2 {
            0 => Ties::BoardOrder,
            _ => Ties::Reversed,
        }
    }

    /// The index of the `i`-th of `count` decisions tried in this order.
    fn nth(self, i: usize, count: usize) -> usize {
        match self {
            Ties::BoardOrder => i,
            Ties::Reversed => count - 1 - i,
        }
    }
}

/// Whether a value of `game` is known to lie within the seeds still in play
/// of the scores so far: valued by margin, where no capture gives seeds back.
fn bounded(game: &Game) -> bool {
    Valuing::of(game) == Valuing::Margin && game.captures.iter().all(|c| c.spare.is_none())
}

/// One thread's search: the line being searched, its counts, and the tables it
/// shares with the solve's other threads.
struct Search<'s, 'r> {
    valuing: Valuing,
    keys: Keys,
    /// Whether a value is known to lie within the seeds still in play of the
    /// scores so far (valuing by margin, where no capture gives seeds back).
    bounded: bool,
    /// The transposition table and, where `bounded`, the endgame table of the
    /// positions with the fewest seeds, shared by the solve's threads.
    tables: &'s Tables<'s>,
    /// Places in the endgame table of the positions on the line being
    /// searched whose values this thread is finding.
    entered: Vec<usize>,
    /// The order this thread tries decisions its ordering ranks alike.
    ties: Ties,
    /// Whether a position sown is looked up in the tables before a turn is
    /// settled there (`known_after`): no repetition is checked.
    reads_sown: bool,
    /// The turn limit (GEN-11): a position of this turn or later ends the
    /// game, whatever the tables hold.
    last_turn: u32,
    /// Keys of the positions on the line from the root, to meet repeats.
    line: Vec<u64>,
    /// Lists of decisions in search order, one in use for each position on
    /// the line (kept to be reused).
    orders: Vec<Vec<usize>>,
    /// Lists of decisions' values read ahead (`read_ahead`), kept to be reused.
    ahead: Vec<Vec<Option<i64>>>,
    /// The endgame table's places of the decisions read ahead (reused).
    places: Vec<Option<usize>>,
    positions: u64,
    most_positions: u64,
    most_line: usize,
    turn_limit_met: u64,
    repeats_met: u64,
    root: Root,
    shared: &'s Shared<'r>,
    deadline: Deadline,
}

impl<'s, 'r> Search<'s, 'r> {
    /// A search from `start`'s position in the solve's `tables`.
    fn new<const N: usize>(
        start: &GameState<'_, N>,
        budget: Budget,
        deadline: Deadline,
        (shared, tables): (&'s Shared<'r>, &'s Tables<'s>),
        ties: Ties,
    ) -> Search<'s, 'r> {
        let game = start.game();
        let valuing = Valuing::of(game);
        Search {
            valuing,
            keys: Keys::new(game, valuing, start.position()),
            bounded: bounded(game),
            tables,
            entered: Vec::new(),
            ties,
            reads_sown: !game.tracks_repetition(),
            last_turn: game.limits().turns,
            line: Vec::new(),
            orders: Vec::new(),
            ahead: Vec::new(),
            places: Vec::new(),
            positions: 0,
            most_positions: budget.positions,
            most_line: budget.line.min(MAX_LINE),
            turn_limit_met: 0,
            repeats_met: 0,
            root: Root {
                decision: None,
                between: (-i64::MAX, i64::MAX),
            },
            shared,
            deadline,
        }
    }

    /// The key `state` has on the line being searched.
    fn line_key<const N: usize>(&self, state: &GameState<'_, N>) -> u64 {
        self.keys.key(state.position()) ^ state.history_key()
    }

    /// Counts a position examined, stopping past the budget's positions.
    #[inline]
    fn examine(&mut self) -> Result<(), Stop> {
        self.positions += 1;
        if self.positions > self.most_positions {
            return Err(SolveError::TooManyPositions(self.most_positions).into());
        }
        if self.positions.is_multiple_of(CHECK_EVERY) {
            self.now_and_then()?;
        }
        Ok(())
    }

    /// Every `CHECK_EVERY` positions: stops past the deadline, and reports
    /// progress every `REPORT_EVERY`.
    #[cold]
    fn now_and_then(&mut self) -> Result<(), Stop> {
        if let Some(error) = self.shared.failed.get() {
            return Err(error.clone().into());
        }
        if self.deadline.passed() {
            return Err(SolveError::OutOfTime.into());
        }
        if self.root.decision.is_none() && self.shared.start_value.get().is_some() {
            return Err(Stop::Overtaken);
        }
        let examined = self
            .shared
            .examined
            .fetch_add(CHECK_EVERY, Ordering::Relaxed);
        if examined + CHECK_EVERY > self.most_positions {
            return Err(SolveError::TooManyPositions(self.most_positions).into());
        }
        if self.positions.is_multiple_of(REPORT_EVERY) {
            self.report_progress(examined + CHECK_EVERY);
        }
        Ok(())
    }

    /// Tells the caller how far the solve has gone.
    fn report_progress(&self, positions: u64) {
        let known = |bound: i64| (bound.abs() != i64::MAX).then(|| self.valuing.value(bound));
        let progress = Progress {
            decision: self.root.decision,
            between: (known(self.root.between.0), known(self.root.between.1)),
            positions,
            elapsed: self.shared.started.elapsed(),
            solved: self.shared.solved.load(Ordering::Relaxed),
        };
        // A thread that panicked while reporting leaves the others to report.
        if let Ok(mut report) = self.shared.report.lock() {
            report(progress);
        }
    }

    /// The exact value of `state` for `side`, by MTD(f): searches with null
    /// windows from `guess`, each narrowing the bounds the value lies within
    /// (the table keeps what each learned for the next).
    fn exact<'g, const N: usize>(
        &mut self,
        side: Side,
        state: &GameState<'g, N>,
        guess: i64,
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        let (mut lower, mut upper) = (-i64::MAX, i64::MAX);
        let mut value = guess;
        while lower < upper {
            let beta = if value == lower { value + 1 } else { value };
            value = self.value_from(side, state, (beta - 1, beta), spares)?;
            match value < beta {
                true => upper = value,
                false => lower = value,
            }
            self.root.between = (lower, upper);
        }
        Ok(value)
    }

    /// The value of `state` for `side` (which need not be the side to move),
    /// searched within the window (`alpha`, `beta`) for that side; children
    /// are expanded into `spares` (states whose lists are reused).
    fn value_from<'g, const N: usize>(
        &mut self,
        side: Side,
        state: &GameState<'g, N>,
        (alpha, beta): (i64, i64),
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        if state.outcome().is_some() || state.position().to_move == side {
            let value = self.negamax(state, (alpha, beta), spares)?;
            return Ok(self.side_value(side, state, value));
        }
        Ok(-self.negamax(state, (-beta, -alpha), spares)?)
    }

    /// A value for the side to move (or, once over, for `to_move` as it stands)
    /// turned to `side`'s.
    fn side_value<const N: usize>(&self, side: Side, state: &GameState<'_, N>, value: i64) -> i64 {
        match state.position().to_move == side {
            true => value,
            false => -value,
        }
    }

    /// Negamax with alpha-beta: the value of `state` for its side to move,
    /// within the window (`alpha`, `beta`), failing soft.
    fn negamax<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        window: (i64, i64),
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        self.examine()?;
        let mover = state.position().to_move;
        if let Some(outcome) = state.outcome() {
            return Ok(self.final_score(mover, outcome, state.position()));
        }
        // What the tables keep is relative to the scores so far (`Margin`).
        let so_far = self.so_far(mover, state.position());
        // A position whose value depends on the line that reached it (an
        // earlier turn start may recur, GEN-10) is kept with what it depends on.
        let history = state.history_key();
        if let Some(place) = self
            .endgame_place(state.position())
            .filter(|_| history == 0)
        {
            return Ok(so_far + self.endgame_value(state, place, spares)?);
        }
        let (key, best, window) = match self.probe(state.position(), so_far, window, history)? {
            Probe::Known(value) => return Ok(value),
            Probe::Search { key, best, window } => (key, best, window),
        };
        let examined_before = self.positions;
        let (value, best) = self.children(state, key, best, window, spares)?;
        let bound = match value {
            v if v <= window.0 => Bound::Upper,
            v if v >= window.1 => Bound::Lower,
            _ => Bound::Exact,
        };
        // A value found below a repeat depends on the line: it is kept all the
        // same, as the solution already says it is not proven.
        let examined = self.positions - examined_before;
        self.tables
            .table
            .put(key, value - so_far, bound, best, examined);
        Ok(value)
    }

    /// The score of a finished game for `mover`, noting a line cut by the
    /// turn limit. (A repetition, GEN-10, ends it as the rules say: positions
    /// whose value depends on the line are kept in no table.)
    fn final_score<const N: usize>(
        &mut self,
        mover: Side,
        outcome: &Outcome,
        position: &Position<N>,
    ) -> i64 {
        if outcome.reason == Reason::TurnLimit {
            self.turn_limit_met += 1;
        }
        match (self.valuing, outcome.status) {
            // Unfinished: drawn, whatever the seeds.
            (Valuing::Margin, Status::Unfinished) => 0,
            (valuing, status) => valuing.score(final_value(mover, status, position)),
        }
    }

    /// What is known of a position in progress before its decisions are
    /// searched: a value the seeds in play or the table settle, a repeat along
    /// the line (valued as drawn), or the window narrowed by the table.
    fn probe<const N: usize>(
        &mut self,
        position: &Position<N>,
        so_far: i64,
        (mut alpha, mut beta): (i64, i64),
        history: u64,
    ) -> Result<Probe, Stop> {
        if self.bounded {
            // No more than the seeds still in play can change hands.
            let left = i64::from(position.seeds_on_board() + position.seeds_in_hand());
            if alpha >= so_far + left {
                return Ok(Probe::Known(so_far + left));
            }
            if beta <= so_far - left {
                return Ok(Probe::Known(so_far - left));
            }
        }
        if self.line.len() + self.entered.len() >= self.most_line {
            return Err(SolveError::TooDeep(self.most_line).into());
        }
        let key = self.keys.key(position) ^ history;
        if self.line.contains(&key) {
            self.repeats_met += 1;
            return Ok(Probe::Known(0));
        }
        let Some(entry) = self.tables.table.get(key) else {
            let window = (alpha, beta);
            return Ok(Probe::Search {
                key,
                best: None,
                window,
            });
        };
        let (lower, upper) = (
            entry.lower.map(|v| v + so_far),
            entry.upper.map(|v| v + so_far),
        );
        match (lower, upper) {
            (Some(lower), _) if lower >= beta => return Ok(Probe::Known(lower)),
            (_, Some(upper)) if upper <= alpha => return Ok(Probe::Known(upper)),
            (Some(lower), Some(upper)) if lower == upper => return Ok(Probe::Known(lower)),
            _ => {}
        }
        alpha = lower.map_or(alpha, |lower| alpha.max(lower));
        beta = upper.map_or(beta, |upper| beta.min(upper));
        let (best, window) = (Some(entry.best), (alpha, beta));
        Ok(Probe::Search { key, best, window })
    }

    /// The best value of `state`'s decisions for its side to move, searched
    /// best first within `window` until one reaches `beta`, and the decision.
    fn children<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        key: u64,
        best: Option<u16>,
        window: (i64, i64),
        spares: &mut Spares<'g, N>,
    ) -> Result<(i64, usize), Stop> {
        self.line.push(key);
        let mut child = spares.pop().unwrap_or_else(|| Box::new(state.clone()));
        let found = self.children_in_order(state, best, window, &mut child, spares);
        self.line.pop();
        spares.push(child);
        found
    }

    /// `children`, each searched in `child`. The table's best decision is
    /// sown and searched alone first: where it reaches `beta`, as it mostly
    /// does, the others are never sown.
    fn children_in_order<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        best: Option<u16>,
        (mut alpha, beta): (i64, i64),
        child: &mut GameState<'g, N>,
        spares: &mut Spares<'g, N>,
    ) -> Result<(i64, usize), Stop> {
        let mover = state.position().to_move;
        // A game in progress has a decision at every turn start (a side with
        // none passes or the game ends).
        debug_assert!(
            state.legal().len() > 0,
            "a position in progress with no decision"
        );
        let first = best.map(usize::from).filter(|&b| b < state.legal().len());
        let mut found = (-i64::MAX, first.unwrap_or(0));
        if let Some(first) = first {
            found.0 = self.child_value(mover, state, first, (alpha, beta), child, spares)?;
            alpha = alpha.max(found.0);
            if alpha >= beta {
                return Ok(found);
            }
        }
        let mut order = self.orders.pop().unwrap_or_default();
        self.order(state, best, &mut order);
        let rest = order.iter().filter(|&&index| Some(index) != first);
        for &index in rest {
            let value = match self.child_value(mover, state, index, (alpha, beta), child, spares) {
                Ok(value) => value,
                Err(error) => {
                    self.orders.push(order);
                    return Err(error);
                }
            };
            if value > found.0 || found.0 == -i64::MAX {
                found = (value, index);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.orders.push(order);
        Ok(found)
    }

    /// The value for `mover` of `state`'s `index`-th decision within
    /// `window`: read from the tables where they know it, else searched in
    /// `child`.
    fn child_value<'g, const N: usize>(
        &mut self,
        mover: Side,
        state: &GameState<'g, N>,
        index: usize,
        window: (i64, i64),
        child: &mut GameState<'g, N>,
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        let next = state.successor(index);
        if let Some(value) = self.known_after(mover, next.position(), window)? {
            return Ok(value);
        }
        next.settle_into(child);
        self.value_from(mover, child, window, spares)
    }

    /// The value for `mover` of a decision's position `next`, as sown, where
    /// it is known without settling a turn there (a state made, its decisions
    /// listed), within `window` for `mover` as a search of it would find it:
    /// from the endgame table, the seeds still in play or the transposition
    /// table. Where no repetition is checked, how a turn settles depends on
    /// the position alone but for the turn limit, checked here; a position
    /// the tables hold was settled once and went on.
    fn known_after<const N: usize>(
        &mut self,
        mover: Side,
        next: &Position<N>,
        (alpha, beta): (i64, i64),
    ) -> Result<Option<i64>, Stop> {
        if !self.readable_sown(next) {
            return Ok(None);
        }
        let same = next.to_move == mover;
        let window = if same { (alpha, beta) } else { (-beta, -alpha) };
        let so_far = self.so_far(next.to_move, next);
        let value = match self.endgame_known(next) {
            Some(Known::Value(margin)) => so_far + margin,
            Some(_) => return Ok(None),
            None => match self.probe(next, so_far, window, 0)? {
                Probe::Known(value) => value,
                Probe::Search { .. } => return Ok(None),
            },
        };
        self.examine()?;
        Ok(Some(if same { value } else { -value }))
    }

    /// Whether a decision's position `next`, as sown, may be read in the
    /// tables before a turn is settled there (`known_after`).
    fn readable_sown<const N: usize>(&self, next: &Position<N>) -> bool {
        // At the line's limit, only a settled child tells a game over (valued)
        // from one going on (too deep).
        let at_limit = self.line.len() + self.entered.len() >= self.most_line;
        self.reads_sown && next.turn < self.last_turn && !at_limit
    }

    /// What the endgame table holds of `position`, if it has a place there.
    fn endgame_known<const N: usize>(&self, position: &Position<N>) -> Option<Known> {
        let place = self.endgame_place(position)?;
        self.tables
            .endgame
            .as_ref()
            .map(|endgame| endgame.get(place))
    }

    /// The place of a position in `endgame`, if it has one: few enough
    /// seeds, and the start's rest (hands, claims, ...).
    fn endgame_place<const N: usize>(&self, position: &Position<N>) -> Option<usize> {
        let endgame = self.tables.endgame.as_ref()?;
        endgame.place(&position.counts, position.to_move, || {
            self.keys.rests_as_start(position)
        })
    }

    /// The exact margin still to be won by the side to move of `state`, which
    /// has `place` in `endgame`: kept, or found from every decision's exact
    /// value and kept.
    fn endgame_value<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        place: usize,
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        let tables = self.tables;
        let endgame = tables
            .endgame
            .as_ref()
            .expect("a place in the endgame table");
        match endgame.get(place) {
            Known::Value(value) => return Ok(value),
            Known::OnLine if self.entered.contains(&place) => {
                self.repeats_met += 1;
                return Ok(0);
            }
            // Another thread is finding it: this one finds it too rather than
            // wait, and both keep the same value.
            Known::OnLine | Known::Unknown => {}
        }
        if self.line.len() + self.entered.len() >= self.most_line {
            return Err(SolveError::TooDeep(self.most_line).into());
        }
        let marked = endgame.enter(place);
        if !marked && let Known::Value(value) = endgame.get(place) {
            // Found by another thread since it was read.
            return Ok(value);
        }
        self.entered.push(place);
        let value = self.best_of_all(state, spares);
        self.entered.pop();
        match value {
            Ok(value) => endgame.put(place, value),
            Err(_) if marked => endgame.leave(place),
            Err(_) => {}
        }
        value
    }

    /// The margin still to be won by the side to move of `state` under perfect
    /// play, from every decision's exact value (searched with no window) until
    /// one wins every seed left.
    fn best_of_all<'g, const N: usize>(
        &mut self,
        state: &GameState<'g, N>,
        spares: &mut Spares<'g, N>,
    ) -> Result<i64, Stop> {
        let position = state.position();
        let mover = position.to_move;
        let so_far = self.so_far(mover, position);
        let most = i64::from(position.seeds_on_board() + position.seeds_in_hand());
        let mut ahead = self.read_ahead(state);
        let mut child = spares.pop().unwrap_or_else(|| Box::new(state.clone()));
        let mut best = -i64::MAX;
        let (ties, count) = (self.ties, state.legal().len());
        for index in (0..count).map(|i| ties.nth(i, count)) {
            let everything = (-i64::MAX, i64::MAX);
            let value = match ahead.get(index).copied().flatten() {
                Some(value) => self.examine().map(|()| value),
                None => self.child_value(mover, state, index, everything, &mut child, spares),
            };
            match value {
                Ok(value) => best = best.max(value),
                Err(error) => {
                    spares.push(child);
                    return Err(error);
                }
            }
            if best - so_far >= most {
                break;
            }
        }
        spares.push(child);
        ahead.clear();
        self.ahead.push(ahead);
        Ok(best - so_far)
    }

    /// The value for the side to move of each of `state`'s decisions that
    /// the endgame table holds, read before any is used, as all are: the
    /// table is read at random, and reads made together wait for memory
    /// together.
    fn read_ahead<const N: usize>(&mut self, state: &GameState<'_, N>) -> Vec<Option<i64>> {
        let mut ahead = self.ahead.pop().unwrap_or_default();
        let Some(endgame) = &self.tables.endgame else {
            return ahead;
        };
        let successors = state.successors();
        let mut places = std::mem::take(&mut self.places);
        places.extend(successors.iter().map(|next| {
            self.endgame_place(next)
                .filter(|_| self.readable_sown(next))
        }));
        // Every place first, then every read, so that nothing comes between.
        ahead.extend(
            places
                .iter()
                .map(|place| match place.map(|p| endgame.get(p)) {
                    Some(Known::Value(margin)) => Some(margin),
                    _ => None,
                }),
        );
        let mover = state.position().to_move;
        for (slot, next) in ahead.iter_mut().zip(successors) {
            *slot = slot.map(|margin| {
                let value = self.so_far(next.to_move, next) + margin;
                if next.to_move == mover { value } else { -value }
            });
        }
        places.clear();
        self.places = places;
        ahead
    }

    /// Decisions in the order they are searched: the table's best first, then
    /// those that let the mover move again, then the largest gains.
    fn order<const N: usize>(
        &self,
        state: &GameState<'_, N>,
        best: Option<u16>,
        order: &mut Vec<usize>,
    ) {
        let mover = state.position().to_move;
        let successors = state.successors();
        order.clear();
        order.extend(0..successors.len());
        let rank = |i: usize| {
            let next = &successors[i];
            let again = next.to_move == mover;
            let gain = i64::from(next.captured[mover.index()])
                - i64::from(next.captured[mover.other().index()]);
            let tie = match self.ties {
                Ties::BoardOrder => usize::MAX - i,
                Ties::Reversed => i,
            };
            (best == Some(i as u16), again, gain, tie)
        };
        order.sort_by_key(|&i| std::cmp::Reverse(rank(i)));
    }

    /// What `mover`'s value already holds of the scores (valuing by margin:
    /// its lead; otherwise nothing, the table keeping whole values).
    fn so_far<const N: usize>(&self, mover: Side, position: &Position<N>) -> i64 {
        match self.valuing {
            Valuing::Outcome => 0,
            Valuing::Margin => {
                let [own, other] =
                    [mover, mover.other()].map(|s| i64::from(position.captured[s.index()]));
                own - other
            }
        }
    }
}

/// The value of a finished game for `side`.
fn final_value<const N: usize>(side: Side, status: Status, position: &Position<N>) -> Value {
    let verdict = match status {
        Status::Draw | Status::Unfinished => Verdict::Draw,
        Status::SouthWon | Status::NorthWon if status == Status::won_by(side) => Verdict::Win,
        _ => Verdict::Loss,
    };
    let own = i64::from(position.captured[side.index()]);
    let other = i64::from(position.captured[side.other().index()]);
    Value {
        verdict,
        margin: own - other,
    }
}
