//! Oware written by hand, the obvious way (OW-1..9 with six houses and four
//! seeds): a fixed array sown seed by seed, every candidate sown to check that
//! it feeds the opponent, and the turn starts since the last capture kept for
//! repetition. A baseline for the interpreter's speed.

/// Houses in sowing order: South's a1..a6 (0..5), then North's b6..b1 (6..11).
#[derive(Clone, Copy)]
pub struct Oware {
    houses: [u8; 12],
    south_to_move: bool,
    pub turn: u32,
    pub captured: [u32; 2],
}

const SEEDS: u32 = 48;

impl Oware {
    pub fn new() -> Oware {
        Oware {
            houses: [4; 12],
            south_to_move: true,
            turn: 0,
            captured: [0; 2],
        }
    }

    fn row(south: bool) -> std::ops::Range<usize> {
        if south { 0..6 } else { 6..12 }
    }

    fn seeds_in_row(&self, south: bool) -> u32 {
        self.houses[Oware::row(south)]
            .iter()
            .map(|&h| u32::from(h))
            .sum()
    }

    /// Plays `house` on a copy; `None` if it leaves the opponent without
    /// seeds (OW-5, which OW-7 makes the same as "must feed").
    fn after(&self, house: usize) -> Option<Oware> {
        let south = self.south_to_move;
        let mut next = *self;
        let mut hand = std::mem::take(&mut next.houses[house]);
        let mut at = house;
        while hand > 0 {
            at = (at + 1) % 12;
            if at == house {
                continue;
            }
            next.houses[at] += 1;
            hand -= 1;
        }
        let theirs = Oware::row(!south);
        let takes = |h: usize, houses: &[u8; 12]| theirs.contains(&h) && matches!(houses[h], 2 | 3);
        if takes(at, &next.houses) {
            let mut captured = next;
            let mut x = at;
            let mut taken = 0;
            loop {
                taken += u32::from(std::mem::take(&mut captured.houses[x]));
                x = (x + 11) % 12;
                if !takes(x, &captured.houses) {
                    break;
                }
            }
            // OW-7: a grand slam captures nothing.
            if captured.seeds_in_row(!south) > 0 {
                captured.captured[usize::from(!south)] += taken;
                next = captured;
            }
        }
        if next.seeds_in_row(!south) == 0 {
            return None;
        }
        next.turn += 1;
        next.south_to_move = !south;
        Some(next)
    }

    /// The legal moves with the positions they lead to, in the interpreter's
    /// order (by row, then column: a1..a6, b1..b6).
    pub fn successors(&self, out: &mut Vec<Oware>) {
        out.clear();
        let order: [usize; 6] = if self.south_to_move {
            [0, 1, 2, 3, 4, 5]
        } else {
            [11, 10, 9, 8, 7, 6]
        };
        for house in order {
            if self.houses[house] > 0
                && let Some(next) = self.after(house)
            {
                out.push(next);
            }
        }
    }

    /// OW-8's first two checks at a turn start: a repeated position (`history`
    /// holds the turn starts since the last capture) or a side holding more
    /// than half of the seeds, or both half.
    pub fn over_by_repetition_or_majority(&self, history: &mut Vec<Oware>) -> bool {
        if history.last().is_some_and(|p| p.captured != self.captured) {
            history.clear();
        }
        let repeated = history.iter().any(|p| {
            (p.houses, p.south_to_move, p.captured)
                == (self.houses, self.south_to_move, self.captured)
        });
        history.push(*self);
        let [south, north] = self.captured.map(|c| 2 * c);
        repeated || south > SEEDS || north > SEEDS || (south == SEEDS && north == SEEDS)
    }

    /// OW-8: each side takes the seeds left in its own row.
    pub fn finish(&mut self) {
        for south in [true, false] {
            self.captured[usize::from(!south)] += self.seeds_in_row(south);
        }
        self.houses = [0; 12];
    }
}
