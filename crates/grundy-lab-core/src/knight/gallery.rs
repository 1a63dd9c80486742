//! The gallery: ready-made two-knight designs, each with what it promises.
//!
//! A design that promises tours has a tour in both regions of the kind it
//! names (closed or open, and mapped onto itself by its symmetry when it
//! names one); `tests/knight.rs::every_gallery_design_keeps_its_promise`
//! runs the real searches and checks every tour with [`Tour::verify`] and
//! [`is_symmetric`]. A design without a tour is offered only as a puzzle
//! that says so ([`Promise::NoTour`]), and the test checks the proof.
//!
//! How the symmetric ones were chosen (a colour count, `docs/math.md`,
//! section 6.6): on an even board a quarter turn changes the colour of a
//! cell and a half turn keeps it, and every knight move changes it. A
//! closed tour turned onto itself by a quarter turn therefore has an odd
//! quarter (`cells / 4` odd), and one turned by a half turn an even half
//! (`cells / 2` even). The regions below pass this necessary test; the
//! searches of the test show that the tours exist.
//!
//! [`Tour::verify`]: super::tour::Tour::verify
//! [`is_symmetric`]: super::symmetric::is_symmetric

use super::board::{Board, Cell, Preset, Symmetry};
use super::design::{Design, Style};
use super::leaper::Leaper;

/// A ready-made design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GalleryDesign {
    /// The README's poster (`docs/knight-poster-design.json`): 12 x 12,
    /// region A the outer ring three cells thick (108 cells), region B the
    /// 6 x 6 centre; closed tours turned onto themselves by a quarter turn.
    Poster,
    /// 14 x 14: region A a frame three cells thick (132 cells), region B
    /// the 8 x 8 chessboard inside it; closed tours turned onto themselves
    /// by a half turn.
    FramedChessboard,
    /// 20 x 20: quadrants of 10 x 10, alternately A and B (a quarter turn
    /// maps A onto B); each region two squares meeting at the centre; closed
    /// tours turned onto themselves by a half turn. (At 12 x 12 they exist
    /// too, but one region takes the search a hundred times longer.)
    Pinwheel20,
    /// 16 x 8: region A the left 8 x 8 square, region B the right one (the
    /// left-right mirror maps A onto B); closed tours.
    TwinBoards,
    /// The puzzle: the 8 x 8 pinwheel (quadrants of 4 x 4 alternately A and
    /// B). Neither region has a tour, open or closed: proved by search.
    PinwheelPuzzle,
}

/// What a ready-made design promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promise {
    /// Both regions have a tour: closed or open; with a symmetry other than
    /// [`Symmetry::None`], one mapped onto itself by that symmetry's
    /// generator.
    Tours {
        /// Closed (re-entrant) tours.
        closed: bool,
        /// The symmetry each region's tour has.
        symmetry: Symmetry,
    },
    /// Neither region has a tour, open or closed (a puzzle to convince
    /// oneself of it).
    NoTour,
}

impl GalleryDesign {
    /// Every ready-made design, in menu order (the puzzle last).
    pub const ALL: [GalleryDesign; 5] = [
        GalleryDesign::Poster,
        GalleryDesign::FramedChessboard,
        GalleryDesign::Pinwheel20,
        GalleryDesign::TwinBoards,
        GalleryDesign::PinwheelPuzzle,
    ];

    /// What the design promises.
    pub fn promise(self) -> Promise {
        let closed = |symmetry| Promise::Tours { closed: true, symmetry };
        match self {
            GalleryDesign::Poster => closed(Symmetry::Rotate90),
            GalleryDesign::FramedChessboard | GalleryDesign::Pinwheel20 => closed(Symmetry::Rotate180),
            GalleryDesign::TwinBoards => closed(Symmetry::None),
            GalleryDesign::PinwheelPuzzle => Promise::NoTour,
        }
    }

    /// The leaper of the design (all are knights so far).
    pub fn leaper(self) -> Leaper {
        Leaper::KNIGHT
    }

    /// The board.
    pub fn board(self) -> Board {
        // A square `n` x `n` with an inner square of side `inner`: the frame
        // is A, the inside B.
        let framed = |n: usize, inner: usize| {
            let t = (n - inner) / 2;
            cells(n, n, |x, y| if (t..n - t).contains(&x) && (t..n - t).contains(&y) { Cell::B } else { Cell::A })
        };
        match self {
            GalleryDesign::Poster => framed(12, 6),
            GalleryDesign::FramedChessboard => framed(14, 8),
            GalleryDesign::Pinwheel20 => Preset::Pinwheel.build(20, 20).unwrap_or_else(|_| framed(20, 10)),
            GalleryDesign::TwinBoards => cells(16, 8, |x, _| if x < 8 { Cell::A } else { Cell::B }),
            GalleryDesign::PinwheelPuzzle => Preset::Pinwheel.build(8, 8).unwrap_or_else(|_| framed(8, 4)),
        }
    }

    /// The design with `style` (the gallery keeps the style in use).
    pub fn design(self, style: Style) -> Design {
        Design { board: self.board(), leaper: self.leaper(), style }
    }
}

/// A `width` x `height` board whose cell `(x, y)` is `f(x, y)` (sizes
/// within the largest board).
fn cells(width: usize, height: usize, f: impl Fn(usize, usize) -> Cell) -> Board {
    let all = (0..height).flat_map(|y| (0..width).map(move |x| (x, y))).map(|(x, y)| f(x, y)).collect();
    Board::from_cells(width, height, all).unwrap_or_else(|_| Board::rect(8, 8).expect("8 x 8 is a valid size"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::Region;

    #[test]
    fn every_design_has_two_regions_and_symmetric_ones_are_symmetric() {
        for g in GalleryDesign::ALL {
            let b = g.board();
            assert!(b.count(Region::A) > 0 && b.count(Region::B) > 0, "{g:?}");
            if let Promise::Tours { closed: true, symmetry } = g.promise() {
                for r in Region::BOTH {
                    let n = b.count(r);
                    // The colour counts of the module documentation.
                    match symmetry {
                        Symmetry::Rotate90 => assert_eq!(n % 8, 4, "{g:?} {r:?}: {n} cells"),
                        Symmetry::Rotate180 => assert_eq!(n % 4, 0, "{g:?} {r:?}: {n} cells"),
                        _ => assert_eq!(n % 2, 0, "{g:?} {r:?}: {n} cells"),
                    }
                    // The region is its own image.
                    for p in b.region_cells(r) {
                        let q = symmetry.map(p, b.width(), b.height()).unwrap();
                        assert_eq!(b.at(q), r.cell(), "{g:?}: {p} maps to {q}");
                    }
                }
            }
        }
    }
}
