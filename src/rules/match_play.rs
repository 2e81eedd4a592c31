//! Match play: a game played as rounds. Between rounds each side refills its own
//! holes from the seeds it holds (holes it cannot fill are closed, left short or
//! shared), or, in a match won by a tally, every round starts from the setup;
//! the game file says who starts the next round. The match ends when a side can
//! put no seed back on the board, meets the game's `lost_when` or reaches the
//! winning tally, when a refilled round starts as an earlier one did (a draw),
//! or at the round limit (unfinished). A single game is a match of one round,
//! so every command plays both through `MatchState`.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ir::{Env, Scope};
use crate::rules::board::MAX_CELLS;
use crate::rules::board::{Hole, HoleSet, Side};
use crate::rules::decision::Decision;
use crate::rules::game::{
    AtRoundLimit, ClaimsBetweenRounds, FillFrom, Filling, Game, InOrder, MatchRules, RefillRules,
    RefilledBy, RoundLayout, Rounds, SeedsPerHole, ShortHole, Starter, Surplus, TallyRules,
    TerritoryStart,
};
use crate::rules::position::{AnyPosition, Position};
use crate::rules::setup::{Setup, round_deal};
use crate::rules::state::{GameState, Outcome, Reason, Status, TYPICAL_GAME_DECISIONS};

/// How one round went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    /// 1 for the first round.
    pub round: u32,
    /// The side that moved first in the round.
    pub starter: Side,
    /// What each side carried into the round in hand (its reserve).
    pub reserve: [u32; 2],
    /// How the round ended.
    pub outcome: Outcome,
    /// Seeds each side holds at the round's end: its captures, leftovers and reserve.
    pub holdings: [u32; 2],
    /// Turns the round took.
    pub turns: u32,
    /// Each side's tally after the round (a tally match; else zeros).
    pub tally: [i64; 2],
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Who won it, or a draw, or unfinished.
    pub status: Status,
    /// Why it ended.
    pub reason: Reason,
}

/// The board at the start of a round: what each side puts back into its holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refill {
    /// Counts and closed holes set, `captured` holding each side's reserve, no side to move yet.
    pub position: Position,
    /// Sides that could put no seed back on the board.
    pub out: [bool; 2],
}

/// Mixed into a round's deal for the lot a refill may draw, so that the lot
/// and the round's scattered seeds do not follow from each other.
const LOT: u64 = 0x6C6F_7473_6472_6177;

/// Each side puts back the seeds it holds (`holdings`) as the match rules say:
/// the rules fill its holes in order, or it takes them into its hand for its
/// `[hand]` moves to place.
/// `per_hole` says the seeds each hole gets; `first` fills first where the
/// sides fill in turn; `lot` seeds the draw of a hole shared equally
/// (`short_hole = "shared_by_lot"`).
pub(crate) fn refill(
    game: &Game,
    rules: &RefillRules,
    per_hole: &PerHole,
    holdings: [u32; 2],
    first: Side,
    lot: u64,
) -> Refill {
    let setup = match &rules.filling {
        Filling::InOrder(order) if order.surplus == Surplus::TerritoryInTurn => {
            // Refused at load with counts by hole: one count for every hole.
            fill_in_turn(game, per_hole.any(), order, holdings, first, lot)
        }
        Filling::InOrder(order) => fill_in_order(game, per_hole, order, holdings, lot),
        Filling::ByHand => Setup {
            hand: holdings.map(u64::from),
            ..Setup::empty()
        },
    };
    // The holdings are the seeds of a position of this game, so they fit it.
    let position = setup
        .position(game)
        .expect("a refill holds the seeds of the round before");
    let out = sides_out(game, rules, per_hole, &position);
    Refill { position, out }
}

/// The seeds each hole is refilled with, by the side filling it (`[match]
/// seeds_per_hole`, worked out as the round ends).
pub(crate) struct PerHole([Vec<u64>; 2]);

impl PerHole {
    /// The seeds `side` puts into `hole`.
    fn of(&self, side: Side, hole: Hole) -> u64 {
        self.0[side.index()][hole as usize]
    }

    /// The one count of a refill whose holes all ask as many (`fill_in_turn`,
    /// refused at load otherwise).
    fn any(&self) -> u64 {
        self.0[0].iter().copied().find(|&n| n > 0).unwrap_or(1)
    }
}

