//! The generic rules engine: one move sown lap by lap with relays and captures,
//! and the strip decisions that a capture may owe. Nothing here knows a game.

use crate::language::expr::{BoolExpr, Compiled, Env, HoleExpr, Scope};
use crate::rules::board::{Board, Direction, Hole, HoleSet, Side};
use crate::rules::decision::{Decision, Declined};
use crate::rules::game::{Capture, CaptureTime, Game, Target};
use crate::rules::position::{AnyPosition, Pending, Position, PreviousMove};
use crate::rules::work::MAX_MOVE_WORK;

/// Why a candidate move is not legal although the mover may start from its hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotLegal {
    /// The sowing did not end within the lap limit (GEN-7), or could drop no seed.
    Endless,
    /// The move would do more than `work::MAX_MOVE_WORK` (GEN-7).
    TooMuchWork,
    /// The position after the move fails the game's `after` condition.
    FailsAfter,
}

/// What an expression reads during a move from `start` (outside a move, `None`:
/// the position is its own start).
pub(crate) fn scope<'a>(
    game: &'a Game,
    position: &'a AnyPosition,
    start: Option<&'a AnyPosition>,
    env: Env,
) -> Scope<'a> {
    Scope {
        board: &game.board,
        position,
        before: start.unwrap_or(position),
        env,
    }
}

/// How well the position `after` that a legal move `decision` led to from
/// `start` does by the game's `prefer` (larger is better; 0 without one), which
/// reads the mover, its opponent, the move's origin and both positions (no turn
/// counters: in `after` the turn is over). Kept out of line: few games prefer.
#[inline(never)]
pub(crate) fn preference(
    game: &Game,
    start: &AnyPosition,
    after: &AnyPosition,
    decision: Decision,
) -> i64 {
    let Some(prefer) = &game.moves.prefer else {
        return 0;
    };
    let mut env = Env::new(start.to_move);
    env.origin = decision.hole;
    prefer.value(&mut scope(game, after, Some(start), env))
}

/// Whether the side to move plays from its hand this turn (`[hand]`): it holds
/// seeds and the game's `when` holds.
#[inline(always)]
pub(crate) fn plays_from_hand(game: &Game, position: &AnyPosition) -> bool {
    let Some(hand) = &game.hand else {
        return false;
    };
    let mover = position.to_move;
    position.hand[mover.index()] > 0
        && hand
            .when
            .as_ref()
            .is_none_or(|when| when.eval(&mut scope(game, position, None, Env::new(mover))))
}

/// The holes the side to move may consider starting from: its own (a
/// contiguous range, walked without a set), or the game's `[move] holes` (only
/// those on the mover's circuit can be sown from); for a hand move, the holes
/// of `[hand] holes`.
#[inline(always)]
pub(crate) fn candidates(game: &Game, position: &AnyPosition, from_hand: bool) -> Candidates {
    let mover = position.to_move;
    let holes = match from_hand {
        false => &game.moves.holes,
        true => &game.hand.as_ref().expect("a hand move needs [hand]").holes,
    };
    let Some(holes) = holes else {
        if !position.territory.is_empty() {
            return Candidates::Listed(position.holes(&game.board, mover));
        }
        return Candidates::Own(game.board.side_range(mover));
    };
    let mut on_circuit = HoleSet::default();
    let set = holes.eval(&mut scope(game, position, None, Env::new(mover)));
    for hole in set.iter().filter(|&h| game.board.on_circuit(mover, h)) {
        on_circuit.insert(hole);
    }
    Candidates::Listed(on_circuit)
}

/// Appends to `legal` each hole a move of the side to move may start from
/// (`candidates` that `may_start_from`), in board order, as a decision. Where
/// that is any of the mover's own holes with seeds (no `[move] holes` or
/// `from`, no hole closed or changing hands), the commonest case, the holes'
/// counts are read without the general tests.
#[inline(always)]
pub(crate) fn push_starts(game: &Game, position: &AnyPosition, legal: &mut Vec<Decision>) {
    let plain = game.moves.holes.is_none()
        && game.moves.from.is_none()
        && position.closed.is_empty()
        && position.territory.is_empty();
    if !plain {
        for hole in candidates(game, position, false) {
            if may_start_from(game, position, hole) {
                legal.push(Decision::from(hole));
            }
        }
        return;
    }
    let own = game.board.side_range(position.to_move);
    let counts = &position.counts[own.clone()];
    // Every hole is written and only those with seeds are kept: whether a hole
    // is empty is as good as random, and a branch on it was mispredicted about
    // twice a turn in a six-hole row (cachegrind's branch simulation).
    let first = legal.len();
    legal.resize(first + counts.len(), Decision::from(0));
    let slots = &mut legal[first..];
    let mut kept = 0;
    for (hole, &seeds) in own.zip(counts) {
        slots[kept] = Decision::from(hole as Hole);
        kept += usize::from(seeds > 0);
    }
    legal.truncate(first + kept);
}

/// The holes a move may be considered from, in board order.
pub(crate) enum Candidates {
    Own(std::ops::Range<usize>),
    Listed(HoleSet),
}

impl Iterator for Candidates {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        match self {
            Candidates::Own(range) => range.next().map(|h| h as Hole),
            Candidates::Listed(set) => set.pop_first(),
        }
    }
}

/// Whether the side to move may put seeds from its hand into `hole`, one of its
/// `candidates` for a hand move: any open hole for which `[hand] to` holds.
pub(crate) fn may_place(game: &Game, position: &AnyPosition, hole: Hole) -> bool {
    let hand = game.hand.as_ref().expect("a hand move needs [hand]");
    !position.closed.contains(hole)
        && hand.to.as_ref().is_none_or(|to| {
            let mut env = Env::new(position.to_move);
            env.origin = hole;
            to.eval(&mut scope(game, position, None, env))
        })
}

/// Whether the side to move may start a move from `hole`, one of its
/// `candidates` (before GEN-7 is checked).
#[inline(always)]
pub(crate) fn may_start_from(game: &Game, position: &AnyPosition, hole: Hole) -> bool {
    let mover = position.to_move;
    if position.counts[hole as usize] == 0 || position.closed.contains(hole) {
        return false;
    }
    match &game.moves.from {
        None => true,
        Some(condition) => {
            let mut env = Env::new(mover);
            env.origin = hole;
            condition.eval(&mut scope(game, position, None, env))
        }
    }
}

/// The decisions a move from `hole` (which `may_start_from`) offers: one per
/// direction where the mover chooses it (`[move] choose_direction`), else one.
pub(crate) fn moves_from(game: &Game, position: &AnyPosition, hole: Hole) -> MovesFrom {
    let chooses = game.moves.choose_direction.as_ref().is_some_and(|choose| {
        let mut env = Env::new(position.to_move);
        env.origin = hole;
        choose.eval(&mut scope(game, position, None, env))
    });
    let decision = |direction| Decision {
        hole,
        direction,
        declined: Declined::NONE,
    };
    match chooses {
        false => MovesFrom([Some(decision(None)), None]),
        true => MovesFrom([
            Some(decision(Some(Direction::Counterclockwise))),
            Some(decision(Some(Direction::Clockwise))),
        ]),
    }
}

/// One or two decisions, in name order (`ccw` before `cw`).
pub(crate) struct MovesFrom([Option<Decision>; 2]);

