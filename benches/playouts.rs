//! Random playouts per second for every bundled game (and Nsolo at 8, 16 and 36
//! holes per row), and the interpreter side by side with hand-written Kalah,
//! Oware and Sadeqa III (`benches/baselines/`), checked to play the very same
//! games; and exact solves of small variants.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::agents::playout::{self, random_game};
use mancala::language::catalog;
use mancala::rules::game::Game;
use mancala::rules::state::GameState;
use rand::RngExt;

#[path = "baselines/kalah.rs"]
mod kalah;
#[path = "baselines/oware.rs"]
mod oware;
#[path = "baselines/sadeqa.rs"]
mod sadeqa;

/// The variants each benchmark times (`benches/cases.toml`).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases {
    playouts: Vec<String>,
    decisions: Vec<String>,
    alphabeta: Vec<String>,
    solve: Vec<String>,
}

fn cases() -> Cases {
    toml::from_str(include_str!("cases.toml")).expect("benches/cases.toml is valid")
}

/// A variant: `GAME` or `GAME:k=v,k=v`.
fn load(variant: &str) -> Game {
    let (id, options) = catalog::parse_variant(variant).expect("a variant");
    catalog::load(&id, &options).expect("bundled games load")
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));
    for name in cases().playouts {
        let game = load(&name);
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                random_game(&game, seed).position().turn()
            })
        });
    }
    group.finish();
}

/// Legal-decision generation (every candidate sown once, GEN-7 included) and one
/// decision applied, from a position 20 random decisions into a game.
fn decisions(c: &mut Criterion) {
    let mut group = c.benchmark_group("decision");
    for id in cases().decisions {
        let game = load(&id);
        mancala::with_cells!(game.cell_class(), N => decisions_of::<N>(&mut group, &id, &game));
    }
    group.finish();
}

/// `decisions` for one game, played at its position size.
fn decisions_of<const N: usize>(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    id: &str,
    game: &Game,
) {
    let mut state = GameState::<N>::from_any_position(game, &game.start());
    let mut rng = playout::rng(7);
    for _ in 0..20 {
        if state.outcome().is_some() {
            break;
        }
        let n = state.legal().len();
        state.play_index(rng.random_range(0..n));
    }
    let position = *state.position();
    group.bench_function(format!("{id}/legal"), |b| {
        b.iter(|| {
            GameState::<N>::from_any_position(game, &position)
                .legal()
                .len()
        })
    });
    group.bench_function(format!("{id}/apply"), |b| {
        b.iter(|| {
            let mut next = state.clone();
            next.play_index(0);
            next.legal().len()
        })
    });
}

/// Alpha-beta nodes per second: a 5-decision search from the start of each game.
fn alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("alphabeta_nodes");
    for id in cases().alphabeta {
        let game = load(&id);
        mancala::with_cells!(game.cell_class(), N => alphabeta_of::<N>(&mut group, &id, &game));
    }
    group.finish();
}

/// `alphabeta` for one game, searched at its position size.
fn alphabeta_of<const N: usize>(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    id: &str,
    game: &Game,
) {
    let state = GameState::<N>::from_any_position(game, &game.start());
    let mut counter = mancala::agents::search::AlphaBeta::default();
    counter.best(&state, 5);
    group.throughput(Throughput::Elements(counter.nodes));
    group.bench_function(id, |b| {
        b.iter(|| {
            mancala::agents::search::AlphaBeta::default()
                .best(&state, 5)
                .1
        })
    });
}

/// Positions a second of exact solves: each case's start and best decisions.
fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_positions");
    // Each solve takes about a second.
    group.sample_size(10);
    for id in cases().solve {
        let game = load(&id);
        mancala::with_cells!(game.cell_class(), N => solve_of::<N>(&mut group, &id, &game));
    }
    group.finish();
}

/// `solve` for one game, solved at its position size.
fn solve_of<const N: usize>(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    id: &str,
    game: &Game,
) {
    use mancala::solve::{Budget, MAX_LINE, Valued};
    let budget = Budget {
        memory: 256 << 20,
        positions: 10_000_000_000,
        threads: 1,
        line: MAX_LINE,
        valued: Valued::Best,
    };
    let state = GameState::<N>::from_any_position(game, &game.start());
    let solved = |state: &GameState<'_, N>| mancala::solve::solve(state, budget).expect("solved");
    group.throughput(Throughput::Elements(solved(&state).positions));
    group.bench_function(id, |b| b.iter(|| solved(&state).value));
}

