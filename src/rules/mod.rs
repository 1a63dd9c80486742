//! What a game is: a [`Piece`] (slides and jumps), a [`TerminalSet`] and a
//! [`Convention`], together a [`Rules`] value. One description of a game,
//! used by the engine, the play tab, the map, the editor and files.

mod file;
mod matrix;
mod presets;
mod validate;

pub use file::{MAX_FILE_BYTES, RulesFileError, from_json, load_spec, to_json};
pub use matrix::{CellState, USUAL_SLIDES, parameter_p_piece};
pub use presets::{PRESET_NAMES, preset, ryuoh_jumps};
pub use validate::{
    MAX_DESCRIPTION, MAX_NAME, MAX_OFFSET, MAX_OFFSETS, MAX_TERMINAL_CELLS, MAX_TERMINAL_COORD, OffsetKind, RulesError,
};

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// A move offset `(dx, dy)`: how much a move subtracts from `(x, y)`.
/// Both are `>= 0` and not both 0, so every move heads toward the corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Offset {
    pub dx: u32,
    pub dy: u32,
}

impl Offset {
    /// The offset `(dx, dy)`.
    pub const fn new(dx: u32, dy: u32) -> Self {
        Offset { dx, dy }
    }

    /// The offset reflected in the diagonal: `(dy, dx)`.
    pub const fn mirrored(self) -> Self {
        Offset { dx: self.dy, dy: self.dx }
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.dx, self.dy)
    }
}

/// A piece: **slides** are unbounded rays (from `(x, y)` to
/// `(x - k dx, y - k dy)` for every `k >= 1` that stays on the board) and
/// **jumps** are single offsets (to `(x - dx, y - dy)`). Together they are the
/// "move matrix" of the source paper.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub slides: BTreeSet<Offset>,
    pub jumps: BTreeSet<Offset>,
}

impl Piece {
    /// A piece from lists of slide and jump offsets `(dx, dy)`.
    pub fn new(slides: &[(u32, u32)], jumps: &[(u32, u32)]) -> Self {
        Piece {
            slides: slides.iter().map(|&(a, b)| Offset::new(a, b)).collect(),
            jumps: jumps.iter().map(|&(a, b)| Offset::new(a, b)).collect(),
        }
    }

    /// True when the move set is unchanged by swapping x and y.
    pub fn is_symmetric(&self) -> bool {
        self.slides.iter().all(|o| self.slides.contains(&o.mirrored()))
            && self.jumps.iter().all(|o| self.jumps.contains(&o.mirrored()))
    }

    /// True when the piece has no moves at all.
    pub fn is_empty(&self) -> bool {
        self.slides.is_empty() && self.jumps.is_empty()
    }
}

/// Cells where the game ends: a position in the terminal set has no moves,
/// even if the piece could move from it. Moving *into* it is allowed (and in
/// normal play wins). Any finite set of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TerminalSet {
    cells: BTreeSet<(u32, u32)>,
}

impl TerminalSet {
    /// The empty terminal set: the game ends only where the piece cannot move.
    pub fn none() -> Self {
        Self::default()
    }

    /// All cells with `x + y <= n` (n = 2 is the Hofstadter-G variant).
    pub fn triangle(n: u32) -> Self {
        let cells = (0..=n).flat_map(|x| (0..=n - x).map(move |y| (x, y))).collect();
        TerminalSet { cells }
    }

    /// A terminal set from any cells.
    pub fn from_cells(cells: impl IntoIterator<Item = (u32, u32)>) -> Self {
        TerminalSet { cells: cells.into_iter().collect() }
    }

    /// Whether `(x, y)` is terminal.
    pub fn contains(&self, x: u64, y: u64) -> bool {
        x <= u32::MAX as u64 && y <= u32::MAX as u64 && self.cells.contains(&(x as u32, y as u32))
    }

    /// Add or remove a cell.
    pub fn toggle(&mut self, x: u32, y: u32) {
        if !self.cells.remove(&(x, y)) {
            self.cells.insert((x, y));
        }
    }

    /// The cells, sorted.
    pub fn cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.cells.iter().copied()
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when there are no terminal cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `(x, y)` terminal implies `(y, x)` terminal.
    pub fn is_symmetric(&self) -> bool {
        self.cells.iter().all(|&(x, y)| self.cells.contains(&(y, x)))
    }

    /// The largest `max(x, y)` + 1 over the cells: beyond this square the
    /// terminal set changes nothing.
    pub fn extent(&self) -> u64 {
        self.cells.iter().map(|&(x, y)| x.max(y) as u64 + 1).max().unwrap_or(0)
    }
}

