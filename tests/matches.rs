//! Match play over many random matches: seeds are conserved from round to
//! round, closed holes stay empty, and the match ends only as its rules say.

use mancala::agents::playout;
use mancala::language::catalog;
use mancala::rules::game::{AtRoundLimit, Limits};
use mancala::rules::match_play::MatchState;
use mancala::rules::position::Position;
use mancala::rules::state::{Reason, Status};
use rand::RngExt;

#[test]
fn random_matches_conserve_seeds_and_keep_closed_holes_empty() {
    // Territory matches hand holes (and, with a shared hole, seeds) across the middle.
    let territory = [
        "nam-nam",
        "tests/games/territory-shared.toml",
        "tests/games/territory-topped-up.toml",
        "tests/games/territory-empty.toml",
        "tests/games/territory-in-turn.toml",
    ];
    let tallied = ["tests/games/tally.toml"];
    for id in ["rio-kadalis", "walak-pussa"]
        .into_iter()
        .chain(territory)
        .chain(tallied)
    {
        let mut game = catalog::load(id, &[]).unwrap();
        let limits = Limits {
            rounds: 30,
            ..game.limits()
        };
        game.set_limits(limits).unwrap();
        let closes = id == "rio-kadalis";
        let total = game.start().seeds();
        let mut held_across = false;
        for seed in 0..60 {
            let mut rng = playout::rng(seed);
            let mut state = MatchState::from_position(&game, game.start(), true).unwrap();
            let mut rounds = 0;
            loop {
                let p = state.position().widened();
                assert_eq!(p.seeds(), total, "{id} seed {seed}");
                assert!(p.closed().iter().all(|h| p.counts()[h as usize] == 0));
                assert!(closes || p.closed().is_empty(), "{id} closes no hole");
                assert!(territory.contains(&id) || p.territory().is_empty());
                held_across |= !p.territory().is_empty();
                if let Some([south, north]) = state.tally() {
                    // A point a round won, none for a draw: never more than the rounds played.
                    assert!(
                        south + north <= state.results().len() as i64,
                        "{id} seed {seed}"
                    );
                    assert!(state.outcome().is_some() || south.max(north) < 2);
                }
                if state.results().len() > rounds && state.outcome().is_none() {
                    rounds = state.results().len();
                    if tallied.contains(&id) {
                        // Every round of a tally match starts from the setup.
                        assert_eq!(p.counts(), game.start().counts(), "{id} seed {seed}");
                    }
                    // A new round: nothing played yet, the reserve is what is held.
                    assert_eq!(p.turn(), 0);
                    assert_eq!(p.captured(), state.reserve());
                    assert_eq!(state.round_number() as usize, rounds + 1);
                }
                if state.outcome().is_some() {
                    break;
                }
                let legal: Vec<_> = state.legal().collect();
                assert!(
                    legal
                        .iter()
                        .all(|d| !p.closed().contains(d.hole().expect("a move")))
                );
                state.play_index(rng.random_range(0..legal.len()));
            }
            let outcome = state.outcome().unwrap();
            assert!(
                matches!(
                    outcome.reason,
                    Reason::CannotRefill
                        | Reason::MatchLost
                        | Reason::Tally
                        | Reason::RoundLimit
                        | Reason::TurnLimit
                ),
                "{id} seed {seed}: {outcome:?}"
            );
        }
        assert_eq!(
            held_across,
            territory.contains(&id),
            "{id}: holes held across"
        );
    }
}

#[test]
fn the_same_seed_plays_the_same_match_and_its_decisions_replay_it() {
    let game = catalog::load("rio-kadalis", &[]).unwrap();
    let first = playout::random_match(&game, 7, true).unwrap();
    let again = playout::random_match(&game, 7, true).unwrap();
    assert_eq!(first.decisions(), again.decisions());
    let mut replayed = MatchState::from_position(&game, game.start(), true).unwrap();
    for &hole in first.decisions() {
        replayed.play(hole).unwrap();
    }
    assert_eq!(replayed.results(), first.results());
    assert_eq!(replayed.outcome(), first.outcome());
    assert_eq!(replayed.position(), first.position());
}

