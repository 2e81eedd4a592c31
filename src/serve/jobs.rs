//! Comparisons run in the background: a request starts one and gets its number;
//! the page asks for its progress until the table and charts are there. A
//! comparison runs on a thread of its own (its games on the rayon pool), so a
//! long one never holds up the board in another tab.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use crate::agents::deadline::Deadline;
use crate::rules::game::{AtRoundLimit, Game, Limits};
use crate::serve::AppState;
use crate::serve::api::{ApiError, ApiResult, Body, Options, blocking, option_list};
use crate::serve::library::GameRef;
use crate::serve::limits;
use crate::studies::compare::{self, Study, Summary};
use crate::studies::plot;

#[derive(Default)]
pub struct Jobs {
    inner: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    next: u64,
    jobs: VecDeque<(u64, Arc<Job>)>,
}

struct Job {
    total: u64,
    played: AtomicU64,
    started: Instant,
    /// Raised by a cancel request; the games stop at their next decision.
    cancelled: Arc<AtomicBool>,
    result: Mutex<Option<Result<Finished, String>>>,
}

#[derive(Clone, Serialize)]
struct Finished {
    table: String,
    summaries: Vec<Summary>,
    charts: Vec<Chart>,
}

#[derive(Clone, Serialize)]
struct Chart {
    name: &'static str,
    svg: String,
}

impl Jobs {
    fn running(kept: &Kept) -> usize {
        kept.jobs
            .iter()
            .filter(|(_, job)| job.result.lock().expect("not poisoned").is_none())
            .count()
    }

    /// Keeps a new job, forgetting the oldest finished ones past the limit.
    fn start(&self, total: u64) -> Result<(u64, Arc<Job>), ApiError> {
        let mut kept = self.inner.lock().expect("not poisoned");
        if Self::running(&kept) >= limits::RUNNING_COMPARISONS {
            return Err(ApiError {
                status: StatusCode::TOO_MANY_REQUESTS,
                message: format!(
                    "{} comparisons are running; try again when one has ended",
                    limits::RUNNING_COMPARISONS
                ),
                diagnostics: Vec::new(),
            });
        }
        while kept.jobs.len() >= limits::KEPT_COMPARISONS {
            let finished = kept
                .jobs
                .iter()
                .position(|(_, job)| job.result.lock().expect("not poisoned").is_some());
            match finished {
                Some(i) => kept.jobs.remove(i),
                None => break,
            };
        }
        kept.next += 1;
        let job = Arc::new(Job {
            total,
            played: AtomicU64::new(0),
            started: Instant::now(),
            cancelled: Arc::default(),
            result: Mutex::new(None),
        });
        let id = kept.next;
        kept.jobs.push_back((id, job.clone()));
        Ok((id, job))
    }

    fn find(&self, id: u64) -> Option<Arc<Job>> {
        let kept = self.inner.lock().expect("not poisoned");
        kept.jobs
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, j)| j.clone())
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    game: GameRef,
    #[serde(default)]
    options: Options,
    /// How the table names it (default: the game's id and its options).
    label: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    variants: Vec<Variant>,
    /// South's agent and North's.
    agents: [String; 2],
    games: u64,
    #[serde(default)]
    seed: u64,
    #[serde(default, rename = "match")]
    as_match: bool,
    /// How a match cut short by the round limit ends (GEN-13).
    #[serde(default)]
    at_round_limit: AtRoundLimit,
}

#[derive(Serialize)]
pub struct Started {
    job: u64,
}

