//! A game in progress: the position, the legal decisions with their results,
//! repetition history, end checks at each turn start, and the outcome.

use std::cell::OnceCell;

use crate::ir::{Env, Scope};
use crate::rules::board::MAX_CELLS;
use crate::rules::board::Side;
use crate::rules::decision::{Answer, Decision, Declined, Move};
use crate::rules::engine::{self, Step};
use crate::rules::gain;
use crate::rules::game::{Check, EndCheck, EndOutcome, Game, Trigger};
use crate::rules::position::{AnyPosition, Called, Position};

/// Who won a game, or whether it was drawn or left unfinished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// South has won.
    SouthWon,
    /// North has won.
    NorthWon,
    /// Neither side has won.
    Draw,
    /// Stopped at a limit before the rules ended it.
    Unfinished,
}

impl Status {
    /// `"south_won"`, `"north_won"`, `"draw"` or `"unfinished"`.
    pub fn name(self) -> &'static str {
        match self {
            Status::SouthWon => "south_won",
            Status::NorthWon => "north_won",
            Status::Draw => "draw",
            Status::Unfinished => "unfinished",
        }
    }

    /// The status of a game `side` won.
    pub fn won_by(side: Side) -> Status {
        match side {
            Side::South => Status::SouthWon,
            Side::North => Status::NorthWon,
        }
    }
}

/// Which end rule fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A side had no seeds in its holes.
    NoStones,
    /// The side to move had no legal decision.
    NoMoves,
    /// A turn started as an earlier one had (GEN-10).
    Repetition,
    /// A side held more than half of the seeds.
    Majority,
    /// An end check's own condition held.
    Condition,
    /// The game reached its turn limit.
    TurnLimit,
    /// Match play: a side could put no seed back into its holes.
    CannotRefill,
    /// Match play: the game's `lost_when` held for a side at a round's end.
    MatchLost,
    /// Match play: a side's tally reached the game's `tally_to_win`.
    Tally,
    /// Match play: a round started as an earlier round had started.
    RoundRepetition,
    /// Match play: the round limit was reached.
    RoundLimit,
    /// The mover called an end check (`[[end]] call`).
    Called,
    /// The side to move accepted the other's offer to end (`[[end]] offer`).
    Agreed,
}

impl Reason {
    /// The reason's name in JSON (`"no_moves"`, `"turn_limit"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Reason::NoStones => "no_stones",
            Reason::NoMoves => "no_moves",
            Reason::Repetition => "repetition",
            Reason::Majority => "majority",
            Reason::Condition => "condition",
            Reason::TurnLimit => "turn_limit",
            Reason::CannotRefill => "cannot_refill",
            Reason::MatchLost => "match_lost",
            Reason::Tally => "tally",
            Reason::RoundRepetition => "round_repetition",
            Reason::RoundLimit => "round_limit",
            Reason::Called => "called",
            Reason::Agreed => "agreed",
        }
    }
}

/// How a game ended: who won, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won.
    pub status: Status,
    /// Why the game ended.
    pub reason: Reason,
    /// Index of the end check that fired (`None` for the turn limit).
    pub check: Option<usize>,
}

/// GEN-11: the game ends unfinished.
fn turn_limit() -> Outcome {
    Outcome {
        status: Status::Unfinished,
        reason: Reason::TurnLimit,
        check: None,
    }
}

/// What the end checks decide at the start of a turn.
enum TurnStart {
    /// The side to move plays; `repeated`: the turn starts as an earlier one did (GEN-10).
    Play {
        repeated: bool,
    },
    /// The side to move passes (it has no legal move; the other side has one).
    Pass,
    Over(Outcome),
}

/// A decision that cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// The decision refused.
    pub decision: Decision,
}

/// A legal decision's position, sown but not settled (`GameState::successor`).
pub struct Successor<'s, 'g, const N: usize> {
    state: &'s GameState<'g, N>,
    index: usize,
    position: Position<N>,
}

impl<'g, const N: usize> Successor<'_, 'g, N> {
    /// The position as sown: the next turn's end checks have not run.
    pub fn position(&self) -> &Position<N> {
        &self.position
    }

    /// The state after the decision, written over `child` (as `after_into`).
    pub fn settle_into(&self, child: &mut GameState<'g, N>) {
        self.state.after_sown_into(self.index, self.position, child);
    }
}

/// Decisions a game's list is made room for at the start (most random games
/// of the bundled games take fewer; a longer one grows the list).
pub(crate) const TYPICAL_GAME_DECISIONS: usize = 128;

