//! The JSON API the pages speak. Each request carries all it needs (the game,
//! its options, the decisions played so far) and is answered from that alone;
//! engine work runs on the blocking pool, never on the threads that serve
//! requests, and is bounded (see [`crate::serve::limits`]).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::Semaphore;

use crate::agents::deadline::Deadline;
use crate::agents::search::AlphaBeta;
use crate::language::bundled;
use crate::language::error::{Diagnostic, LoadError};
use crate::language::load::Loaded;
use crate::language::validate::cut_at_start;
use crate::present::json;
use crate::rules::Step;
use crate::rules::board::Side;
use crate::rules::game::Game;
use crate::rules::match_play::MatchState;
use crate::serve::AppState;
use crate::serve::library::GameRef;
use crate::serve::limits;
use crate::studies::explain;

/// A refused request: the status, what is wrong, and for a game file that does
/// not load, its problems with their places.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            diagnostics: Vec::new(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            ..ApiError::bad_request(message)
        }
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::FORBIDDEN,
            ..ApiError::bad_request(message)
        }
    }

    /// The server could not do what was asked (a file it could not write).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            ..ApiError::bad_request(message)
        }
    }

    /// A game that does not load: its first problem says what is wrong (the
    /// diagnostics say all).
    pub fn from_load(error: LoadError) -> ApiError {
        let diagnostics = error.diagnostics();
        let message = match diagnostics.as_slice() {
            [only] => only.message.clone(),
            [first, rest @ ..] => format!("{} (and {} more)", first.message, rest.len()),
            [] => error.to_string(),
        };
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message,
            diagnostics,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
            diagnostics: Vec<Diagnostic>,
        }
        let body = Body {
            error: self.message,
            diagnostics: self.diagnostics,
        };
        (self.status, Json(body)).into_response()
    }
}

pub type ApiResult<T> = Result<Json<T>, ApiError>;

/// Runs engine work on the blocking pool, at most `WORKERS` requests at once so
/// that their memory adds up to a bounded total whatever the mix; the others
/// wait their turn, a while, then get 503.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> ApiResult<T> {
    static WORKERS: Semaphore = Semaphore::const_new(limits::WORKERS);
    on_pool(&WORKERS, work).await
}

/// `blocking` for the few requests whose work is small and fixed (the
/// library's listing), in a lane of their own so that they are answered at
/// once however busy the workers are.
pub async fn light<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> ApiResult<T> {
    static LIGHT: Semaphore = Semaphore::const_new(limits::LIGHT_WORKERS);
    on_pool(&LIGHT, work).await
}

async fn on_pool<T: Send + 'static>(
    lane: &'static Semaphore,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> ApiResult<T> {
    let Ok(Ok(permit)) = tokio::time::timeout(limits::WAIT_FOR_WORKER, lane.acquire()).await else {
        return Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "the server is busy with other requests; try again".into(),
            diagnostics: Vec::new(),
        });
    };
    let result = tokio::task::spawn_blocking(work).await;
    drop(permit);
    match result {
        Ok(result) => result.map(Json),
        Err(_) => Err(ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the work failed; the server goes on".into(),
            diagnostics: Vec::new(),
        }),
    }
}

/// When a request's work must stop: past `REQUEST_TIME`, or once its handler is
/// dropped (its client gone, or the time past), which the guard returned with
/// it says by being dropped too.
pub(super) fn request_deadline() -> (Deadline, CancelOnDrop) {
    let cancelled = Arc::new(AtomicBool::new(false));
    let deadline = Deadline::after(limits::REQUEST_TIME).or_cancelled(cancelled.clone());
    (deadline, CancelOnDrop(cancelled))
}

/// Raises its flag when dropped: held by a request's handler, whose future is
/// dropped when the client goes away, so that work it started stops.
pub struct CancelOnDrop(pub Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A request's body: JSON of the expected shape, or a refusal in JSON saying
/// what is wrong with it.
pub struct Body<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError {
                status: rejection.status(),
                message: rejection.body_text(),
                diagnostics: Vec::new(),
            }),
        }
    }
}

/// Option overrides as requests give them: `{"seeds_per_hole": 5}`, numbers or words.
pub type Options = BTreeMap<String, Value>;

