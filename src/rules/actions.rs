//! A fixed numbering of a game's decisions, for programs that need a
//! fixed-size action space (learning libraries such as OpenSpiel and
//! PettingZoo): every decision the game could ever offer has one number below
//! `Actions::count`, and a number names at most one decision.
//!
//! Moves come first: `action = hole + holes * (direction + directions *
//! (declined + declines * hand))`, where `holes` is the board's hole count;
//! `direction` is 0 where the mover does not choose one, else 1 (`ccw`) or 2
//! (`cw`), and `directions` is 3 in games whose movers choose directions
//! (`[move] choose_direction`), else 1; `declined` is `Declined::code` in games
//! with optional captures or relays, else 0 (and `declines` is
//! `Declined::CODES` or 1); `hand` is 0 for a move that says nothing of the
//! hand, 1 for `a1:hand` (hand moves beside board moves), or the count of
//! `a1:hand=5` (`[hand] choose_seeds`: counts up to the seeds the game starts
//! with, every seed of it). A game with none of these numbers its moves by hole
//! alone: `a1` is 0, `a2` 1, ... in board order. Then come the end checks a decision calls or offers (`[[end]] call`,
//! `offer`), in file order; in a game with offers, `accept` and `refuse`; and
//! last, in a game with a swap of seats (`[swap]`), `swap`.

use crate::rules::board::{Direction, Hole};
use crate::rules::decision::{Answer, Decision, Declined, HandTake, Move};
use crate::rules::game::{Game, HandOffered};

/// The numbering of one game's decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actions {
    holes: usize,
    directions: usize,
    declines: usize,
    /// What moves may say of the hand.
    hand: HandNumbers,
    /// The end checks a decision calls or offers, by index, in file order.
    calls: Vec<u8>,
    /// Whether an offer may be answered (`accept`, `refuse`).
    answers: bool,
    /// Whether the mover may swap seats.
    swap: bool,
}

impl Actions {
    /// The numbering of `game`'s decisions.
    pub fn of(game: &Game) -> Actions {
        Actions {
            holes: game.board().hole_count(),
            directions: match game.moves.choose_direction {
                Some(_) => 3,
                None => 1,
            },
            declines: match game.has_chances() {
                true => Declined::CODES,
                false => 1,
            },
            hand: HandNumbers::of(game),
            calls: game.called_checks().map(|check| check as u8).collect(),
            answers: game.has_offers(),
            swap: game.swap.is_some(),
        }
    }

    /// How many numbers there are: every action is below this.
    pub fn count(&self) -> usize {
        self.moves() + self.calls.len() + self.answer_count() + usize::from(self.swap)
    }

    /// How many numbers name moves (the first ones).
    fn moves(&self) -> usize {
        self.holes * self.directions * self.declines * self.hand.count()
    }

    fn answer_count(&self) -> usize {
        match self.answers {
            true => Answer::BOTH.len(),
            false => 0,
        }
    }

    /// The number of `decision`; `None` for a decision this game never offers
    /// (a direction where the mover chooses none, a hole past the board...).
    /// Every legal decision has one.
    pub fn number(&self, decision: Decision) -> Option<usize> {
        let played = match decision {
            Decision::Move(played) => played,
            Decision::Call(check) => {
                let index = self.calls.iter().position(|&c| c == check)?;
                return Some(self.moves() + index);
            }
            Decision::Answer(answer) => {
                let index = Answer::BOTH.iter().position(|&a| a == answer)?;
                return self
                    .answers
                    .then_some(self.moves() + self.calls.len() + index);
            }
            Decision::Swap => {
                let index = self.moves() + self.calls.len() + self.answer_count();
                return self.swap.then_some(index);
            }
        };
        let direction = match played.direction {
            None => 0,
            Some(Direction::Counterclockwise) => 1,
            Some(Direction::Clockwise) => 2,
        };
        let declined = played.declined.code();
        let take = self.hand.code(played.hand)?;
        let fits = (played.hole as usize) < self.holes
            && direction < self.directions
            && declined < self.declines;
        let rest = declined + self.declines * take;
        fits.then(|| played.hole as usize + self.holes * (direction + self.directions * rest))
    }

