//! `mancala.State`: a game (or match) in progress, played by action numbers
//! or decision names.

use mancala::present::{json, render};
use mancala::rules::decision::Decision;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};

use crate::game::Game;
use crate::play::Play;

/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

/// A game in progress: its position, the legal actions, the decisions so far.
#[pyclass(module = "mancala")]
pub struct State {
    game: Game,
    /// Python may share a state between threads; each call holds the lock.
    play: Mutex<Play>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State::new(self.game.clone(), self.play().clone())
    }
}

impl State {
    pub fn new(game: Game, play: Play) -> State {
        State {
            game,
            play: Mutex::new(play),
        }
    }

    /// The game in progress (a panic in another call cannot leave it half
    /// played: every change is one engine call).
    fn play(&self) -> MutexGuard<'_, Play> {
        self.play
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The decision `action` numbers, if it numbers one.
    fn decision_of(&self, action: i64) -> Option<Decision> {
        let action = usize::try_from(action).ok()?;
        self.game.actions.decision(action)
    }

    fn decision_name(&self, action: i64) -> PyResult<String> {
        let decision = self.decision_of(action).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action {action}: expected a number below {}",
                self.game.actions.count()
            ))
        })?;
        Ok(self.game.game.decision_name(decision))
    }
}

#[pymethods]
impl State {
    /// The game this state plays.
    #[getter]
    fn game(&self) -> Game {
        self.game.clone()
    }

    /// 0 (South) or 1 (North) to move; `TERMINAL` (-4) once over.
    fn current_player(&self) -> i64 {
        match self.play().to_move() {
            Some(side) => side.index() as i64,
            None => TERMINAL,
        }
    }

    /// The legal actions, in increasing order (none once over).
    fn legal_actions(&self) -> Vec<usize> {
        let play = self.play();
        let mut actions = Vec::with_capacity(play.legal_count());
        play.for_each_legal(|decision| actions.push(self.game.number(decision)));
        actions.sort_unstable();
        actions
    }

    /// The legal decisions by name (`a3`, `a3:cw`, ...), in board order.
    fn legal_decisions(&self) -> Vec<String> {
        let game = self.game.game;
        self.play()
            .legal()
            .into_iter()
            .map(|d| game.decision_name(d))
            .collect()
    }

    /// Plays the decision `action` numbers; ValueError if it is not legal here.
    fn apply_action(&self, action: i64) -> PyResult<()> {
        let decision = self.decision_of(action);
        let played = decision.map(|d| self.play().play(d));
        match played {
            Some(Ok(())) => Ok(()),
            _ => Err(PyValueError::new_err(format!(
                "action {action} is not legal here; legal actions: {:?}",
                self.legal_actions()
            ))),
        }
    }

    /// Plays a decision by name (`a3`); ValueError if it is not legal here.
    pub(crate) fn apply_decision(&self, name: &str) -> PyResult<()> {
        let game = self.game.game;
        let decision = game.parse_decision(name);
        let played = decision.map(|d| self.play().play(d));
        match played {
            Some(Ok(())) => Ok(()),
            _ => Err(PyValueError::new_err(format!(
                "`{name}` is not legal here; legal decisions: {}",
                self.legal_decisions().join(" ")
            ))),
        }
    }

    /// Plays uniformly random legal decisions to the end, from `seed`.
    fn play_out(&self, seed: u64) {
        let mut rng = mancala::agents::playout::rng(seed);
        self.play().play_out(&mut rng);
    }

    /// A copy that plays on independently.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    /// Whether the game (or match) is over.
    fn is_terminal(&self) -> bool {
        self.play().outcome().is_some()
    }

    /// Each player's return: 0 each until the end; then as the game's
    /// `reward` says.
    fn returns(&self) -> [f64; 2] {
        self.game.returns(&self.play())
    }

    /// `"ongoing"`, or `"south_won"`, `"north_won"`, `"draw"`, `"unfinished"`.
    fn status(&self) -> &'static str {
        self.play().outcome().map_or("ongoing", |o| o.status.name())
    }

    /// The actions played so far, in order.
    fn history(&self) -> Vec<usize> {
        self.play()
            .decisions()
            .iter()
            .map(|&d| self.game.number(d))
            .collect()
    }

    /// The decisions played so far, by name.
    pub(crate) fn decisions(&self) -> Vec<String> {
        let game = self.game.game;
        self.play()
            .decisions()
            .iter()
            .map(|&d| game.decision_name(d))
            .collect()
    }

    /// How many decisions have been played.
    fn move_number(&self) -> usize {
        self.play().decisions().len()
    }

    /// The position as numbers (layout: `docs/python.md`); the same for
    /// both players, whom `player` may name.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> Bound<'py, PyArray1<f32>> {
        let _ = player;
        let array = PyArray1::zeros(py, self.game.layout.size(), false);
        {
            let mut view = array.readwrite();
            let out = view.as_slice_mut().expect("a new array is contiguous");
            let play = self.play();
            self.game.layout.write(play.position(), play.to_move(), out);
        }
        array
    }

    /// The name of the decision `action` numbers (`a3`, `a3:cw`, ...); the
    /// player is ignored (a number names the same decision for both).
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        self.decision_name(action.unwrap_or(player_or_action))
    }

    /// The number of a decision named as `legal_decisions()` names it.
    #[pyo3(signature = (player_or_name, name=None))]
    fn string_to_action(
        &self,
        player_or_name: &Bound<'_, PyAny>,
        name: Option<&str>,
    ) -> PyResult<usize> {
        let owned;
        let name = match name {
            Some(name) => name,
            None => {
                owned = player_or_name.extract::<String>()?;
                &owned
            }
        };
        let game = self.game.game;
        let Some(decision) = game.parse_decision(name) else {
            return Err(PyValueError::new_err(format!(
                "`{name}`: {}",
                game.not_a_decision()
            )));
        };
        self.game.actions.number(decision).ok_or_else(|| {
            PyValueError::new_err(format!(
                "`{name}` is not a decision this game offers (a direction or a declined \
                 capture where its movers have no such choice)"
            ))
        })
    }

    /// The state as `mancala replay GAME DECISIONS... --json` prints it.
    fn to_json(&self) -> String {
        serde_json::to_string(&json::replay(&self.play().widened())).expect("plain data")
    }

    /// The board as `mancala replay` draws it.
    fn __str__(&self) -> String {
        render::state(&self.play().widened())
    }

    /// Pickles as its game and the decisions played, which replay it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let replay = py.import("mancala._mancala")?.getattr("_replay")?;
        let args = (self.game.clone(), self.decisions());
        Ok((replay, args.into_pyobject(py)?.into_any()))
    }

    fn __repr__(&self) -> String {
        let decisions = self.play().decisions().len();
        format!(
            "<mancala.State {} after {decisions} decisions, {}>",
            self.game.game.id(),
            self.status()
        )
    }
}