/// A game being played: its position, the legal decisions there, the decisions so far and, once over, its outcome. `N` is the cells a position has room for (see `CellClass`).
#[derive(Clone)]
pub struct GameState<'g, const N: usize = MAX_CELLS> {
    game: &'g Game,
    position: Position<N>,
    /// Legal decisions in board order.
    legal: Vec<Decision>,
    /// Each legal decision with the position it leads to. Found while checking
    /// legality where a move may be endless or fail its `after` condition;
    /// elsewhere sown only when asked for (a random playout sows one move a turn).
    successors: OnceCell<Vec<Position<N>>>,
    /// `successors` with the claims each move gains once played (`[claims]
    /// gain`), made only when asked for: a move played gains its own alone.
    gained: OnceCell<Vec<Position<N>>>,
    /// Turn starts since the scores last changed (GEN-10), for games that check
    /// repetition, each with its fingerprint (compared first).
    history: Vec<(u64, Position<N>)>,
    outcome: Option<Outcome>,
    decisions: Vec<Decision>,
    endless_met: u32,
    /// Turns passed by a side with no legal move (not decisions).
    passes: u32,
    /// The side that made the last decision (a match may start the next round with it).
    last_mover: Option<Side>,
}

impl<'g> GameState<'g> {
    /// Starts from the game's setup.
    pub fn new(game: &'g Game) -> Self {
        Self::start(game, game.start)
    }

    /// Starts from any position (the end checks run at once if a turn starts there).
    pub fn from_position(game: &'g Game, position: Position) -> Self {
        Self::start(game, position)
    }
}

impl<'g, const N: usize> GameState<'g, N> {
    /// Starts from a position of any size, played with room for `N` cells
    /// (at least the board's: see `Game::cell_class`).
    ///
    /// Panics if some of its seeds lie past the first `N` cells (a board of more
    /// cells than `N`: see `CellClass`).
    pub fn from_any_position(game: &'g Game, position: &AnyPosition) -> Self {
        let position = position
            .resized::<N>()
            .expect("a game is played with room for its board's cells");
        Self::start(game, position)
    }

    /// Starts from `position` (the end checks run at once if a turn starts there).
    fn start(game: &'g Game, position: Position<N>) -> Self {
        let mut state = GameState {
            game,
            position,
            // Sized once for the board, rather than grown turn by turn.
            legal: Vec::with_capacity(game.board.hole_count()),
            successors: OnceCell::new(),
            gained: OnceCell::new(),
            history: Vec::new(),
            outcome: None,
            decisions: Vec::with_capacity(TYPICAL_GAME_DECISIONS),
            endless_met: 0,
            passes: 0,
            last_mover: None,
        };
        state.settle();
        state
    }

