//! The construction of the P-positions step by step, as the source article
//! on Wythoff's game builds them: mark (0, 0) as a P-position, strike out
//! every cell that can move to it, take the least cell that is still free,
//! and repeat.
//!
//! It works for any two-coordinate piece because every move lowers x + y:
//! the cells are taken in an order in which every option of a cell comes
//! before it, so when the least free cell is reached, none of its options is
//! a P-position (else it would have been struck out), and it is one. A
//! terminal cell has no moves: it is never struck out and is a P-position
//! when its turn comes, exactly as the engine gives it the value 0.
//!
//! The order is the article's, "the next row not yet used": for a
//! symmetric piece on a square box the pairs `(a, b)` with `a <= b` by `a`,
//! then `b`, and each step marks the pair and its mirror `(b, a)`; for the
//! queen step n gives `(a_n, b_n) = (floor(n phi), floor(n phi^2))`. Any
//! other piece takes the cells `(x, y)` by `x`, then `y`, one a step.

use super::{ClosedForm, closed_form, floor_phi, floor_phi2};
use crate::rules::{Convention, Offset, Rules};
use std::fmt;

/// The largest side of a box the construction takes (its marks take
/// 8 bytes a cell).
pub const MAX_CONSTRUCTION_SIDE: usize = 4096;

/// Why the construction cannot run on these rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstructionError {
    /// Not a piece of two coordinates (one or three coordinates).
    Dimension(u8),
    /// The moves are a program or a take-and-break game, not a piece.
    NotAPiece,
    /// Misère play: a position with no move is not a P-position there.
    Misere,
    /// With the one-time pass a position is not a cell alone.
    Pass,
    /// The box is empty or larger than [`MAX_CONSTRUCTION_SIDE`].
    Size {
        /// The box asked for.
        width: usize,
        /// The box asked for.
        height: usize,
    },
}

impl fmt::Display for ConstructionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstructionError::Dimension(d) => write!(f, "the construction is for two coordinates, not {d}"),
            ConstructionError::NotAPiece => write!(f, "the construction needs a piece (slides and jumps)"),
            ConstructionError::Misere => write!(f, "the construction is for normal play"),
            ConstructionError::Pass => write!(f, "the construction does not know the one-time pass"),
            ConstructionError::Size { width, height } => {
                write!(f, "a {width} x {height} box; the construction takes 1 to {MAX_CONSTRUCTION_SIDE} a side")
            }
        }
    }
}

impl std::error::Error for ConstructionError {}

/// One step: the least free cell becomes a P-position and the cells that
/// can move to it are struck out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step's number, from 0.
    pub n: usize,
    /// `(a_n, b_n)`: the cell taken (with `a_n <= b_n` for a symmetric piece).
    pub pair: (usize, usize),
    /// The new P-positions: the pair and, for a symmetric piece, its mirror
    /// (once when `a_n = b_n`).
    pub p_positions: Vec<(usize, usize)>,
    /// Whether the cell is terminal (a P-position because it has no move).
    pub terminal: bool,
    /// The least number that is a coordinate of no P-position found before
    /// this step. The article's construction of the queen's pairs reads
    /// `a_n` as this number; for other pieces `a_n` may be another.
    pub least_unused: usize,
    /// Every cell of the box that can move to a new P-position in one move,
    /// sorted; some were struck out by earlier steps already.
    pub struck: Vec<(usize, usize)>,
    /// Where the search for the least free cell stood (undone by `back`).
    scan_before: usize,
}

/// No step: the cell is free (or not reached).
const NONE: u32 = u32::MAX;

/// The construction on a box `width x height` for a piece in normal play,
/// one step at a time ([`Construction::step`], [`Construction::back`]).
#[derive(Clone, Debug)]
pub struct Construction {
    rules: Rules,
    width: usize,
    height: usize,
    /// Pairs `(a, b)`, `a <= b`, with their mirrors.
    symmetric: bool,
    /// The step that made a cell a P-position, or [`NONE`]; row-major.
    found_at: Vec<u32>,
    /// The step that first struck a cell out, or [`NONE`].
    struck_at: Vec<u32>,
    steps: Vec<Step>,
    /// How many P-positions found so far have the number as a coordinate
    /// (once for a cell `(a, a)`), for [`Step::least_unused`].
    uses: Vec<u32>,
    /// The least number with no use.
    least_unused: usize,
    /// The position in the order where the next free cell is looked for:
    /// every cell before it is decided.
    scan: usize,
    beatty: bool,
}

impl Construction {
    /// Whether the rules are a piece on a board of two coordinates, where
    /// the construction is worth offering (misère and the pass are then
    /// refused by [`Construction::new`] with a reason).
    pub fn is_for(rules: &Rules) -> bool {
        rules.dimension == 2 && rules.program.is_none() && rules.breaks.is_none()
    }