#[test]
fn a_round_that_starts_as_an_earlier_one_did_ends_nothing_unless_asked() {
    // Asked (`--round-repeats 0`), the first repeated start draws the match.
    let mut strict = catalog::load("rio-kadalis", &[]).unwrap();
    let limits = Limits {
        round_repeats: Some(0),
        ..strict.limits()
    };
    strict.set_limits(limits).unwrap();
    let drawn = playout::random_match(&strict, 1, true).unwrap();
    let outcome = *drawn.outcome().unwrap();
    assert_eq!(
        (outcome.status, outcome.reason),
        (Status::Draw, Reason::RoundRepetition)
    );
    // By default (no source draws for it), the same decisions go on into the
    // round that repeated, whose start is one of the earlier rounds' starts.
    let patient = catalog::load("rio-kadalis", &[]).unwrap();
    assert_eq!(patient.limits().round_repeats, None);
    let mut longer = MatchState::from_position(&patient, patient.start(), true).unwrap();
    let mut starts = vec![longer.position().widened()];
    for &hole in drawn.decisions() {
        let round = longer.round_number();
        longer.play(hole).unwrap();
        if longer.round_number() != round {
            starts.push(longer.position().widened());
        }
    }
    assert!(longer.outcome().is_none());
    let repeated = starts.pop().unwrap();
    assert!(starts.iter().any(|s| s.repeats(&repeated)));
    assert_eq!(repeated.closed(), drawn.position().closed());
    assert_eq!(repeated.counts(), drawn.position().counts());
}

#[test]
fn the_round_limit_ends_a_match_unfinished() {
    let mut game = catalog::load("walak-pussa", &[]).unwrap();
    let limits = Limits {
        rounds: 3,
        ..game.limits()
    };
    game.set_limits(limits).unwrap();
    let state = playout::random_match(&game, 2, true).unwrap();
    let outcome = state.outcome().unwrap();
    assert_eq!(
        (outcome.status, outcome.reason),
        (Status::Unfinished, Reason::RoundLimit)
    );
    assert_eq!(state.results().len(), 3);
}

#[test]
fn at_the_round_limit_the_side_ahead_can_win() {
    // Refilled rounds: the side holding more seeds after the last round wins.
    for id in ["walak-pussa", "rio-kadalis"] {
        let mut game = catalog::load(id, &[]).unwrap();
        let limits = Limits {
            rounds: 3,
            at_round_limit: AtRoundLimit::Ahead,
            ..game.limits()
        };
        game.set_limits(limits).unwrap();
        for seed in 0..20 {
            let state = playout::random_match(&game, seed, true).unwrap();
            let outcome = *state.outcome().unwrap();
            if outcome.reason != Reason::RoundLimit {
                continue;
            }
            let [south, north] = state.results().last().unwrap().holdings;
            let expected = match south.cmp(&north) {
                std::cmp::Ordering::Greater => Status::SouthWon,
                std::cmp::Ordering::Less => Status::NorthWon,
                std::cmp::Ordering::Equal => Status::Draw,
            };
            assert_eq!(outcome.status, expected, "{id} seed {seed}");
        }
    }
    // Tallied rounds (first to two): cut after one, the tally decides.
    let mut tallied = catalog::load("tests/games/tally.toml", &[]).unwrap();
    let limits = Limits {
        rounds: 1,
        at_round_limit: AtRoundLimit::Ahead,
        ..tallied.limits()
    };
    tallied.set_limits(limits).unwrap();
    let mut decided = 0;
    for seed in 0..20 {
        let state = playout::random_match(&tallied, seed, true).unwrap();
        let outcome = *state.outcome().unwrap();
        assert_eq!(outcome.reason, Reason::RoundLimit, "seed {seed}");
        let round = state.results()[0].outcome.status;
        assert_eq!(outcome.status, round, "seed {seed}: the one round decides");
        decided += usize::from(round != Status::Draw);
    }
    assert!(decided > 10, "{decided} of 20 rounds won");
}

