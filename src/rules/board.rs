//! Board geometry: hole names, owners, rows, opposite holes and sowing circuits,
//! all resolved to tables when a game loads so that play never looks up a name.

use std::fmt;

/// Most holes a board may have (four rows of 36, the largest documented board).
pub const MAX_HOLES: usize = 144;
/// Most cells: the holes and two stores.
pub const MAX_CELLS: usize = MAX_HOLES + 2;

/// A hole, as an index into the board: `row * columns + (column - 1)`, rows from `a`;
/// on boards with stores, South's store follows the last hole and North's comes after it.
pub type Hole = u8;

const STEP_TABLE_CELLS: usize = Hole::MAX as usize + 1;

/// The hole after each cell along a circuit, indexed by any `Hole`: a table
/// that covers every value of a `Hole` needs no bounds check in the sowing loop.
pub type StepTable = [Hole; STEP_TABLE_CELLS];

/// One of the two players (GEN-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first, on row `a` (rows `a` and `b` of four).
    South = 0,
    /// The other side.
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index of a side's entry in per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// A side from its name (`"south"`, `"north"`).
    pub fn parse(text: &str) -> Option<Side> {
        match text {
            "south" => Some(Side::South),
            "north" => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of holes, as a fixed bit set: copying it never allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HoleSet([u64; MAX_CELLS.div_ceil(64)]);

impl HoleSet {
    /// Adds `hole`.
    pub fn insert(&mut self, hole: Hole) {
        self.0[hole as usize / 64] |= 1 << (hole % 64);
    }

    /// Takes `hole` out.
    pub fn remove(&mut self, hole: Hole) {
        self.0[hole as usize / 64] &= !(1 << (hole % 64));
    }

    /// Whether `hole` is in the set.
    pub fn contains(&self, hole: Hole) -> bool {
        self.0[hole as usize / 64] & (1 << (hole % 64)) != 0
    }

    /// Whether the set has no hole.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The holes of `self` not in `other`, with those of `added`.
    pub fn without_with(self, other: HoleSet, added: HoleSet) -> HoleSet {
        HoleSet(std::array::from_fn(|i| {
            (self.0[i] & !other.0[i]) | added.0[i]
        }))
    }

    /// The holes in either.
    pub fn union(self, other: HoleSet) -> HoleSet {
        HoleSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The holes in both.
    pub fn both(self, other: HoleSet) -> HoleSet {
        HoleSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The holes in board order (row `a` first, then by column).
    /// Takes the lowest hole out of the set.
    pub fn pop_first(&mut self) -> Option<Hole> {
        let (index, word) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let bit = word.trailing_zeros();
        *word &= *word - 1;
        Some((index * 64 + bit as usize) as Hole)
    }

    /// The holes of the set, in board order.
    pub fn iter(self) -> HoleSetIter {
        HoleSetIter { rest: self }
    }
}

/// The holes of a set in board order, taken out lowest first (a loop over
/// the words, which the compiler keeps tighter than a chain of adapters).
#[derive(Clone)]
pub struct HoleSetIter {
    rest: HoleSet,
}

impl Iterator for HoleSetIter {
    type Item = Hole;

    #[inline]
    fn next(&mut self) -> Option<Hole> {
        self.rest.pop_first()
    }
}

/// How the holes are linked for sowing (GEN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CircuitKind<'a> {
    /// Two rows, one loop over the whole board, shared by both sides.
    WholeBoard,
    /// Four rows, each side sowing only around its own two rows.
    OwnRows,
    /// One loop shared by both sides through every hole (and store) in the
    /// order named, counterclockwise: a zigzag, or any other path.
    Track(&'a [String]),
}

impl CircuitKind<'_> {
    /// The word game files use for it.
    pub fn name(self) -> &'static str {
        match self {
            CircuitKind::WholeBoard => "board",
            CircuitKind::OwnRows => "own_rows",
            CircuitKind::Track(_) => "track",
        }
    }
}

/// Sowing direction as seen from above with South at the bottom (GEN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// `"ccw"`: along South's row to the right, back along North's.
    Counterclockwise,
    /// `"cw"`: the other way.
    Clockwise,
}

impl Direction {
    /// The word a decision and a game file use: `ccw` or `cw`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Counterclockwise => "ccw",
            Direction::Clockwise => "cw",
        }
    }

    /// A direction from its word (`"ccw"`, `"cw"`).
    pub fn parse(word: &str) -> Option<Direction> {
        match word {
            "ccw" => Some(Direction::Counterclockwise),
            "cw" => Some(Direction::Clockwise),
            _ => None,
        }
    }

    /// The other direction.
    pub fn other(self) -> Direction {
        match self {
            Direction::Counterclockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::Counterclockwise,
        }
    }
}

