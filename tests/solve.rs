//! The solver (`mancala::solve`): Kalah's small cells as Irving, Donkers and
//! Uiterwijk ("Solving Kalah", ICGA Journal 23(3), 2000) published them, and
//! every value checked a second way, by plain minimax over the whole game.

use mancala::agents::search::minimax;
use mancala::solve::{Budget, Verdict, solve};
use mancala::{Game, GameState, Side};

const BUDGET: Budget = Budget {
    memory: 64 << 20,
    positions: 50_000_000,
};

fn kalah(holes: u32, seeds: u32) -> Game {
    mancala::load(
        "kalah",
        &[
            ("holes_per_row".into(), holes.to_string()),
            ("seeds_per_hole".into(), seeds.to_string()),
        ],
    )
    .expect("Kalah loads with these options")
}

/// The paper's first-player results, `W`, `D` or `L`, by holes a side
/// (rows) and seeds a house (columns, 1 to 6).
const IRVING: [&str; 4] = ["DLWLWD", "WLLLWW", "DWWWWL", "WWWWWD"];

#[test]
fn kalah_cells_solve_as_the_paper_found() {
    for (row, results) in IRVING.iter().enumerate() {
        let holes = row as u32 + 1;
        for (column, expected) in results.chars().enumerate() {
            let seeds = column as u32 + 1;
            // The larger cells of the fourth row are the benchmark's.
            if holes == 4 && seeds > 3 {
                continue;
            }
            let game = kalah(holes, seeds);
            let solution = solve(&GameState::new(&game), BUDGET).expect("solved");
            let verdict = match solution.value.verdict {
                Verdict::Win => 'W',
                Verdict::Draw => 'D',
                Verdict::Loss => 'L',
            };
            assert_eq!(verdict, expected, "Kalah({holes},{seeds})");
            assert_eq!(solution.to_move, Side::South);
            assert!(solution.proven(), "Kalah({holes},{seeds}) met a repeat");
            assert_eq!(solution.turn_limit_met, 0);
        }
    }
}

/// The solver's value and plain minimax's (no pruning, no table) agree on
/// every cell small enough for minimax to search to the end.
#[test]
fn the_solver_agrees_with_plain_minimax() {
    for (holes, seeds) in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1)] {
        let game = kalah(holes, seeds);
        let state = GameState::new(&game);
        let solution = solve(&state, BUDGET).expect("solved");
        // Minimax values South's outcome first, then the score difference.
        let value = minimax(&state, 200);
        let win = 1i64 << 40;
        let (verdict, margin) = match value {
            v if v > win / 2 => (Verdict::Win, v - win),
            v if v < -win / 2 => (Verdict::Loss, v + win),
            v => (Verdict::Draw, v),
        };
        assert_eq!(solution.value.verdict, verdict, "Kalah({holes},{seeds})");
        assert_eq!(solution.value.margin, margin, "Kalah({holes},{seeds})");
        // Each decision's value is what the position after it is worth.
        for &(decision, value) in &solution.decisions {
            let mut after = state.clone();
            after.play(decision).expect("a legal decision");
            let best = match after.outcome() {
                Some(_) => continue,
                None => solve(&after, BUDGET).expect("solved"),
            };
            let seen = match best.to_move == state.to_move().unwrap() {
                true => best.value,
                false => best.value.for_other(),
            };
            assert_eq!(seen, value, "Kalah({holes},{seeds}) after {decision:?}");
        }
    }
}

#[test]
fn a_finished_game_and_a_budget_too_small_are_refused() {
    // Kalah(1,1): South's one seed goes into its store, and its row is empty.
    let game = kalah(1, 1);
    let mut state = GameState::new(&game);
    state.play(game.board().parse_hole("a1").unwrap()).unwrap();
    assert!(state.outcome().is_some());
    assert!(
        solve(&state, BUDGET)
            .unwrap_err()
            .to_string()
            .contains("game is over")
    );

    let game = kalah(6, 4);
    let state = GameState::new(&game);
    let tiny = Budget {
        memory: 1024,
        positions: 10,
    };
    assert!(
        solve(&state, tiny)
            .unwrap_err()
            .to_string()
            .contains("holds no table")
    );
    let few = Budget {
        memory: 1 << 20,
        positions: 1_000,
    };
    assert!(
        solve(&state, few)
            .unwrap_err()
            .to_string()
            .contains("more than 1000 positions")
    );
}
