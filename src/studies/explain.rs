//! `mancala explain`: a game file's rules read back as numbered English prose,
//! generated from the file itself (its sections and expressions), each rule with
//! the clause ids it cites — so an author can compare what the file says with
//! what they meant.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use crate::language::expr::functions;
use crate::language::expr::syntax::{self, BinaryOp, Node, NodeKind, UnaryOp};
use crate::language::spec::{
    CaptureSpec, ChainSpec, DefineSpec, EndSpec, Expr, GameSpec, IntOrExpr, OpeningSpec,
    OptionValue, StripSpec,
};
use crate::rules::board::{SownStores, StoreEnd};
use crate::rules::game::{
    ClaimsBetweenRounds, FillFrom, Filling, Game, InOrder, MatchRules, Preference, RefillRules,
    RefilledBy, RoundLayout, Rounds, SeedsPerHole, ShortHole, Starter, Surplus, TerritoryStart,
};

/// What `here` means where an expression is read.
#[derive(Clone, Copy)]
enum Here {
    Hole,
    JustSown,
}

/// How long a named term's words may grow, its arguments in place, before the
/// term is named instead (and its meaning given once, before the rules). A term
/// whose wording repeats an argument would otherwise grow exponentially with
/// nesting.
const MAX_TERM_WORDS: usize = 240;

struct Words<'a> {
    game: &'a Game,
    here: Here,
    /// The file's named terms, read by their own wording.
    terms: &'a BTreeMap<String, DefineSpec>,
    /// The arguments of the terms being read, innermost last: for each of the
    /// term's parameters, its argument in words. A term's words are built from
    /// its arguments' words, each worked out once, never by re-reading them.
    arguments: RefCell<Vec<BTreeMap<String, Argument>>>,
    /// Terms read by name because their words grew too long.
    named: &'a RefCell<BTreeSet<String>>,
}

/// An argument of a term, as read: its words, and its shape (for brackets).
#[derive(Clone)]
struct Argument {
    words: String,
    shape: Shape,
}

/// What decides whether an operand needs brackets.
#[derive(Clone, Copy)]
enum Shape {
    Binary(BinaryOp),
    If,
    Other,
}

impl<'a> Words<'a> {
    fn new(
        game: &'a Game,
        here: Here,
        terms: &'a BTreeMap<String, DefineSpec>,
        named: &'a RefCell<BTreeSet<String>>,
    ) -> Self {
        Words {
            game,
            here,
            terms,
            arguments: RefCell::default(),
            named,
        }
    }
}

/// A rule as `explain` numbers it: its words, and the clauses it cites.
type Rule<'a> = (String, &'a [String]);

/// The rules of `game` (loaded from `spec` with its options in force), numbered.
pub fn explain(spec: &GameSpec, game: &Game) -> String {
    let named = RefCell::default();
    let w = Words::new(game, Here::Hole, &spec.define, &named);
    let sown = Words::new(game, Here::JustSown, &spec.define, &named);
    // In the order they are numbered: the words of each name the terms the
    // glossary gives.
    let mut rules = vec![board_rule(spec, game, &w), setup_rule(spec, &w)];
    rules.extend(opening_rule(spec, &w));
    rules.extend(claims_rule(spec, &w));
    rules.push(sowing_rule(spec, game, &w));
    rules.push(moves_rule(spec, game, &w));
    rules.extend(hand_rule(spec, &w));
    rules.push(relay_rule(spec, &w));
    for capture in &spec.capture {
        let words = if capture.at.get_ref() == "drop" {
            &sown
        } else {
            &w
        };
        rules.push((words.capture(capture), &capture.clauses));
    }
    rules.extend(turn_rule(spec, &w));
    rules.extend(swap_rule(spec, &w));
    rules.push(ending_rule(spec, game, &w));
    rules.push(result_rule(spec, &w));
    rules.extend(agents_rule(spec, &w));
    rules.extend(match_rule(spec, game, &w));
    // Last, once the rules have said which terms they name.
    if let Some(terms) = w.glossary() {
        rules.insert(1, (terms, &[]));
    }
    numbered(game, &rules)
}

/// The rules numbered, under a line naming the game and its options.
fn numbered(game: &Game, rules: &[Rule]) -> String {
    let mut out = format!("{} ({}), as its game file says", game.meta.name, game.id);
    let options: Vec<String> = game
        .options
        .iter()
        .map(|o| format!("{} = {}", o.name, o.value))
        .collect();
    if !options.is_empty() {
        out += &format!(", with {}", options.join(", "));
    }
    out += ":\n\n";
    for (number, (text, clauses)) in rules.iter().enumerate() {
        let cited = if clauses.is_empty() {
            String::new()
        } else {
            format!(" [{}]", clauses.join(", "))
        };
        out += &format!("{:>2}. {text}{cited}\n", number + 1);
    }
    out
}

/// The board: rows, holes, stores and whose they are.
fn board_rule<'a>(spec: &'a GameSpec, game: &Game, w: &Words) -> Rule<'a> {
    let board = &game.board;
    let circuits = match board.sown_stores() {
        SownStores::Own => "each side's store lies on its own circuit only",
        SownStores::Both => "both stores lie on both sides' circuits",
    };
    let stores = match board.store_end() {
        Some(StoreEnd::Right) => format!(
            " and two stores, South's at the east end and North's at the west end (each at its owner's right); {circuits}"
        ),
        Some(StoreEnd::Left) => format!(
            " and two stores, South's at the west end and North's at the east end (each at its owner's left); {circuits}"
        ),
        None => ", no stores".to_string(),
    };
    let owners = match (board.rows(), &spec.moves.holes) {
        (2, None) => "South owns row a, North row b".to_string(),
        (_, None) => "South owns rows a (outer) and b (inner), North rows c (inner) and d (outer)"
            .to_string(),
        // Where moves may start from other holes than the mover's, a row's
        // side is only what `own`, `owner` and `holes(side)` read.
        (rows, Some(holes)) => format!(
            "For `own`, `owner` and `holes(side)`, {}; a move may start from {}",
            match rows {
                2 => "row a is South's, row b North's",
                _ =>
                    "rows a (outer) and b (inner) are South's, rows c (inner) and d (outer) North's",
            },
            w.text(holes.get_ref())
        ),
    };
    (
        format!(
            "The board has {} rows of {} holes{stores}. {owners}.",
            board.rows(),
            board.columns()
        ),
        &spec.board.clauses,
    )
}

