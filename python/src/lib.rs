//! `mancala._mancala`: the Rust half of the Python package `mancala` (its
//! Python half, `python/mancala/`, adds OpenSpiel and PettingZoo). Every game
//! file, bundled or a user's, loads as a `Game`, plays as a `State`, and
//! steps in batches as a `VectorState`.

#![forbid(unsafe_code)]

mod batch;
mod game;
mod play;
mod state;
mod vector;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use game::Game;

/// Keyword arguments of `load` that are not game options.
const RESERVED: [&str; 4] = ["reward", "match", "deal", "options"];

/// Loads a game by bundled id or path to a `.toml` file, with options as
/// keyword arguments (`load("kalah", seeds_per_hole=3)`), and four of its own:
/// `reward` (`"win_loss"`, the default, or `"margin"`), `match` (play every
/// round of a match game; default False), `deal` (the layout a setup that
/// scatters seeds starts from; default 0) and `options` (a dict of game
/// options, for one whose name is one of these four).
#[pyfunction]
#[pyo3(signature = (game, **keywords))]
fn load(game: &str, keywords: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let mut overrides = Vec::new();
    let mut own = Vec::new();
    let (mut reward, mut as_match, mut deal) = ("win_loss".to_string(), false, 0u64);
    for (name, value) in keywords.into_iter().flat_map(|dict| dict.iter()) {
        let name: String = name.extract()?;
        if RESERVED.contains(&name.as_str()) {
            own.push(name.clone());
        }
        match name.as_str() {
            "reward" => reward = value.extract()?,
            "match" => as_match = value.extract()?,
            "deal" => deal = value.extract()?,
            "options" => {
                for (name, value) in value.cast::<PyDict>()?.iter() {
                    overrides.push((name.extract()?, option_text(&value)?));
                }
            }
            _ => overrides.push((name, option_text(&value)?)),
        }
    }
    let loaded = Game::load(game, &overrides, &reward, as_match, deal)?;
    if let Some(clash) = own.iter().find(|name| loaded.has_option(name)) {
        return Err(PyValueError::new_err(format!(
            "{}: `{clash}` is an option of this game and a keyword of `load`'s own; \
             set the game's option with options={{\"{clash}\": ...}}",
            loaded.id()
        )));
    }
    Ok(loaded)
}

/// An option's value as the command line writes it: `3`, `yes`, `cw`.
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(flag) = value.extract::<bool>() {
        return Ok(flag.to_string());
    }
    Ok(value.str()?.to_string())
}

/// Unpickles a game: `Game.__reduce__`.
#[pyfunction]
fn _load_again(
    source: &str,
    overrides: Vec<(String, String)>,
    reward: &str,
    as_match: bool,
    deal: u64,
) -> PyResult<Game> {
    Game::load(source, &overrides, reward, as_match, deal)
}

/// Unpickles a state: its game's start, then the decisions by name.
#[pyfunction]
fn _replay(game: &Game, decisions: Vec<String>) -> PyResult<state::State> {
    let state = state::State::new(game.clone(), game.start()?);
    for name in &decisions {
        state.apply_decision(name)?;
    }
    Ok(state)
}

/// The bundled games' ids, sorted.
#[pyfunction]
fn bundled() -> Vec<String> {
    mancala::language::catalog::bundled_ids()
}

#[pymodule]
fn _mancala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(bundled, m)?)?;
    m.add_function(wrap_pyfunction!(_load_again, m)?)?;
    m.add_function(wrap_pyfunction!(_replay, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<vector::VectorState>()?;
    m.add("LoadError", m.py().get_type::<game::LoadError>())?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add("RESERVED_OPTIONS", RESERVED.to_vec())?;
    Ok(())
}
