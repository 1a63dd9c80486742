//! Undo and redo by turns: against the computer, one click takes back (or
//! plays again) your move together with the computer's answer.

/// A game whose moves are taken back and played again one at a time.
pub trait Turns {
    /// Take back the last move; false when there is none.
    fn undo(&mut self) -> bool;

    /// Play again the last move taken back; false when there is none.
    fn redo(&mut self) -> bool;

    /// Whether the player to move is the computer.
    fn computer_to_move(&self) -> bool;

    /// Take back moves until a person is to move again.
    fn undo_turn(&mut self) -> bool {
        if !self.undo() {
            return false;
        }
        while self.computer_to_move() && self.undo() {}
        true
    }

    /// Play moves again until a person is to move again.
    fn redo_turn(&mut self) -> bool {
        if !self.redo() {
            return false;
        }
        while self.computer_to_move() && self.redo() {}
        true
    }
}
