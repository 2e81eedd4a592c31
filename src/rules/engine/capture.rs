//! Captures (reference: "Captures"): each rule whose condition holds, in
//! file order — what it takes, where the seeds go, veto, decline, re-sowing —
//! and the strips a capture owes.

use super::*;

/// What one move's captures keep track of: the mover's say over optional
/// captures, and whether any capture took seeds.
pub(super) struct Options {
    /// Those the decision declines.
    pub(super) declined: Declined,
    /// How many the move has met (each would have taken seeds).
    pub(super) met: usize,
    /// Whether some capture of the move took seeds (and was not undone).
    pub(super) took: bool,
}

/// `capture`, reporting what it took to a traced move (nothing else pays).
#[inline(always)]
pub(super) fn traced_capture<const N: usize, T: Trace>(
    game: &Game,
    position: &mut Position<N>,
    start: Option<&AnyPosition>,
    env: &mut Env,
    options: &mut Options,
    time: CaptureTime,
    trace: &mut T,
) -> Option<Resow> {
    let before = (T::ENABLED && trace.wants_captures()).then_some(*position);
    let capturing = Capturing {
        game,
        position: &mut *position,
        start,
        env,
        options,
    };
    let resow = capturing.run(time);
    if let Some(before) = before {
        trace_captures(&game.board, trace, &before, position);
    }
    resow
}

/// Seeds a capture took into the hand, to be sown on from a hole.
#[derive(Clone, Copy)]
pub(super) struct Resow {
    pub(super) seeds: u32,
    pub(super) from: Hole,
    /// The re-sown lap runs the other way (`resow_reverse`).
    pub(super) reverse: bool,
}

/// The capture rules of one time of a move, being made (reference:
/// "Captures"): the position the move has reached, its start (if a rule reads
/// it), its bindings, and the mover's say over optional captures. One method
/// for each part of a rule: its condition, what it takes, where the seeds go,
/// the veto, the decline, the re-sowing and the strip it owes.
pub(super) struct Capturing<'m, const N: usize> {
    pub(super) game: &'m Game,
    pub(super) position: &'m mut Position<N>,
    pub(super) start: Option<&'m AnyPosition>,
    pub(super) env: &'m mut Env,
    pub(super) options: &'m mut Options,
}