pub fn option_list(options: &Options) -> Result<Vec<(String, String)>, ApiError> {
    options
        .iter()
        .map(|(name, value)| match value {
            Value::Number(n) => Ok((name.clone(), n.to_string())),
            Value::String(s) => Ok((name.clone(), s.clone())),
            _ => Err(ApiError::bad_request(format!(
                "option {name}: a number or a word"
            ))),
        })
        .collect()
}

/// A game with option overrides.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    pub game: GameRef,
    #[serde(default)]
    pub options: Options,
}

/// An option as the pages show it.
#[derive(Serialize)]
pub struct OptionInfo {
    name: String,
    value: String,
    default: String,
    allowed: String,
    help: String,
}

/// How to draw the board: rows from `a` upward, and where the stores are.
#[derive(Serialize)]
pub struct Layout {
    rows: usize,
    columns: usize,
    /// `"right"` or `"left"` (each store at its owner's right or left end); none
    /// without stores.
    stores: Option<&'static str>,
}

/// A game as the library lists it.
#[derive(Serialize)]
pub struct GameInfo {
    #[serde(rename = "ref")]
    reference: String,
    kind: &'static str,
    id: String,
    name: String,
    aliases: Vec<String>,
    origin: String,
    summary: String,
    sources: Vec<String>,
    rules: String,
    options: Vec<OptionInfo>,
    layout: Layout,
    /// Whether it is played as a match of rounds with `match: true`.
    has_match: bool,
    /// Whether a start depends on its deal (seeds scattered at random, or an
    /// opening drawn): requests then say the deal.
    dealt: bool,
    /// The start, as `replay --json` prints it.
    start: json::Replay,
}

fn info(reference: String, kind: &'static str, game: &Game) -> Result<GameInfo, ApiError> {
    let meta = game.meta();
    let state = MatchState::from_position(game, game.start(), false)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    listable(&state)?;
    Ok(GameInfo {
        reference,
        kind,
        id: game.id().to_string(),
        name: meta.name.clone(),
        aliases: meta.aliases.clone(),
        origin: meta.origin.clone(),
        summary: meta.summary.clone(),
        sources: meta.sources.clone(),
        rules: meta.rules.clone(),
        options: game
            .options()
            .iter()
            .map(|o| OptionInfo {
                name: o.name.clone(),
                value: o.value.to_string(),
                default: o.default.to_string(),
                allowed: o.allowed.clone(),
                help: o.help.clone(),
            })
            .collect(),
        layout: Layout::of(game),
        has_match: game.match_rules().is_some(),
        dealt: game.dealt(),
        start: json::replay(&state),
    })
}

impl Layout {
    pub fn of(game: &Game) -> Layout {
        let board = game.board();
        Layout {
            rows: board.rows(),
            columns: board.columns(),
            stores: board.store_end().map(|end| end.name()),
        }
    }
}

/// `GET /api/games`: every game of the library; a folder file that does not
/// load is listed with its error.
pub async fn games(State(state): State<Arc<AppState>>) -> ApiResult<Vec<Value>> {
    light(move || {
        let mut listed = Vec::new();
        for entry in state.library.entries() {
            let game = GameRef {
                reference: Some(entry.reference.clone()),
                text: None,
            };
            let item = match state
                .library
                .load(&game, &[])
                .and_then(|g| info(entry.reference.clone(), entry.kind, &g))
            {
                Ok(info) => serde_json::to_value(info).expect("plain data"),
                Err(e) => serde_json::json!({
                    "ref": entry.reference, "kind": entry.kind, "error": e.message,
                }),
            };
            listed.push(item);
        }
        Ok(listed)
    })
    .await
}

/// A game in full: its listing, its file's text and its rules read back.
#[derive(Serialize)]
pub struct GameDetail {
    #[serde(flatten)]
    info: GameInfo,
    /// The game file's own text (before `extends` is followed).
    text: String,
    explain: String,
    /// The rules document the file names (`docs/rules/ID.md`), when bundled.
    rules_document: Option<&'static str>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRequest {
    game: GameRef,
}

#[derive(Serialize)]
pub struct SourceText {
    text: String,
}

