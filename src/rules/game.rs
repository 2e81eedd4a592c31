//! A loaded game: the immutable, compiled form of a game file for one choice
//! of options. Everything here is resolved; play never looks up a name.

use crate::ir::typed::{Compare, HoleRef};
use crate::ir::{BoolExpr, Compiled, Env, HoleExpr, IntExpr, Scope, SetExpr, SideExpr};
use crate::rules::board::{Board, Hole, HoleSet, Side};
use crate::rules::decision::{Answer, Decision, Move};
use crate::rules::memory::{Memories, Memory};
use crate::rules::opening::{Opened, Opening};
use crate::rules::position::{AnyPosition, Position};
use crate::rules::setup::Scatter;
use crate::rules::skip_table::SkipTable;
use crate::rules::work::MoveWork;

/// How far play may go before it is cut short: the operational limits of
/// GEN-7 and GEN-11, and their match-play counterparts. Set only through
/// [`Game::set_limits`], which checks them, so that no limit can make a game's
/// memory or time grow without bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// GEN-11: completed turns after which a game ends as unfinished.
    pub turns: u32,
    /// GEN-7: laps after which a sowing counts as endless, and the move as illegal.
    pub laps: u32,
    /// Rounds after which a match ends as unfinished.
    pub rounds: u32,
    /// How many times rounds may start as earlier rounds did before the match
    /// is drawn; none (the default): a repeated start ends nothing, as no
    /// source draws a match for it.
    pub round_repeats: Option<u32>,
    /// How a match that reaches the round limit ends.
    pub at_round_limit: AtRoundLimit,
}

/// How a match cut short by the round limit ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtRoundLimit {
    /// Unfinished: no side won, none drew.
    #[default]
    Unfinished,
    /// The side ahead wins (ahead in the tally where rounds are tallied, in
    /// the seeds it holds where they are refilled); level is a draw.
    Ahead,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            turns: 1_000,
            laps: 10_000,
            rounds: 100,
            round_repeats: None,
            at_round_limit: AtRoundLimit::Unfinished,
        }
    }
}

impl Limits {
    /// The largest limits accepted (a game keeps one position per turn to detect
    /// repetition, so turns bound its memory; laps bound the time of one move).
    pub const MAX: Limits = Limits {
        turns: 100_000,
        laps: 1_000_000,
        rounds: 10_000,
        round_repeats: Some(10_000),
        at_round_limit: AtRoundLimit::Unfinished,
    };

    /// Each limit is at least 1 (repeats may be 0) and at most `Limits::MAX`.
    pub fn check(&self) -> Result<(), LimitError> {
        let within = |name: &'static str, value: u32, low: u32, high: u32| {
            if (low..=high).contains(&value) {
                Ok(())
            } else {
                Err(LimitError {
                    name,
                    value,
                    low,
                    high,
                })
            }
        };
        let max = Limits::MAX;
        within("turn limit", self.turns, 1, max.turns)?;
        within("lap limit", self.laps, 1, max.laps)?;
        within("round limit", self.rounds, 1, max.rounds)?;
        let most_repeats = max.round_repeats.unwrap_or(u32::MAX);
        within(
            "round repeats",
            self.round_repeats.unwrap_or(0),
            0,
            most_repeats,
        )
    }
}

/// A limit out of its range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {name} is {value}; it runs from {low} to {high}")]
pub struct LimitError {
    /// Which limit, as messages name it (`turn limit`, `round repeats`...).
    pub name: &'static str,
    /// The value asked for.
    pub value: u32,
    /// The smallest value accepted.
    pub low: u32,
    /// The largest value accepted (from `Limits::MAX`).
    pub high: u32,
}

/// A loaded game: a game file compiled for one choice of options, with
/// everything resolved (board, setup, rules as compiled expressions, limits).
/// It does not change while games are played; a [`crate::GameState`] or a
/// The name of the decision to swap seats (`[swap]`).
const SWAP: &str = "swap";