/// Who wins when the game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who makes the last move wins.
    #[default]
    Normal,
    /// The player who makes the last move loses.
    Misere,
}

/// One complete description of a game: a piece moving toward the corner
/// `(0, 0)`, the cells where the game ends, and who wins at the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub name: String,
    pub description: String,
    pub piece: Piece,
    pub terminal: TerminalSet,
    pub convention: Convention,
}

impl Default for Rules {
    fn default() -> Self {
        preset("queen").expect("queen is a preset")
    }
}

impl Rules {
    /// Rules with the given piece, no terminal cells, normal play.
    pub fn new(name: &str, piece: Piece) -> Self {
        Rules {
            name: name.to_string(),
            description: String::new(),
            piece,
            terminal: TerminalSet::none(),
            convention: Convention::Normal,
        }
    }

    /// The same rules in misère play.
    pub fn misere(mut self) -> Self {
        self.convention = Convention::Misere;
        self
    }

    /// True when `(x, y)` and `(y, x)` always have the same value.
    pub fn is_symmetric(&self) -> bool {
        self.piece.is_symmetric() && self.terminal.is_symmetric()
    }

    /// Whether `(x, y)` is in the terminal set.
    pub fn is_terminal(&self, x: u64, y: u64) -> bool {
        self.terminal.contains(x, y)
    }

    /// Every position reachable from `(x, y)` in one move, each once, in no
    /// particular order. Empty on terminal cells. Grows with `x + y` for
    /// slides: for huge positions use [`Rules::has_move_to`] instead.
    pub fn moves(&self, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = BTreeSet::new();
        if self.is_terminal(x, y) {
            return Vec::new();
        }
        for o in &self.piece.jumps {
            if let (Some(a), Some(b)) = (x.checked_sub(o.dx as u64), y.checked_sub(o.dy as u64)) {
                out.insert((a, b));
            }
        }
        for o in &self.piece.slides {
            let (mut a, mut b) = (x, y);
            while let (Some(na), Some(nb)) = (a.checked_sub(o.dx as u64), b.checked_sub(o.dy as u64)) {
                out.insert((na, nb));
                a = na;
                b = nb;
            }
        }
        out.into_iter().collect()
    }

    /// Whether one move goes from `(x, y)` to `(tx, ty)`. O(number of
    /// offsets), for any size.
    pub fn has_move_to(&self, x: u64, y: u64, tx: u64, ty: u64) -> bool {
        if self.is_terminal(x, y) || tx > x || ty > y || (tx, ty) == (x, y) {
            return false;
        }
        let (ddx, ddy) = (x - tx, y - ty);
        let jump = self.piece.jumps.iter().any(|o| o.dx as u64 == ddx && o.dy as u64 == ddy);
        jump || self.piece.slides.iter().any(|o| slide_reaches(*o, ddx, ddy))
    }

    /// A short text naming the rules, e.g. `queen (misère)`.
    pub fn label(&self) -> String {
        match self.convention {
            Convention::Normal => self.name.clone(),
            Convention::Misere => format!("{} (misère)", self.name),
        }
    }
}

/// Whether `(ddx, ddy) = k * o` for some `k >= 1`.
fn slide_reaches(o: Offset, ddx: u64, ddy: u64) -> bool {
    let (dx, dy) = (o.dx as u64, o.dy as u64);
    let k = ddx.checked_div(dx).or_else(|| ddy.checked_div(dy)).unwrap_or(0);
    k >= 1 && k * dx == ddx && k * dy == ddy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queen_moves_from_2_1() {
        let q = preset("queen").unwrap();
        let mut m = q.moves(2, 1);
        m.sort();
        assert_eq!(m, vec![(0, 1), (1, 0), (1, 1), (2, 0)]);
        assert!(q.has_move_to(2, 1, 1, 0));
        assert!(!q.has_move_to(2, 1, 0, 0));
    }

    #[test]
    fn has_move_to_agrees_with_moves() {
        for name in ["queen", "dragon-horse", "ryuoh:4", "queen-t2"] {
            let r = preset(name).unwrap();
            for x in 0..9u64 {
                for y in 0..9u64 {
                    let m = r.moves(x, y);
                    for tx in 0..=x {
                        for ty in 0..=y {
                            assert_eq!(m.contains(&(tx, ty)), r.has_move_to(x, y, tx, ty), "{name} {x},{y}->{tx},{ty}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn terminal_cells_have_no_moves() {
        let r = preset("queen-t2").unwrap();
        assert!(r.moves(1, 1).is_empty());
        assert!(!r.moves(2, 1).is_empty());
        assert_eq!(r.terminal.len(), 6);
    }
}