/// `refills = "loser"`: the round's `loser` gathers the seeds of its own holes
/// with all it holds (the round's `end`) and refills its own holes in order,
/// keeping the rest in reserve; the winner's holes and reserve stay as the
/// round left them. The match then ends, won by the round's winner, when the
/// loser cannot play on (as `min_filled` says) or the winner's holes are empty.
pub(crate) fn refill_by_loser(
    game: &Game,
    (rules, order, per_hole): (&RefillRules, &InOrder, &PerHole),
    end: &AnyPosition,
    loser: Side,
) -> Refill {
    let (board, winner) = (&game.board, loser.other());
    let mut setup = Setup::empty();
    let mut hands = holdings(end).map(u64::from);
    for hole in board.side_holes(winner).iter() {
        setup.counts.push((hole, u64::from(end.count(hole))));
        if end.closed.contains(hole) {
            setup.closed.push(hole);
        }
    }
    let gathered: u64 = board
        .side_holes(loser)
        .iter()
        .map(|h| u64::from(end.count(h)))
        .sum();
    hands[loser.index()] += gathered;
    let mut short: [Vec<Hole>; 2] = [Vec::new(), Vec::new()];
    for hole in fill_order(game, order, loser) {
        let wanted = per_hole.of(loser, hole);
        match hands[loser.index()] >= wanted {
            true => {
                setup.counts.push((hole, wanted));
                hands[loser.index()] -= wanted;
            }
            false => short[loser.index()].push(hole),
        }
    }
    // Nothing is topped up from the winner (refused at load): no lot.
    fill_short_holes(
        &mut setup,
        per_hole,
        order.short_hole,
        &short,
        &mut hands,
        &mut || false,
    );
    setup.captured = hands;
    let position = setup
        .position(game)
        .expect("a refill holds the seeds of the round before");
    let out = sides_out(game, rules, per_hole, &position);
    let mut lost = [false; 2];
    lost[loser.index()] = out[loser.index()] || game.side_is_empty(&position, winner);
    Refill {
        position,
        out: lost,
    }
}

/// The sides that cannot play on from a refilled `position`: those with no
/// seed in their holes, or fewer holes filled as `per_hole` asks (by hand:
/// seeds held for as many of its holes asking fewest) than `min_filled` asks.
fn sides_out(
    game: &Game,
    rules: &RefillRules,
    per_hole: &PerHole,
    position: &Position,
) -> [bool; 2] {
    Side::BOTH.map(|side| {
        let held = u64::from(position.hand[side.index()]);
        let holes = position.holes(&game.board, side);
        match (rules.min_filled, &rules.filling) {
            (None, Filling::InOrder(_)) => game.side_is_empty(position, side),
            (None, Filling::ByHand) => held == 0,
            (Some(needed), Filling::InOrder(_)) => {
                let full = |&h: &Hole| u64::from(position.count(h)) >= per_hole.of(side, h);
                holes.iter().filter(full).count() < usize::from(needed)
            }
            (Some(needed), Filling::ByHand) => {
                let mut asked: Vec<u64> = holes.iter().map(|h| per_hole.of(side, h)).collect();
                asked.sort_unstable();
                held < asked.iter().take(usize::from(needed)).sum::<u64>()
            }
        }
    })
}

/// The rules fill each side's own holes from `holdings`, `per_hole` seeds each;
/// with `surplus = "territory"`, what a side has left then fills the holes the
/// other could not (the last of its fill order first; with
/// `"territory_from_first"`, the first), which become the filler's for the
/// round.
fn fill_in_order(
    game: &Game,
    per_hole: &PerHole,
    rules: &InOrder,
    holdings: [u32; 2],
    lot: u64,
) -> Setup {
    let mut setup = Setup::empty();
    let mut hands = holdings.map(u64::from);
    // Each side's own holes it cannot fill, in its fill order.
    let mut short: [Vec<Hole>; 2] = [Vec::new(), Vec::new()];
    for side in Side::BOTH {
        let hand = &mut hands[side.index()];
        for hole in fill_order(game, rules, side) {
            let wanted = per_hole.of(side, hole);
            match *hand >= wanted {
                true => {
                    setup.counts.push((hole, wanted));
                    *hand -= wanted;
                }
                false => short[side.index()].push(hole),
            }
        }
    }
    if let Surplus::Territory(start) = rules.surplus {
        for side in Side::BOTH {
            let across = &mut short[side.other().index()];
            while !across.is_empty() {
                let next = match start {
                    TerritoryStart::LastUnfilled => across.len() - 1,
                    TerritoryStart::FirstUnfilled => 0,
                };
                let wanted = per_hole.of(side, across[next]);
                if hands[side.index()] < wanted {
                    break;
                }
                let hole = across.remove(next);
                setup.counts.push((hole, wanted));
                setup.territory.push(hole);
                hands[side.index()] -= wanted;
            }
        }
    }
    let mut lot = ChaCha8Rng::seed_from_u64(lot);
    let mut drawn = || lot.random_bool(0.5);
    fill_short_holes(
        &mut setup,
        per_hole,
        rules.short_hole,
        &short,
        &mut hands,
        &mut drawn,
    );
    for side in Side::BOTH {
        setup.captured[side.index()] = hands[side.index()];
    }
    setup
}

