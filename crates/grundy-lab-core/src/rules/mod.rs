//! What a game is: a [`Piece`] (slides and jumps), a [`TerminalSet`] and a
//! [`Convention`] in one, two or three dimensions, optionally with
//! [`Passes`], or the moves written as a small [`Program`]; together a
//! [`Rules`] value. One description of a game, used by the engine, the play
//! tab, the map, the editor and files.
//!
//! A position is `(x)`, `(x, y)` or `(x, y, z)`: the coordinates a game of
//! that dimension does not use are 0 (a one-heap game lives on the x axis,
//! a two-heap game in the plane z = 0).
//! A program may have up to [`MAX_DIMENSION`] coordinates; its positions
//! are then [`Point`]s, computed by [`crate::grundy::heaps`].

pub mod breaks;
mod compiled;
mod file;
pub(crate) mod heap_presets;
mod limits;
mod matrix;
pub mod octal;
mod passes;
mod presets;
mod program;
mod program_error;
mod reach;
mod validate;

pub use file::{
    FORMAT as RULES_FILE_FORMAT, FileEntry, MAX_FILE_BYTES, PointList, RulesFileError, SpecError,
    VERSION as RULES_FILE_VERSION, file_beside_preset, from_json, load_spec, to_json,
};
pub use heap_presets::{HEAP_PRESETS, HeapFamily, heap_family, nim_program_of_old, upgraded};
pub use limits::{
    DEFAULT_MAX_OPTIONS, DEFAULT_MILLIS_PER_POSITION, LimitSetting, Limits, MAX_MILLIS_PER_POSITION,
    MAX_OPTIONS_CEILING,
};
pub use matrix::{CellState, USUAL_SLIDES, parameter_p_of, parameter_p_piece};
pub use passes::{MAX_PASSES, Passes};
pub use presets::{FAMILY_PRESETS, PRESET_NAMES, PresetError, preset, ryuoh_jumps};
pub(crate) use program::run_failure;
pub use program::{
    EXAMPLE_PROGRAMS, ExampleProgram, MAX_OPTIONS, MAX_PROGRAM_TEXT, MovesArity, OptionFault, ParseFault, Program,
    ProgramError, ProgramLimit, RunFault, coordinates, cycle_of, cycle_text, example, point_of, point_text,
    position_text,
};
pub use validate::{
    MAX_DESCRIPTION, MAX_NAME, MAX_OFFSET, MAX_OFFSETS, MAX_TERMINAL_CELLS, MAX_TERMINAL_COORD, OffsetKind, RulesError,
    TextField,
};

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// A position `[x, y, z]`; coordinates beyond the game's dimension are 0.
pub type Pos = [u64; 3];

/// The most coordinates (heaps) a game has. Pieces, the map and Play
/// take 1 to 3; a program takes up to this many (`fn moves(a, b, c, d)`),
/// computed by [`crate::grundy::heaps`].
pub const MAX_DIMENSION: usize = 8;

/// A position of up to [`MAX_DIMENSION`] coordinates; those beyond the
/// game's dimension are 0.
pub type Point = [u64; MAX_DIMENSION];

/// The six orders of three coordinates, the identity first: `π` takes
/// `q` to `[q[π0], q[π1], q[π2]]`.
pub const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]];

/// A move offset `(dx, dy, dz)`: how much a move subtracts from
/// `(x, y, z)`. All are `>= 0` and not all 0, so every move heads toward the
/// corner. Two-dimensional games use `dz = 0` (and one-dimensional ones
/// `dy = dz = 0`). A piece of four to eight coordinates also steps along
/// `x4 ... x8` ([`Offset::rest`], 0 in up to three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Offset {
    /// The step along `x`.
    pub dx: u32,
    /// The step along `y`.
    pub dy: u32,
    /// The step along `z` (0 in one and two dimensions).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dz: u32,
    /// The steps along `x4, ..., x8` (all 0 in up to three dimensions).
    #[serde(default, skip_serializing_if = "are_zero")]
    pub rest: [u32; MAX_DIMENSION - 3],
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

fn are_zero(v: &[u32; MAX_DIMENSION - 3]) -> bool {
    v.iter().all(|&c| c == 0)
}

impl Offset {
    /// The offset `(dx, dy)` of a two-dimensional game.
    pub const fn new(dx: u32, dy: u32) -> Self {
        Offset::new3(dx, dy, 0)
    }

    /// The offset `(dx, dy, dz)`.
    pub const fn new3(dx: u32, dy: u32, dz: u32) -> Self {
        Offset { dx, dy, dz, rest: [0; MAX_DIMENSION - 3] }
    }

