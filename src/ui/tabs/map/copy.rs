//! "Copy as LaTeX" and "Copy as Mathematica": the cells on screen put on
//! the clipboard as the `table --format` of the command line writes them
//! (the same functions of [`crate::paper`]). At most
//! [`MAX_COPIED_CELLS`] cells are copied, so the work of a click is
//! bounded; a larger window is refused with a sentence that says to zoom in.

use super::MapTab;
use crate::grundy::{Axis, Table};
use crate::paper::{Format, Grid, GridError, MAX_COPIED_CELLS};
use crate::ui::i18n::{tr, trf};
use crate::ui::notice::Notice;
use crate::ui::ui_ext::TipExt;

/// Why the cells on screen were not copied.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Refusal {
    /// More cells are on screen than are copied.
    TooMany {
        /// Columns on screen.
        width: usize,
        /// Rows on screen.
        height: usize,
    },
    /// The plane on screen is not a plane `z = k` with the pass still
    /// there, which is what a [`Grid`] holds.
    Plane,
    /// Any other reason the grid gave (not expected: the window is the
    /// camera's, inside the table).
    Grid(GridError),
}

/// The two copy buttons, under the export's options.
pub(super) fn copy_buttons(ui: &mut egui::Ui, tab: &mut MapTab, table: &Table, window: [usize; 4]) {
    ui.horizontal_wrapped(|ui| {
        for (label, format, name) in
            [("map.copy.latex", Format::Latex, "LaTeX"), ("map.copy.mathematica", Format::Mathematica, "Mathematica")]
        {
            if ui.button(tr(label)).tip(tr("map.copy.tip")).clicked() {
                tab.rt.export.set_message(copy(ui.ctx(), table, window, format, name));
            }
        }
    });
}

/// Copies the window and says what was copied, or why not.
fn copy(ctx: &egui::Context, table: &Table, window: [usize; 4], format: Format, name: &'static str) -> Notice {
    match grid_on_screen(table, window) {
        Ok(grid) => {
            ctx.copy_text(format.write(&grid));
            let [x, y, w, h] = [grid.x0, grid.y0, grid.width, grid.height];
            Notice::new(move || trf("map.copy.done", &[("w", &w), ("h", &h), ("x", &x), ("y", &y), ("format", &name)]))
        }
        Err(Refusal::TooMany { width, height }) => Notice::new(move || {
            let side = (MAX_COPIED_CELLS as f64).sqrt() as usize;
            trf("map.copy.too_many", &[("w", &width), ("h", &height), ("max", &side)])
        }),
        Err(Refusal::Plane) => Notice::new(|| tr("map.copy.plane").to_string()),
        Err(Refusal::Grid(e)) => Notice::new(move || trf("map.internal_error", &[("detail", &e)])),
    }
}

/// The grid of the cells `[x0, y0, width, height]` of the map's table: of
/// the whole table behind a plane `z = k` in the starting layer, so that
/// the grid says which plane it is.
fn grid_on_screen(table: &Table, window: [usize; 4]) -> Result<Grid, Refusal> {
    let [_, _, width, height] = window;
    if width.saturating_mul(height) > MAX_COPIED_CELLS {
        return Err(Refusal::TooMany { width, height });
    }
    let grid = match table.slice_source() {
        None => Grid::of_at_most(table, window, 0, MAX_COPIED_CELLS),
        Some(s) if s.axis == Axis::Z && s.layer == s.full.start_layer() => {
            Grid::of_at_most(&s.full, window, s.at, MAX_COPIED_CELLS)
        }
        Some(_) => return Err(Refusal::Plane),
    };
    grid.map_err(Refusal::Grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn a_window_past_the_limit_is_refused_before_any_cell_is_read() {
        let t = compute(&preset("queen").unwrap(), 256, 256, &Control::new()).unwrap();
        assert_eq!(grid_on_screen(&t, [0, 0, 201, 200]), Err(Refusal::TooMany { width: 201, height: 200 }));
        let grid = grid_on_screen(&t, [3, 5, 200, 200]).unwrap();
        assert_eq!((grid.x0, grid.y0, grid.width, grid.height), (3, 5, 200, 200));
        assert_eq!(grid.value(0, 0), t.get(3, 5));
    }

    #[test]
    fn a_plane_other_than_z_with_the_pass_there_is_refused() {
        let full = std::sync::Arc::new(compute(&preset("queen+pass").unwrap(), 20, 20, &Control::new()).unwrap());
        let start = full.start_layer();
        let shown = Table::slice(&full, Axis::Z, 0, start);
        assert_eq!(grid_on_screen(&shown, [0, 0, 4, 4]).map(|g| g.with_pass), Ok(true));
        let used = Table::slice(&full, Axis::Z, 0, 1 - start);
        assert_eq!(grid_on_screen(&used, [0, 0, 4, 4]), Err(Refusal::Plane));
    }
}
