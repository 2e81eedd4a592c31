//! The solver (`mancala::solve`): Kalah's small cells as Irving, Donkers and
//! Uiterwijk ("Solving Kalah", ICGA Journal 23(3), 2000) published them, and
//! every value checked a second way, by plain minimax over the whole game.

mod common;

use common::solving::{BUDGET, kalah_with};
use mancala::agents::search::{evaluate, minimax};
use mancala::solve::{Budget, MAX_LINE, SolveError, Valued, Valuing, Verdict, solve};
use mancala::{Game, GameState, Limits, Side, Status};

fn kalah(holes: u32, seeds: u32) -> Game {
    kalah_with(holes, seeds, 0)
}

/// The paper's first-player results, `W`, `D` or `L`, by holes a side
/// (rows) and seeds a house (columns, 1 to 6).
const IRVING: [&str; 4] = ["DLWLWD", "WLLLWW", "DWWWWL", "WWWWWD"];

/// The margins found here (docs/solved.md), for South, by holes a side and
/// seeds a house: Kalah as bundled, then with `empty_capture = 1`. The paper's
/// results above hold under both readings for every cell pinned.
const MARGINS: [[i64; 6]; 3] = [
    [0, -2, 6, -2, 2, 0],
    [2, -2, -2, -10, 6, 8],
    [0, 4, 2, 2, 6, -8],
];
const MARGINS_EMPTY_CAPTURE: [[i64; 6]; 3] = [
    [0, -2, 6, -2, 2, 0],
    [2, -2, -2, -12, 6, 8],
    [0, 4, 2, 2, 6, -10],
];
/// Kalah(4, n) for n = 1 to 3, both readings.
const FOURTH_ROW: [[i64; 3]; 2] = [[2, 6, 6], [2, 6, 8]];

#[test]
fn kalah_cells_solve_as_the_paper_found() {
    for (empty_capture, margins) in [(0, MARGINS), (1, MARGINS_EMPTY_CAPTURE)] {
        for (row, results) in IRVING.iter().enumerate() {
            let holes = row as u32 + 1;
            for (column, expected) in results.chars().enumerate() {
                let seeds = column as u32 + 1;
                // The larger cells of the fourth row are the benchmark's.
                let margin = match margins.get(row) {
                    Some(row) => row[column],
                    None if seeds <= 3 => FOURTH_ROW[empty_capture as usize][column],
                    None => continue,
                };
                let cell = format!("Kalah({holes},{seeds}), empty_capture = {empty_capture}");
                let game = kalah_with(holes, seeds, empty_capture);
                let solution = solve(&GameState::new(&game), BUDGET).expect("solved");
                let verdict = match solution.value.verdict {
                    Verdict::Win => 'W',
                    Verdict::Draw => 'D',
                    Verdict::Loss => 'L',
                };
                assert_eq!(verdict, expected, "{cell}");
                assert_eq!(solution.value.margin, margin, "{cell}");
                assert_eq!(solution.to_move, Side::South);
                assert_eq!(solution.valuing, Valuing::Margin, "{cell}");
                assert!(solution.proven(), "{cell} met a repeat");
                assert_eq!(solution.turn_limit_met, 0);
            }
        }
    }
}

/// Which reading of Kalah the paper solved: Kalah(5,2) is a draw there, and
/// only with a last seed taken from an empty house facing an empty one.
#[test]
fn the_paper_solved_kalah_with_the_empty_capture() {
    let drawn = solve(&GameState::new(&kalah_with(5, 2, 1)), BUDGET).expect("solved");
    assert_eq!(
        (drawn.value.verdict, drawn.value.margin),
        (Verdict::Draw, 0)
    );
    let won = solve(&GameState::new(&kalah_with(5, 2, 0)), BUDGET).expect("solved");
    assert_eq!((won.value.verdict, won.value.margin), (Verdict::Win, 2));
}

