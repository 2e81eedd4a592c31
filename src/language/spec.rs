//! The game file as written: serde structures mirroring the TOML, unvalidated,
//! with source spans kept on every value a later phase may need to point at.

use std::collections::BTreeMap;

pub use crate::rules::game::{Meta, OptionValue};

use serde::Deserialize;
use toml::Spanned;

/// An expression written as a TOML string, with its place in the file.
pub type Expr = Spanned<String>;

/// A whole game file (after `extends` is resolved), one field per section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// `[game]`: its name, summary and sources.
    pub game: Meta,
    /// `[options.NAME]`: the options a user may set, by name.
    #[serde(default)]
    pub options: BTreeMap<String, Spanned<OptionSpec>>,
    /// `[board]`: rows, holes per row and stores.
    pub board: BoardSpec,
    /// `[setup]`: the seeds in each hole (and hand) at the start.
    pub setup: SetupSpec,
    /// `[move]`: which holes a move may start from, and which moves are legal.
    #[serde(rename = "move")]
    pub moves: MoveSpec,
    /// `[sowing]`: the circuit, the direction and the holes passed by.
    pub sowing: SowingSpec,
    /// Moves from the hand (seeds held off the board).
    pub hand: Option<HandSpec>,
    /// `[relay]`: whether a lap's sowing goes on (`None`: every move is one lap).
    pub relay: Option<RelaySpec>,
    /// `[[capture]]`: the capture rules, applied in file order.
    #[serde(default)]
    pub capture: Vec<CaptureSpec>,
    /// Holes claimed from the start, and when a claim is lost.
    pub claims: Option<ClaimsSpec>,
    /// `[turn]`: what follows a move (another turn).
    pub turn: Option<TurnSpec>,
    /// `[swap]`: when the side to move may take the other side's seat.
    pub swap: Option<SwapSpec>,
    /// `[[end]]`: the end checks, tried in file order at every turn's start.
    pub end: Vec<EndSpec>,
    /// `[result]`: each side's result, compared when an end check scores.
    #[serde(default)]
    pub result: ResultSpec,
    /// How rounds follow one another when the game is played as a match.
    #[serde(rename = "match")]
    pub match_play: Option<MatchSpec>,
    /// Hints for the search agents.
    pub agents: Option<AgentsSpec>,
    /// Named terms that expressions may use (`[define.NAME]`).
    #[serde(default)]
    pub define: BTreeMap<String, DefineSpec>,
}

/// A named term: a condition or value, with arguments, usable in any expression.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefineSpec {
    /// The arguments' names, in the order a use gives them.
    #[serde(default)]
    pub args: Vec<String>,
    /// The expression a use stands for.
    pub is: Expr,
    /// How `explain` words a use: `{ARG}` stands for an argument's words.
    pub reads: Option<String>,
}

/// A user-settable option: an integer (range or list) or a word from a list.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    /// The value when the user gives none.
    pub default: OptionValue,
    /// Allowed values.
    pub values: Option<Vec<OptionValue>>,
    /// Allowed integer range, both ends included.
    pub range: Option<[i64; 2]>,
    /// What the option changes, shown by `show`.
    #[serde(default)]
    pub help: String,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// An integer written either as a number or as an expression over the options.
#[derive(Debug, Clone, Deserialize)]
#[serde(
    untagged,
    expecting = "expected an integer, or an expression in quotes"
)]
pub enum IntOrExpr {
    /// A number written as such (`holes_per_row = 6`).
    Int(i64),
    /// An expression in quotes, worked out once the options are known
    /// (`holes_per_row = "holes_per_row"`, an option of that name).
    Expr(String),
}

