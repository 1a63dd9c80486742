//! Moves played, with undo and redo: a [`UndoStack`] of moves that never
//! forgets one (whose turn it is follows from the number of moves played,
//! and the move list shows the whole game).

use crate::undo::UndoStack;

/// The moves played so far and the moves undone (for redo).
#[derive(Clone, Debug)]
pub struct History<M> {
    /// Without a limit: a forgotten move would change whose turn it is.
    moves: UndoStack<M>,
}

impl<M> Default for History<M> {
    fn default() -> Self {
        History { moves: UndoStack::default() }
    }
}

impl<M> History<M> {
    /// Record a new move; the redo list is forgotten.
    pub fn push(&mut self, m: M) {
        self.moves.push(m);
    }

    /// Take back the last move (it can be redone).
    pub fn undo(&mut self) -> Option<&M> {
        self.moves.undo()
    }

    /// Play again the last move taken back.
    pub fn redo(&mut self) -> Option<&M> {
        self.moves.redo()
    }

    /// The moves played, first first.
    pub fn played(&self) -> &[M] {
        self.moves.done()
    }

    /// The moves played, then those taken back in the order they were
    /// played (the whole game as far as it went, for the review).
    pub fn whole(&self) -> impl Iterator<Item = &M> {
        self.moves.done().iter().chain(self.moves.undone().iter().rev())
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.moves.done().len()
    }

    /// True before the first move.
    pub fn is_empty(&self) -> bool {
        !self.moves.can_undo()
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.moves.can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.moves.can_redo()
    }

    /// The last move played.
    pub fn last(&self) -> Option<&M> {
        self.moves.last()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    #[test]
    fn a_long_game_keeps_every_move() {
        let mut h = History::default();
        for m in 0..10_000 {
            h.push(m);
        }
        assert_eq!(h.len(), 10_000);
        assert_eq!(h.played()[0], 0);
        assert_eq!(h.undo(), Some(&9_999));
        assert_eq!(h.redo(), Some(&9_999));
        assert_eq!(h.last(), Some(&9_999));
    }
}
