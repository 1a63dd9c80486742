//! The one game in play, whatever its kind: a piece on a board, heaps of
//! any rules, a sum of pieces or of games of heaps, or Nim with several heaps. Whoever shows a
//! game asks this enum (who is to move, is it over, let the computer move,
//! undo) and never a chain of options; adding a kind of game is one variant
//! and its arms here.

use super::{Game, GameOver, HeapGame, HeapSum, NimGame, Players, Rng, RowGame, SumGame, Turns};
use crate::game_table::GameTable;
use crate::rules::Convention;

/// A game in progress, of one of the kinds the app plays.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A piece on a board (two piles): closed forms at any size.
    Board(Game),
    /// One to three heaps of any rules, the pass, programs.
    Heaps(HeapGame),
    /// Several pieces on one board.
    Sum(SumGame),
    /// A sum of games of heaps of the same rules.
    HeapSum(HeapSum),
    /// Nim with several heaps.
    Nim(NimGame),
    /// A row of heaps of a take-and-break game.
    Row(RowGame),
}

impl AnyGame {
    /// The game as something whose turns are taken back and played again.
    fn turns(&mut self) -> &mut dyn Turns {
        match self {
            AnyGame::Board(g) => g,
            AnyGame::Heaps(g) => g,
            AnyGame::Sum(g) => g,
            AnyGame::HeapSum(g) => g,
            AnyGame::Nim(g) => g,
            AnyGame::Row(g) => g,
        }
    }

    /// The two players (index 0 moved first).
    pub fn players(&self) -> Players {
        match self {
            AnyGame::Board(g) => g.players(),
            AnyGame::Heaps(g) => g.players(),
            AnyGame::Sum(g) => g.players(),
            AnyGame::HeapSum(g) => g.players(),
            AnyGame::Nim(g) => g.players(),
            AnyGame::Row(g) => g.players(),
        }
    }

    /// The side to move: 0 = the side that started.
    pub fn to_move(&self) -> usize {
        self.moves_played() % 2
    }

    /// How many moves have been played (and not taken back).
    pub fn moves_played(&self) -> usize {
        match self {
            AnyGame::Board(g) => g.history().len(),
            AnyGame::Heaps(g) => g.history().len(),
            AnyGame::Sum(g) => g.history().len(),
            AnyGame::HeapSum(g) => g.history().len(),
            AnyGame::Nim(g) => g.history().len(),
            AnyGame::Row(g) => g.history().len(),
        }
    }

    /// How the game ended, once no move is left.
    pub fn over(&self) -> Option<GameOver> {
        let (winner, misere) = match self {
            AnyGame::Board(g) => return g.is_over(),
            AnyGame::Heaps(g) => (g.winner()?, g.rules().convention == Convention::Misere),
            AnyGame::Sum(g) => (g.winner()?, g.rules().convention == Convention::Misere),
            AnyGame::HeapSum(g) => (g.winner()?, g.rules().convention == Convention::Misere),
            AnyGame::Nim(g) => (g.winner()?, g.misere()),
            AnyGame::Row(g) => (g.winner()?, false),
        };
        Some(GameOver { winner, terminal: false, misere })
    }

    /// Whether the computer is to move and the game goes on.
    pub fn computer_to_move(&self) -> bool {
        match self {
            AnyGame::Board(g) => g.computer_to_move(),
            AnyGame::Heaps(g) => g.computer_to_move(),
            AnyGame::Sum(g) => g.computer_to_move(),
            AnyGame::HeapSum(g) => g.computer_to_move(),
            AnyGame::Nim(g) => g.computer_to_move(),
            AnyGame::Row(g) => g.computer_to_move(),
        }
    }

    /// Let the computer move if it is its turn; whether it moved.
    pub fn computer_move(&mut self, rng: &mut Rng) -> bool {
        match self {
            AnyGame::Board(g) => g.computer_move(rng).is_some(),
            AnyGame::Heaps(g) => g.computer_move(rng).is_some(),
            AnyGame::Sum(g) => g.computer_move(rng).is_some(),
            AnyGame::HeapSum(g) => g.computer_move(rng).is_some(),
            AnyGame::Nim(g) => g.computer_move(rng).is_some(),
            AnyGame::Row(g) => g.computer_move(rng).is_some(),
        }
    }

