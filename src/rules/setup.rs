//! The one way to a [`Position`]: a [`Setup`] says what a file, a scenario, a
//! game's start or a match refill wants on the board, unchecked and in wide
//! integers; [`Setup::position`] checks it against the game and builds the
//! position (as shakmaty builds a `Position` only from a checked `Setup`).

use crate::rules::board::{Board, Hole, HoleSet, Side};
use crate::rules::game::{Game, Trigger};
use crate::rules::memory::Memory;
use crate::rules::position::{AnyPosition, Called, Pending, Position, PreviousMove};

/// Most seeds a game may hold in all, on the board and captured (a hole's count
/// is a `u16`, so no hole can overflow whatever the sowing does).
pub const MAX_SEEDS: u64 = u16::MAX as u64;

/// A position as stated, before any check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seeds per hole, by `Hole`; holes not listed hold none.
    pub counts: Vec<(Hole, u64)>,
    /// Holes closed for a round of a match.
    pub closed: Vec<Hole>,
    /// Seeds each side has captured (or holds in hand), by `Side::index`.
    pub captured: [u64; 2],
    /// The side to decide.
    pub to_move: Side,
    /// The side that moved first in this game or round (`None`: `to_move`).
    pub starter: Option<Side>,
    /// Completed turns.
    pub turn: u32,
    /// Strip decisions owed by the side to move.
    pub strip: u64,
    /// Where an end check offered (`[[end]] offer`) stands: offered by the
    /// side not to move, to be answered, or refused, the side that offered it
    /// deciding again. A called end (`Called::Ends`) is a game over, never a
    /// setup.
    pub called: Option<Called>,
    /// Holes each side has claimed, by `Side::index`.
    pub claims: [Vec<Hole>; 2],
    /// Seeds each side holds in hand, by `Side::index` (games with `[hand]`).
    pub hand: [u64; 2],
    /// Seeds taken out of play (games with a capture that removes them).
    pub out_of_play: u64,
    /// The last move played (games whose rules read it).
    pub previous: Option<PreviousMove>,
    /// Whether that move captured (only with `previous`).
    pub previous_captured: bool,
    /// Extra turns the side to move has had in a row (games whose rules read it).
    pub extra_turns: u32,
    /// Turns passed in a row since the last move (games whose rules read it).
    pub passed: u16,
    /// Whether each side has had a turn, by `Side::index` (games whose rules
    /// read it).
    pub played: [bool; 2],
    /// Holes a move has started from (games whose rules read it).
    pub moved_from: Vec<Hole>,
    /// Holes owned for the round by the side across the middle (matches whose
    /// surplus is `territory`).
    pub territory: Vec<Hole>,
}

/// Why a setup is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// `{"board": [[70000, ...` — more seeds in one hole than a count holds.
    #[error("{hole} holds {seeds} seeds; a hole holds at most {MAX_SEEDS}")]
    HoleTooFull {
        /// The hole's name.
        hole: String,
        /// The seeds stated for it.
        seeds: u64,
    },
    /// Counts and captures that add up past `MAX_SEEDS`.
    #[error("the position holds {0} seeds; at most {MAX_SEEDS} are supported")]
    TooManySeeds(u64),
    /// A cell that is not a hole of the board (a store's seeds are `captured`).
    #[error("{0} is not a hole of this board")]
    NotAHole(String),
    /// `closed` in a game without match play, or whose refills never close a hole.
    #[error(
        "closed holes ({0}) cannot occur in this game: only match play whose refill closes short holes (short_hole = \"close\") closes them"
    )]
    ClosedNotPossible(String),
    /// A closed hole with seeds in it.
    #[error("{0} is closed, so it must be empty")]
    ClosedNotEmpty(String),
    /// A hole claimed by both sides.
    #[error(
        "{0} is claimed by both sides; a hole has one claimer at most, but in a game whose claims are gained across the board (`[claims] gain`)"
    )]
    ClaimedTwice(String),
    /// Claimed holes in a game where no hole is ever claimed.
    #[error(
        "this game has no claims (no capture `claim`, no `[claims]`), so no hole can be claimed"
    )]
    NoClaims,
    /// Seeds in hand in a game without hand moves.
    #[error("this game has no hand moves (`[hand]`), so no side can hold seeds in hand")]
    NoHandMoves,
    /// Seeds out of play in a game where no capture removes any.
    #[error("no capture of this game removes seeds (`remove`), so none can be out of play")]
    NothingRemoved,
    /// A previous move stated for a game whose rules never read it.
    #[error(
        "this game's rules do not read the last move played (`previous_lifted`, `previous_ended`, `previous_clockwise`, `previous_captured`), so a position states none"
    )]
    PreviousNotRead,
    /// A previous move's capture stated for a game whose rules never read it.
    #[error(
        "this game's rules do not read whether the last move captured (`previous_captured`), so a position's `previous_move` states no `captured`"
    )]
    PreviousCapturedNotRead,
    /// Extra turns stated for a game whose rules never read them.
    #[error("this game's rules do not read `extra_turns`, so a position states none")]
    ExtraTurnsNotRead,
    /// Passes in a row stated for a game whose rules never read them.
    #[error("this game's rules do not read `passed()`, so a position states no passes")]
    PassedNotRead,
    /// Sides that have played, stated for a game whose rules never read it.
    #[error(
        "this game's rules do not read `has_played`, so a position states no side as having played"
    )]
    PlayedNotRead,
    /// Holes moved from, stated for a game whose rules never read them.
    #[error("this game's rules do not read `moved_from`, so a position states no holes moved from")]
    MovedFromNotRead,
    /// Holes held across the middle in a game whose matches never move them.
    #[error(
        "holes change hands only in a match whose surplus is \"territory\"; this game's never do"
    )]
    TerritoryNotPossible,
    /// A strip owed in a game without one.
    #[error("this game has no strip, so none can be owed")]
    NoStrip,
    /// An offer waiting where none can be made, or with a strip owed.
    #[error("{0}")]
    NoOffer(&'static str),
    /// A strip owing more decisions than its holes have seeds.
    #[error("a strip of {owed} cannot be owed: the holes it takes from hold {available} seeds")]
    StripTooLong {
        /// Decisions stated as owed.
        owed: u64,
        /// Seeds the strip's holes hold.
        available: u32,
    },
}