    /// The same state with room for `M` cells (at least the board's): for a
    /// search that plays at the game's own size.
    pub fn resized<const M: usize>(&self) -> GameState<'g, M> {
        self.clone().into_resized()
    }

    /// `resized`, reusing the state's lists: for a caller that keeps states of
    /// every game alike.
    pub fn into_resized<const M: usize>(self) -> GameState<'g, M> {
        let resize = |position: &Position<N>| {
            position
                .resized::<M>()
                .expect("a game's positions fit its board's cells")
        };
        let resize_all = |positions: OnceCell<Vec<Position<N>>>| match positions.into_inner() {
            Some(positions) => OnceCell::from(positions.iter().map(resize).collect::<Vec<_>>()),
            None => OnceCell::new(),
        };
        GameState {
            game: self.game,
            position: resize(&self.position),
            legal: self.legal,
            successors: resize_all(self.successors),
            gained: resize_all(self.gained),
            history: self.history.iter().map(|(f, p)| (*f, resize(p))).collect(),
            outcome: self.outcome,
            decisions: self.decisions,
            endless_met: self.endless_met,
            passes: self.passes,
            last_mover: self.last_mover,
        }
    }

    /// The game being played.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// The position now.
    pub fn position(&self) -> &Position<N> {
        &self.position
    }

    /// A key of what the rest of the game depends on besides its position:
    /// the earlier turn starts kept for repetition (GEN-10) that may recur. It
    /// is 0 where none can but the position itself, so that every line reaching
    /// the position plays on alike; otherwise the same for the same set of
    /// turn starts, in any order.
    pub fn history_key(&self) -> u64 {
        match self.history.as_slice() {
            [] => 0,
            // Scores never fall: no earlier position can recur.
            [.., (_, last)] if last.captured != self.position.captured => 0,
            [(_, only)] if self.position.repeats(only) => 0,
            history => history.iter().fold(0, |key, &(fingerprint, _)| {
                // Each mixed (splitmix64's finaliser), then combined
                // regardless of order.
                let mut z = fingerprint;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                key ^ z ^ (z >> 31)
            }),
        }
    }

    /// How the game ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The decisions played so far, in order.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// The side to decide, `None` once the game is over.
    pub fn to_move(&self) -> Option<Side> {
        self.outcome.is_none().then_some(self.position.to_move)
    }

    /// The position each legal decision leads to, in `legal` order.
    pub fn successors(&self) -> &[Position<N>] {
        let sown = self
            .successors
            .get_or_init(|| self.legal.iter().map(|&d| self.sown(d)).collect());
        if self.game.claims_gain.is_none() || self.position.pending.is_some() {
            return sown;
        }
        self.gained.get_or_init(|| {
            let gain = |(&next, &decision): (&Position<N>, &Decision)| {
                let mut next = next;
                if let Decision::Move(played) = decision {
                    gain::gain_claims(self.game, &self.position, &mut next, played);
                }
                next
            };
            sown.iter().zip(&self.legal).map(gain).collect()
        })
    }

    /// The position after the legal move `decision`.
    fn sown(&self, decision: Decision) -> Position<N> {
        let mut next = self.position;
        apply_legal(self.game, &mut next, decision);
        next
    }

    /// The steps of the legal decision `decision` (a strip's one capture), for
    /// a page to animate; `None` if it is not legal.
    pub fn steps(&self, decision: Decision) -> Option<Vec<Step>> {
        let index = self.legal.iter().position(|&legal| legal == decision)?;
        let mut next = self.position;
        let mut steps = match (self.position.pending, decision) {
            (Some(pending), Decision::Move(taken)) => {
                engine::strip(self.game, &mut next, taken.hole);
                engine::strip_steps(self.game, &self.position, pending, taken.hole)
            }
            (None, Decision::Move(played)) => {
                engine::sow_traced(self.game, &mut next, played).ok()?
            }
            (_, Decision::Swap) => {
                apply_legal(self.game, &mut next, decision);
                vec![Step::TurnRound]
            }
            // Nothing is sown: what follows (seeds given out as the game ends) is traced below.
            (_, Decision::Call(_) | Decision::Answer(_)) => {
                apply_legal(self.game, &mut next, decision);
                Vec::new()
            }
        };
        // What the turn's end did besides (the seeds left on the board given
        // out as the game ends), so that the steps give the position after.
        let after = self.after(index);
        engine::trace_captures(&self.game.board, &mut steps, &next, after.position());
        Some(steps)
    }

    /// About how much memory the state holds beyond its own size, in bytes.
    pub fn memory_bytes(&self) -> usize {
        let positions = self.successors.get().map_or(0, Vec::capacity)
            + self.gained.get().map_or(0, Vec::capacity);
        positions * std::mem::size_of::<Position<N>>()
            + self.history.capacity() * std::mem::size_of::<(u64, Position<N>)>()
            + self.legal.capacity() * std::mem::size_of::<Decision>()
            + self.decisions.capacity() * std::mem::size_of::<Decision>()
    }

    /// The side that made the last decision, `None` before the first.
    pub fn last_mover(&self) -> Option<Side> {
        self.last_mover
    }

    /// Turns passed so far by a side that had no legal move.
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// Candidate moves found endless (GEN-7) since the game began.
    pub fn endless_met(&self) -> u32 {
        self.endless_met
    }

    /// Legal decisions, sorted by row then column (then `ccw` before `cw`);
    /// empty once the game is over.
    pub fn legal(&self) -> impl ExactSizeIterator<Item = Decision> + '_ {
        self.legal.iter().copied()
    }

    /// The `index`-th legal decision.
    pub fn legal_decision(&self, index: usize) -> Decision {
        self.legal[index]
    }

    /// Plays the `index`-th legal decision (for agents that pick by index).
    pub fn play_index(&mut self, index: usize) {
        if self.game.claims_gain.is_some() {
            return self.play_gaining(index);
        }
        let decision = self.legal[index];
        self.last_mover = Some(self.position.to_move);
        match self.successors.get() {
            Some(successors) => self.position = successors[index],
            // Always legal: sown in place, without a copy.
            None => apply_legal(self.game, &mut self.position, decision),
        }
        self.decisions.push(decision);
        self.settle();
    }

    /// Starts again from `position`, as `from_position` would, reusing the
    /// state's lists: for a caller that starts from many positions of one game.
    pub(crate) fn restart_from(&mut self, position: Position<N>) {
        self.position = position;
        self.legal.clear();
        self.successors = OnceCell::new();
        self.gained = OnceCell::new();
        self.history.clear();
        self.outcome = None;
        self.decisions.clear();
        self.endless_met = 0;
        self.passes = 0;
        self.last_mover = None;
        self.settle();
    }

    /// The state after the `index`-th legal decision, made without copying
    /// what the new turn works out again (its legal decisions and successors):
    /// for search agents, which try every decision from one state.
    pub fn after(&self, index: usize) -> GameState<'g, N> {
        let mut child = GameState {
            game: self.game,
            position: self.position,
            legal: Vec::with_capacity(self.legal.len().max(1)),
            successors: OnceCell::new(),
            gained: OnceCell::new(),
            history: Vec::new(),
            outcome: None,
            decisions: Vec::with_capacity(self.decisions.len() + 1),
            endless_met: 0,
            passes: 0,
            last_mover: None,
        };
        self.after_into(index, &mut child);
        child
    }

    /// `after`, written over `child`, a state of the same game whose lists are
    /// reused: a search that keeps one spare state for each depth allocates
    /// nothing for the nodes it expands once its lists have grown.
    pub fn after_into(&self, index: usize, child: &mut GameState<'g, N>) {
        self.after_sown_into(index, self.played(index), child);
    }

    /// The position the `index`-th legal decision leads to, before the next
    /// turn is settled there (its end checks run, a pass made): sown now
    /// where the successors are not known, and only this one. A search reads
    /// it in its tables, and makes a state of it only where it must.
    pub fn successor(&self, index: usize) -> Successor<'_, 'g, N> {
        Successor {
            state: self,
            index,
            position: self.played(index),
        }
    }

    /// `after_into` from the position the decision leads to, already sown.
    fn after_sown_into(&self, index: usize, sown: Position<N>, child: &mut GameState<'g, N>) {
        let decision = self.legal[index];
        child.game = self.game;
        child.position = sown;
        child.legal.clear();
        // `settle` takes the successor list's allocation for its own.
        child.gained = OnceCell::new();
        child.history.clone_from(&self.history);
        child.outcome = None;
        child.decisions.clear();
        child.decisions.extend_from_slice(&self.decisions);
        child.decisions.push(decision);
        child.endless_met = self.endless_met;
        child.passes = self.passes;
        child.last_mover = Some(self.position.to_move);
        child.settle();
    }

    /// The position the `index`-th legal decision leads to: its successor if
    /// known, else sown now (with the claims it gains).
    fn played(&self, index: usize) -> Position<N> {
        if let Some(gained) = self.gained.get() {
            return gained[index];
        }
        let mut next = match self.successors.get() {
            Some(successors) => successors[index],
            None => self.sown(self.legal[index]),
        };
        if let (Some(_), None, Decision::Move(played)) = (
            &self.game.claims_gain,
            self.position.pending,
            self.legal[index],
        ) {
            gain::gain_claims(self.game, &self.position, &mut next, played);
        }
        next
    }

    /// `play_index` in a game whose moves gain claims once played: the move's
    /// own claims are gained here, and no other move's. Out of line: only a few
    /// games gain claims.
    #[inline(never)]
    fn play_gaining(&mut self, index: usize) {
        let decision = self.legal[index];
        self.last_mover = Some(self.position.to_move);
        self.position = self.played(index);
        // The next turn gains its own.
        self.gained.take();
        self.decisions.push(decision);
        self.settle();
    }

    /// Plays a decision: a hole, or a hole and a direction (`Decision`).
    pub fn play(&mut self, decision: impl Into<Decision>) -> Result<(), Illegal> {
        let decision = decision.into();
        let index = self
            .legal
            .iter()
            .position(|&d| d == decision)
            .ok_or(Illegal { decision })?;
        self.play_index(index);
        Ok(())
    }

    /// `settle` where a decision has called or offered an end check: an offer
    /// waits for its answer, a refused one for the offerer's decision, a
    /// called (or accepted) one ends the game. Out of line: only a few games
    /// have calls.
    #[inline(never)]
    fn settle_called(&mut self, called: Called) {
        match called {
            Called::Offered(_) => {}
            Called::Refused(check) => {
                let repeated = self.repeated_earlier();
                self.push_calls(Some(check), repeated);
                self.push_swap();
            }
            Called::Ends { check, by } => self.end_as_called(check, by),
        }
    }

    /// Computes the legal decisions and, at a turn start, runs the end checks;
    /// a side that passes hands the turn on, which starts again.
    fn settle(&mut self) {
        loop {
            self.compute_legal();
            if self.position.pending.is_some() {
                return;
            }
            if let Some(called) = self.position.called {
                return self.settle_called(called);
            }
            match self.end_checks() {
                TurnStart::Play { repeated } => {
                    if self.game.decides_more_than_moves {
                        self.push_calls(None, repeated);
                        self.push_swap();
                    }
                    return;
                }
                TurnStart::Over(outcome) => {
                    self.outcome = Some(outcome);
                    self.legal.clear();
                    self.successors = OnceCell::from(Vec::new());
                    return;
                }
                // The other side can move (checked), so the next start is no pass.
                TurnStart::Pass => {
                    engine::pass(self.game, &mut self.position);
                    self.passes += 1;
                }
            }
        }
    }

    fn compute_legal(&mut self) {
        self.legal.clear();
        // Reuse the last list's allocation.
        let mut successors = self.successors.take().unwrap_or_default();
        successors.clear();
        let (game, position) = (self.game, &self.position);
        if matches!(
            position.called,
            Some(Called::Offered(_) | Called::Ends { .. })
        ) {
            answers(position, &mut self.legal, &mut successors);
            self.successors = OnceCell::from(successors);
            return;
        }
        if let Some(pending) = position.pending {
            for hole in engine::strip_holes(game, position, pending).iter() {
                let mut next = *position;
                engine::strip(game, &mut next, hole);
                self.legal.push(Decision::from(hole));
                successors.push(next);
            }
            self.successors = OnceCell::from(successors);
            return;
        }
        let always_legal = game.moves_always_legal();
        let mut preferences = Vec::new();
        let mut found = Found {
            legal: &mut self.legal,
            successors: &mut successors,
            endless_met: &mut self.endless_met,
            preferences: &mut preferences,
            meets_after: false,
        };
        let sources = engine::Sources::of(game, position);
        if sources.hand() {
            hand_moves(game, position, always_legal, &mut found);
        }
        if sources.board() {
            board_moves(game, position, always_legal, &mut found);
        }
        if game.moves.prefer.is_some() {
            keep_preferred(&mut self.legal, &mut successors, &preferences);
        }
        if !always_legal {
            self.successors = OnceCell::from(successors);
        }
    }

    /// GEN-12: the game's end checks in file order, then the turn limit (GEN-11).
    fn end_checks(&mut self) -> TurnStart {
        let game = self.game;
        let repeated = game.tracks_repetition() && self.record_turn_start();
        let mover = self.position.to_move;
        // A side that may swap seats has a decision, even with no move.
        let stuck = self.legal.is_empty() && !self.may_swap();
        for (index, end) in game.end_checks.iter().enumerate() {
            if !matches!(end.trigger, Trigger::Rules) {
                // Fires only when a decision calls it.
                continue;
            }
            if end.outcome == EndOutcome::Pass {
                // Only `no_moves` passes (checked at load), and only while the other
                // side can move; when neither can, the next checks decide.
                let other_can_move = || {
                    let mut other = self.position;
                    other.to_move = mover.other();
                    engine::has_legal_move(game, &other)
                };
                if stuck && other_can_move() {
                    // A pass is a turn: none is passed past the turn limit.
                    return match self.position.turn >= game.limits().turns {
                        true => TurnStart::Over(turn_limit()),
                        false => TurnStart::Pass,
                    };
                }
                continue;
            }
            // The side the check names: the one with no stones, or the side to move.
            let named = match end.check {
                Check::NoStones => [mover, mover.other()]
                    .into_iter()
                    .find(|&s| game.side_is_empty(&self.position, s)),
                Check::NoMoves => stuck.then_some(mover),
                Check::Repetition => repeated.then_some(mover),
                Check::Majority => self.minority(),
                Check::Condition => [mover, mover.other()]
                    .into_iter()
                    .find(|&side| self.condition_holds(end, side)),
            };
            let Some(named) = named else { continue };
            self.award_leftovers(index);
            let status = self.status_naming(end.outcome, named);
            let reason = match end.check {
                Check::NoStones => Reason::NoStones,
                Check::NoMoves => Reason::NoMoves,
                Check::Repetition => Reason::Repetition,
                Check::Majority => Reason::Majority,
                Check::Condition => Reason::Condition,
            };
            return TurnStart::Over(Outcome {
                status,
                reason,
                check: Some(index),
            });
        }
        match self.position.turn >= game.limits().turns {
            true => TurnStart::Over(turn_limit()),
            false => TurnStart::Play { repeated },
        }
    }

    /// Whether a `condition` end check's `when` holds for `side` (looking
    /// ahead where it reads `threats`).
    fn condition_holds(&self, end: &EndCheck, side: Side) -> bool {
        let game = self.game;
        let when = end
            .when
            .as_ref()
            .expect("a condition check has its condition");
        let last_mover = self.last_mover_or_guess();
        match end.looks_ahead {
            false => game.holds_for(when, &self.position, side, last_mover),
            true => gain::holds_looking_ahead(game, when, &self.position, side, last_mover),
        }
    }

    /// How the game ends by an end check of `outcome` that names `named`
    /// (its leftovers awarded).
    fn status_naming(&self, outcome: EndOutcome, named: Side) -> Status {
        match outcome {
            EndOutcome::Loses => Status::won_by(named.other()),
            EndOutcome::Wins => Status::won_by(named),
            EndOutcome::Draw => Status::Draw,
            EndOutcome::Score => self.compare_scores(),
            EndOutcome::Pass => unreachable!("a pass ends no game"),
        }
    }

    /// Adds to the legal moves the end checks the mover may call or offer
    /// (`[[end]] call`, `offer`) here: a `condition` check whose `when` holds
    /// for the mover, a `repetition` check where the turn started as an
    /// earlier one did. `refused`: an offer the mover may not make again
    /// this turn. Out of line: only a few games have calls.
    #[inline(never)]
    fn push_calls(&mut self, refused: Option<u8>, repeated: bool) {
        let game = self.game;
        let mover = self.position.to_move;
        for index in game.called_checks() {
            let end = &game.end_checks[index];
            let holds = match end.check {
                Check::Repetition => repeated,
                Check::Condition => self.condition_holds(end, mover),
                _ => unreachable!("only condition and repetition checks are called (load)"),
            };
            let check = index as u8;
            if !holds || refused == Some(check) {
                continue;
            }
            self.legal.push(Decision::Call(check));
            if let Some(successors) = self.successors.get_mut() {
                let mut next = self.position;
                engine::call(game, &mut next, check);
                successors.push(next);
            }
        }
    }

    /// Adds to the legal decisions the swap of seats (`[swap]`), in a game
    /// with one, where its condition holds for the side to move.
    #[inline(never)]
    fn push_swap(&mut self) {
        if !self.may_swap() {
            return;
        }
        let game = self.game;
        self.legal.push(Decision::Swap);
        if let Some(successors) = self.successors.get_mut() {
            let mut next = self.position;
            engine::swap(game, &mut next);
            successors.push(next);
        }
    }

    /// Whether the side to move may swap seats here (`[swap]`).
    fn may_swap(&self) -> bool {
        let Some(when) = &self.game.swap else {
            return false;
        };
        let (mover, last_mover) = (self.position.to_move, self.last_mover_or_guess());
        self.game.holds_for(when, &self.position, mover, last_mover)
    }

    /// Whether the position repeats a turn start before the latest one (the
    /// turn an offer was refused in started there).
    fn repeated_earlier(&self) -> bool {
        let Some((_, earlier)) = self.history.split_last() else {
            return false;
        };
        earlier.iter().any(|(_, p)| self.position.repeats(p))
    }

    /// Ends the game by the end check `check` that `by` called, or offered and
    /// the other side accepted.
    fn end_as_called(&mut self, check: u8, by: Side) {
        let index = usize::from(check);
        let end = &self.game.end_checks[index];
        self.award_leftovers(index);
        let status = self.status_naming(end.outcome, by);
        let reason = match end.trigger {
            Trigger::Offer(_) => Reason::Agreed,
            Trigger::Call(_) | Trigger::Rules => Reason::Called,
        };
        self.outcome = Some(Outcome {
            status,
            reason,
            check: Some(index),
        });
        self.legal.clear();
        self.successors = OnceCell::from(Vec::new());
    }

    /// Remembers this turn start (GEN-10) and says whether it repeats an earlier one.
    fn record_turn_start(&mut self) -> bool {
        // Scores never fall, so once they change no earlier position can recur.
        if self
            .history
            .last()
            .is_some_and(|(_, p)| p.captured != self.position.captured)
        {
            self.history.clear();
        }
        let now = self.position.fingerprint(self.game.board.cell_count());
        let repeated = self
            .history
            .iter()
            .any(|(earlier, p)| *earlier == now && self.position.repeats(p));
        self.history.push((now, self.position));
        repeated
    }

    /// When a side has captured more than half of all seeds, the other side (the
    /// one that can no longer win); when both hold exactly half, the side to move.
    fn minority(&self) -> Option<Side> {
        let p = &self.position;
        let total = p.seeds_on_board() + p.seeds_in_hand() + p.captured[0] + p.captured[1];
        let [south, north] = p.captured.map(|c| 2 * c);
        match (south.cmp(&total), north.cmp(&total)) {
            (std::cmp::Ordering::Greater, _) => Some(Side::North),
            (_, std::cmp::Ordering::Greater) => Some(Side::South),
            (std::cmp::Ordering::Equal, std::cmp::Ordering::Equal) => Some(p.to_move),
            _ => None,
        }
    }

    /// The side that made the last decision; before any (a game started from a
    /// stated position), the side not to move.
    fn last_mover_or_guess(&self) -> Side {
        self.last_mover
            .unwrap_or_else(|| self.position.to_move.other())
    }

    fn award_leftovers(&mut self, check: usize) {
        let game = self.game;
        let end = &game.end_checks[check];
        let Some(leftovers) = &end.leftovers else {
            return;
        };
        // Spared holes are judged on the board as the game ended.
        let before = end.spare.as_ref().map(|spare| (spare, self.position));
        for hole in game.board.holes() {
            let mut env = Env::new(self.position.to_move);
            env.here = hole;
            env.last_mover = self.last_mover_or_guess();
            let spared = before.as_ref();
            if spared.is_some_and(|(spare, at_end)| {
                spare.eval(&mut Scope::new(&game.board, at_end, env))
            }) {
                continue;
            }
            let to = leftovers.eval(&mut Scope::new(&game.board, &self.position, env));
            let seeds = std::mem::take(&mut self.position.counts[hole as usize]);
            self.position.captured[to.index()] += seeds as u32;
        }
    }

    fn compare_scores(&self) -> Status {
        let game = self.game;
        let [south, north] =
            Side::BOTH.map(|side| game.value_for(&game.score, &self.position, side));
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Status::SouthWon,
            std::cmp::Ordering::Less => Status::NorthWon,
            std::cmp::Ordering::Equal => Status::Draw,
        }
    }
}