impl IntoIterator for MovesFrom {
    type Item = Decision;
    type IntoIter = std::iter::Flatten<std::array::IntoIter<Option<Decision>, 2>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().flatten()
    }
}

/// Whether the move is sown against the game's direction: as the mover chose,
/// else as the game's `[sowing] reverse` says for its origin.
#[inline(always)]
fn sown_reversed(game: &Game, position: &AnyPosition, decision: Decision) -> bool {
    match decision.direction {
        Some(direction) => direction != game.board.direction(),
        None => game.reverse.as_ref().is_some_and(|reverse| {
            let mut env = Env::new(position.to_move);
            env.origin = decision.hole;
            reverse.eval(&mut scope(game, position, None, env))
        }),
    }
}

/// A move seed by seed, for a page to animate: what the hand takes up, where
/// each seed falls, and what captures take. Applied in order to the position
/// before the move (the hand in play starting empty), the steps give exactly
/// the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Seeds lifted from a hole (or a store) into the hand in play (the move's
    /// own, or a relay's).
    Lift { hole: Hole, seeds: u16 },
    /// Seeds taken out of the mover's own hand into the hand in play (`[hand]`
    /// moves).
    FromHand { seeds: u16 },
    /// One seed falls from the hand in play into a hole or a store.
    Drop { cell: Hole },
    /// A capture takes seeds from a hole or a store, to a side's score (`None`:
    /// into the hand in play, to be sown on or put down by the steps after).
    Capture {
        hole: Hole,
        seeds: u16,
        to: Option<Side>,
    },
    /// Seeds from the hand in play put into a hole (a capture's `into`).
    Put { cell: Hole, seeds: u16 },
    /// Seeds from the hand in play to a side's score (a capture's `from_hand`).
    Score { side: Side, seeds: u32 },
    /// Seeds from the hand in play into a side's own hand (`into_hand`).
    ToHand { side: Side, seeds: u16 },
}

/// Where the engine reports the steps of a move. The usual path reports to
/// `()`, which keeps nothing and costs nothing (`ENABLED` false compiles the
/// reporting away, captures included).
pub(crate) trait Trace {
    const ENABLED: bool;
    fn step(&mut self, step: Step);
    /// Whether captures are still to be reported: the position is copied
    /// around each capture call while they are.
    fn wants_captures(&self) -> bool {
        true
    }
}

impl Trace for () {
    const ENABLED: bool = false;
    #[inline(always)]
    fn step(&mut self, _: Step) {}
}

impl Trace for Vec<Step> {
    const ENABLED: bool = true;
    fn step(&mut self, step: Step) {
        self.push(step);
    }
}

/// Reports what a capture call (or the end of a turn) did, from the position
/// before it, as steps that give `after` exactly: seeds taken from stores and
/// holes, then seeds put into holes, into a side's hand, or scored from the
/// hand in play. Only traced moves come here.
#[cold]
pub(crate) fn trace_captures(
    board: &Board,
    trace: &mut impl Trace,
    before: &AnyPosition,
    after: &AnyPosition,
) {
    let owed = traced_takes(board, trace, before, after);
    for (hole, (&was, &is)) in before.counts.iter().zip(&after.counts).enumerate() {
        if is > was {
            trace.step(Step::Put {
                cell: hole as Hole,
                seeds: is - was,
            });
        }
    }
    for side in Side::BOTH {
        let (was, is) = (before.hand[side.index()], after.hand[side.index()]);
        if is > was {
            trace.step(Step::ToHand {
                side,
                seeds: is - was,
            });
        }
        if owed[side.index()] > 0 {
            trace.step(Step::Score {
                side,
                seeds: owed[side.index()] as u32,
            });
        }
    }
}

/// The steps taking seeds from stores and holes, each to the side whose score
/// grew (to its owner where both did; `None`: into the hand in play); gives
/// back what each side's score gained that they do not account for.
fn traced_takes(
    board: &Board,
    trace: &mut impl Trace,
    before: &AnyPosition,
    after: &AnyPosition,
) -> [i64; 2] {
    let score = |p: &AnyPosition, side: Side| i64::from(p.captured[side.index()]);
    let mut owed = Side::BOTH.map(|side| score(after, side) - score(before, side));
    let grew = owed.map(|gain| gain > 0);
    let mut take = |hole: Hole, seeds: i64, owner: Side| {
        let to = match grew {
            [true, false] => Some(Side::South),
            [false, true] => Some(Side::North),
            [false, false] => None,
            [true, true] => Some(owner),
        };
        if let Some(to) = to {
            owed[to.index()] -= seeds;
        }
        let seeds = seeds.clamp(0, i64::from(u16::MAX)) as u16;
        trace.step(Step::Capture { hole, seeds, to });
    };
    // A store handed over: taken as a hole is, to the other side.
    let lost = Side::BOTH.map(|side| score(before, side) - score(after, side));
    for side in Side::BOTH {
        if let (true, Some(store)) = (lost[side.index()] > 0, board.store(side)) {
            take(store, lost[side.index()], side.other());
        }
    }
    for (hole, (&was, &is)) in before.counts.iter().zip(&after.counts).enumerate() {
        if is < was {
            let hole = hole as Hole;
            take(hole, i64::from(was - is), board.owner(hole));
        }
    }
    for side in Side::BOTH {
        if lost[side.index()] > 0 && board.store(side).is_some() {
            owed[side.index()] += lost[side.index()];
        }
    }
    owed
}

/// What a legal move did that its decision alone does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sown {
    /// How many optional captures the move met (each took seeds or was
    /// declined): the move may also be played declining them.
    pub(crate) optional_met: usize,
    /// With `[move] after_by_hole`: the move fails `after`, and is legal only
    /// if another move from its hole meets it.
    pub(crate) fails_after: bool,
}

/// Plays the move `decision` for the side to move: lift, sow lap by lap, relay,
/// capture (the optional captures the decision does not decline); then ends
/// the turn unless the capture owes decisions. When the move is not legal the
/// position is left half-played and must be discarded.
///
/// Precondition: the decision is one of `moves_from(game, position, hole)` for a
/// hole that `may_start_from` (for a hand move, `may_place`); `GameState` is the
/// only caller and asks both first.
///
/// Only a dispatch, inlined: each kind of sowing is a function of its own, so
/// that none pays for another's saved registers.
#[inline(always)]
pub(crate) fn sow<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
) -> Result<Sown, NotLegal> {
    if game.hand.is_some() && plays_from_hand(game, position) {
        return sow_from_hand(game, position, decision);
    }
    if game.rare_sowing {
        return sow_rare(game, position, decision);
    }
    match game.skip.is_some() || !position.closed.is_empty() {
        true => sow_from_board::<N, true>(game, position, decision),
        false => sow_from_board::<N, false>(game, position, decision),
    }
}

/// Which rules a move may meet, fixed when its kind is chosen (`sow`): each
/// plan is compiled apart, so that a move from the board pays nothing for
/// hands, skips, relays or the rarer rules it cannot meet.
pub(crate) trait Plan {
    /// The move sows from the mover's hand (`[hand]`), not from a hole.
    const FROM_HAND: bool;
    /// The rarer rules are asked: claims lost, a relay's `lift` or `optional`,
    /// `lap_board` (`Game::rare_sowing`).
    const RARE: bool;
    /// Holes may be passed over: a `skip`, or holes closed for the round.
    const SKIPS: bool;
    /// A lap may be followed by another: a relay, or lap-end captures
    /// (`laps_follow`).
    const LAPS: bool;
}