impl Setup {
    /// An empty board with South to move at turn 0.
    pub fn empty() -> Setup {
        Setup {
            counts: Vec::new(),
            closed: Vec::new(),
            captured: [0; 2],
            to_move: Side::South,
            starter: None,
            turn: 0,
            strip: 0,
            called: None,
            claims: [Vec::new(), Vec::new()],
            hand: [0; 2],
            out_of_play: 0,
            previous: None,
            previous_captured: false,
            extra_turns: 0,
            passed: 0,
            played: [false; 2],
            moved_from: Vec::new(),
            territory: Vec::new(),
        }
    }

    /// The setup of a position (for a position to be changed and checked again).
    pub fn of(board: &Board, position: &AnyPosition) -> Setup {
        Setup {
            counts: board
                .holes()
                .map(|h| (h, u64::from(position.counts[h as usize])))
                .collect(),
            closed: position.closed.iter().collect(),
            captured: position.captured.map(u64::from),
            to_move: position.to_move,
            starter: Some(position.starter),
            turn: position.turn,
            strip: position.pending.map_or(0, |p| u64::from(p.remaining)),
            called: position.called,
            claims: position.claims.map(|set| set.iter().collect()),
            hand: position.hand.map(u64::from),
            out_of_play: u64::from(position.out_of_play),
            previous: position.previous,
            previous_captured: position.previous_captured,
            extra_turns: position.extra_turns,
            passed: position.passed,
            played: position.played,
            moved_from: position.moved_from.iter().collect(),
            territory: position.territory.iter().collect(),
        }
    }

    /// Checks the setup against the game and builds the position.
    pub fn position(&self, game: &Game) -> Result<Position, SetupError> {
        let mut position = self.board_position(&game.board, game.closes_holes())?;
        check_against_rules(game, &position)?;
        if self.extra_turns > 0 && !game.remembers(Memory::ExtraTurns) {
            return Err(SetupError::ExtraTurnsNotRead);
        }
        position.extra_turns = self.extra_turns;
        if self.passed > 0 && !game.remembers(Memory::Passes) {
            return Err(SetupError::PassedNotRead);
        }
        position.passed = self.passed;
        if self.played.contains(&true) && !game.remembers(Memory::Played) {
            return Err(SetupError::PlayedNotRead);
        }
        position.played = self.played;
        if self.strip > 0 {
            position.pending = Some(self.strip_owed(game, &position)?);
        }
        if let Some(called) = self.called {
            position.called = Some(offer_waiting(game, &position, called)?);
        }
        Ok(position)
    }

