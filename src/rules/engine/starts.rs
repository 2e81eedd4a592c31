//! Where a move may start: the candidate holes, the legal starts, the
//! decisions a hole offers and which way it is sown.

use super::*;
use crate::rules::board::MAX_HOLES;
use crate::rules::decision::Decision;

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

/// The move from each hole, choosing nothing, by hole: copied whole into the
/// list of starts, where building each (an enum, field by field) cost the
/// games with long rows several percent of their instructions.
const FROM_HOLE: [Decision; MAX_HOLES] = {
    let mut moves = [Decision::Move(Move::BLANK); MAX_HOLES];
    let mut hole = 0;
    while hole < MAX_HOLES {
        moves[hole] = Decision::Move(Move {
            hole: hole as Hole,
            ..Move::BLANK
        });
        hole += 1;
    }
    moves
};

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
    // Sized by copying the holes' moves: `resize` with a decision is not inlined.
    legal.extend_from_slice(&FROM_HOLE[own.clone()]);
    let slots = &mut legal[first..];
    let mut kept = 0;
    for (hole, &seeds) in own.zip(counts) {
        slots[kept] = FROM_HOLE[hole];
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
    let decision = |direction| Move {
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
pub(crate) struct MovesFrom([Option<Move>; 2]);

impl IntoIterator for MovesFrom {
    type Item = Move;
    type IntoIter = std::iter::Flatten<std::array::IntoIter<Option<Move>, 2>>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().flatten()
    }
}

/// Whether the move is sown against the game's direction: as the mover chose,
/// else as the game's `[sowing] reverse` says for its origin.
#[inline(always)]
pub(super) fn sown_reversed(game: &Game, position: &AnyPosition, decision: Move) -> bool {
    match decision.direction {
        Some(direction) => direction != game.board.direction(),
        None => game.reverse.as_ref().is_some_and(|reverse| {
            let mut env = Env::new(position.to_move);
            env.origin = decision.hole;
            reverse.eval(&mut scope(game, position, None, env))
        }),
    }
}