/// A move from the board with none of the rarer rules (the commonest).
struct Plain<const SKIPS: bool, const LAPS: bool>;

impl<const SKIPS: bool, const LAPS: bool> Plan for Plain<SKIPS, LAPS> {
    const FROM_HAND: bool = false;
    const RARE: bool = false;
    const SKIPS: bool = SKIPS;
    const LAPS: bool = LAPS;
}

/// A move from the board, every rule asked.
struct General;

impl Plan for General {
    const FROM_HAND: bool = false;
    const RARE: bool = true;
    const SKIPS: bool = true;
    const LAPS: bool = true;
}

/// A move from the mover's hand, every rule asked.
struct FromHand;

impl Plan for FromHand {
    const FROM_HAND: bool = true;
    const RARE: bool = true;
    const SKIPS: bool = true;
    const LAPS: bool = true;
}

/// `sow` for a move from the board with no rarer rule, compiled apart for
/// moves that may skip holes (`SKIPS`: the skip sets cost the other games'
/// sowing loop a few percent in instructions per random game) and for games
/// whose laps may follow one another.
#[inline(never)]
fn sow_from_board<const N: usize, const SKIPS: bool>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
) -> Result<Sown, NotLegal> {
    match laps_follow(game) {
        true => sow_move::<Plain<SKIPS, true>, N, _>(game, position, decision, &mut ()),
        false => sow_move::<Plain<SKIPS, false>, N, _>(game, position, decision, &mut ()),
    }
}

/// Whether a lap may be followed by another: a relay, or lap-end captures
/// (which may re-sow). Games with neither sow a move compiled without them,
/// saving a few percent of instructions per random game.
#[inline(always)]
fn laps_follow(game: &Game) -> bool {
    game.relay.is_some() || game.has_captures_at(CaptureTime::LapEnd)
}

/// The steps of a move (`sow` on a copy of the position, which it leaves as
/// the move leaves it).
pub(crate) fn sow_traced<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
) -> Result<Vec<Step>, NotLegal> {
    let mut steps = Vec::new();
    sow_watched(game, position, decision, &mut steps)?;
    Ok(steps)
}

/// A move with every rule asked, its steps reported to `trace`: a traced
/// move, or a look-ahead watching what it takes (`threats`).
pub(crate) fn sow_watched<const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
    trace: &mut T,
) -> Result<Sown, NotLegal> {
    match game.hand.is_some() && plays_from_hand(game, position) {
        true => sow_move::<FromHand, N, T>(game, position, decision, trace),
        false => sow_move::<General, N, T>(game, position, decision, trace),
    }
}

/// `sow` for a hand move, out of line: games without a hand never come here.
#[inline(never)]
fn sow_from_hand<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
) -> Result<Sown, NotLegal> {
    sow_move::<FromHand, N, _>(game, position, decision, &mut ())
}

/// `sow` for a game whose moves may lose claims or meet a relay's `lift` or
/// `optional`, out of line: the checks cost the other games' sowing loop
/// several percent (instructions per random game) even where they never hold.
#[inline(never)]
fn sow_rare<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
) -> Result<Sown, NotLegal> {
    sow_move::<General, N, _>(game, position, decision, &mut ())
}

/// The move, as its plan `P` allows (reference: "Sowing", "Relay",
/// "Captures"): the first hand lifted, then lap after lap, each followed by a
/// re-sowing capture or a relay while there is one, then the end of the
/// sowing and of the turn.
#[inline(always)]
fn sow_move<P: Plan, const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    decision: Decision,
    trace: &mut T,
) -> Result<Sown, NotLegal> {
    let reversed = sown_reversed(game, position, decision);
    // Kept only where some rule reads the position at the start of the move.
    let start_copy = game.reads_before.then_some(*position);
    let start = start_copy.as_deref();
    let (mut env, mut options) = Sowing::<P, N, T>::env(position.to_move, decision, reversed);
    let skips = skipped_holes(game, position, decision.hole);
    let state = (&mut env, &mut options, &skips);
    let mut sowing = Sowing::<P, N, T>::new(game, position, start, state, reversed, trace);
    let lifted = sowing.lift()?;
    loop {
        sowing.sow_lap()?;
        if !P::LAPS {
            break;
        }
        if sowing.resow_at_lap_end()? {
            continue;
        }
        if !sowing.relay()? {
            break;
        }
    }
    sowing.finish(lifted, reversed)
}

/// The holes a move from `origin` passes over: those closed for the round,
/// and (with them) a skip tabulated at load; any other skip is asked at each
/// drop.
#[inline(always)]
fn skipped_holes(game: &Game, position: &AnyPosition, origin: Hole) -> HoleSet {
    match game.skip_table.as_ref() {
        Some(table) => position.closed.union(table.get(position.to_move, origin)),
        None => position.closed,
    }
}

/// How one move drops its seeds, worked out once for the move.
struct Drops<'a> {
    /// Captures are asked after every seed (`at = "drop"`).
    per_drop: bool,
    /// Captures are asked as each lap's hand is lifted (`at = "lift"`).
    at_lift: bool,
    /// Captures are asked as each lap ends (`at = "lap_end"`).
    at_lap_end: bool,
    /// The holes passed over for the whole move: those closed for the round,
    /// and a skip tabulated at load (a local of `sow_move`'s: a set held here
    /// would keep the move's state out of registers).
    skips: &'a HoleSet,
    /// A skip asked at each drop (one that could not be tabulated).
    skip_asked: Option<&'a Compiled<BoolExpr>>,
    /// Whether any hole may be passed over.
    may_skip: bool,
    /// How many holes a hand can pass over in a row before it is endless.
    circuit_length: usize,
}

/// How a lap drops its seeds, chosen once for the move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LapKind {
    /// Nothing to ask at each drop: seeds only go round the circuit.
    Plain,
    /// Only a set of holes to pass over, known for the move.
    PastSkips,
    /// At each hole, whether to pass over it; after each seed, the captures.
    Each,
}

impl Drops<'_> {
    fn lap_kind(&self) -> LapKind {
        match (self.may_skip, self.per_drop) {
            (false, false) => LapKind::Plain,
            (true, false) if self.skip_asked.is_none() => LapKind::PastSkips,
            _ => LapKind::Each,
        }
    }
}

/// A move being sown: the position it changes, what its expressions read
/// (`env`, and the position at its start where a rule reads it), the hand in
/// play and where its lap started, the optional captures met, and the work
/// done (GEN-7). One method per phase; `sow_move` strings them together.
struct Sowing<'a, P: Plan, const N: usize, T: Trace> {
    game: &'a Game,
    position: &'a mut Position<N>,
    start: Option<&'a AnyPosition>,
    // Held by reference: the captures, out of line, are handed these two, and
    // handing over part of the move's own state would keep all of it out of
    // registers.
    env: &'a mut Env,
    options: &'a mut Options,
    trace: &'a mut T,
    drops: Drops<'a>,
    /// Seeds in the hand in play.
    hand: u16,
    /// The hole the lap is sown from (its first seed falls into the next).
    from: Hole,
    /// Whether the lap runs against the game's direction.
    reversed: bool,
    lap_kind: LapKind,
    work: u64,
    plan: std::marker::PhantomData<P>,
}

