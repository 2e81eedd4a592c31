//! One move sown: the plan chosen for it, then the move in progress
//! (`Sowing`), one method per phase (reference: "Sowing", "Relay").

use super::*;
use crate::rules::decision::HandTake;
use crate::rules::memory::Memory;
use crate::rules::skip_table::{SkipKey, SkipTable};

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
    decision: Move,
) -> Result<Sown, NotLegal> {
    if game.hand.is_some() && is_hand_move(game, position, decision) {
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
pub(super) struct Plain<const SKIPS: bool, const LAPS: bool>;

impl<const SKIPS: bool, const LAPS: bool> Plan for Plain<SKIPS, LAPS> {
    const FROM_HAND: bool = false;
    const RARE: bool = false;
    const SKIPS: bool = SKIPS;
    const LAPS: bool = LAPS;
}

/// A move from the board, every rule asked.
pub(super) struct General;

impl Plan for General {
    const FROM_HAND: bool = false;
    const RARE: bool = true;
    const SKIPS: bool = true;
    const LAPS: bool = true;
}

/// A move from the mover's hand, every rule asked.
pub(super) struct FromHand;

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
pub(super) fn sow_from_board<const N: usize, const SKIPS: bool>(
    game: &Game,
    position: &mut Position<N>,
    decision: Move,
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
pub(super) fn laps_follow(game: &Game) -> bool {
    game.relay.is_some() || game.has_captures_at(CaptureTime::LapEnd)
}

/// The steps of a move (`sow` on a copy of the position, which it leaves as
/// the move leaves it).
pub(crate) fn sow_traced<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Move,
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
    decision: Move,
    trace: &mut T,
) -> Result<Sown, NotLegal> {
    match game.hand.is_some() && is_hand_move(game, position, decision) {
        true => sow_move::<FromHand, N, T>(game, position, decision, trace),
        false => sow_move::<General, N, T>(game, position, decision, trace),
    }
}

/// `sow` for a hand move, out of line: games without a hand never come here.
#[inline(never)]
pub(super) fn sow_from_hand<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Move,
) -> Result<Sown, NotLegal> {
    sow_move::<FromHand, N, _>(game, position, decision, &mut ())
}

/// `sow` for a game whose moves may lose claims or meet a relay's `lift` or
/// `optional`, out of line: the checks cost the other games' sowing loop
/// several percent (instructions per random game) even where they never hold.
#[inline(never)]
pub(super) fn sow_rare<const N: usize>(
    game: &Game,
    position: &mut Position<N>,
    decision: Move,
) -> Result<Sown, NotLegal> {
    sow_move::<General, N, _>(game, position, decision, &mut ())
}

/// The move, as its plan `P` allows (reference: "Sowing", "Relay",
/// "Captures"): the first hand lifted, then lap after lap, each followed by a
/// re-sowing capture or a relay while there is one, then the end of the
/// sowing and of the turn.
#[inline(always)]
pub(super) fn sow_move<P: Plan, const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    decision: Move,
    trace: &mut T,
) -> Result<Sown, NotLegal> {
    let reversed = sown_reversed(game, position, decision);
    // Kept only where some rule reads the position at the start of the move.
    let start_copy = game.remembers(Memory::StartOfMove).then_some(*position);
    let start = start_copy.as_deref();
    let (mut env, mut options) = Sowing::<P, N, T>::env(position.to_move, decision, reversed);
    let skips = skipped_holes(game, position, decision.hole);
    let state = (&mut env, &mut options, &skips);
    let mut sowing = Sowing::<P, N, T>::new(game, position, start, state, reversed, trace);
    let lifted = sowing.lift(decision.hand)?;
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
/// and (with them) a skip tabulated at load (by the origin, or by the lap's
/// start, which the first lap's is: later laps look theirs up, `by_lap`); any
/// other skip is asked at each drop.
#[inline(always)]
pub(super) fn skipped_holes(game: &Game, position: &AnyPosition, origin: Hole) -> HoleSet {
    match game.skip_table.as_ref() {
        Some(table) => position.closed.union(table.get(position.to_move, origin)),
        None => position.closed,
    }
}

/// A skip tabulated by the lap's start, looked up as each lap begins: only in
/// plans with laps after the first (the first lap's start is the origin, and
/// `skipped_holes` has its set).
#[inline(always)]
fn by_lap<P: Plan>(game: &Game) -> Option<&SkipTable> {
    let table = game.skip_table.as_ref().filter(|_| P::LAPS)?;
    (table.key == SkipKey::LapStart).then_some(table)
}

/// How one move drops its seeds, worked out once for the move.
pub(super) struct Drops<'a> {
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
    /// Seeds dropped into each hole, where not one (`[sowing] drop`).
    per_hole: Option<&'a Compiled<IntExpr>>,
    /// How many holes a hand can pass over in a row before it is endless.
    circuit_length: usize,
}

