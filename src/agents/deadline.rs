//! When a search must stop: a time, and optionally a flag the caller raises to
//! cancel it (a server whose client has gone). Searches ask at every node and
//! every playout turn, so they stop within one move's work (`rules::work`) of
//! it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a search must stop: a time, a flag another thread may raise, or neither.
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    at: Option<Instant>,
    cancelled: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// No deadline: the search runs to its own budget.
    pub fn none() -> Deadline {
        Deadline::default()
    }

    /// `budget` from now.
    pub fn after(budget: Duration) -> Deadline {
        Deadline {
            at: Instant::now().checked_add(budget),
            cancelled: None,
        }
    }

    /// Also passed once `cancelled` is raised.
    pub fn or_cancelled(mut self, cancelled: Arc<AtomicBool>) -> Deadline {
        self.cancelled = Some(cancelled);
        self
    }

    /// The earlier of this deadline and `budget` from now.
    pub fn within(mut self, budget: Duration) -> Deadline {
        let at = Instant::now().checked_add(budget);
        self.at = match (self.at, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self
    }

    /// Whether the search must stop now.
    pub fn passed(&self) -> bool {
        self.at.is_some_and(|at| Instant::now() >= at)
            || self
                .cancelled
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}
