//! The proof that no tour exists, in the user's language: one text per
//! [`NoTourReason`] variant, with its numbers and cells filled in.

use crate::knight::{NoTourReason, Pos, TourFault};
use crate::ui::i18n::trf;

/// A cell as the Knight tab shows it: `(x, y)`.
fn cell(p: &Pos) -> String {
    format!("({}, {})", p.x, p.y)
}

/// The reason in the current language.
pub fn reason_text(why: &NoTourReason) -> String {
    use NoTourReason::*;
    match why {
        EmptyRegion => trf("knight.why.empty", &[]),
        TooFewCellsForClosed { cells } => trf("knight.why.too_few_closed", &[("n", cells)]),
        NotConnected => trf("knight.why.not_connected", &[]),
        DeadEndInClosedTour { cell: c } => trf("knight.why.dead_end_closed", &[("cell", &cell(c))]),
        TooManyDeadEnds { count } => trf("knight.why.dead_ends", &[("n", count)]),
        MustStartAtDeadEnd { first, second } => {
            trf("knight.why.start_at_dead_end", &[("first", &cell(first)), ("second", &cell(second))])
        }
        ClosedColourImbalance { light, dark } => trf("knight.why.closed_colours", &[("light", light), ("dark", dark)]),
        ColourImbalance { light, dark } => trf("knight.why.colours", &[("light", light), ("dark", dark)]),
        StartOnMinorityColour { light, dark, start } => {
            trf("knight.why.start_colour", &[("light", light), ("dark", dark), ("cell", &cell(start))])
        }
        NoPairing { pairs, needed } => trf("knight.why.pairing", &[("pairs", pairs), ("needed", needed)]),
        HalfIndependentSet => trf("knight.why.half_independent", &[]),
        ExhaustiveSearch { closed: true, .. } => trf("knight.why.exhaustive_closed", &[]),
        ExhaustiveSearch { closed: false, from_start: true } => trf("knight.why.exhaustive_start", &[]),
        ExhaustiveSearch { closed: false, from_start: false } => trf("knight.why.exhaustive", &[]),
        ExhaustiveSymmetricSearch { closed: true } => trf("knight.why.exhaustive_symmetric_closed", &[]),
        ExhaustiveSymmetricSearch { closed: false } => trf("knight.why.exhaustive_symmetric", &[]),
        RegionNotSymmetric { cell: c } => trf("knight.why.not_symmetric", &[("cell", &cell(c))]),
        QuarterTurnFixesCell { cell: c } => trf("knight.why.quarter_fixed", &[("cell", &cell(c))]),
        TooManyFixedCellsClosed { count } => trf("knight.why.fixed_closed", &[("n", count)]),
        QuarterTurnOpenTour => trf("knight.why.quarter_open", &[]),
        TooManyFixedCellsOpen { count } => trf("knight.why.fixed_open", &[("n", count)]),
        NoMoveAcrossAxis => trf("knight.why.no_axis_move", &[]),
    }
}