    /// The offset of up to [`MAX_DIMENSION`] steps, `c[i]` along
    /// coordinate `i + 1` (those not given are 0; more are ignored).
    pub fn of(c: &[u32]) -> Self {
        let mut all = [0u32; MAX_DIMENSION];
        for (a, &v) in all.iter_mut().zip(c) {
            *a = v;
        }
        let mut rest = [0; MAX_DIMENSION - 3];
        rest.copy_from_slice(&all[3..]);
        Offset { dx: all[0], dy: all[1], dz: all[2], rest }
    }

    /// The first three components as an array (a piece of one to three
    /// coordinates has no others).
    pub const fn components(self) -> [u32; 3] {
        [self.dx, self.dy, self.dz]
    }

    /// Every component, `x1` to `x8`.
    pub fn steps(self) -> [u32; MAX_DIMENSION] {
        let mut all = [0u32; MAX_DIMENSION];
        all[..3].copy_from_slice(&self.components());
        all[3..].copy_from_slice(&self.rest);
        all
    }

    /// The offset with components `i` and `i + 1` (from 0) swapped.
    pub fn swapped(self, i: usize) -> Self {
        let mut c = self.steps();
        c.swap(i, i + 1);
        Offset::of(&c)
    }

    /// The offset reflected in the diagonal: `(dy, dx, dz)`.
    pub const fn mirrored(self) -> Self {
        Offset { dx: self.dy, dy: self.dx, dz: self.dz, rest: self.rest }
    }

    /// Every order of the first `d` steps, each once, the offset itself
    /// sorted first: the moves of a piece that treats `d` heaps alike (at
    /// most `d!`, 40 320 for eight heaps).
    pub fn orders(self, d: usize) -> Vec<Offset> {
        let mut steps = self.steps()[..d.min(MAX_DIMENSION)].to_vec();
        steps.sort_unstable();
        let mut out = vec![Offset::of(&steps)];
        // The next order in lexicographic order, until the last.
        while let Some(i) = (1..steps.len()).rev().find(|&i| steps[i - 1] < steps[i]) {
            let j = (i..steps.len()).rev().find(|&j| steps[j] > steps[i - 1]).unwrap_or(i);
            steps.swap(i - 1, j);
            steps[i..].reverse();
            out.push(Offset::of(&steps));
        }
        out
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !are_zero(&self.rest) {
            let c = self.steps();
            let last = c.iter().rposition(|&v| v != 0).unwrap_or(0);
            let parts: Vec<String> = c[..=last].iter().map(|v| v.to_string()).collect();
            write!(f, "({})", parts.join(","))
        } else if self.dz == 0 {
            write!(f, "({},{})", self.dx, self.dy)
        } else {
            write!(f, "({},{},{})", self.dx, self.dy, self.dz)
        }
    }
}

/// A piece: **slides** are unbounded rays (from `(x, y)` to
/// `(x - k dx, y - k dy)` for every `k >= 1` that stays on the board) and
/// **jumps** are single offsets (to `(x - dx, y - dy)`). Together they are the
/// "move matrix" of the source paper.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Offsets the piece may repeat any number of times `k >= 1`, to `(x - k dx, y - k dy)`.
    pub slides: BTreeSet<Offset>,
    /// Offsets the piece makes once, to `(x - dx, y - dy)`.
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

    /// Whether every permutation of the three coordinates maps the piece's
    /// slides onto slides and its jumps onto jumps.
    pub fn is_symmetric3(&self) -> bool {
        let closed = |set: &BTreeSet<Offset>| set.iter().all(|o| o.orders(3).iter().all(|p| set.contains(p)));
        closed(&self.slides) && closed(&self.jumps)
    }

    /// Whether every permutation of the first `d` coordinates maps the
    /// piece's slides onto slides and its jumps onto jumps (checked on the
    /// swaps of neighbours, which make every permutation).
    pub fn is_symmetric_in(&self, d: usize) -> bool {
        let closed =
            |set: &BTreeSet<Offset>| (0..d.saturating_sub(1)).all(|i| set.iter().all(|o| set.contains(&o.swapped(i))));
        closed(&self.slides) && closed(&self.jumps)
    }

    /// True when the piece has no moves at all.
    pub fn is_empty(&self) -> bool {
        self.slides.is_empty() && self.jumps.is_empty()
    }
}

