//! Planes of a larger table: the plane `x = k`, `y = k` or `z = k` of a
//! three-coordinate table, in one layer (with a pass, the pass still there
//! or used), as a two-coordinate table of its own. The map draws these;
//! the moves of a cell are still those of the whole game.

use super::Table;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// Which coordinate a plane holds fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Axis {
    /// The plane `x = k`: y across, z down (as the map draws it).
    X,
    /// The plane `y = k`: x across, z down.
    Y,
    /// The plane `z = k`: x across, y down.
    #[default]
    Z,
}

impl Axis {
    /// The three axes, in order.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// The coordinate's index in a position `[x, y, z]`.
    pub fn index(self) -> usize {
        match self {
            Axis::X => 0,
            Axis::Y => 1,
            Axis::Z => 2,
        }
    }

    /// The coordinate's name.
    pub fn name(self) -> &'static str {
        ["x", "y", "z"][self.index()]
    }

    /// The indices of the plane's coordinates: across, then down.
    pub fn plane_indices(self) -> (usize, usize) {
        match self {
            Axis::X => (1, 2),
            Axis::Y => (0, 2),
            Axis::Z => (0, 1),
        }
    }

    /// The position of the cell `(u, v)` of the plane where this
    /// coordinate is `k`.
    pub fn position(self, k: usize, u: usize, v: usize) -> [usize; 3] {
        let mut p = [k; 3];
        let (a, b) = self.plane_indices();
        (p[a], p[b]) = (u, v);
        p
    }
}

/// Where a plane was cut from.
#[derive(Clone, Debug)]
pub struct SliceOf {
    /// The whole table.
    pub full: Arc<Table>,
    /// The coordinate held fixed.
    pub axis: Axis,
    /// Its value.
    pub at: usize,
    /// The layer: the number of passes left (0 without passes).
    pub layer: usize,
}

impl SliceOf {
    /// The position in the whole table of the plane's cell `(u, v)`.
    pub fn position(&self, u: usize, v: usize) -> [usize; 3] {
        self.axis.position(self.at, u, v)
    }
}

impl Table {
    /// The plane `axis = at` of `layer` of a complete table, as a
    /// two-coordinate table of its own. Its moves and their values are read
    /// in `full` ([`Table::moves_listed`]). Copies one plane of cells.
    pub fn slice(full: &Arc<Table>, axis: Axis, at: usize, layer: usize) -> Table {
        let dims = full.dims();
        let (a, b) = axis.plane_indices();
        let (w, h) = (dims[a], dims[b]);
        let (at, layer) = (at.min(dims[axis.index()] - 1), layer.min(full.layers() - 1));
        let plain = full.rules().clone().without_passes();
        let mut t = Table::allocate(&plain, [w, h, 1], false, w.max(h).max(1));
        let copy_row = |(v, row): (usize, &[std::sync::atomic::AtomicU32])| {
            for (u, cell) in row.iter().enumerate() {
                let value = full.cells[full.index_at(axis.position(at, u, v), layer)].load(Ordering::Relaxed);
                cell.store(value, Ordering::Relaxed);
            }
        };
        // Rows in parallel (a plane x = k reads one cell a memory page),
        // except where this thread may not wait for others (the browser's
        // page).
        if crate::system::may_wait() {
            t.cells.par_chunks(w).enumerate().for_each(copy_row);
        } else {
            t.cells.chunks(w).enumerate().for_each(copy_row);
        }
        t.frontier.store(usize::MAX, Ordering::Release);
        t.slice_of = Some(SliceOf { full: full.clone(), axis, at, layer });
        t
    }

    /// For a plane: the table it was cut from, and where.
    pub fn slice_source(&self) -> Option<&SliceOf> {
        self.slice_of.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;

    #[test]
    fn every_plane_holds_the_values_of_its_positions() {
        let rules = crate::rules::preset("queen-3-all").unwrap().with_pass();
        let full = Arc::new(super::super::compute_box(&rules, [5, 6, 7], &Control::new()).unwrap());
        for axis in Axis::ALL {
            for layer in 0..2 {
                let at = 3;
                let s = Table::slice(&full, axis, at, layer);
                let (a, b) = axis.plane_indices();
                assert_eq!((s.width(), s.height()), (full.dims()[a], full.dims()[b]));
                for v in 0..s.height() {
                    for u in 0..s.width() {
                        let p = s.slice_source().unwrap().position(u, v);
                        assert_eq!(p[axis.index()], at);
                        assert_eq!(s.get(u, v), full.get_at(p, layer), "{axis:?} {p:?}");
                    }
                }
                // The moves are the whole game's, from the whole position.
                let p = axis.position(at, 1, 2);
                let listed: Vec<[u64; 3]> = s.moves_listed(1, 2).into_iter().map(|(q, _)| q).collect();
                let mut expected = rules.moves_at(p.map(|c| c as u64));
                if layer == 1 {
                    expected.push(p.map(|c| c as u64));
                }
                assert_eq!(listed, expected);
            }
        }
    }
}