/// Why a board cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// Not a number of rows a board can have.
    Rows(i64),
    /// Not a number of columns a board of this many rows can have.
    Columns(i64, usize),
    /// A circuit that needs another number of rows.
    CircuitNeedsRows(&'static str, usize),
    /// Stores on a circuit that does not go round the whole board.
    StoresNeedWholeBoard,
    /// A track that does not name every cell once, or names one the board lacks.
    Track(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Rows(rows) => write!(f, "a board has 2 or 4 rows, not {rows}"),
            BoardError::Columns(columns, max) => {
                write!(
                    f,
                    "holes per row must be between 1 and {max}, not {columns}"
                )
            }
            BoardError::CircuitNeedsRows("own_rows", rows) => write!(
                f,
                "the circuit \"own_rows\" needs four rows (two per side); this board has {rows} (use \"board\")"
            ),
            BoardError::CircuitNeedsRows(_, rows) => write!(
                f,
                "the circuit \"board\" loops over two rows; this board has {rows} (use \"own_rows\")"
            ),
            BoardError::StoresNeedWholeBoard => {
                write!(
                    f,
                    "stores sit on a circuit shared by both sides (\"board\" or \"track\")"
                )
            }
            BoardError::Track(problem) => write!(f, "{problem}"),
        }
    }
}

/// The board of a loaded game: every table the engine and the expressions need.
#[derive(Debug, Clone)]
pub struct Board {
    rows: usize,
    columns: usize,
    /// `rows * columns`, asked at every drop (a store's cell comes after them).
    holes: usize,
    stores: Option<StoreEnd>,
    sown: SownStores,
    /// The game's direction of sowing, in which the circuits run.
    direction: Direction,
    /// Per cell (holes, then stores).
    owner: Vec<Side>,
    opposite: Vec<Hole>,
    /// Sowing order per side (the circuit that side sows around), in the game's direction.
    circuits: [Vec<Hole>; 2],
    /// Position of each hole in each side's circuit (`u16::MAX` when not on it).
    circuit_index: [[u16; STEP_TABLE_CELLS]; 2],
    /// The hole after each hole along each side's circuit (the sowing fast path).
    next: [StepTable; 2],
    /// The hole before each hole: the next one when sowing the other way.
    back: [StepTable; 2],
    side_holes: [HoleSet; 2],
    all_holes: HoleSet,
}

/// Where each side's store sits, as its owner sees the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreEnd {
    /// At the owner's right: South's at the east end, North's at the west.
    Right,
    /// At the owner's left: South's at the west end, North's at the east.
    Left,
}

/// Whose sowing drops seeds into a store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SownStores {
    /// Each side's sowing passes the other side's store by.
    Own,
    /// Both sides' sowings drop seeds into both stores.
    Both,
}

impl StoreEnd {
    /// As game files spell it: `right`, `left`.
    pub fn name(self) -> &'static str {
        match self {
            StoreEnd::Right => "right",
            StoreEnd::Left => "left",
        }
    }
}

