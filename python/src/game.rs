//! `mancala.Game`: one game file loaded for one choice of options, with how
//! it is played from Python (single game or match, the deal, the reward).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use mancala::language::{catalog, load};
use mancala::present::json;
use mancala::present::tensor::Layout;
use mancala::rules::actions::Actions;
use mancala::rules::decision::Decision;
use mancala::{Game as Loaded, Status};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::play::Play;
use crate::state::State;

pyo3::create_exception!(
    _mancala,
    LoadError,
    pyo3::exceptions::PyValueError,
    "A game file that cannot be loaded: the message says where and why."
);

/// What `returns()` pays at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// +1 to the winner, -1 to the loser, 0 each for a draw or an unfinished game.
    WinLoss,
    /// Each side's captured seeds less the other's.
    Margin,
}

impl Reward {
    fn parse(text: &str) -> PyResult<Reward> {
        match text {
            "win_loss" => Ok(Reward::WinLoss),
            "margin" => Ok(Reward::Margin),
            _ => Err(PyValueError::new_err(format!(
                "reward `{text}`: expected `win_loss` or `margin`"
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Reward::WinLoss => "win_loss",
            Reward::Margin => "margin",
        }
    }
}

/// Games loaded so far, by their resolved text and options. A state borrows
/// its game for as long as Python keeps it, so each distinct game is loaded
/// once and kept for the life of the process: memory grows with the number of
/// distinct (file, options) pairs loaded, not with the number of loads.
fn kept(game: Loaded, key: String) -> &'static Loaded {
    static KEPT: OnceLock<Mutex<HashMap<String, &'static Loaded>>> = OnceLock::new();
    let mut kept = KEPT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    kept.entry(key).or_insert_with(|| Box::leak(Box::new(game)))
}

/// `source` as a pickle keeps it: a path made absolute, so that it loads again
/// from another working folder (a bundled id as it is).
fn lasting_source(source: &str) -> String {
    match catalog::is_path(source) {
        true => std::path::absolute(source)
            .map(|path| path.to_string_lossy().into_owned())
            .unwrap_or_else(|_| source.to_string()),
        false => source.to_string(),
    }
}

/// A game file loaded for one choice of options.
#[pyclass(module = "mancala", frozen)]
#[derive(Clone)]
pub struct Game {
    /// As `load` was given them, so that a pickled game loads again.
    source: String,
    overrides: Vec<(String, String)>,
    pub(crate) game: &'static Loaded,
    pub(crate) actions: Actions,
    pub(crate) reward: Reward,
    pub(crate) as_match: bool,
    pub(crate) deal: u64,
    pub(crate) layout: Layout,
}

impl Game {
    pub fn load(
        source: &str,
        options: &[(String, String)],
        reward: &str,
        as_match: bool,
        deal: u64,
    ) -> PyResult<Game> {
        let reward = Reward::parse(reward)?;
        let failed = |e: mancala::LoadError| LoadError::new_err(e.render());
        let resolved = catalog::source(source).map_err(failed)?;
        let game = load::load_source(&resolved, options).map_err(failed)?;
        let refuse = |why: &str| Err(PyValueError::new_err(format!("{}: {why}", game.id())));
        if as_match && game.match_rules().is_none() {
            return refuse("this game has no [match] section, so it cannot be played as a match");
        }
        if reward == Reward::Margin && (as_match || !game.decided_by_captures()) {
            return refuse(
                "reward=\"margin\" pays the seeds captured, which decide single games whose \
                 every end is scored; this game (or match) is decided otherwise: use \"win_loss\"",
            );
        }
        // The id comes from the file's name where the file gives none: it is
        // part of the key, as are the text and the options.
        let key = format!(
            "{}\n{}\n{}",
            game.id(),
            load::resolved_text(&resolved).map_err(failed)?,
            serde_json::Value::Object(json::options(&game))
        );
        let game = kept(game, key);
        Ok(Game {
            source: lasting_source(source),
            overrides: options.to_vec(),
            game,
            actions: Actions::of(game),
            reward,
            as_match,
            deal,
            layout: Layout::of(game),
        })
    }

    /// Whether the game file has an option called `name`.
    pub(crate) fn has_option(&self, name: &str) -> bool {
        self.game.options().iter().any(|option| option.name == name)
    }

    /// The number of a decision the game offered.
    pub(crate) fn number(&self, decision: Decision) -> usize {
        self.actions
            .number(decision)
            .expect("every decision a game offers is numbered (rules::actions)")
    }

    /// A new game from the start.
    pub(crate) fn start(&self) -> PyResult<Play> {
        Play::start(self.game, self.deal, self.as_match)
            .map_err(|e| PyValueError::new_err(format!("{}: {e}", self.game.id())))
    }

    /// A new game from the start, refused where the game is over there (a
    /// batch or an environment needs a move to make).
    pub(crate) fn playable_start(&self) -> PyResult<Play> {
        let start = self.start()?;
        match start.outcome() {
            None => Ok(start),
            Some(_) => Err(PyValueError::new_err(format!(
                "{}: the game is over at its start (with these options no side can move), \
                 so there is nothing to step",
                self.game.id()
            ))),
        }
    }

    /// Each side's return once `play` is over (0 each before).
    pub(crate) fn returns(&self, play: &Play) -> [f64; 2] {
        let Some(outcome) = play.outcome() else {
            return [0.0; 2];
        };
        match self.reward {
            Reward::WinLoss => match outcome.status {
                Status::SouthWon => [1.0, -1.0],
                Status::NorthWon => [-1.0, 1.0],
                Status::Draw | Status::Unfinished => [0.0; 2],
            },
            Reward::Margin => {
                let [south, north] = play.position().captured().map(f64::from);
                [south - north, north - south]
            }
        }
    }

    /// The most seeds a side can win by.
    fn seeds(&self) -> f64 {
        f64::from(self.game.start().seeds())
    }
}

#[pymethods]
impl Game {
    /// The game's id (`kalah`, or the file's `id`).
    #[getter]
    pub(crate) fn id(&self) -> &str {
        self.game.id()
    }

    /// The game's name, as people call it.
    #[getter]
    fn name(&self) -> &str {
        &self.game.meta().name
    }

    /// Every option's value in force, by name.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let text = serde_json::Value::Object(json::options(self.game)).to_string();
        let loads = py.import("json")?.getattr("loads")?;
        loads
            .call1((text,))?
            .cast_into::<PyDict>()
            .map_err(Into::into)
    }

    /// `"win_loss"` or `"margin"`.
    #[getter]
    fn reward(&self) -> &'static str {
        self.reward.name()
    }