    /// The strip of `self.strip` decisions owed in `position`, if the game has
    /// a strip and its holes hold enough.
    fn strip_owed(&self, game: &Game, position: &Position) -> Result<Pending, SetupError> {
        let capture = game.strip_rule().ok_or(SetupError::NoStrip)?;
        let pending = Pending {
            capture,
            remaining: 1,
            again: false,
        };
        let holes = crate::rules::engine::strip_holes(game, position, pending);
        let whole = game.captures[capture as usize]
            .strip
            .as_ref()
            .is_some_and(|strip| strip.whole);
        let available = crate::rules::engine::payable(position, holes, whole);
        if self.strip > u64::from(available) {
            return Err(SetupError::StripTooLong {
                owed: self.strip,
                available,
            });
        }
        Ok(Pending {
            remaining: self.strip as u16,
            ..pending
        })
    }

    /// Everything but a pending strip, checked against the board alone (a game's
    /// start is built before its rules are).
    pub(crate) fn board_position(
        &self,
        board: &Board,
        closes_holes: bool,
    ) -> Result<Position, SetupError> {
        let mut position = Position::empty(self.to_move);
        position.starter = self.starter.unwrap_or(self.to_move);
        let mut total: u64 = self
            .captured
            .iter()
            .chain(&self.hand)
            .fold(self.out_of_play, |sum, &seeds| sum.saturating_add(seeds));
        for &(hole, seeds) in &self.counts {
            if !board.is_hole(hole) {
                return Err(SetupError::NotAHole(format!("cell {hole}")));
            }
            if seeds > MAX_SEEDS {
                return Err(SetupError::HoleTooFull {
                    hole: board.name(hole),
                    seeds,
                });
            }
            total = total.saturating_add(seeds);
            position.counts[hole as usize] = seeds as u16;
        }
        if total > MAX_SEEDS {
            return Err(SetupError::TooManySeeds(total));
        }
        let mut closed = HoleSet::default();
        for &hole in &self.closed {
            if !board.is_hole(hole) {
                return Err(SetupError::NotAHole(format!("cell {hole}")));
            }
            if !closes_holes {
                return Err(SetupError::ClosedNotPossible(board.name(hole)));
            }
            if position.counts[hole as usize] > 0 {
                return Err(SetupError::ClosedNotEmpty(board.name(hole)));
            }
            closed.insert(hole);
        }
        position.closed = closed;
        for side in Side::BOTH {
            position.claims[side.index()] = holes_of(board, &self.claims[side.index()])?;
        }
        position.moved_from = holes_of(board, &self.moved_from)?;
        position.territory = holes_of(board, &self.territory)?;
        position.captured = self.captured.map(|c| c as u32);
        // The total is at most MAX_SEEDS, which a u16 holds.
        position.hand = self.hand.map(|h| h as u16);
        position.out_of_play = self.out_of_play as u16;
        position.turn = self.turn;
        if let Some(previous) = self.previous {
            // A sowing may end in a store; a move starts from a hole.
            let ended = previous.ended();
            if !(board.is_hole(ended) || board.is_store(ended)) {
                return Err(SetupError::NotAHole(format!("cell {ended}")));
            }
            if let Some(from) = previous.from().filter(|&h| !board.is_hole(h)) {
                return Err(SetupError::NotAHole(format!("cell {from}")));
            }
            position.previous = Some(previous);
            position.previous_captured = self.previous_captured;
        }
        Ok(position)
    }
}

/// The set of `holes`, each checked to be a hole of `board`.
fn holes_of(board: &Board, holes: &[Hole]) -> Result<HoleSet, SetupError> {
    let mut set = HoleSet::default();
    for &hole in holes {
        if !board.is_hole(hole) {
            return Err(SetupError::NotAHole(format!("cell {hole}")));
        }
        set.insert(hole);
    }
    Ok(set)
}

impl Game {
    /// Whether a hole can ever be closed: only by a match refill that closes short holes.
    pub fn closes_holes(&self) -> bool {
        self.match_rules
            .as_ref()
            .and_then(|m| m.refill())
            .and_then(|r| r.in_order())
            .is_some_and(|r| r.short_hole.closes())
    }

    /// Whether some capture takes seeds out of play (`remove`).
    pub fn removes_seeds(&self) -> bool {
        self.captures.iter().any(|c| c.remove)
    }

    /// The capture rule that owes strips, if any.
    pub(crate) fn strip_rule(&self) -> Option<u8> {
        self.captures
            .iter()
            .position(|c| c.strip.is_some())
            .map(|i| i as u8)
    }
}