/// The decisions while an offer waits for its answer (`accept`, `refuse`),
/// with the positions they lead to; none once a called end check ends the game.
#[inline(never)]
fn answers<const N: usize>(
    position: &Position<N>,
    legal: &mut Vec<Decision>,
    successors: &mut Vec<Position<N>>,
) {
    if !matches!(position.called, Some(Called::Offered(_))) {
        return;
    }
    for answer in Answer::BOTH {
        let mut next = *position;
        engine::answer(&mut next, answer);
        legal.push(Decision::Answer(answer));
        successors.push(next);
    }
}

/// Where the moves found at a turn start are written: the legal decisions, the
/// position each leads to (where legality needed the move sown), the endless
/// moves met, and how well each legal move does by the game's `prefer`.
struct Found<'a, const N: usize> {
    legal: &'a mut Vec<Decision>,
    successors: &'a mut Vec<Position<N>>,
    endless_met: &'a mut u32,
    /// One for each of `legal`, in games that prefer.
    preferences: &'a mut Vec<i64>,
    /// Whether a move found since `moves_by_hole` began meets `after` (every
    /// move does, but with `[move] after_by_hole`).
    meets_after: bool,
}

/// The legal moves from the board of the side to move.
#[inline(always)]
fn board_moves<const N: usize>(
    game: &Game,
    position: &Position<N>,
    always_legal: bool,
    found: &mut Found<N>,
) {
    let chooses_direction = game.moves.choose_direction.is_some();
    if always_legal && !chooses_direction {
        // Nothing to sow: each hole a move may start from is one decision.
        engine::push_starts(game, position, found.legal);
    } else {
        // The holes' general tests, kept here: each candidate is sown, and
        // a walk of the holes shared with `push_starts` (a closure that
        // compiled the sowing twice) cost these games 1%.
        for hole in engine::candidates(game, position, false) {
            if !engine::may_start_from(game, position, hole) {
                continue;
            }
            if !chooses_direction {
                let decision = Move::from(hole);
                consider(game, position, decision, always_legal, found);
                continue;
            }
            if game.moves.after_by_hole {
                moves_by_hole(game, position, hole, false, found);
                continue;
            }
            for decision in engine::board_moves_from(game, position, hole) {
                consider(game, position, decision, always_legal, found);
            }
        }
    }
}