/// The cells a track names, in its order: every hole once, and each store once on
/// a board with stores (`south_store`, `north_store`).
fn track_cells(
    names: &[String],
    rows: usize,
    columns: usize,
    stores: bool,
) -> Result<Vec<Hole>, BoardError> {
    let holes = rows * columns;
    let cells = holes + if stores { 2 } else { 0 };
    let cell = |name: &str| -> Option<Hole> {
        match name {
            "south_store" if stores => Some(holes as Hole),
            "north_store" if stores => Some(holes as Hole + 1),
            _ => {
                let (letter, digits) = name.split_at_checked(1)?;
                let row = letter.bytes().next()?.checked_sub(b'a')? as usize;
                let column: usize = digits
                    .parse()
                    .ok()
                    .filter(|_| !digits.starts_with(['0', '+']))?;
                (row < rows && (1..=columns).contains(&column))
                    .then(|| (row * columns + column - 1) as Hole)
            }
        }
    };
    let name_of = |h: usize| match h {
        h if h == holes => "south_store".to_string(),
        h if h > holes => "north_store".to_string(),
        h => format!(
            "{}{}",
            (b'a' + (h / columns) as u8) as char,
            h % columns + 1
        ),
    };
    let mut seen = vec![false; cells];
    let mut track = Vec::with_capacity(cells);
    for name in names {
        let Some(h) = cell(name) else {
            let expected = if stores {
                "a hole of this board, south_store or north_store"
            } else {
                "a hole of this board (it has no stores)"
            };
            return Err(BoardError::Track(format!(
                "the track names `{name}`: expected {expected}"
            )));
        };
        if std::mem::replace(&mut seen[h as usize], true) {
            return Err(BoardError::Track(format!("the track names {name} twice")));
        }
        track.push(h);
    }
    let missing: Vec<String> = (0..cells).filter(|&h| !seen[h]).map(name_of).collect();
    if !missing.is_empty() {
        return Err(BoardError::Track(format!(
            "the track must name every hole{} once; it leaves out {}",
            if stores { " and store" } else { "" },
            missing.join(", ")
        )));
    }
    Ok(track)
}

/// A board's shape, checked, from which `Board::new` works out its tables.
struct Shape {
    rows: usize,
    columns: usize,
    holes: usize,
    stores: Option<StoreEnd>,
    sown: SownStores,
    direction: Direction,
}

/// Each side's circuit as a table: a cell's place on it, and the cells after
/// and before it.
type StepTables = (
    [[u16; STEP_TABLE_CELLS]; 2],
    [[Hole; STEP_TABLE_CELLS]; 2],
    [[Hole; STEP_TABLE_CELLS]; 2],
);

impl Shape {
    /// The shape of `rows` x `columns`, refused where the circuit or the stores
    /// cannot be laid on it.
    fn checked(
        rows: i64,
        columns: i64,
        circuit: &CircuitKind,
        (direction, stores, sown): (Direction, Option<StoreEnd>, SownStores),
    ) -> Result<Shape, BoardError> {
        if rows != 2 && rows != 4 {
            return Err(BoardError::Rows(rows));
        }
        let rows = rows as usize;
        let max_columns = MAX_HOLES / rows;
        if columns < 1 || columns as usize > max_columns {
            return Err(BoardError::Columns(columns, max_columns));
        }
        let columns = columns as usize;
        let wanted_rows = match circuit {
            CircuitKind::WholeBoard => Some(2),
            CircuitKind::OwnRows => Some(4),
            CircuitKind::Track(_) => None,
        };
        if wanted_rows.is_some_and(|wanted| rows != wanted) {
            return Err(BoardError::CircuitNeedsRows(circuit.name(), rows));
        }
        if stores.is_some() && *circuit == CircuitKind::OwnRows {
            return Err(BoardError::StoresNeedWholeBoard);
        }
        Ok(Shape {
            rows,
            columns,
            holes: rows * columns,
            stores,
            sown,
            direction,
        })
    }

    fn hole(&self, row: usize, column: usize) -> Hole {
        (row * self.columns + column) as Hole
    }

    fn store(&self, side: Side) -> Hole {
        (self.holes + side.index()) as Hole
    }