/// `POST /api/source`: a library game's file as it is written, whether or not
/// it loads (the editor opens it, and its checks say what is wrong).
pub async fn source(
    State(state): State<Arc<AppState>>,
    Body(request): Body<SourceRequest>,
) -> ApiResult<SourceText> {
    light(move || {
        let source = state.library.source(&request.game)?;
        Ok(SourceText { text: source.text })
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    /// The file's stem: saved as `NAME.toml` in the games folder.
    name: String,
    text: String,
}

#[derive(Serialize)]
pub struct Saved {
    /// The saved file's reference in the library (`dir:NAME`).
    #[serde(rename = "ref")]
    reference: String,
}

/// `POST /api/save`: an editor's text saved into the games folder (a server
/// started with `--writable` only).
pub async fn save(
    State(state): State<Arc<AppState>>,
    Body(request): Body<SaveRequest>,
) -> ApiResult<Saved> {
    light(move || {
        let reference = state.library.save(&request.name, &request.text)?;
        Ok(Saved { reference })
    })
    .await
}

#[derive(Serialize)]
pub struct About {
    /// Whether the editor may save into the games folder.
    writable: bool,
    /// Whether there is a games folder at all.
    folder: bool,
}

/// `GET /api/about`: what this server lets the pages do.
pub async fn about(State(state): State<Arc<AppState>>) -> Json<About> {
    Json(About {
        writable: state.library.writable(),
        folder: state.library.folder().is_some(),
    })
}

/// `POST /api/game`: one game with its options.
pub async fn game(
    State(state): State<Arc<AppState>>,
    Body(request): Body<GameRequest>,
) -> ApiResult<GameDetail> {
    blocking(move || {
        let options = option_list(&request.options)?;
        let source = state.library.source(&request.game)?;
        let (spec, Loaded { game, .. }) = state
            .library
            .load_with_spec(&request.game, &options)
            .map_err(ApiError::from_load)?;
        let reference = request.game.reference.clone().unwrap_or_default();
        Ok(GameDetail {
            info: info(reference, request.game.kind(), &game)?,
            text: source.text,
            explain: explain::explain(&spec, &game),
            rules_document: bundled::rules_document(&game.meta().rules),
        })
    })
    .await
}

/// A game and the decisions played so far.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    pub game: GameRef,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub decisions: Vec<String>,
    /// Play a match of rounds (the game's `[match]`).
    #[serde(default, rename = "match")]
    pub as_match: bool,
    /// Where play starts, shaped as `replay --position` files are (the game's
    /// setup when absent).
    pub position: Option<Value>,
    /// Where a start depends on its deal, the deal that lays it out.
    #[serde(default)]
    pub deal: u64,
}

impl PlayRequest {
    /// The request's game, loaded, handed to `then` with its play replayed to
    /// the last decision and the side that made each.
    pub(super) fn replayed<T>(
        &self,
        state: &AppState,
        deadline: &Deadline,
        then: impl FnOnce(&Game, MatchState<'_>, Vec<Side>) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let game = loaded(state, &self.game, &self.options, &self.decisions)?;
        let position = self.position.as_ref();
        let (played, movers) = replay(
            &game,
            position,
            &self.decisions,
            self.as_match,
            self.deal,
            deadline,
        )?;
        then(&game, played, movers)
    }
}

/// The game a request names, checking its decisions are within bounds.
pub(super) fn loaded(
    state: &AppState,
    game: &GameRef,
    options: &Options,
    decisions: &[String],
) -> Result<Game, ApiError> {
    if decisions.len() > limits::DECISIONS {
        return Err(ApiError::bad_request(format!(
            "at most {} decisions a request",
            limits::DECISIONS
        )));
    }
    state.library.load(game, &option_list(options)?)
}

/// The game or match after `decisions`, from `position` (a position file's
/// JSON) or the game's setup.
pub(super) fn replay<'g>(
    game: &'g Game,
    position: Option<&Value>,
    decisions: &[String],
    as_match: bool,
    deal: u64,
    deadline: &Deadline,
) -> Result<(MatchState<'g>, Vec<Side>), ApiError> {
    if as_match && game.match_rules().is_none() {
        return Err(ApiError::bad_request(
            "this game has no [match] section: it is played one game at a time",
        ));
    }
    let state = match position {
        None => MatchState::dealt(game, deal, as_match),
        Some(file) => {
            let start = json::parse_position(game, &file.to_string())
                .map_err(|e| ApiError::bad_request(format!("position: {e}")))?;
            MatchState::from_position_dealt(game, start, as_match, deal)
        }
    };
    let mut state = state.map_err(|e| ApiError::bad_request(e.to_string()))?;
    // The side that made each decision (a turn may hold several).
    let mut movers = Vec::with_capacity(decisions.len());
    for (index, decision) in decisions.iter().enumerate() {
        if deadline.passed() {
            return Err(ApiError {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: format!(
                    "stopped after {index} decisions: the request took more than {} s, or its \
                     client went away",
                    limits::REQUEST_TIME.as_secs()
                ),
                diagnostics: Vec::new(),
            });
        }
        movers.push(state.position().to_move);
        state
            .replay(std::slice::from_ref(decision))
            .map_err(|mut e| {
                e.number = index + 1;
                ApiError::bad_request(e.to_string())
            })?;
    }
    listable(&state)?;
    Ok((state, movers))
}

/// Refuses a position with more legal decisions than the playground lists.
fn listable(state: &MatchState) -> Result<(), ApiError> {
    let legal = state.legal().len();
    if legal > limits::LISTED_DECISIONS {
        return Err(ApiError::bad_request(format!(
            "this position has {legal} legal decisions (each way of declining optional \
             captures, and each count a hand move may take, counts); the playground lists at \
             most {}",
            limits::LISTED_DECISIONS
        )));
    }
    Ok(())
}

/// `POST /api/play`: the position after the decisions, as `replay --json`.
/// `/api/play`'s answer: the position as `replay --json` prints it, and the
/// side that made each decision, so that a page opening a long record needs
/// one request.
#[derive(Serialize)]
pub struct Played {
    #[serde(flatten)]
    replay: json::Replay,
    movers: Vec<&'static str>,
}

pub async fn play(
    State(state): State<Arc<AppState>>,
    Body(request): Body<PlayRequest>,
) -> ApiResult<Played> {
    let (deadline, _cancel_on_drop) = request_deadline();
    blocking(move || {
        request.replayed(&state, &deadline, |_, played, movers| {
            Ok(Played {
                replay: json::replay(&played),
                movers: movers.into_iter().map(Side::name).collect(),
            })
        })
    })
    .await
}

/// One step of a move, for the page to animate.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepJson {
    Lift {
        hole: String,
        seeds: u16,
    },
    FromHand {
        seeds: u16,
    },
    Drop {
        cell: String,
    },
    /// `to`: the side whose score takes them; `null`: into the hand, sown on.
    Capture {
        hole: String,
        seeds: u16,
        to: Option<&'static str>,
    },
    /// Seeds from the hand put into a hole (a capture's `into`).
    Put {
        cell: String,
        seeds: u16,
    },
    /// Seeds from the hand to a side's score (a capture's `from_hand`).
    Score {
        side: &'static str,
        seeds: u32,
    },
    /// Seeds from the hand into a side's own hand (`into_hand`).
    ToHand {
        side: &'static str,
        seeds: u16,
    },
    /// Seeds from the hand out of play (`remove`).
    OutOfPlay {
        seeds: u16,
    },
    /// Seeds passed from one side's hand to the other's (`[hand] give`).
    HandOver {
        to: &'static str,
        seeds: u16,
    },
    /// The sides swap seats: the board turns half round, scores and hands
    /// change sides.
    TurnRound,
}

