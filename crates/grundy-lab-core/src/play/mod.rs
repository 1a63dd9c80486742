//! A game in progress, for any [`Rules`](crate::rules::Rules): the position,
//! legal moves, history with undo/redo, whose turn it is, who won, the
//! computer's strategy and hints for the learner. Two-pile games (a piece on
//! a board) live in [`game`], several-heap Nim in [`nim`].
//!
//! What the computer knows comes from an [`Oracle`]: a closed form when the
//! rules have one (exact for any size, e.g. 10^15 stones), else a computed
//! Grundy table (small positions are tabulated at once, larger ones by a
//! background job that the caller runs and hands over with
//! [`Game::set_table`]).

mod any;
mod explain;
pub mod game;
pub mod heap_sum;
pub mod heaps;
mod history;
pub mod nim;
mod oracle;
pub mod review;
mod rng;
pub mod row;
pub mod sum;
mod turns;

pub use any::AnyGame;
pub use explain::{Reason, Why};
pub use game::{Game, GameOver, Hint, MoveError, MoveRecord, StartSize};
pub use heap_sum::{HeapSum, HeapSumError, HeapSumHint, HeapSumMove, MAX_SUM_GAMES};
pub use heaps::{
    HeapGame, HeapHint, HeapMove, HeapMoveError, HeapMoveRecord, HeapOptions, HeapReason, HeapState, MAX_LISTED_MOVES,
    MAX_PLAY_CELLS,
};
pub use history::History;
pub use nim::{NimGame, NimHint, NimMove, NimReason};
pub use review::{Better, Mark, Review, Unknown};
pub use row::{RowGame, RowHint, RowMove, RowReason};
pub use sum::{SumGame, SumHint, SumMove};
pub use turns::Turns;

pub use oracle::{Knowledge, MAX_PLAY_SIDE, Oracle, TINY_SIDE};
pub use rng::Rng;

use serde::{Deserialize, Serialize};

/// How well the computer plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Strength {
    /// Always moves to a P-position when there is one.
    #[default]
    Perfect,
    /// Plays perfectly, except that about one move in three is random.
    Mistakes,
    /// Every move is random.
    Random,
}

impl Strength {
    /// All strengths, weakest last.
    pub const ALL: [Strength; 3] = [Strength::Perfect, Strength::Mistakes, Strength::Random];
}

/// Who plays one side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerKind {
    /// A person at the screen.
    Human,
    /// The computer, with its strength.
    Computer(Strength),
}

impl PlayerKind {
    /// True for the computer.
    pub fn is_computer(self) -> bool {
        matches!(self, PlayerKind::Computer(_))
    }
}

/// The two sides: index 0 moves first.
pub type Players = [PlayerKind; 2];

/// Human against a perfect computer, the human starting.
pub const HUMAN_FIRST: Players = [PlayerKind::Human, PlayerKind::Computer(Strength::Perfect)];

/// For the games' tests: a perfect computer against a random one.
#[cfg(test)]
pub(crate) const PERFECT_VS_RANDOM: Players =
    [PlayerKind::Computer(Strength::Perfect), PlayerKind::Computer(Strength::Random)];
