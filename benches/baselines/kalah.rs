//! Kalah written by hand, the obvious way (KA-1..8 with six houses and four seeds):
//! a fixed array sown seed by seed. A baseline for the interpreter's speed.

/// Pits in sowing order: South's houses a1..a6 (0..5), South's store (6), North's
/// houses b6..b1 (7..12), North's store (13).
#[derive(Clone, Copy)]
pub struct Kalah {
    pits: [u8; 14],
    south_to_move: bool,
    pub turn: u32,
}

const SOUTH_STORE: usize = 6;
const NORTH_STORE: usize = 13;

impl Kalah {
    pub fn new() -> Kalah {
        let mut pits = [4; 14];
        pits[SOUTH_STORE] = 0;
        pits[NORTH_STORE] = 0;
        Kalah {
            pits,
            south_to_move: true,
            turn: 0,
        }
    }

    fn houses(south: bool) -> std::ops::Range<usize> {
        if south { 0..6 } else { 7..13 }
    }

    /// Legal moves in the interpreter's order (by row, then column: a1..a6, b1..b6).
    pub fn legal(&self, moves: &mut [usize; 6]) -> usize {
        let mut n = 0;
        let order: [usize; 6] = if self.south_to_move {
            [0, 1, 2, 3, 4, 5]
        } else {
            [12, 11, 10, 9, 8, 7]
        };
        for pit in order {
            if self.pits[pit] > 0 {
                moves[n] = pit;
                n += 1;
            }
        }
        n
    }

    pub fn play(&mut self, pit: usize) {
        let south = self.south_to_move;
        let (own_store, other_store) = if south {
            (SOUTH_STORE, NORTH_STORE)
        } else {
            (NORTH_STORE, SOUTH_STORE)
        };
        let mut seeds = std::mem::take(&mut self.pits[pit]);
        let mut at = pit;
        while seeds > 0 {
            at = (at + 1) % 14;
            if at == other_store {
                continue;
            }
            self.pits[at] += 1;
            seeds -= 1;
        }
        let own_house = Kalah::houses(south).contains(&at);
        let opposite = 12 - at;
        if own_house && self.pits[at] == 1 && self.pits[opposite] > 0 {
            self.pits[own_store] += 1 + std::mem::take(&mut self.pits[opposite]);
            self.pits[at] = 0;
        }
        self.turn += 1;
        if at != own_store {
            self.south_to_move = !south;
        }
    }

    /// KA-7: once either side's houses are empty, each takes its own; true if over.
    pub fn finish_if_over(&mut self) -> bool {
        let empty = |south: bool| Kalah::houses(south).all(|p| self.pits[p] == 0);
        if !empty(true) && !empty(false) {
            return false;
        }
        for (range, store) in [
            (Kalah::houses(true), SOUTH_STORE),
            (Kalah::houses(false), NORTH_STORE),
        ] {
            for p in range {
                self.pits[store] += std::mem::take(&mut self.pits[p]);
            }
        }
        true
    }

    pub fn stores(&self) -> [u32; 2] {
        [self.pits[SOUTH_STORE] as u32, self.pits[NORTH_STORE] as u32]
    }
}
