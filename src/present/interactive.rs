//! `mancala play`: a person plays in the terminal against an agent (or watches
//! two agents). Bad input re-prompts; `undo` takes back the person's last
//! decision and every one since; the record can be saved and replayed.

use crate::agents::Agent;
use crate::agents::playout;
use crate::agents::search::AlphaBeta;
use crate::present::render;
use crate::rules::board::Side;
use crate::rules::match_play::MatchState;

/// Who decides for a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, typing decisions at the terminal.
    Human,
    /// An agent, choosing by itself.
    Agent(Agent),
}

impl Player {
    /// `human`, or the name of an agent (`random`, `alphabeta:4`...).
    pub fn parse(name: &str) -> Result<Player, crate::agents::UnknownAgent> {
        match name {
            "human" => Ok(Player::Human),
            other => Agent::parse(other).map(Player::Agent),
        }
    }
}

const HELP: &str = "enter a decision from the legal list (a hole name, such as a3 or a3:cw), `undo`, `help` or `quit`";

/// Plays one game (or a match, when `start` is one), reading a person's decisions
/// from `input` and writing to `out`. Returns the decisions played, as hole names.
pub fn play(
    start: MatchState,
    players: [Player; 2],
    seed: u64,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<Vec<String>> {
    let game = start.game();
    let mut rng = playout::rng(seed);
    let mut searchers = [AlphaBeta::default(), AlphaBeta::default()];
    let mut state = start.clone();
    writeln!(out, "{} — {HELP}", game.meta.name)?;
    while state.outcome().is_none() {
        let rounds_over = state.results().len();
        let passes = state.passes();
        let side = state.position().to_move;
        let legal: Vec<String> = state.legal().map(|d| game.decision_name(d)).collect();
        match players[side.index()] {
            Player::Agent(agent) => {
                let index = agent.choose(state.round(), &mut rng, &mut searchers[side.index()]);
                let gained = state.round().successors()[index].captured[side.index()]
                    - state.position().captured[side.index()];
                state.play_index(index);
                writeln!(out, "{side} plays {}{}", legal[index], captured(gained))?;
            }
            Player::Human => {
                write!(
                    out,
                    "\n{}legal: {}\n{side}> ",
                    render::position(game, state.position(), Some(side)),
                    legal.join(" ")
                )?;
                out.flush()?;
                let line = match crate::input::read_line(input) {
                    Ok(Some(line)) => line,
                    Ok(None) => {
                        writeln!(out, "\n(end of input: game left unfinished)")?;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                        writeln!(out, "{e}; {HELP}")?;
                        continue;
                    }
                    Err(e) => return Err(e),
                };
                match line.trim() {
                    "quit" => break,
                    "help" | "" => writeln!(out, "{HELP}")?,
                    "undo" => match undo(&start, &state, side) {
                        Some(earlier) => state = earlier,
                        None => writeln!(out, "nothing of yours to undo")?,
                    },
                    name => match game
                        .parse_decision(name)
                        .filter(|&d| state.legal().any(|l| l == d))
                    {
                        Some(decision) => {
                            let next = state.round().successors()[state
                                .legal()
                                .position(|l| l == decision)
                                .expect("checked legal")];
                            let gained = next.captured[side.index()]
                                - state.position().captured[side.index()];
                            state.play(decision).expect("checked legal");
                            writeln!(out, "{side} plays {name}{}", captured(gained))?;
                        }
                        None => writeln!(
                            out,
                            "`{}` is not a legal decision; {HELP}",
                            crate::input::printable(name)
                        )?,
                    },
                }
            }
        }
        if state.passes() > passes && state.outcome().is_none() {
            let passed = state.position().to_move.other();
            writeln!(out, "{passed} has no legal move and passes")?;
        }
        if state.results().len() > rounds_over && state.outcome().is_none() {
            write!(
                out,
                "\nround over; the next begins\n{}",
                render::match_summary(&state)
            )?;
        }
    }
    if let Some(outcome) = state.outcome() {
        let [south, north] = state.position().captured;
        write!(out, "\n{}", render::board(game, state.position()))?;
        if state.is_match() {
            write!(out, "{}", render::match_summary(&state))?;
        }
        writeln!(
            out,
            "{} over: {} ({}); captured south {south}, north {north}",
            if state.is_match() { "match" } else { "game" },
            outcome.status.name(),
            outcome.reason.name()
        )?;
    }
    Ok(state
        .decisions()
        .iter()
        .map(|&d| game.decision_name(d))
        .collect())
}

fn captured(seeds: u32) -> String {
    if seeds == 0 {
        String::new()
    } else {
        format!(", capturing {seeds}")
    }
}

/// The game as it was before `side`'s last decision, replayed from the start.
fn undo<'g>(start: &MatchState<'g>, state: &MatchState<'g>, side: Side) -> Option<MatchState<'g>> {
    let mut replay = start.clone();
    let mut sides = Vec::new();
    for &decision in state.decisions() {
        sides.push(replay.position().to_move);
        replay.play(decision).ok()?;
    }
    let last_own = sides.iter().rposition(|&s| s == side)?;
    let mut earlier = start.clone();
    for &decision in &state.decisions()[..last_own] {
        earlier.play(decision).ok()?;
    }
    Some(earlier)
}