    fn cells(&self) -> usize {
        self.holes + if self.stores.is_some() { 2 } else { 0 }
    }

    /// Each cell's side: the lower half of the rows South's, a store its own.
    fn owners(&self) -> Vec<Side> {
        (0..self.cells())
            .map(|h| match h {
                h if h >= self.holes => Side::BOTH[h - self.holes],
                h if h / self.columns < self.rows / 2 => Side::South,
                _ => Side::North,
            })
            .collect()
    }

    /// GEN-4: on two rows aK/bK; on four rows bK/cK (inner) and aK/dK (outer).
    /// A store has no opposite hole: it faces itself.
    fn opposites(&self) -> Vec<Hole> {
        (0..self.cells())
            .map(|h| match h {
                h if h >= self.holes => h as Hole,
                h => self.hole(self.rows - 1 - h / self.columns, h % self.columns),
            })
            .collect()
    }

    /// The stores on `side`'s circuit: its own, or both.
    fn stores_sown_by(&self, side: Side) -> Vec<Side> {
        match (self.stores, self.sown) {
            (None, _) => vec![],
            (Some(_), SownStores::Own) => vec![side],
            (Some(_), SownStores::Both) => Side::BOTH.to_vec(),
        }
    }

    /// Each side's circuit, in the game's direction.
    fn circuits(&self, circuit: &CircuitKind) -> Result<[Vec<Hole>; 2], BoardError> {
        let mut circuits = match circuit {
            CircuitKind::WholeBoard => [
                self.loop_over(0, 1, Side::South),
                self.loop_over(0, 1, Side::North),
            ],
            CircuitKind::OwnRows => [
                self.loop_over(0, 1, Side::South),
                self.loop_over(2, 3, Side::North),
            ],
            CircuitKind::Track(names) => {
                let track = track_cells(names, self.rows, self.columns, self.stores.is_some())?;
                Side::BOTH.map(|side| {
                    let sown = self.stores_sown_by(side);
                    let on_circuit = |h: Hole| {
                        (h as usize) < self.holes || sown.iter().any(|&s| self.store(s) == h)
                    };
                    track.iter().copied().filter(|&h| on_circuit(h)).collect()
                })
            }
        };
        if self.direction == Direction::Clockwise {
            circuits.iter_mut().for_each(|order| order.reverse());
        }
        Ok(circuits)
    }

    /// GEN-3: counterclockwise is the lower row left to right, the upper row
    /// right to left. A side's store, on its own circuit only, sits at the east
    /// end (after the lower row) or the west end (after the upper row): South's
    /// right is east, North's right is west.
    fn loop_over(&self, lower: usize, upper: usize, side: Side) -> Vec<Hole> {
        let east = |side: Side| {
            matches!(
                (self.stores, side),
                (Some(StoreEnd::Right), Side::South) | (Some(StoreEnd::Left), Side::North)
            )
        };
        let sown = self.stores_sown_by(side);
        let mut order: Vec<Hole> = (0..self.columns).map(|c| self.hole(lower, c)).collect();
        order.extend(sown.iter().filter(|&&s| east(s)).map(|&s| self.store(s)));
        order.extend((0..self.columns).rev().map(|c| self.hole(upper, c)));
        order.extend(sown.iter().filter(|&&s| !east(s)).map(|&s| self.store(s)));
        order
    }
}

/// The step tables of two circuits.
fn step_tables(circuits: &[Vec<Hole>; 2]) -> StepTables {
    let mut circuit_index = [[u16::MAX; STEP_TABLE_CELLS]; 2];
    let mut next = [[0; STEP_TABLE_CELLS]; 2];
    let mut back = [[0; STEP_TABLE_CELLS]; 2];
    for side in 0..2 {
        let order = &circuits[side];
        for (i, &h) in order.iter().enumerate() {
            let after = order[(i + 1) % order.len()];
            circuit_index[side][h as usize] = i as u16;
            next[side][h as usize] = after;
            back[side][after as usize] = h;
        }
    }
    (circuit_index, next, back)
}