#[test]
fn a_single_game_is_one_round_and_draws_as_random_game_does() {
    let game = catalog::load("walak-pussa", &[]).unwrap();
    for seed in 0..20 {
        let single = playout::random_match(&game, seed, false).unwrap();
        let plain = playout::random_game(&game, seed);
        assert_eq!(single.decisions(), plain.decisions());
        assert_eq!(single.results().len(), 1);
        assert_eq!(
            single.outcome().unwrap().status,
            plain.outcome().unwrap().status
        );
    }
    let kalah = catalog::load("kalah", &[]).unwrap();
    assert!(MatchState::from_position(&kalah, kalah.start(), true).is_err());
}

/// `short_hole = "shared_by_lot"`: a hole both sides fill half of goes to a
/// side drawn by lot, from the match's deal and the round, so that each side
/// wins it on some deals and the same deal always draws the same.
#[test]
fn a_hole_shared_equally_is_drawn_by_lot_from_the_deal() {
    let game = catalog::load("tests/games/shared-by-lot.toml", &[]).unwrap();
    // South, to move, has no seed: the round ends (no_moves) and North takes
    // b6's 3, holding 26 against South's 22. South fills a6..a2 and has 2 left;
    // North fills its row and has 2 left: a1 gets 2 of each.
    let text = r#"{"board": [[0,0,0,0,0,0],[0,0,0,0,0,3]], "captured": {"south": 22, "north": 23},
        "to_move": "south"}"#;
    let start = mancala::present::json::parse_position(&game, text).unwrap();
    let winner = |deal: u64| {
        let state = MatchState::from_position_dealt(&game, start, true, deal).unwrap();
        assert_eq!(state.round_number(), 2);
        let next = state.position();
        assert_eq!(next.count(0), 4, "a1 holds 2 of each");
        next.territory().contains(0)
    };
    let to_north = (0..200).filter(|&deal| winner(deal)).count();
    assert!((60..=140).contains(&to_north), "{to_north} of 200 to North");
    assert!((0..50).all(|deal| winner(deal) == winner(deal)));
}

/// `surplus = "territory_in_turn"` with `short_hole = "shared_by_lot"`: the
/// first to fill, left with half a hole, fills it at once with as many of the
/// other's, and the lot says whose it is.
#[test]
fn in_turn_a_hole_shared_equally_is_filled_at_once_and_drawn_by_lot() {
    let text = std::fs::read_to_string("tests/games/territory-in-turn.toml").unwrap();
    let text = text.replace("\"shared\"", "\"shared_by_lot\"");
    let game = mancala::language::load::load_str("by-lot", "by-lot.toml", &text, &[]).unwrap();
    // North, to move, holds a majority: the round ends, North 38, South 10.
    // North fills first (its row, then a6 a5 a4) and puts its last 2 with 2
    // of South's into a3 at once; South fills a2 and a1.
    let text = r#"{"board": [[0,0,0,0,0,0],[0,0,0,0,0,3]], "captured": {"south": 10, "north": 35},
        "to_move": "north"}"#;
    let start = mancala::present::json::parse_position(&game, text).unwrap();
    let winner = |deal: u64| {
        let state = MatchState::from_position_dealt(&game, start, true, deal).unwrap();
        let next = state.position();
        assert_eq!(next.count(2), 4, "a3 holds 2 of each");
        assert!([3, 4, 5].iter().all(|&h| next.territory().contains(h)));
        assert!(!next.territory().contains(0) && !next.territory().contains(1));
        next.territory().contains(2)
    };
    let to_north = (0..200).filter(|&deal| winner(deal)).count();
    assert!((60..=140).contains(&to_north), "{to_north} of 200 to North");
}

