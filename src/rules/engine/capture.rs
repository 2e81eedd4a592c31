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
    let resow = capture(game, position, start, env, options, time);
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

/// Runs every capture rule of the given time whose condition holds, in file
/// order. Seeds that re-sowing rules took are returned, to be sown on from the
/// hole the last of them names; `env.taken` is left at what they took in all
/// (a relay reads it after the lap-end captures).
#[inline(always)]
pub(super) fn capture<const N: usize>(
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
pub(super) fn capture_from<const N: usize>(
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
/// go (a score, a hole, a hand, out of play, or the hand in play to re-sow), and whether a
/// veto or the mover's declining undoes it. Gives the seeds it took, or none
/// where it was undone (the position and `env` back as they were).
#[inline(always)]
pub(super) fn capture_by<const N: usize>(
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
    if rule.remove {
        position.out_of_play += taken as u16;
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
/// yet, they are re-sown, put into a hole or out of play), and the side whose
/// hand holds them (`into_hand`, taken as `into`'s are, then held).
#[inline(always)]
pub(super) fn destination(
    game: &Game,
    position: &AnyPosition,
    start: Option<&AnyPosition>,
    env: Env,
    rule: &Capture,
) -> (Option<Side>, Option<Side>) {
    let to = match rule.resow.is_some() || rule.into.is_some() || rule.remove {
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
pub(super) fn taken_by<const N: usize>(
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
pub(super) fn put_into(
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
pub(super) fn resown(
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

/// A capture with a strip: the mover owes that many more decisions (no more than
/// the strip's holes can pay). Out of line: only a few games strip.
#[inline(never)]
pub(super) fn owe_strip(
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
