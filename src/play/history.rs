//! Moves played, with undo and redo.

/// The moves played so far and the moves undone (for redo).
#[derive(Clone, Debug)]
pub struct History<M> {
    played: Vec<M>,
    undone: Vec<M>,
}

impl<M> Default for History<M> {
    fn default() -> Self {
        History { played: Vec::new(), undone: Vec::new() }
    }
}

impl<M> History<M> {
    /// Record a new move; the redo list is forgotten.
    pub fn push(&mut self, m: M) {
        self.played.push(m);
        self.undone.clear();
    }

    /// Take back the last move (it can be redone).
    pub fn undo(&mut self) -> Option<&M> {
        let m = self.played.pop()?;
        self.undone.push(m);
        self.undone.last()
    }

    /// Play again the last move taken back.
    pub fn redo(&mut self) -> Option<&M> {
        let m = self.undone.pop()?;
        self.played.push(m);
        self.played.last()
    }

    /// The moves played, first first.
    pub fn played(&self) -> &[M] {
        &self.played
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.played.len()
    }

    /// True before the first move.
    pub fn is_empty(&self) -> bool {
        self.played.is_empty()
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The last move played.
    pub fn last(&self) -> Option<&M> {
        self.played.last()
    }
}