/// Seeds a game's setup drops at random once its layout is laid out
/// (`[setup] scatter`): each into a hole drawn uniformly from `holes`.
pub struct Scatter {
    /// Seeds dropped at random.
    pub seeds: u32,
    /// The holes drawn from, each alike.
    pub holes: Vec<Hole>,
    /// Once they are dropped, every hole of `holes` is empty or holds at
    /// least this many (1: no constraint).
    pub at_least: u16,
}

impl Scatter {
    /// Drops the seeds, each into a hole `rng` draws (seeded with the deal:
    /// the same deal gives the same layout on any machine).
    pub fn apply(&self, start: &mut Position, rng: &mut rand_chacha::ChaCha8Rng) {
        use rand::RngExt;
        for _ in 0..self.seeds {
            let hole = self.holes[rng.random_range(0..self.holes.len())];
            // The total was checked at load, so no count can overflow.
            start.counts[hole as usize] += 1;
        }
        self.carry_small_holdings(start);
    }

    /// Empties the holes holding fewer than `at_least` (as StoneShark's
    /// RandomEmptiesPattern deals): along `holes`, each such hole's seeds are
    /// carried on until a hole holds `at_least` with them; what is still
    /// carried at the end goes into the first hole holding any (the first
    /// hole, if none does).
    fn carry_small_holdings(&self, start: &mut Position) {
        if self.at_least <= 1 {
            return;
        }
        let mut carried = 0;
        for &hole in &self.holes {
            let count = &mut start.counts[hole as usize];
            match *count + carried < self.at_least {
                true => (carried, *count) = (carried + *count, 0),
                false => (carried, *count) = (0, *count + carried),
            }
        }
        if carried > 0 {
            let first = self.holes.iter().find(|&&h| start.counts[h as usize] > 0);
            let hole = *first.unwrap_or(&self.holes[0]);
            start.counts[hole as usize] += carried;
        }
    }
}

/// The parts of a position only some games have (claims, hands, seeds out of
/// play, the last move, holes moved from or held across the middle), each
/// refused where the game's rules never make or read it.
fn check_against_rules(game: &Game, position: &Position) -> Result<(), SetupError> {
    // Only claims gained across the board share a hole with its owner's.
    let [south, north] = position.claims;
    if let Some(hole) = south.both(north).iter().next()
        && game.claims_gain.is_none()
    {
        return Err(SetupError::ClaimedTwice(game.board.name(hole)));
    }
    let claimed = !south.is_empty() || !north.is_empty();
    if claimed && !game.has_claims() {
        return Err(SetupError::NoClaims);
    }
    if position.hand != [0; 2] && game.hand.is_none() {
        return Err(SetupError::NoHandMoves);
    }
    if position.out_of_play > 0 && !game.removes_seeds() {
        return Err(SetupError::NothingRemoved);
    }
    if position.previous.is_some() && !game.remembers(Memory::PreviousMove) {
        return Err(SetupError::PreviousNotRead);
    }
    if position.previous_captured && !game.remembers(Memory::PreviousCapture) {
        return Err(SetupError::PreviousCapturedNotRead);
    }
    if !position.moved_from.is_empty() && !game.remembers(Memory::MovedFrom) {
        return Err(SetupError::MovedFromNotRead);
    }
    let territory = game
        .match_rules
        .as_ref()
        .and_then(|m| m.refill())
        .and_then(|r| r.in_order())
        .is_some_and(|r| r.surplus.gives_holes());
    if !position.territory.is_empty() && !territory {
        return Err(SetupError::TerritoryNotPossible);
    }
    Ok(())
}

/// An offer waiting for its answer, or refused, in `position`: only of an end
/// check the game offers, and at a turn's start (no strip owed).
fn offer_waiting(game: &Game, position: &Position, called: Called) -> Result<Called, SetupError> {
    let check = match called {
        Called::Offered(check) | Called::Refused(check) => check,
        Called::Ends { .. } => {
            return Err(SetupError::NoOffer(
                "a game ended is no position to play from",
            ));
        }
    };
    let offered = game.end_checks.get(usize::from(check));
    if !offered.is_some_and(|end| matches!(end.trigger, Trigger::Offer(_))) {
        return Err(SetupError::NoOffer(
            "no end check of this game is offered by that name",
        ));
    }
    if position.pending.is_some() {
        return Err(SetupError::NoOffer(
            "an offer is made at a turn's start, not while a strip is owed",
        ));
    }
    Ok(called)
}

/// The deal of round `number` (from 1) of a match dealt from `deal`: each round
/// of a tally match is laid out afresh, and dealt anew.
pub fn round_deal(deal: u64, number: u32) -> u64 {
    deal.wrapping_add(u64::from(number - 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}