/// [`crate::MatchState`] plays on it.
pub struct Game {
    /// The file stem, e.g. `my-variant` for `games/my-variant.toml`.
    pub(crate) id: String,
    pub(crate) meta: Meta,
    /// Every option with its value in force, in name order.
    pub(crate) options: Vec<GameOption>,
    pub(crate) board: Board,
    /// The position play starts from: deal 0's (`deal`).
    pub(crate) start: Position,
    /// South's start as the setup lays it out, before anything is dealt.
    pub(crate) layout: Position,
    /// The layout when North moves first, where the setup reads `mover` and
    /// so differs from `layout` (every round of a tally match starts afresh).
    pub(crate) north_layout: Option<Position>,
    /// Seeds the setup drops at random.
    pub(crate) scatter: Option<Scatter>,
    /// Decisions the setup plays.
    pub(crate) opening: Option<Opening>,
    /// Whether a start depends on its deal: the setup scatters seeds, or its
    /// opening draws a decision among several.
    pub(crate) dealt: bool,
    pub(crate) moves: Moves,
    /// Holes the sowing passes by without dropping a seed (binding `here`).
    pub(crate) skip: Option<Compiled<BoolExpr>>,
    /// `skip` worked out for every choice of what it reads, where it can be.
    pub(crate) skip_table: Option<SkipTable>,
    /// Seeds dropped into each hole sown (binding `here`, `in_hand`), where
    /// not one.
    pub(crate) drop: Option<Compiled<IntExpr>>,
    /// When it holds for a move (binding `origin`), the move is sown against
    /// the game's direction, unless the mover chose the direction.
    pub(crate) reverse: Option<Compiled<BoolExpr>>,
    pub(crate) relay: Option<Relay>,
    /// Moves that put seeds held in hand into a hole.
    pub(crate) hand: Option<HandMoves>,
    pub(crate) captures: Vec<Capture>,
    /// When claims are lost (claims held from the start are in `start`).
    pub(crate) claims_lost: Option<Compiled<BoolExpr>>,
    /// What each step of a move costs at most (`work`), worked out at load.
    pub(crate) work: MoveWork,
    /// The opponent's holes the mover claims once a move is played (`here`), in
    /// place of its claims on the opponent's holes, when the condition holds for
    /// any (see `gain`).
    pub(crate) claims_gain: Option<Compiled<BoolExpr>>,
    /// When it holds after a move, the mover plays again.
    pub(crate) again: Option<Compiled<BoolExpr>>,
    /// When it holds as a turn starts (binding `mover`), the side to move may
    /// take the other side's seat instead of moving (`[swap]`).
    pub(crate) swap: Option<Compiled<BoolExpr>>,
    pub(crate) end_checks: Vec<EndCheck>,
    /// Each side's result (binding `side`), compared when an end check scores.
    pub(crate) score: Compiled<IntExpr>,
    /// How good a position is for `side`, for search agents (`None`: its captures).
    pub(crate) evaluation: Option<Compiled<IntExpr>>,
    /// How rounds follow one another when the game is played as a match.
    pub(crate) match_rules: Option<MatchRules>,
    /// Checked when set (`set_limits`).
    pub(crate) limits: Limits,
    /// Whether a move may lose claims, meet a relay's `lift` or `optional`,
    /// read `lap_board` or drop several seeds into a hole: sowing checks those
    /// only then (see `engine::sow`).
    pub(crate) rare_sowing: bool,
    /// The times some capture rule is made at, one bit per `CaptureTime`
    /// (asked at every move, so worked out once).
    pub(crate) capture_times: u8,
    /// `moves_always_legal` and `tracks_repetition`, worked out at load.
    pub(crate) always_legal: bool,
    pub(crate) tracks_repetition: bool,
    /// Whether some end check is called or offered by a decision, worked out
    /// at load (asked at every turn).
    pub(crate) has_calls: bool,
    /// Whether a turn may offer decisions besides moves: calls, offers or a
    /// swap of seats, worked out at load (asked at every turn).
    pub(crate) decides_more_than_moves: bool,
    /// What positions remember beyond seeds, scores and the side to move:
    /// only what some expression reads (each costs time at every move).
    pub(crate) memories: Memories,
    /// Clause ids cited by the board, setup, sowing, turn and result sections.
    pub(crate) layout_clauses: Vec<String>,
}

/// A game file's `[game]` table: who plays it, where it comes from, and
/// where its rules are written.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The game's name, as people call it (`name`).
    pub name: String,
    /// Other names the game goes by (`aliases`; none by default).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Where it is played (`origin`; empty by default).
    #[serde(default)]
    pub origin: String,
    /// Where its rules come from: books, sites, other programs (`sources`).
    #[serde(default)]
    pub sources: Vec<String>,
    /// The rules document the file follows, and its clause prefix.
    #[serde(default)]
    pub rules: String,
    /// One line about the game, shown by `list` and `show` (`summary`).
    pub summary: String,
}

/// An option's value: an integer or a word.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(untagged, expecting = "expected an integer or a word in quotes")]
pub enum OptionValue {
    /// An integer, usable by name in every expression (`holes_per_row`).
    Int(i64),
    /// A word from the option's list, such as a sowing direction (`"cw"`).
    Word(String),
}

impl std::fmt::Display for OptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Word(w) => f.write_str(w),
        }
    }
}

/// One of a game's options (`[options.NAME]`), as loaded: its value in force
/// and what it allows.
pub struct GameOption {
    /// The option's name (`NAME`), as expressions and `--option` use it.
    pub name: String,
    /// The value in force: the user's (`--option NAME=VALUE`), else the default.
    pub value: OptionValue,
    /// The value when the user gives none (`default`).
    pub default: OptionValue,
    /// Allowed values, described for people (`6, 4` or `8..=36`).
    pub allowed: String,
    /// Values worth trying when validating: every listed value, or a range's ends.
    pub samples: Vec<OptionValue>,
    /// What it changes, for people (`help`; empty when the file gives none).
    pub help: String,
}