impl<'a, P: Plan, const N: usize, T: Trace> Sowing<'a, P, N, T> {
    /// The move `decision`, sown `reversed` or not, about to lift its hand;
    /// `env` and `options` are the move's, as `Sowing::env` starts them.
    #[inline(always)]
    fn new(
        game: &'a Game,
        position: &'a mut Position<N>,
        start: Option<&'a AnyPosition>,
        (env, options, skips): (&'a mut Env, &'a mut Options, &'a HoleSet),
        reversed: bool,
        trace: &'a mut T,
    ) -> Self {
        let (mover, origin, closed) = (position.to_move, env.origin, position.closed);
        // A skip that could not be tabulated is asked at each drop.
        let skip_table = game.skip_table.as_ref();
        let drops = Drops {
            per_drop: game.has_captures_at(CaptureTime::Drop),
            at_lift: game.has_captures_at(CaptureTime::Lift),
            at_lap_end: game.has_captures_at(CaptureTime::LapEnd),
            skips,
            skip_asked: game.skip.as_ref().filter(|_| skip_table.is_none()),
            may_skip: P::SKIPS && (game.skip.is_some() || !closed.is_empty()),
            circuit_length: game.board.circuit_length(mover),
        };
        Sowing {
            game,
            position,
            start,
            env,
            options,
            trace,
            lap_kind: drops.lap_kind(),
            drops,
            hand: 0,
            from: origin,
            reversed,
            work: game.work.per_move,
            plan: std::marker::PhantomData,
        }
    }

    /// What the move's expressions read as it starts (`origin`, the first
    /// lap), and its say over optional captures.
    #[inline(always)]
    fn env(mover: Side, decision: Decision, reversed: bool) -> (Env, Options) {
        let mut env = Env::new(mover);
        let origin = decision.hole;
        (env.origin, env.lap_start, env.lap, env.reversed) = (origin, origin, 1, reversed);
        let options = Options {
            declined: decision.declined,
            met: 0,
            took: false,
        };
        (env, options)
    }

    /// Scope for an expression, at this point of the move.
    #[inline(always)]
    fn scope(&self) -> Scope<'_> {
        scope(self.game, self.position, self.start, *self.env)
    }

    /// `capture` of the given time, traced where the move is.
    #[inline(always)]
    fn capture(&mut self, time: CaptureTime) -> Option<Resow> {
        let (game, start) = (self.game, self.start);
        traced_capture(
            game,
            self.position,
            start,
            self.env,
            self.options,
            time,
            self.trace,
        )
    }

    /// The first hand (reference: "Sowing"): lifted from the move's hole
    /// (`[move] lift` seeds of it, all by default) or taken from the mover's
    /// hand; then the captures made as it is lifted. Gives the seeds lifted.
    #[inline(always)]
    fn lift(&mut self) -> Result<u16, NotLegal> {
        let lifted = match P::FROM_HAND {
            false => self.lift_from_board(),
            true => {
                let seeds = take_from_hand(self.game, self.position, self.start, *self.env);
                self.trace.step(Step::FromHand { seeds });
                seeds
            }
        };
        self.hand = lifted;
        // Charged lap by lap, each lap for all its seeds as it is lifted.
        charge(&mut self.work, self.game.work.lap(lifted))?;
        if P::FROM_HAND {
            self.place_from_hand();
        }
        // Lift captures are made where each lap's hand is lifted: here, after a
        // re-sowing capture and after a relay (not at the loop's head, which
        // cost every game about 1% in instructions).
        if self.hand > 0 {
            self.lift_captures();
        }
        Ok(lifted)
    }

    #[inline(always)]
    fn lift_from_board(&mut self) -> u16 {
        let (game, origin) = (self.game, self.env.origin);
        let available = self.position.counts[origin as usize];
        let lifted = match &game.moves.lift {
            None => available,
            Some(lift) => lift.eval(&mut self.scope()).clamp(1, available as i64) as u16,
        };
        self.position.counts[origin as usize] -= lifted;
        if P::RARE && game.claims_lost.is_some() {
            lose_claims(game, self.position, self.start, self.env.mover);
        }
        if game.reads_moved_from {
            self.position.moved_from.insert(origin);
        }
        self.trace.step(Step::Lift {
            hole: origin,
            seeds: lifted,
        });
        lifted
    }

    /// A hand move sows from the chosen hole with its first seed into it (the
    /// lap starts from the hole before), or puts every seed into it (dropped
    /// here, leaving an empty first lap that ends in it).
    fn place_from_hand(&mut self) {
        let (game, origin) = (self.game, self.env.origin);
        if game.hand.as_ref().is_some_and(|h| h.sow) {
            self.from = game.board.next_table(self.env.mover, !self.reversed)[origin as usize];
            return;
        }
        while self.hand > 0 {
            self.hand -= 1;
            self.position.counts[origin as usize] += 1;
            self.trace.step(Step::Drop { cell: origin });
            if self.drops.per_drop {
                (self.env.here, self.env.is_last) = (origin, self.hand == 0);
                let _ = self.capture(DROP);
            }
        }
    }

    /// The captures made as a lap's hand is lifted, before it is sown.
    #[inline(always)]
    fn lift_captures(&mut self) {
        if self.drops.at_lift {
            self.lift_captures_now();
        }
    }

    /// Out of line (only a few games capture then), given only what it
    /// changes, so that the move's state can stay in registers.
    #[inline(always)]
    fn lift_captures_now(&mut self) {
        let (game, start) = (self.game, self.start);
        let (env, options) = (&mut *self.env, &mut *self.options);
        let mut hand = self.hand;
        lift_captures(
            game,
            self.position,
            start,
            env,
            options,
            &mut hand,
            self.trace,
        );
        self.hand = hand;
    }

    /// One lap (GEN-5, GEN-6): the hand dropped a seed a hole from the hole
    /// after `from`, passing over holes to skip, with the per-drop captures;
    /// `env.last` is left where it ended.
    #[inline(always)]
    fn sow_lap(&mut self) -> Result<(), NotLegal> {
        if P::RARE && self.game.reads_lap_board {
            // At most the 65,535 seeds a position holds.
            self.env.lap_board = self.position.seeds_on_board() as u16;
        }
        self.env.last = match self.lap_kind {
            LapKind::Plain => self.drop_plain(),
            LapKind::PastSkips => self.drop_past_skips()?,
            LapKind::Each => self.drop_each()?,
        };
        Ok(())
    }

    /// A lap with nothing to ask at each drop.
    #[inline(always)]
    fn drop_plain(&mut self) -> Hole {
        // Locals, so that the loop keeps them in registers.
        let (board, position, trace) = (&self.game.board, &mut *self.position, &mut *self.trace);
        let next_hole = board.next_table(self.env.mover, self.reversed);
        let mut at = self.from;
        for _ in 0..self.hand {
            at = next_hole[at as usize];
            position.counts[at as usize] += 1;
            trace.step(Step::Drop { cell: at });
        }
        score_stores(board, position);
        at
    }