    /// The construction of `rules` on `width x height`, before its first
    /// step. Rules of two coordinates with a piece, normal play, no pass.
    pub fn new(rules: &Rules, width: usize, height: usize) -> Result<Self, ConstructionError> {
        if rules.program.is_some() || rules.breaks.is_some() {
            return Err(ConstructionError::NotAPiece);
        }
        if rules.dimension != 2 {
            return Err(ConstructionError::Dimension(rules.dimension));
        }
        if rules.convention == Convention::Misere {
            return Err(ConstructionError::Misere);
        }
        if rules.passes.any() {
            return Err(ConstructionError::Pass);
        }
        let fits = |s: usize| (1..=MAX_CONSTRUCTION_SIDE).contains(&s);
        if !fits(width) || !fits(height) {
            return Err(ConstructionError::Size { width, height });
        }
        Ok(Construction {
            rules: rules.clone(),
            width,
            height,
            symmetric: rules.is_symmetric() && width == height,
            found_at: vec![NONE; width * height],
            struck_at: vec![NONE; width * height],
            steps: Vec::new(),
            uses: vec![0; width.max(height) + 1],
            least_unused: 0,
            scan: 0,
            beatty: closed_form(rules) == Some(ClosedForm::Wythoff { misere: false }),
        })
    }

    /// The box's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The box's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The rules built.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether each step takes a pair `a <= b` and its mirror.
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    /// The steps taken so far, step n at index n.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Whether every cell of the box is decided (no step is left).
    pub fn is_done(&self) -> bool {
        self.next_free(self.scan).is_none()
    }

    /// For the queen (Wythoff's game in normal play), `(floor(n phi),
    /// floor(n phi^2))` for step n, exact: the pair the step must find.
    pub fn beatty(&self, n: usize) -> Option<(u128, u128)> {
        self.beatty.then(|| (floor_phi(n as u64), floor_phi2(n as u64)))
    }

    /// The step that made `(x, y)` a P-position, if one has.
    pub fn found_at(&self, x: usize, y: usize) -> Option<usize> {
        self.mark(&self.found_at, x, y)
    }

    /// The step that first struck `(x, y)` out, if one has.
    pub fn struck_at(&self, x: usize, y: usize) -> Option<usize> {
        self.mark(&self.struck_at, x, y)
    }