/// `surplus = "territory_in_turn"`: the sides fill one after the other, `first`
/// first, each putting `per_hole` seeds into the empty holes of its own fill
/// order and then of the other's, holes it fills being its own for the round.
/// What a side has left then goes as `short_hole` says, into the next empty
/// hole it would have filled.
fn fill_in_turn(
    game: &Game,
    per_hole: u64,
    rules: &InOrder,
    holdings: [u32; 2],
    first: Side,
    lot: u64,
) -> Setup {
    let mut setup = Setup::empty();
    let mut hands = holdings.map(u64::from);
    let orders = Side::BOTH.map(|side| {
        let mut order = fill_order(game, rules, side);
        order.extend(fill_order(game, rules, side.other()));
        order
    });
    let mut filled = HoleSet::default();
    // Puts `seeds` into the next empty hole of `filler`'s order, `owner`'s for the round.
    let mut place = |setup: &mut Setup, filler: Side, owner: Side, seeds: u64| {
        let next = orders[filler.index()]
            .iter()
            .find(|&&h| !filled.contains(h));
        let &hole = next?;
        filled.insert(hole);
        setup.counts.push((hole, seeds));
        if game.board.owner(hole) != owner {
            setup.territory.push(hole);
        }
        Some(hole)
    };
    for (nth, side) in [first, first.other()].into_iter().enumerate() {
        let [own, other] = [side.index(), side.other().index()];
        while hands[own] >= per_hole && place(&mut setup, side, side, per_hole).is_some() {
            hands[own] -= per_hole;
        }
        let Some((given, owner)) = leftover(rules.short_hole, nth, side, &hands, per_hole, lot)
        else {
            continue;
        };
        let left = hands[own];
        if left > 0 && place(&mut setup, side, owner, left + given).is_some() {
            hands[own] = 0;
            hands[other] -= given;
        }
    }
    if rules.short_hole.closes() {
        let open = orders[0].iter().filter(|&&h| !filled.contains(h));
        setup.closed.extend(open);
    }
    setup.captured = hands;
    setup
}

/// Whether `side`, the `nth` to fill in turn, puts what it has left into a
/// hole now, and if so the seeds the other gives it and whose the hole is.
fn leftover(
    short_hole: ShortHole,
    nth: usize,
    side: Side,
    hands: &[u64; 2],
    per_hole: u64,
    lot: u64,
) -> Option<(u64, Side)> {
    let left = hands[side.index()];
    match short_hole {
        ShortHole::Close | ShortHole::Empty => None,
        ShortHole::Partial | ShortHole::PartialThenClose => Some((0, side)),
        // Topped up from the other's hand: at once by the first to fill
        // when it has at least half a hole left, else by the second.
        ShortHole::Shared | ShortHole::SharedByLot | ShortHole::ToppedUp => {
            if nth == 0 && 2 * left < per_hole {
                return None;
            }
            let given = hands[side.other().index()].min(per_hole.saturating_sub(left));
            let lot_lost = || ChaCha8Rng::seed_from_u64(lot).random_bool(0.5);
            let owner = match short_hole {
                ShortHole::SharedByLot if given == left && lot_lost() => side.other(),
                _ => side,
            };
            Some((given, owner))
        }
    }
}

/// The holes each side could not fill (`short`, in its fill order), as
/// `short_hole` says, from what the sides have left in `hands`; `drawn` is
/// the lot that gives a hole shared equally to the other side.
fn fill_short_holes(
    setup: &mut Setup,
    per_hole: &PerHole,
    short_hole: ShortHole,
    short: &[Vec<Hole>; 2],
    hands: &mut [u64; 2],
    drawn: &mut dyn FnMut() -> bool,
) {
    for side in Side::BOTH {
        let [own, other] = [side, side.other()].map(Side::index);
        for (nth, &hole) in short[own].iter().enumerate() {
            let seeds = match (short_hole, nth) {
                (ShortHole::Close, _) => {
                    setup.closed.push(hole);
                    0
                }
                (ShortHole::Partial, 0) => hands[own],
                (ShortHole::PartialThenClose, 0) if hands[own] > 0 => hands[own],
                (ShortHole::PartialThenClose, _) => {
                    setup.closed.push(hole);
                    0
                }
                (ShortHole::Shared | ShortHole::ToppedUp | ShortHole::SharedByLot, 0) => {
                    // The other side's remaining seeds top the hole up.
                    let wanted = per_hole.of(side, hole);
                    let given = hands[other].min(wanted.saturating_sub(hands[own]));
                    hands[other] -= given;
                    let to_other = match short_hole {
                        ShortHole::Shared => given > hands[own],
                        ShortHole::SharedByLot => {
                            given > hands[own] || given == hands[own] && given > 0 && drawn()
                        }
                        _ => false,
                    };
                    if to_other {
                        setup.territory.push(hole);
                    }
                    hands[own] + given
                }
                _ => 0,
            };
            let from_own = seeds.min(hands[own]);
            setup.counts.push((hole, seeds));
            hands[own] -= from_own;
        }
    }
}