/// The legal moves from `hole` with `[move] after_by_hole`: the directions of a
/// move (for a hand move, of one count) stand only if one of them meets `after`
/// (whose moves are never always legal). Out of line:
/// only a few games ask `after` of a hole.
#[inline(never)]
fn moves_by_hole<const N: usize>(
    game: &Game,
    position: &Position<N>,
    hole: crate::Hole,
    from_hand: bool,
    found: &mut Found<N>,
) {
    let mut decisions = engine::decisions_at(game, position, hole, from_hand)
        .into_iter()
        .peekable();
    // One group per move: the directions of a hole, or of a hand move's count.
    while let Some(first) = decisions.next() {
        let at = (
            found.legal.len(),
            found.successors.len(),
            found.preferences.len(),
        );
        found.meets_after = false;
        consider(game, position, first, false, found);
        while let Some(decision) = decisions.next_if(|d| d.hand == first.hand) {
            consider(game, position, decision, false, found);
        }
        if !found.meets_after {
            found.legal.truncate(at.0);
            found.successors.truncate(at.1);
            found.preferences.truncate(at.2);
        }
    }
}

/// Adds `decision` to the legal decisions if it is legal: where legality needs
/// the sowing, it is sown and its result kept as the last successor. A move that
/// met optional captures is offered declining each choice of them too, right
/// after it.
#[inline(always)]
fn consider<const N: usize>(
    game: &Game,
    position: &Position<N>,
    decision: Move,
    always_legal: bool,
    found: &mut Found<N>,
) {
    if always_legal {
        found.legal.push(Decision::Move(decision));
        return;
    }
    let met = consider_sown(game, position, decision, found).met();
    if met > 0 {
        consider_declining(game, position, decision, 0, met, found);
    }
}

