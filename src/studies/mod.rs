//! Studies and reports: comparisons of variants with their charts, scenarios
//! that pin rule clauses, rule explanations, speed measurements.

pub mod bench;
pub mod compare;
pub mod explain;
pub mod plot;
pub mod scenario;