    /// A lap passing over a set of holes known for the move.
    #[inline(always)]
    fn drop_past_skips(&mut self) -> Result<Hole, NotLegal> {
        let (board, position, trace) = (&self.game.board, &mut *self.position, &mut *self.trace);
        let (skips, circuit_length) = (self.drops.skips, self.drops.circuit_length);
        let next_hole = board.next_table(self.env.mover, self.reversed);
        let (mut at, mut left, mut skipped) = (self.from, self.hand, 0);
        while left > 0 {
            at = next_hole[at as usize];
            if skips.contains(at) {
                pass_over(&mut skipped, circuit_length)?;
                continue;
            }
            skipped = 0;
            left -= 1;
            position.counts[at as usize] += 1;
            trace.step(Step::Drop { cell: at });
        }
        score_stores(board, position);
        if self.hand > 0 {
            // As `drop_each` leaves them.
            (self.env.here, self.env.in_hand) = (at, 1);
        }
        Ok(at)
    }

    /// A lap asking, at each hole, whether to pass over it and, after each
    /// seed, the per-drop captures.
    #[inline(always)]
    fn drop_each(&mut self) -> Result<Hole, NotLegal> {
        let board = &self.game.board;
        let next_hole = board.next_table(self.env.mover, self.reversed);
        let (mut at, mut left, mut skipped) = (self.from, self.hand, 0);
        while left > 0 {
            at = next_hole[at as usize];
            if self.drops.may_skip {
                // `in_hand` counts the seed about to fall: 1 for the lap's last.
                (self.env.here, self.env.in_hand) = (at, left);
                if self.passes_over(at)? {
                    pass_over(&mut skipped, self.drops.circuit_length)?;
                    continue;
                }
                skipped = 0;
            }
            left -= 1;
            if board.is_store(at) {
                self.position.captured[board.owner(at).index()] += 1;
            } else {
                self.position.counts[at as usize] += 1;
            }
            self.trace.step(Step::Drop { cell: at });
            if self.drops.per_drop {
                // The per-drop captures, after a seed has fallen into `here`.
                (self.env.here, self.env.is_last) = (at, left == 0);
                let _ = self.capture(DROP);
            }
        }
        Ok(at)
    }

    /// Whether the sowing passes over `at` (reference: `[sowing] skip`).
    #[inline(always)]
    fn passes_over(&mut self, at: Hole) -> Result<bool, NotLegal> {
        let Some(skip) = self.drops.skip_asked else {
            return Ok(self.drops.skips.contains(at));
        };
        charge(&mut self.work, self.game.work.per_skip)?;
        Ok(self.drops.skips.contains(at) || skip.eval(&mut self.scope()))
    }

    /// The lap-end captures (reference: "Captures", `at = "lap_end"`); one
    /// that takes seeds into the hand re-sows them as a new lap. Says whether
    /// it did.
    #[inline(always)]
    fn resow_at_lap_end(&mut self) -> Result<bool, NotLegal> {
        if !self.drops.at_lap_end {
            return Ok(false);
        }
        let Some(resow) = self.capture(CaptureTime::LapEnd) else {
            return Ok(false);
        };
        // The sowing goes on with the seeds taken, as a new lap.
        if self.env.lap >= self.game.limits().laps {
            return Err(NotLegal::Endless);
        }
        self.hand = resow.seeds.min(u32::from(u16::MAX)) as u16;
        charge(&mut self.work, self.game.work.lap(self.hand))?;
        self.from = resow.from;
        if resow.reverse {
            self.turn_round();
        }
        self.env.lap_start = self.from;
        self.env.lap += 1;
        self.lift_captures();
        Ok(true)
    }

    fn turn_round(&mut self) {
        self.reversed = !self.reversed;
        self.env.reversed = self.reversed;
    }

    /// The relay (reference: "Relay", GEN-6): once a hand is spent, a new one
    /// lifted where the game says, unless the move ends. Says whether another
    /// lap follows.
    #[inline(always)]
    fn relay(&mut self) -> Result<bool, NotLegal> {
        let game = self.game;
        let Some(relay) = &game.relay else {
            return Ok(false);
        };
        let Some(next) = self.relay_from(relay) else {
            return Ok(false);
        };
        let Some((hand, from_store)) = self.relay_hand(next) else {
            return Ok(false);
        };
        self.hand = hand;
        if P::RARE && (relay.optional.is_some() || relay.lift.is_some()) {
            let (chance, lifted) =
                relay_choices(game, relay, self.position, self.start, *self.env, hand);
            if chance {
                // A chance to stop, passed as an optional capture is declined.
                self.options.met += 1;
                if self.options.declined.declines(self.options.met - 1) {
                    return Ok(false);
                }
            }
            self.hand = lifted;
        }
        if self.env.lap >= game.limits().laps {
            return Err(NotLegal::Endless);
        }
        charge(&mut self.work, game.work.lap(self.hand))?;
        if let Some(reverse) = &relay.reverse
            && reverse.eval(&mut self.scope())
        {
            self.turn_round();
        }
        self.lift_relay(next, from_store);
        Ok(true)
    }

    /// The hole the relay lifts from, or none where the move ends.
    #[inline(always)]
    fn relay_from(&mut self, relay: &crate::rules::game::Relay) -> Option<Hole> {
        let at = self.env.last;
        match relay.from_last_while {
            Some((op, k)) => op
                .holds(i64::from(self.position.count_at(&self.game.board, at)), k)
                .then_some(at),
            None => {
                if !self.drops.at_lap_end {
                    // Only this lap's end captures count for the relay's `taken`.
                    self.env.taken = 0;
                }
                if !relay.when.eval(&mut self.scope()) {
                    return None;
                }
                Some(relay.from.eval(&mut self.scope()))
            }
        }
    }

    /// The seeds a relay from `next` lifts, and whether they are a store's: a
    /// store's seeds are its side's score (its cell holds none), lifted only
    /// where the cell is empty. None: nothing to lift, the move ends.
    #[inline(always)]
    fn relay_hand(&self, next: Hole) -> Option<(u16, bool)> {
        let board = &self.game.board;
        let hand = self.position.counts[next as usize];
        if hand > 0 {
            return Some((hand, false));
        }
        if !board.is_store(next) {
            return None;
        }
        let score = self.position.captured[board.owner(next).index()];
        let hand = score.min(u32::from(u16::MAX)) as u16;
        (hand > 0).then_some((hand, true))
    }

    /// Lifts the relay's hand from `next` and starts its lap there.
    #[inline(always)]
    fn lift_relay(&mut self, next: Hole, from_store: bool) {
        let (game, hand) = (self.game, self.hand);
        match from_store {
            false => self.position.counts[next as usize] -= hand,
            true => self.position.captured[game.board.owner(next).index()] -= u32::from(hand),
        }
        if P::RARE && game.claims_lost.is_some() {
            lose_claims(game, self.position, self.start, self.env.mover);
        }
        self.trace.step(Step::Lift {
            hole: next,
            seeds: hand,
        });
        self.from = next;
        self.env.lap_start = next;
        self.env.lap += 1;
        self.lift_captures();
    }

