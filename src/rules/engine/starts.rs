//! Where a move may start: the candidate holes, the legal starts, the
//! decisions a hole offers and which way it is sown.

use super::*;
use crate::rules::board::MAX_HOLES;
use crate::rules::decision::{Decision, HandTake};

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

/// The decisions a move of `seeds` seeds from `hole` (which `may_start_from`,
/// or for a hand move `may_place`) offers: one per direction where the mover
/// chooses it (`[move] choose_direction`, reading `seeds` as `in_hand`), else
/// one. `hand` is what each says of the hand.
pub(crate) fn moves_from(
    game: &Game,
    position: &AnyPosition,
    (hole, seeds): (Hole, u16),
    hand: HandTake,
) -> MovesFrom {
    let chooses = game.moves.choose_direction.as_ref().is_some_and(|choose| {
        let mut env = Env::new(position.to_move);
        (env.origin, env.in_hand) = (hole, seeds);
        choose.eval(&mut scope(game, position, None, env))
    });
    let decision = |direction| Move {
        hole,
        hand,
        direction,
        declined: Declined::NONE,
    };
    match chooses {
        false => MovesFrom::Few([Some(decision(None)), None]),
        true => MovesFrom::Few([
            Some(decision(Some(Direction::Counterclockwise))),
            Some(decision(Some(Direction::Clockwise))),
        ]),
    }
}

/// The seeds a move from `hole` lifts (`[move] lift`, all by default; kept
/// between 1 and all the hole holds). Inlined: every move's lift asks it.
#[inline(always)]
pub(crate) fn seeds_lifted(game: &Game, position: &AnyPosition, hole: Hole) -> u16 {
    let available = position.counts[hole as usize];
    match &game.moves.lift {
        None => available,
        Some(lift) => {
            let mut env = Env::new(position.to_move);
            env.origin = hole;
            let asked = lift.eval(&mut scope(game, position, None, env));
            asked.clamp(1, i64::from(available.max(1))) as u16
        }
    }
}

/// The seeds a hand move `hand` into `hole` would take: as many as the mover
/// chose, else `[hand] seeds` (one by default), kept between 1 and all it holds.
pub(crate) fn seeds_taken(game: &Game, position: &AnyPosition, hole: Hole, hand: HandTake) -> u16 {
    let held = position.hand[position.to_move.index()];
    let rules = game.hand.as_ref().and_then(|h| h.seeds.as_ref());
    let seeds = match (hand.seeds(), rules) {
        (Some(chosen), _) => i64::from(chosen),
        (None, None) => 1,
        (None, Some(seeds)) => {
            let mut env = Env::new(position.to_move);
            env.origin = hole;
            seeds.eval(&mut scope(game, position, None, env))
        }
    };
    seeds.clamp(1, i64::from(held.max(1))) as u16
}

/// The decisions of a hand move into `hole` (which `may_place`): for each count
/// the mover may choose (`[hand] choose_seeds`), or the rules' count, each
/// direction `moves_from` offers. Out of line: only games with a hand come here.
#[inline(never)]
pub(crate) fn hand_moves_into(game: &Game, position: &AnyPosition, hole: Hole) -> MovesFrom {
    let hand = game.hand.as_ref().expect("a hand move needs [hand]");
    let said = match hand.offered {
        HandOffered::Instead => HandTake::UNSAID,
        HandOffered::Beside => HandTake::RULES,
    };
    let Some(choose) = &hand.choose_seeds else {
        let seeds = seeds_taken(game, position, hole, said);
        return moves_from(game, position, (hole, seeds), said);
    };
    let held = position.hand[position.to_move.index()].min(HandTake::MOST);
    let mut moves = Vec::new();
    for seeds in 1..=held {
        let mut env = Env::new(position.to_move);
        (env.origin, env.in_hand) = (hole, seeds);
        if choose.eval(&mut scope(game, position, None, env)) {
            moves.extend(moves_from(
                game,
                position,
                (hole, seeds),
                HandTake::chosen(seeds),
            ));
        }
    }
    MovesFrom::Many(moves)
}

