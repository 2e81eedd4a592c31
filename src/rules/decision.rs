//! A decision: a move, an end check called, the answer to an offer, or a swap
//! of seats.
//!
//! A move names the hole it starts from (or a strip takes a seed from) and,
//! where the mover chooses them, the direction it is sown in
//! (`[move] choose_direction`) and which of its optional captures
//! (`optional = true`) it declines; a move from the hand names itself where the
//! hole alone would not say it (`[hand] offered = "beside"`, `choose_seeds`).
//! Written `a3`, `a3:hand` / `a3:hand=5` (five seeds from the hand), `a3:cw` /
//! `a3:ccw`, `a3:decline` (every one), `a3:decline=2` / `a3:decline=1+3` (those
//! met first, third...), `a3:hand=2:cw:decline`. An end check the mover may
//! call or offer (`[[end]] call` / `offer`) is written by the name the file
//! gives it, and the answers to an offer `accept` and `refuse`; a swap of seats
//! (`[swap]`) is written `swap`.

use crate::rules::board::{Board, Direction, Hole};

/// One decision of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decision {
    /// A move from a hole, or a strip's seed taken from it.
    Move(Move),
    /// The end check of this index (`[[end]] call` or `offer`), called or
    /// offered by the mover instead of a move.
    Call(u8),
    /// The answer to the other side's offer to end the game.
    Answer(Answer),
    /// The mover takes the other side's seat instead of moving (`[swap]`).
    Swap,
}

/// How a side answers the other's offer to end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Answer {
    /// The game ends as offered.
    Accept,
    /// The offering side decides again, that offer aside.
    Refuse,
}

impl Answer {
    /// Both answers, in the order they are listed.
    pub const BOTH: [Answer; 2] = [Answer::Accept, Answer::Refuse];

    /// The answer's name, as `legal` lists it.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Accept => "accept",
            Answer::Refuse => "refuse",
        }
    }
}

/// A move from a hole (with its options, such as the direction or the optional
/// captures declined), or a strip from a hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The hole the decision names.
    pub hole: Hole,
    /// Whether, and with how many seeds, the move is said to come from the hand.
    pub hand: HandTake,
    /// The direction the mover chose; `None` where it has no choice.
    pub direction: Option<Direction>,
    /// The optional captures the mover declines.
    pub declined: Declined,
}

/// What a move says of the hand (`[hand]`), in two bytes so that a move stays
/// eight: nothing (a board move, or a hand move where hand moves replace board
/// moves and take the rules' count: the position says which it is), a hand move
/// taking the rules' count (`a3:hand`), or one taking as many seeds as the
/// mover chose (`a3:hand=5`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandTake(u16);

impl HandTake {
    /// Nothing said: the move's kind is the position's (see above).
    pub const UNSAID: HandTake = HandTake(0);
    /// A hand move taking the seeds `[hand] seeds` says.
    pub const RULES: HandTake = HandTake(u16::MAX);
    /// The most seeds a chosen count may name.
    pub const MOST: u16 = u16::MAX - 1;

    /// A hand move taking `seeds` (from 1 to `MOST`: callers count within the
    /// hand, kept below `MOST`) the mover chose.
    pub(crate) fn chosen(seeds: u16) -> HandTake {
        debug_assert!((1..=Self::MOST).contains(&seeds));
        HandTake(seeds)
    }

    /// Whether the move says it comes from the hand.
    pub fn is_said(self) -> bool {
        self != Self::UNSAID
    }

    /// The seeds the mover chose, if it chose them.
    pub fn seeds(self) -> Option<u16> {
        (self != Self::UNSAID && self != Self::RULES).then_some(self.0)
    }

    fn suffix(self) -> Option<String> {
        match self {
            Self::UNSAID => None,
            Self::RULES => Some(":hand".into()),
            HandTake(seeds) => Some(format!(":hand={seeds}")),
        }
    }

    /// `hand` or `hand=5` (a count from 1, written without leading zeros).
    fn parse(text: &str) -> Option<HandTake> {
        if text == "hand" {
            return Some(Self::RULES);
        }
        let written = text.strip_prefix("hand=")?;
        let seeds: u16 = written.parse().ok()?;
        let canonical = (1..=Self::MOST).contains(&seeds) && seeds.to_string() == written;
        canonical.then_some(HandTake(seeds))
    }
}

/// Which of a move's optional captures the mover declines, counted in the order
/// the move meets them (a capture is met when it would take seeds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Declined(u32);

impl Declined {
    /// Takes every optional capture.
    pub const NONE: Declined = Declined(0);
    /// Declines every optional capture the move meets (`:decline`).
    pub const ALL: Declined = Declined(u32::MAX);
    /// How many of a move's optional captures can be declined one by one; later
    /// ones are taken (unless the move declines them all). It bounds the ways to
    /// play one move at 4,096: a relay that loops can meet the same chance again
    /// and again, and listing every way would not end in useful time.
    pub const CHOICES: usize = 12;

    /// Whether the optional capture met `index`-th (from 0) is declined.
    pub fn declines(self, index: usize) -> bool {
        index < Self::CHOICES && self.0 >> index & 1 == 1 || self == Self::ALL
    }