/// A side's holes in the order the rules fill them: by the game's `fill_order`
/// where it has one, then back row before front row, each from the side's left
/// (or right) as seen from its own seat.
pub(crate) fn fill_order(game: &Game, rules: &InOrder, side: Side) -> Vec<Hole> {
    let board = &game.board;
    let mut holes: Vec<Hole> = board.side_holes(side).iter().collect();
    holes.sort_by_key(|&h| {
        let first = rules.fill_order.as_ref().map_or(0, |order| {
            let mut env = Env::new(side);
            env.here = h;
            env.side = side;
            order.eval(&mut Scope::new(board, &game.layout, env))
        });
        let column = board.seat_column(h);
        let along = match rules.fill_from {
            FillFrom::Left => column,
            FillFrom::Right => board.columns() + 1 - column,
        };
        (first, board.is_inner(h), along)
    });
    holes
}

/// The bindings of a rule read as a round ends in `end`: the side to move, and
/// the side that made the last decision (before any, the side not to move).
fn round_end_env(end: &AnyPosition, last_mover: Option<Side>) -> Env {
    let mut env = Env::new(end.to_move);
    env.last_mover = last_mover.unwrap_or(end.to_move.other());
    env
}

/// The seeds each hole is refilled with, by the side filling it, after a
/// round that ended in `end`.
fn per_hole(
    game: &Game,
    rules: &RefillRules,
    end: &AnyPosition,
    last_mover: Option<Side>,
) -> PerHole {
    let cells = game.board.cell_count();
    let held = held(end);
    let expr = match &rules.seeds_per_hole {
        SeedsPerHole::Fixed(n) => return PerHole([0, 1].map(|_| vec![u64::from(*n); cells])),
        SeedsPerHole::AtRoundEnd(expr) => {
            let env = round_end_env(end, last_mover);
            let wanted = expr.eval(&mut Scope::new(&game.board, &held, env));
            let count = wanted.clamp(1, i64::from(u16::MAX)) as u64;
            return PerHole([0, 1].map(|_| vec![count; cells]));
        }
        SeedsPerHole::ByHole(expr) => expr,
    };
    PerHole(Side::BOTH.map(|side| {
        let mut counts = vec![1; cells];
        for hole in game.board.holes() {
            let mut env = round_end_env(end, last_mover);
            (env.here, env.side) = (hole, side);
            let wanted = expr.eval(&mut Scope::new(&game.board, &held, env));
            counts[hole as usize] = wanted.clamp(1, i64::from(u16::MAX)) as u64;
        }
        counts
    }))
}

/// The sides for which the match's `lost_when` holds at a round's end.
fn lost_match(
    game: &Game,
    rules: &MatchRules,
    end: &AnyPosition,
    last_mover: Option<Side>,
) -> [bool; 2] {
    let Some(lost_when) = &rules.lost_when else {
        return [false; 2];
    };
    let held = held(end);
    Side::BOTH.map(|side| {
        let mut env = round_end_env(end, last_mover);
        env.side = side;
        lost_when.eval(&mut Scope::new(&game.board, &held, env))
    })
}

/// The round's end `end` as `lost_when` and `tally` read it: what each side
/// holds in hand counted among its captures (all it refills from).
fn held(end: &AnyPosition) -> Position {
    let mut held = end.widened();
    for side in [0, 1] {
        held.captured[side] += u32::from(held.hand[side]);
        held.hand[side] = 0;
    }
    held
}

/// What each side adds to its tally for a round that ended so, in `end`.
fn round_points(
    game: &Game,
    tally: &TallyRules,
    end: &AnyPosition,
    status: Status,
    last_mover: Option<Side>,
) -> [i64; 2] {
    let winner = match status {
        Status::SouthWon => Some(Side::South),
        Status::NorthWon => Some(Side::North),
        Status::Draw | Status::Unfinished => None,
    };
    let held = held(end);
    Side::BOTH.map(|side| {
        let mut env = round_end_env(end, last_mover);
        env.side = side;
        env.round_winner = winner;
        tally.points.eval(&mut Scope::new(&game.board, &held, env))
    })
}

/// The match's result once a tally reaches `to_win`: the higher tally wins,
/// equal tallies draw.
fn tally_decides(tally: &TallyRules, tallies: [i64; 2]) -> Option<Status> {
    let [south, north] = tallies;
    if south.max(north) < tally.to_win {
        return None;
    }
    Some(ahead(tallies))
}

/// The side with more wins; level is a draw.
fn ahead([south, north]: [i64; 2]) -> Status {
    match south.cmp(&north) {
        std::cmp::Ordering::Greater => Status::SouthWon,
        std::cmp::Ordering::Less => Status::NorthWon,
        std::cmp::Ordering::Equal => Status::Draw,
    }
}

