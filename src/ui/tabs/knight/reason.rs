//! The proof that no tour exists, in the user's language: one text per
//! [`NoTourReason`] variant, with its numbers and cells filled in.

use crate::knight::{NoTourReason, Pos};
use crate::ui::i18n::{Text, trf};

/// Texts of the no-tour reasons.
pub const TEXTS: &[Text] = &[
    ("knight.why.empty", "the region has no cells", "領域にマスがない"),
    (
        "knight.why.too_few_closed",
        "a closed tour needs at least 3 cells, the region has {n}",
        "閉じたツアーには3マス以上必要だが、領域は{n}マスしかない",
    ),
    (
        "knight.why.not_connected",
        "the cells are not all connected by moves",
        "一手ずつの移動ではたどり着けないマスがある (つながっていない)",
    ),
    (
        "knight.why.dead_end_closed",
        "cell {cell} has only one move, a closed tour needs two",
        "マス {cell} からは1通りしか動けないが、閉じたツアーでは出入りに2通り必要",
    ),
    (
        "knight.why.dead_ends",
        "{n} cells have only one move, a tour has only two ends",
        "1通りしか動けないマスが{n}個あるが、ツアーの端は2つしかない",
    ),
    (
        "knight.why.start_at_dead_end",
        "cells {first} and {second} have one move each, so the tour must start at one of them",
        "マス {first} と {second} はどちらも1通りしか動けないので、ツアーはそのどちらかから出発するしかない",
    ),
    (
        "knight.why.closed_colours",
        "a closed tour alternates colours, but the region has {light} light and {dark} dark cells",
        "閉じたツアーは明るいマスと暗いマスを交互に通るが、領域には明るいマスが{light}個、暗いマスが{dark}個ある",
    ),
    (
        "knight.why.colours",
        "a tour alternates colours, but the region has {light} light and {dark} dark cells",
        "ツアーは明るいマスと暗いマスを交互に通るが、領域には明るいマスが{light}個、暗いマスが{dark}個あり、差が2以上ある",
    ),
    (
        "knight.why.start_colour",
        "a tour alternates colours, so with {light} light and {dark} dark cells it must start on the more numerous colour, not at {cell}",
        "ツアーは明るいマスと暗いマスを交互に通るので、明るいマス{light}個・暗いマス{dark}個では多い方の色から出発するしかなく、{cell} からは出発できない",
    ),
    (
        "knight.why.pairing",
        "the moves do not pair the cells up: at most {pairs} disjoint pairs, a tour needs {needed}",
        "一手で結ばれたマスの組を重ならずに作ると最大{pairs}組だが、ツアーには{needed}組必要",
    ),
    (
        "knight.why.half_independent",
        "some independent set of half the cells is not a colour class (as the outer rows of a 4 x n board), so no closed tour alternates through it",
        "互いに一手で行き来できないマスを半分集めた組で、色ごとの組でないものがある (4 x n の盤の外側2行のように)。閉じたツアーはそれを交互に通れない",
    ),
    ("knight.why.exhaustive", "an exhaustive search found no tour", "すべての場合を調べたが、ツアーはなかった"),
    (
        "knight.why.exhaustive_closed",
        "an exhaustive search found no closed tour",
        "すべての場合を調べたが、閉じたツアーはなかった",
    ),
    (
        "knight.why.exhaustive_start",
        "an exhaustive search found no tour from this start",
        "すべての場合を調べたが、この出発マスからのツアーはなかった",
    ),
    (
        "knight.why.exhaustive_symmetric",
        "an exhaustive search found no symmetric tour",
        "すべての場合を調べたが、対称なツアーはなかった",
    ),
    (
        "knight.why.exhaustive_symmetric_closed",
        "an exhaustive search found no symmetric closed tour",
        "すべての場合を調べたが、対称な閉じたツアーはなかった",
    ),
    (
        "knight.why.not_symmetric",
        "the region is not symmetric: the image of cell {cell} is not in it",
        "領域が対称ではない: マス {cell} を写した先が領域に入っていない",
    ),
    (
        "knight.why.quarter_fixed",
        "cell {cell} is fixed by the quarter turn, which must turn the cycle",
        "マス {cell} は90°回転で動かないが、対称な閉じたツアーは回転で一周ごと回らなければならない",
    ),
    (
        "knight.why.fixed_closed",
        "{n} cells are fixed by the symmetry; a symmetric closed tour has at most 2 (on its axis)",
        "対称で動かないマスが{n}個あるが、対称な閉じたツアーではそのようなマスは軸上の2個まで",
    ),
    (
        "knight.why.quarter_open",
        "a path can only be left as it is or reversed, never turned a quarter",
        "開いたツアー (道) はそのままか逆向きにしか重ならず、90°回転では自分に重ならない",
    ),
    (
        "knight.why.fixed_open",
        "{n} cells are fixed by the symmetry; a symmetric open tour fixes only its middle cell",
        "対称で動かないマスが{n}個あるが、対称な開いたツアーで動かないのは真ん中のマス1個だけ",
    ),
    (
        "knight.why.no_axis_move",
        "no cell is one move from its own image, so no tour can cross the axis in its middle",
        "どのマスも、対称で写した先へ一手で行けないので、ツアーが真ん中で軸をまたげない",
    ),
];

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