impl Board {
    /// A board of `rows` x `columns` holes; with stores, each side also has a
    /// store at the given end of its row, which the other side's sowing skips
    /// unless `sown` is `Both`.
    pub fn new(
        rows: i64,
        columns: i64,
        circuit: CircuitKind,
        direction: Direction,
        stores: Option<StoreEnd>,
        sown: SownStores,
    ) -> Result<Board, BoardError> {
        let shape = Shape::checked(rows, columns, &circuit, (direction, stores, sown))?;
        let circuits = shape.circuits(&circuit)?;
        let (circuit_index, next, back) = step_tables(&circuits);
        let mut board = Board {
            rows: shape.rows,
            columns: shape.columns,
            holes: shape.holes,
            stores,
            sown,
            direction,
            owner: shape.owners(),
            opposite: shape.opposites(),
            circuits,
            circuit_index,
            next,
            back,
            side_holes: [HoleSet::default(); 2],
            all_holes: HoleSet::default(),
        };
        for h in 0..shape.holes as Hole {
            board.side_holes[board.owner(h).index()].insert(h);
            board.all_holes.insert(h);
        }
        debug_assert!(Side::BOTH.iter().all(|&side| {
            board
                .side_range(side)
                .map(|h| h as Hole)
                .eq(board.side_holes(side).iter())
        }));
        Ok(board)
    }

    /// Whether each side has a store.
    pub fn has_stores(&self) -> bool {
        self.stores.is_some()
    }

    /// Whose sowing drops seeds into a store.
    pub fn sown_stores(&self) -> SownStores {
        self.sown
    }

    /// Where the stores sit, on boards that have them.
    pub fn store_end(&self) -> Option<StoreEnd> {
        self.stores
    }

    /// The side's store, on boards that have stores.
    pub fn store(&self, side: Side) -> Option<Hole> {
        self.stores
            .map(|_| (self.hole_count() + side.index()) as Hole)
    }

    /// Whether `cell` is a store.
    pub fn is_store(&self, cell: Hole) -> bool {
        cell as usize >= self.hole_count()
    }

    /// Whether `cell` is one of the board's holes (not a store, not past the board).
    pub fn is_hole(&self, cell: Hole) -> bool {
        (cell as usize) < self.hole_count()
    }

    /// Rows of holes (2 or 4).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Holes in each row.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Holes on the board, stores aside.
    pub fn hole_count(&self) -> usize {
        self.holes
    }

    /// The holes and the stores: every cell a position may hold seeds in.
    pub fn cell_count(&self) -> usize {
        self.hole_count() + if self.has_stores() { 2 } else { 0 }
    }

    /// Every hole, in board order (a1, a2, ..., b1, ...), stores aside.
    pub fn holes(&self) -> impl Iterator<Item = Hole> + use<> {
        0..self.hole_count() as Hole
    }

    /// The side whose row `hole` is in.
    pub fn owner(&self, hole: Hole) -> Side {
        self.owner[hole as usize]
    }

    /// Row index from `a` (0) upward.
    pub fn row(&self, hole: Hole) -> usize {
        hole as usize / self.columns
    }

    /// Column number 1..N, left to right from South's seat (GEN-2); a store
    /// counts as column N+1 (South's, east) or 0 (North's, west).
    pub fn column(&self, hole: Hole) -> usize {
        match self.store_side(hole) {
            Some(Side::South) => self.columns + 1,
            Some(Side::North) => 0,
            None => hole as usize % self.columns + 1,
        }
    }

    fn store_side(&self, cell: Hole) -> Option<Side> {
        self.is_store(cell)
            .then(|| Side::BOTH[cell as usize - self.hole_count()])
    }

    /// Column number 1..N, left to right from the seat of the hole's owner.
    pub fn seat_column(&self, hole: Hole) -> usize {
        match self.owner(hole) {
            Side::South => self.column(hole),
            Side::North => self.columns + 1 - self.column(hole),
        }
    }