/// The solver's value and plain minimax's (no pruning, no table) agree on
/// every cell small enough for minimax to search to the end.
/// Alpha-beta over the whole game with no table: exact where a value depends
/// on the line, as every state keeps its own (GEN-10). For South, as `minimax`.
fn alpha_beta(state: &GameState, (mut alpha, mut beta): (i64, i64)) -> i64 {
    let Some(mover) = state.to_move().filter(|_| state.outcome().is_none()) else {
        return evaluate(state);
    };
    let mut best = match mover {
        Side::South => -i64::MAX,
        Side::North => i64::MAX,
    };
    for decision in state.legal().collect::<Vec<_>>() {
        let mut child = state.clone();
        child.play(decision).expect("a legal decision");
        let value = alpha_beta(&child, (alpha, beta));
        match mover {
            Side::South => {
                best = best.max(value);
                alpha = alpha.max(value);
            }
            Side::North => {
                best = best.min(value);
                beta = beta.min(value);
            }
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

/// "kalah holes_per_row=3 seeds_per_hole=2 ...": a game and its options.
fn cell(game: &Game) -> String {
    let options: Vec<String> = game
        .options()
        .iter()
        .map(|o| format!("{}={}", o.name, o.value))
        .collect();
    format!("{} {}", game.id(), options.join(" "))
}

#[test]
fn the_solver_agrees_with_plain_minimax() {
    let mut games = Vec::new();
    for (holes, seeds) in [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1)] {
        games.push(kalah_with(holes, seeds, 0));
        games.push(kalah_with(holes, seeds, 1));
    }
    // A solitaire won or lost by its rule, valued by outcome (Tchuka Ruma:
    // 4 holes of 2 seeds can be emptied, 3 of 2 cannot).
    for holes in [3, 4] {
        let options = [("holes_per_row".into(), holes.to_string())];
        games.push(mancala::load("tchuka-ruma", &options).unwrap());
    }
    // A game whose seeds can go round for ever, ended by a repeated position
    // (GEN-10) and valued by outcome: values that depend on the line.
    for (holes, seeds) in [(2, 1), (2, 2), (2, 3)] {
        let options = [
            ("holes_per_row".into(), holes.to_string()),
            ("seeds_per_hole".into(), seeds.to_string()),
        ];
        games.push(mancala::load("oware", &options).unwrap());
    }
    // A pass while ahead, a resignation and a draw offered from turn 10.
    for (holes, seeds) in [(1, 2), (2, 1), (2, 2)] {
        let options = [
            ("holes_per_row".into(), holes.to_string()),
            ("seeds_per_hole".into(), seeds.to_string()),
        ];
        games.push(mancala::load("tests/games/called-ends.toml", &options).unwrap());
    }
    // The pie rule: a swap of seats hands the scores over, so the game is
    // valued by outcome, each split of the scores apart.
    for (holes, seeds) in [(1, 2), (2, 1), (2, 2), (2, 3), (3, 1)] {
        let options = [
            ("holes_per_row".into(), holes.to_string()),
            ("seeds_per_hole".into(), seeds.to_string()),
        ];
        let game = mancala::load("tests/games/pie-rule.toml", &options).unwrap();
        assert_eq!(Valuing::of(&game), Valuing::Outcome);
        games.push(game);
    }
    for game in &games {
        let cell = cell(game);
        let state = GameState::new(game);
        let solution = solve(&state, BUDGET).expect("solved");
        assert!(solution.proven(), "{cell}");
        // Both value South's outcome first, then the score difference.
        let value = match game.id() {
            "oware" => alpha_beta(&state, (-i64::MAX, i64::MAX)),
            _ => minimax(&state, 200),
        };
        let win = 1i64 << 40;
        let (verdict, margin) = match value {
            v if v > win / 2 => (Verdict::Win, v - win),
            v if v < -win / 2 => (Verdict::Loss, v + win),
            v => (Verdict::Draw, v),
        };
        assert_eq!(solution.value.verdict, verdict, "{cell}");
        assert_eq!(solution.value.margin, margin, "{cell}");
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
            assert_eq!(seen, value, "{cell} after {decision:?}");
        }
    }
}

/// South's margin under perfect play where a game cut by the turn limit
/// (GEN-11) counts as drawn with margin 0, as the solver values it: plain
/// minimax, every line to its end.
fn margin_with_limit(state: &GameState) -> i64 {
    if let Some(outcome) = state.outcome() {
        let [south, north] = state.position().captured().map(i64::from);
        return match outcome.status {
            Status::Unfinished => 0,
            _ => south - north,
        };
    }
    let values = (0..state.legal().len()).map(|i| margin_with_limit(&state.after(i)));
    match state.position().to_move() {
        Side::South => values.max(),
        Side::North => values.min(),
    }
    .expect("a game in progress has a decision")
}

/// Lines cut by the turn limit end there, unfinished and drawn, though the
/// solver reads a decision's position in its tables before a turn is settled
/// there (the limit is checked first).
#[test]
fn the_turn_limit_ends_lines_the_tables_know() {
    for (holes, seeds) in [(2, 2), (2, 3), (3, 2)] {
        for turns in [2, 3, 5, 8] {
            let mut game = kalah_with(holes, seeds, 1);
            game.set_limits(Limits {
                turns,
                ..game.limits()
            })
            .expect("a turn limit in range");
            let state = GameState::new(&game);
            let solution = solve(&state, BUDGET).expect("solved");
            let cell = format!("Kalah({holes},{seeds}) cut at {turns} turns");
            assert_eq!(solution.value.margin, margin_with_limit(&state), "{cell}");
            // Every line of these games is longer than three turns.
            assert!(turns > 3 || solution.turn_limit_met > 0, "{cell}");
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
        ..BUDGET
    };
    assert!(
        solve(&state, tiny)
            .unwrap_err()
            .to_string()
            .contains("must hold at least 16 KiB")
    );
    // More than the system can give is refused, not an abort.
    let vast = Budget {
        memory: 1 << 50,
        positions: 10,
        ..BUDGET
    };
    assert!(
        solve(&state, vast)
            .unwrap_err()
            .to_string()
            .contains("must be able to give it")
    );
    let few = Budget {
        memory: 1 << 20,
        positions: 1_000,
        ..BUDGET
    };
    assert!(
        solve(&state, few)
            .unwrap_err()
            .to_string()
            .contains("more than 1000 positions")
    );
    // Kalah(3,3)'s lines are longer than 3 decisions: a line budget of 3
    // stops the solve, before its stack holds more.
    let shallow = Budget { line: 3, ..BUDGET };
    let error = solve(&GameState::new(&kalah(3, 3)), shallow).unwrap_err();
    assert_eq!(error, SolveError::TooDeep(3));
}

/// The perfect line: best decision after best decision to the end, each
/// position's value the value before it, and the game's end the root's value.
#[test]
fn the_perfect_line_keeps_its_value_to_the_end() {
    for (holes, seeds, empty_capture) in [(3, 3, 0), (4, 2, 1), (3, 6, 1)] {
        let game = kalah_with(holes, seeds, empty_capture);
        let mut state = GameState::new(&game);
        let root = solve(&state, BUDGET).expect("solved");
        let for_south = |side: Side, value: mancala::solve::Value| match side {
            Side::South => value,
            Side::North => value.for_other(),
        };
        let expected = for_south(root.to_move, root.value);
        while state.outcome().is_none() {
            let solution = solve(&state, BUDGET).expect("solved");
            assert_eq!(for_south(solution.to_move, solution.value), expected);
            state
                .play(solution.decisions[0].0)
                .expect("a legal decision");
        }
        let captured = state.position().captured();
        let margin = i64::from(captured[0]) - i64::from(captured[1]);
        assert_eq!(margin, expected.margin, "Kalah({holes},{seeds})");
    }
}

/// A long solve says how far it has gone, every `REPORT_EVERY` positions, with
/// bounds on the decision being solved that hold for its value.
#[test]
fn a_long_solve_reports_its_progress() {
    let game = kalah(4, 6);
    let mut reports = Vec::new();
    let solution = mancala::solve::solve_reporting(&GameState::new(&game), BUDGET, |progress| {
        reports.push(progress)
    })
    .expect("solved");
    assert_eq!(
        reports.len() as u64,
        solution.positions / mancala::solve::REPORT_EVERY
    );
    let start = GameState::new(&game);
    assert!(!reports.is_empty());
    for progress in &reports {
        let (index, count) = progress.decision.expect("a decision at the start");
        assert!(index < count && count == solution.decisions.len());
        assert_eq!(progress.positions % mancala::solve::REPORT_EVERY, 0);
        let decision = start.legal().nth(index).unwrap();
        let value = solution
            .decisions
            .iter()
            .find(|d| d.0 == decision)
            .unwrap()
            .1;
        let (low, high) = progress.between;
        assert!(low.is_none_or(|low| low <= value) && high.is_none_or(|high| value <= high));
        // One thread solves the decisions in turn: those before are known.
        assert_eq!(progress.solved, index);
        assert_eq!(progress.left().is_some(), index > 0);
    }
    assert!(reports.iter().any(|progress| progress.left().is_some()));
}

/// Threads share the decisions at the start: the values, and their order, are
/// the same on any number of threads, and a position budget holds for all of
/// them together.
#[test]
fn threads_find_the_same_values() {
    let oware = mancala::load(
        "oware",
        &[
            ("holes_per_row".into(), "2".into()),
            ("seeds_per_hole".into(), "3".into()),
        ],
    )
    .unwrap();
    for game in [kalah(3, 4), kalah_with(4, 3, 1), oware] {
        let state = GameState::new(&game);
        for valued in [Valued::Every, Valued::Best] {
            let one = solve(&state, Budget { valued, ..BUDGET }).expect("solved");
            for threads in [2, 3, 64] {
                let many = solve(
                    &state,
                    Budget {
                        threads,
                        valued,
                        ..BUDGET
                    },
                )
                .expect("solved");
                let id = game.id();
                assert_eq!(
                    many.decisions, one.decisions,
                    "{id} on {threads}, {valued:?}"
                );
                assert_eq!(many.worse, one.worse, "{id} on {threads}, {valued:?}");
                assert_eq!(many.proven(), one.proven());
            }
        }
    }
    let few = Budget {
        memory: 1 << 20,
        positions: 100_000,
        threads: 2,
        line: MAX_LINE,
        valued: Valued::Every,
    };
    let error = solve(&GameState::new(&kalah(4, 4)), few).unwrap_err();
    assert_eq!(error, SolveError::TooManyPositions(100_000));
}

/// The estimate of the time left: the decisions not yet solved at the pace of
/// those solved.
#[test]
fn the_estimate_is_the_pace_so_far() {
    use std::time::Duration;
    let progress = mancala::solve::Progress {
        decision: Some((3, 6)),
        between: (None, None),
        positions: 0,
        elapsed: Duration::from_secs(10),
        solved: 2,
    };
    assert_eq!(progress.left(), Some(Duration::from_secs(20)));
    let before_any = mancala::solve::Progress {
        solved: 0,
        ..progress
    };
    assert_eq!(before_any.left(), None);
    let all = mancala::solve::Progress {
        solved: 6,
        ..progress
    };
    assert_eq!(all.left(), Some(Duration::ZERO));
    let the_start = mancala::solve::Progress {
        decision: None,
        ..progress
    };
    assert_eq!(the_start.left(), None);
}

/// Valuing only the best decisions (`Valued::Best`): the same value of the
/// start, the same best decisions with that value, every other decision
/// worse, and fewer positions examined where the decisions differ.
#[test]
fn the_best_decisions_alone_agree_with_every_value() {
    let oware = mancala::load(
        "oware",
        &[
            ("holes_per_row".into(), "2".into()),
            ("seeds_per_hole".into(), "2".into()),
        ],
    )
    .unwrap();
    let tchuka = mancala::load("tchuka-ruma", &[]).unwrap();
    let best_only = Budget {
        valued: Valued::Best,
        ..BUDGET
    };
    let (mut every_positions, mut best_positions) = (0, 0);
    for game in [
        kalah(3, 4),
        kalah_with(4, 4, 1),
        kalah_with(5, 3, 1),
        oware,
        tchuka,
    ] {
        let state = GameState::new(&game);
        let every = solve(&state, BUDGET).expect("solved");
        let best = solve(
            &state,
            Budget {
                threads: 2,
                ..best_only
            },
        )
        .expect("solved");
        assert_eq!(best.value, every.value, "{}", game.id());
        let top: Vec<_> = every
            .decisions
            .iter()
            .filter(|d| d.1 == every.value)
            .collect();
        assert_eq!(
            best.decisions.iter().collect::<Vec<_>>(),
            top,
            "{}",
            game.id()
        );
        let others = every.decisions.iter().filter(|d| d.1 != every.value);
        let mut others: Vec<_> = others.map(|d| d.0).collect();
        let board_order: Vec<_> = state.legal().collect();
        others.sort_by_key(|d| board_order.iter().position(|b| b == d));
        assert_eq!(best.worse, others, "{}", game.id());
        assert!(every.worse.is_empty());
        every_positions += every.positions;
        best_positions += best.positions;
    }
    assert!(
        best_positions < every_positions,
        "{best_positions} against {every_positions}"
    );
}

/// Retrograde analysis and the search find the same values, decision by
/// decision, wherever the search proves them: Kalah's small cells (both
/// readings) and Tchuka Ruma's solitaire.
#[test]
fn retrograde_analysis_agrees_with_the_search() {
    use mancala::agents::deadline::Deadline;
    use mancala::solve::{Method, retrograde};
    let mut games = Vec::new();
    for (holes, seeds) in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 1)] {
        games.push(kalah_with(holes, seeds, 0));
        games.push(kalah_with(holes, seeds, 1));
    }
    for holes in [3, 4, 5] {
        let options = [("holes_per_row".into(), holes.to_string())];
        games.push(mancala::load("tchuka-ruma", &options).unwrap());
    }
    for game in &games {
        let cell = cell(game);
        let state = GameState::new(game);
        assert!(retrograde::applies(&state), "{cell}");
        let searched = solve(&state, BUDGET).expect("solved");
        let listed = retrograde::solve(&state, BUDGET, Deadline::none()).expect("solved");
        assert!(searched.proven() && listed.proven());
        assert_eq!(listed.method, Method::Retrograde);
        assert_eq!(listed.value, searched.value, "{cell}");
        assert_eq!(listed.decisions, searched.decisions, "{cell}");
    }
    // Where a repeated position ends the game, a value depends on the line,
    // which the listing sets aside: refused rather than wrong.
    let options = [
        ("holes_per_row".into(), "1".into()),
        ("seeds_per_hole".into(), "1".into()),
    ];
    let oware = mancala::load("oware", &options).unwrap();
    let state = GameState::new(&oware);
    assert!(!retrograde::applies(&state));
    let refused = retrograde::solve(&state, BUDGET, Deadline::none());
    assert_eq!(refused.err(), Some(SolveError::RetrogradeDoesNotApply));
}