/// What each side holds at a round's end and refills from: its captures
/// (leftovers included) and the seeds still in its hand, which are its own.
pub fn holdings(end: &AnyPosition) -> [u32; 2] {
    Side::BOTH.map(|side| end.captured[side.index()] + u32::from(end.hand[side.index()]))
}

/// Who starts the round after one that `starter` started and that ended so, in
/// the position `end`, its last decision made by `last_mover`.
pub fn next_starter(
    game: &Game,
    rules: &MatchRules,
    starter: Side,
    status: Status,
    end: &AnyPosition,
    last_mover: Option<Side>,
) -> Side {
    let holdings = holdings(end);
    let winner = match status {
        Status::SouthWon => Some(Side::South),
        Status::NorthWon => Some(Side::North),
        Status::Draw | Status::Unfinished => None,
    };
    let [south, north] = holdings;
    let more_seeds = match south.cmp(&north) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    let chosen = match rules.starter {
        Starter::Winner => winner,
        Starter::Loser => winner.map(Side::other),
        Starter::MoreSeeds => more_seeds,
        Starter::FewerSeeds => more_seeds.map(Side::other),
        Starter::Alternate => None,
        Starter::LastMover => last_mover,
        Starter::Mover => Some(end.to_move),
    };
    let on_a_tie = || {
        let draw_starter = rules.draw_starter.as_ref()?;
        let env = round_end_env(end, last_mover);
        Some(draw_starter.eval(&mut Scope::new(&game.board, end, env)))
    };
    chosen.or_else(on_a_tie).unwrap_or(starter.other())
}

/// A match in progress: the round being played and the results of those before.
#[derive(Clone)]
pub struct MatchState<'g, const N: usize = MAX_CELLS> {
    /// `None` for a single game.
    rules: Option<&'g MatchRules>,
    round: GameState<'g, N>,
    /// The round being played, from 1.
    number: u32,
    starter: Side,
    reserve: [u32; 2],
    /// Every round's start so far (a repeat ends the match drawn).
    starts: Vec<Position>,
    results: Vec<RoundResult>,
    decisions: Vec<Decision>,
    /// Endless candidate moves met in the rounds already over.
    endless_before: u32,
    /// Turns passed in the rounds already over.
    passes_before: u32,
    /// The refill that ended the match, when a side could not make it.
    last_refill: Option<Position>,
    /// Each side's tally so far (a match won by a tally).
    tally: [i64; 2],
    /// Where the setup scatters seeds at random, the deal the rounds of a
    /// tally match are dealt from (round by round, `setup::round_deal`).
    deal: u64,
    outcome: Option<MatchOutcome>,
}

/// Match play was asked of a game whose file has no `[match]` section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoMatchRules;

impl std::fmt::Display for NoMatchRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("this game has no [match] section, so it cannot be played as a match")
    }
}

/// Why play cannot start from a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CannotStart {
    #[error("{0}")]
    /// The game has no `[match]` rules.
    NoMatchRules(NoMatchRules),
    /// Closed holes come only with the rounds of a match.
    #[error("a position with closed holes is a round of a match: play it with --match")]
    ClosedOutsideMatch,
    /// Holes held across the middle come only with the rounds of a match.
    #[error("a position with territory is a round of a match: play it with --match")]
    TerritoryOutsideMatch,
}

impl From<NoMatchRules> for CannotStart {
    fn from(e: NoMatchRules) -> CannotStart {
        CannotStart::NoMatchRules(e)
    }
}

/// A decision, named in a list of decisions, that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("decision {number} `{name}` {why}; legal decisions: {legal}")]
pub struct ReplayError {
    /// From 1.
    pub number: usize,
    /// As given (control characters escaped).
    pub name: String,
    /// Why it cannot be played.
    pub why: String,
    /// The legal decisions there, or why there are none.
    pub legal: String,
}

impl<'g> MatchState<'g> {
    /// A single game from the game's setup.
    pub fn single(game: &'g Game) -> Self {
        Self::start(game, None, game.start, game.start.to_move, 0)
    }

    /// A match (`as_match`) or a single game from the game's setup, as `deal`
    /// lays it out where the setup scatters seeds at random (the rounds of a
    /// tally match are dealt from it too).
    pub fn dealt(game: &'g Game, deal: u64, as_match: bool) -> Result<Self, CannotStart> {
        Self::dealt_sized(game, deal, as_match)
    }

    /// A match (`as_match`) or a single game, from `start`; in a match, its
    /// `captured` are the reserves carried into the round (its later rounds
    /// dealt, and its refills' lots drawn, from deal 0).
    pub fn from_position(
        game: &'g Game,
        start: Position,
        as_match: bool,
    ) -> Result<Self, CannotStart> {
        Self::from_position_dealt(game, start, as_match, 0)
    }