/// The start: seeds in each hole, in hand and scattered.
fn setup_rule<'a>(spec: &'a GameSpec, w: &Words) -> Rule<'a> {
    let amount = |value: &IntOrExpr| match value {
        IntOrExpr::Int(n) => n.to_string(),
        IntOrExpr::Expr(text) => w.text(text),
    };
    let seeds = amount(spec.setup.seeds.get_ref());
    let in_hand = match &spec.setup.hand {
        None => String::new(),
        Some(hand) => format!(", and each side holds {} in hand", amount(hand.get_ref())),
    };
    let scattered = match &spec.setup.scatter {
        None => String::new(),
        Some(scatter) => {
            let seeds = amount(scatter.get_ref());
            let among = spec.setup.scatter_to.as_ref().map_or(String::new(), |to| {
                format!(" from {}", w.text(to.get_ref()))
            });
            let at_least = spec.setup.scatter_min.as_ref().map_or(String::new(), |n| {
                format!(
                    ", and a hole left with fewer than {} passes its seeds on to the next that reaches {} with them, so that every hole is empty or holds {} or more",
                    n.get_ref(),
                    n.get_ref(),
                    n.get_ref()
                )
            });
            format!(
                "; then {seeds} more seeds are dropped one by one, each into a hole drawn at random{among}{at_least} (a numbered deal lays them out, so that a start can be had again)"
            )
        }
    };
    (
        format!("At the start each hole holds {seeds}{in_hand}{scattered}. South moves first."),
        &spec.setup.clauses,
    )
}

/// The opening the setup plays (`[setup.opening]`).
fn opening_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let opening: &OpeningSpec = spec.setup.opening.as_ref()?.get_ref();
    let decisions = match opening.decisions.as_ref().map(|d| d.get_ref()) {
        None => "1".to_string(),
        Some(IntOrExpr::Int(n)) => n.to_string(),
        Some(IntOrExpr::Expr(text)) => w.text(text),
    };
    let which = opening
        .from
        .as_ref()
        .map_or("any legal decision".to_string(), |from| {
            format!(
                "a legal decision from a hole where {} holds",
                w.text(from.get_ref())
            )
        });
    let turn = match opening.turn.as_ref().map(|t| t.get_ref().as_str()) {
        Some("passes") => "; after each the other side moves, whatever the move earned",
        _ => "",
    };
    let count = match decisions.as_str() {
        "1" => "one decision, by the side to move".to_string(),
        n => format!("{n} decisions, each by the side to move then"),
    };
    let text = format!(
        "The setup then plays an opening of {count}: {which}, drawn at random by the deal \
         where there are several{turn}. The first decision a game lists comes after it."
    );
    Some((text, &opening.clauses))
}

/// Claimed holes: which start claimed, how a claim is lost and gained.
fn claims_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let claims = spec.claims.as_ref()?;
    let mut text = String::new();
    if let Some(start) = &claims.start {
        text += &format!(
            "Each hole for which {} starts claimed by its owner.",
            w.text(start.get_ref())
        );
    }
    if let Some(lost) = &claims.lost {
        text += &format!(
            " A claimed hole stops being claimed, for good, as soon as {} (asked whenever seeds leave a hole).",
            w.text(lost.get_ref())
        );
    }
    if let Some(gain) = &claims.gain {
        text += &format!(
            " Once a move is over, the mover claims each of the opponent's holes for which {}, in place of the opponent's holes it claimed before.",
            w.text(gain.get_ref())
        );
    }
    Some((text.trim_start().to_string(), &claims.clauses))
}

/// The sowing: how many seeds a hole, which way, round which circuit,
/// passing which holes.
fn sowing_rule<'a>(spec: &'a GameSpec, game: &Game, w: &Words) -> Rule<'a> {
    let circuit = match (spec.sowing.circuit.get_ref().as_str(), &spec.sowing.track) {
        ("own_rows", _) => "around the mover's own two rows".to_string(),
        ("track", Some(track)) => format!(
            "along the track {} (listed counterclockwise, and round again)",
            track.get_ref().join(", ")
        ),
        _ => "around the whole board".to_string(),
    };
    let direction = match game.option(spec.sowing.direction.get_ref()) {
        Some(OptionValue::Word(word)) => word.clone(),
        _ => spec.sowing.direction.get_ref().clone(),
    };
    let direction = if direction.starts_with("cw") || direction == "clockwise" {
        "clockwise"
    } else {
        "counterclockwise"
    };
    let per_hole = match &spec.sowing.drop {
        None => "one per hole".to_string(),
        Some(drop) => format!(
            "{} per hole (the last hole taking what remains)",
            w.text(drop.get_ref())
        ),
    };
    let mut sowing = format!("Seeds are sown {per_hole}, {direction} {circuit}");
    if let Some(skip) = &spec.sowing.skip {
        sowing += &format!(
            ", passing by (without a seed) every hole for which {}",
            w.text(skip.get_ref())
        );
    }
    if let Some(reverse) = &spec.sowing.reverse {
        sowing += &format!(
            "; a move is sown the other way when {}",
            w.text(reverse.get_ref())
        );
    }
    (sowing + ".", &spec.sowing.clauses)
}

/// A move: where it may start, what it lifts, which are legal (GEN-7).
fn moves_rule<'a>(spec: &'a GameSpec, game: &Game, w: &Words) -> Rule<'a> {
    let mut moving = match &spec.moves.holes {
        None => "A move starts from one of the mover's non-empty holes".to_string(),
        Some(holes) => format!(
            "A move starts from a non-empty hole among {} (on the mover's circuit)",
            w.text(holes.get_ref())
        ),
    };
    if let Some(from) = &spec.moves.from {
        moving += &format!(" for which {}", w.text(from.get_ref()));
    }
    match &spec.moves.lift {
        None => moving += "; all its seeds are lifted and sown, starting with the next hole",
        Some(lift) => {
            moving += &format!(
                "; {} of its seeds are lifted and sown, starting with the next hole",
                w.text(lift.get_ref())
            )
        }
    }
    if let Some(choose) = &spec.moves.choose_direction {
        let when = match choose.get_ref().trim() {
            "true" => ". The mover".to_string(),
            text => format!(". When {}, the mover", w.text(text)),
        };
        moving +=
            &format!("{when} chooses the direction of sowing (a decision such as a3:cw or a3:ccw)");
        if spec.hand.is_some() {
            moving += ", of a move from the hand too";
        }
    }
    if let Some(after) = &spec.moves.after {
        moving += &match game.moves.after_by_hole {
            false => format!(
                ". A move is legal only if, once it is played, {}",
                w.text(after.get_ref())
            ),
            true => format!(
                ". A hole may be played (in either direction) only if, once it is played in one of them, {}",
                w.text(after.get_ref())
            ),
        };
    }
    if let Some(prefer) = &spec.moves.prefer {
        moving += &match game.moves.prefer {
            Some(Preference::Largest(_)) => format!(
                ". Of the legal moves, only those for which {} is largest are legal",
                w.text(prefer.get_ref())
            ),
            _ => format!(
                ". Where some legal move would leave a position in which {}, only such moves are legal",
                w.text(prefer.get_ref())
            ),
        };
    }
    moving += &format!(
        ". A move whose sowing has not ended after {} laps is endless and not legal (GEN-7).",
        game.limits().laps
    );
    (moving, &spec.moves.clauses)
}

