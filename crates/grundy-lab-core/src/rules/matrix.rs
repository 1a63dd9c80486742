//! The move matrix of the source paper, cell by cell: every offset
//! `(dx, dy)` around the piece is off, a **jump** (exactly that offset) or a
//! **slide** (that offset repeated any number of times). This is the view of
//! a [`Piece`] that the piece editor draws and changes; the piece itself
//! stays the one description of the moves.

use super::{Offset, Piece, TerminalSet, presets::ryuoh_jumps};

/// What the move matrix holds at one offset.
/// Ordered by strength: off < jump < slide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellState {
    /// The piece cannot move by this offset (as one step).
    #[default]
    Off,
    /// A jump: from `(x, y)` to `(x - dx, y - dy)`.
    Jump,
    /// A slide: from `(x, y)` to `(x - k dx, y - k dy)` for every `k >= 1`.
    Slide,
}

impl CellState {
    /// The next state when a cell is clicked: off, jump, slide, off, ...
    pub fn next(self) -> Self {
        match self {
            CellState::Off => CellState::Jump,
            CellState::Jump => CellState::Slide,
            CellState::Slide => CellState::Off,
        }
    }
}

/// The three slide directions of the rook and the queen: left `(1, 0)`, up
/// `(0, 1)` and diagonally `(1, 1)`.
pub const USUAL_SLIDES: [Offset; 3] = [Offset::new(1, 0), Offset::new(0, 1), Offset::new(1, 1)];

impl Piece {
    /// The matrix cell at `offset`: a slide wins over a jump of the same
    /// offset (a slide already reaches that offset in one step).
    pub fn cell(&self, offset: Offset) -> CellState {
        if self.slides.contains(&offset) {
            CellState::Slide
        } else if self.jumps.contains(&offset) {
            CellState::Jump
        } else {
            CellState::Off
        }
    }

    /// Make the cell at `offset` hold `state`. The offset `(0, 0)` is the
    /// piece itself and is never a move: setting it does nothing.
    pub fn set_cell(&mut self, offset: Offset, state: CellState) {
        if offset == Offset::new(0, 0) {
            return;
        }
        self.slides.remove(&offset);
        self.jumps.remove(&offset);
        match state {
            CellState::Off => {}
            CellState::Jump => {
                self.jumps.insert(offset);
            }
            CellState::Slide => {
                self.slides.insert(offset);
            }
        }
    }

    /// Set the cell at `offset` and, when `symmetric`, its mirror image
    /// `(dy, dx)` too.
    pub fn paint(&mut self, offset: Offset, state: CellState, symmetric: bool) {
        self.set_cell(offset, state);
        if symmetric {
            self.set_cell(offset.mirrored(), state);
        }
    }

    /// [`Piece::paint`] for a piece of `d` heaps: with `symmetric` (the
    /// heaps treated alike), every order of the offset's steps gets `state`.
    pub fn paint_heaps(&mut self, offset: Offset, state: CellState, d: usize, symmetric: bool) {
        if symmetric {
            for o in offset.orders(d) {
                self.set_cell(o, state);
            }
        } else {
            self.set_cell(offset, state);
        }
    }

    /// The piece of `d` heaps made to treat them alike: every move with
    /// every order of its steps, the stronger state where they disagree.
    /// `None` once that is more than `max` moves (it stops there, so a
    /// large piece costs at most one move's orders more).
    pub fn symmetrized_heaps(&self, d: usize, max: usize) -> Option<Piece> {
        let mut out = Piece::default();
        for o in self.slides.iter().chain(&self.jumps) {
            let strongest = o.orders(d).into_iter().map(|p| self.cell(p)).max().unwrap_or(CellState::Off);
            out.paint_heaps(*o, strongest, d, true);
            if out.slides.len() + out.jumps.len() > max {
                return None;
            }
        }
        Some(out)
    }

