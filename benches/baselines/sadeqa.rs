//! Sadeqa III written by hand, the obvious way (SQ-1..12, six stones a hole): a
//! fixed array sown seed by seed, every candidate checked for GEN-7. A baseline
//! for the interpreter's speed.

/// Holes in sowing order: a1..a8 (0..7), then b8..b1 (8..15).
#[derive(Clone, Copy)]
pub struct Sadeqa {
    holes: [u8; 16],
    south_to_move: bool,
    pub turn: u32,
    pub captured: [u32; 2],
}

const LAP_LIMIT: u32 = 10_000;

impl Sadeqa {
    pub fn new() -> Sadeqa {
        Sadeqa {
            holes: [6; 16],
            south_to_move: true,
            turn: 0,
            captured: [0; 2],
        }
    }

    fn own(south: bool, hole: usize) -> bool {
        (hole < 8) == south
    }

    /// Plays `hole` on a copy; `None` if the sowing is endless (GEN-7).
    fn after(&self, hole: usize) -> Option<Sadeqa> {
        let mut next = *self;
        let mut hand = std::mem::take(&mut next.holes[hole]);
        let mut at = hole;
        let mut lap = 1;
        loop {
            for _ in 0..hand {
                at = (at + 1) % 16;
                next.holes[at] += 1;
            }
            if next.holes[at] == 1 {
                break;
            }
            if lap == LAP_LIMIT {
                return None;
            }
            hand = std::mem::take(&mut next.holes[at]);
            lap += 1;
        }
        let south = self.south_to_move;
        if Sadeqa::own(south, at) {
            let opposite = 15 - at;
            next.captured[usize::from(!south)] += std::mem::take(&mut next.holes[opposite]) as u32;
        }
        next.turn += 1;
        next.south_to_move = !south;
        Some(next)
    }

    /// The legal moves with the positions they lead to, in the interpreter's order
    /// (a1..a8, then b1..b8).
    pub fn successors(&self, out: &mut Vec<Sadeqa>) {
        out.clear();
        let order: [usize; 8] = if self.south_to_move {
            [0, 1, 2, 3, 4, 5, 6, 7]
        } else {
            [15, 14, 13, 12, 11, 10, 9, 8]
        };
        for hole in order {
            if self.holes[hole] > 0
                && let Some(next) = self.after(hole)
            {
                out.push(next);
            }
        }
    }

    /// SQ-10/11: the side to move cannot move; the stones left go to the other side.
    pub fn finish(&mut self) {
        let last_mover = if self.south_to_move { 1 } else { 0 };
        self.captured[last_mover] += self.holes.iter().map(|&h| h as u32).sum::<u32>();
        self.holes = [0; 16];
    }
}