    /// The decision `action` numbers; `None` past `count`.
    pub fn decision(&self, action: usize) -> Option<Decision> {
        if action >= self.moves() {
            let index = action - self.moves();
            if let Some(&check) = self.calls.get(index) {
                return Some(Decision::Call(check));
            }
            let answer = index - self.calls.len();
            if answer < self.answer_count() {
                return Some(Decision::Answer(Answer::BOTH[answer]));
            }
            let swap = answer - self.answer_count();
            return (swap == 0 && self.swap).then_some(Decision::Swap);
        }
        let (hole, rest) = (action % self.holes, action / self.holes);
        let direction = match rest % self.directions {
            0 => None,
            1 => Some(Direction::Counterclockwise),
            _ => Some(Direction::Clockwise),
        };
        let rest = rest / self.directions;
        Some(Decision::Move(Move {
            hole: hole as Hole,
            hand: self.hand.take(rest / self.declines),
            direction,
            declined: Declined::from_code(rest % self.declines)?,
        }))
    }
}

/// What a game's moves may say of the hand, numbered: 0 nothing, then 1 for
/// `a1:hand`, or each count of `a1:hand=N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HandNumbers {
    /// Nothing: no hand, or hand moves that replace board moves and take the
    /// rules' count.
    Unsaid,
    /// `a1:hand`: hand moves beside board moves, taking the rules' count.
    Named,
    /// `a1:hand=N` for N up to this (`[hand] choose_seeds`): the seeds the
    /// game starts with, every seed of it.
    Counts(u16),
}

impl HandNumbers {
    fn of(game: &Game) -> HandNumbers {
        match &game.hand {
            Some(hand) if hand.choose_seeds.is_some() => {
                let most = game.start.seeds().min(u32::from(HandTake::MOST));
                HandNumbers::Counts(most as u16)
            }
            Some(hand) if hand.offered == HandOffered::Beside => HandNumbers::Named,
            _ => HandNumbers::Unsaid,
        }
    }

    /// How many codes there are.
    fn count(self) -> usize {
        match self {
            HandNumbers::Unsaid => 1,
            HandNumbers::Named => 2,
            HandNumbers::Counts(most) => 1 + usize::from(most),
        }
    }

    /// The code of what a move says, if this game's moves may say it.
    fn code(self, hand: HandTake) -> Option<usize> {
        match (self, hand.seeds()) {
            (_, None) if !hand.is_said() => Some(0),
            (HandNumbers::Named, None) => Some(1),
            (HandNumbers::Counts(most), Some(seeds)) if seeds <= most => Some(usize::from(seeds)),
            _ => None,
        }
    }

    /// What the code `code` says (below `count`).
    fn take(self, code: usize) -> HandTake {
        match (self, code) {
            (_, 0) => HandTake::UNSAID,
            (HandNumbers::Named, _) => HandTake::RULES,
            _ => HandTake::chosen(code as u16),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled games, and games whose moves say they come from the hand.
    fn games() -> Vec<(String, Game)> {
        let mut games: Vec<(String, Game)> = crate::language::bundled::ids()
            .map(|id| {
                (
                    id.to_string(),
                    crate::load(id, &[]).expect("bundled games load"),
                )
            })
            .collect();
        // Counts chosen, hand moves beside board moves, and one seed in all.
        for file in ["hand-choose", "hand-beside", "hand-one-seed"] {
            let path = format!("{}/tests/games/{file}.toml", env!("CARGO_MANIFEST_DIR"));
            let game = crate::load(&path, &[]).expect("a test game");
            games.push((path, game));
        }
        games
    }

    /// Every number names a decision whose number it is, in every bundled game
    /// and in games with hand moves that say so.
    #[test]
    fn numbers_and_decisions_are_one_to_one() {
        for (id, game) in games() {
            let actions = Actions::of(&game);
            for action in 0..actions.count() {
                let decision = actions.decision(action).expect("below the count");
                assert_eq!(actions.number(decision), Some(action), "{id}");
            }
            assert_eq!(actions.decision(actions.count()), None, "{id}");
        }
    }

    /// Every decision met in random games has a number (below the count) that
    /// names it back (random games of hand moves reach hands of every size).
    #[test]
    fn every_legal_decision_is_numbered() {
        for (id, game) in games() {
            let actions = Actions::of(&game);
            for seed in 0..3 {
                let mut rng = crate::agents::playout::rng(seed);
                let mut state = crate::MatchState::single(&game);
                while state.outcome().is_none() {
                    for decision in state.legal() {
                        let action = actions.number(decision).expect("legal: numbered");
                        assert!(action < actions.count(), "{id}");
                        assert_eq!(actions.decision(action), Some(decision), "{id}");
                    }
                    let choices = state.legal().len();
                    state.play_index(rand::RngExt::random_range(&mut rng, 0..choices));
                }
            }
        }
    }
}
