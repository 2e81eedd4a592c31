//! End checks the mover calls or offers instead of moving (`[[end]] call`,
//! `offer`): when they are offered, what an answer does, how they are numbered
//! for learning libraries and written in position files.

use mancala::agents::playout::rng;
use mancala::rules::actions::Actions;
use mancala::rules::decision::{Answer, Decision};
use mancala::rules::state::GameState;
use mancala::{Game, Position, load};
use rand::RngExt;

fn game(file: &str) -> Game {
    load(&format!("tests/games/{file}.toml"), &[]).expect("a test game")
}

fn names(state: &GameState) -> Vec<String> {
    let game = state.game();
    state.legal().map(|d| game.decision_name(d)).collect()
}

/// In random games, `end` (offered on a repetition) is legal exactly where
/// the turn starts in a position an earlier turn started in since the scores
/// last changed (GEN-10), but in the turn it was refused in; the answers are
/// the only decisions after an offer; a refusal hands the turn back unplayed.
#[test]
fn a_repetition_is_offered_where_a_position_repeats() {
    let game = game("offer-on-repetition");
    let offer = game.parse_decision("end").expect("the offer's name");
    let (mut offered, mut refused) = (0, 0);
    for seed in 0..200 {
        let mut rng = rng(seed);
        let mut state = GameState::new(&game);
        // The turn starts since the scores last changed.
        let mut starts: Vec<Position> = Vec::new();
        while state.outcome().is_none() {
            let position = *state.position();
            let answering = state.legal().any(|d| matches!(d, Decision::Answer(_)));
            if answering {
                assert_eq!(names(&state), ["accept", "refuse"]);
            } else if position.pending().is_none() && position.called().is_none() {
                if starts
                    .last()
                    .is_some_and(|p| p.captured() != position.captured())
                {
                    starts.clear();
                }
                let repeats = starts.iter().any(|p| p.repeats(&position));
                assert_eq!(state.legal().any(|d| d == offer), repeats, "seed {seed}");
                starts.push(position);
            }
            let legal: Vec<Decision> = state.legal().collect();
            // Offer where one may, and refuse half the offers.
            let decision = match (legal.contains(&offer), answering) {
                (true, _) => offer,
                (_, true) if rng.random_bool(0.5) => Decision::Answer(Answer::Refuse),
                _ => legal[rng.random_range(0..legal.len())],
            };
            offered += usize::from(decision == offer);
            let mover = position.to_move();
            state.play(decision).expect("legal");
            if decision == Decision::Answer(Answer::Refuse) {
                refused += 1;
                let after = state.position();
                assert_eq!(after.to_move(), mover.other(), "the offerer decides again");
                assert_eq!(after.turn(), position.turn(), "no turn is played");
                assert!(
                    !state.legal().any(|d| d == offer),
                    "not offered again this turn"
                );
            }
        }
    }
    assert!(
        offered >= 20 && refused >= 10,
        "offered {offered}, refused {refused}"
    );
}

/// Every decision of a game with calls and offers has a number below the
/// count that names it back, calls and answers after the moves.
#[test]
fn calls_and_answers_are_numbered_after_the_moves() {
    for file in ["called-ends", "offer-on-repetition"] {
        let game = game(file);
        let actions = Actions::of(&game);
        for action in 0..actions.count() {
            let decision = actions.decision(action).expect("below the count");
            assert_eq!(actions.number(decision), Some(action), "{file}");
        }
        assert_eq!(actions.decision(actions.count()), None);
        let holes = game.board().hole_count();
        for seed in 0..50 {
            let mut state = mancala::agents::playout::random_game(&game, seed);
            // Replayed decision by decision, each legal one numbered.
            let decisions = state.decisions().to_vec();
            state = GameState::new(&game);
            for decision in decisions {
                for legal in state.legal() {
                    let number = actions.number(legal).expect("numbered");
                    assert_eq!(legal.hole().is_none(), number >= holes, "{file}");
                }
                state.play(decision).expect("legal");
            }
        }
    }
}

/// A position waiting for an answer is written in `replay --json` and read
/// back from a position file, answers and all; one that names no offer of the
/// game is refused.
#[test]
fn an_offer_waiting_is_written_and_read_back() {
    let game = game("called-ends");
    let text = r#"{"board": [[4,4,4,4,4,1],[0,4,4,4,4,4]], "captured": {"south": 5, "north": 2},
        "to_move": "south", "turn": 12, "pending": {"kind": "answer", "offer": "offer_draw"}}"#;
    let position = mancala::present::json::parse_position(&game, text).expect("a position");
    assert_eq!(
        names(&GameState::from_position(&game, position)),
        ["accept", "refuse"]
    );
    let state = mancala::MatchState::from_position(&game, position, false).expect("a start");
    let replay = mancala::present::json::replay(&state);
    let pending = serde_json::to_value(&replay.pending).unwrap();
    assert_eq!(
        pending,
        serde_json::json!({"kind": "answer", "offer": "offer_draw"})
    );
    let refused = text.replace("answer", "refused");
    let position = mancala::present::json::parse_position(&game, &refused).expect("a position");
    let state = GameState::from_position(&game, position);
    assert!(
        !names(&state).contains(&"offer_draw".to_string()),
        "refused this turn"
    );
    assert!(names(&state).contains(&"resign".to_string()));
    for offer in ["resign", "pass", "accept", "a1"] {
        let text = text.replace("offer_draw", offer);
        assert!(
            mancala::present::json::parse_position(&game, &text).is_err(),
            "{offer}"
        );
    }
}

/// `passed()` is kept, written and read back only in games that read it: a
/// position file stating passes for another game is refused.
#[test]
fn passes_in_a_row_are_stated_only_where_read() {
    let text = r#"{"board": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "to_move": "south", "passed": 1}"#;
    let kalah = load("kalah", &[]).unwrap();
    let refused = mancala::present::json::parse_position(&kalah, text).unwrap_err();
    assert!(refused.to_string().contains("passed()"), "{refused}");
    let game = game("pass-to-end-the-phase");
    let position = mancala::present::json::parse_position(&game, text).expect("a position");
    assert_eq!(position.passed(), 1);
    // South passes too: two in a row end the game.
    let mut state = GameState::from_position(&game, position);
    state.play(game.parse_decision("pass").unwrap()).unwrap();
    assert!(state.outcome().is_some());
}
