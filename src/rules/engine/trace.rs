//! A move seed by seed (`Step`), reported where a caller wants it (`Trace`):
//! the web playground's animation, and a look-ahead watching what a move takes.

use super::*;

/// A move seed by seed, for a page to animate: what the hand takes up, where
/// each seed falls, and what captures take. Applied in order to the position
/// before the move (the hand in play starting empty), the steps give exactly
/// the position after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Seeds lifted from a hole (or a store) into the hand in play (the move's
    /// own, or a relay's).
    Lift {
        /// Where from.
        hole: Hole,
        /// How many.
        seeds: u16,
    },
    /// Seeds taken out of the mover's own hand into the hand in play (`[hand]`
    /// moves).
    FromHand {
        /// How many.
        seeds: u16,
    },
    /// One seed falls from the hand in play into a hole or a store.
    Drop {
        /// Where it falls.
        cell: Hole,
    },
    /// A capture takes seeds from a hole or a store, to a side's score (`None`:
    /// into the hand in play, to be sown on or put down by the steps after).
    Capture {
        /// Where from.
        hole: Hole,
        /// How many.
        seeds: u16,
        /// Whose score they join (`None`: the hand in play).
        to: Option<Side>,
    },
    /// Seeds from the hand in play put into a hole (a capture's `into`).
    Put {
        /// Where.
        cell: Hole,
        /// How many.
        seeds: u16,
    },
    /// Seeds from the hand in play to a side's score (a capture's `from_hand`).
    Score {
        /// Whose score.
        side: Side,
        /// How many.
        seeds: u32,
    },
    /// Seeds from the hand in play into a side's own hand (`into_hand`).
    ToHand {
        /// Whose hand.
        side: Side,
        /// How many.
        seeds: u16,
    },
    /// Seeds from the hand in play out of play (a capture's `remove`).
    OutOfPlay {
        /// How many.
        seeds: u16,
    },
    /// Seeds passed from one side's hand to the other's (`[hand] give`).
    HandOver {
        /// The side whose hand receives them.
        to: Side,
        /// How many.
        seeds: u16,
    },
    /// The sides swap seats (`[swap]`): the board turns half round, each
    /// hole's seeds going to the hole in the same place seen from the other
    /// seat, and the scores and hands change sides.
    TurnRound,
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
/// hand in play, or taken out of play. Only traced moves come here.
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
    if after.out_of_play > before.out_of_play {
        trace.step(Step::OutOfPlay {
            seeds: after.out_of_play - before.out_of_play,
        });
    }
}

/// The steps taking seeds from stores and holes, each to the side whose score
/// grew (`None`: into the hand in play); gives back what each side's score
/// gained that they do not account for.
pub(super) fn traced_takes(
    board: &Board,
    trace: &mut impl Trace,
    before: &AnyPosition,
    after: &AnyPosition,
) -> [i64; 2] {
    let score = |p: &AnyPosition, side: Side| i64::from(p.captured[side.index()]);
    let mut owed = Side::BOTH.map(|side| score(after, side) - score(before, side));
    // A store handed over is taken as a hole is, to the other side.
    let lost = Side::BOTH.map(|side| score(before, side) - score(after, side));
    let mut takes: Vec<(Hole, i64, Side)> = Vec::new();
    for side in Side::BOTH {
        if let (true, Some(store)) = (lost[side.index()] > 0, board.store(side)) {
            takes.push((store, lost[side.index()], side.other()));
        }
    }
    for (hole, (&was, &is)) in before.counts.iter().zip(&after.counts).enumerate() {
        if is < was {
            let hole = hole as Hole;
            takes.push((hole, i64::from(was - is), board.owner(hole)));
        }
    }
    let destinations = destinations(&takes, owed);
    for (&(hole, seeds, _), &to) in takes.iter().zip(&destinations) {
        if let Some(to) = to {
            owed[to.index()] -= seeds;
        }
        let seeds = seeds.clamp(0, i64::from(u16::MAX)) as u16;
        trace.step(Step::Capture { hole, seeds, to });
    }
    for side in Side::BOTH {
        if lost[side.index()] > 0 && board.store(side).is_some() {
            owed[side.index()] += lost[side.index()];
        }
    }
    owed
}

/// Whose score each take (hole, seeds, the side it would go to by default)
/// joins, given what each score gained (`owed`): the side whose score grew;
/// where both grew, a split of the takes that accounts for each gain exactly
/// (each to its default side where that fits), else each to its default.
fn destinations(takes: &[(Hole, i64, Side)], owed: [i64; 2]) -> Vec<Option<Side>> {
    let one = |side: Option<Side>| vec![side; takes.len()];
    match owed.map(|gain| gain > 0) {
        [true, false] => one(Some(Side::South)),
        [false, true] => one(Some(Side::North)),
        [false, false] => one(None),
        [true, true] => exact_split(takes, owed)
            .unwrap_or_else(|| takes.iter().map(|&(_, _, side)| Some(side)).collect()),
    }
}

/// Takes given to South summing exactly to its gain, the rest to North's
/// (which must then sum to its gain), preferring each take's default side:
/// largest first by default, then any exact split (subset sums). `None` where
/// no split accounts for both gains.
fn exact_split(takes: &[(Hole, i64, Side)], owed: [i64; 2]) -> Option<Vec<Option<Side>>> {
    let total: i64 = takes.iter().map(|t| t.1).sum();
    let south = owed[Side::South.index()];
    if total != south + owed[Side::North.index()] {
        return None;
    }
    // Largest first, each to its default side while that side is owed enough.
    let mut order: Vec<usize> = (0..takes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(takes[i].1));
    let mut left = owed;
    let mut split = vec![None; takes.len()];
    for &i in &order {
        let (_, seeds, side) = takes[i];
        let to = if left[side.index()] >= seeds {
            side
        } else {
            side.other()
        };
        left[to.index()] -= seeds;
        split[i] = Some(to);
    }
    if left == [0, 0] {
        return Some(split);
    }
    // Subset sums of the takes, each reached sum remembering the take that
    // first reached it, bounded by South's gain (at most the seeds a game holds).
    let south = usize::try_from(south).ok()?;
    let mut reached_by: Vec<Option<usize>> = vec![None; south + 1];
    let mut reached = vec![false; south + 1];
    reached[0] = true;
    for (i, &(_, seeds, _)) in takes.iter().enumerate() {
        let seeds = usize::try_from(seeds).ok()?;
        for sum in (seeds..=south).rev() {
            if !reached[sum] && reached[sum - seeds] {
                reached[sum] = true;
                reached_by[sum] = Some(i);
            }
        }
    }
    if !reached[south] {
        return None;
    }
    let mut split = vec![Some(Side::North); takes.len()];
    let mut sum = south;
    while sum > 0 {
        let i = reached_by[sum]?;
        split[i] = Some(Side::South);
        sum -= usize::try_from(takes[i].1).ok()?;
    }
    Some(split)
}