    fn mark(&self, marks: &[u32], x: usize, y: usize) -> Option<usize> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let m = marks[y * self.width + x];
        (m != NONE).then_some(m as usize)
    }

    /// The P-positions found so far, sorted.
    pub fn p_positions(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = self.steps.iter().flat_map(|s| s.p_positions.iter().copied()).collect();
        out.sort_unstable_by_key(|&(x, y)| (y, x));
        out
    }

    /// The number of places in the order.
    fn order_len(&self) -> usize {
        self.width * self.height
    }

    /// The cell at place `i` of the order, or `None` when the place holds
    /// no cell (the lower half `a > b` of a symmetric box).
    fn cell_of(&self, i: usize) -> Option<(usize, usize)> {
        // x (the pair's a) first, then y.
        let (x, y) = (i / self.height, i % self.height);
        (!self.symmetric || x <= y).then_some((x, y))
    }

    fn is_free(&self, (x, y): (usize, usize)) -> bool {
        let i = y * self.width + x;
        self.found_at[i] == NONE && self.struck_at[i] == NONE
    }

    /// The first place from `from` on whose cell is free.
    fn next_free(&self, from: usize) -> Option<usize> {
        (from..self.order_len()).find(|&i| self.cell_of(i).is_some_and(|c| self.is_free(c)))
    }

    /// Take one step: the least free cell becomes a P-position (with its
    /// mirror for a symmetric piece) and every cell that can move to it is
    /// struck out. `None` when every cell of the box is decided.
    pub fn step(&mut self) -> Option<&Step> {
        let place = self.next_free(self.scan)?;
        let (a, b) = self.cell_of(place)?;
        let n = self.steps.len();
        let mut p_positions = vec![(a, b)];
        if self.symmetric && a != b {
            p_positions.push((b, a));
        }
        let mut struck: Vec<(usize, usize)> = p_positions.iter().flat_map(|&p| self.movers_to(p)).collect();
        struck.sort_unstable_by_key(|&(x, y)| (y, x));
        struck.dedup();
        for &(x, y) in &p_positions {
            self.found_at[y * self.width + x] = n as u32;
        }
        for &(x, y) in &struck {
            let m = &mut self.struck_at[y * self.width + x];
            if *m == NONE {
                *m = n as u32;
            }
        }
        let terminal = self.rules.is_terminal(a as u64, b as u64);
        let least_unused = self.least_unused;
        self.count_uses(&p_positions, true);
        let step = Step { n, pair: (a, b), p_positions, terminal, least_unused, struck, scan_before: self.scan };
        self.steps.push(step);
        self.scan = place + 1;
        self.steps.last()
    }

    /// Undo the last step; false when there is none.
    pub fn back(&mut self) -> bool {
        let Some(step) = self.steps.pop() else { return false };
        for &(x, y) in &step.p_positions {
            self.found_at[y * self.width + x] = NONE;
        }
        for &(x, y) in &step.struck {
            let m = &mut self.struck_at[y * self.width + x];
            if *m == step.n as u32 {
                *m = NONE;
            }
        }
        self.scan = step.scan_before;
        self.count_uses(&step.p_positions, false);
        self.least_unused = step.least_unused;
        true
    }

    /// Count (or uncount) the coordinates of new P-positions, and move the
    /// least unused number past the numbers now used.
    fn count_uses(&mut self, p_positions: &[(usize, usize)], add: bool) {
        let mut numbers: Vec<usize> = p_positions.iter().flat_map(|&(x, y)| [x, y]).collect();
        numbers.sort_unstable();
        numbers.dedup();
        for v in numbers {
            let u = &mut self.uses[v];
            *u = if add { *u + 1 } else { *u - 1 };
        }
        while add && self.uses[self.least_unused] > 0 {
            self.least_unused += 1;
        }
    }

    /// Take every step up to the last (or until `stop` says so, checked
    /// between steps); the number of steps taken.
    pub fn run(&mut self, mut stop: impl FnMut(usize) -> bool) -> usize {
        let mut taken = 0;
        while !stop(taken) && self.step().is_some() {
            taken += 1;
        }
        taken
    }

    /// The cells of the box that can move to `(px, py)` in one move: `p +
    /// jump`, and `p + k slide` for every `k >= 1`, that are in the box and
    /// not terminal (a terminal cell has no move).
    fn movers_to(&self, (px, py): (usize, usize)) -> Vec<(usize, usize)> {
        let (w, h) = (self.width, self.height);
        let inside = |k: usize, o: &Offset| {
            let x = px.checked_add(k.checked_mul(o.dx as usize)?)?;
            let y = py.checked_add(k.checked_mul(o.dy as usize)?)?;
            (x < w && y < h).then_some((x, y))
        };
        let piece = &self.rules.piece;
        let jumps = piece.jumps.iter().filter_map(|o| inside(1, o));
        let slides = piece.slides.iter().flat_map(|o| (1..).map_while(move |k| inside(k, o)));
        jumps.chain(slides).filter(|&(x, y)| !self.rules.is_terminal(x as u64, y as u64)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::preset;

    #[test]
    fn the_queen_finds_the_wythoff_pairs_in_order() {
        let mut c = Construction::new(&preset("queen").unwrap(), 60, 60).unwrap();
        c.run(|_| false);
        assert!(c.is_done());
        for s in c.steps() {
            let (a, b) = c.beatty(s.n).unwrap();
            assert_eq!((s.pair.0 as u128, s.pair.1 as u128), (a, b), "step {}", s.n);
        }
        assert_eq!(c.steps().len(), 23, "b_22 = 57 < 60 <= b_23 = 60 is outside: {:?}", c.steps().last());
    }

    #[test]
    fn back_restores_the_marks_and_the_next_step() {
        let mut c = Construction::new(&preset("king").unwrap(), 12, 12).unwrap();
        let first: Vec<Step> = (0..5).map(|_| c.step().unwrap().clone()).collect();
        assert!(c.back() && c.back());
        assert_eq!(c.steps(), &first[..3]);
        assert_eq!(c.found_at(first[4].pair.0, first[4].pair.1), None);
        assert!(first[3].struck.iter().all(|&(x, y)| c.struck_at(x, y) != Some(3)));
        assert_eq!(c.step().unwrap(), &first[3]);
        assert_eq!(c.step().unwrap(), &first[4]);
        let mut empty = Construction::new(&preset("king").unwrap(), 3, 3).unwrap();
        assert!(!empty.back());
    }

    #[test]
    fn rules_it_does_not_take_say_why() {
        let queen = preset("queen").unwrap();
        assert!(Construction::is_for(&queen) && Construction::is_for(&queen.clone().misere()));
        assert!(!Construction::is_for(&preset("nim-3").unwrap()));
        assert_eq!(Construction::new(&queen.clone().misere(), 9, 9).unwrap_err(), ConstructionError::Misere);
        assert_eq!(Construction::new(&queen.clone().with_pass(), 9, 9).unwrap_err(), ConstructionError::Pass);
        assert_eq!(Construction::new(&queen, 0, 9).unwrap_err(), ConstructionError::Size { width: 0, height: 9 });
        assert_eq!(Construction::new(&preset("nim-3").unwrap(), 9, 9).unwrap_err(), ConstructionError::Dimension(3));
        assert_eq!(
            Construction::new(&preset("queen-program").unwrap(), 9, 9).unwrap_err(),
            ConstructionError::NotAPiece
        );
    }
}