/// How a lap drops its seeds, chosen once for the move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LapKind {
    /// Nothing to ask at each drop: seeds only go round the circuit.
    Plain,
    /// Only a set of holes to pass over, known for the move.
    PastSkips,
    /// Only a set of holes to pass over, known for each lap (a skip tabulated
    /// by the lap's start).
    PastLapSkips,
    /// At each hole, whether to pass over it and how many seeds it gets;
    /// after each drop, the captures.
    Each,
}

impl Drops<'_> {
    /// How each lap drops its seeds; `by_lap`: the skip is tabulated by the
    /// lap's start.
    fn lap_kind(&self, by_lap: bool) -> LapKind {
        match (self.may_skip, self.per_drop || self.per_hole.is_some()) {
            (false, false) => LapKind::Plain,
            (true, false) if by_lap => LapKind::PastLapSkips,
            (true, false) if self.skip_asked.is_none() => LapKind::PastSkips,
            _ => LapKind::Each,
        }
    }
}

/// A move being sown: the position it changes, what its expressions read
/// (`env`, and the position at its start where a rule reads it), the hand in
/// play and where its lap started, the optional captures met, and the work
/// done (GEN-7). One method per phase; `sow_move` strings them together.
pub(super) struct Sowing<'a, P: Plan, const N: usize, T: Trace> {
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
    /// The laps the move may sow before the lap limit and its work are asked
    /// about again (GEN-7; `begin_lap`).
    lap_bound: u32,
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
            per_hole: game.drop.as_ref().filter(|_| P::RARE),
            circuit_length: game.board.circuit_length(mover),
        };
        Sowing {
            game,
            position,
            start,
            env,
            options,
            trace,
            lap_kind: drops.lap_kind(by_lap::<P>(game).is_some()),
            drops,
            hand: 0,
            from: origin,
            reversed,
            lap_bound: game.work.free_laps,
            plan: std::marker::PhantomData,
        }
    }

    /// What the move's expressions read as it starts (`origin`, the first
    /// lap), and its say over optional captures.
    #[inline(always)]
    fn env(mover: Side, decision: Move, reversed: bool) -> (Env, Options) {
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
    fn lift(&mut self, hand: HandTake) -> Result<u16, NotLegal> {
        let lifted = match P::FROM_HAND {
            false => self.lift_from_board(),
            true => {
                let seeds = take_from_hand(self.game, self.position, self.env.origin, hand);
                self.trace.step(Step::FromHand { seeds });
                if let Some((to, seeds)) = give(self.game, self.position, self.start, *self.env) {
                    self.trace.step(Step::HandOver { to, seeds });
                }
                seeds
            }
        };
        self.hand = lifted;
        self.begin_lap(1)?;
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
        let lifted = seeds_lifted(game, self.position, origin);
        self.position.counts[origin as usize] -= lifted;
        if P::RARE && game.claims_lost.is_some() {
            lose_claims(game, self.position, self.start, self.env.mover);
        }
        if game.remembers(Memory::MovedFrom) {
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
        if P::RARE && self.game.remembers(Memory::LapBoard) {
            // At most the 65,535 seeds a position holds.
            self.env.lap_board = self.position.seeds_on_board() as u16;
        }
        self.env.last = match self.lap_kind {
            LapKind::Plain => self.drop_plain(),
            LapKind::PastSkips | LapKind::PastLapSkips => {
                // One call of the loop, for either set (two would grow the move).
                let lap_skips;
                let skips = match self.lap_kind {
                    LapKind::PastLapSkips if P::LAPS => {
                        lap_skips = self.lap_skips();
                        &lap_skips
                    }
                    _ => self.drops.skips,
                };
                self.drop_past_skips(skips)?
            }
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

    /// The holes this lap passes over: those closed for the round, and those
    /// of a skip tabulated by the lap's start.
    #[inline(always)]
    fn lap_skips(&self) -> HoleSet {
        match by_lap::<P>(self.game) {
            None => *self.drops.skips,
            Some(table) => {
                let by_lap = table.get(self.env.mover, self.env.lap_start);
                self.position.closed.union(by_lap)
            }
        }
    }

    /// A lap passing over a set of holes known for the lap.
    #[inline(always)]
    fn drop_past_skips(&mut self, skips: &HoleSet) -> Result<Hole, NotLegal> {
        let (board, position, trace) = (&self.game.board, &mut *self.position, &mut *self.trace);
        let circuit_length = self.drops.circuit_length;
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

    /// A lap asking, at each hole, whether to pass over it and how many seeds
    /// it gets, and after each drop the per-drop captures.
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
            let seeds = self.seeds_into(at, left);
            left -= seeds;
            if board.is_store(at) {
                self.position.captured[board.owner(at).index()] += u32::from(seeds);
            } else {
                self.position.counts[at as usize] += seeds;
            }
            for _ in 0..seeds {
                self.trace.step(Step::Drop { cell: at });
            }
            if self.drops.per_drop {
                // The per-drop captures, after a seed has fallen into `here`.
                (self.env.here, self.env.is_last) = (at, left == 0);
                let _ = self.capture(DROP);
            }
        }
        Ok(at)
    }

    /// The seeds dropped into `at` with `left` still to sow (reference:
    /// `[sowing] drop`): one, or what `drop` says, kept between one and all.
    #[inline(always)]
    fn seeds_into(&mut self, at: Hole, left: u16) -> u16 {
        let Some(per_hole) = self.drops.per_hole else {
            return 1;
        };
        (self.env.here, self.env.in_hand) = (at, left);
        let wanted = per_hole.eval(&mut self.scope());
        wanted.clamp(1, i64::from(left)) as u16
    }

    /// Whether the sowing passes over `at` (reference: `[sowing] skip`).
    #[inline(always)]
    fn passes_over(&mut self, at: Hole) -> Result<bool, NotLegal> {
        let Some(skip) = self.drops.skip_asked else {
            return Ok(match by_lap::<P>(self.game) {
                Some(_) => self.lap_skips().contains(at),
                None => self.drops.skips.contains(at),
            });
        };
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
        self.begin_lap(self.env.lap + 1)?;
        self.hand = resow.seeds.min(u32::from(u16::MAX)) as u16;
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

    /// Lap `number` may be sown (GEN-7): it is within the lap limit and the
    /// move's work (`rules::work`). Asked only past `lap_bound`.
    #[inline(always)]
    fn begin_lap(&mut self, number: u32) -> Result<(), NotLegal> {
        if number > self.lap_bound {
            // The seeds in play: the position's and the hand being sown.
            let in_play = self.position.seeds() + u32::from(self.hand);
            self.lap_bound = lap_bound_past(self.game, in_play, number)?;
        }
        Ok(())
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
        self.begin_lap(self.env.lap + 1)?;
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
                false => {
                    return Err(NotLegal::FailsAfter {
                        optional_met: self.options.met,
                    });
                }
            }
        }
        let again = game
            .again
            .as_ref()
            .is_some_and(|again| again.eval(&mut self.scope()));
        if game.remembers(Memory::PreviousMove) {
            let clockwise = (game.board.direction() == Direction::Clockwise) != reversed_at_start;
            let origin = (!P::FROM_HAND).then_some(self.env.origin);
            self.position.previous = PreviousMove::new(origin, lifted, self.env.last, clockwise);
            self.position.previous_captured =
                game.remembers(Memory::PreviousCapture) && self.options.took;
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

/// A relay's rarer keys: whether the mover has a chance to stop instead
/// (`optional`), and how many of `hand` seeds are lifted (`lift`). Out of line:
/// only a few games have them.
#[inline(never)]
pub(super) fn relay_choices(
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
pub(super) const DROP: CaptureTime = CaptureTime::Drop;

/// The time of the captures made as a hand is lifted (`at = "lift"`).
pub(super) const LIFT: CaptureTime = CaptureTime::Lift;

/// The bound on a move's laps once lap `number` is past those free for any
/// position (GEN-7): the lap limit, and the laps whose work the seeds in play
/// allow (no hand of the move holds more); an error if the lap is past either.
/// Out of line, and handed no part of the move's state, which would keep it
/// out of registers.
#[cold]
#[inline(never)]
fn lap_bound_past(game: &Game, in_play: u32, number: u32) -> Result<u32, NotLegal> {
    let limit = game.limits().laps;
    if number > limit {
        return Err(NotLegal::Endless);
    }
    let within = game.work.laps_within(u64::from(in_play));
    if number > within {
        return Err(NotLegal::TooMuchWork);
    }
    Ok(limit.min(within))
}

/// Counts one more hole skipped in a row (`skipped`); once every hole of the
/// circuit has been, the hand can never be sown.
#[inline(always)]
pub(super) fn pass_over(skipped: &mut usize, circuit_length: usize) -> Result<(), NotLegal> {
    *skipped += 1;
    match *skipped >= circuit_length {
        true => Err(NotLegal::Endless),
        false => Ok(()),
    }
}

/// Moves the seeds sown into a store's cell to its side's score (a store's
/// cell only passes its seeds on).
#[inline(always)]
pub(super) fn score_stores(board: &Board, position: &mut AnyPosition) {
    for side in Side::BOTH {
        if let Some(store) = board.store(side) {
            position.captured[side.index()] +=
                u32::from(std::mem::take(&mut position.counts[store as usize]));
        }
    }
}

/// The captures made as a lap's hand of `hand` seeds is lifted, before it is
/// sown; what `from_hand` took leaves fewer to sow. Out of line: only a few
/// games capture then.
#[inline(never)]
pub(super) fn lift_captures<const N: usize, T: Trace>(
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

/// Passes seeds between the hands once a hand move has taken its own (`[hand]
/// give`: from the mover's to the opponent's, negative the other way), as many
/// as the giver holds at most. Gives the side that received them and how many.
#[cold]
fn give(
    game: &Game,
    position: &mut AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
) -> Option<(Side, u16)> {
    let give = game.hand.as_ref()?.give.as_ref()?;
    let asked = give.eval(&mut scope(game, position, start, env));
    let mover = position.to_move;
    let (from, to) = match asked {
        0 => return None,
        1.. => (mover, mover.other()),
        _ => (mover.other(), mover),
    };
    let seeds = asked
        .unsigned_abs()
        .min(u64::from(position.hand[from.index()])) as u16;
    position.hand[from.index()] -= seeds;
    position.hand[to.index()] += seeds;
    (seeds > 0).then_some((to, seeds))
}

/// Takes the seeds of a hand move `hand` into `hole` out of the mover's hand
/// (as many as it chose, else `[hand] seeds`; `seeds_taken`).
pub(super) fn take_from_hand(
    game: &Game,
    position: &mut AnyPosition,
    hole: Hole,
    hand: HandTake,
) -> u16 {
    let seeds = seeds_taken(game, position, hole, hand);
    position.hand[position.to_move.index()] -= seeds;
    seeds
}