    /// Hand over the table the computer and the hints need (a board and
    /// a sum of pieces take a box of two coordinates).
    pub fn set_table(&mut self, table: GameTable) {
        match (self, table) {
            (AnyGame::Board(g), GameTable::Box(t)) => g.set_table(t),
            (AnyGame::Heaps(g), t) => g.set_table(t),
            (AnyGame::Sum(g), GameTable::Box(t)) => g.set_table(t),
            (AnyGame::HeapSum(g), t) => g.set_table(t),
            _ => {}
        }
    }

    /// No table will come (its job failed or was cancelled).
    pub fn table_refused(&mut self) {
        match self {
            AnyGame::Heaps(g) => g.table_refused(),
            AnyGame::Sum(g) => g.table_refused(),
            AnyGame::HeapSum(g) => g.table_refused(),
            AnyGame::Board(_) | AnyGame::Nim(_) | AnyGame::Row(_) => {}
        }
    }

    /// Whether a move can be taken back, and whether one can be played
    /// again.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        match self {
            AnyGame::Board(g) => (g.history().can_undo(), g.history().can_redo()),
            AnyGame::Heaps(g) => (g.history().can_undo(), g.history().can_redo()),
            AnyGame::Sum(g) => (g.history().can_undo(), g.history().can_redo()),
            AnyGame::HeapSum(g) => (g.history().can_undo(), g.history().can_redo()),
            AnyGame::Nim(g) => (g.history().can_undo(), g.history().can_redo()),
            AnyGame::Row(g) => (g.history().can_undo(), g.history().can_redo()),
        }
    }

    /// Take back the last turn (against the computer: its answer too).
    pub fn undo_turn(&mut self) -> bool {
        self.turns().undo_turn()
    }

    /// Play again a turn taken back.
    pub fn redo_turn(&mut self) -> bool {
        self.turns().redo_turn()
    }

    /// Take back one move, whoever played it (the review steps one move at
    /// a time).
    pub fn undo_move(&mut self) -> bool {
        self.turns().undo()
    }

    /// Play again one move taken back.
    pub fn redo_move(&mut self) -> bool {
        self.turns().redo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{HUMAN_FIRST, PERFECT_VS_RANDOM};
    use crate::rules::{Rules, preset};

    /// Every kind, through the one enum: the perfect computer wins from an
    /// N-position, the end says who won, and undo takes a turn back.
    #[test]
    fn every_kind_is_played_to_the_end_through_the_enum() {
        let queen = preset("queen").unwrap();
        let games = [
            AnyGame::Board(Game::new(&queen, (9, 12), PERFECT_VS_RANDOM)),
            AnyGame::Heaps(HeapGame::new(&preset("nim-3").unwrap(), &[3, 5, 7], PERFECT_VS_RANDOM)),
            AnyGame::Sum(SumGame::new(&preset("nim").unwrap(), vec![(3, 9), (4, 4), (12, 1)], PERFECT_VS_RANDOM)),
            AnyGame::HeapSum(
                HeapSum::new(&preset("nim-4").unwrap(), &[vec![1, 2, 3, 9], vec![4, 4, 0, 1]], PERFECT_VS_RANDOM)
                    .unwrap(),
            ),
            AnyGame::Nim(NimGame::new(&[1, 3, 5, 7, 2], false, PERFECT_VS_RANDOM)),
            AnyGame::Row(RowGame::new(&Rules::take_and_break("kayles", "kayles"), &[9, 4], PERFECT_VS_RANDOM).unwrap()),
        ];
        let mut rng = Rng::new(4);
        for mut g in games {
            let mut moves = 0;
            while g.over().is_none() {
                assert!(g.computer_to_move());
                assert!(g.computer_move(&mut rng));
                moves += 1;
                assert!(moves < 10_000);
            }
            assert_eq!(g.over().map(|o| o.winner), Some(0), "{g:?}");
            assert_eq!(g.to_move(), moves % 2);
            assert!(!g.computer_to_move());
        }
        let mut g = AnyGame::Nim(NimGame::new(&[1, 3], false, HUMAN_FIRST));
        assert_eq!(g.can_undo_redo(), (false, false));
        let AnyGame::Nim(n) = &mut g else { unreachable!() };
        n.play(1, 1).unwrap();
        assert!(g.computer_move(&mut rng), "the computer answers");
        assert_eq!(g.moves_played(), 2);
        assert!(g.undo_turn());
        assert_eq!(g.moves_played(), 0, "a turn is the person's move and the answer");
        assert_eq!(g.can_undo_redo(), (false, true));
    }
}
