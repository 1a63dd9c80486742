//! Plots beside the map (egui_plot): the histogram of values, the cells of
//! one value against the golden-ratio lines, and a row profile.

use super::MapTab;
use crate::ui::i18n::{tr, trf};
use crate::ui::ui_ext::UiExt;
use egui::RichText;
use egui_plot::{Bar, BarChart, Line, Plot, PlotPoints, Points};
use std::sync::Arc;

/// The largest square scanned for the cells of one value.
const VALUE_SQUARE: usize = 512;

/// At most this many cells of one value are plotted.
const VALUE_POINTS: usize = 4000;

/// Points of a plot, with what they were computed from (table, parameter).
type Cached<K> = Option<(K, Vec<[f64; 2]>)>;

/// Plot data cached by what it was computed from, so a frame only draws.
#[derive(Default)]
pub(crate) struct PlotCache {
    value: Cached<(usize, u32)>,
    row: Cached<(usize, usize)>,
    /// The one-heap plot, by the table it shows.
    pub heap: Option<(usize, super::heap_plot::HeapPoints)>,
}

pub(super) fn plots(ui: &mut egui::Ui, tab: &mut MapTab) {
    let Some(table) = tab.rt.table.shown().cloned() else { return };
    let finished = tab.rt.table.finished().cloned();
    // Plots grow with the text (presentation mode, A+), and their colours
    // are the theme's, the same in the legend and on the data.
    let k = ui.text_scale();
    let pal = ui.colours();
    ui.phrases(tr("map.plot.histogram"));
    if let Some(f) = &finished {
        let bars: Vec<Bar> = f
            .stats
            .histogram
            .iter()
            .enumerate()
            .take(400)
            .map(|(v, &c)| Bar::new(v as f64, c as f64).width(0.9))
            .collect();
        Plot::new("map_histogram")
            .height(140.0 * k)
            .allow_scroll(false)
            .show(ui, |p| p.bar_chart(BarChart::new(tr("map.plot.cells"), bars).color(pal.plot_values)));
    } else {
        ui.spinner();
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.phrases(tr("map.plot.value"));
    });
    ui.horizontal(|ui| {
        let label = ui.phrases(tr("map.plot.k"));
        ui.add(egui::DragValue::new(&mut tab.options.plot_k).range(0..=100_000)).labelled_by(label.id);
    });
    let id = Arc::as_ptr(&table) as usize;
    let key = (id, tab.options.plot_k);
    // Only the corner square of side n is scanned: say so, and which way y goes.
    let n = VALUE_SQUARE.min(table.width()).min(table.height());
    if tab.rt.plot_cache.value.as_ref().is_none_or(|(k, _)| *k != key) {
        let pts = crate::map::stats::cells_with_value(&table, tab.options.plot_k, n, VALUE_POINTS);
        tab.rt.plot_cache.value = Some((key, pts.into_iter().map(|(x, y)| [x as f64, y as f64]).collect()));
    }
    let pts = tab.rt.plot_cache.value.as_ref().map(|(_, p)| p.clone()).unwrap_or_default();
    ui.small(trf("map.plot.value.range", &[("n", &n)]));
    if pts.len() >= VALUE_POINTS {
        ui.small(trf("map.plot.value.first", &[("count", &VALUE_POINTS)]));
    }
    let (n, phi) = (n as f64, crate::theory::PHI_F64);
    let points_name = format!("g = {} (x, y < {n})", tab.options.plot_k);
    Plot::new("map_value_cells")
        .height(240.0 * k)
        .data_aspect(1.0)
        // y grows downwards, as on the map and in the sources' tables.
        .invert_y(true)
        .x_axis_label("x")
        .y_axis_label("y")
        .allow_scroll(false)
        .show(ui, |p| {
            p.points(Points::new(points_name.clone(), PlotPoints::from(pts)).radius(1.5 * k).color(pal.plot_p));
            // Dashed over the cells, which lie along them: both stay visible.
            let dashed = egui_plot::LineStyle::dashed_dense();
            let steep = PlotPoints::from(vec![[0.0, 0.0], [n / phi, n]]);
            p.line(Line::new("y = φx", steep).color(pal.plot_values).width(1.5).style(dashed));
            let flat = PlotPoints::from(vec![[0.0, 0.0], [n, n / phi]]);
            p.line(Line::new("y = x/φ", flat).color(pal.plot_rare).width(1.5).style(dashed));
        });
    // The key under the plot, where it covers nothing.
    ui.horizontal_wrapped(|ui| {
        for (colour, name) in
            [(pal.plot_p, points_name.as_str()), (pal.plot_values, "y = φx"), (pal.plot_rare, "y = x/φ")]
        {
            ui.horizontal(|ui| {
                ui.label(RichText::new("■").color(colour));
                ui.label(name);
            });
            ui.add_space(8.0);
        }
    });
    ui.separator();
    ui.horizontal(|ui| {
        ui.phrases(tr("map.plot.row"));
        let label = ui.phrases(tr("map.plot.y"));
        ui.add(egui::DragValue::new(&mut tab.options.plot_row).range(0..=table.height() - 1)).labelled_by(label.id);
    });
    let row = tab.options.plot_row.min(table.height() - 1);
    let key = (id, row);
    if tab.rt.plot_cache.row.as_ref().is_none_or(|(k, _)| *k != key) {
        let pts = crate::map::stats::row_minus_x(&table, row).into_iter().map(|(x, d)| [x as f64, d as f64]).collect();
        tab.rt.plot_cache.row = Some((key, pts));
    }
    let pts = tab.rt.plot_cache.row.as_ref().map(|(_, p)| p.clone()).unwrap_or_default();
    Plot::new("map_row_profile").height(150.0 * k).allow_scroll(false).show(ui, |p| {
        p.line(Line::new("g(x, y) − x", PlotPoints::from(pts)).color(pal.plot_values));
    });
}