/// What sowing a decision found.
enum Considered {
    /// Legal, and added; it met this many optional chances.
    Added(usize),
    /// Not legal by `after`; it met this many optional chances, each way of
    /// declining which is a move of its own.
    FailsAfter(usize),
    /// Not legal however its chances are taken.
    Illegal,
}

impl Considered {
    /// The optional chances the move met.
    fn met(&self) -> usize {
        match *self {
            Considered::Added(met) | Considered::FailsAfter(met) => met,
            Considered::Illegal => 0,
        }
    }
}

/// Sows `decision` and adds it if legal, with the number of optional captures
/// it met.
#[inline(always)]
fn consider_sown<const N: usize>(
    game: &Game,
    position: &Position<N>,
    decision: Move,
    found: &mut Found<N>,
) -> Considered {
    // Copied into the list's own slot and sown there.
    found.successors.push(*position);
    let next = found.successors.last_mut().expect("just pushed");
    match engine::sow(game, next, decision) {
        Ok(sown) => {
            if game.moves.prefer.is_some() {
                found
                    .preferences
                    .push(engine::preference(game, position, next, decision));
            }
            found.legal.push(Decision::Move(decision));
            found.meets_after |= !sown.fails_after;
            Considered::Added(sown.optional_met)
        }
        Err(not_legal) => {
            found.successors.pop();
            match not_legal {
                engine::NotLegal::FailsAfter { optional_met } => {
                    Considered::FailsAfter(optional_met)
                }
                engine::NotLegal::Endless | engine::NotLegal::TooMuchWork => {
                    *found.endless_met += 1;
                    Considered::Illegal
                }
            }
        }
    }
}