    /// The end of the sowing (reference: "Captures", `at = "sowing_end"`;
    /// "Moves", `after` and `again`): its captures, the move's `after`
    /// condition, what the next move may read of this one, and the turn's end
    /// unless a strip is owed.
    #[inline(always)]
    fn finish(&mut self, lifted: u16, reversed_at_start: bool) -> Result<Sown, NotLegal> {
        let game = self.game;
        let _ = self.capture(CaptureTime::SowingEnd);
        // A strip owed by one capture can be emptied by a later drop or capture.
        lapse_empty_strip(game, self.position);
        let mut fails_after = false;
        if let Some(after) = &game.moves.after
            && !after.eval(&mut self.scope())
        {
            // Asked of the hole: a sibling move from it may meet it for this one.
            match game.moves.after_by_hole {
                true => fails_after = true,
                false => return Err(NotLegal::FailsAfter),
            }
        }
        let again = game
            .again
            .as_ref()
            .is_some_and(|again| again.eval(&mut self.scope()));
        if game.reads_previous {
            let clockwise = (game.board.direction() == Direction::Clockwise) != reversed_at_start;
            let origin = (!P::FROM_HAND).then_some(self.env.origin);
            self.position.previous = PreviousMove::new(origin, lifted, self.env.last, clockwise);
            self.position.previous_captured = game.reads_previous_captured && self.options.took;
        }
        match &mut self.position.pending {
            Some(pending) => pending.again = again,
            None => end_turn(game, self.position, again),
        }
        Ok(Sown {
            optional_met: self.options.met,
            fails_after,
        })
    }
}

/// What one move's captures keep track of: the mover's say over optional
/// captures, and whether any capture took seeds.
struct Options {
    /// Those the decision declines.
    declined: Declined,
    /// How many the move has met (each would have taken seeds).
    met: usize,
    /// Whether some capture of the move took seeds (and was not undone).
    took: bool,
}

/// A relay's rarer keys: whether the mover has a chance to stop instead
/// (`optional`), and how many of `hand` seeds are lifted (`lift`). Out of line:
/// only a few games have them.
#[inline(never)]
fn relay_choices(
    game: &Game,
    relay: &crate::rules::game::Relay,
    position: &AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    hand: u16,
) -> (bool, u16) {
    let chance = relay
        .optional
        .as_ref()
        .is_some_and(|optional| optional.eval(&mut scope(game, position, start, env)));
    let lifted = match &relay.lift {
        Some(lift) => lift
            .eval(&mut scope(game, position, start, env))
            .clamp(1, i64::from(hand)) as u16,
        None => hand,
    };
    (chance, lifted)
}

/// The time of the per-drop captures (`at = "drop"`).
const DROP: CaptureTime = CaptureTime::Drop;
/// The time of the captures made as a hand is lifted (`at = "lift"`).
const LIFT: CaptureTime = CaptureTime::Lift;

/// Adds `cost` to a move's `work`; past `MAX_MOVE_WORK` the move counts as
/// endless (GEN-7).
#[inline(always)]
fn charge(work: &mut u64, cost: u64) -> Result<(), NotLegal> {
    *work = work.saturating_add(cost);
    match *work > MAX_MOVE_WORK {
        true => Err(NotLegal::TooMuchWork),
        false => Ok(()),
    }
}

/// Counts one more hole skipped in a row (`skipped`); once every hole of the
/// circuit has been, the hand can never be sown.
#[inline(always)]
fn pass_over(skipped: &mut usize, circuit_length: usize) -> Result<(), NotLegal> {
    *skipped += 1;
    match *skipped >= circuit_length {
        true => Err(NotLegal::Endless),
        false => Ok(()),
    }
}

/// Moves the seeds sown into a store's cell to its side's score (a store's
/// cell only passes its seeds on).
#[inline(always)]
fn score_stores(board: &Board, position: &mut AnyPosition) {
    for side in Side::BOTH {
        if let Some(store) = board.store(side) {
            position.captured[side.index()] +=
                u32::from(std::mem::take(&mut position.counts[store as usize]));
        }
    }
}

/// `capture`, reporting what it took to a traced move (nothing else pays).
#[inline(always)]
fn traced_capture<const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    time: CaptureTime,
    trace: &mut T,
) -> Option<Resow> {
    let before = (T::ENABLED && trace.wants_captures()).then_some(*position);
    let resow = capture(game, position, start, env, options, time);
    if let Some(before) = before {
        trace_captures(&game.board, trace, &before, position);
    }
    resow
}

/// The captures made as a lap's hand of `hand` seeds is lifted, before it is
/// sown; what `from_hand` took leaves fewer to sow. Out of line: only a few
/// games capture then.
#[inline(never)]
fn lift_captures<const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    hand: &mut u16,
    trace: &mut T,
) {
    env.in_hand = *hand;
    let _ = traced_capture(game, position, start, env, options, LIFT, trace);
    *hand = env.in_hand;
}

/// Takes the seeds of a hand move out of the mover's hand (`[hand] seeds`, one
/// by default, kept between 1 and all it holds).
fn take_from_hand(
    game: &Game,
    position: &mut AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
) -> u16 {
    let mover = position.to_move.index();
    let held = position.hand[mover];
    let seeds = match game.hand.as_ref().and_then(|h| h.seeds.as_ref()) {
        None => 1,
        Some(seeds) => seeds
            .eval(&mut scope(game, position, start, env))
            .clamp(1, i64::from(held)) as u16,
    };
    position.hand[mover] -= seeds;
    seeds
}

/// Seeds a capture took into the hand, to be sown on from a hole.
#[derive(Clone, Copy)]
struct Resow {
    seeds: u32,
    from: Hole,
    /// The re-sown lap runs the other way (`resow_reverse`).
    reverse: bool,
}

/// Runs every capture rule of the given time whose condition holds, in file
/// order. Seeds that re-sowing rules took are returned, to be sown on from the
/// hole the last of them names; `env.taken` is left at what they took in all
/// (a relay reads it after the lap-end captures).
#[inline(always)]
fn capture<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    time: CaptureTime,
) -> Option<Resow> {
    // Most sowings capture nothing: the conditions are asked here, and only a
    // rule that holds enters the rules' body (whose entry alone cost a
    // sowing more than the conditions, in instructions).
    let holds =
        |rule: &Capture| rule.at == time && rule.when.eval(&mut scope(game, position, start, *env));
    match game.captures.iter().position(holds) {
        None => {
            env.taken = 0;
            None
        }
        Some(first) => capture_from(game, position, start, env, options, time, first),
    }
}

/// `capture` from the rule `first`, the first of the time whose condition holds.
#[inline(never)]
fn capture_from<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    time: CaptureTime,
    first: usize,
) -> Option<Resow> {
    let mut resow: Option<Resow> = None;
    let mut taken_in_all = 0;
    for (index, rule) in game.captures.iter().enumerate().skip(first) {
        if index != first
            && (rule.at != time || !rule.when.eval(&mut scope(game, position, start, *env)))
        {
            continue;
        }
        let Some(taken) = capture_by(game, position, start, env, options, rule) else {
            continue;
        };
        if taken > 0 {
            options.took = true;
            taken_in_all += taken;
            if game.claims_lost.is_some() {
                lose_claims(game, position, start, env.mover);
            }
            if let Some(from) = &rule.resow {
                env.taken = taken as u16;
                let earlier = resow.map_or(0, |r| r.seeds);
                resow = Some(resown(
                    game,
                    position,
                    start,
                    *env,
                    rule,
                    from,
                    earlier + taken,
                ));
            }
        }
        if let Some(strip) = &rule.strip {
            env.taken = taken as u16;
            owe_strip(game, position, start, *env, index, strip);
        }
    }
    env.taken = taken_in_all.min(u32::from(u16::MAX)) as u16;
    resow
}