/// A random game of hand-written Kalah, choosing as the interpreter does.
fn kalah_by_hand(seed: u64, turn_limit: u32) -> ([u32; 2], u32) {
    let mut rng = playout::rng(seed);
    let mut game = kalah::Kalah::new();
    let mut moves = [0; 6];
    while !game.finish_if_over() && game.turn < turn_limit {
        let n = game.legal(&mut moves);
        game.play(moves[rng.random_range(0..n)]);
    }
    (game.stores(), game.turn)
}

/// A random game of hand-written Sadeqa III, choosing as the interpreter does.
fn sadeqa_by_hand(
    seed: u64,
    turn_limit: u32,
    successors: &mut Vec<sadeqa::Sadeqa>,
) -> ([u32; 2], u32) {
    let mut rng = playout::rng(seed);
    let mut game = sadeqa::Sadeqa::new();
    loop {
        game.successors(successors);
        if successors.is_empty() {
            game.finish();
            break;
        }
        if game.turn >= turn_limit {
            break;
        }
        game = successors[rng.random_range(0..successors.len())];
    }
    (game.captured, game.turn)
}

/// A random game of hand-written Oware, choosing as the interpreter does.
fn oware_by_hand(
    seed: u64,
    turn_limit: u32,
    successors: &mut Vec<oware::Oware>,
    history: &mut Vec<oware::Oware>,
) -> ([u32; 2], u32) {
    let mut rng = playout::rng(seed);
    let mut game = oware::Oware::new();
    history.clear();
    loop {
        game.successors(successors);
        if game.over_by_repetition_or_majority(history) || successors.is_empty() {
            game.finish();
            break;
        }
        if game.turn >= turn_limit {
            break;
        }
        game = successors[rng.random_range(0..successors.len())];
    }
    (game.captured, game.turn)
}

fn interpreted(game: &Game, seed: u64) -> ([u32; 2], u32) {
    let state = random_game(game, seed);
    (state.position().captured(), state.position().turn())
}

/// The baselines are the same games: every random game ends the same way.
fn check_baselines(kalah: &Game, oware: &Game, sadeqa: &Game) {
    let mut successors = Vec::new();
    let (mut oware_successors, mut history) = (Vec::new(), Vec::new());
    for seed in 0..300 {
        assert_eq!(
            oware_by_hand(
                seed,
                oware.limits().turns,
                &mut oware_successors,
                &mut history
            ),
            interpreted(oware, seed),
            "oware seed {seed}"
        );
        assert_eq!(
            kalah_by_hand(seed, kalah.limits().turns),
            interpreted(kalah, seed),
            "kalah seed {seed}"
        );
        assert_eq!(
            sadeqa_by_hand(seed, sadeqa.limits().turns, &mut successors),
            interpreted(sadeqa, seed),
            "sadeqa-iii seed {seed}"
        );
    }
}

fn baselines(c: &mut Criterion) {
    let kalah = load("kalah");
    let oware = load("oware");
    let sadeqa = load("sadeqa-iii");
    check_baselines(&kalah, &oware, &sadeqa);
    let mut group = c.benchmark_group("interpreter_vs_hand_written");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("kalah/interpreter", |b| {
        b.iter(|| {
            seed += 1;
            interpreted(&kalah, seed)
        })
    });
    group.bench_function("kalah/hand-written", |b| {
        b.iter(|| {
            seed += 1;
            kalah_by_hand(seed, kalah.limits().turns)
        })
    });
    group.bench_function("oware/interpreter", |b| {
        b.iter(|| {
            seed += 1;
            interpreted(&oware, seed)
        })
    });
    let (mut successors, mut history) = (Vec::new(), Vec::new());
    group.bench_function("oware/hand-written", |b| {
        b.iter(|| {
            seed += 1;
            oware_by_hand(seed, oware.limits().turns, &mut successors, &mut history)
        })
    });
    group.bench_function("sadeqa-iii/interpreter", |b| {
        b.iter(|| {
            seed += 1;
            interpreted(&sadeqa, seed)
        })
    });
    let mut successors = Vec::new();
    group.bench_function("sadeqa-iii/hand-written", |b| {
        b.iter(|| {
            seed += 1;
            sadeqa_by_hand(seed, sadeqa.limits().turns, &mut successors)
        })
    });
    group.finish();
}

criterion_group!(benches, baselines, playouts, decisions, alphabeta, solve);
criterion_main!(benches);