/// The legal hand moves of the side to move (`[hand]`): kept out of the usual
/// moves' loop, which games without a hand run as before.
#[inline(never)]
fn hand_moves<const N: usize>(
    game: &Game,
    position: &Position<N>,
    always_legal: bool,
    found: &mut Found<N>,
) {
    for hole in engine::candidates(game, position, true) {
        if !engine::may_place(game, position, hole) {
            continue;
        }
        if game.moves.after_by_hole {
            moves_by_hole(game, position, hole, true, found);
            continue;
        }
        for decision in engine::hand_moves_into(game, position, hole) {
            consider(game, position, decision, always_legal, found);
        }
    }
}

/// The moves declining optional captures: `decision` (taking those met from
/// `from` on) met `met`; each of those is declined in turn, and what the move
/// then meets after it is chosen the same way. Out of line: only games with
/// optional captures come here.
#[inline(never)]
fn consider_declining<const N: usize>(
    game: &Game,
    position: &Position<N>,
    decision: Move,
    from: usize,
    met: usize,
    found: &mut Found<N>,
) {
    for index in from..met.min(Declined::CHOICES) {
        let played = Move {
            declined: decision.declined.and(index),
            ..decision
        };
        let at = found.legal.len();
        let now_met = match consider_sown(game, position, played, found) {
            Considered::Added(now_met) => {
                // Declining every one met is written `:decline`.
                found.legal[at] = Decision::Move(Move {
                    declined: played.declined.settled(now_met),
                    ..played
                });
                now_met
            }
            Considered::FailsAfter(now_met) => now_met,
            Considered::Illegal => continue,
        };
        consider_declining(game, position, played, index + 1, now_met, found);
    }
}