    /// Inner (front) row: every row of a two-row board; rows `b` and `c` of four.
    /// A store is in no row.
    pub fn is_inner(&self, hole: Hole) -> bool {
        !self.is_store(hole) && (self.rows == 2 || matches!(self.row(hole), 1 | 2))
    }

    /// The hole facing `hole` across the board (GEN-4).
    pub fn opposite(&self, hole: Hole) -> Hole {
        self.opposite[hole as usize]
    }

    /// The cell in the same place seen from the other seat: the board turned
    /// half round, so that each hole goes to the other side's hole of the same
    /// row and column from its owner's seat (`[swap]`), and each store to the
    /// other store.
    pub fn turned_round(&self, cell: Hole) -> Hole {
        match self.store_side(cell) {
            Some(side) => self.store(side.other()).expect("a board with stores"),
            None => (self.hole_count() - 1 - cell as usize) as Hole,
        }
    }

    /// Whether the board looks the same from either seat: turned half round,
    /// each side's circuit is the other's (a swap of seats, `[swap]`, turns
    /// the seeds round, not the circuits). A track may not be.
    pub fn same_from_either_seat(&self) -> bool {
        let cells = 0..self.cell_count() as Hole;
        cells.into_iter().all(|cell| {
            Side::BOTH.into_iter().all(|side| {
                let turned = self.turned_round(cell);
                [1, -1].into_iter().all(|steps| {
                    self.step(side.other(), turned, steps)
                        == self.turned_round(self.step(side, cell, steps))
                }) && self.on_circuit(side, cell) == self.on_circuit(side.other(), turned)
            })
        })
    }

    /// The hole in the same column in the owner's other row (four-row boards,
    /// which have no stores).
    pub fn behind(&self, hole: Hole) -> Hole {
        let row = self.row(hole);
        let partner = if row.is_multiple_of(2) {
            row + 1
        } else {
            row - 1
        };
        (partner * self.columns + hole as usize % self.columns) as Hole
    }

    /// The hole in row `row` (0 for `a`) and column `column` (from 1), if there is one.
    pub fn hole_at(&self, row: usize, column: usize) -> Option<Hole> {
        (row < self.rows && (1..=self.columns).contains(&column))
            .then(|| (row * self.columns + column - 1) as Hole)
    }

    /// The hole's name: `a1`, `b3`, or `south_store`.
    pub fn name(&self, hole: Hole) -> String {
        match self.store_side(hole) {
            Some(side) => format!("{side}_store"),
            None => format!(
                "{}{}",
                (b'a' + self.row(hole) as u8) as char,
                self.column(hole)
            ),
        }
    }

    /// Parses a hole name such as `b3`; `None` if it is not a hole of this board.
    pub fn parse_hole(&self, name: &str) -> Option<Hole> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.starts_with('0') {
            return None;
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        self.hole_at((letter as u8 - b'a') as usize, digits.parse().ok()?)
    }

    /// The rows, for messages: `a to d`.
    pub fn row_letters(&self) -> String {
        format!("a to {}", (b'a' + self.rows as u8 - 1) as char)
    }

    /// Whether `cell` is on `side`'s circuit (on four rows, only its own rows are).
    pub fn on_circuit(&self, side: Side, cell: Hole) -> bool {
        self.circuit_index[side.index()]
            .get(cell as usize)
            .is_some_and(|&i| i != u16::MAX)
    }

    /// Cells on `side`'s circuit (its holes, and its store if any).
    pub fn circuit_length(&self, side: Side) -> usize {
        self.circuits[side.index()].len()
    }

    /// The game's direction of sowing (a move may be sown the other way).
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// The hole after each cell along `side`'s circuit, as one table: in the
    /// game's direction, or the other way when `reversed`.
    #[inline]
    pub fn next_table(&self, side: Side, reversed: bool) -> &StepTable {
        match reversed {
            false => &self.next[side.index()],
            true => &self.back[side.index()],
        }
    }

