//! `mancala.VectorState`: many games of one game file stepped together, for
//! learners. One call plays one decision in every game and answers with NumPy
//! arrays filled in Rust, so Python's call overhead is paid once per batch.

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};

use crate::batch::{Answer, Batch};
use crate::game::Game;
use crate::state::TERMINAL;

/// The most memory a batch may start with: its games (each as its start
/// takes) and one step's answer (observations, masks, rewards, dones).
const MAX_BATCH_BYTES: usize = 1 << 30;

/// The most threads one batch may step with.
const MAX_THREADS: usize = 256;

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
    /// The threads that step games beside the caller's, where there are any.
    pool: Option<rayon::ThreadPool>,
    /// Python may share the batch between threads; each call holds the lock.
    batch: Mutex<Batch>,
}

#[pymethods]
impl VectorState {
    /// `size` games of `game`, all at the start, stepped by `threads` threads
    /// (1 by default; at most `MAX_THREADS`).
    #[new]
    #[pyo3(signature = (game, size, threads=1))]
    fn new(game: &Game, size: usize, threads: usize) -> PyResult<VectorState> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads {threads}: expected 1 to {MAX_THREADS}"
            )));
        }
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    // The calling thread is the last.
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|e| PyValueError::new_err(format!("threads {threads}: {e}")))?,
            ),
        };
        let start = game.playable_start()?;
        let per_game = start.memory_bytes() + Answer::row_bytes(game);
        let most = MAX_BATCH_BYTES / per_game;
        if !(1..=most).contains(&size) {
            return Err(PyValueError::new_err(format!(
                "size {size}: expected 1 to {most} games of {} (a batch starts within {} MiB, \
                 and each game of this one takes about {per_game} bytes)",
                game.game.id(),
                MAX_BATCH_BYTES >> 20
            )));
        }
        Ok(VectorState {
            game: game.clone(),
            pool,
            batch: Mutex::new(Batch::new(game, start, size)),
        })
    }

    /// How many games are stepped together.
    fn __len__(&self) -> usize {
        self.batch().len()
    }

    /// Puts every game back at the start.
    fn reset(&self, py: Python<'_>) {
        let start = self.game.start().expect("this game has started before");
        py.detach(|| self.batch().reset(&self.game, start));
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
    ///
    /// `actions` is any one-dimensional array of integers (or a sequence
    /// NumPy reads as one).
    fn step<'py>(&self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Stepped<'py>> {
        // Copied, as Python may change the array once it is let go.
        let actions = integers(py, actions)?;
        // The lock is taken and given back without Python's: a thread that
        // waits for it lets the others run.
        let answer = py.detach(|| {
            let mut batch = self.batch();
            if actions.len() != batch.len() {
                return Err(format!(
                    "{} actions for {} games: expected one each",
                    actions.len(),
                    batch.len()
                ));
            }
            let decisions = batch.decisions(&self.game, &actions).map_err(|e| {
                format!(
                    "game {}: action {} is not legal there; no game was played",
                    e.game, e.action
                )
            })?;
            Ok(batch.run(&self.game, self.pool.as_ref(), &decisions))
        });
        self.arrays(py, answer.map_err(PyValueError::new_err)?)
    }

    /// Each game's observation `[size, observation_tensor_size]`.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        Ok(self.observed(py)?.0)
    }

    /// Each game's legal actions as a mask `[size, num_distinct_actions]`.
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        Ok(self.observed(py)?.1)
    }

    /// Each game's player to move (0 South, 1 North).
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let players: Array1<i64> = self
            .batch()
            .states()
            .iter()
            .map(|play| play.to_move().map_or(TERMINAL, |side| side.index() as i64))
            .collect();
        players.into_pyarray(py)
    }
}

/// `actions` as 64-bit integers: any array or sequence of integers NumPy reads,
/// and nothing else (no floats rounded).
fn integers(py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") {
        return Err(PyTypeError::new_err(format!(
            "actions of kind `{kind}`: expected integers"
        )));
    }
    let array = numpy.call_method1("ascontiguousarray", (array, "int64"))?;
    let array: PyReadonlyArray1<'_, i64> = array.extract()?;
    Ok(array.as_slice()?.to_vec())
}

impl VectorState {
    fn batch(&self) -> MutexGuard<'_, Batch> {
        self.batch
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The games as they stand, observed without a step.
    fn observed<'py>(&self, py: Python<'py>) -> PyResult<Stepped<'py>> {
        let answer = py.detach(|| self.batch().run(&self.game, self.pool.as_ref(), &[]));
        self.arrays(py, answer)
    }

    fn arrays<'py>(&self, py: Python<'py>, answer: Answer) -> PyResult<Stepped<'py>> {
        let rows = answer.dones.len();
        let shaped = |columns: usize| (rows, columns);
        let observations =
            Array2::from_shape_vec(shaped(self.game.layout.size()), answer.observations);
        let masks = Array2::from_shape_vec(shaped(self.game.actions.count()), answer.masks);
        let rewards = Array2::from_shape_vec(shaped(2), answer.rewards);
        let shape_error = |e: numpy::ndarray::ShapeError| PyValueError::new_err(e.to_string());
        Ok((
            observations.map_err(shape_error)?.into_pyarray(py),
            masks.map_err(shape_error)?.into_pyarray(py),
            rewards.map_err(shape_error)?.into_pyarray(py),
            Array1::from_vec(answer.dones).into_pyarray(py),
        ))
    }
}