/// `[board]`: the holes, in rows, and the stores.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Rows of holes: 2 or 4.
    pub rows: Spanned<i64>,
    /// Columns: a number or an expression over the options (at most 144 holes
    /// in all).
    pub holes_per_row: Spanned<IntOrExpr>,
    /// Whether each side has a store on its circuit.
    pub stores: Option<Spanned<bool>>,
    /// Which end of its row a side's store is at, as its owner sees it:
    /// `right` (default: South's east, North's west) or `left`.
    pub store_end: Option<Spanned<String>>,
    /// Whose sowing drops seeds into a store: `own` (default) or `both`.
    pub sown_stores: Option<Spanned<String>>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[setup]`: the position play starts from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// Seeds in each hole at the start, an integer expression of `here`.
    pub seeds: Spanned<IntOrExpr>,
    /// Seeds each side holds in hand at the start (games with `[hand]`).
    pub hand: Option<Spanned<IntOrExpr>>,
    /// Seeds then dropped one by one into holes drawn at random.
    pub scatter: Option<Spanned<IntOrExpr>>,
    /// The holes `scatter` draws from (default: every hole).
    pub scatter_to: Option<Expr>,
    /// After the scatter, no hole of `scatter_to` holds fewer than this, but
    /// for empty ones: smaller holdings are carried on to the next hole.
    pub scatter_min: Option<Spanned<i64>>,
    /// Decisions the setup plays before either player decides.
    pub opening: Option<Spanned<OpeningSpec>>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[setup.opening]`: decisions the setup plays, each forced where the rules
/// allow one and drawn by the deal where they allow several.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningSpec {
    /// How many decisions (default 1).
    pub decisions: Option<Spanned<IntOrExpr>>,
    /// Which legal decisions may be played (binding `origin`; default: any).
    pub from: Option<Expr>,
    /// Who moves after each: `as_played` (default) or `passes`.
    pub turn: Option<Spanned<String>>,
    /// The rule clauses the opening plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[move]`: where a move may start, how many seeds it lifts, and which moves
/// are legal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    /// The holes a move may start from (default: the mover's own).
    pub holes: Option<Expr>,
    /// Which of those non-empty holes a move may start from.
    pub from: Option<Expr>,
    /// How many seeds are lifted (default: all of them).
    pub lift: Option<Expr>,
    /// A condition on the position after the move; a move that fails it is not legal.
    pub after: Option<Expr>,
    /// A condition on the position after the move; when some legal move meets
    /// it, only those that do are legal.
    pub prefer: Option<Expr>,
    /// Where it holds for a move's origin, the mover chooses the direction.
    pub choose_direction: Option<Expr>,
    /// `after` is asked of a hole: each of its moves is legal when one meets it.
    pub after_by_hole: Option<Spanned<bool>>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[sowing]`: the loop seeds are sown along, and its direction.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SowingSpec {
    /// `board` (one loop over two rows), `own_rows` (each side its own two rows)
    /// or `track` (the loop `track` names).
    pub circuit: Spanned<String>,
    /// With `circuit = "track"`: every hole (and store) once, counterclockwise.
    pub track: Option<Spanned<Vec<String>>>,
    /// `ccw`, `cw`, or the name of an option whose value is one of them.
    pub direction: Spanned<String>,
    /// Holes `here` that receive no seed (sowing passes them by).
    pub skip: Option<Expr>,
    /// Moves (binding `origin`) sown against `direction`.
    pub reverse: Option<Expr>,
    /// Seeds dropped into each hole sown (binding `here`, `in_hand`); the
    /// last hole of a lap gets what remains.
    pub drop: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// Moves played from the hand: seeds held off the board put into a hole.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandSpec {
    /// While it holds (and the mover holds seeds), the mover's moves are hand
    /// moves (default: whenever it holds seeds).
    pub when: Option<Expr>,
    /// The holes a hand move may put its seeds into (default: the mover's own).
    pub holes: Option<Expr>,
    /// Which of those holes (binding `origin`).
    pub to: Option<Expr>,
    /// Seeds taken from the hand (default 1; kept between 1 and the hand).
    pub seeds: Option<Expr>,
    /// Where given, the mover chooses how many seeds to take: each count from
    /// 1 to all it holds for which this holds (binding `in_hand`).
    pub choose_seeds: Option<Expr>,
    /// `"instead"` (hand moves replace board moves while they are offered) or
    /// `"beside"` (the mover may play either).
    pub offered: Option<Spanned<String>>,
    /// `false`: every seed is put into the chosen hole; `true`: they are sown
    /// from it, the first into it.
    #[serde(default)]
    pub sow: bool,
    /// Seeds passed between the hands once the move has taken its seeds:
    /// from the mover's to the opponent's, or (negative) the other way.
    pub give: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[relay]`: after a lap's last seed, whether the sowing goes on with a new
