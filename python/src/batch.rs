//! The work of one batch step, in Rust alone: each game plays its decision
//! (starting again if it ends), then writes its observation, action mask,
//! rewards and whether it ended into its own rows of the answer. The rows are
//! split among the batch's threads; each game is played by one thread, so the
//! results are the same on any number.

use mancala::present::tensor;

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
    fn new(game: &Game, rows: usize) -> Answer {
        Answer {
            observations: vec![0.0; rows * game.observation_size],
            masks: vec![false; rows * game.actions.count()],
            rewards: vec![0.0; rows * 2],
            dones: vec![false; rows],
        }
    }
}

/// Some consecutive games of a batch with their rows of the answer.
struct Rows<'a> {
    states: &'a mut [Play],
    /// Each game's decision, by its place in the game's legal list; empty
    /// when the games are only observed.
    decisions: &'a [usize],
    observations: &'a mut [f32],
    masks: &'a mut [bool],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
}

/// Plays `decisions` (one per game; none to only observe) and answers.
pub fn step(
    game: &Game,
    pool: Option<&rayon::ThreadPool>,
    states: &mut [Play],
    decisions: &[usize],
) -> Answer {
    let mut answer = Answer::new(game, states.len());
    let rows = Rows {
        states,
        decisions,
        observations: &mut answer.observations,
        masks: &mut answer.masks,
        rewards: &mut answer.rewards,
        dones: &mut answer.dones,
    };
    match pool {
        None => rows.run(game),
        Some(pool) => {
            let per_thread = rows.states.len().div_ceil(pool.current_num_threads());
            pool.scope(|scope| {
                for part in rows.split(game, per_thread) {
                    scope.spawn(move |_| part.run(game));
                }
            });
        }
    }
    answer
}

impl<'a> Rows<'a> {
    /// Splits into parts of `size` games (the last may have fewer).
    fn split(self, game: &Game, size: usize) -> Vec<Rows<'a>> {
        let (observation, actions) = (game.observation_size, game.actions.count());
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
        let (observation, actions) = (game.observation_size, game.actions.count());
        let rows = self
            .states
            .iter_mut()
            .zip(self.observations.chunks_exact_mut(observation))
            .zip(self.masks.chunks_exact_mut(actions))
            .zip(self.rewards.chunks_exact_mut(2))
            .zip(self.dones.iter_mut());
        for (row, ((((play, observation), mask), reward), done)) in rows.enumerate() {
            if let Some(&decision) = self.decisions.get(row) {
                play.play_index(decision);
                if play.outcome().is_some() {
                    let [south, north] = game.returns(play);
                    reward.copy_from_slice(&[south as f32, north as f32]);
                    *done = true;
                    // Started afresh rather than copied: its lists get room made.
                    *play = game.start().expect("this game has started before");
                }
            }
            tensor::write(game.game, play.position(), play.to_move(), observation);
            play.for_each_legal(|decision| mask[game.number(decision)] = true);
        }
    }
}
