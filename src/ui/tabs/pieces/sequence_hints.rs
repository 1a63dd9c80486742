//! The workbench's hints about the P-positions as sequences (what
//! `grundy-lab hints` prints): the pairs (a(n), b(n)), their difference,
//! the mex construction and a Beatty form with an exact α, each with the
//! formula that was checked on the whole table and a button to insert it.

use crate::conjecture::sequences::{MIN_PAIRS, NoBeatty, SequenceHints, Verified, linear};
use crate::ui::i18n::{tr, trf};
use crate::ui::theme::Colours;
use crate::ui::ui_ext::UiExt;
use egui::RichText;

/// How many pairs are written out.
const PAIRS_SHOWN: usize = 8;

/// Draw the sequence hints; the formula to insert, when its button was
/// clicked.
pub(super) fn show(ui: &mut egui::Ui, s: &SequenceHints, pal: &Colours) -> Option<String> {
    ui.add_space(6.0);
    ui.phrases(RichText::new(tr("seq.title")).strong());
    ui.phrases(trf("seq.pairs", &[("side", &s.side), ("count", &s.pairs.len())]));
    let first: Vec<String> = s.pairs.iter().take(PAIRS_SHOWN).map(|(a, b)| format!("({a}, {b})")).collect();
    if !first.is_empty() {
        let more = if s.pairs.len() > PAIRS_SHOWN { ", …" } else { "" };
        ui.phrases(RichText::new(format!("{}{more}", first.join(", "))).monospace().small());
    }
    if !s.symmetric {
        ui.phrases(tr("seq.not_symmetric"));
        return None;
    }
    if s.pairs.len() < MIN_PAIRS {
        ui.phrases(trf("seq.too_few", &[("min", &MIN_PAIRS)]));
        return None;
    }
    let n = s.pairs.len();
    let mut insert = None;
    match &s.difference {
        Some((d, v)) => {
            let text = trf("seq.difference", &[("diff", &linear(d.k, d.c)), ("n", &n)]);
            ui.phrases(RichText::new(text).color(pal.good));
            insert = insert.or(formula(ui, v, "seq.insert.difference"));
        }
        None => {
            ui.phrases(tr("seq.no_difference"));
        }
    }
    match &s.mex {
        Some(v) => {
            ui.phrases(RichText::new(tr("seq.mex")).color(pal.good));
            insert = insert.or(formula(ui, v, "seq.insert.mex"));
        }
        None => {
            ui.phrases(tr("seq.no_mex"));
        }
    }
    match &s.beatty {
        Ok(h) => {
            let text = trf(
                "seq.beatty",
                &[
                    ("a", &h.a.describe("α")),
                    ("b", &h.b.describe("α′")),
                    ("alpha", &h.a.alpha),
                    ("approx", &format!("{:.6}", h.a.alpha.approx())),
                    ("alpha2", &h.b.alpha),
                    ("n", &n),
                ],
            );
            ui.phrases(RichText::new(text).color(pal.good));
            if let Some(slope) = h.slope {
                ui.phrases(trf("seq.slope", &[("slope", &slope), ("approx", &format!("{:.6}", slope.approx()))]));
            }
            insert = insert.or(formula(ui, &h.formula, "seq.insert.beatty"));
        }
        Err(why) => {
            ui.phrases(tr(match why {
                NoBeatty::NoSlope => "seq.no_beatty.slope",
                NoBeatty::NoQuadratic => "seq.no_beatty.quadratic",
                NoBeatty::Several => "seq.no_beatty.several",
                NoBeatty::NotOnTheTable => "seq.no_beatty.table",
            }));
        }
    }
    insert
}

/// A hint's formula, how it was checked, and its button.
fn formula(ui: &mut egui::Ui, v: &Verified, button: &'static str) -> Option<String> {
    ui.phrases(RichText::new(&v.formula).monospace().small());
    if !v.checked {
        ui.small(tr("seq.compared"));
    }
    ui.button(tr(button)).clicked().then(|| v.formula.clone())
}