/// `POST /api/compare`: starts a comparison.
pub async fn start(
    State(state): State<Arc<AppState>>,
    Body(request): Body<CompareRequest>,
) -> ApiResult<Started> {
    if request.variants.is_empty() || request.variants.len() > limits::VARIANTS {
        return Err(ApiError::bad_request(format!(
            "a comparison holds 1 to {} variants",
            limits::VARIANTS
        )));
    }
    if !(1..=limits::GAMES).contains(&request.games) {
        return Err(ApiError::bad_request(format!(
            "a comparison plays 1 to {} games of each variant",
            limits::GAMES
        )));
    }
    let agents = [
        limits::agent(&request.agents[0])?,
        limits::agent(&request.agents[1])?,
    ];
    blocking(move || {
        let mut games: Vec<(String, Game)> = Vec::new();
        for variant in &request.variants {
            let options = option_list(&variant.options)?;
            let mut game = state.library.load(&variant.game, &options)?;
            let limits = Limits {
                at_round_limit: request.at_round_limit,
                ..game.limits()
            };
            game.set_limits(limits)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            if request.as_match && game.match_rules().is_none() {
                return Err(ApiError::bad_request(format!(
                    "{} has no [match] section to play matches by",
                    game.id()
                )));
            }
            let label = variant.label.clone().unwrap_or_else(|| {
                let set: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
                match set.is_empty() {
                    true => game.id().to_string(),
                    false => format!("{}:{}", game.id(), set.join(",")),
                }
            });
            games.push((label, game));
        }
        let study = Study {
            games: request.games,
            seed: request.seed,
            agents,
            matches: request.as_match,
        };
        let (id, job) = state.jobs.start(request.games * games.len() as u64)?;
        std::thread::spawn(move || {
            let deadline =
                Deadline::after(limits::COMPARISON_TIME).or_cancelled(job.cancelled.clone());
            let run =
                std::panic::AssertUnwindSafe(|| compared(&games, &study, &job.played, &deadline));
            let finished = std::panic::catch_unwind(run)
                .unwrap_or_else(|_| Err("the comparison failed; the server goes on".into()));
            *job.result.lock().expect("not poisoned") = Some(finished);
        });
        Ok(Started { job: id })
    })
    .await
}

/// Plays every variant's games, counting them in `played`, and sums them up.
fn compared(
    games: &[(String, Game)],
    study: &Study,
    played: &AtomicU64,
    deadline: &Deadline,
) -> Result<Finished, String> {
    let mut summaries = Vec::new();
    for (label, game) in games {
        let done = || {
            played.fetch_add(1, Ordering::Relaxed);
        };
        let stopped = || {
            let played = played.load(Ordering::Relaxed);
            format!(
                "stopped after {played} games: cancelled, or past the {} minutes a \
                 comparison may take",
                limits::COMPARISON_TIME.as_secs() / 60
            )
        };
        let results = compare::play_range_before(game, study, 0..study.games, &done, deadline)
            .ok_or_else(stopped)?;
        summaries.push(compare::summarise(label, &results, study.matches));
    }
    let charts = plot::charts(&summaries)?
        .into_iter()
        .map(|(name, svg)| Chart { name, svg })
        .collect();
    Ok(Finished {
        table: compare::table(&summaries),
        summaries,
        charts,
    })
}

#[derive(Serialize)]
pub struct Progress {
    done: bool,
    played: u64,
    total: u64,
    /// Seconds since it started.
    elapsed: f64,
    /// Seconds it may still take at the pace so far (`null` before a game
    /// has ended, and once it is done).
    remaining: Option<f64>,
    error: Option<String>,
    #[serde(flatten)]
    result: Option<Finished>,
}

/// `GET /api/compare/{job}`: how far a comparison has come, and its results
/// once it has ended.
pub async fn progress(
    State(state): State<Arc<AppState>>,
    Path(id): Path<u64>,
) -> ApiResult<Progress> {
    let job = state
        .jobs
        .find(id)
        .ok_or_else(|| ApiError::not_found(format!("no comparison {id}")))?;
    let result = job.result.lock().expect("not poisoned").clone();
    let (done, error, result) = match result {
        None => (false, None, None),
        Some(Ok(finished)) => (true, None, Some(finished)),
        Some(Err(e)) => (true, Some(e), None),
    };
    let played = job.played.load(Ordering::Relaxed);
    let elapsed = job.started.elapsed().as_secs_f64();
    let remaining = (!done && played > 0)
        .then(|| elapsed / played as f64 * job.total.saturating_sub(played) as f64);
    Ok(Json(Progress {
        done,
        played,
        total: job.total,
        elapsed,
        remaining,
        error,
        result,
    }))
}

/// `DELETE /api/compare/{job}`: stops a comparison; its games stop at their
/// next decision, and its progress then reports it stopped.
pub async fn cancel(
    State(state): State<Arc<AppState>>,
    Path(id): Path<u64>,
) -> ApiResult<Cancelled> {
    let job = state
        .jobs
        .find(id)
        .ok_or_else(|| ApiError::not_found(format!("no comparison {id}")))?;
    job.cancelled.store(true, Ordering::Relaxed);
    Ok(Json(Cancelled { job: id }))
}

#[derive(Serialize)]
pub struct Cancelled {
    job: u64,
}