    /// `from_position`, its later rounds dealt (where the setup scatters seeds
    /// and rounds start afresh) and its refills' lots drawn from `deal`.
    pub fn from_position_dealt(
        game: &'g Game,
        start: Position,
        as_match: bool,
        deal: u64,
    ) -> Result<Self, CannotStart> {
        Self::begin(game, start, start.starter, as_match, deal)
    }

    /// As `from_position`, for a round that `starter` started (which the next
    /// round's starter may depend on).
    pub fn from_round(
        game: &'g Game,
        start: Position,
        starter: Side,
        as_match: bool,
    ) -> Result<Self, CannotStart> {
        Self::begin(game, start, starter, as_match, 0)
    }
}

impl<'g, const N: usize> MatchState<'g, N> {
    /// `dealt`, played with room for `N` cells (at least the board's: see
    /// `Game::cell_class`).
    pub fn dealt_sized(game: &'g Game, deal: u64, as_match: bool) -> Result<Self, CannotStart> {
        // Most setups deal nothing: their start is not laid out again.
        let start = match game.dealt() {
            true => game.deal(deal, Side::South),
            false => game.start,
        };
        Self::begin(game, start, start.starter, as_match, deal)
    }

    fn begin(
        game: &'g Game,
        start: Position,
        starter: Side,
        as_match: bool,
        deal: u64,
    ) -> Result<Self, CannotStart> {
        let rules = match as_match {
            true => Some(game.match_rules.as_ref().ok_or(NoMatchRules)?),
            false if !start.closed.is_empty() => return Err(CannotStart::ClosedOutsideMatch),
            false if !start.territory.is_empty() => {
                return Err(CannotStart::TerritoryOutsideMatch);
            }
            false => None,
        };
        Ok(Self::start(game, rules, start, starter, deal))
    }

    /// Plays decisions given by name (hole names such as `a3`), stopping at the
    /// first that is not a hole or not legal.
    pub fn replay<S: AsRef<str>>(&mut self, names: &[S]) -> Result<(), ReplayError> {
        let game = self.game();
        for (index, name) in names.iter().enumerate() {
            let name = name.as_ref();
            let refuse = |state: &Self, why: String| {
                let legal: Vec<String> = state.legal().map(|d| game.decision_name(d)).collect();
                ReplayError {
                    number: index + 1,
                    name: crate::input::printable(name),
                    why,
                    legal: match legal.is_empty() {
                        true => "none (the game is over)".to_string(),
                        false => legal.join(" "),
                    },
                }
            };
            let Some(decision) = game.parse_decision(name) else {
                return Err(refuse(self, game.not_a_decision()));
            };
            if self.play(decision).is_err() {
                return Err(refuse(self, "is not legal".into()));
            }
        }
        Ok(())
    }

    /// The match from `start`, whose later rounds (and lots) follow from `deal`.
    fn start(
        game: &'g Game,
        rules: Option<&'g MatchRules>,
        mut start: Position,
        starter: Side,
        deal: u64,
    ) -> Self {
        start.starter = starter;
        let mut state = MatchState {
            rules,
            round: GameState::from_any_position(game, &start),
            number: 1,
            starter,
            reserve: start.captured,
            starts: vec![start],
            results: Vec::new(),
            decisions: Vec::with_capacity(TYPICAL_GAME_DECISIONS),
            endless_before: 0,
            passes_before: 0,
            last_refill: None,
            tally: [0; 2],
            deal,
            outcome: None,
        };
        state.settle();
        state
    }