pub(crate) struct Moves {
    /// The holes a move may start from (`None`: the mover's own).
    pub holes: Option<Compiled<SetExpr>>,
    /// Which non-empty holes of the mover a move may start from (`None`: any).
    pub from: Option<Compiled<BoolExpr>>,
    /// Seeds lifted (`None`: all).
    pub lift: Option<Compiled<IntExpr>>,
    /// A condition the position after the move must meet for the move to be legal.
    pub after: Option<Compiled<BoolExpr>>,
    /// What the position after the move is preferred by: only the legal moves
    /// that do best are legal ("feed if you can", "capture if you can",
    /// "capture the most").
    pub prefer: Option<Preference>,
    /// Where it holds (binding `origin`), the mover chooses the direction of
    /// sowing: each direction is a decision of its own.
    pub choose_direction: Option<Compiled<BoolExpr>>,
    /// `after` is asked of a hole rather than of each decision: every move from
    /// a hole is legal when one of them meets it.
    pub after_by_hole: bool,
    pub clauses: Vec<String>,
}

/// `[move] prefer`: a condition the legal moves meet if they can, or an
/// integer they make as large as they can.
#[derive(Debug)]
pub(crate) enum Preference {
    /// When some legal move meets it, only those that do are legal.
    Condition(Compiled<BoolExpr>),
    /// Only the legal moves that make it largest are legal.
    Largest(Compiled<IntExpr>),
}

impl Preference {
    /// How well a move does: larger is better (a condition met is 1).
    pub(crate) fn value(&self, scope: &mut Scope) -> i64 {
        match self {
            Preference::Condition(condition) => i64::from(condition.eval(scope)),
            Preference::Largest(value) => value.eval(scope),
        }
    }
}

/// Moves from the hand: while `when` holds and the mover holds seeds, a move
/// takes `seeds` of them and puts them into a chosen hole (or sows them from it,
/// the first into it); captures, relay and extra turns follow as for any move.
pub(crate) struct HandMoves {
    pub when: Option<Compiled<BoolExpr>>,
    /// Where seeds may be put (`None`: the mover's holes).
    pub holes: Option<Compiled<SetExpr>>,
    /// Which of those holes (binding `origin`).
    pub to: Option<Compiled<BoolExpr>>,
    /// Seeds taken from the hand (`None`: one, or as the mover chose).
    pub seeds: Option<Compiled<IntExpr>>,
    /// Where given, the mover chooses each count for which it holds (binding
    /// `in_hand`), from 1 to all it holds; the move names it (`a1:hand=3`).
    pub choose_seeds: Option<Compiled<BoolExpr>>,
    /// Whether hand moves replace board moves or come beside them.
    pub offered: HandOffered,
    /// Sown from the chosen hole rather than all put into it.
    pub sow: bool,
    /// Seeds passed from the mover's hand to the opponent's (negative: the
    /// other way) once the move has taken its seeds.
    pub give: Option<Compiled<IntExpr>>,
    pub clauses: Vec<String>,
}

/// How a turn's hand moves stand to its board moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HandOffered {
    /// While hand moves are offered, they are the only moves.
    Instead,
    /// The mover may play from its hand or from the board; a hand move names
    /// itself (`a1:hand`).
    Beside,
}

pub(crate) struct Relay {
    pub when: Compiled<BoolExpr>,
    pub from: Compiled<HoleExpr>,
    /// When it holds as the sowing goes on, the next lap runs the other way.
    pub reverse: Option<Compiled<BoolExpr>>,
    /// Seeds lifted for the next lap (`None`: all; kept between 1 and all).
    pub lift: Option<Compiled<IntExpr>>,
    /// Where it holds, the mover may stop the sowing instead: a chance, offered
    /// both ways as an optional capture is.
    pub optional: Option<Compiled<BoolExpr>>,
    /// The commonest relay, read at load: on from the last hole while its
    /// count compares so with a constant (`when = "count(last) > 1"`, `from =
    /// "last"`), which the sowing tests in place.
    pub from_last_while: Option<(Compare, i64)>,
    pub clauses: Vec<String>,
}

