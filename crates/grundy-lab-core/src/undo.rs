//! Undo and redo: one stack type for every editor and game of the app.
//!
//! An [`UndoStack`] holds entries that can be taken back (the *done* list)
//! and entries taken back that can be done again (the *undone* list). A new
//! entry forgets the undone list: after an undo and a new change, there is
//! nothing to redo. Two ways of using it:
//!
//! - **Steps** (a game's moves): an entry is a change; [`UndoStack::undo`]
//!   moves the last one to the undone list and returns it, and the caller
//!   reverses it (e.g. puts the piece back on the move's `from`).
//! - **Snapshots** (an editor's document): an entry is the whole value
//!   before a change; [`UndoStack::undo_state`] swaps it with the current
//!   value, keeping the current value for redo.
//!
//! At most `limit` entries are done; a push beyond the limit forgets the
//! oldest one. Nothing here knows about a window.

/// Entries that can be undone and redone, at most `limit` of them done.
#[derive(Clone, Debug)]
pub struct UndoStack<T> {
    done: Vec<T>,
    undone: Vec<T>,
    limit: usize,
}

impl<T> Default for UndoStack<T> {
    /// A stack without a limit.
    fn default() -> Self {
        UndoStack::new(usize::MAX)
    }
}

impl<T> UndoStack<T> {
    /// An empty stack that keeps at most `limit` done entries (at least one).
    pub fn new(limit: usize) -> Self {
        UndoStack { done: Vec::new(), undone: Vec::new(), limit: limit.max(1) }
    }

    /// Record a new entry; the redo list is forgotten, and the oldest entry
    /// when there are more than the limit.
    pub fn push(&mut self, entry: T) {
        if self.done.len() == self.limit {
            self.done.remove(0);
        }
        self.done.push(entry);
        self.undone.clear();
    }

    /// Take back the last entry (steps): it moves to the redo list and is
    /// returned, for the caller to reverse.
    pub fn undo(&mut self) -> Option<&T> {
        let entry = self.done.pop()?;
        self.undone.push(entry);
        self.undone.last()
    }

    /// Do again the last entry taken back (steps); it is returned, for the
    /// caller to apply.
    pub fn redo(&mut self) -> Option<&T> {
        let entry = self.undone.pop()?;
        self.done.push(entry);
        self.done.last()
    }

    /// Undo with snapshots: `current` becomes the value before the last
    /// change, and its present value is kept for redo. False when there is
    /// nothing to undo (`current` is then unchanged).
    pub fn undo_state(&mut self, current: &mut T) -> bool {
        match self.done.pop() {
            Some(before) => {
                self.undone.push(std::mem::replace(current, before));
                true
            }
            None => false,
        }
    }

    /// Redo with snapshots: `current` becomes the value the last undo took
    /// back, and its present value can be undone again. False when there is
    /// nothing to redo.
    pub fn redo_state(&mut self, current: &mut T) -> bool {
        match self.undone.pop() {
            Some(after) => {
                self.done.push(std::mem::replace(current, after));
                true
            }
            None => false,
        }
    }

    /// Whether there is an entry to undo.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is an entry to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The done entries, oldest first.
    pub fn done(&self) -> &[T] {
        &self.done
    }

    /// The entries taken back, the next one to redo last.
    pub fn undone(&self) -> &[T] {
        &self.undone
    }

    /// The last done entry.
    pub fn last(&self) -> Option<&T> {
        self.done.last()
    }

    /// The most done entries kept.
    pub fn limit(&self) -> usize {
        self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::UndoStack;

    #[test]
    fn steps_undo_and_redo_in_order() {
        let mut s = UndoStack::default();
        for m in 1..=3 {
            s.push(m);
        }
        assert_eq!(s.undo(), Some(&3));
        assert_eq!(s.undo(), Some(&2));
        assert_eq!(s.done(), &[1]);
        assert!(s.can_redo());
        assert_eq!(s.redo(), Some(&2));
        assert_eq!(s.done(), &[1, 2]);
        assert_eq!(s.last(), Some(&2));
        assert_eq!(s.redo(), Some(&3));
        assert_eq!(s.redo(), None);
        assert!(!s.can_redo());
    }

    #[test]
    fn a_new_push_clears_redo() {
        let mut s = UndoStack::new(10);
        s.push('a');
        s.push('b');
        s.undo();
        assert!(s.can_redo());
        s.push('c');
        assert!(!s.can_redo(), "a new entry forgets what was undone");
        assert_eq!(s.redo(), None);
        assert_eq!(s.done(), &['a', 'c']);
    }

    #[test]
    fn the_limit_forgets_the_oldest_entries() {
        let mut s = UndoStack::new(3);
        for m in 0..10 {
            s.push(m);
        }
        assert_eq!(s.done(), &[7, 8, 9]);
        let mut undone = Vec::new();
        while let Some(&m) = s.undo() {
            undone.push(m);
        }
        assert_eq!(undone, [9, 8, 7]);
        assert!(!s.can_undo());
        // Redo brings all three back, and the limit still holds.
        while s.redo().is_some() {}
        assert_eq!(s.done(), &[7, 8, 9]);
        s.push(10);
        assert_eq!(s.done(), &[8, 9, 10]);
        assert_eq!(UndoStack::<u8>::new(0).limit(), 1, "a limit of 0 would lose every change");
    }

    #[test]
    fn snapshots_swap_with_the_current_value() {
        let mut doc = String::from("a");
        let mut s = UndoStack::new(100);
        for next in ["ab", "abc"] {
            s.push(std::mem::replace(&mut doc, next.to_string()));
        }
        assert!(s.undo_state(&mut doc));
        assert_eq!(doc, "ab");
        assert!(s.undo_state(&mut doc));
        assert_eq!(doc, "a");
        assert!(!s.undo_state(&mut doc), "nothing left to undo");
        assert_eq!(doc, "a");
        assert!(s.redo_state(&mut doc));
        assert_eq!(doc, "ab");
        // An edit after an undo: "abc" can no longer be redone.
        s.push(std::mem::replace(&mut doc, "abx".to_string()));
        assert!(!s.redo_state(&mut doc));
        assert_eq!(doc, "abx");
        assert!(s.undo_state(&mut doc));
        assert_eq!(doc, "ab");
    }
}