/// A game whose seeds can go round for ever, with no repetition rule: the
/// search meets positions again and cannot prove its value; retrograde
/// analysis values Goat exactly, and a second way agrees: values iterated
/// over every position from 0 until none changes (a value that holds for
/// longer and longer games, which settles on the game's).
#[test]
fn retrograde_analysis_values_a_game_that_can_go_round() {
    use mancala::agents::deadline::Deadline;
    use mancala::solve::{Choice, retrograde, solve_by};
    let game = mancala::load("goat", &[]).expect("bundled");
    let state = GameState::new(&game);
    let searched = solve(&state, BUDGET).expect("solved");
    assert!(!searched.proven(), "Goat's seeds can go round");
    // Every position is listed: room for Goat's 127,663.
    let budget = Budget {
        memory: 256 << 20,
        ..BUDGET
    };
    let listed = retrograde::solve(&state, budget, Deadline::none()).expect("solved");
    assert!(listed.proven());
    assert_eq!(listed.positions, 127_663);
    let auto = solve_by(
        &state,
        (budget, None),
        Choice::Auto,
        Deadline::none(),
        |_| {},
    )
    .expect("solved");
    assert_eq!((auto.method, auto.value), (listed.method, listed.value));
    assert_eq!(listed.value.verdict, Verdict::Draw);
    assert_iterated_values_agree(&state, &listed);
}