#[derive(Serialize)]
pub struct Steps {
    steps: Vec<StepJson>,
}

/// `POST /api/steps`: the last decision's move seed by seed, from the position
/// before it: the seeds lifted, where each falls, what each capture takes.
pub async fn steps(
    State(state): State<Arc<AppState>>,
    Body(request): Body<PlayRequest>,
) -> ApiResult<Steps> {
    let (deadline, _cancel_on_drop) = request_deadline();
    blocking(move || {
        let game = loaded(&state, &request.game, &request.options, &request.decisions)?;
        let Some((last, before)) = request.decisions.split_last() else {
            return Err(ApiError::bad_request("no decision to show"));
        };
        let position = request.position.as_ref();
        let (played, _) = replay(
            &game,
            position,
            before,
            request.as_match,
            request.deal,
            &deadline,
        )?;
        let steps = game
            .parse_decision(last)
            .and_then(|decision| played.round().steps(decision))
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "`{}` is not a legal decision here",
                    crate::input::printable(last)
                ))
            })?;
        let board = game.board();
        Ok(Steps {
            steps: steps
                .into_iter()
                .map(|step| match step {
                    Step::Lift { hole, seeds } => StepJson::Lift {
                        hole: board.name(hole),
                        seeds,
                    },
                    Step::FromHand { seeds } => StepJson::FromHand { seeds },
                    Step::Capture { hole, seeds, to } => StepJson::Capture {
                        hole: board.name(hole),
                        seeds,
                        to: to.map(Side::name),
                    },
                    Step::Drop { cell } => StepJson::Drop {
                        cell: board.name(cell),
                    },
                    Step::Put { cell, seeds } => StepJson::Put {
                        cell: board.name(cell),
                        seeds,
                    },
                    Step::Score { side, seeds } => StepJson::Score {
                        side: side.name(),
                        seeds,
                    },
                    Step::ToHand { side, seeds } => StepJson::ToHand {
                        side: side.name(),
                        seeds,
                    },
                    Step::OutOfPlay { seeds } => StepJson::OutOfPlay { seeds },
                    Step::HandOver { to, seeds } => StepJson::HandOver {
                        to: to.name(),
                        seeds,
                    },
                    Step::TurnRound => StepJson::TurnRound,
                })
                .collect(),
        })
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentRequest {
    game: GameRef,
    #[serde(default)]
    options: Options,
    #[serde(default)]
    decisions: Vec<String>,
    #[serde(default, rename = "match")]
    as_match: bool,
    position: Option<Value>,
    /// As `compare --agents` names them: `random`, `greedy`, `alphabeta:4`,
    /// `alphabeta:500ms`, `mcts:2000`, `mcts:1s`.
    agent: String,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    deal: u64,
}

