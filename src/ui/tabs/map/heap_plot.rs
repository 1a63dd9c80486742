//! One heap: the values g(n) as a line with points, the P-positions marked,
//! beside the one-row colour strip of the map.

use super::MapTab;
use crate::grundy::{Table, TableKind};
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;
use egui_plot::{AxisHints, Legend, Line, Plot, PlotPoints, Points};
use std::sync::Arc;

/// At most this many heap sizes are plotted (the strip shows them all).
pub(crate) const HEAP_POINTS: usize = 4096;

/// The points of the plot: every value, and the P-positions apart.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct HeapPoints {
    /// `[n, g(n)]` for n below the plotted limit.
    pub values: Vec<[f64; 2]>,
    /// `[n, 0]` for the P-positions among them.
    pub p_positions: Vec<[f64; 2]>,
}

/// The plot's points for a one-heap `table` (its first row), the first
/// [`HEAP_POINTS`] sizes. Misère tables hold misère values: 0 marks a
/// P-position there too.
pub(crate) fn heap_points(table: &Table) -> HeapPoints {
    let n = table.width().min(HEAP_POINTS);
    let values: Vec<[f64; 2]> = (0..n).map(|x| [x as f64, f64::from(table.get(x, 0))]).collect();
    let p_positions = values.iter().filter(|p| p[1] == 0.0).map(|p| [p[0], 0.0]).collect();
    HeapPoints { values, p_positions }
}

/// The plot, shown while the rules have one heap; its points are cached by
/// the table they came from, so a frame only draws.
pub(super) fn heap_plot(ui: &mut egui::Ui, tab: &mut MapTab) {
    let Some(table) = tab.rt.table.shown().cloned() else { return };
    if table.rules().dimension != 1 {
        return;
    }
    let id = Arc::as_ptr(&table) as usize;
    if tab.rt.plot_cache.heap.as_ref().is_none_or(|(k, _)| *k != id) {
        tab.rt.plot_cache.heap = Some((id, heap_points(&table)));
    }
    let Some((_, pts)) = &tab.rt.plot_cache.heap else { return };
    ui.phrases(tr("map.heap.title"));
    if table.width() > HEAP_POINTS {
        ui.small(trf("map.heap.first", &[("count", &HEAP_POINTS)]));
    }
    let name = match table.kind() {
        TableKind::Grundy => "g(n)",
        TableKind::Misere => tr("map.heap.misere"),
    };
    // Heap sizes are short numbers: label the n axis every 10 (or 100, ...)
    // even in a narrow side panel (egui_plot's default wants 60 points).
    let n_axis = AxisHints::new_x().label("n").label_spacing(24.0..=40.0);
    let pal = crate::ui::theme::current(ui.ctx());
    Plot::new("map_one_heap")
        .height(180.0)
        .custom_x_axes(vec![n_axis])
        .legend(Legend::default())
        .allow_scroll(false)
        .show(ui, |p| {
            let blue = pal.plot_values;
            p.line(Line::new(name, PlotPoints::from(pts.values.clone())).color(blue.gamma_multiply(0.5)));
            p.points(Points::new(name, PlotPoints::from(pts.values.clone())).radius(2.0).color(blue));
            p.points(
                Points::new(tr("map.heap.p"), PlotPoints::from(pts.p_positions.clone())).radius(4.0).color(pal.plot_p),
            );
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::grundy::compute_box;
    use crate::rules::preset;

    #[test]
    fn subtraction_game_points_follow_the_period() {
        // Subtraction {1, 3, 4}: P-positions are n ≡ 0, 2 (mod 7).
        let rules = preset("subtraction-1-3-4").unwrap();
        let table = compute_box(&rules, [60, 1, 1], &Control::new()).unwrap();
        let pts = heap_points(&table);
        assert_eq!(pts.values.len(), 60);
        let p: Vec<usize> = pts.p_positions.iter().map(|q| q[0] as usize).collect();
        let expected: Vec<usize> = (0..60).filter(|n| n % 7 == 0 || n % 7 == 2).collect();
        assert_eq!(p, expected);
    }
}