/// hand, and from where.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RelaySpec {
    /// After a lap's last drop: whether the sowing goes on.
    pub when: Expr,
    /// The hole whose seeds are lifted for the next lap (sowing starts after it).
    pub from: Expr,
    /// When it holds, the next lap is sown the other way.
    pub reverse: Option<Expr>,
    /// Seeds lifted for the next lap (default: all of them).
    pub lift: Option<Expr>,
    /// Where it holds, the mover may stop instead of relaying.
    pub optional: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// Claimed holes that do not come from captures: held from the start, and lost.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimsSpec {
    /// The holes claimed by their owners at the start (a condition of `here`).
    pub start: Option<Expr>,
    /// A claimed hole stops being claimed once this holds for it (`here`),
    /// checked whenever seeds leave a hole.
    pub lost: Option<Expr>,
    /// The opponent's holes the mover claims once its move is over (`here`),
    /// in place of those of the opponent's it claimed before.
    pub gain: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// One `[[capture]]` table: when seeds are taken, which, and where they go.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// `lift` (as a lap's hand is lifted), `drop` (after every drop), `lap_end`
    /// or `sowing_end`.
    pub at: Spanned<String>,
    /// The condition under which it captures.
    pub when: Expr,
    /// A hole or a set of holes whose seeds are taken.
    pub take: Expr,
    /// Who gets them (default: the mover).
    pub to: Option<Expr>,
    /// Further holes taken one after another (`chain = { step, while, limit }`).
    pub chain: Option<ChainSpec>,
    /// Seeds the mover then removes one decision at a time (`strip = { stones,
    /// from, whole }`).
    pub strip: Option<StripSpec>,
    /// A condition on the position after the capture; when it holds, the capture
    /// is undone (the move stays legal but takes nothing).
    pub veto: Option<Expr>,
    /// With `veto`: the holes, read as the capture begins, that a vetoed capture
    /// gives back (the rest stay taken) instead of being undone.
    pub spare: Option<Expr>,
    /// With `at = "lift"`: seeds taken out of the hand about to be sown.
    pub from_hand: Option<Expr>,
    /// The most seeds taken from each hole (default: all of them).
    pub at_most: Option<Expr>,
    /// Whether the holes taken become claimed by the side that gets their seeds,
    /// for the rest of the game.
    #[serde(default)]
    pub claim: bool,
    /// For a lap-end capture: the seeds taken are sown on from this hole.
    pub resow: Option<Expr>,
    /// With `resow`: when it holds, the re-sown lap runs the other way.
    pub resow_reverse: Option<Expr>,
    /// The seeds taken are not scored but put into this hole.
    pub into: Option<Expr>,
    /// The seeds taken are not scored but go into the hand of the side `to`
    /// names, for its hand moves to put into play.
    pub into_hand: Option<Spanned<bool>>,
    /// The seeds taken go out of play, scoring for nobody.
    pub remove: Option<Spanned<bool>>,
    /// Whether the mover may decline the capture (the move is then two decisions).
    #[serde(default)]
    pub optional: bool,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// A capture that walks on: from the hole `x` just taken, `step` gives the next
/// candidate, taken while `while` holds for it (with `x` bound to the candidate).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainSpec {
    /// The next candidate hole, a hole of `x` (the hole just taken).
    pub step: Expr,
    /// Whether the candidate (bound to `x`) is taken too (`while`).
    #[serde(rename = "while")]
    pub continue_while: Expr,
    /// The most holes the capture takes in all, its first included.
    pub limit: Option<Spanned<i64>>,
}

/// After the capture, the mover removes `stones` more seeds one at a time from
/// holes of `from`, each removal a decision of its own.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StripSpec {
    /// Seeds to remove (holes, with `whole`), an integer that may read `taken`.
    pub stones: Expr,
    /// The set of holes they are removed from (non-empty ones only).
    pub from: Expr,
    /// Each decision takes every seed of the hole chosen (`stones` then counts
    /// holes) instead of one.
    #[serde(default)]
    pub whole: bool,
}