impl<const N: usize> Capturing<'_, N> {
    /// Scope for a rule's expressions, at this point of the capture.
    #[inline(always)]
    fn scope(&self) -> Scope<'_> {
        scope(self.game, self.position, self.start, *self.env)
    }

    /// Runs every capture rule of the given time whose condition holds, in
    /// file order. Seeds that re-sowing rules took are returned, to be sown on
    /// from the hole the last of them names; `env.taken` is left at what they
    /// took in all (a relay reads it after the lap-end captures).
    #[inline(always)]
    pub(super) fn run(self, time: CaptureTime) -> Option<Resow> {
        // Most sowings capture nothing: the conditions are asked here, and only
        // a rule that holds enters the rules' body (whose entry alone cost a
        // sowing more than the conditions, in instructions).
        let holds = |rule: &Capture| rule.at == time && rule.when.eval(&mut self.scope());
        match self.game.captures.iter().position(holds) {
            None => {
                self.env.taken = 0;
                None
            }
            Some(first) => self.run_from(time, first),
        }
    }

    /// `run` from the rule `first`, the first of the time whose condition holds.
    #[inline(never)]
    fn run_from(mut self, time: CaptureTime, first: usize) -> Option<Resow> {
        let game = self.game;
        let mut resow: Option<Resow> = None;
        let mut taken_in_all = 0;
        for (index, rule) in game.captures.iter().enumerate().skip(first) {
            if index != first && (rule.at != time || !rule.when.eval(&mut self.scope())) {
                continue;
            }
            let Some(taken) = self.by(rule) else {
                continue;
            };
            if taken > 0 {
                self.options.took = true;
                taken_in_all += taken;
                if game.claims_lost.is_some() {
                    lose_claims(game, self.position, self.start, self.env.mover);
                }
                if let Some(from) = &rule.resow {
                    self.env.taken = taken as u16;
                    let earlier = resow.map_or(0, |r| r.seeds);
                    resow = Some(self.resown(rule, from, earlier + taken));
                }
            }
            if let Some(strip) = &rule.strip {
                self.env.taken = taken as u16;
                self.owe_strip(index, strip);
            }
        }
        self.env.taken = taken_in_all.min(u32::from(u16::MAX)) as u16;
        resow
    }

    /// One capture rule whose condition holds: what it takes (from the hand
    /// in play, its hole or set, the chain), where the seeds go (a score, a
    /// hole, a hand, out of play, or the hand in play to re-sow), and whether
    /// a veto or the mover's declining undoes it. Gives the seeds it took, or
    /// none where it was undone (the position and `env` back as they were).
    #[inline(always)]
    fn by(&mut self, rule: &Capture) -> Option<u32> {
        let (to, hand_to) = self.destination(rule);
        // Only a rule that can be vetoed or declined needs the position to go
        // back to (copied only then: an eager copy costs every capture).
        let before = match rule.veto.is_some() || rule.optional {
            true => Some((*self.position, *self.env)),
            false => None,
        };
        // What a vetoed capture gives back, read as the capture begins.
        let spared = rule
            .spare
            .as_ref()
            .map(|spare| spare.eval(&mut self.scope()));
        let mut taken = self.taken_by(rule, to);
        if let Some(into) = &rule.into
            && taken > 0
        {
            self.env.taken = taken as u16;
            let hole = into.eval(&mut self.scope());
            self.put_into(rule, hole, taken);
        }
        if let Some(side) = hand_to {
            // At most the 65,535 seeds a position holds.
            self.position.hand[side.index()] += taken as u16;
        }
        if rule.remove {
            self.position.out_of_play += taken as u16;
        }
        // Read in place: moving the copy out would copy the position again.
        if let (Some(veto), Some((position_before, env_before))) = (&rule.veto, &before) {
            self.env.taken = taken as u16;
            if veto.eval(&mut self.scope()) {
                let Some(spared) = spared else {
                    (*self.position, *self.env) = (*position_before, *env_before);
                    return None;
                };
                let board = &self.game.board;
                taken -= give_back(board, self.position, position_before, spared, to);
            }
        }
        if rule.optional
            && taken > 0
            && let Some((position_before, env_before)) = &before
        {
            self.options.met += 1;
            if self.options.declined.declines(self.options.met - 1) {
                (*self.position, *self.env) = (*position_before, *env_before);
                return None;
            }
        }
        Some(taken)
    }

    /// Where a rule's seeds go: the side whose score they join (`None`:
    /// nowhere yet, they are re-sown, put into a hole or out of play), and the
    /// side whose hand holds them (`into_hand`, taken as `into`'s are, then
    /// held).
    #[inline(always)]
    fn destination(&self, rule: &Capture) -> (Option<Side>, Option<Side>) {
        let to = match rule.resow.is_some() || rule.into.is_some() || rule.remove {
            true => None,
            false => Some(rule.to.eval(&mut self.scope())),
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
    fn taken_by(&mut self, rule: &Capture, to: Option<Side>) -> u32 {
        let board = &self.game.board;
        let mut taken = 0;
        // Kept between none and all of a hole's seeds.
        let at_most = rule.at_most.as_ref().map_or(u16::MAX, |seeds| {
            seeds.eval(&mut self.scope()).clamp(0, i64::from(u16::MAX)) as u16
        });
        if let (Some(seeds), Some(to)) = (&rule.from_hand, to) {
            let seeds = seeds
                .eval(&mut self.scope())
                .clamp(0, i64::from(self.env.in_hand)) as u16;
            self.env.in_hand -= seeds;
            self.position.captured[to.index()] += u32::from(seeds);
            taken += u32::from(seeds);
        }
        match &rule.take {
            Target::Set(set) => {
                for hole in set.eval(&mut self.scope()).iter() {
                    taken += take(board, self.position, hole, at_most, to, rule.claim);
                }
            }
            Target::Hole(hole) => {
                let first = hole.eval(&mut self.scope());
                taken += take(board, self.position, first, at_most, to, rule.claim);
                if let Some(chain) = &rule.chain {
                    taken += self.chained(rule, chain, first, at_most, to);
                }
            }
        }
        taken
    }

    /// The holes a chain takes after `first`: each candidate `x` the step
    /// gives from the last one taken, while the chain's condition holds for it.
    #[inline(always)]
    fn chained(
        &mut self,
        rule: &Capture,
        chain: &Chain,
        first: Hole,
        at_most: u16,
        to: Option<Side>,
    ) -> u32 {
        let board = &self.game.board;
        let (mut taken, mut x) = (0, first);
        for _ in 0..chain.links {
            self.env.x = x;
            let candidate = chain.step.eval(&mut self.scope());
            self.env.x = candidate;
            if !chain.continue_while.eval(&mut self.scope()) {
                break;
            }
            taken += take(board, self.position, candidate, at_most, to, rule.claim);
            x = candidate;
        }
        taken
    }

    /// Puts a rule's `taken` seeds into `hole` (`into`): a store's seeds join
    /// its side's score; a hole closed for the round holds none, so the side
    /// the rule's `to` names keeps them, as an ordinary capture.
    #[inline(always)]
    fn put_into(&mut self, rule: &Capture, hole: Hole, taken: u32) {
        let board = &self.game.board;
        if board.is_store(hole) {
            self.position.captured[board.owner(hole).index()] += taken;
        } else if self.position.closed.contains(hole) {
            let side = rule.to.eval(&mut self.scope());
            self.position.captured[side.index()] += taken;
        } else {
            self.position.counts[hole as usize] += taken as u16;
        }
    }

    /// The `seeds` re-sowing rules have taken so far, to be sown on from the
    /// hole this one names (`resow`), the other way where `resow_reverse` holds.
    #[inline(always)]
    fn resown(&self, rule: &Capture, from: &Compiled<HoleExpr>, seeds: u32) -> Resow {
        let from = from.eval(&mut self.scope());
        let reverse = rule
            .resow_reverse
            .as_ref()
            .is_some_and(|reverse| reverse.eval(&mut self.scope()));
        Resow {
            seeds,
            from,
            reverse,
        }
    }

    /// A capture with a strip: the mover owes that many more decisions (no
    /// more than the strip's holes can pay). Out of line: only a few games strip.
    #[inline(never)]
    fn owe_strip(&mut self, index: usize, strip: &Strip) {
        let stones = strip.stones.eval(&mut self.scope()).max(0);
        let from = strip.from.eval(&mut self.scope());
        let owed = stones.min(i64::from(payable(self.position, from, strip.whole)));
        if owed > 0 {
            self.position.pending = Some(Pending {
                capture: index as u8,
                remaining: owed as u16,
                again: false,
            });
        }
    }
}

/// Claims lost (`[claims] lost`), asked of every claimed hole after seeds
/// have left a hole (`start`: the position at the start of the move, if a rule
/// reads it). Out of line: only a few games lose claims.
#[inline(never)]
pub(super) fn lose_claims(
    game: &Game,
    position: &mut AnyPosition,
    start: Option<&AnyPosition>,
    mover: Side,
) {
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

/// Takes a hole's seeds, `at_most` of them, to `to`'s score (`None`: into the
/// hand, to be sown on); with `claim`, the hole becomes `to`'s.
pub(super) fn take(
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
pub(super) fn give_back(
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