/// One capture rule whose condition holds (reference: "Captures"): what it
/// takes (from the hand in play, its hole or set, the chain), where the seeds
/// go (a score, a hole, a hand, or the hand in play to re-sow), and whether a
/// veto or the mover's declining undoes it. Gives the seeds it took, or none
/// where it was undone (the position and `env` back as they were).
#[inline(always)]
fn capture_by<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    rule: &Capture,
) -> Option<u32> {
    let (to, hand_to) = destination(game, position, start, *env, rule);
    // Only a rule that can be vetoed or declined needs the position to go
    // back to (copied only then: an eager copy costs every capture).
    let before = match rule.veto.is_some() || rule.optional {
        true => Some((*position, *env)),
        false => None,
    };
    // What a vetoed capture gives back, read as the capture begins.
    let spared = rule
        .spare
        .as_ref()
        .map(|spare| spare.eval(&mut scope(game, position, start, *env)));
    let mut taken = taken_by(game, position, start, env, rule, to);
    if let Some(into) = &rule.into
        && taken > 0
    {
        env.taken = taken as u16;
        let hole = into.eval(&mut scope(game, position, start, *env));
        put_into(game, position, start, *env, rule, hole, taken);
    }
    if let Some(side) = hand_to {
        // At most the 65,535 seeds a position holds.
        position.hand[side.index()] += taken as u16;
    }
    // Read in place: moving the copy out would copy the position again.
    if let (Some(veto), Some((position_before, env_before))) = (&rule.veto, &before) {
        env.taken = taken as u16;
        if veto.eval(&mut scope(game, position, start, *env)) {
            let Some(spared) = spared else {
                (*position, *env) = (*position_before, *env_before);
                return None;
            };
            taken -= give_back(&game.board, position, position_before, spared, to);
        }
    }
    if rule.optional
        && taken > 0
        && let Some((position_before, env_before)) = &before
    {
        options.met += 1;
        if options.declined.declines(options.met - 1) {
            (*position, *env) = (*position_before, *env_before);
            return None;
        }
    }
    Some(taken)
}

/// Where a rule's seeds go: the side whose score they join (`None`: nowhere
/// yet, they are re-sown or put into a hole), and the side whose hand holds
/// them (`into_hand`, taken as `into`'s are, then held).
#[inline(always)]
fn destination(
    game: &Game,
    position: &AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    rule: &Capture,
) -> (Option<Side>, Option<Side>) {
    let to = match rule.resow.is_some() || rule.into.is_some() {
        true => None,
        false => Some(rule.to.eval(&mut scope(game, position, start, env))),
    };
    match rule.into_hand {
        false => (to, None),
        true => (None, to),
    }
}

/// The seeds a rule takes: from the hand in play (`from_hand`, scored at
/// once), then from its hole or set (`take`), each hole at most `at_most`,
/// and along its chain.
#[inline(always)]
fn taken_by<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    rule: &Capture,
    to: Option<Side>,
) -> u32 {
    let board = &game.board;
    let mut taken = 0;
    // Kept between none and all of a hole's seeds.
    let at_most = rule.at_most.as_ref().map_or(u16::MAX, |seeds| {
        seeds
            .eval(&mut scope(game, position, start, *env))
            .clamp(0, i64::from(u16::MAX)) as u16
    });
    if let (Some(seeds), Some(to)) = (&rule.from_hand, to) {
        let seeds = seeds
            .eval(&mut scope(game, position, start, *env))
            .clamp(0, i64::from(env.in_hand)) as u16;
        env.in_hand -= seeds;
        position.captured[to.index()] += u32::from(seeds);
        taken += u32::from(seeds);
    }
    match &rule.take {
        Target::Set(set) => {
            for hole in set.eval(&mut scope(game, position, start, *env)).iter() {
                taken += take(board, position, hole, at_most, to, rule.claim);
            }
        }
        Target::Hole(hole) => {
            let mut x = hole.eval(&mut scope(game, position, start, *env));
            taken += take(board, position, x, at_most, to, rule.claim);
            let Some(chain) = &rule.chain else {
                return taken;
            };
            for _ in 0..chain.links {
                env.x = x;
                let candidate = chain.step.eval(&mut scope(game, position, start, *env));
                env.x = candidate;
                if !chain
                    .continue_while
                    .eval(&mut scope(game, position, start, *env))
                {
                    break;
                }
                taken += take(board, position, candidate, at_most, to, rule.claim);
                x = candidate;
            }
        }
    }
    taken
}

/// Puts a rule's `taken` seeds into `hole` (`into`): a store's seeds join its
/// side's score; a hole closed for the round holds none, so the side the
/// rule's `to` names keeps them, as an ordinary capture.
#[inline(always)]
fn put_into(
    game: &Game,
    position: &mut AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    rule: &Capture,
    hole: Hole,
    taken: u32,
) {
    let board = &game.board;
    if board.is_store(hole) {
        position.captured[board.owner(hole).index()] += taken;
    } else if position.closed.contains(hole) {
        let side = rule.to.eval(&mut scope(game, position, start, env));
        position.captured[side.index()] += taken;
    } else {
        position.counts[hole as usize] += taken as u16;
    }
}

/// The `seeds` re-sowing rules have taken so far, to be sown on from the
/// hole this one names (`resow`), the other way where `resow_reverse` holds.
#[inline(always)]
fn resown(
    game: &Game,
    position: &AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    rule: &Capture,
    from: &Compiled<HoleExpr>,
    seeds: u32,
) -> Resow {
    let from = from.eval(&mut scope(game, position, start, env));
    let reverse = rule
        .resow_reverse
        .as_ref()
        .is_some_and(|reverse| reverse.eval(&mut scope(game, position, start, env)));
    Resow {
        seeds,
        from,
        reverse,
    }
}

/// Claims lost (`[claims] lost`), asked of every claimed hole after seeds
/// have left a hole (`start`: the position at the start of the move, if a rule
/// reads it). Out of line: only a few games lose claims.
#[inline(never)]
fn lose_claims(game: &Game, position: &mut AnyPosition, start: Option<&AnyPosition>, mover: Side) {
    let Some(lost) = &game.claims_lost else {
        return;
    };
    for side in Side::BOTH {
        for hole in position.claims[side.index()].iter() {
            let mut env = Env::new(mover);
            env.here = hole;
            env.side = side;
            if lost.eval(&mut scope(game, position, start, env)) {
                position.claims[side.index()].remove(hole);
            }
        }
    }
}

/// A capture with a strip: the mover owes that many more decisions (no more than
/// the strip's holes can pay). Out of line: only a few games strip.
#[inline(never)]
fn owe_strip(
    game: &Game,
    position: &mut AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    index: usize,
    strip: &crate::rules::game::Strip,
) {
    let stones = strip
        .stones
        .eval(&mut scope(game, position, start, env))
        .max(0);
    let from = strip.from.eval(&mut scope(game, position, start, env));
    let owed = stones.min(i64::from(payable(position, from, strip.whole)));
    if owed > 0 {
        position.pending = Some(Pending {
            capture: index as u8,
            remaining: owed as u16,
            again: false,
        });
    }
}