/// Moves from the hand (`[hand]`).
fn hand_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let hand = spec.hand.as_ref()?;
    let mut text = String::from("While the mover holds seeds in hand");
    if let Some(when) = &hand.when {
        text += &format!(" and {}", w.text(when.get_ref()));
    }
    let seeds = match (&hand.choose_seeds, &hand.seeds) {
        (Some(choose), _) if choose.get_ref().trim() == "true" => {
            "as many of them as it chooses (from one to all)".to_string()
        }
        (Some(choose), _) => format!(
            "as many of them as it chooses (from one to all, any count for which {}, the seeds \
             still to sow being that count)",
            w.text(choose.get_ref())
        ),
        (None, Some(seeds)) => format!("{} of them", w.text(seeds.get_ref())),
        (None, None) => "one of them".to_string(),
    };
    let holes = hand
        .holes
        .as_ref()
        .map_or("one of its holes".to_string(), |e| {
            format!("a hole among {}", w.text(e.get_ref()))
        });
    let may = match hand.offered.as_ref().map(|o| o.get_ref().as_str()) {
        Some("beside") => ", it may, instead of moving from a hole, take ",
        _ => ", its move takes ",
    };
    text += &format!("{may}{seeds} and ");
    text += if hand.sow {
        "sows them from "
    } else {
        "puts them into "
    };
    text += &holes;
    if let Some(to) = &hand.to {
        text += &format!(" for which {}", w.text(to.get_ref()));
    }
    if hand.sow {
        text += ", the first seed into that hole";
    }
    if let Some(give) = &hand.give {
        text += &format!(
            "; then {} seeds pass from its hand to the opponent's (if that is negative, as many pass the other way; never more than the giver holds)",
            w.text(give.get_ref())
        );
    }
    text += "; captures and the rest follow as for any move.";
    Some((text, &hand.clauses))
}

/// The relay: when a lap's end lifts another hand, and from where.
fn relay_rule<'a>(spec: &'a GameSpec, w: &Words) -> Rule<'a> {
    if let Some(relay) = &spec.relay {
        let mut relaying = format!(
            "When a lap's last seed has been sown, if {}, the seeds of {} are lifted and sown on from the hole after it, in another lap; otherwise the sowing ends.",
            w.text(relay.when.get_ref()),
            w.text(relay.from.get_ref())
        );
        if let Some(lift) = &relay.lift {
            relaying += &format!(
                " The number of seeds lifted is {} (at least one, at most all).",
                w.text(lift.get_ref())
            );
        }
        if let Some(optional) = &relay.optional {
            relaying += &format!(
                " Where {}, the mover may stop the sowing there instead (a decision such as a3:decline stops at every such chance, a3:decline=2 only at the second).",
                w.text(optional.get_ref())
            );
        }
        if spec.capture.iter().any(|c| c.at.get_ref() == "lap_end") {
            relaying += " The captures made after a lap's last seed come first; one that sows its seeds on continues the sowing instead.";
        }
        if let Some(reverse) = &relay.reverse {
            relaying += &match reverse.get_ref().trim() {
                "true" => " Each next lap runs the other way.".to_string(),
                text => format!(" The next lap runs the other way when {}.", w.text(text)),
            };
        }
        (relaying, &relay.clauses)
    } else {
        (
            "A move is one lap: the sowing ends with its last seed.".to_string(),
            &[],
        )
    }
}

/// Playing again (`[turn] again`).
fn turn_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let turn = spec.turn.as_ref()?;
    let again = turn.again.as_ref()?;
    Some((
        format!(
            "If, once the move is done, {}, the same side plays again.",
            w.text(again.get_ref())
        ),
        &turn.clauses,
    ))
}

/// When the side to move may take the other side's seat (`[swap]`).
fn swap_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let swap = spec.swap.as_ref()?;
    Some((
        format!(
            "At the start of a turn where {}, the side to move may, instead of moving (even with no move), take the other side's seat (the decision `swap`): the board is turned half round, each hole's seeds going to the hole in the same place seen from the other seat; the scores, hands, claims and holes held across the middle go with the seats, and closed holes, holes moved from and the last move turn with the board. The other side moves next.",
            w.text(swap.when.get_ref())
        ),
        &swap.clauses,
    ))
}

/// The end checks, in order, then the turn limit (GEN-11, GEN-12).
fn ending_rule<'a>(spec: &'a GameSpec, game: &Game, w: &Words) -> Rule<'a> {
    let checks: Vec<String> = spec.end.iter().map(|end| w.end_check(end)).collect();
    let mut ending =
        "At the start of every turn the game's end checks are made in this order:".to_string();
    for (letter, (check, end)) in ('a'..).zip(checks.iter().zip(&spec.end)) {
        let cited = if end.clauses.is_empty() {
            String::new()
        } else {
            format!(" [{}]", end.clauses.join(", "))
        };
        ending += &format!("\n   ({letter}) {check}{cited}");
    }
    ending += &format!(
        "\n   Then, if {} turns have been completed, the game ends as unfinished (GEN-11).",
        game.limits().turns
    );
    (ending, &[])
}

/// What a result compares.
fn result_rule<'a>(spec: &'a GameSpec, w: &Words) -> Rule<'a> {
    let score = match &spec.result.score {
        Some(score) => w.text(score.get_ref()).replace("the side", "each side"),
        None => "each side's captured seeds".to_string(),
    };
    (
        format!("Where a result is compared, it is {score}; more wins, equal is a draw."),
        &spec.result.clauses,
    )
}

/// The agents' evaluation, where a file gives one (not a rule).
fn agents_rule<'a>(spec: &'a GameSpec, w: &Words) -> Option<Rule<'a>> {
    let evaluate = spec.agents.as_ref().and_then(|a| a.evaluate.as_ref())?;
    Some((
        format!(
            "(Not a rule.) Search agents value a position for each side as {}, and \
             prefer the largest difference in their favour.",
            w.text(evaluate.get_ref()).replace("the side", "each side")
        ),
        &[],
    ))
}

