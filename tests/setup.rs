//! The one checked path to a position (`Setup::position`): counts are refused,
//! not wrapped, past what a position holds; closed holes only where the game's
//! refill closes them; a position round-trips through its setup.

use mancala::{Hole, Setup, SetupError, load};

fn setup(counts: &[(Hole, u64)]) -> Setup {
    Setup {
        counts: counts.to_vec(),
        ..Setup::empty()
    }
}

#[test]
fn a_hole_past_its_count_is_refused_not_wrapped() {
    let game = load("kalah", &[]).unwrap();
    assert_eq!(
        setup(&[(0, 65_536)]).position(&game),
        Err(SetupError::HoleTooFull {
            hole: "a1".into(),
            seeds: 65_536
        })
    );
    let captured = Setup {
        captured: [u64::from(u32::MAX) + 1, 0],
        ..Setup::empty()
    };
    assert!(matches!(
        captured.position(&game),
        Err(SetupError::TooManySeeds(_))
    ));
    assert!(setup(&[(0, 65_535)]).position(&game).is_ok());
}

#[test]
fn closed_holes_only_where_a_refill_closes_them() {
    let closed = Setup {
        closed: vec![0],
        ..Setup::empty()
    };
    let kalah = load("kalah", &[]).unwrap();
    let walak = load("walak-pussa", &[]).unwrap();
    let rio = load("rio-kadalis", &[]).unwrap();
    assert!(matches!(
        closed.position(&kalah),
        Err(SetupError::ClosedNotPossible(_))
    ));
    // Walak-pussa's refill leaves short holes open (WP-12).
    assert!(matches!(
        closed.position(&walak),
        Err(SetupError::ClosedNotPossible(_))
    ));
    assert!(closed.position(&rio).is_ok());
}

#[test]
fn a_setup_round_trips_through_its_position() {
    let game = load("nsolo", &[]).unwrap();
    let again = Setup::of(game.board(), &game.start())
        .position(&game)
        .unwrap();
    assert_eq!(again, game.start());
}