impl Relay {
    pub(crate) fn from_last_while(when: &BoolExpr, from: &HoleExpr) -> Option<(Compare, i64)> {
        match (when, from) {
            (BoolExpr::CountCompare(op, HoleRef::Last, k), HoleExpr::Last) => Some((*op, *k)),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum CaptureTime {
    /// When a lap's hand has been lifted, before its first drop (binding
    /// `in_hand`).
    Lift,
    /// After every drop (bindings `here`, `is_last`).
    Drop,
    /// After each lap's last drop, before the relay decides.
    LapEnd,
    /// Once the sowing has ended.
    SowingEnd,
}

impl CaptureTime {
    /// This time's bit in `Game::capture_times`.
    pub(crate) fn bit(self) -> u8 {
        1 << self as u8
    }
}

pub(crate) enum Target {
    Hole(Compiled<HoleExpr>),
    Set(Compiled<SetExpr>),
}

pub(crate) struct Capture {
    pub at: CaptureTime,
    pub when: Compiled<BoolExpr>,
    pub take: Target,
    pub to: Compiled<SideExpr>,
    pub chain: Option<Chain>,
    pub strip: Option<Strip>,
    /// When it holds after the capture, the capture is undone.
    pub veto: Option<Compiled<BoolExpr>>,
    /// With a veto: the holes (read as the capture begins) that a vetoed capture
    /// gives back, keeping the rest taken.
    pub spare: Option<Compiled<SetExpr>>,
    /// At a lap's lift: seeds taken out of the hand before it is sown.
    pub from_hand: Option<Compiled<IntExpr>>,
    /// The most seeds taken from each hole (`None`: all of them).
    pub at_most: Option<Compiled<IntExpr>>,
    /// The holes taken become claimed by the side that gets their seeds.
    pub claim: bool,
    /// The seeds taken are not scored but sown on from this hole, as a new lap
    /// (lap-end captures only).
    pub resow: Option<Compiled<HoleExpr>>,
    /// With `resow`: when it holds, the re-sown lap runs the other way.
    pub resow_reverse: Option<Compiled<BoolExpr>>,
    /// The seeds taken are not scored but put into this hole.
    pub into: Option<Compiled<HoleExpr>>,
    /// The seeds taken are not scored but go into the hand of the side `to`
    /// names (a game with hand moves, which put them into play).
    pub into_hand: bool,
    /// The seeds taken go out of play: they score for nobody.
    pub remove: bool,
    /// The mover may decline it: a move during which it would take seeds is
    /// offered both ways (`a3` takes, `a3:decline` does not).
    pub optional: bool,
    pub clauses: Vec<String>,
}

pub(crate) struct Chain {
    pub step: Compiled<HoleExpr>,
    pub continue_while: Compiled<BoolExpr>,
    /// Holes the chain may take after the first (`limit` - 1; unlimited: the
    /// board's size, as each link empties a hole).
    pub links: usize,
}

pub(crate) struct Strip {
    /// Decisions owed: seeds, or with `whole` holes.
    pub stones: Compiled<IntExpr>,
    pub from: Compiled<SetExpr>,
    /// Each decision takes every seed of the hole chosen.
    pub whole: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// A side has no seeds in its holes (the side to move is examined first).
    NoStones,
    /// The side to move has no legal decision.
    NoMoves,
    /// The turn starts in a position that started an earlier turn (GEN-10).
    Repetition,
    /// A side has captured more than half of all seeds, or both exactly half.
    Majority,
    /// The check's own condition holds for a side (the side to move is asked first).
    Condition,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndOutcome {
    /// The side the check names loses.
    Loses,
    /// The side the check names wins.
    Wins,
    Draw,
    /// Leftovers are awarded, then the sides' results are compared.
    Score,
    /// Not an end: the side to move passes its turn (with `no_moves`, when it
    /// has no legal move and the other side has one; with `call`, when it
    /// chooses to).
    Pass,
}

/// What fires an end check: the rules, at a turn start, or a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Trigger {
    /// The check fires by itself when it holds.
    Rules,
    /// While it holds, the mover may call it instead of moving, by a decision
    /// of this name; the check names the caller.
    Call(String),
    /// While it holds, the mover may offer it by a decision of this name; the
    /// other side accepts (the check fires, naming the side that offered) or
    /// refuses (the offering side decides again, the offer aside).
    Offer(String),
}

impl Trigger {
    /// The name of the decision that calls or offers the check, if one does.
    pub(crate) fn decision(&self) -> Option<&str> {
        match self {
            Trigger::Rules => None,
            Trigger::Call(name) | Trigger::Offer(name) => Some(name),
        }
    }
}

pub(crate) struct EndCheck {
    pub check: Check,
    /// `Check::Condition`'s condition, of `side`.
    pub when: Option<Compiled<BoolExpr>>,
    /// Whether `when` reads `threats(side)`, which is then worked out.
    pub looks_ahead: bool,
    pub outcome: EndOutcome,
    /// Who gets the seeds of each hole `here` (`None`: they stay on the board).
    pub leftovers: Option<Compiled<SideExpr>>,
    /// The holes `here` whose seeds stay on the board all the same.
    pub spare: Option<Compiled<BoolExpr>>,
    pub trigger: Trigger,
    pub clauses: Vec<String>,
}

/// Between the rounds of a match: how the next round starts and who starts it,
/// and when the match is over.
pub struct MatchRules {
    pub(crate) rounds: Rounds,
    pub(crate) starter: Starter,
    /// Who starts after a round `starter` cannot decide (a draw, equal seeds): a
    /// side read at the round's end (`None`: the side that did not start it).
    pub(crate) draw_starter: Option<Compiled<SideExpr>>,
    /// A condition of `side`, asked at each round's end (its `captured` are
    /// what the side holds): a side for which it holds loses the match.
    pub(crate) lost_when: Option<Compiled<BoolExpr>>,
    /// What becomes of the holes claimed as a round ends.
    pub(crate) claims: ClaimsBetweenRounds,
    pub(crate) clauses: Vec<String>,
}

/// What becomes of the holes claimed as a round ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ClaimsBetweenRounds {
    /// The next round starts with no hole claimed.
    Cleared,
    /// They stay claimed, by the same sides, in the next round.
    Kept,
}

impl MatchRules {
    /// The refill rules, for a match whose rounds are refilled.
    pub(crate) fn refill(&self) -> Option<&RefillRules> {
        match &self.rounds {
            Rounds::Refill(refill) => Some(refill),
            Rounds::Tally(_) => None,
        }
    }
}

/// How a round after the first starts.
pub(crate) enum Rounds {
    /// Each side refills its own holes from the seeds it holds.
    Refill(RefillRules),
    /// Every round starts from the game's setup; a tally across the rounds
    /// decides the match.
    Tally(TallyRules),
}

/// A match of rounds that each start from the setup, won by a tally.
pub(crate) struct TallyRules {
    /// An integer of `side`, `won` and `drawn`, read at a round's end: what the
    /// side adds to its tally.
    pub points: Compiled<IntExpr>,
    /// The tally that wins the match (both at once: the higher; equal: a draw).
    pub to_win: i64,
}

/// Each side refills its own holes from what it holds.
pub(crate) struct RefillRules {
    /// Seeds each hole is filled with (or counted as filled by `min_filled`).
    pub seeds_per_hole: SeedsPerHole,
    /// Who puts the seeds back.
    pub filling: Filling,
    /// Holes a side must fill with `seeds_per_hole` seeds to play on (with
    /// `Filling::ByHand`: seeds it must hold for as many); `None`: a side loses
    /// only when it has no seed to put back.
    pub min_filled: Option<u16>,
    /// What the next round's board holds.
    pub layout: RoundLayout,
    /// Who puts seeds back.
    pub refilled_by: RefilledBy,
}

/// Who refills between rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RefilledBy {
    /// Both sides put back all they hold.
    Both,
    /// The round's loser alone gathers the seeds of its holes with all it
    /// holds and refills its holes; the winner's holes and reserve stay as the
    /// round left them. A drawn round, with nobody to refill, ends the match
    /// drawn.
    Loser,
}

/// Seeds each hole is refilled with.
pub(crate) enum SeedsPerHole {
    /// The same every round.
    Fixed(u16),
    /// Read as each round ends from what the sides hold then (as `lost_when`
    /// reads it: `captured(side)` counts a side's hand too), for each hole
    /// (`here`) and the side filling it (`side`), kept between 1 and 65,535.
    AtRoundEnd(Compiled<IntExpr>),
    /// As `AtRoundEnd`, reading the hole or the side filling it: read once
    /// for each (at most 2 x 144 times a round, each within `MAX_COST`).
    ByHole(Compiled<IntExpr>),
}

/// What a refilled round's board holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundLayout {
    /// The seeds each side put back, as the refill placed them.
    Refilled,
    /// The setup's layout for the round's starter, every reserve emptied; the
    /// refill only decides which holes each side owns (territory) and whether
    /// a side can play on.
    Setup,
}