/// A match of rounds (`[match]`).
fn match_rule<'a>(spec: &'a GameSpec, game: &Game, w: &Words) -> Option<Rule<'a>> {
    let (Some(rules_of_match), Some(spec_of_match)) = (&game.match_rules, &spec.match_play) else {
        return None;
    };
    let order = spec_of_match.fill_order.as_ref();
    let order = order.map(|order| w.text(order.get_ref()));
    let draw = spec_of_match.draw_starter.as_ref();
    let draw = draw.map(|side| w.text(side.get_ref()));
    let lost = spec_of_match.lost_when.as_ref();
    let lost = lost.map(|when| w.text(when.get_ref()));
    let tally = spec_of_match.tally.as_ref();
    let tally = tally.map(|points| w.text(points.get_ref()));
    let per_hole = match (
        spec_of_match.seeds_per_hole.as_ref(),
        &rules_of_match.rounds,
    ) {
        (Some(seeds), Rounds::Refill(refill))
            if !matches!(refill.seeds_per_hole, SeedsPerHole::Fixed(_)) =>
        {
            match seeds.get_ref() {
                IntOrExpr::Expr(text) => Some(w.text(text)),
                IntOrExpr::Int(_) => None,
            }
        }
        _ => None,
    };
    let words = MatchWords {
        order,
        draw,
        lost,
        tally,
        per_hole,
    };
    let text = match_play(game, rules_of_match, words);
    Some((text, &spec_of_match.clauses))
}

/// One expression in the words `explain` gives it in `spec`'s file (`here`
/// read as a hole); its text when it does not parse.
pub fn expression(spec: &GameSpec, game: &Game, text: &str) -> String {
    let named = RefCell::default();
    Words::new(game, Here::Hole, &spec.define, &named).text(text)
}

/// The file's own expressions of a `[match]`, in words.
struct MatchWords {
    /// `fill_order`.
    order: Option<String>,
    /// `draw_starter`.
    draw: Option<String>,
    /// `lost_when`.
    lost: Option<String>,
    /// `tally`.
    tally: Option<String>,
    /// `seeds_per_hole`, where it is read as each round ends.
    per_hole: Option<String>,
}

/// How rounds follow one another in a match (`--match`).
fn match_play(game: &Game, rules: &MatchRules, words: MatchWords) -> String {
    let starter = match rules.starter {
        Starter::Loser => "the loser of the round starts the next",
        Starter::Winner => "the winner of the round starts the next",
        Starter::FewerSeeds => "the side holding fewer seeds starts the next round",
        Starter::MoreSeeds => "the side holding more seeds starts the next round",
        Starter::Alternate => "the sides take turns to start the rounds",
        Starter::LastMover => "the side that made the round's last move starts the next",
        Starter::Mover => "the side whose turn it would be as the round ends starts the next",
    };
    let after_a_draw = match (rules.starter, words.draw) {
        (Starter::Alternate | Starter::LastMover | Starter::Mover, _) => String::new(),
        (_, None) => " After a drawn round (or with equal seeds), the side that did not start \
                       the round just played starts."
            .to_string(),
        (_, Some(side)) => format!(
            " After a drawn round (or with equal seeds), {side} (as the round ends) starts."
        ),
    };
    let claims = match rules.claims {
        ClaimsBetweenRounds::Cleared => "",
        ClaimsBetweenRounds::Kept => " The holes claimed as a round ends stay claimed in the next.",
    };
    let lost_when = match words.lost {
        None => String::new(),
        Some(when) => format!(" A side for which, as a round ends, {when} loses the match."),
    };
    let limit = game.limits().rounds;
    match &rules.rounds {
        Rounds::Refill(refill) => {
            let (refilling, lost) = refilling(game, refill, words.order, words.per_hole);
            let repeats = match game.limits().round_repeats {
                None => "A round that starts as an earlier round started ends nothing".to_string(),
                Some(n) => format!(
                    "A match whose rounds have started {n} time(s) as earlier rounds did is drawn"
                ),
            };
            format!(
                "Played as a match (--match): {refilling}{claims} Then {starter}.{after_a_draw} \
                 {lost}{lost_when} {repeats}, and a match that reaches {limit} rounds ends as \
                 unfinished."
            )
        }
        Rounds::Tally(tally) => format!(
            "Played as a match (--match) of rounds that each start from the setup: as a round \
             ends, each side adds to its tally {}; the first to reach {} wins the match (both \
             at once: the higher tally, a draw if equal).{claims} Then {starter}.{after_a_draw}\
             {lost_when} A match that reaches {limit} rounds ends as unfinished.",
            words.tally.unwrap_or_default(),
            tally.to_win
        ),
    }
}

/// How each side refills its holes between rounds, and who cannot and so
/// loses the match; `order` is the file's `fill_order` in words, `read` its
/// `seeds_per_hole` where that is read as each round ends.
fn refilling(
    game: &Game,
    rules: &RefillRules,
    order: Option<String>,
    read: Option<String>,
) -> (String, String) {
    let per_hole = match (&rules.seeds_per_hole, read) {
        (SeedsPerHole::Fixed(n), _) => n.to_string(),
        (SeedsPerHole::AtRoundEnd(_) | SeedsPerHole::ByHole(_), read) => format!(
            "{} (worked out as the round ends, at least 1)",
            read.unwrap_or_default()
        ),
    };
    let refilling = match &rules.filling {
        Filling::InOrder(in_order) => {
            let who = match rules.refilled_by {
                RefilledBy::Both => "each side refills its own holes",
                RefilledBy::Loser => {
                    "only its loser refills its own holes, from the seeds of its \
                     holes gathered with those it holds (the winner's holes and captures stay as \
                     the round left them),"
                }
            };
            let kept = rules.layout == RoundLayout::Refilled;
            filled_in_order(game, (who, &per_hole, kept), in_order, order)
        }
        Filling::ByHand => "after a round each side takes the seeds it holds into its hand, \
             and its hand moves (above) put them back where it chooses."
            .to_string(),
    };
    let refilling = match rules.layout {
        RoundLayout::Refilled => refilling,
        RoundLayout::Setup => {
            refilling
                + " The board is then laid out afresh as the setup lays it out for the round's \
               starter, nobody holding a reserve: the refill only says which holes each side \
               owns and who can play on."
        }
    };
    let lost = match (rules.min_filled, &rules.filling) {
        _ if rules.refilled_by == RefilledBy::Loser => "The match ends, won by the round's \
             winner, when the loser can put no seed back into its holes (or fills fewer than \
             it must) or the winner's holes are empty; a drawn round ends the match drawn."
            .to_string(),
        (None, _) => "A side that can put no seed back into its holes loses the match.".to_string(),
        (Some(n), Filling::InOrder(_)) => format!(
            "A side that cannot fill {n} hole(s) with {per_hole} seeds each loses the match."
        ),
        (Some(n), Filling::ByHand) => {
            format!("A side holding too few seeds for {n} hole(s) of {per_hole} loses the match.")
        }
    };
    (refilling, lost)
}

