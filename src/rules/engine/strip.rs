//! Strips (reference: `strip`): the decisions a capture owes, each taking
//! one more hole's seeds, and when they lapse.

use super::*;

pub(super) fn seeds_in(position: &AnyPosition, set: HoleSet) -> u32 {
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
pub(super) fn strips_whole(game: &Game, pending: Pending) -> bool {
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
pub(super) fn strip_set(game: &Game, position: &AnyPosition, pending: Pending) -> HoleSet {
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
pub(super) fn lapse_empty_strip(game: &Game, position: &mut AnyPosition) -> bool {
    match position.pending {
        None => true,
        Some(pending) => lapse_strip(game, position, pending),
    }
}

#[inline(never)]
pub(super) fn lapse_strip(game: &Game, position: &mut AnyPosition, pending: Pending) -> bool {
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