impl RefillRules {
    /// The order the rules fill holes in, where they fill them.
    pub(crate) fn in_order(&self) -> Option<&InOrder> {
        match &self.filling {
            Filling::InOrder(order) => Some(order),
            Filling::ByHand => None,
        }
    }
}

/// Who puts a side's seeds back between rounds.
pub(crate) enum Filling {
    /// The rules, hole after hole.
    InOrder(InOrder),
    /// The players: each side takes the seeds it holds into its hand, and the
    /// game's `[hand]` moves place them.
    ByHand,
}

/// How the rules fill a side's holes.
pub(crate) struct InOrder {
    /// Where each side starts filling, as seen from its own seat.
    pub fill_from: FillFrom,
    /// An integer of `here` and `side`: each side fills its holes in increasing
    /// order of it, ties in `fill_from`'s order (`None`: `fill_from`'s order).
    pub fill_order: Option<Compiled<IntExpr>>,
    /// What becomes of a hole that cannot be given `seeds_per_hole`.
    pub short_hole: ShortHole,
    /// What a side does with the seeds left once its own holes are filled.
    pub surplus: Surplus,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Surplus {
    /// They stay in the side's hand (its reserve for the round).
    Keep,
    /// They fill, `seeds_per_hole` each, the holes of the other side's that it
    /// could not fill, and those holes are the filler's for the round.
    Territory(TerritoryStart),
    /// The sides fill one after the other, the side to move as the round
    /// ends first, each into the empty holes of its own fill order and then
    /// of the other's: a richer side filling first takes the other's first
    /// holes. The holes each fills are its own for the round.
    TerritoryInTurn,
}

impl Surplus {
    /// Whether a side may hold holes of the other's for a round.
    pub(crate) fn gives_holes(self) -> bool {
        !matches!(self, Surplus::Keep)
    }
}

/// Which of the holes the other side could not fill a territory refill fills first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TerritoryStart {
    /// The one the other side would have filled last (the far end).
    LastUnfilled,
    /// The first one it could not fill, going on in its fill order (Ludii's
    /// LeftMostEmpty along the circuit).
    FirstUnfilled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FillFrom {
    /// The side's leftmost hole first, then rightwards (back row before front row).
    Left,
    /// The side's rightmost hole first, then leftwards (back row before front row).
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShortHole {
    /// Closed for the round, empty and skipped by sowing; what could not fill
    /// it stays in the side's hand.
    Close,
    /// It gets what remains (a deficient hole); further holes stay empty but open.
    Partial,
    /// It gets what remains, if anything; further holes (and it, given
    /// nothing) are closed for the round.
    PartialThenClose,
    /// It stays empty but open, as do further holes; the seeds stay in hand.
    Empty,
    /// What remains is topped up from the other side's remaining seeds; the
    /// hole goes to the side that gave more of its seeds (its owner on a tie).
    /// Further holes stay empty but open.
    Shared,
    /// As `Shared`, but the hole stays its owner's.
    ToppedUp,
    /// As `Shared`, but a hole both sides gave as many seeds to goes to a
    /// side drawn by lot (from the match's deal and the round's number).
    SharedByLot,
}

impl ShortHole {
    /// Whether some holes a refill cannot fill are closed for the round.
    pub(crate) fn closes(self) -> bool {
        matches!(self, ShortHole::Close | ShortHole::PartialThenClose)
    }

    /// Whether a hole a side cannot fill is topped up from the other's seeds.
    pub(crate) fn tops_up(self) -> bool {
        matches!(
            self,
            ShortHole::Shared | ShortHole::SharedByLot | ShortHole::ToppedUp
        )
    }
}

/// Who starts the next round. On a tie (a drawn round, equal seeds), the game's
/// `draw_starter`, else the side that did not start the round just played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Starter {
    Loser,
    Winner,
    FewerSeeds,
    MoreSeeds,
    /// The side that did not start the round just played.
    Alternate,
    /// The side that made the round's last move.
    LastMover,
    /// The side whose turn it would be as the round ends.
    Mover,
}

impl Game {
    /// Whether positions of this game remember `item` (some rule reads it).
    pub(crate) fn remembers(&self, item: Memory) -> bool {
        self.memories.contains(item)
    }

