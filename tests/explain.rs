//! `mancala explain` reads every bundled game back in English; the snapshot is
//! reviewed against each game's rules document.

use mancala::language::{catalog, load};
use mancala::studies::explain;

#[test]
fn every_bundled_game_explained() {
    for id in catalog::bundled_ids() {
        let source = catalog::source(&id).unwrap();
        let game = catalog::load(&id, &[]).unwrap();
        let spec = load::spec_of(&source).unwrap();
        insta::assert_snapshot!(id.clone(), explain::explain(&spec, &game));
    }
}
