//! Claims gained once a move is played (`[claims] gain`) and the look-ahead
//! they and end checks may read (`threats(side)`): each legal move of a side
//! played ahead on a copy, to see which of the opponent's holes it would take
//! first.

use crate::ir::{BoolExpr, Compiled, Env, lookahead};
use crate::rules::board::{Hole, HoleSet, Side};
use crate::rules::decision::Move;
use crate::rules::engine::{
    Sources, Step, Trace, candidates, decisions_at, may_play_at, preference, scope, sow_watched,
};
use crate::rules::game::Game;
use crate::rules::position::{AnyPosition, Position};

/// Claims gained (`[claims] gain`) by the move `decision` played from `start`,
/// which led to `position`: the condition is asked of each of the opponent's
/// holes, and those it holds for become the mover's, in place of the mover's
/// claims on the opponent's holes. Made once a move is played (`GameState`
/// gains only for the move it plays, not for every move it considers);
/// `threats` is worked out only for the sides the condition asks about (see
/// `lookahead`).
pub(crate) fn gain_claims<const N: usize>(
    game: &Game,
    start: &AnyPosition,
    position: &mut Position<N>,
    decision: Move,
) {
    let Some(gain) = &game.claims_gain else {
        return;
    };
    let now = *position;
    let mut env = Env::new(start.to_move);
    env.origin = decision.hole;
    let across = now.holes(&game.board, env.mover.other());
    lookahead::begin();
    let gained = loop {
        let mut gained = HoleSet::default();
        for hole in across.iter() {
            env.here = hole;
            if gain.eval(&mut scope(game, &now, Some(start), env)) {
                gained.insert(hole);
            }
        }
        let missing = lookahead::take_missing();
        if missing == [false; 2] {
            break gained;
        }
        for side in Side::BOTH.into_iter().filter(|s| missing[s.index()]) {
            lookahead::provide(side, threats(game, &now, side));
        }
    };
    if !gained.is_empty() {
        let claims = &mut position.claims[env.mover.index()];
        *claims = claims.without_with(across, gained);
    }
}

/// Whether an end check's condition `when` holds for `side` at a turn's start,
/// working out `threats` for the sides it asks about (see `lookahead`).
pub(crate) fn holds_looking_ahead<const N: usize>(
    game: &Game,
    when: &Compiled<BoolExpr>,
    position: &Position<N>,
    side: Side,
    last_mover: Side,
) -> bool {
    lookahead::begin();
    loop {
        let holds = game.holds_for(when, position, side, last_mover);
        let missing = lookahead::take_missing();
        if missing == [false; 2] {
            return holds;
        }
        for side in Side::BOTH.into_iter().filter(|s| missing[s.index()]) {
            lookahead::provide(side, threats(game, position, side));
        }
    }
}

/// The first of a set of holes (the opponent's) that a move takes; of a capture
/// taking several at once, the first in board order. (Instantiated here, away
/// from the engine's own sowing, whose inlining it would otherwise change.)
struct FirstTaken {
    of: HoleSet,
    first: Option<Hole>,
}

impl Trace for FirstTaken {
    const ENABLED: bool = true;
    fn step(&mut self, step: Step) {
        if let (None, Step::Capture { hole, .. }) = (self.first, step)
            && self.of.contains(hole)
        {
            self.first = Some(hole);
        }
    }

    fn wants_captures(&self) -> bool {
        self.first.is_none()
    }
}

/// Adds to `met` the first hole of `across` each legal move (from the hand or
/// the board) takes, with how well it does by `prefer`.
fn first_taken_by_moves<const N: usize>(
    game: &Game,
    from: &Position<N>,
    from_hand: bool,
    across: HoleSet,
    met: &mut Vec<(Option<Hole>, i64)>,
) {
    for hole in candidates(game, from, from_hand) {
        if !may_play_at(game, from, hole, from_hand) {
            continue;
        }
        // With `after_by_hole`, the directions of a move (a hole, or a hand
        // move's count) stand or fall together.
        let mut decisions = decisions_at(game, from, hole, from_hand)
            .into_iter()
            .peekable();
        while let Some(first) = decisions.next() {
            let group = std::iter::once(first).chain(std::iter::from_fn(|| {
                decisions.next_if(|d| d.hand == first.hand)
            }));
            let (start, mut meets_after) = (met.len(), false);
            for decision in group {
                let mut next = *from;
                let mut first = FirstTaken {
                    of: across,
                    first: None,
                };
                if let Ok(sown) = sow_watched(game, &mut next, decision, &mut first) {
                    meets_after |= !sown.fails_after;
                    met.push((first.first, preference(game, from, &next, decision)));
                }
            }
            if !meets_after {
                met.truncate(start);
            }
        }
    }
}

/// The holes of its opponent's that `side`'s legal moves from `position` would
/// take first, one for each move that takes any, as if `side` were to move
/// (`threats(side)`): every move it may start is played on a copy, taking
/// every optional capture; only those that do best by `[move] prefer` count.
fn threats<const N: usize>(game: &Game, position: &Position<N>, side: Side) -> HoleSet {
    let mut from = *position;
    from.to_move = side;
    from.pending = None;
    let across = from.holes(&game.board, side.other());
    // The first hole each legal move takes, and how well it does by `prefer`.
    let mut met: Vec<(Option<Hole>, i64)> = Vec::new();
    for from_hand in Sources::of(game, &from).each() {
        first_taken_by_moves(game, &from, from_hand, across, &mut met);
    }
    let best = met.iter().map(|&(_, value)| value).max();
    let mut taken = HoleSet::default();
    for (first, value) in met {
        if let Some(hole) = first
            && Some(value) == best
        {
            taken.insert(hole);
        }
    }
    taken
}