    /// The file stem, e.g. `my-variant` for `my-variant.toml`.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Name, origin, sources and summary, from the file's `[game]` table.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// Every option with its value in force, in name order.
    pub fn options(&self) -> &[GameOption] {
        &self.options
    }

    /// The position size this game is played at (its board's cells fit).
    pub fn cell_class(&self) -> crate::rules::position::CellClass {
        crate::rules::position::CellClass::of(self.board.cell_count())
    }

    /// The board the game is played on: its rows, holes, stores and circuits.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position play starts from (where the setup scatters seeds at
    /// random, deal 0's; see `deal`).
    pub fn start(&self) -> Position {
        self.start
    }

    /// Whether a game's start depends on its deal: the setup drops seeds at
    /// random (`[setup] scatter`), or its opening draws a decision among
    /// several (`[setup.opening]`).
    pub fn dealt(&self) -> bool {
        self.dealt
    }

    /// The start of a game (a round of a tally match) that `first` moves
    /// first, as `deal` lays it out: its random seeds dropped and its opening
    /// drawn (where the setup has them) by one generator seeded with the deal,
    /// so that the same deal gives the same start on any machine.
    pub fn deal(&self, deal: u64, first: Side) -> Position {
        self.opened(deal, first).start
    }

    /// `deal`, saying how its opening went.
    pub(crate) fn opened(&self, deal: u64, first: Side) -> Opened {
        self.opened_holding(deal, first, HoleSet::default())
    }

    /// `opened`, the holes of `territory` held across the middle before the
    /// opening is played (a round laid out afresh, `[match] layout`).
    pub(crate) fn opened_holding(&self, deal: u64, first: Side, territory: HoleSet) -> Opened {
        use rand::SeedableRng;
        let mut start = match (first, self.north_layout) {
            (Side::North, Some(start)) => start,
            _ => Position {
                to_move: first,
                starter: first,
                ..self.layout
            },
        };
        start.territory = territory;
        if self.scatter.is_none() && self.opening.is_none() {
            // Nothing is dealt: no generator to seed.
            return Opened {
                start,
                played: 0,
                drew: false,
            };
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal);
        if let Some(scatter) = &self.scatter {
            scatter.apply(&mut start, &mut rng);
        }
        match &self.opening {
            Some(opening) => opening.play(self, start, &mut rng),
            None => Opened {
                start,
                played: 0,
                drew: false,
            },
        }
    }