/// Where the side to move may play from this turn (`[hand]`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sources {
    /// Its holes only.
    Board,
    /// Its hand only (hand moves replace board moves).
    Hand,
    /// Either (`[hand] offered = "beside"`).
    Both,
}

impl Sources {
    /// Where the side to move in `position` may play from.
    #[inline(always)]
    pub(crate) fn of(game: &Game, position: &AnyPosition) -> Sources {
        match &game.hand {
            Some(hand) if plays_from_hand(game, position) => match hand.offered {
                HandOffered::Instead => Sources::Hand,
                HandOffered::Beside => Sources::Both,
            },
            _ => Sources::Board,
        }
    }

    pub(crate) fn hand(self) -> bool {
        self != Sources::Board
    }

    pub(crate) fn board(self) -> bool {
        self != Sources::Hand
    }

    /// Each kind of move played, as whether it is from the hand: the hand's
    /// first, as `legal` lists them.
    pub(crate) fn each(self) -> impl Iterator<Item = bool> {
        [true, false]
            .into_iter()
            .filter(move |&from_hand| if from_hand { self.hand() } else { self.board() })
    }
}

/// Whether `decision`, played now, is a hand move: any move while hand moves
/// replace board moves, else one that says so.
#[inline(always)]
pub(crate) fn is_hand_move(game: &Game, position: &AnyPosition, decision: Move) -> bool {
    match Sources::of(game, position) {
        Sources::Board => false,
        Sources::Hand => true,
        Sources::Both => decision.hand.is_said(),
    }
}

/// The decisions at one hole, in name order: one or two for a board move
/// (`ccw` before `cw`), any number for a hand move whose count is chosen.
pub(crate) enum MovesFrom {
    Few([Option<Move>; 2]),
    Many(Vec<Move>),
}

impl IntoIterator for MovesFrom {
    type Item = Move;
    type IntoIter = MovesFromIter;

    fn into_iter(self) -> MovesFromIter {
        match self {
            MovesFrom::Few(few) => MovesFromIter::Few(few.into_iter().flatten()),
            MovesFrom::Many(many) => MovesFromIter::Many(many.into_iter()),
        }
    }
}

pub(crate) enum MovesFromIter {
    Few(std::iter::Flatten<std::array::IntoIter<Option<Move>, 2>>),
    Many(std::vec::IntoIter<Move>),
}

impl Iterator for MovesFromIter {
    type Item = Move;

    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        match self {
            MovesFromIter::Few(few) => few.next(),
            MovesFromIter::Many(many) => many.next(),
        }
    }
}

/// The decisions a move at `hole` offers: a hand move's into it
/// (`hand_moves_into`), or a board move's from it (`moves_from`).
#[inline(always)]
pub(crate) fn decisions_at(
    game: &Game,
    position: &AnyPosition,
    hole: Hole,
    from_hand: bool,
) -> MovesFrom {
    match from_hand {
        true => hand_moves_into(game, position, hole),
        false => board_moves_from(game, position, hole),
    }
}

/// The decisions of a move from `hole` on the board (`moves_from`).
#[inline(always)]
pub(crate) fn board_moves_from(game: &Game, position: &AnyPosition, hole: Hole) -> MovesFrom {
    let seeds = match game.moves.choose_direction {
        // Only a choice of direction reads what the move lifts.
        Some(_) => seeds_lifted(game, position, hole),
        None => 0,
    };
    moves_from(game, position, (hole, seeds), HandTake::UNSAID)
}

/// Whether the side to move may start a move at `hole`, one of its
/// `candidates`: put seeds there from its hand (`may_place`), or sow from it
/// (`may_start_from`).
#[inline(always)]
pub(crate) fn may_play_at(
    game: &Game,
    position: &AnyPosition,
    hole: Hole,
    from_hand: bool,
) -> bool {
    match from_hand {
        true => may_place(game, position, hole),
        false => may_start_from(game, position, hole),
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