    /// Whether `o` is reached by repeating some slide at least twice (the
    /// cells the matrix shades along a slide's ray).
    pub fn slides_reach(&self, o: Offset) -> bool {
        let reaches =
            |s: &Offset, k: u32| s.components().iter().zip(o.components()).all(|(a, b)| a.checked_mul(k) == Some(b));
        self.slides.iter().any(|s| (2..=o.dx.max(o.dy).max(o.dz)).any(|k| reaches(s, k)))
    }

    /// The side of the smallest square matrix (offsets `0..n` each way)
    /// that shows every move: the largest offset component plus 1, at
    /// least 1 (the piece itself).
    pub fn extent(&self) -> u32 {
        self.slides.iter().chain(&self.jumps).map(|o| o.dx.max(o.dy).max(o.dz) + 1).max().unwrap_or(1)
    }

    /// The piece made symmetric in x and y: every move together with its
    /// mirror image. Where a move and a mirror disagree, the stronger wins
    /// (a slide over a jump).
    pub fn symmetrized(&self) -> Piece {
        let mut out = Piece::default();
        for o in self.slides.iter().chain(&self.jumps) {
            let strongest = self.cell(*o).max(self.cell(o.mirrored()));
            out.paint(*o, strongest, true);
        }
        out
    }

    /// The same moves written without redundancy: a jump that a slide of the
    /// same offset already covers is dropped. The game is unchanged.
    pub fn normalized(&self) -> Piece {
        let mut out = self.clone();
        out.jumps.retain(|o| !self.slides.contains(o));
        out
    }
}

/// The move matrix of the parameter-p piece, built cell by cell as a user
/// would click it: the rook's two slides `(1, 0)` and `(0, 1)`, and a jump at
/// every `(s, t)` with `s, t >= 1` and `s + t <= p - 1` (the triangle of
/// jumps next to the piece). `p = 3` is the dragon king.
pub fn parameter_p_piece(p: u32) -> Piece {
    let mut piece = Piece::default();
    piece.set_cell(Offset::new(1, 0), CellState::Slide);
    piece.set_cell(Offset::new(0, 1), CellState::Slide);
    for s in 1..p {
        for t in 1..p {
            if s + t < p {
                piece.set_cell(Offset::new(s, t), CellState::Jump);
            }
        }
    }
    debug_assert_eq!(piece.jumps.len(), ryuoh_jumps(p).len());
    piece
}

/// The `p` of the parameter-p piece when `piece` is one, for `p >= 3`: the
/// rook's slides and the jumps `(s, t)` with `s, t >= 1` and
/// `s + t <= p - 1`, so `p` is one more than the largest `s + t`. (For
/// `p <= 2` there are no jumps and the piece is the rook: `None`.)
pub fn parameter_p_of(piece: &Piece) -> Option<u32> {
    let p = piece.jumps.iter().map(|o| o.dx + o.dy).max()? + 1;
    if p < 3 {
        return None;
    }
    // (p - 1)(p - 2) / 2 jumps: counted before the list is built.
    let count = (p as usize - 1) * (p as usize - 2) / 2;
    let same = piece.jumps.len() == count && *piece == Piece::new(&[(1, 0), (0, 1)], &ryuoh_jumps(p));
    same.then_some(p)
}

impl TerminalSet {
    /// Add (`on`) or remove a cell and, when `symmetric`, its mirror image.
    pub fn paint(&mut self, x: u32, y: u32, on: bool, symmetric: bool) {
        for (a, b) in if symmetric { vec![(x, y), (y, x)] } else { vec![(x, y)] } {
            if self.contains(a as u64, b as u64) != on {
                self.toggle(a, b);
            }
        }
    }