/// How the rules fill each side's holes in order: `who` refills, `per_hole`
/// seeds into each hole, and what it has left is `kept` for the next round.
fn filled_in_order(
    game: &Game,
    (who, per_hole, kept): (&str, &str, bool),
    rules: &InOrder,
    order: Option<String>,
) -> String {
    let (first, along) = match (rules.fill_from, game.board.rows()) {
        (FillFrom::Left, 2) => ("leftmost", "rightwards along its row"),
        (FillFrom::Right, 2) => ("rightmost", "leftwards along its row"),
        (FillFrom::Left, _) => ("leftmost back-row", "rightwards, back row before front row"),
        (FillFrom::Right, _) => ("rightmost back-row", "leftwards, back row before front row"),
    };
    let filling = match order {
        None => {
            format!("starting with its {first} hole as seen from its own seat and going {along}")
        }
        Some(order) => format!(
            "in increasing order of {order} (where that is equal, from its {first} hole as seen \
             from its own seat, going {along})"
        ),
    };
    let short = match rules.surplus {
        Surplus::TerritoryInTurn => short_hole_in_turn_words(rules.short_hole),
        _ => short_hole_words(per_hole, rules.short_hole),
    };
    let surplus = match rules.surplus {
        Surplus::Keep => String::new(),
        Surplus::TerritoryInTurn => format!(
            " The sides fill one after the other, the side whose turn it would be as the round \
             ends first: each puts {per_hole} into every empty hole it can, its own holes first \
             and then the other's in the other's order, and the holes it fills are its own for \
             the round (it moves from them, and they are its own for every rule)."
        ),
        Surplus::Territory(start) => format!(
            " A side with seeds left once its own holes are full fills, {per_hole} each, the \
             holes the other side could not, starting with {}; those holes are its own for the \
             round (it moves from them, and they are its own for every rule).",
            match start {
                TerritoryStart::LastUnfilled => "the one the other would have filled last",
                TerritoryStart::FirstUnfilled =>
                    "the first the other could not fill, in the other's order",
            }
        ),
    };
    format!(
        "after a round {who} with {per_hole} seeds each from the seeds it holds, \
         {filling}.{surplus} {short}{}",
        match kept {
            true => " Seeds left in hand after refilling count as captured in the next round.",
            false => "",
        }
    )
}

/// What becomes of the seeds left over when the sides fill in turn.
fn short_hole_in_turn_words(short_hole: ShortHole) -> String {
    let rest = "the holes left empty stay in play, their row's owner's";
    match short_hole {
        ShortHole::Close => "The holes left empty are closed for the round: sowing passes them \
             by and they cannot be played; the seeds left over stay in hand."
            .to_string(),
        ShortHole::Empty => format!("The seeds left over stay in hand, and {rest}."),
        ShortHole::PartialThenClose => "Each side puts what it has left after its own filling \
             into the next empty hole it would have filled, its own for the round; the holes \
             left empty then are closed for the round: sowing passes them by and they cannot be \
             played."
            .to_string(),
        ShortHole::Partial => format!(
            "Each side puts what it has left after its own filling into the next empty hole it \
             would have filled, its own for the round; {rest}."
        ),
        ShortHole::Shared | ShortHole::ToppedUp => format!(
            "What a side has left it puts, topped up from the other's hand, into the next empty \
             hole it would have filled, its own for the round: the first to fill at once where \
             it has at least half a hole left, else the second after its own; {rest}."
        ),
        ShortHole::SharedByLot => format!(
            "What a side has left it puts, topped up from the other's hand, into the next empty \
             hole it would have filled, its own for the round (a side drawn by lot's, when both \
             gave as many): the first to fill at once where it has at least half a hole left, \
             else the second after its own; {rest}."
        ),
    }
}

/// What becomes of a hole the rules cannot fill.
fn short_hole_words(per_hole: &str, short_hole: ShortHole) -> String {
    match short_hole {
        ShortHole::Close => format!(
            "A hole that cannot be given {per_hole} is closed for the round: it stays empty, \
             sowing passes it by and it cannot be played; the seeds that could not fill it stay \
             in hand, and it opens again when a later refill reaches it."
        ),
        ShortHole::Partial => format!(
            "The first hole that cannot be given {per_hole} gets what remains; holes after it \
             stay empty but in play."
        ),
        ShortHole::PartialThenClose => format!(
            "The first hole that cannot be given {per_hole} gets what remains; holes after it \
             (and it, when nothing remains) are closed for the round: they stay empty, sowing \
             passes them by and they cannot be played, and they open again when a later refill \
             reaches them."
        ),
        ShortHole::Empty => format!(
            "A hole that cannot be given {per_hole} stays empty but in play; the seeds that \
             could not fill it stay in hand."
        ),
        ShortHole::Shared => format!(
            "The first hole that cannot be given {per_hole} gets what remains, topped up to \
             {per_hole} from the other side's remaining seeds; it belongs for the round to the \
             side that gave more of its seeds (its owner when they gave as many). Holes after it \
             stay empty but in play."
        ),
        ShortHole::SharedByLot => format!(
            "The first hole that cannot be given {per_hole} gets what remains, topped up to \
             {per_hole} from the other side's remaining seeds; it belongs for the round to the \
             side that gave more of its seeds, or, when they gave as many, to a side drawn by lot. \
             Holes after it stay empty but in play."
        ),
        ShortHole::ToppedUp => format!(
            "The first hole that cannot be given {per_hole} gets what remains, topped up to \
             {per_hole} from the other side's remaining seeds, and stays its owner's. Holes \
             after it stay empty but in play."
        ),
    }
}

