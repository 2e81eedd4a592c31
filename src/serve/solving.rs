//! `POST /api/solve`: the playground's "best moves" view, the exact value of
//! the position in play and of each decision there (`mancala solve`), for
//! positions small enough to solve within the bounds of `limits`.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;

use crate::agents::deadline::Deadline;
use crate::rules::game::Game;
use crate::rules::match_play::MatchState;
use crate::serve::AppState;
use crate::serve::api::{ApiError, ApiResult, Body, PlayRequest, blocking, request_deadline};
use crate::serve::limits;
use crate::solve::{self, Budget, SolveError, Valued, Valuing, Verdict};

/// The value of the position for the side to move, and of each decision.
#[derive(Serialize)]
pub struct Solved {
    to_move: &'static str,
    verdict: Verdict,
    margin: i64,
    /// Nothing taken on assumption (no position met again along a line of a
    /// game that checks no repetition).
    proven: bool,
    /// A match's round: its later rounds are not solved.
    one_round: bool,
    valuing: Valuing,
    /// Lines cut by the turn limit, valued as unfinished.
    turn_limit_met: u64,
    decisions: Vec<DecisionValue>,
    positions: u64,
}

#[derive(Serialize)]
pub struct DecisionValue {
    decision: String,
    verdict: Verdict,
    margin: i64,
}

/// `POST /api/solve`: the position after the decisions, solved within
/// `limits::SOLVING`'s time, `SOLVE_POSITIONS` and `SOLVE_MEMORY`.
pub async fn solve(
    State(state): State<Arc<AppState>>,
    Body(request): Body<PlayRequest>,
) -> ApiResult<Solved> {
    let (deadline, _cancel_on_drop) = request_deadline();
    blocking(move || {
        request.replayed(&state, &deadline, |game, played, _| {
            solved(game, &played, &deadline)
        })
    })
    .await
}

/// The position `played` has reached, solved within the playground's bounds.
fn solved(game: &Game, played: &MatchState<'_>, deadline: &Deadline) -> Result<Solved, ApiError> {
    let budget = Budget {
        memory: limits::SOLVE_MEMORY,
        positions: limits::SOLVE_POSITIONS,
        threads: 1,
        line: limits::SOLVE_LINE,
        valued: Valued::Every,
    };
    let round = played.round();
    let solution = solve::solve_until(round, budget, deadline.clone().within(limits::SOLVING))
        .map_err(refused)?;
    Ok(Solved {
        to_move: solution.to_move.name(),
        verdict: solution.value.verdict,
        margin: solution.value.margin,
        proven: solution.proven(),
        one_round: game.match_rules().is_some(),
        valuing: solution.valuing,
        turn_limit_met: solution.turn_limit_met,
        decisions: solution
            .decisions
            .iter()
            .map(|&(decision, value)| DecisionValue {
                decision: game.decision_name(decision),
                verdict: value.verdict,
                margin: value.margin,
            })
            .collect(),
        positions: solution.positions,
    })
}

/// Why the playground does not answer: too large a position is a request it
/// cannot meet (422), not a broken one.
fn refused(error: SolveError) -> ApiError {
    let (status, message) = match error {
        SolveError::GameOver => (StatusCode::BAD_REQUEST, error.to_string()),
        SolveError::TooManyPositions(_)
        | SolveError::OutOfTime
        | SolveError::TooDeep(_)
        | SolveError::NoRoomForPositions { .. } => (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "too large to solve here: the playground examines at most {} positions in {} s, \
                 along lines of at most {} decisions (`mancala solve` allows far more)",
                limits::SOLVE_POSITIONS,
                limits::SOLVING.as_secs(),
                limits::SOLVE_LINE
            ),
        ),
        SolveError::NoMemory(_) => (StatusCode::SERVICE_UNAVAILABLE, error.to_string()),
        // The playground solves by search alone.
        SolveError::RetrogradeDoesNotApply => (StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
        // The playground builds no endgame database.
        SolveError::NoEndgameTable
        | SolveError::EndgameTooLarge { .. }
        | SolveError::EndgameTooManySeeds { .. }
        | SolveError::EndgameNotExact { .. }
        | SolveError::EndgameMismatch => (StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
    };
    ApiError {
        status,
        message,
        diagnostics: Vec::new(),
    }
}