    /// This, also declining the one met `index`-th (`index < CHOICES`).
    pub(crate) fn and(self, index: usize) -> Declined {
        Declined(self.0 | 1 << index)
    }

    /// The one name of this choice for a move that met `met` optional captures:
    /// declining each of them is declining them all.
    pub(crate) fn settled(self, met: usize) -> Declined {
        if met == 0 || met > Self::CHOICES {
            return self;
        }
        match self.0 == (1 << met) - 1 {
            true => Self::ALL,
            false => self,
        }
    }

    /// How many codes `code` gives: every way to decline (`NONE`, `ALL`, and
    /// each nonempty set of the first `CHOICES`).
    pub const CODES: usize = (1 << Self::CHOICES) + 1;

    /// A number below `CODES`: 0 for `NONE`, 1 for `ALL`, then each set of
    /// ordinals by its bits (a fixed numbering for `rules::actions`).
    pub fn code(self) -> usize {
        match self {
            Self::NONE => 0,
            Self::ALL => 1,
            Declined(bits) => 1 + bits as usize,
        }
    }

    /// The choice `code` numbers, if it numbers one.
    pub fn from_code(code: usize) -> Option<Declined> {
        match code {
            0 => Some(Self::NONE),
            1 => Some(Self::ALL),
            _ if code < Self::CODES => Some(Declined(code as u32 - 1)),
            _ => None,
        }
    }

    fn suffix(self) -> Option<String> {
        match self {
            Self::NONE => None,
            Self::ALL => Some(":decline".into()),
            Declined(bits) => {
                let ordinals: Vec<String> = (0..Self::CHOICES)
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| (i + 1).to_string())
                    .collect();
                Some(format!(":decline={}", ordinals.join("+")))
            }
        }
    }

    /// `decline` or `decline=1+3` (ordinals from 1, increasing, at most `CHOICES`).
    fn parse(text: &str) -> Option<Declined> {
        if text == "decline" {
            return Some(Self::ALL);
        }
        let mut bits = 0u32;
        let mut last = 0;
        for written in text.strip_prefix("decline=")?.split('+') {
            let ordinal: usize = written.parse().ok()?;
            // One spelling each: no `01`, no `+2`, in increasing order.
            if ordinal <= last || ordinal > Self::CHOICES || ordinal.to_string() != written {
                return None;
            }
            bits |= 1 << (ordinal - 1);
            last = ordinal;
        }
        // Declining every one a move meets is written `decline`; the list form
        // of it is read, and found not legal.
        Some(Declined(bits))
    }
}

impl From<Hole> for Move {
    fn from(hole: Hole) -> Move {
        Move {
            hole,
            hand: HandTake::UNSAID,
            direction: None,
            declined: Declined::NONE,
        }
    }
}

impl From<Hole> for Decision {
    fn from(hole: Hole) -> Decision {
        Decision::Move(Move::from(hole))
    }
}

impl From<Move> for Decision {
    fn from(played: Move) -> Decision {
        Decision::Move(played)
    }
}

impl Decision {
    /// The move this decision makes, if it is one.
    pub fn as_move(self) -> Option<Move> {
        match self {
            Decision::Move(played) => Some(played),
            Decision::Call(_) | Decision::Answer(_) | Decision::Swap => None,
        }
    }

    /// The hole the decision names, if it is a move.
    pub fn hole(self) -> Option<Hole> {
        self.as_move().map(|played| played.hole)
    }
}

impl Move {
    /// A move from the first hole, choosing nothing: a placeholder.
    pub(crate) const BLANK: Move = Move {
        hole: 0,
        hand: HandTake::UNSAID,
        direction: None,
        declined: Declined::NONE,
    };

    /// The move's name, as `legal` lists it and `play` reads it (`a3`,
    /// `a3:hand=2`, `a3:cw`, `a3:decline`).
    pub fn name(self, board: &Board) -> String {
        let mut name = board.name(self.hole);
        if let Some(suffix) = self.hand.suffix() {
            name += &suffix;
        }
        if let Some(direction) = self.direction {
            name = format!("{name}:{}", direction.name());
        }
        if let Some(suffix) = self.declined.suffix() {
            name += &suffix;
        }
        name
    }

    /// Parses `b3`, `b3:hand`, `b3:hand=4`, `b3:cw`, `b3:decline`,
    /// `b3:decline=2` or `b3:hand=4:cw:decline`; `None` when the hole is not on
    /// this board or a suffix is not one of those, in that order.
    pub fn parse(board: &Board, name: &str) -> Option<Move> {
        let mut parts = name.split(':');
        let hole = board.parse_hole(parts.next()?)?;
        let mut decision = Move::from(hole);
        let mut next = parts.next();
        if let Some(hand) = next.and_then(HandTake::parse) {
            decision.hand = hand;
            next = parts.next();
        }
        if let Some(direction) = next.and_then(Direction::parse) {
            decision.direction = Some(direction);
            next = parts.next();
        }
        if let Some(declined) = next.and_then(Declined::parse) {
            decision.declined = declined;
            next = parts.next();
        }
        next.is_none().then_some(decision)
    }
}
