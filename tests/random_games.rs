//! Properties of whole random games of every bundled game.

use mancala::agents::playout::{random_game, random_game_sized, random_match, random_match_sized};
use mancala::language::catalog;
use mancala::rules::board::MAX_CELLS;
use mancala::rules::state::Reason;

#[test]
fn same_seed_same_game_and_seeds_are_conserved() {
    for id in catalog::bundled_ids() {
        let id = id.as_str();
        let game = catalog::load(id, &[]).unwrap();
        let start = game.start();
        let total = start.seeds();
        for seed in 0..20 {
            let a = random_game(&game, seed);
            let b = random_game(&game, seed);
            assert_eq!(a.decisions(), b.decisions(), "{id} seed {seed}");
            assert_eq!(a.position(), b.position(), "{id} seed {seed}");
            let p = a.position();
            assert_eq!(p.seeds(), total, "{id} seed {seed}");
            assert!(
                a.outcome().is_some() && a.legal().len() == 0,
                "{id} seed {seed}"
            );
        }
    }
}

/// A game plays the same at every position size: at its own class (as random
/// playouts, matches and agents play it) and with room for every board's cells.
#[test]
fn every_position_size_plays_the_same_games() {
    for id in catalog::bundled_ids() {
        let id = id.as_str();
        let game = catalog::load(id, &[]).unwrap();
        assert!(
            game.cell_class().cells() >= game.board().cell_count(),
            "{id}"
        );
        for seed in 0..10 {
            let sized = random_game(&game, seed);
            let wide = random_game_sized::<MAX_CELLS>(&game, seed);
            assert_eq!(sized.decisions(), wide.decisions(), "{id} seed {seed}");
            assert_eq!(sized.position(), wide.position(), "{id} seed {seed}");
            assert_eq!(sized.outcome(), wide.outcome(), "{id} seed {seed}");
            assert_eq!(sized.endless_met(), wide.endless_met(), "{id} seed {seed}");
            if game.match_rules().is_some() {
                let sized = random_match(&game, seed, true).unwrap();
                let wide = random_match_sized::<MAX_CELLS>(&game, seed, true).unwrap();
                assert_eq!(sized.decisions(), wide.decisions(), "{id} match {seed}");
                assert_eq!(sized.results(), wide.results(), "{id} match {seed}");
                assert_eq!(sized.position(), wide.position(), "{id} match {seed}");
            }
        }
    }
}

/// BK-10: the engine applies the repetition rule, yet (as the rules file argues)
/// it can never fire in Bao la Kimasai: no random game ends by repetition.
#[test]
fn bk_10_repetition_never_fires_in_bao_la_kimasai() {
    let game = catalog::load("bao-la-kimasai", &[]).unwrap();
    assert!(game.tracks_repetition());
    for seed in 0..300 {
        let state = random_game(&game, seed);
        let outcome = state.outcome().unwrap();
        assert_ne!(outcome.reason, Reason::Repetition, "seed {seed}");
        assert_ne!(outcome.reason, Reason::TurnLimit, "seed {seed}");
    }
}