/// What is wrong with a list of cells that should be a tour, in the
/// current language (steps counted from 1, as the puzzle counts them).
pub fn fault_text(fault: &TourFault) -> String {
    use TourFault::*;
    match fault {
        OffBoard { step, cell: c } => trf("knight.fault.off_board", &[("k", &(step + 1)), ("cell", &cell(c))]),
        OutsideRegion { step, cell: c, region } => trf(
            "knight.fault.outside",
            &[("k", &(step + 1)), ("cell", &cell(c)), ("region", &super::region_name(*region))],
        ),
        VisitedTwice { step, cell: c } => trf("knight.fault.twice", &[("k", &(step + 1)), ("cell", &cell(c))]),
        NotAMove { step, from, to, .. } => {
            trf("knight.fault.not_move", &[("k", &(step + 1)), ("from", &cell(from)), ("to", &cell(to))])
        }
        WrongLength { visited, cells } => trf("knight.fault.length", &[("visited", visited), ("cells", cells)]),
        EmptyClosed => trf("knight.fault.empty_closed", &[]),
        NotClosed { first, last } => trf("knight.fault.not_closed", &[("first", &cell(first)), ("last", &cell(last))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::{Language, set_language};

    /// One value of every variant (the match makes a new variant a compile
    /// error here until it is listed).
    fn every_reason() -> Vec<NoTourReason> {
        use NoTourReason::*;
        let p = Pos::new(1, 2);
        let all = vec![
            EmptyRegion,
            TooFewCellsForClosed { cells: 2 },
            NotConnected,
            DeadEndInClosedTour { cell: p },
            TooManyDeadEnds { count: 3 },
            MustStartAtDeadEnd { first: p, second: Pos::new(3, 4) },
            ClosedColourImbalance { light: 13, dark: 12 },
            ColourImbalance { light: 14, dark: 11 },
            StartOnMinorityColour { light: 13, dark: 12, start: p },
            NoPairing { pairs: 5, needed: 6 },
            HalfIndependentSet,
            ExhaustiveSearch { closed: true, from_start: false },
            ExhaustiveSearch { closed: false, from_start: true },
            ExhaustiveSearch { closed: false, from_start: false },
            ExhaustiveSymmetricSearch { closed: true },
            ExhaustiveSymmetricSearch { closed: false },
            RegionNotSymmetric { cell: p },
            QuarterTurnFixesCell { cell: p },
            TooManyFixedCellsClosed { count: 3 },
            QuarterTurnOpenTour,
            TooManyFixedCellsOpen { count: 2 },
            NoMoveAcrossAxis,
        ];
        for r in &all {
            match r {
                EmptyRegion
                | TooFewCellsForClosed { .. }
                | NotConnected
                | DeadEndInClosedTour { .. }
                | TooManyDeadEnds { .. }
                | MustStartAtDeadEnd { .. }
                | ClosedColourImbalance { .. }
                | ColourImbalance { .. }
                | StartOnMinorityColour { .. }
                | NoPairing { .. }
                | HalfIndependentSet
                | ExhaustiveSearch { .. }
                | ExhaustiveSymmetricSearch { .. }
                | RegionNotSymmetric { .. }
                | QuarterTurnFixesCell { .. }
                | TooManyFixedCellsClosed { .. }
                | QuarterTurnOpenTour
                | TooManyFixedCellsOpen { .. }
                | NoMoveAcrossAxis => {}
            }
        }
        all
    }

    #[test]
    fn every_tour_fault_is_japanese_in_japanese_mode_with_its_cells() {
        use crate::knight::{Leaper, Region};
        let (p, q) = (Pos::new(1, 2), Pos::new(3, 4));
        let all = [
            TourFault::OffBoard { step: 4, cell: p },
            TourFault::OutsideRegion { step: 4, cell: p, region: Region::B },
            TourFault::VisitedTwice { step: 4, cell: p },
            TourFault::NotAMove { step: 4, from: q, to: p, leaper: Leaper::KNIGHT },
            TourFault::WrongLength { visited: 7, cells: 9 },
            TourFault::EmptyClosed,
            TourFault::NotClosed { first: p, last: q },
        ];
        for f in &all {
            match f {
                TourFault::OffBoard { .. }
                | TourFault::OutsideRegion { .. }
                | TourFault::VisitedTwice { .. }
                | TourFault::NotAMove { .. }
                | TourFault::WrongLength { .. }
                | TourFault::EmptyClosed
                | TourFault::NotClosed { .. } => {}
            }
        }
        for language in [Language::Japanese, Language::English] {
            set_language(language);
            for f in &all {
                let text = fault_text(f);
                assert!(!text.contains('{'), "unfilled placeholder: {text}");
                if language == Language::Japanese {
                    // Only the region's letter is Latin.
                    let latin = text.chars().any(|c| c.is_ascii_alphabetic() && c != 'A' && c != 'B');
                    assert!(!latin, "{f:?} gives {text}");
                }
                let wanted: &[&str] = match f {
                    TourFault::WrongLength { .. } => &["7", "9"],
                    TourFault::EmptyClosed => &[],
                    TourFault::NotAMove { .. } | TourFault::NotClosed { .. } => &["(1, 2)", "(3, 4)"],
                    _ => &["(1, 2)", "5"],
                };
                for w in wanted {
                    assert!(text.contains(w), "{f:?}: {text} lacks {w}");
                }
            }
        }
    }

    #[test]
    fn every_reason_is_japanese_in_japanese_mode_with_its_numbers() {
        set_language(Language::Japanese);
        for r in every_reason() {
            let text = reason_text(&r);
            assert!(!text.contains('{'), "unfilled placeholder: {text}");
            // No English words: the only Latin letters allowed are the
            // board size "x" and "n" of "4 x n".
            let latin: String = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
            assert!(latin.chars().all(|c| c == 'x' || c == 'n'), "{r:?} gives {text}");
            for number in r.to_string().split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()) {
                assert!(text.contains(number), "{r:?}: {text} lacks {number}");
            }
        }
        set_language(Language::English);
        for r in every_reason() {
            // The English texts say what the library's English says (cells
            // shown as (x, y) rather than the CLI's x,y).
            let lib = r.to_string().replace("1,2", "(1, 2)").replace("3,4", "(3, 4)");
            assert_eq!(reason_text(&r), lib);
        }
    }
}