    /// The hole after `hole` along `side`'s circuit (the sowing step).
    pub fn next_for(&self, side: Side, hole: Hole) -> Hole {
        self.next[side.index()][hole as usize]
    }

    /// The hole `steps` along the circuit in use at `hole` (negative: backward).
    /// That is the mover's circuit when it passes through the hole, else the owner's.
    #[inline]
    pub fn step(&self, mover: Side, hole: Hole, steps: i64) -> Hole {
        let side = if self.circuit_index[mover.index()][hole as usize] != u16::MAX {
            mover
        } else {
            self.owner(hole)
        };
        // One step either way, the commonest (`next(last)`, `prev(x)`), by table.
        match steps {
            1 => return self.next[side.index()][hole as usize],
            -1 => return self.back[side.index()][hole as usize],
            _ => {}
        }
        let order = &self.circuits[side.index()];
        let length = order.len() as i64;
        let at = self.circuit_index[side.index()][hole as usize] as i64;
        order[((at + steps.rem_euclid(length)) % length) as usize]
    }

    /// `step` over the holes not in `closed` only (closed holes are out of play
    /// for a round of a match, and the sowing passes over them too). Each step
    /// lands on an open hole; a circuit with none left open stays where it is.
    #[cold]
    pub fn step_open(&self, mover: Side, hole: Hole, steps: i64, closed: HoleSet) -> Hole {
        let side = if self.circuit_index[mover.index()][hole as usize] != u16::MAX {
            mover
        } else {
            self.owner(hole)
        };
        let open = self.circuits[side.index()]
            .iter()
            .filter(|&&h| !closed.contains(h))
            .count() as u64;
        if open == 0 || steps == 0 {
            return hole;
        }
        // Going round the open holes once changes nothing.
        let count = (steps.unsigned_abs() - 1) % open + 1;
        let unit = steps.signum();
        let mut at = hole;
        for _ in 0..count {
            at = self.step(side, at, unit);
            while closed.contains(at) {
                at = self.step(side, at, unit);
            }
        }
        at
    }

    /// The holes of `side`'s rows.
    pub fn side_holes(&self, side: Side) -> HoleSet {
        self.side_holes[side.index()]
    }

    /// The side's holes as a range of indices: South owns the lower half of the
    /// rows, North the upper, so each side's holes are contiguous.
    pub fn side_range(&self, side: Side) -> std::ops::Range<usize> {
        let half = self.hole_count() / 2;
        match side {
            Side::South => 0..half,
            Side::North => half..2 * half,
        }
    }

