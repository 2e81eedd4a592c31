//! A batch of games of one game file and the work of one step, in Rust alone:
//! each game plays its decision (starting again if it ends), then writes its
//! observation, action mask, rewards and whether it ended into its own rows
//! of the answer. The rows are split among the batch's threads; each game is
//! played by one thread, so the results are the same on any number.

use mancala::rules::decision::Decision;

use crate::game::Game;
use crate::play::Play;

/// The answer to one step, row by row (one row a game).
pub struct Answer {
    pub observations: Vec<f32>,
    pub masks: Vec<bool>,
    pub rewards: Vec<f32>,
    pub dones: Vec<bool>,
}

impl Answer {
    /// Bytes one game's row of an answer takes.
    pub fn row_bytes(game: &Game) -> usize {
        game.layout.size() * size_of::<f32>() + game.actions.count() + 2 * size_of::<f32>() + 1
    }

    fn new(game: &Game, rows: usize) -> Answer {
        Answer {
            observations: vec![0.0; rows * game.layout.size()],
            masks: vec![false; rows * game.actions.count()],
            rewards: vec![0.0; rows * 2],
            dones: vec![false; rows],
        }
    }
}

/// Games in progress, with the legal actions of each (the last answer's
/// masks), against which a step's actions are checked before any is played.
pub struct Batch {
    states: Vec<Play>,
    legal: Vec<bool>,
}

/// An action that is not legal in its game.
pub struct NotLegal {
    pub game: usize,
    pub action: i64,
}

impl Batch {
    /// `size` games at the start.
    pub fn new(game: &Game, start: Play, size: usize) -> Batch {
        let mut batch = Batch {
            states: vec![start; size],
            legal: Vec::new(),
        };
        batch.run(game, None, &[]);
        batch
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn states(&self) -> &[Play] {
        &self.states
    }

    /// Every game back at the start.
    pub fn reset(&mut self, game: &Game, start: Play) {
        self.states.fill(start);
        self.run(game, None, &[]);
    }

    /// Each action's decision, if every action is legal in its game.
    pub fn decisions(&self, game: &Game, actions: &[i64]) -> Result<Vec<Decision>, NotLegal> {
        let count = game.actions.count();
        let rows = self.legal.chunks_exact(count);
        let decided = actions
            .iter()
            .zip(rows)
            .enumerate()
            .map(|(index, (&action, legal))| {
                usize::try_from(action)
                    .ok()
                    .filter(|&a| a < count && legal[a])
                    .and_then(|a| game.actions.decision(a))
                    .ok_or(NotLegal {
                        game: index,
                        action,
                    })
            });
        decided.collect()
    }

    /// Plays `decisions` (one per game, each legal: see `decisions`; none to
    /// only observe) on the caller's thread and `pool`'s, and answers where
    /// the games stand.
    pub fn run(
        &mut self,
        game: &Game,
        pool: Option<&rayon::ThreadPool>,
        decisions: &[Decision],
    ) -> Answer {
        let mut answer = Answer::new(game, self.states.len());
        let rows = Rows {
            states: &mut self.states,
            decisions,
            observations: &mut answer.observations,
            masks: &mut answer.masks,
            rewards: &mut answer.rewards,
            dones: &mut answer.dones,
        };
        match pool {
            None => rows.run(game),
            Some(pool) => {
                // The calling thread steps a share too, so that a step wakes
                // one thread fewer.
                let per_thread = rows.states.len().div_ceil(pool.current_num_threads() + 1);
                let mut parts = rows.split(game, per_thread);
                let own = parts.pop();
                pool.in_place_scope(|scope| {
                    for part in parts {
                        scope.spawn(move |_| part.run(game));
                    }
                    if let Some(own) = own {
                        own.run(game);
                    }
                });
            }
        }
        self.legal.clone_from(&answer.masks);
        answer
    }
}

/// Some consecutive games of a batch with their rows of the answer.
struct Rows<'a> {
    states: &'a mut [Play],
    /// Each game's decision; empty when the games are only observed.
    decisions: &'a [Decision],
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
}

impl<'a> Rows<'a> {
    /// Splits into parts of `size` games (the last may have fewer).
    fn split(self, game: &Game, size: usize) -> Vec<Rows<'a>> {
        let (observation, actions) = (game.layout.size(), game.actions.count());
        let decided = !self.decisions.is_empty();
        let mut decisions = self.decisions.chunks(size);
        self.states
            .chunks_mut(size)
            .zip(self.observations.chunks_mut(size * observation))
            .zip(self.masks.chunks_mut(size * actions))
            .zip(self.rewards.chunks_mut(size * 2))
            .zip(self.dones.chunks_mut(size))
            .map(|((((states, observations), masks), rewards), dones)| Rows {
                states,
                decisions: match decided {
                    true => decisions.next().expect("one decision a game"),
                    false => &[],
                },
                observations,
                masks,
                rewards,
                dones,
            })
            .collect()
    }

    fn run(self, game: &Game) {
        let (observation, actions) = (game.layout.size(), game.actions.count());
        let rows = self
            .states
            .iter_mut()
            .zip(self.observations.chunks_exact_mut(observation))
            .zip(self.masks.chunks_exact_mut(actions))
            .zip(self.rewards.chunks_exact_mut(2))
            .zip(self.dones.iter_mut());
        for (row, ((((play, observation), mask), reward), done)) in rows.enumerate() {
            if let Some(&decision) = self.decisions.get(row) {
                play.play(decision)
                    .expect("checked against the game's legal actions (Batch::decisions)");
                if play.outcome().is_some() {
                    let [south, north] = game.returns(play);
                    reward.copy_from_slice(&[south as f32, north as f32]);
                    *done = true;
                    // Started afresh rather than copied: its lists get room made.
                    *play = game.start().expect("this game has started before");
                }
            }
            game.layout
                .write(play.position(), play.to_move(), observation);
            play.for_each_legal(|decision| mask[game.number(decision)] = true);
        }
    }
}