    /// Whether a state plays a whole match (every round) rather than one game.
    #[getter(as_match)]
    fn is_match(&self) -> bool {
        self.as_match
    }

    /// The deal a setup that scatters seeds at random lays its start out by.
    #[getter]
    fn deal(&self) -> u64 {
        self.deal
    }

    /// The same game, its start laid out by `deal` (where the setup scatters
    /// seeds at random; elsewhere the deal changes nothing).
    fn with_deal(&self, deal: u64) -> Game {
        Game {
            deal,
            ..self.clone()
        }
    }

    /// Whether the start depends on the deal: the setup scatters seeds at
    /// random, or draws its opening.
    fn dealt(&self) -> bool {
        self.game.dealt()
    }

    /// Always 2.
    fn num_players(&self) -> usize {
        2
    }

    /// How many action numbers there are (see `docs/python.md`).
    fn num_distinct_actions(&self) -> usize {
        self.actions.count()
    }

    /// The length of `State.observation_tensor()`.
    fn observation_tensor_size(&self) -> usize {
        self.layout.size()
    }

    /// `[observation_tensor_size()]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.layout.size()]
    }

    /// An upper bound on the decisions in one game (or match): every turn up
    /// to the turn limit, each of which may owe a decision per seed (strips),
    /// in every round up to the round limit.
    fn max_game_length(&self) -> u64 {
        let limits = self.game.limits();
        let rounds = if self.as_match { limits.rounds } else { 1 };
        u64::from(limits.turns) * (1 + u64::from(self.game.start().seeds())) * u64::from(rounds)
    }

    /// The lowest return: -1, or minus every seed with `reward="margin"`.
    fn min_utility(&self) -> f64 {
        -self.max_utility()
    }

    /// The highest return: 1, or every seed with `reward="margin"`.
    fn max_utility(&self) -> f64 {
        match self.reward {
            Reward::WinLoss => 1.0,
            Reward::Margin => self.seeds(),
        }
    }

    /// A new state at the game's start.
    fn new_initial_state(&self) -> PyResult<State> {
        Ok(State::new(self.clone(), self.start()?))
    }

    /// The game `mancala random GAME --seed SEED` plays (`--match` for a
    /// match game), played to its end with the same decisions.
    /// The state's game is this one dealt from `seed` (as `mancala random`
    /// deals it), so that it pickles and replays.
    fn random_game(&self, seed: u64) -> PyResult<State> {
        let play = Play::random(self.game, seed, self.as_match)
            .map_err(|e| PyValueError::new_err(format!("{}: {e}", self.game.id())))?;
        Ok(State::new(self.with_deal(seed), play))
    }

    /// A game is never changed: a copy is the same game.
    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// Pickles as the arguments that load it again (a path, made absolute,
    /// is read again).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let load_again = py.import("mancala._mancala")?.getattr("_load_again")?;
        let args = (
            self.source.clone(),
            self.overrides.clone(),
            self.reward.name(),
            self.as_match,
            self.deal,
        );
        Ok((load_again, args.into_pyobject(py)?.into_any()))
    }

    fn __repr__(&self) -> String {
        let options: Vec<String> = json::options(self.game)
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        format!("<mancala.Game {} {}>", self.game.id(), options.join(" "))
    }
}