#[derive(Serialize)]
pub struct AgentReply {
    decision: String,
}

/// `POST /api/agent`: the decision an agent makes for the side to move.
pub async fn agent(
    State(state): State<Arc<AppState>>,
    Body(request): Body<AgentRequest>,
) -> ApiResult<AgentReply> {
    let agent = limits::agent(&request.agent)?;
    let (deadline, _cancel_on_drop) = request_deadline();
    blocking(move || {
        let game = loaded(&state, &request.game, &request.options, &request.decisions)?;
        let position = request.position.as_ref();
        let (played, _) = replay(
            &game,
            position,
            &request.decisions,
            request.as_match,
            request.deal,
            &deadline,
        )?;
        if played.outcome().is_some() {
            return Err(ApiError::bad_request("the game is over"));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(request.seed);
        let index = agent.choose_before(
            played.round(),
            &mut rng,
            &mut AlphaBeta::default(),
            deadline,
        );
        let decision = played
            .legal()
            .nth(index)
            .expect("an agent chooses among the legal decisions");
        Ok(AgentReply {
            decision: game.decision_name(decision),
        })
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidateRequest {
    text: String,
}

/// What the editor shows: the problems, and when the file loads its rules read
/// back and its start.
#[derive(Serialize)]
pub struct Validated {
    valid: bool,
    diagnostics: Vec<Diagnostic>,
    game: Option<GameDetail>,
}

/// `POST /api/validate`: the editor's text loaded with its option defaults, its
/// problems and warnings as `mancala validate` words them.
pub async fn validate(
    State(state): State<Arc<AppState>>,
    Body(request): Body<ValidateRequest>,
) -> ApiResult<Validated> {
    blocking(move || {
        let game = GameRef {
            reference: None,
            text: Some(request.text.clone()),
        };
        let source = state.library.source(&game)?;
        match state.library.load_with_spec(&game, &[]) {
            Err(error) => Ok(Validated {
                valid: false,
                diagnostics: error.diagnostics(),
                game: None,
            }),
            Ok((spec, loaded)) => Ok(Validated {
                valid: true,
                diagnostics: (loaded.warnings.iter().map(|w| w.diagnostic()))
                    .chain(
                        cut_at_start(&loaded.game)
                            .into_iter()
                            .map(|message| Diagnostic {
                                severity: "warning",
                                file: String::new(),
                                line: None,
                                column: None,
                                end_line: None,
                                end_column: None,
                                rendered: message.clone(),
                                message,
                                help: None,
                            }),
                    )
                    .collect(),
                game: Some(GameDetail {
                    info: info(String::new(), "edited", &loaded.game)?,
                    text: source.text,
                    explain: explain::explain(&spec, &loaded.game),
                    rules_document: bundled::rules_document(&loaded.game.meta().rules),
                }),
            }),
        }
    })
    .await
}
