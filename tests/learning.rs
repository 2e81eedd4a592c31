//! What learning programs read: the fixed numbering of decisions
//! (`rules::actions`) and positions as numbers (`present::tensor`), on games
//! whose positions are worked out by hand.

use mancala::GameState;
use mancala::present::tensor::Layout;
use mancala::rules::actions::Actions;
use rand::RngExt;

/// A decision a game never offers has no number (rather than another's).
#[test]
fn foreign_decisions_have_none() {
    let game = mancala::load("kalah", &[]).expect("bundled");
    let actions = Actions::of(&game);
    let a3 = game.parse_decision("a3").expect("a hole");
    assert_eq!(actions.number(a3), Some(2));
    let a3_cw = game.parse_decision("a3:cw").expect("a decision's form");
    assert_eq!(actions.number(a3_cw), None);
    let declining = game
        .parse_decision("a3:decline")
        .expect("a decision's form");
    assert_eq!(actions.number(declining), None);
}

/// Kalah(6,4) after a3: the seeds, the store and the side to move land in
/// their slots.
#[test]
fn a_position_fills_its_slots() {
    let game = mancala::load("kalah", &[]).expect("bundled");
    let mut state = GameState::new(&game);
    state
        .play(game.board().parse_hole("a3").expect("a hole"))
        .expect("legal");
    let layout = Layout::of(&game);
    assert_eq!(layout.size(), 8 * 12 + 18);
    let mut out = vec![f32::NAN; layout.size()];
    layout.write(state.position(), state.to_move(), &mut out);
    let seeds = 48.0;
    // a3 is emptied; a4, a5, a6 get one more; the last seed lands in the
    // store, and South moves again (KA-6).
    assert_eq!(out[2], 0.0);
    assert_eq!(out[3..6], [5.0 / seeds; 3]);
    assert_eq!(out[12], 1.0 / seeds);
    assert!(out[13..17 + 4 * 12].iter().all(|&x| x == 0.0));
    assert_eq!(out[5 * 12 + 5..5 * 12 + 7], [1.0, 0.0]);
    // Kalah's rules read nothing more of a position.
    assert!(out[5 * 12 + 7..].iter().all(|&x| x == 0.0));
}

/// What a position remembers beyond its seeds: an offer waiting for its
/// answer, and then refused (tests/games/called-ends.toml), each in its slot.
#[test]
fn an_offer_waiting_and_refused_is_written() {
    let game = mancala::load("tests/games/called-ends.toml", &[]).expect("a test game");
    let layout = Layout::of(&game);
    let holes = game.board().hole_count();
    let [waiting, refused] = [8 * holes + 14, 8 * holes + 15];
    let mut rng = mancala::agents::playout::rng(1);
    let mut state = GameState::new(&game);
    let mut out = vec![f32::NAN; layout.size()];
    let offer = game.parse_decision("offer_draw").expect("the offer's name");
    while !state.legal().any(|d| d == offer) {
        let moves: Vec<_> = state.legal().filter(|d| d.hole().is_some()).collect();
        state
            .play(moves[rng.random_range(0..moves.len())])
            .expect("legal");
    }
    layout.write(state.position(), state.to_move(), &mut out);
    assert_eq!([out[waiting], out[refused]], [0.0, 0.0]);
    state.play(offer).expect("legal");
    layout.write(state.position(), state.to_move(), &mut out);
    assert_eq!([out[waiting], out[refused]], [1.0, 0.0]);
    let refuse = game.parse_decision("refuse").expect("an answer");
    state.play(refuse).expect("legal");
    layout.write(state.position(), state.to_move(), &mut out);
    assert_eq!([out[waiting], out[refused]], [0.0, 1.0]);
    assert!(out.iter().all(|x| (0.0..=1.0).contains(x)));
}

/// A claimed hole (Toguz Kumalak's tuzdyk) is marked in its claimer's slots,
/// and nowhere else.
#[test]
fn claims_are_marked() {
    let game = mancala::load("toguz-kumalak", &[]).expect("bundled");
    let layout = Layout::of(&game);
    let holes = game.board().hole_count();
    let mut rng = mancala::agents::playout::rng(1);
    let mut state = GameState::new(&game);
    while state.position().claims().iter().all(|set| set.is_empty()) {
        let choices = state.legal().len();
        assert!(choices > 0, "some random game of this seed claims a hole");
        state.play_index(rng.random_range(0..choices));
    }
    let mut out = vec![f32::NAN; layout.size()];
    layout.write(state.position(), state.to_move(), &mut out);
    let claims = state.position().claims();
    for hole in 0..holes {
        for (side, set) in claims.iter().enumerate() {
            let slot = out[holes + 5 + (1 + side) * holes + hole];
            assert_eq!(slot, f32::from(u8::from(set.contains(hole as u8))));
        }
        assert_eq!(out[holes + 5 + hole], 0.0, "nothing is closed");
    }
}