/// Cells where the game ends: a position in the terminal set has no moves,
/// even if the piece could move from it. Moving *into* it is allowed (and in
/// normal play wins). Any finite set of cells `[x, y, z]` (saved as
/// `[x, y]` when `z = 0`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TerminalSet {
    cells: BTreeSet<TerminalCell>,
}

/// One terminal cell; read from `[x]`, `[x, y]` or `[x, y, z]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct TerminalCell([u32; 3]);

impl Serialize for TerminalCell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [x, y, z] = self.0;
        if z == 0 { [x, y].serialize(s) } else { self.0.serialize(s) }
    }
}

impl<'de> Deserialize<'de> for TerminalCell {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<u32> = Vec::deserialize(d)?;
        match v[..] {
            [x] => Ok(TerminalCell([x, 0, 0])),
            [x, y] => Ok(TerminalCell([x, y, 0])),
            [x, y, z] => Ok(TerminalCell([x, y, z])),
            _ => Err(serde::de::Error::custom(format!("a cell has 1 to 3 coordinates, not {}", v.len()))),
        }
    }
}

impl TerminalSet {
    /// The empty terminal set: the game ends only where the piece cannot move.
    pub fn none() -> Self {
        Self::default()
    }

    /// All cells with `x + y <= n` (n = 2 is the Hofstadter-G variant).
    pub fn triangle(n: u32) -> Self {
        Self::from_cells((0..=n).flat_map(|x| (0..=n - x).map(move |y| (x, y))))
    }

    /// `n` when the set is the triangle `x + y <= n` ([`Self::triangle`]).
    pub fn as_triangle(&self) -> Option<u32> {
        let n = self.cells.iter().map(|c| c.0[0] + c.0[1]).max()?;
        // The triangle of side n has (n + 1)(n + 2) / 2 cells.
        let cells = (n as usize + 1) * (n as usize + 2) / 2;
        (self.cells.len() == cells && *self == Self::triangle(n)).then_some(n)
    }

    /// A terminal set from cells `(x, y)` of the plane z = 0.
    pub fn from_cells(cells: impl IntoIterator<Item = (u32, u32)>) -> Self {
        Self::from_points(cells.into_iter().map(|(x, y)| [x, y, 0]))
    }

    /// A terminal set from cells `[x, y, z]`.
    pub fn from_points(cells: impl IntoIterator<Item = [u32; 3]>) -> Self {
        TerminalSet { cells: cells.into_iter().map(TerminalCell).collect() }
    }

    /// Whether `(x, y)` (in the plane z = 0) is terminal.
    pub fn contains(&self, x: u64, y: u64) -> bool {
        self.contains_at([x, y, 0])
    }

    /// Whether the position `p` is terminal.
    pub fn contains_at(&self, p: Pos) -> bool {
        if self.cells.is_empty() || p.iter().any(|&c| c > u32::MAX as u64) {
            return false;
        }
        self.cells.contains(&TerminalCell(p.map(|c| c as u32)))
    }

    /// Add or remove the cell `(x, y)` of the plane z = 0.
    pub fn toggle(&mut self, x: u32, y: u32) {
        let c = TerminalCell([x, y, 0]);
        if !self.cells.remove(&c) {
            self.cells.insert(c);
        }
    }

    /// The cells `[x, y, z]`, sorted.
    pub fn cells(&self) -> impl Iterator<Item = [u32; 3]> + '_ {
        self.cells.iter().map(|c| c.0)
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when there are no terminal cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when `(x, y, z)` terminal implies `(y, x, z)` terminal.
    pub fn is_symmetric(&self) -> bool {
        self.cells.iter().all(|&TerminalCell([x, y, z])| self.cells.contains(&TerminalCell([y, x, z])))
    }

    /// Whether every permutation of the coordinates maps the set onto itself.
    pub fn is_symmetric3(&self) -> bool {
        self.cells
            .iter()
            .all(|&TerminalCell(c)| PERMUTATIONS.iter().all(|pi| self.cells.contains(&TerminalCell(pi.map(|i| c[i])))))
    }