    /// Every hole of the board, stores aside.
    pub fn all_holes(&self) -> HoleSet {
        self.all_holes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board turned half round (`[swap]`): each hole goes to the other
    /// side's hole of the same row and column from its owner's seat, facing
    /// holes stay facing, the circuit's order is kept, and turning twice
    /// changes nothing.
    #[test]
    fn a_board_turned_round_gives_each_side_the_others_seat() {
        let four_rows = [
            (2, Some(StoreEnd::Right), CircuitKind::WholeBoard),
            (4, None, CircuitKind::OwnRows),
        ];
        for (rows, stores, circuit) in four_rows {
            let board = Board::new(
                rows,
                4,
                circuit,
                Direction::Counterclockwise,
                stores,
                SownStores::Own,
            )
            .unwrap();
            for hole in board.holes() {
                let turned = board.turned_round(hole);
                assert_eq!(board.owner(turned), board.owner(hole).other());
                assert_eq!(board.seat_column(turned), board.seat_column(hole));
                assert_eq!(board.is_inner(turned), board.is_inner(hole));
                assert_eq!(
                    board.opposite(turned),
                    board.turned_round(board.opposite(hole))
                );
                let (side, other) = (board.owner(hole), board.owner(hole).other());
                let next = board.turned_round(board.next_for(side, hole));
                assert_eq!(board.next_for(other, turned), next);
                assert_eq!(board.turned_round(turned), hole);
            }
            if let Some(store) = board.store(Side::South) {
                assert_eq!(board.turned_round(store), board.store(Side::North).unwrap());
            }
            assert!(board.same_from_either_seat());
            let named =
                |name: &str| board.name(board.turned_round(board.parse_hole(name).unwrap()));
            let corners = match rows {
                2 => [("a1", "b4"), ("b1", "a4")],
                _ => [("a1", "d4"), ("b1", "c4")],
            };
            for (hole, turned) in corners {
                assert_eq!(named(hole), turned);
            }
        }
    }

    #[test]
    fn two_row_counterclockwise_circuit_follows_gen3() {
        let board = Board::new(
            2,
            3,
            CircuitKind::WholeBoard,
            Direction::Counterclockwise,
            None,
            SownStores::Own,
        )
        .unwrap();
        let names: Vec<_> = (0..6)
            .scan(0, |h, _| {
                let name = board.name(*h);
                *h = board.next_for(Side::South, *h);
                Some(name)
            })
            .collect();
        assert_eq!(names, ["a1", "a2", "a3", "b3", "b2", "b1"]);
    }

    #[test]
    fn each_side_sows_into_its_own_store_only() {
        let board = Board::new(
            2,
            2,
            CircuitKind::WholeBoard,
            Direction::Counterclockwise,
            Some(StoreEnd::Right),
            SownStores::Own,
        )
        .unwrap();
        let walk = |side: Side| -> Vec<String> {
            let mut h = 0;
            (0..6)
                .map(|_| {
                    h = board.next_for(side, h);
                    board.name(h)
                })
                .collect()
        };
        assert_eq!(
            walk(Side::South),
            ["a2", "south_store", "b2", "b1", "a1", "a2"]
        );
        assert_eq!(
            walk(Side::North),
            ["a2", "b2", "b1", "north_store", "a1", "a2"]
        );
    }

    #[test]
    fn a_track_is_sown_in_its_order_each_side_passing_the_other_store_by() {
        let track: Vec<String> = ["a1", "b2", "south_store", "a2", "b1", "north_store"]
            .map(String::from)
            .to_vec();
        let board = |direction| {
            Board::new(
                2,
                2,
                CircuitKind::Track(&track),
                direction,
                Some(StoreEnd::Right),
                SownStores::Own,
            )
            .unwrap()
        };
        let walk = |board: &Board, side: Side| -> Vec<String> {
            let mut h = 0;
            (0..5)
                .map(|_| {
                    h = board.next_for(side, h);
                    board.name(h)
                })
                .collect()
        };
        let ccw = board(Direction::Counterclockwise);
        assert_eq!(
            walk(&ccw, Side::South),
            ["b2", "south_store", "a2", "b1", "a1"]
        );
        assert_eq!(
            walk(&ccw, Side::North),
            ["b2", "a2", "b1", "north_store", "a1"]
        );
        let cw = board(Direction::Clockwise);
        assert_eq!(
            walk(&cw, Side::South),
            ["b1", "a2", "south_store", "b2", "a1"]
        );
        // Opposite holes are the board's, whatever the track.
        assert_eq!(ccw.name(ccw.opposite(0)), "b1");
    }

    #[test]
    fn four_row_opposites_and_partners_follow_gen4() {
        let board = Board::new(
            4,
            5,
            CircuitKind::OwnRows,
            Direction::Counterclockwise,
            None,
            SownStores::Own,
        )
        .unwrap();
        let b2 = board.parse_hole("b2").unwrap();
        assert_eq!(board.name(board.opposite(b2)), "c2");
        assert_eq!(
            board.name(board.opposite(board.parse_hole("a4").unwrap())),
            "d4"
        );
        assert_eq!(board.name(board.behind(board.opposite(b2))), "d2");
        assert_eq!(
            board.name(board.step(Side::North, board.parse_hole("c5").unwrap(), 1)),
            "d5"
        );
        assert_eq!(board.parse_hole("e1"), None);
        assert_eq!(board.parse_hole("a6"), None);
    }
}