    /// The set made symmetric: every cell together with its mirror image.
    pub fn symmetrized(&self) -> TerminalSet {
        TerminalSet::from_points(self.cells().flat_map(|[x, y, z]| [[x, y, z], [y, x, z]]))
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_move_of_many_heaps_is_a_slide_or_a_jump_never_both() {
        let mut piece = Piece::default();
        let o = Offset::of(&[1, 0, 2, 0]);
        piece.paint_heaps(o, CellState::Slide, 4, false);
        piece.paint_heaps(o, CellState::Jump, 4, false);
        assert!(piece.jumps.contains(&o) && !piece.slides.contains(&o));
        piece.paint_heaps(o, CellState::Off, 4, true);
        assert!(piece.is_empty());
    }

    #[test]
    fn the_heaps_are_treated_alike_within_the_limit_of_moves() {
        use crate::rules::MAX_OFFSETS;
        // A slide wins over a jump of the same steps.
        let mut piece = Piece::default();
        piece.paint_heaps(Offset::of(&[1, 1, 0, 0]), CellState::Jump, 4, false);
        piece.paint_heaps(Offset::of(&[0, 0, 1, 1]), CellState::Slide, 4, false);
        let alike = piece.symmetrized_heaps(4, MAX_OFFSETS).unwrap();
        assert_eq!(alike.slides.len(), 6);
        assert!(alike.jumps.is_empty());
        assert!(alike.is_symmetric_in(4));
        // Moves of eight different steps have 40 320 orders each: refused.
        let mut big = Piece::default();
        for k in 0..100 {
            big.paint_heaps(Offset::of(&[1, 2, 3, 4, 5, 6, 7, 8 + k]), CellState::Jump, 8, false);
        }
        assert!(big.symmetrized_heaps(8, MAX_OFFSETS).is_none());
    }
    use super::*;
    use crate::rules::{PRESET_NAMES, preset};

    #[test]
    fn slides_reach_their_multiples_only() {
        let p = Piece::new(&[(1, 2)], &[(1, 1)]);
        assert!(p.slides_reach(Offset::new(2, 4)) && p.slides_reach(Offset::new(5, 10)));
        assert!(!p.slides_reach(Offset::new(1, 2)), "the slide itself is a move, not a repeat");
        assert!(!p.slides_reach(Offset::new(2, 2)), "jumps do not repeat");
        assert!(!p.slides_reach(Offset::new(3, 5)));
    }

    #[test]
    fn three_heap_symmetry_paints_every_permutation() {
        let mut p = Piece::default();
        p.paint_heaps(Offset::new3(1, 2, 0), CellState::Jump, 3, true);
        assert_eq!(p.jumps.len(), 6, "(1,2,0) has six arrangements");
        p.paint_heaps(Offset::new3(0, 0, 3), CellState::Slide, 3, true);
        assert_eq!(p.slides.len(), 3, "(0,0,3) has three");
        assert!(p.slides.contains(&Offset::new(3, 0)));
        // The three-heap queen already treats its heaps alike.
        let q = preset("queen-3").unwrap().piece;
        assert_eq!(q.symmetrized_heaps(3, usize::MAX).unwrap(), q);
    }

    #[test]
    fn a_symmetrized_three_heap_piece_has_a_symmetric_table() {
        use crate::Control;
        use crate::grundy::compute_box;
        // A lopsided piece: one heap by 1 or 2 (jumps), two heaps together by slides.
        let mut p = Piece::default();
        p.paint_heaps(Offset::new3(1, 0, 0), CellState::Jump, 3, false);
        p.paint_heaps(Offset::new3(0, 2, 0), CellState::Jump, 3, false);
        p.paint_heaps(Offset::new3(0, 1, 1), CellState::Slide, 3, false);
        let mut rules = crate::rules::Rules::new("lopsided", p.symmetrized_heaps(3, usize::MAX).unwrap());
        rules.dimension = 3;
        let t = compute_box(&rules, [9, 9, 9], &Control::new()).unwrap();
        for x in 0..9 {
            for y in 0..9 {
                for z in 0..9 {
                    let g = t.get_at([x, y, z], 0);
                    for q in [[y, x, z], [x, z, y], [z, y, x], [y, z, x], [z, x, y]] {
                        assert_eq!(t.get_at(q, 0), g, "g{:?} and g{:?}", [x, y, z], q);
                    }
                }
            }
        }
    }

    #[test]
    fn parameter_p_matrix_is_the_preset() {
        for p in 1..=40 {
            let built = parameter_p_piece(p);
            assert_eq!(built, preset(&format!("ryuoh:{p}")).unwrap().piece, "p = {p}");
        }
        assert_eq!(parameter_p_piece(3), preset("dragon-king").unwrap().piece);
        // The p-matrix drawn: a jump at (s, t) exactly when s + t <= p - 1.
        let p5 = parameter_p_piece(5);
        assert_eq!(p5.cell(Offset::new(1, 3)), CellState::Jump);
        assert_eq!(p5.cell(Offset::new(2, 3)), CellState::Off);
        assert_eq!(p5.cell(Offset::new(1, 0)), CellState::Slide);
        assert_eq!(p5.extent(), 4);
    }

    #[test]
    fn clicking_cycles_and_builds_the_dragon_king() {
        let mut piece = Piece::default();
        assert_eq!(piece.cell(Offset::new(1, 0)), CellState::Off);
        // Two clicks on (1, 0) and (0, 1): slides; one click on (1, 1): a jump.
        for o in [Offset::new(1, 0), Offset::new(0, 1)] {
            for _ in 0..2 {
                let next = piece.cell(o).next();
                piece.set_cell(o, next);
            }
        }
        let d = Offset::new(1, 1);
        piece.set_cell(d, piece.cell(d).next());
        assert_eq!(piece, preset("dragon-king").unwrap().piece);
        // A third click turns a slide off again; the piece cell never changes.
        piece.set_cell(Offset::new(1, 0), CellState::Slide.next());
        assert_eq!(piece.cell(Offset::new(1, 0)), CellState::Off);
        piece.set_cell(Offset::new(0, 0), CellState::Jump);
        assert_eq!(piece.cell(Offset::new(0, 0)), CellState::Off);
        assert!(!piece.jumps.contains(&Offset::new(0, 0)));
    }

    #[test]
    fn every_preset_reads_back_from_its_cells() {
        for name in PRESET_NAMES {
            let piece = preset(name).unwrap().piece;
            let n = piece.extent();
            let mut rebuilt = Piece::default();
            for dx in 0..n {
                for dy in 0..n {
                    let o = Offset::new(dx, dy);
                    rebuilt.set_cell(o, piece.cell(o));
                }
            }
            assert_eq!(rebuilt, piece.normalized(), "{name}");
        }
    }

    #[test]
    fn symmetry_helpers() {
        let mut piece = Piece::default();
        piece.paint(Offset::new(1, 2), CellState::Jump, true);
        assert_eq!(piece, preset("knight").unwrap().piece);
        assert!(piece.is_symmetric());
        let lopsided = Piece::new(&[(1, 0)], &[(0, 1), (2, 3)]);
        let s = lopsided.symmetrized();
        assert!(s.is_symmetric());
        // The slide (1, 0) beats the jump (0, 1) at its mirror image.
        assert_eq!(s.cell(Offset::new(0, 1)), CellState::Slide);
        assert_eq!(s.cell(Offset::new(3, 2)), CellState::Jump);
        assert_eq!(s.symmetrized(), s);

        let mut t = TerminalSet::none();
        t.paint(2, 0, true, true);
        assert!(t.contains(0, 2) && t.contains(2, 0) && t.len() == 2);
        t.paint(0, 2, false, false);
        assert!(!t.is_symmetric());
        assert!(t.symmetrized().is_symmetric());
        assert_eq!(TerminalSet::triangle(2).symmetrized(), TerminalSet::triangle(2));
    }

    #[test]
    fn normalized_drops_covered_jumps_only() {
        let p = Piece::new(&[(1, 0)], &[(1, 0), (1, 1)]);
        assert_eq!(p.cell(Offset::new(1, 0)), CellState::Slide);
        assert_eq!(p.normalized(), Piece::new(&[(1, 0)], &[(1, 1)]));
        assert_eq!(Piece::default().extent(), 1);
    }
}