/// What happens once a move's sowing and captures are done.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnSpec {
    /// When it holds, the same side plays another turn.
    pub again: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[swap]`: a decision to take the other side's seat instead of moving (the
/// pie rule).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwapSpec {
    /// Where it holds as a turn starts, the side to move may swap.
    pub when: Expr,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// One `[[end]]` table: a way the game ends, checked at every turn's start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// `no_stones`, `no_moves`, `repetition`, `majority` or `condition`.
    pub check: Spanned<String>,
    /// For `condition`: a condition of `side`, asked of the side to move, then
    /// of the other; the first side it holds for is the side the check names.
    pub when: Option<Expr>,
    /// `loses` or `wins` (the side the check names), `draw`, or `score`.
    pub outcome: Spanned<String>,
    /// Who gets the seeds left in each hole `here` when the game ends this way.
    pub leftovers: Option<Expr>,
    /// With `leftovers`: a condition of `here` for the holes whose seeds stay
    /// where they are, given to nobody.
    pub spare: Option<Expr>,
    /// The name of a decision by which the mover may call the check while it
    /// holds (it does not fire by itself).
    pub call: Option<Spanned<String>>,
    /// The name of a decision by which the mover may offer the check while it
    /// holds, for the other side to accept or refuse.
    pub offer: Option<Spanned<String>>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// `[result]`: how the sides' results are compared when a game is scored.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultSpec {
    /// Each side's result, compared when an end check's outcome is `score`.
    pub score: Option<Expr>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// Match play: between rounds each side refills its own holes from what it holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchSpec {
    /// Seeds put in each hole (a number or an expression over the options);
    /// required unless the match is won by a `tally`.
    pub seeds_per_hole: Option<Spanned<IntOrExpr>>,
    /// `left` or `right`: where each side starts filling, seen from its own seat.
    pub fill_from: Option<Spanned<String>>,
    /// An integer of `here` and `side`: a side fills its holes in increasing
    /// order of it (`fill_from` breaking ties).
    pub fill_order: Option<Spanned<String>>,
    /// `close` (the hole is closed for the round), `partial` (it gets what
    /// remains), `partial_then_close` (and later holes are closed), `empty` (it
    /// stays empty, in play), `shared`, `shared_by_lot` or `topped_up` (the
    /// other side's remaining seeds top it up).
    pub short_hole: Option<Spanned<String>>,
    /// `loser`, `winner`, `fewer_seeds`, `more_seeds`, `alternate`, `last_mover`
    /// or `mover`.
    pub starter: Spanned<String>,
    /// A side, read at the end of a round that `starter` cannot decide (a draw,
    /// equal seeds): who starts the next (default: the side that did not start).
    pub draw_starter: Option<Spanned<String>>,
    /// Holes a side must fill to play on (default: it loses only with no seed left).
    pub min_filled: Option<Spanned<i64>>,
    /// A condition of `side` at a round's end: a side it holds for loses the match.
    pub lost_when: Option<Spanned<String>>,
    /// `cleared` (default: every round starts with no hole claimed) or `kept`
    /// (the holes claimed as a round ends stay claimed in the next).
    pub claims: Option<Spanned<String>>,
    /// `keep` (default: seeds left after a side's own holes stay in hand),
    /// `territory` or `territory_from_first` (they fill the holes the other
    /// side could not, which change hands), or `territory_in_turn` (the sides
    /// fill one after the other along the circuit).
    pub surplus: Option<Spanned<String>>,
    /// `refill` (default: each round's board is what the sides put back) or
    /// `setup` (laid out as the setup lays it, the refill only saying who owns
    /// which holes and who can play on).
    pub layout: Option<Spanned<String>>,
    /// `both` (default: both sides put back what they hold) or `loser` (the
    /// round's loser alone refills its holes; the winner's stay as they are).
    pub refills: Option<Spanned<String>>,
    /// An integer of `side`, `won` and `drawn` at a round's end, added to the
    /// side's tally; with it every round starts from the setup.
    pub tally: Option<Spanned<String>>,
    /// The tally that wins the match (required with `tally`).
    pub tally_to_win: Option<Spanned<i64>>,
    /// The rule clauses the section plays (`clauses`), shown by `show` and
    /// `explain` and counted by `check --coverage`.
    #[serde(default)]
    pub clauses: Vec<String>,
}

/// How search agents value a position that is not over.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentsSpec {
    /// How good the position is for `side`; a search maximises its own value
    /// minus its opponent's (default: `captured(side)`, the score difference).
    pub evaluate: Option<Expr>,
}