impl Words<'_> {
    /// Whether an end check's condition may read `side` (directly or through a
    /// named term), so that it is asked of each side in turn.
    fn may_read_side(&self, text: &str) -> bool {
        let mut seen = BTreeSet::new();
        let mut texts = vec![text.to_string()];
        while let Some(text) = texts.pop() {
            for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if word == "side" {
                    return true;
                }
                if let Some(term) = self
                    .terms
                    .get(word)
                    .filter(|_| seen.insert(word.to_string()))
                {
                    texts.push(term.is.get_ref().clone());
                }
            }
        }
        false
    }

    /// A capture rule in words. Every key is named here, so that a key added
    /// to `CaptureSpec` does not compile until it has its words.
    fn capture(&self, capture: &CaptureSpec) -> String {
        let CaptureSpec {
            at,
            when,
            take,
            to,
            chain,
            strip,
            veto,
            spare,
            from_hand,
            at_most,
            claim,
            resow,
            resow_reverse,
            into,
            into_hand,
            remove,
            optional,
            clauses: _,
        } = capture;
        let moment = match at.get_ref().as_str() {
            "drop" if self.game.drop.is_some() => "After every hole sown has had its seeds",
            "drop" => "After every seed sown",
            "lift" => "When a lap's seeds have been lifted, before they are sown",
            "lap_end" => "After each lap's last seed",
            _ => "When the sowing has ended",
        };
        let to = to
            .as_ref()
            .map_or("the mover".to_string(), |to| self.text(to.get_ref()));
        // "if always" says nothing: a condition that always holds is left out.
        let condition = match self.text(when.get_ref()).as_str() {
            "always" => String::new(),
            text => format!(" if {text},"),
        };
        let taken_by = match remove.as_ref().is_some_and(|r| *r.get_ref()) {
            true => "taken out of play, scoring for nobody".to_string(),
            false => format!("captured by {to}"),
        };
        let mut text = self.capture_taking(take, from_hand.as_ref(), &to, &taken_by);
        text = format!("{moment},{condition} {text}");
        if let Some(chain) = chain {
            text += &self.capture_chain(chain);
        }
        if let Some(seeds) = at_most {
            let seeds = match self.text(seeds.get_ref()) {
                one if one == "1" => "1 seed".to_string(),
                many => format!("{many} seeds"),
            };
            text += &format!("; it takes at most {seeds} from each hole, leaving the rest");
        }
        if *optional {
            text += "; the mover may decline it, each time it would take seeds (a decision such as a3:decline plays the move declining every optional capture it meets, a3:decline=2 only the second)";
        }
        if let Some(from) = resow {
            text += &format!(
                "; the seeds taken are not kept but sown on, as a new lap, from {}",
                self.text(from.get_ref())
            );
            if let Some(reverse) = resow_reverse {
                text += &format!(
                    ", that lap running the other way when {}",
                    self.text(reverse.get_ref())
                );
            }
        }
        if let Some(into) = into {
            text += &format!(
                "; the seeds taken are not kept but put into {}",
                self.text(into.get_ref())
            );
        }
        if into_hand.as_ref().is_some_and(|i| *i.get_ref()) {
            text += &format!(
                "; the seeds taken are not kept but held in the hand of {to}, for its hand moves to put back into play"
            );
        }
        if *claim {
            text += "; each hole taken becomes claimed by the side that gets its seeds, for the rest of the game";
        }
        if let Some(veto) = veto {
            text += &self.capture_veto(veto, spare.as_ref());
        }
        if let Some(strip) = strip {
            text += &self.capture_strip(strip);
        }
        text + "."
    }

    /// What a capture takes: seeds from the hand in play, a hole or set, or both.
    fn capture_taking(
        &self,
        take: &Expr,
        from_hand: Option<&Expr>,
        to: &str,
        taken_by: &str,
    ) -> String {
        let hand_text = from_hand.map(|seeds| {
            format!(
                "{} of the seeds in hand go to {to} instead of being sown",
                self.text(seeds.get_ref())
            )
        });
        match (take.get_ref().trim(), hand_text) {
            ("[]", Some(hand_text)) => hand_text,
            (_, Some(hand_text)) => format!(
                "{hand_text}, and the seeds of {} are {taken_by}",
                self.text(take.get_ref())
            ),
            (_, None) => format!("the seeds of {} are {taken_by}", self.text(take.get_ref())),
        }
    }

    fn capture_chain(&self, chain: &ChainSpec) -> String {
        let mut text = format!(
            "; then, from each hole x so taken, the next candidate x is {}, taken as well while {}",
            self.text(chain.step.get_ref()),
            self.text(chain.continue_while.get_ref())
        );
        if let Some(limit) = &chain.limit {
            text += &format!(", up to {} holes in all", limit.get_ref());
        }
        text
    }

    fn capture_veto(&self, veto: &Expr, spare: Option<&Expr>) -> String {
        match spare {
            None => format!(
                "; but if, once captured, {}, the capture is undone",
                self.text(veto.get_ref())
            ),
            Some(spare) => format!(
                "; but if, once captured, {}, the seeds of {} (as they were before the capture) are given back",
                self.text(veto.get_ref()),
                self.text(spare.get_ref())
            ),
        }
    }

    fn capture_strip(&self, strip: &StripSpec) -> String {
        match strip.whole {
            false => format!(
                ". Then the mover also removes further seeds, as many as {} (or all there are), one per decision, each from a non-empty hole of its choice among {}",
                self.text(strip.stones.get_ref()),
                self.text(strip.from.get_ref())
            ),
            true => format!(
                ". Then the mover also takes every seed of further holes, as many holes as {} (or all non-empty ones there are), one per decision, each a non-empty hole of its choice among {}",
                self.text(strip.stones.get_ref()),
                self.text(strip.from.get_ref())
            ),
        }
    }

    fn end_check(&self, end: &EndSpec) -> String {
        if end.call.is_some() || end.offer.is_some() {
            return self.called_end_check(end);
        }
        let (condition, named) = match end.check.get_ref().as_str() {
            "no_stones" => ("a side has no seeds left in its holes".into(), "that side"),
            "no_moves" => (
                "the side to move has no legal move".into(),
                "the side to move",
            ),
            "repetition" => (
                "the turn starts in a position that started an earlier turn (GEN-10)".into(),
                "the side to move",
            ),
            "condition" => {
                let text = end.when.as_ref().map_or("", |w| w.get_ref().as_str());
                let when = self.text(text);
                match self.may_read_side(text) {
                    true => (
                        format!("{when} for the side to move, or else for the other side"),
                        "that side",
                    ),
                    // The same for both sides: asked once.
                    false => (when, "the side to move"),
                }
            }
            _ => (
                "a side has captured more than half of all seeds, or both exactly half".into(),
                "the side without the majority",
            ),
        };
        if end.outcome.get_ref() == "pass" {
            return format!(
                "if {condition} but the other side has one, the side to move passes its turn and the game goes on."
            );
        }
        format!("if {condition}, {}.", self.game_ends(end, named))
    }

    /// "the game ends ... and {outcome}", naming `named`.
    fn game_ends(&self, end: &EndSpec, named: &str) -> String {
        let outcome = match end.outcome.get_ref().as_str() {
            "loses" => format!("{named} loses"),
            "wins" => format!("{named} wins"),
            "draw" => "the game is a draw".to_string(),
            _ => "the results are compared".to_string(),
        };
        let spared = match end.spare.as_ref().map(|spare| self.text(spare.get_ref())) {
            Some(always) if always == "always" => " (but every hole keeps its seeds)".to_string(),
            Some(spare) => format!(" (but where {spare} the seeds stay in the hole)"),
            None => String::new(),
        };
        match &end.leftovers {
            Some(to) => format!(
                "the game ends; the seeds left in each hole go to {}{spared}, and {outcome}",
                self.text(to.get_ref())
            ),
            None => format!("the game ends and {outcome}"),
        }
    }

    /// An end check the mover may call or offer instead of moving.
    fn called_end_check(&self, end: &EndSpec) -> String {
        let condition = match end.check.get_ref().as_str() {
            "repetition" => {
                "the turn starts in a position that started an earlier turn (GEN-10)".to_string()
            }
            _ => {
                let when = self.text(end.when.as_ref().map_or("", |w| w.get_ref().as_str()));
                match self.may_read_side(end.when.as_ref().map_or("", |w| w.get_ref())) {
                    true => format!("{when} for the side to move"),
                    false => when,
                }
            }
        };
        let decision = |name: &toml::Spanned<String>| format!("`{}`", name.get_ref());
        let condition = match condition.as_str() {
            "always" => "the game goes on".to_string(),
            _ => condition,
        };
        match (&end.call, &end.offer) {
            (Some(call), _) if end.outcome.get_ref() == "pass" => format!(
                "while {condition}, the side to move may pass its turn instead of moving ({}).",
                decision(call)
            ),
            (Some(call), _) => format!(
                "while {condition}, the side to move may end the game instead of moving ({}): {}.",
                decision(call),
                self.game_ends(end, "that side")
            ),
            (None, Some(offer)) => format!(
                "while {condition}, the side to move may offer to end the game instead of moving \
                 ({}); the other side accepts (`accept`: {}) or refuses (`refuse`: the side that \
                 offered decides again, and cannot offer so again that turn).",
                decision(offer),
                self.game_ends(end, "the side that offered")
            ),
            (None, None) => unreachable!("a called or offered check"),
        }
    }

    /// An expression in words (its text when it does not parse).
    fn text(&self, text: &str) -> String {
        match syntax::parse(text) {
            Ok(node) => self.node(&node),
            Err(_) => format!("`{text}`"),
        }
    }

    fn node(&self, node: &Node) -> String {
        self.read(node).words
    }

    /// An expression in words, with its shape.
    fn read(&self, node: &Node) -> Argument {
        let shape = match &node.kind {
            NodeKind::Binary(op, ..) => Shape::Binary(*op),
            NodeKind::If(..) => Shape::If,
            NodeKind::Name(name) if let Some(argument) = self.argument(name) => return argument,
            NodeKind::Name(name) if self.terms.contains_key(name) => return self.term(name, &[]),
            NodeKind::Call(f, args) if self.terms.contains_key(f) => return self.term(f, args),
            _ => Shape::Other,
        };
        let words = match &node.kind {
            NodeKind::Int(n) => n.to_string(),
            NodeKind::Bool(b) => {
                if *b {
                    "always".into()
                } else {
                    "never".into()
                }
            }
            NodeKind::Name(name) => self.name(name),
            NodeKind::Unary(UnaryOp::Not, x) => format!("not ({})", self.node(x)),
            NodeKind::Unary(UnaryOp::Neg, x) => {
                let x = self.read(x);
                match x.shape {
                    Shape::Other => format!("-{}", x.words),
                    Shape::Binary(_) | Shape::If => format!("-({})", x.words),
                }
            }
            NodeKind::Binary(op, l, r) => self.binary(*op, l, r),
            NodeKind::If(c, t, e) => {
                // A conditional inside the first two parts is bracketed, so that its
                // "otherwise" cannot be read as the outer one's; a chain of them in
                // the last part reads as it is meant ("a if x, otherwise b if y, ...").
                let bracketed = |node: &Node| {
                    let read = self.read(node);
                    match read.shape {
                        Shape::If => format!("({})", read.words),
                        _ => read.words,
                    }
                };
                format!(
                    "{} if {}, otherwise {}",
                    bracketed(t),
                    bracketed(c),
                    self.node(e)
                )
            }
            NodeKind::Set(items) => {
                let items: Vec<String> = items.iter().map(|i| self.node(i)).collect();
                match items.as_slice() {
                    [] => "no hole".into(),
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} and {last}", init.join(", ")),
                }
            }
            NodeKind::Call(f, args) => self.call(f, args),
            NodeKind::Quantifier(f, var, _, set, body) => {
                // `number(h in S, true)` counts the set itself.
                let counts_all = matches!(body.kind, NodeKind::Bool(true));
                let (set, body) = (self.node(set), self.node(body));
                match f.as_str() {
                    "any" => format!("some hole {var} of {set} is such that {body}"),
                    "all" => format!("every hole {var} of {set} is such that {body}"),
                    "those" => format!("the holes {var} of {set} for which {body}"),
                    _ if counts_all => format!("the number of {set}"),
                    _ => format!("the number of holes {var} of {set} for which {body}"),
                }
            }
        };
        Argument { words, shape }
    }

    fn name(&self, name: &str) -> String {
        if let Some(value) = self.game.option(name) {
            return format!("the option {name} (now {value})");
        }
        match name {
            "mover" => "the mover".into(),
            "opponent" => "the opponent".into(),
            "origin" => "the hole the move started from".into(),
            "lap_start" => "the hole this lap was lifted from".into(),
            "last" => "the hole of the lap's last seed".into(),
            "here" => match self.here {
                Here::Hole => "the hole".into(),
                Here::JustSown => "the hole just sown into".into(),
            },
            "is_last" => "this is the lap's last seed".into(),
            "lap_clockwise" => "the lap is sown clockwise".into(),
            "lap" => "the lap number".into(),
            "lap_board" => "the seeds in the holes as this lap's sowing began".into(),
            "taken" => "the seeds it took".into(),
            "in_hand" => "the seeds still to sow".into(),
            "side" => "the side".into(),
            "turn" => "the number of turns played".into(),
            "extra_turns" => "the extra turns already played in a row".into(),
            "last_mover" => "the side that made the last decision".into(),
            "claimer" => "the side holding the claim".into(),
            "south" => "South".into(),
            "north" => "North".into(),
            "all_holes" => "all the holes".into(),
            other => other.into(),
        }
    }

    fn binary(&self, op: BinaryOp, l: &Node, r: &Node) -> String {
        let operand = |node: &Node, right: bool| {
            let read = self.read(node);
            let bracketed = match read.shape {
                Shape::If => true,
                Shape::Binary(inner) => needs_brackets(op, inner, right),
                Shape::Other => false,
            };
            match bracketed {
                true => format!("({})", read.words),
                false => read.words,
            }
        };
        let (l, r) = (operand(l, false), operand(r, true));
        match op {
            BinaryOp::Or => format!("{l} or {r}"),
            BinaryOp::And => format!("{l} and {r}"),
            BinaryOp::Eq => format!("{l} is {r}"),
            BinaryOp::Ne => format!("{l} is not {r}"),
            BinaryOp::Lt => format!("{l} is fewer than {r}"),
            BinaryOp::Le => format!("{l} is at most {r}"),
            BinaryOp::Gt => format!("{l} is more than {r}"),
            BinaryOp::Ge => format!("{l} is at least {r}"),
            BinaryOp::Add => format!("{l} plus {r}"),
            BinaryOp::Sub => format!("{l} minus {r}"),
            BinaryOp::Mul => format!("{l} times {r}"),
            BinaryOp::Div => format!("{l} divided by {r} (rounded down)"),
            BinaryOp::Rem => format!("the remainder of {l} divided by {r}"),
        }
    }

    /// The argument `name` stands for, inside the term being read.
    fn argument(&self, name: &str) -> Option<Argument> {
        self.arguments.borrow().last()?.get(name).cloned()
    }

    /// The terms named in the rules and those with a wording of their own,
    /// with what each means (their arguments by name).
    fn glossary(&self) -> Option<String> {
        let mut meanings = Vec::new();
        let mut listed = BTreeSet::new();
        // Reading a named term's meaning may name further terms.
        loop {
            let named = self.named.borrow().clone();
            let next = self.terms.iter().find(|(name, term)| {
                !listed.contains(*name) && (term.reads.is_some() || named.contains(*name))
            });
            let Some((name, term)) = next else { break };
            listed.insert(name.clone());
            let own = |param: &String| Argument {
                words: param.clone(),
                shape: Shape::Other,
            };
            let meaning = match syntax::parse(term.is.get_ref()) {
                Ok(body) => {
                    self.with_arguments(&term.args, term.args.iter().map(own).collect(), || {
                        self.node(&body)
                    })
                }
                Err(_) => format!("`{}`", term.is.get_ref()),
            };
            let used_as = match &term.reads {
                Some(reads) => format!("\"{}\" ({name})", fill(reads, &term.args, &term.args)),
                None => use_by_name(name, &term.args),
            };
            meanings.push(format!("{used_as} stands for {meaning}"));
        }
        (!meanings.is_empty())
            .then(|| format!("The rules below use these terms: {}.", meanings.join("; ")))
    }

    /// `read` with a term's parameters standing for `arguments`.
    fn with_arguments<T>(
        &self,
        params: &[String],
        arguments: Vec<Argument>,
        read: impl FnOnce() -> T,
    ) -> T {
        let frame = params.iter().cloned().zip(arguments).collect();
        self.arguments.borrow_mut().push(frame);
        let out = read();
        self.arguments.borrow_mut().pop();
        out
    }

    /// A named term: its own wording with the arguments' words in place, or
    /// else the words of its expression with the arguments put in; named
    /// instead, when that would be longer than `MAX_TERM_WORDS`.
    fn term(&self, name: &str, args: &[Node]) -> Argument {
        let term = &self.terms[name];
        let arguments: Vec<Argument> = args.iter().map(|arg| self.read(arg)).collect();
        let words: Vec<&str> = arguments.iter().map(|a| a.words.as_str()).collect();
        let read = match (&term.reads, syntax::parse(term.is.get_ref())) {
            _ if args.len() != term.args.len() => None,
            (Some(reads), _) => {
                (filled_len(reads, &term.args, &words) <= MAX_TERM_WORDS).then(|| Argument {
                    words: fill(reads, &term.args, &words),
                    shape: Shape::Other,
                })
            }
            (None, Ok(body)) => {
                Some(self.with_arguments(&term.args, arguments.clone(), || self.read(&body)))
            }
            (None, Err(_)) => None,
        };
        match read {
            Some(read) if read.words.len() <= MAX_TERM_WORDS => read,
            _ => {
                self.named.borrow_mut().insert(name.to_string());
                Argument {
                    words: use_by_name(name, &words),
                    shape: Shape::Other,
                }
            }
        }
    }

    fn call(&self, f: &str, args: &[Node]) -> String {
        let words: Vec<String> = args.iter().map(|x| self.node(x)).collect();
        if f == "before" {
            return format!("({}, at the start of the move)", words.join(", "));
        }
        match functions::find(f) {
            Some(function) => function.words(&words),
            None => format!("{f}({})", words.join(", ")),
        }
    }
}