/// Each decision's value in `listed` is the value iterated over every
/// position reachable from `state`.
fn assert_iterated_values_agree(state: &GameState, listed: &mancala::solve::Solution) {
    let iterated = iterated_values(state);
    for &(decision, value) in &listed.decisions {
        let mut after = state.clone();
        after.play(decision).expect("legal");
        let south = iterated(&after);
        let mover = match state.to_move() {
            Some(Side::South) => south,
            _ => -south,
        };
        let rank = value.verdict as i64 - 1;
        let game = state.game().id();
        assert_eq!(mover, rank * STEP + value.margin, "{game}: {decision:?}");
    }
}

/// Games whose seeds can go round for ever, made smaller than their files
/// allow: Rio Kadalis, one round, on four holes a side (the file allows 5 and
/// 6: 7.5 million positions for 5, docs/solved.md), and Bakuk on two (the file
/// allows 3 to 6: 9.4 million for 3). From positions along a random game, where
/// values differ, retrograde analysis agrees decision by decision with values
/// iterated over every reachable position.
#[test]
fn retrograde_analysis_agrees_with_iterated_values_along_a_game() {
    for (id, holes) in [("rio-kadalis", "values = [4]"), ("bakuk", "range = [2, 2]")] {
        let text = format!(
            "extends = \"{id}\"\n\n[options.holes_per_row]\ndefault = {}\n{holes}\n\
             help = \"holes in each row\"\n",
            if id == "bakuk" { 2 } else { 4 }
        );
        let file = format!("{id}-smaller.toml");
        let game = mancala::language::load::load_str(id, &file, &text, &[])
            .expect("a smaller board loads");
        agrees_along_a_game(&game);
    }
}