/// Keeps only the moves that do best by the game's `prefer` (`preferences`, one
/// for each move).
#[inline(never)]
fn keep_preferred<const N: usize>(
    legal: &mut Vec<Decision>,
    successors: &mut Vec<Position<N>>,
    preferences: &[i64],
) {
    let Some(&best) = preferences.iter().max() else {
        return;
    };
    let mut kept = preferences.iter().map(|&value| value == best);
    legal.retain(|_| kept.next().expect("one preference a move"));
    let mut kept = preferences.iter().map(|&value| value == best);
    successors.retain(|_| kept.next().expect("one preference a move"));
}

/// Plays a decision known to be legal: an end check called or offered, an
/// answer, or a move of a game whose moves are always legal
/// (`Game::moves_always_legal`), whose legality was never sown to check.
#[inline(always)]
fn apply_legal<const N: usize>(game: &Game, position: &mut Position<N>, decision: Decision) {
    match decision {
        Decision::Move(played) => {
            let sown = engine::sow(game, position, played);
            debug_assert!(
                sown.is_ok(),
                "a move of a game whose moves are always legal"
            );
        }
        Decision::Call(check) => engine::call(game, position, check),
        Decision::Answer(answer) => engine::answer(position, answer),
        Decision::Swap => engine::swap(game, position),
    }
}