/// Issue 32, item 13: the steps of every move (what `/api/steps` animates),
/// applied to the position before it, give exactly the position after it:
/// board, scores and hands; over random games of every bundled and test game.
#[test]
fn the_steps_of_every_move_replay_to_the_position_after_it() {
    use mancala::rules::Step;
    let mut files: Vec<String> = mancala::language::catalog::bundled_ids();
    let mut test_games: Vec<String> = std::fs::read_dir("tests/games")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    test_games.sort();
    files.extend(test_games);
    let mut moves = 0;
    // How often each kind of step met: every kind must be, for the test to
    // speak for it.
    let mut kinds = std::collections::BTreeMap::new();
    for file in files {
        let Ok(game) = mancala::load(&file, &[]) else {
            continue;
        };
        let board = game.board();
        for seed in 0..3u64 {
            let mut rng = mancala::agents::playout::rng(seed);
            let mut state = mancala::GameState::new(&game);
            while state.outcome().is_none() && state.position().turn() < 300 {
                use rand::RngExt;
                let index = rng.random_range(0..state.legal().len());
                let decision = state.legal().nth(index).unwrap();
                let steps = state.steps(decision).expect("a legal decision has steps");
                let before = state.position();
                let mover = before.to_move().index();
                let mut counts: Vec<i64> = before.counts().iter().map(|&c| i64::from(c)).collect();
                let mut captured = before.captured().map(i64::from);
                let mut hands = before.hand().map(i64::from);
                let mut out_of_play = i64::from(before.out_of_play());
                let mut in_play = 0i64;
                let add = |counts: &mut Vec<i64>, captured: &mut [i64; 2], cell, n: i64| match board
                    .is_store(cell)
                {
                    true => captured[board.owner(cell).index()] += n,
                    false => counts[cell as usize] += n,
                };
                for step in &steps {
                    let kind = format!("{step:?}");
                    *kinds
                        .entry(kind.split(' ').next().unwrap().to_string())
                        .or_insert(0) += 1;
                    match *step {
                        Step::Lift { hole, seeds } => {
                            add(&mut counts, &mut captured, hole, -i64::from(seeds));
                            in_play += i64::from(seeds);
                        }
                        Step::FromHand { seeds } => {
                            hands[mover] -= i64::from(seeds);
                            in_play += i64::from(seeds);
                        }
                        Step::Drop { cell } => {
                            add(&mut counts, &mut captured, cell, 1);
                            in_play -= 1;
                        }
                        Step::Capture { hole, seeds, to } => {
                            add(&mut counts, &mut captured, hole, -i64::from(seeds));
                            match to {
                                Some(side) => captured[side.index()] += i64::from(seeds),
                                None => in_play += i64::from(seeds),
                            }
                        }
                        Step::Put { cell, seeds } => {
                            add(&mut counts, &mut captured, cell, i64::from(seeds));
                            in_play -= i64::from(seeds);
                        }
                        Step::Score { side, seeds } => {
                            captured[side.index()] += i64::from(seeds);
                            in_play -= i64::from(seeds);
                        }
                        Step::ToHand { side, seeds } => {
                            hands[side.index()] += i64::from(seeds);
                            in_play -= i64::from(seeds);
                        }
                        Step::OutOfPlay { seeds } => {
                            out_of_play += i64::from(seeds);
                            in_play -= i64::from(seeds);
                        }
                        Step::HandOver { to, seeds } => {
                            hands[to.index()] += i64::from(seeds);
                            hands[to.other().index()] -= i64::from(seeds);
                        }
                        Step::TurnRound => {
                            counts[..board.hole_count()].reverse();
                            captured.swap(0, 1);
                            hands.swap(0, 1);
                        }
                    }
                }
                let before_board = before.counts().to_vec();
                let name = game.decision_name(decision);
                state = state.after(index);
                let after = state.position();
                let expected: Vec<i64> = after.counts().iter().map(|&c| i64::from(c)).collect();
                let context =
                    || format!("{file} seed {seed}: {name} from {before_board:?}: {steps:?}");
                assert_eq!(counts, expected, "{}", context());
                assert_eq!(captured, after.captured().map(i64::from), "{}", context());
                assert_eq!(hands, after.hand().map(i64::from), "{}", context());
                assert_eq!(out_of_play, i64::from(after.out_of_play()), "{}", context());
                assert_eq!(in_play, 0, "{}", context());
                moves += 1;
            }
        }
    }
    assert!(moves > 10_000, "{moves} moves");
    for kind in [
        "Lift",
        "FromHand",
        "Drop",
        "Capture",
        "Put",
        "Score",
        "ToHand",
        "OutOfPlay",
    ] {
        assert!(kinds.contains_key(kind), "no {kind} step met: {kinds:?}");
    }
}