/// `lost_when` reads what a side holds as the round ends, its seeds in hand
/// among its captures: South, with 4 captured and 3 in hand, holds 7.
#[test]
fn lost_when_counts_the_seeds_in_hand() {
    let text = std::fs::read_to_string("tests/games/refill-by-hand.toml").unwrap();
    let lost_below = |seeds: u32| {
        let text = text.replace(
            "min_filled = 1",
            &format!("min_filled = 1\nlost_when = \"captured(side) < {seeds}\""),
        );
        let game = mancala::language::load::load_str("lost", "lost.toml", &text, &[]).unwrap();
        // South, to move, has no seed on the board and too few in hand to
        // place: the round ends, North taking b6's 3.
        let text = r#"{"board": [[0,0,0,0,0,0],[0,0,0,0,0,3]], "captured": {"south": 4, "north": 38},
            "hand": {"south": 3, "north": 0}, "to_move": "south"}"#;
        let start = mancala::present::json::parse_position(&game, text).unwrap();
        let state = MatchState::from_position(&game, start, true).unwrap();
        state.outcome().map(|outcome| outcome.reason)
    };
    assert_eq!(lost_below(7), None, "7 held is not fewer than 7");
    assert_eq!(lost_below(8), Some(Reason::MatchLost));
}

/// Plays `matches` random matches of the game at `path`, checking that the
/// seeds are conserved, and calls `check` at each new round with the position
/// the round before ended in and the match as the new round starts.
fn each_new_round(path: &str, matches: u64, mut check: impl FnMut(&Position, &MatchState)) {
    let game = catalog::load(path, &[]).unwrap();
    let total = game.start().seeds();
    for seed in 0..matches {
        let mut rng = playout::rng(seed);
        let mut state = MatchState::from_position(&game, game.start(), true).unwrap();
        while state.outcome().is_none() {
            let choice = rng.random_range(0..state.legal().len());
            // The round as it goes on alone: its end, where the match moves on.
            let mut round = state.round().clone();
            round.play_index(choice);
            let rounds = state.results().len();
            state.play_index(choice);
            assert_eq!(
                state.position().widened().seeds(),
                total,
                "{path} seed {seed}"
            );
            if state.results().len() > rounds && state.outcome().is_none() {
                check(&round.position().widened(), &state);
            }
        }
    }
}

/// `[match] claims = "kept"`: over random matches, every round starts with
/// the holes claimed as the round before ended.
#[test]
fn kept_claims_carry_into_the_next_round() {
    let mut carried = 0;
    each_new_round("tests/games/claims-kept.toml", 40, |end, state| {
        assert_eq!(state.position().claims(), end.claims());
        carried += usize::from(end.claims().iter().any(|c| !c.is_empty()));
    });
    assert!(carried > 0, "some round ends with holes claimed");
}

/// `[match] layout = "setup"`: over random matches, every round starts laid
/// out as the setup lays it out for its starter, with no reserve, the holes
/// each side owns still following what it held.
#[test]
fn rounds_laid_out_from_the_setup_hold_the_setups_seeds() {
    let path = "tests/games/territory-layout-setup.toml";
    let game = catalog::load(path, &[]).unwrap();
    let (mut rounds, mut held_across) = (0, 0);
    each_new_round(path, 40, |_, state| {
        let p = state.position().widened();
        let starter = state.to_move().expect("a round starts with a side to move");
        assert_eq!(p.counts(), game.deal(0, starter).counts());
        assert_eq!(p.captured(), [0, 0]);
        rounds += 1;
        held_across += usize::from(!p.territory().is_empty());
    });
    assert!(
        rounds > 40 && held_across > 0,
        "{rounds} rounds, {held_across} with holes held across"
    );
}

/// `[match] refills = "loser"`: over random matches, every round after a won
/// one starts with the winner's holes and captures as the round before ended,
/// the loser's holes holding four or closed.
#[test]
fn only_the_loser_refills_and_the_winners_holes_stay() {
    let mut refilled = 0;
    each_new_round("tests/games/refill-by-loser.toml", 60, |end, state| {
        let p = state.position().widened();
        let winner = state.to_move().expect("the winner starts").index();
        let own = |h: &usize| (*h < 6) == (winner == 0);
        let (winners, losers): (Vec<usize>, Vec<usize>) = (0..12).partition(own);
        assert!(winners.iter().all(|&h| p.counts()[h] == end.counts()[h]));
        assert_eq!(p.captured()[winner], end.captured()[winner]);
        assert!(
            losers
                .iter()
                .all(|&h| p.counts()[h] == 4 || p.closed().contains(h as u8))
        );
        refilled += 1;
    });
    assert!(refilled > 20, "{refilled} rounds refilled by the loser");
}
