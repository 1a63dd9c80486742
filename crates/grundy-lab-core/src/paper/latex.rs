//! A grid as a LaTeX `tabular`, as papers print Grundy tables: `x` across,
//! `y` down, the origin at the top left, P-positions through the macro
//! `\ppos`, which the user may restyle (`\renewcommand{\ppos}[1]{...}`).
//! Needs no package.

use super::Grid;

/// The macro that sets a P-position; `\providecommand` keeps a definition
/// the document already has.
pub const PPOS_MACRO: &str = "\\providecommand{\\ppos}[1]{\\textbf{#1}}";

/// The grid as a `tabular` preceded by a comment and the `\ppos` macro.
/// A grid of one row (a game of one coordinate) has the header `n` and
/// the row `g(n)`.
pub fn tabular(grid: &Grid) -> String {
    let mut out =
        format!("% {}\n% P-positions are set with \\ppos; restyle it with \\renewcommand.\n", grid.describe());
    out.push_str(PPOS_MACRO);
    out.push('\n');
    out.push_str(&format!("\\begin{{tabular}}{{r|*{{{}}}{{r}}}}\n", grid.width));
    let one_row = grid.dimension == 1;
    let corner = if one_row { "$n$" } else { "$y \\backslash x$" };
    let header: Vec<String> = (0..grid.width).map(|i| (grid.x0 + i).to_string()).collect();
    out.push_str(&format!("{corner} & {} \\\\\n\\hline\n", header.join(" & ")));
    for j in 0..grid.height {
        let cells: Vec<String> = (0..grid.width)
            .map(|i| {
                let text = grid.cell_text(i, j);
                if grid.is_p(i, j) { format!("\\ppos{{{text}}}") } else { text }
            })
            .collect();
        let label = if one_row { "$g(n)$".to_string() } else { (grid.y0 + j).to_string() };
        out.push_str(&format!("{label} & {} \\\\\n", cells.join(" & ")));
    }
    out.push_str("\\end{tabular}\n");
    out
}
