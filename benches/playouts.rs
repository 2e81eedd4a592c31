//! Random playouts per second for every bundled game (and Nsolo at 8, 16 and 36
//! holes per row): one whole game from the start, uniformly random decisions.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala::catalog;
use mancala::playout::random_game;

fn playouts(c: &mut Criterion) {
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("bao-la-kimasai", &[]),
        ("kalah", &[]),
        ("nsolo", &[]),
        ("nsolo", &[("holes_per_row", "16")]),
        ("nsolo", &[("holes_per_row", "36")]),
        ("oware", &[]),
        ("rio-kadalis", &[]),
        ("sadeqa-iii", &[]),
        ("walak-pussa", &[]),
    ];
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));
    for (id, options) in cases {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let game = catalog::load(id, &options).expect("bundled games load");
        let name = options
            .iter()
            .fold(id.to_string(), |name, (k, v)| format!("{name}:{k}={v}"));
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                random_game(&game, seed).position().turn
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