    /// How rounds follow one another when the game is played as a match (its
    /// `[match]` section); `None` where it has none.
    pub fn match_rules(&self) -> Option<&MatchRules> {
        self.match_rules.as_ref()
    }

    /// The limits play is held to (the defaults unless `set_limits` changed them).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Sets the limits of play, refusing any out of range.
    pub fn set_limits(&mut self, limits: Limits) -> Result<(), LimitError> {
        limits.check()?;
        self.limits = limits;
        self.work = MoveWork::of(self);
        Ok(())
    }

    /// The value in force of the option `name`, if the game has one.
    pub fn option(&self, name: &str) -> Option<&OptionValue> {
        self.options
            .iter()
            .find(|o| o.name == name)
            .map(|o| &o.value)
    }

    /// Whether some `[[capture]]` rule is made at `time`.
    pub(crate) fn has_captures_at(&self, time: CaptureTime) -> bool {
        self.capture_times & time.bit() != 0
    }

    /// Whether every move a side may start is legal: no relay and no re-sowing
    /// capture (so no endless sowing), no skipped holes and no `after` or
    /// `prefer` condition.
    /// Such moves need not be sown to know they are legal.
    pub fn moves_always_legal(&self) -> bool {
        self.always_legal
    }

    /// `moves_always_legal`, worked out from the rules (at load: every turn asks).
    fn work_out_always_legal(&self) -> bool {
        self.relay.is_none()
            && self
                .captures
                .iter()
                .all(|c| c.resow.is_none() && !c.optional)
            && self.skip.is_none()
            && self.moves.after.is_none()
            && self.moves.prefer.is_none()
    }

    /// Whether a move may meet chances the mover can pass: optional captures
    /// or optional relays.
    pub fn has_chances(&self) -> bool {
        self.captures.iter().any(|c| c.optional)
            || self.relay.as_ref().is_some_and(|r| r.optional.is_some())
    }

    /// Whether an end check asks for a repeated position (then every turn
    /// start is remembered).
    pub fn tracks_repetition(&self) -> bool {
        self.tracks_repetition
    }

    /// Whether every end compares the seeds the sides have captured: each end
    /// check scores the game (or passes a turn) and a side's result is its
    /// captured seeds. The captured margin's sign is then the outcome.
    pub fn decided_by_captures(&self) -> bool {
        let scored = self
            .end_checks
            .iter()
            .all(|end| matches!(end.outcome, EndOutcome::Score | EndOutcome::Pass));
        scored && *self.score.tree() == IntExpr::Captured(Box::new(SideExpr::Side))
    }

    /// Whether a hole can ever be claimed: a capture rule claims, or
    /// `[claims]` gains or starts claims.
    pub(crate) fn has_claims(&self) -> bool {
        self.captures.iter().any(|c| c.claim)
            || self.claims_gain.is_some()
            || self.claims_lost.is_some()
            || self.start.claims.iter().any(|side| !side.is_empty())
    }

    /// The game with what every turn asks of its rules worked out once
    /// (`moves_always_legal`, `rare_sowing`, `tracks_repetition`, `has_calls`,
    /// `decides_more_than_moves`): the loader's
    /// last step.
    pub(crate) fn with_rules_worked_out(mut self) -> Game {
        self.always_legal = self.work_out_always_legal();
        self.rare_sowing = self.claims_lost.is_some()
            || self.drop.is_some()
            || self.memories.contains(Memory::LapBoard)
            || self
                .relay
                .as_ref()
                .is_some_and(|r| r.lift.is_some() || r.optional.is_some());
        self.tracks_repetition = self.end_checks.iter().any(|c| c.check == Check::Repetition);
        let has_calls = self.called_checks().next().is_some();
        self.has_calls = has_calls;
        self.decides_more_than_moves = has_calls || self.swap.is_some();
        self.work = MoveWork::of(&self);
        self
    }

    /// The hole's name on this board (`a3`, `south_store`).
    pub fn hole_name(&self, hole: Hole) -> String {
        self.board.name(hole)
    }

    /// `a3`, or `a3:cw` for a move whose direction the mover chose; an end
    /// check called or offered by its name, an answer `accept` or `refuse`,
    /// a swap of seats `swap`.
    pub fn decision_name(&self, decision: Decision) -> String {
        match decision {
            Decision::Move(played) => played.name(&self.board),
            Decision::Call(check) => self.end_checks[usize::from(check)]
                .trigger
                .decision()
                .expect("a call names a check that a decision calls")
                .to_string(),
            Decision::Answer(answer) => answer.name().to_string(),
            Decision::Swap => SWAP.to_string(),
        }
    }