    /// The same match with room for `M` cells (see `GameState::into_resized`).
    pub fn into_resized<const M: usize>(self) -> MatchState<'g, M> {
        MatchState {
            rules: self.rules,
            round: self.round.into_resized(),
            number: self.number,
            starter: self.starter,
            reserve: self.reserve,
            starts: self.starts,
            results: self.results,
            decisions: self.decisions,
            endless_before: self.endless_before,
            passes_before: self.passes_before,
            last_refill: self.last_refill,
            tally: self.tally,
            deal: self.deal,
            outcome: self.outcome,
        }
    }

    /// Whether rounds follow one another (a match), or this is one game.
    pub fn is_match(&self) -> bool {
        self.rules.is_some()
    }

    /// The game being played.
    pub fn game(&self) -> &'g Game {
        self.round.game()
    }

    /// The round being played (or the last one, once the match is over).
    pub fn round(&self) -> &GameState<'g, N> {
        &self.round
    }

    /// The round being played, from 1.
    pub fn round_number(&self) -> u32 {
        self.number
    }

    /// What each side carried into the current round in hand.
    pub fn reserve(&self) -> [u32; 2] {
        self.reserve
    }

    /// Each side's tally after the rounds over, where a tally decides the match.
    pub fn tally(&self) -> Option<[i64; 2]> {
        let rules = self.rules?;
        matches!(rules.rounds, Rounds::Tally(_)).then_some(self.tally)
    }

    /// The rounds already over, in order.
    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }

    /// How the match (or the one game) ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<&MatchOutcome> {
        self.outcome.as_ref()
    }

    /// The position now: the current round's (as it ended, once over), or the
    /// refill a side could not make, which ended the match.
    pub fn position(&self) -> &AnyPosition {
        match &self.last_refill {
            Some(refill) => refill,
            None => self.round.position(),
        }
    }

    /// The side to decide next; `None` once it is over.
    pub fn to_move(&self) -> Option<Side> {
        self.round.to_move()
    }

    /// Every decision of the match, round after round.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// Moves found endless (GEN-7) so far, across rounds.
    pub fn endless_met(&self) -> u32 {
        self.endless_before + self.round.endless_met()
    }

    /// Turns passed by a side with no legal move, over all rounds.
    pub fn passes(&self) -> u32 {
        self.passes_before + self.round.passes()
    }

    /// Completed turns over all rounds.
    pub fn turns(&self) -> u32 {
        let before: u32 = self.results.iter().map(|r| r.turns).sum();
        if self.round.outcome().is_some() {
            before
        } else {
            before + self.round.position().turn
        }
    }

    /// The legal decisions, in board order.
    pub fn legal(&self) -> impl ExactSizeIterator<Item = Decision> + '_ {
        self.round.legal()
    }

    /// Plays the legal decision at `index` of `legal`, starting the next round where one is over.
    pub fn play_index(&mut self, index: usize) {
        self.decisions.push(self.round.legal_decision(index));
        self.round.play_index(index);
        self.settle();
    }

    /// Plays `decision`, if it is legal.
    pub fn play(
        &mut self,
        decision: impl Into<Decision>,
    ) -> Result<(), crate::rules::state::Illegal> {
        let decision = decision.into();
        self.round.play(decision)?;
        self.decisions.push(decision);
        self.settle();
        Ok(())
    }

    /// Moves on to the next round while the current one is over.
    fn settle(&mut self) {
        while self.outcome.is_none() {
            let Some(outcome) = self.round.outcome().cloned() else {
                return;
            };
            self.outcome = self.next_round(outcome);
        }
    }

    /// Closes the round that ended with `outcome` and starts the next, unless
    /// the match is over. Out of line: `settle` runs after every decision, this
    /// once a round.
    #[inline(never)]
    fn next_round(&mut self, outcome: Outcome) -> Option<MatchOutcome> {
        let game = self.round.game();
        let status = outcome.status;
        let rules = self.rules.filter(|_| status != Status::Unfinished);
        let holdings = self.close_round(&outcome, rules);
        let Some(rules) = rules else {
            return Some(MatchOutcome {
                status,
                reason: outcome.reason,
            });
        };
        let next = match self.refill_or_decide(rules, holdings, &outcome) {
            Ok(next) => next,
            Err(decided) => return Some(decided),
        };
        let (end, last_mover) = (self.round.position(), self.round.last_mover());
        let starter = next_starter(game, rules, self.starter, status, end, last_mover);
        let deal = round_deal(self.deal, self.number + 1);
        // A start dealt afresh has its opening played, and so its side to move.
        let mut start = match (next, &rules.rounds) {
            (Some(refilled), Rounds::Refill(refill)) if refill.layout == RoundLayout::Setup => {
                // Laid out afresh; the refill only said who owns which holes.
                game.opened_holding(deal, starter, refilled.territory).start
            }
            (Some(mut refilled), _) => {
                (refilled.to_move, refilled.starter) = (starter, starter);
                refilled
            }
            (None, _) => game.deal(deal, starter),
        };
        if rules.claims == ClaimsBetweenRounds::Kept {
            start.claims = end.claims;
        }
        if let Some(cut) = self.cut_short(&start, rules, holdings) {
            self.last_refill = Some(start);
            return Some(cut);
        }
        self.start_round(start);
        None
    }

    /// Records the round just over (and adds its points to a tally); gives
    /// what each side holds at its end.
    fn close_round(&mut self, outcome: &Outcome, rules: Option<&MatchRules>) -> [u32; 2] {
        let game = self.round.game();
        let end = self.round.position();
        let holdings = holdings(end);
        if let Some(Rounds::Tally(tally)) = rules.map(|rules| &rules.rounds) {
            let points = round_points(game, tally, end, outcome.status, self.round.last_mover());
            for side in Side::BOTH {
                self.tally[side.index()] += points[side.index()];
            }
        }
        self.results.push(RoundResult {
            round: self.number,
            starter: self.starter,
            reserve: self.reserve,
            outcome: outcome.clone(),
            holdings,
            turns: end.turn,
            tally: self.tally,
        });
        holdings
    }

    /// The next round's start where the sides refill their holes (none where
    /// every round starts from the setup), or how the match ended: a side that
    /// cannot refill, that meets `lost_when`, or whose tally wins.
    fn refill_or_decide(
        &mut self,
        rules: &MatchRules,
        holdings: [u32; 2],
        round: &Outcome,
    ) -> Result<Option<Position>, MatchOutcome> {
        let game = self.round.game();
        let lost = lost_match(game, rules, self.round.position(), self.round.last_mover());
        let (next, out, reason) = match &rules.rounds {
            Rounds::Refill(refill_rules) => self.refilled(refill_rules, holdings, round, lost)?,
            Rounds::Tally(tally) => {
                if let Some(status) = tally_decides(tally, self.tally) {
                    return Err(MatchOutcome {
                        status,
                        reason: Reason::Tally,
                    });
                }
                (None, lost, Reason::MatchLost)
            }
        };
        if out == [false, false] {
            return Ok(next);
        }
        // A refill that could not be made is where the match ended; a round
        // that `lost_when` ends the match is shown as it ended.
        self.last_refill = next.filter(|_| reason == Reason::CannotRefill);
        let status = match out {
            [true, true] => Status::Draw,
            [true, false] => Status::won_by(Side::North),
            _ => Status::won_by(Side::South),
        };
        Err(MatchOutcome { status, reason })
    }

    /// The next round's start as the refill rules make it after a round that
    /// ended so (`round`), the sides out of the match (`lost`: by `lost_when`)
    /// and why; or how the match ended where nobody is to refill.
    fn refilled(
        &self,
        rules: &RefillRules,
        holdings: [u32; 2],
        round: &Outcome,
        lost: [bool; 2],
    ) -> Result<(Option<Position>, [bool; 2], Reason), MatchOutcome> {
        let game = self.round.game();
        let end = self.round.position();
        let lot = round_deal(self.deal, self.number + 1) ^ LOT;
        let loser = match round.status {
            Status::SouthWon => Some(Side::North),
            Status::NorthWon => Some(Side::South),
            _ => None,
        };
        let per_hole = per_hole(game, rules, end, self.round.last_mover());
        let refill = match (rules.refilled_by, rules.in_order(), loser) {
            (RefilledBy::Loser, Some(order), Some(loser)) => {
                refill_by_loser(game, (rules, order, &per_hole), end, loser)
            }
            // Nobody to refill: the match ends as its last round did, unless
            // `lost_when` ends it.
            (RefilledBy::Loser, _, _) if lost == [false, false] => {
                return Err(MatchOutcome {
                    status: round.status,
                    reason: round.reason,
                });
            }
            (RefilledBy::Loser, _, _) => return Ok((None, lost, Reason::MatchLost)),
            // Where the sides fill in turn, the side whose turn it would be fills first.
            _ => refill(game, rules, &per_hole, holdings, end.to_move, lot),
        };
        let reason = match refill.out {
            [false, false] => Reason::MatchLost,
            _ => Reason::CannotRefill,
        };
        let out = [0, 1].map(|i| refill.out[i] || lost[i]);
        Ok((Some(refill.position), out, reason))
    }

    /// How the engine cuts the match short before a round that would start
    /// at `start` (GEN-13): a start repeated more often than the user allows,
    /// or the round limit.
    fn cut_short(
        &self,
        start: &Position,
        rules: &MatchRules,
        holdings: [u32; 2],
    ) -> Option<MatchOutcome> {
        let limits = self.round.game().limits();
        // Every round of a tally match starts from the setup: a repeat says nothing.
        let refilled = matches!(rules.rounds, Rounds::Refill(_));
        if let (true, Some(allowed)) = (refilled, limits.round_repeats) {
            let repeats = self.starts.iter().filter(|&earlier| start.repeats(earlier));
            if repeats.count() > allowed as usize {
                return Some(MatchOutcome {
                    status: Status::Draw,
                    reason: Reason::RoundRepetition,
                });
            }
        }
        if self.number < limits.rounds {
            return None;
        }
        let status = match limits.at_round_limit {
            AtRoundLimit::Unfinished => Status::Unfinished,
            AtRoundLimit::Ahead if refilled => ahead(holdings.map(i64::from)),
            AtRoundLimit::Ahead => ahead(self.tally),
        };
        Some(MatchOutcome {
            status,
            reason: Reason::RoundLimit,
        })
    }

    /// The next round, from `start`.
    fn start_round(&mut self, start: Position) {
        let game = self.round.game();
        self.endless_before += self.round.endless_met();
        self.passes_before += self.round.passes();
        self.starts.push(start);
        self.number += 1;
        self.starter = start.to_move;
        self.reserve = start.captured;
        self.round = GameState::from_any_position(game, &start);
    }
}
