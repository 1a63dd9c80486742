//! The cell under the pointer, the pinned cell, and the pinned cell's
//! moves (listed once per pinned cell: a cell far from the corner has tens
//! of thousands of moves).

use crate::grundy::Table;
use std::sync::Arc;

/// At most this many moves are listed one by one.
pub const MOVES_LISTED: usize = 40;

/// At most this many cells a move reaches are outlined on the map.
pub const MOVES_OUTLINED: usize = 20_000;

/// Which pinned cell of which table: (table address, x, y).
type PinnedKey = (usize, usize, usize);

/// The moves of the pinned cell.
pub(crate) struct PinnedMoves {
    key: PinnedKey,
    /// How many moves there are.
    pub count: usize,
    /// "(a, b) → g" a line, when there are at most [`MOVES_LISTED`] moves.
    pub lines: Option<String>,
    /// The set of values the moves reach, written in runs ({0–318}).
    pub values: String,
    /// The cells of this plane that one move reaches, with their values
    /// (a pass, which stays on the cell, and moves out of the plane are not
    /// among them); `None` past [`MOVES_OUTLINED`] moves.
    pub in_plane: Option<Vec<((usize, usize), u32)>>,
}

impl PinnedMoves {
    fn new(t: &Table, key: PinnedKey) -> Self {
        let (_, x, y) = key;
        let dimension = t.slice_source().map_or(t.rules().dimension, |s| s.full.rules().dimension);
        let listed = t.moves_listed(x, y);
        let count = listed.len();
        let mut values: Vec<u32> = listed.iter().map(|&(_, v)| v).collect();
        values.sort_unstable();
        values.dedup();
        let in_plane = (listed.len() <= MOVES_OUTLINED).then(|| {
            listed.iter().filter_map(|&(q, v)| Some((plane_cell(t, q)?, v))).filter(|&(c, _)| c != (x, y)).collect()
        });
        let lines = (count <= MOVES_LISTED).then(|| {
            let value = |v: u32| v.to_string();
            listed
                .iter()
                .map(|&(q, v)| format!("{} → {}", crate::rules::position_text(q, dimension), value(v)))
                .collect::<Vec<_>>()
                .join("\n")
        });
        PinnedMoves { key, count, lines, values: crate::map::stats::value_runs(&values), in_plane }
    }
}

/// The cell of the plane `t` shows that is the position `q` of the whole
/// game, if `q` lies in that plane.
fn plane_cell(t: &Table, q: [u64; 3]) -> Option<(usize, usize)> {
    let q = q.map(|c| c as usize);
    match t.slice_source() {
        Some(s) => {
            let (a, b) = s.axis.plane_indices();
            (q[s.axis.index()] == s.at).then_some((q[a], q[b]))
        }
        None => (q[2] == 0).then_some((q[0], q[1])),
    }
}

/// Hover and pin.
#[derive(Default)]
pub(crate) struct Pointer {
    hover: Option<(usize, usize)>,
    pinned: Option<(usize, usize)>,
    /// The moves of the pinned cell, by (table, x, y).
    pinned_moves: Option<PinnedMoves>,
}

impl Pointer {
    /// The cell under the pointer.
    pub fn hovered(&self) -> Option<(usize, usize)> {
        self.hover
    }

    /// The pinned cell.
    pub fn pinned(&self) -> Option<(usize, usize)> {
        self.pinned
    }

    /// The pointer is now over `cell` (or off the map).
    pub fn hover(&mut self, cell: Option<(usize, usize)>) {
        self.hover = cell;
    }

    /// A click: pin the cell under the pointer (a click off the map unpins).
    pub fn click(&mut self) {
        self.pinned = self.hover;
    }

    /// Pin `cell`.
    pub fn pin(&mut self, cell: (usize, usize)) {
        self.pinned = Some(cell);
    }

    /// Unpin.
    pub fn unpin(&mut self) {
        self.pinned = None;
    }

    /// The moves of `cell` of the complete table `t`, listed at the first
    /// call for this cell and table.
    pub fn moves_of(&mut self, t: &Arc<Table>, (x, y): (usize, usize)) -> &PinnedMoves {
        let key = (Arc::as_ptr(t) as usize, x, y);
        if self.pinned_moves.as_ref().is_none_or(|m| m.key != key) {
            self.pinned_moves = Some(PinnedMoves::new(t, key));
        }
        self.pinned_moves.get_or_insert_with(|| PinnedMoves::new(t, key))
    }

    /// The listed moves as "(a, b) → g" lines, once listed.
    pub fn move_lines(&self) -> Option<&str> {
        self.pinned_moves.as_ref().and_then(|m| m.lines.as_deref())
    }
}
