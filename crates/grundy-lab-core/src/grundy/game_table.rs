//! The table of a game of one to eight coordinates, whatever its kind: a
//! box of one to three coordinates ([`Table`]) or a table of four to eight
//! heaps ([`HeapTable`]). Play and the formula checker hold this one type
//! and ask it for values by position, without choosing between the kinds.

use super::heaps::HeapTable;
use super::{EngineError, NOT_A_POSITION, Table};
use crate::Control;
use crate::rules::Rules;
use std::sync::Arc;

/// A computed table of one to eight coordinates.
#[derive(Clone, Debug)]
pub enum GameTable {
    /// One to three coordinates.
    Box(Arc<Table>),
    /// Four to eight heaps.
    Heaps(Arc<HeapTable>),
}

impl GameTable {
    /// The table that covers every position a game of `rules` can reach
    /// from `start` (its first `dimension` coordinates; the rest are not
    /// read).
    pub fn covering(rules: &Rules, start: &[u64], control: &Control) -> Result<GameTable, EngineError> {
        let d = rules.dimension as usize;
        if d <= 3 {
            let side = |i: usize| if i < d { start.get(i).copied().unwrap_or(0) as usize } else { 0 };
            super::compute_covering(rules, [side(0), side(1), side(2)], control).map(|t| GameTable::Box(Arc::new(t)))
        } else {
            super::heaps::compute_covering(rules, &start[..d.min(start.len())], control)
                .map(|t| GameTable::Heaps(Arc::new(t)))
        }
    }

    /// The rules the table was computed for.
    pub fn rules(&self) -> &Rules {
        match self {
            GameTable::Box(t) => t.rules(),
            GameTable::Heaps(t) => t.rules(),
        }
    }

    /// The sides of the table, one per coordinate of the game.
    pub fn sides(&self) -> Vec<usize> {
        match self {
            GameTable::Box(t) => t.dims()[..t.rules().dimension.clamp(1, 3) as usize].to_vec(),
            GameTable::Heaps(t) => t.sides().to_vec(),
        }
    }

    /// The layers: one more than the passes of the game.
    pub fn layers(&self) -> usize {
        match self {
            GameTable::Box(t) => t.layers(),
            GameTable::Heaps(t) => t.rules().passes.layers(),
        }
    }

    /// The layer of the start of a game (every pass still there).
    pub fn start_layer(&self) -> usize {
        match self {
            GameTable::Box(t) => t.start_layer(),
            GameTable::Heaps(t) => t.start_layer(),
        }
    }

    /// The value at `p` (one coordinate per side) in `layer` (at most the
    /// start's): `None` outside the table, [`NOT_A_POSITION`] at a cell
    /// that is not a position of the game.
    pub fn value(&self, p: &[u64], layer: usize) -> Option<u32> {
        let layer = layer.min(self.start_layer());
        match self {
            GameTable::Box(t) => {
                let dims = t.dims();
                let mut at = [0usize; 3];
                for (i, a) in at.iter_mut().enumerate() {
                    let c = p.get(i).copied().unwrap_or(0);
                    if c >= dims[i] as u64 {
                        return None;
                    }
                    *a = c as usize;
                }
                Some(t.get_at(at, layer))
            }
            GameTable::Heaps(t) => t.get(p, layer),
        }
    }

    /// [`GameTable::value`], with a cell that is not a position as `None`.
    pub fn position_value(&self, p: &[u64], layer: usize) -> Option<u32> {
        self.value(p, layer).filter(|&v| v != NOT_A_POSITION)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_answer_by_position_as_their_own_tables() {
        let control = Control::new();
        let queen = crate::rules::preset("queen").unwrap();
        let t = GameTable::covering(&queen, &[12, 20], &control).unwrap();
        assert!(matches!(t, GameTable::Box(_)));
        assert_eq!(t.sides(), vec![13, 21]);
        assert_eq!(t.value(&[3, 5], 0), Some(0));
        assert_eq!(t.value(&[13, 0], 0), None, "outside");
        let nim4 = crate::rules::preset("nim-4").unwrap();
        let h = GameTable::covering(&nim4, &[3, 5, 6, 7], &control).unwrap();
        assert!(matches!(h, GameTable::Heaps(_)));
        assert_eq!(h.sides().len(), 4);
        for p in [[1u64, 2, 3, 0], [3, 5, 6, 7], [2, 2, 0, 1]] {
            assert_eq!(h.position_value(&p, 0), Some((p[0] ^ p[1] ^ p[2] ^ p[3]) as u32), "{p:?}");
        }
    }
}