    /// The decision a name stands for (`a3`, `a3:cw`, `a3:decline=2`, a call's
    /// name, `accept`), if it names one of this game; whether it is legal is
    /// the position's to say.
    pub fn parse_decision(&self, name: &str) -> Option<Decision> {
        if let Some(played) = Move::parse(&self.board, name) {
            return Some(Decision::Move(played));
        }
        if let Some(&answer) = Answer::BOTH.iter().find(|a| a.name() == name)
            && self.has_offers()
        {
            return Some(Decision::Answer(answer));
        }
        if name == SWAP && self.swap.is_some() {
            return Some(Decision::Swap);
        }
        let check = self
            .end_checks
            .iter()
            .position(|end| end.trigger.decision() == Some(name))?;
        Some(Decision::Call(check as u8))
    }

    /// The end checks a decision calls or offers, by index.
    pub(crate) fn called_checks(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.end_checks.len()).filter(|&i| self.end_checks[i].trigger != Trigger::Rules)
    }

    /// Whether some end check is offered, to be accepted or refused.
    pub(crate) fn has_offers(&self) -> bool {
        self.end_checks
            .iter()
            .any(|end| matches!(end.trigger, Trigger::Offer(_)))
    }

    /// Why `name` is no decision here, for messages: what a decision looks like.
    pub fn not_a_decision(&self) -> String {
        let holes = format!(
            "rows {}, columns 1 to {}",
            self.board.row_letters(),
            self.board.columns()
        );
        let direction = self.moves.choose_direction.is_some();
        let declining = self.has_chances();
        let mut shapes = Vec::new();
        match &self.hand {
            Some(hand) if hand.choose_seeds.is_some() => shapes
                .push("`:hand=N` for a move of N seeds from the hand (from 1, no leading zero)"),
            Some(hand) if hand.offered == HandOffered::Beside => {
                shapes.push("`:hand` for a move from the hand")
            }
            _ => {}
        }
        if direction {
            shapes.push("`:cw` or `:ccw` where the mover chooses the direction");
        }
        if declining {
            shapes.push(
                "`:decline` (every optional capture), `:decline=2` or `:decline=1+3` (those met \
                 first, second... declined) where the move meets optional captures",
            );
        }
        match shapes.is_empty() {
            true => format!("is not a hole of this board ({holes})"),
            false => format!(
                "is not a decision of this board: a hole ({holes}), followed by {}",
                shapes.join(", then ")
            ),
        }
    }

    /// Every clause id the file cites, in file order, without repeats.
    pub fn clauses(&self) -> Vec<&str> {
        let mut all: Vec<&str> = Vec::new();
        let lists = std::iter::once(&self.layout_clauses)
            .chain(std::iter::once(&self.moves.clauses))
            .chain(self.hand.iter().map(|h| &h.clauses))
            .chain(self.relay.iter().map(|r| &r.clauses))
            .chain(self.captures.iter().map(|c| &c.clauses))
            .chain(self.end_checks.iter().map(|c| &c.clauses))
            .chain(self.match_rules.iter().map(|m| &m.clauses));
        for clause in lists.flatten() {
            if !all.contains(&clause.as_str()) {
                all.push(clause);
            }
        }
        all
    }

    /// Whether a condition of `side` (an end check's) holds for one side.
    /// An end check's condition for `side`, the last decision made by `last_mover`.
    pub(crate) fn holds_for(
        &self,
        condition: &Compiled<BoolExpr>,
        position: &AnyPosition,
        side: Side,
        last_mover: Side,
    ) -> bool {
        let mut env = Env::new(position.to_move);
        env.side = side;
        env.last_mover = last_mover;
        condition.eval(&mut Scope::new(&self.board, position, env))
    }

    /// An expression of `side` (a result or an evaluation) for one side.
    pub(crate) fn value_for(
        &self,
        expr: &Compiled<IntExpr>,
        position: &AnyPosition,
        side: Side,
    ) -> i64 {
        let mut env = Env::new(position.to_move);
        env.side = side;
        expr.eval(&mut Scope::new(&self.board, position, env))
    }

    /// Whether the side's holes are all empty.
    #[inline(always)]
    pub fn side_is_empty(&self, position: &AnyPosition, side: Side) -> bool {
        if !position.territory.is_empty() {
            return self.owned_holes_empty(position, side);
        }
        // Read eight holes at a time, without a branch on each: whether a hole
        // is empty is as good as random (see `push_starts`), and a long row
        // seldom needs more than its first eight.
        position.counts[self.board.side_range(side)]
            .chunks(8)
            .all(|holes| holes.iter().fold(0, |seeds, &c| seeds | c) == 0)
    }

    /// `side_is_empty` where holes have changed hands (territory matches only).
    #[cold]
    #[inline(never)]
    fn owned_holes_empty(&self, position: &AnyPosition, side: Side) -> bool {
        let holes = position.holes(&self.board, side);
        holes.iter().all(|h| position.counts[h as usize] == 0)
    }
}