/// Takes a hole's seeds, `at_most` of them, to `to`'s score (`None`: into the
/// hand, to be sown on); with `claim`, the hole becomes `to`'s.
fn take(
    board: &Board,
    position: &mut AnyPosition,
    hole: Hole,
    at_most: u16,
    to: Option<Side>,
    claim: bool,
) -> u32 {
    let seeds = if board.is_store(hole) {
        // A store's seeds are its side's score: taking it takes them.
        let score = &mut position.captured[board.owner(hole).index()];
        let seeds = (*score).min(u32::from(at_most));
        *score -= seeds;
        seeds
    } else {
        let count = &mut position.counts[hole as usize];
        let seeds = (*count).min(at_most);
        *count -= seeds;
        u32::from(seeds)
    };
    let Some(to) = to else { return seeds };
    position.captured[to.index()] += seeds;
    if claim && !board.is_store(hole) {
        position.claims[to.other().index()].remove(hole);
        position.claims[to.index()].insert(hole);
    }
    seeds
}

/// Gives back to `holes` the seeds a vetoed capture took from them (their
/// counts as it began), out of `to`'s score; returns how many.
fn give_back(
    board: &Board,
    position: &mut AnyPosition,
    before: &AnyPosition,
    holes: HoleSet,
    to: Option<Side>,
) -> u32 {
    let mut seeds = 0;
    for hole in holes.iter() {
        if board.is_store(hole) {
            // A store taken lost part of its side's score (to the other side).
            let side = board.owner(hole).index();
            let back = before.captured[side].saturating_sub(position.captured[side]);
            position.captured[side] += back;
            seeds += back;
            continue;
        }
        let back = before.counts[hole as usize].saturating_sub(position.counts[hole as usize]);
        position.counts[hole as usize] += back;
        seeds += u32::from(back);
    }
    if let Some(to) = to {
        position.captured[to.index()] -= seeds;
    }
    seeds
}

fn seeds_in(position: &AnyPosition, set: HoleSet) -> u32 {
    set.iter().map(|h| position.counts[h as usize] as u32).sum()
}

/// How many strip decisions the holes of `set` can pay: their seeds, or with
/// `whole` (a hole taken at a time) their non-empty holes.
pub(crate) fn payable(position: &AnyPosition, set: HoleSet, whole: bool) -> u32 {
    match whole {
        false => seeds_in(position, set),
        true => set
            .iter()
            .filter(|&h| position.counts[h as usize] > 0)
            .count() as u32,
    }
}

/// Whether the pending strip's rule takes whole holes.
fn strips_whole(game: &Game, pending: Pending) -> bool {
    game.captures[pending.capture as usize]
        .strip
        .as_ref()
        .is_some_and(|strip| strip.whole)
}

/// The steps of a strip decision: the seeds it takes from `hole` for the mover.
pub(crate) fn strip_steps(
    game: &Game,
    position: &AnyPosition,
    pending: Pending,
    hole: Hole,
) -> Vec<Step> {
    let seeds = match strips_whole(game, pending) {
        true => position.counts[hole as usize],
        false => 1,
    };
    vec![Step::Capture {
        hole,
        seeds,
        to: Some(position.to_move),
    }]
}

/// The holes a pending strip may take a seed from (non-empty holes of its set).
pub(crate) fn strip_holes(game: &Game, position: &AnyPosition, pending: Pending) -> HoleSet {
    let set = strip_set(game, position, pending);
    let mut nonempty = HoleSet::default();
    for hole in set.iter().filter(|&h| position.counts[h as usize] > 0) {
        nonempty.insert(hole);
    }
    nonempty
}

/// The set a pending strip takes from (`from`), empty holes included.
fn strip_set(game: &Game, position: &AnyPosition, pending: Pending) -> HoleSet {
    let rule = &game.captures[pending.capture as usize];
    let strip = rule
        .strip
        .as_ref()
        .expect("pending strips come from rules with a strip");
    strip
        .from
        .eval(&mut scope(game, position, None, Env::new(position.to_move)))
}

/// Removes one seed from `hole` to the mover's score (NS-10); the turn ends once
/// nothing more is owed or the strip's holes are empty.
///
/// Precondition: a strip is pending and `hole` is among `strip_holes` (panics
/// when none is pending); `GameState` only offers such holes.
pub(crate) fn strip(game: &Game, position: &mut AnyPosition, hole: Hole) {
    let pending = position
        .pending
        .as_mut()
        .expect("strip is called only while one is owed");
    pending.remaining -= 1;
    let again = pending.again;
    let whole = strips_whole(game, *pending);
    let seeds = match whole {
        false => 1,
        true => position.counts[hole as usize],
    };
    position.counts[hole as usize] -= seeds;
    position.captured[position.to_move.index()] += u32::from(seeds);
    if game.claims_lost.is_some() {
        lose_claims(game, position, None, position.to_move);
    }
    if lapse_empty_strip(game, position) {
        end_turn(game, position, again);
    }
}

/// A strip owes no more than its holes hold: the debt shrinks to what is there,
/// and lapses when nothing is (so a strip pending always has a legal decision).
/// Says whether no strip is owed any longer.
#[inline(always)]
fn lapse_empty_strip(game: &Game, position: &mut AnyPosition) -> bool {
    match position.pending {
        None => true,
        Some(pending) => lapse_strip(game, position, pending),
    }
}

#[inline(never)]
fn lapse_strip(game: &Game, position: &mut AnyPosition, pending: Pending) -> bool {
    // The empty holes of the strip's set pay nothing either way.
    let holes = strip_set(game, position, pending);
    let left = payable(position, holes, strips_whole(game, pending));
    let remaining = pending.remaining.min(left.min(u32::from(u16::MAX)) as u16);
    position.pending = (remaining > 0).then_some(Pending {
        remaining,
        ..pending
    });
    position.pending.is_none()
}

/// The side to move, which has no legal move, passes: its turn is over.
pub(crate) fn pass(game: &Game, position: &mut AnyPosition) {
    end_turn(game, position, false);
}

/// Whether the side to move has a legal move (each candidate sown on a copy
/// where legality needs the sowing).
pub(crate) fn has_legal_move<const N: usize>(game: &Game, position: &Position<N>) -> bool {
    let from_hand = plays_from_hand(game, position);
    candidates(game, position, from_hand).any(|hole| {
        (if from_hand {
            may_place(game, position, hole)
        } else {
            may_start_from(game, position, hole)
        }) && moves_from(game, position, hole)
            .into_iter()
            .any(|decision| {
                game.moves_always_legal()
                    || sow(game, &mut position.clone(), decision).is_ok_and(|s| !s.fails_after)
            })
    })
}

/// Completes the turn; the same side moves again when `again` (an extra turn).
fn end_turn(game: &Game, position: &mut AnyPosition, again: bool) {
    position.turn = position.turn.saturating_add(1);
    if !again {
        position.to_move = position.to_move.other();
    }
    if game.reads_extra_turns {
        position.extra_turns = match again {
            true => position.extra_turns.saturating_add(1),
            false => 0,
        };
    }
}