/// Whether an operand of `outer` whose own operator is `inner` is bracketed, so
/// that no two groupings read alike: a looser operand, a comparison inside a
/// comparison, `and` and `or` mixed, and any operand of equal strength on the
/// right (the parser groups from the left).
fn needs_brackets(outer: BinaryOp, inner: BinaryOp, right: bool) -> bool {
    let strength = |op: BinaryOp| match op {
        BinaryOp::Or => 1,
        BinaryOp::And => 2,
        BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
            3
        }
        BinaryOp::Add | BinaryOp::Sub => 4,
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 5,
    };
    let (outer_strength, inner_strength) = (strength(outer), strength(inner));
    let logical = |s| s <= 2;
    inner_strength < outer_strength
        || (logical(inner_strength) && logical(outer_strength) && inner != outer)
        || (inner_strength == outer_strength && (right || inner_strength == 3))
}

/// A term's wording with each `{PARAM}` replaced by its argument's words, in
/// one pass (an argument's words are never read again for braces).
fn fill(reads: &str, params: &[String], words: &[impl AsRef<str>]) -> String {
    let mut out = String::new();
    let mut rest = reads;
    while let Some(open) = rest.find('{') {
        out += &rest[..open];
        let after = &rest[open + 1..];
        let param = after
            .find('}')
            .and_then(|close| Some((params.iter().position(|p| *p == after[..close])?, close)));
        match param {
            Some((index, close)) => {
                out += words[index].as_ref();
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out + rest
}

/// How long `fill` would make a wording, worked out without building it.
fn filled_len(reads: &str, params: &[String], words: &[&str]) -> usize {
    let mut len = reads.len();
    for (param, words) in params.iter().zip(words) {
        let uses = reads.matches(&format!("{{{param}}}")).count();
        len = len.saturating_add(uses.saturating_mul(words.len()));
    }
    len
}

/// A term named rather than read: `name` or `name(arg, ...)`.
fn use_by_name(name: &str, args: &[impl AsRef<str>]) -> String {
    match args {
        [] => format!("`{name}`"),
        _ => {
            let args: Vec<&str> = args.iter().map(|a| a.as_ref()).collect();
            format!("`{name}`({})", args.join(", "))
        }
    }
}