    /// The largest coordinate + 1 over the cells: beyond this cube the
    /// terminal set changes nothing.
    pub fn extent(&self) -> u64 {
        self.cells.iter().map(|c| *c.0.iter().max().unwrap_or(&0) as u64 + 1).max().unwrap_or(0)
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
/// `(0, 0, 0)` (or a program that lists the moves), the cells where the game
/// ends, who wins at the end, the number of coordinates, and the passes.
///
/// **The passes** ([`Passes`]; Gale's "Nim with a pass" is one pass): a
/// number of times per game, shared by the players, either player may pass
/// instead of moving, except at a position with no moves unless the passes
/// are allowed at the end too. A state is the position plus the number of
/// passes still left.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// The game's name, as menus and files show it.
    pub name: String,
    /// One line that says what the game is, for a person.
    pub description: String,
    /// The moves (slides and jumps), when the game is not a program.
    pub piece: Piece,
    /// The positions where the game ends besides those with no move.
    pub terminal: TerminalSet,
    /// Normal play (the last move wins) or misère (it loses).
    pub convention: Convention,
    /// 1, 2 or 3 coordinates for a piece (2: the board of Corner the Queen),
    /// up to [`MAX_DIMENSION`] for a program.
    #[serde(default = "two")]
    pub dimension: u8,
    /// The passes: how many, and whether also where no move is left. Saved
    /// as `pass`, `false` or `true` (Gale's one pass) as before, or
    /// `{"count": K, "at_end": B}`.
    #[serde(default, rename = "pass")]
    pub passes: Passes,
    /// The moves written as a program; then `piece` and `terminal` are empty
    /// and the program says the moves (and the terminal positions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<Program>,
    /// A take-and-break game: the spec of the moves of one heap
    /// (`octal:0.07`, `hex:0.F`, `split:2:unequal`, `subtraction:1,3,4` or
    /// a take-and-break preset's name, see [`crate::takebreak`]). A
    /// position is then a row of any number of heaps, whose value is the
    /// XOR of the heaps' values; `piece` and `terminal` are empty, the
    /// dimension is 1, and the values are a sequence, not a table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub breaks: Option<String>,
    /// How many options and how much time one position of the program may
    /// take (today's values unless raised; a piece ignores them).
    #[serde(default, skip_serializing_if = "Limits::is_default")]
    pub limits: Limits,
}

fn two() -> u8 {
    2
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
            dimension: 2,
            passes: Passes::NONE,
            program: None,
            breaks: None,
            limits: Limits::default(),
        }
    }

    /// The take-and-break game of `spec` (see [`Rules::breaks`]), named
    /// `name`. [`Rules::validate`] checks the spec.
    pub fn take_and_break(name: &str, spec: &str) -> Self {
        Rules { dimension: 1, breaks: Some(spec.to_string()), ..Rules::new(name, Piece::default()) }
    }

    /// Rules of `dimension` coordinates with the given piece (offsets use
    /// only the first `dimension` components).
    pub fn with_dimension(name: &str, dimension: u8, piece: Piece) -> Self {
        Rules { dimension, ..Rules::new(name, piece) }
    }

    /// Rules whose moves a program lists (its dimension is the program's).
    pub fn from_program(name: &str, program: Program) -> Self {
        Rules { dimension: program.dimension(), program: Some(program), ..Rules::new(name, Piece::default()) }
    }

    /// The same rules in misère play.
    pub fn misere(mut self) -> Self {
        self.convention = Convention::Misere;
        self
    }

    /// The same rules with Gale's one-time pass.
    pub fn with_pass(self) -> Self {
        self.with_passes(Passes::GALE)
    }

    /// The same rules with these passes.
    pub fn with_passes(mut self, passes: Passes) -> Self {
        self.passes = passes;
        self
    }

    /// The same rules without passes (the game of layer 0).
    pub fn without_passes(self) -> Self {
        self.with_passes(Passes::NONE)
    }

    /// True when `(x, y)` and `(y, x)` always have the same value (a
    /// two-dimensional piece with a symmetric move set and terminal set).
    pub fn is_symmetric(&self) -> bool {
        self.dimension == 2 && self.program.is_none() && self.piece.is_symmetric() && self.terminal.is_symmetric()
    }

    /// Whether the rules treat three heaps alike: three coordinates, no
    /// program, and the piece and the terminal set unchanged by every
    /// permutation of the coordinates. Then `g(x, y, z)` is the value of
    /// the coordinates sorted.
    pub fn is_symmetric3(&self) -> bool {
        self.dimension == 3 && self.program.is_none() && self.piece.is_symmetric3() && self.terminal.is_symmetric3()
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

    /// Whether `self` and `other` are the same game: every field but the
    /// name and the description (which do not change a value). The one
    /// comparison the app uses to recompute, to record an undo step or to
    /// call a result stale; a new field of `Rules` must be added here (the
    /// pattern below lists every field, so the compiler asks for it).
    pub fn same_game(&self, other: &Rules) -> bool {
        let Rules { name: _, description: _, piece, terminal, convention, dimension, passes, program, breaks, limits } =
            self;
        *piece == other.piece
            && *limits == other.limits
            && *breaks == other.breaks
            && *terminal == other.terminal
            && *convention == other.convention
            && *dimension == other.dimension
            && *passes == other.passes
            && *program == other.program
    }

    /// The named numbers of these rules that a formula checked on them may
    /// use: `p` of the parameter-p piece ([`parameter_p_of`]; for `p <= 2`
    /// that piece is the rook, which keeps its `p` only by its name
    /// `ryuoh:1` or `ryuoh:2`). Empty for other rules.
    pub fn parameters(&self) -> Vec<(&'static str, i64)> {
        let named = || {
            let p: u32 = self.name.strip_prefix("ryuoh:")?.parse().ok()?;
            ((1..=2).contains(&p) && self.piece == Piece::new(&[(1, 0), (0, 1)], &[])).then_some(p)
        };
        match parameter_p_of(&self.piece).or_else(named) {
            Some(p) if self.program.is_none() => vec![("p", i64::from(p))],
            _ => Vec::new(),
        }
    }

    /// A short text naming the rules, e.g. `queen (misère)`.
    pub fn label(&self) -> String {
        let mut s = self.name.clone();
        if self.convention == Convention::Misere {
            s.push_str(" (misère)");
        }
        if self.passes.any() {
            s.push_str(&format!(" (with {})", self.passes));
        }
        s
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
    fn the_orders_of_a_move_are_every_permutation_once() {
        // Against all d! permutations of the indices, deduplicated.
        fn brute(o: Offset, d: usize) -> Vec<Offset> {
            let mut perms: Vec<Vec<usize>> = vec![vec![]];
            for _ in 0..d {
                let mut next = Vec::new();
                for p in &perms {
                    for i in (0..d).filter(|i| !p.contains(i)) {
                        next.push([p.clone(), vec![i]].concat());
                    }
                }
                perms = next;
            }
            let steps = o.steps();
            let mut out: Vec<Offset> =
                perms.iter().map(|p| Offset::of(&p.iter().map(|&i| steps[i]).collect::<Vec<_>>())).collect();
            out.sort();
            out.dedup();
            out
        }
        for (steps, d, count) in
            [(&[1, 0, 0, 0][..], 4, 4), (&[1, 1, 0, 0], 4, 6), (&[2, 1, 0, 0, 0], 5, 20), (&[3, 2, 1, 0, 1, 0], 6, 180)]
        {
            let o = Offset::of(steps);
            let mut orders = o.orders(d);
            assert_eq!(orders.len(), count, "{steps:?}");
            orders.sort();
            assert_eq!(orders, brute(o, d), "{steps:?}");
        }
        assert_eq!(Offset::of(&[1, 2, 3, 4, 5, 6, 7, 8]).orders(8).len(), 40_320);
    }

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
    fn the_same_game_ignores_only_the_name_and_description() {
        let a = preset("queen").unwrap();
        let mut b = a.clone();
        b.name = "my queen".into();
        b.description = "renamed".into();
        assert!(a.same_game(&b) && a != b);
        for change in [
            |r: &mut Rules| r.passes = Passes::GALE,
            |r: &mut Rules| r.passes = Passes::times(2),
            |r: &mut Rules| r.passes = Passes { count: 1, at_end: true },
            |r: &mut Rules| r.convention = Convention::Misere,
            |r: &mut Rules| r.dimension = 3,
            |r: &mut Rules| r.terminal.toggle(1, 1),
            |r: &mut Rules| {
                r.piece.jumps.insert(Offset::new(1, 2));
            },
        ] {
            let mut c = a.clone();
            change(&mut c);
            assert!(!a.same_game(&c), "{c:?}");
        }
    }

    #[test]
    fn terminal_cells_have_no_moves() {
        let r = preset("queen-t2").unwrap();
        assert!(r.moves(1, 1).is_empty());
        assert!(!r.moves(2, 1).is_empty());
        assert_eq!(r.terminal.len(), 6);
        assert_eq!(r.terminal.as_triangle(), Some(2));
        assert_eq!(TerminalSet::triangle(5).as_triangle(), Some(5));
        assert_eq!(TerminalSet::none().as_triangle(), None);
        // Six cells that are not the triangle, and the triangle with one more.
        assert_eq!(TerminalSet::from_cells([(0, 0), (1, 0), (0, 1), (3, 0), (2, 0), (1, 1)]).as_triangle(), None);
        let more = TerminalSet::from_cells(TerminalSet::triangle(2).cells().map(|[x, y, _]| (x, y)).chain([(5, 5)]));
        assert_eq!(more.as_triangle(), None);
    }
}
