//! `mancala.VectorState`: many games of one game file stepped together, for
//! learners. One call plays one decision in every game and answers with NumPy
//! arrays filled in Rust, so Python's call overhead is paid once per batch.

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};

use crate::game::Game;
use crate::play::Play;
use crate::state::TERMINAL;
use mancala::present::tensor;

/// The most action-mask cells one batch may ask for (`size * num_distinct_actions`):
/// 256 MiB of `bool`s.
const MAX_MASK_CELLS: usize = 1 << 28;

/// What one `step` answers: observations, action masks, rewards and whether
/// each game ended (and started again).
type Stepped<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// `size` games of one game file, each restarted from the start when it ends.
#[pyclass(module = "mancala")]
pub struct VectorState {
    game: Game,
    /// Python may share the batch between threads; each call holds the lock.
    batch: Mutex<Vec<Play>>,
}

#[pymethods]
impl VectorState {
    /// `size` games of `game`, all at the start.
    #[new]
    fn new(game: &Game, size: usize) -> PyResult<VectorState> {
        let cells = size.saturating_mul(game.actions.count());
        if size == 0 || cells > MAX_MASK_CELLS {
            return Err(PyValueError::new_err(format!(
                "size {size}: expected 1 to {} games of {} (at most {MAX_MASK_CELLS} action-mask cells)",
                MAX_MASK_CELLS / game.actions.count(),
                game.game.id()
            )));
        }
        let start = game.start()?;
        Ok(VectorState {
            game: game.clone(),
            batch: Mutex::new(vec![start; size]),
        })
    }

    /// How many games are stepped together.
    fn __len__(&self) -> usize {
        self.batch().len()
    }

    /// Puts every game back at the start.
    fn reset(&self) {
        let start = self.game.start().expect("this game has started before");
        self.batch().fill(start);
    }

    /// Plays `actions[i]` in game `i`, for every game, and answers
    /// `(observations, masks, rewards, dones)`: observations `[size,
    /// observation_tensor_size]` and action masks `[size,
    /// num_distinct_actions]` of each game after the step; each player's
    /// reward `[size, 2]` (the returns of a game that ended on this step, else
    /// 0); and `dones[i]`, whether game `i` ended on this step, in which case
    /// it has started again and its observation and mask are of the new start.
    ///
    /// ValueError, and no game is played, if any action is not legal in its game.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Stepped<'py>> {
        let actions = actions.as_slice()?;
        let mut batch = self.batch();
        if actions.len() != batch.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games: expected one each",
                actions.len(),
                batch.len()
            )));
        }
        let indices = self.legal_indices(&batch, actions)?;
        let (rewards, dones) = self.play(&mut batch, &indices);
        Ok((
            self.observe(&batch).into_pyarray(py),
            self.masks(&batch).into_pyarray(py),
            rewards.into_pyarray(py),
            dones.into_pyarray(py),
        ))
    }

    /// Each game's observation `[size, observation_tensor_size]`.
    fn observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.observe(&self.batch()).into_pyarray(py)
    }

    /// Each game's legal actions as a mask `[size, num_distinct_actions]`.
    fn action_masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks(&self.batch()).into_pyarray(py)
    }

    /// Each game's player to move (0 South, 1 North).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let players: Array1<i64> = self
            .batch()
            .iter()
            .map(|play| play.to_move().map_or(TERMINAL, |side| side.index() as i64))
            .collect();
        players.into_pyarray(py)
    }
}

impl VectorState {
    fn batch(&self) -> MutexGuard<'_, Vec<Play>> {
        self.batch
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Where each action stands in its game's legal list; an error naming the
    /// first that is not legal.
    fn legal_indices(&self, batch: &[Play], actions: &[i64]) -> PyResult<Vec<usize>> {
        let numbering = self.game.actions;
        let mut indices = Vec::with_capacity(actions.len());
        for (game, (&action, play)) in actions.iter().zip(batch).enumerate() {
            let decision = usize::try_from(action)
                .ok()
                .and_then(|a| numbering.decision(a));
            let index = decision.and_then(|decision| play.legal_index(decision));
            match index {
                Some(index) => indices.push(index),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "game {game}: action {action} is not legal there; no game was played"
                    )));
                }
            }
        }
        Ok(indices)
    }

    /// Plays each game's decision, restarting those that end.
    fn play(&self, batch: &mut [Play], indices: &[usize]) -> (Array2<f32>, Array1<bool>) {
        let mut rewards = Array2::zeros((batch.len(), 2));
        let mut dones = Array1::from_elem(batch.len(), false);
        for (game, (play, &index)) in batch.iter_mut().zip(indices).enumerate() {
            play.play_index(index);
            if play.outcome().is_some() {
                let [south, north] = self.game.returns(play);
                rewards[[game, 0]] = south as f32;
                rewards[[game, 1]] = north as f32;
                dones[game] = true;
                // Started afresh rather than copied: its lists get room made.
                *play = self.game.start().expect("this game has started before");
            }
        }
        (rewards, dones)
    }

    fn observe(&self, batch: &[Play]) -> Array2<f32> {
        let size = self.game.observation_size;
        let mut observations = Array2::zeros((batch.len(), size));
        let slots = observations
            .as_slice_mut()
            .expect("a new array is contiguous");
        for (play, out) in batch.iter().zip(slots.chunks_exact_mut(size)) {
            tensor::write(self.game.game, play.position(), play.to_move(), out);
        }
        observations
    }

    fn masks(&self, batch: &[Play]) -> Array2<bool> {
        let count = self.game.actions.count();
        let mut masks = Array2::from_elem((batch.len(), count), false);
        let cells = masks.as_slice_mut().expect("a new array is contiguous");
        for (play, row) in batch.iter().zip(cells.chunks_exact_mut(count)) {
            play.for_each_legal(|decision| row[self.game.number(decision)] = true);
        }
        masks
    }
}
