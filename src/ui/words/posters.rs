//! The words of exported posters: the map's title and legend, in the
//! language of the moment (the app's, or the command line's `--lang`).

use crate::grundy::{Table, TableKind};
use crate::map::export::{ExportWindow, PosterTexts};
use crate::ui::i18n::{tr, trf};
use crate::ui::words::play::rules_name;

/// The poster's title and legend words in the user's language; a misère
/// table holds misère Grundy values, and says so.
pub fn poster_texts(table: &Table, win: ExportWindow) -> PosterTexts {
    let args: [(&str, &dyn std::fmt::Display); 2] =
        [("rules", &rules_name(table.rules())), ("range", &crate::map::frame::window_text(table, win))];
    let (title, legend) = match table.kind() {
        TableKind::Grundy => ("map.poster.title", "map.poster.legend"),
        TableKind::Misere => ("map.poster.title.misere", "map.poster.legend.misere"),
    };
    PosterTexts { title: trf(title, &args), legend: tr(legend).into(), other: tr("map.legend.other").into() }
}