fn agrees_along_a_game(game: &Game) {
    use mancala::agents::deadline::Deadline;
    use mancala::solve::retrograde;
    let budget = Budget {
        memory: 256 << 20,
        ..BUDGET
    };
    let mut state = GameState::new(game);
    let mut rng = mancala::agents::playout::rng(7);
    let mut verdicts = std::collections::BTreeSet::new();
    for _ in 0..12 {
        if state.outcome().is_some() {
            break;
        }
        let listed = retrograde::solve(&state, budget, Deadline::none()).expect("solved");
        assert_iterated_values_agree(&state, &listed);
        verdicts.extend(listed.decisions.iter().map(|(_, value)| value.verdict));
        let choices = state.legal().len();
        state.play_index(rand::RngExt::random_range(&mut rng, 0..choices));
    }
    // Not every value a draw: the agreement is about won and lost lines too.
    assert!(verdicts.len() > 1, "{}: {verdicts:?}", game.id());
}

/// A value as one integer: the outcome, then the margin.
const STEP: i64 = 1 << 20;

/// Every position reachable from `state` (its turns played aside), valued
/// for South by iterating `v(p) = best over moves` from 0 until no value
/// changes: the outcome (+1 a win, 0 a draw, -1 a loss) times `STEP` plus the
/// margin at the end; 0 for play that never ends. Answers a function giving
/// a state's value.
fn iterated_values<'g>(state: &GameState<'g>) -> impl Fn(&GameState<'g>) -> i64 {
    use std::collections::HashMap;
    // A position's text with its turns played left out.
    fn key(state: &GameState) -> String {
        let text = format!("{:?}", state.position());
        let at = text.find("turn: ").expect("a position shows its turns");
        let end = at + text[at..].find(',').expect("a field follows");
        format!("{}{}", &text[..at], &text[end..])
    }
    fn outcome_value(state: &GameState) -> Option<i64> {
        let [south, north] = state.position().captured();
        let margin = i64::from(south) - i64::from(north);
        state.outcome().map(|outcome| match outcome.status {
            mancala::Status::SouthWon => STEP + margin,
            mancala::Status::NorthWon => -STEP + margin,
            _ => margin,
        })
    }
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut states = vec![state.clone()];
    index.insert(key(state), 0);
    let mut moves: Vec<Vec<Result<usize, i64>>> = Vec::new();
    while moves.len() < states.len() {
        let here = states[moves.len()].clone();
        let mut out = Vec::new();
        for choice in 0..here.legal().len() {
            let next = here.after(choice);
            out.push(match outcome_value(&next) {
                Some(value) => Err(value),
                None => {
                    let count = index.len();
                    let at = *index.entry(key(&next)).or_insert(count);
                    if at == count {
                        states.push(next);
                    }
                    Ok(at)
                }
            });
        }
        moves.push(out);
    }
    let mut values = vec![0i64; states.len()];
    loop {
        let next: Vec<i64> = (0..states.len())
            .map(|p| {
                let each = moves[p].iter().map(|m| match *m {
                    Ok(to) => values[to],
                    Err(end) => end,
                });
                match states[p].to_move() {
                    Some(Side::South) => each.max().expect("a move"),
                    _ => each.min().expect("a move"),
                }
            })
            .collect();
        if next == values {
            break;
        }
        values = next;
    }
    move |state: &GameState<'g>| outcome_value(state).unwrap_or_else(|| values[index[&key(state)]])
}
