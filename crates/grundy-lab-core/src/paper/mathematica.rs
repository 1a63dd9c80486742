//! A grid as a Mathematica list that `Get` reads: rows are `y`, so
//! `t[[y - y0 + 1, x - x0 + 1]]` is the value at `(x, y)` and `MatrixForm`
//! shows the table as the map does.

use super::Grid;

/// The grid as a nested list with a comment; a grid of a game of one
/// coordinate is a flat list.
pub fn list(grid: &Grid) -> String {
    let mut out = format!("(* {}: {} *)\n", comment_text(&grid.describe()), indexing(grid));
    if grid.dimension == 1 {
        out.push_str(&row(grid, 0));
    } else {
        let rows: Vec<String> = (0..grid.height).map(|j| row(grid, j)).collect();
        out.push_str(&format!("{{{}}}", rows.join(",\n ")));
    }
    out.push('\n');
    out
}

fn indexing(grid: &Grid) -> String {
    if grid.dimension == 1 {
        format!("t[[n + 1]] is the value of n = {} + n", grid.x0)
    } else {
        format!("t[[j + 1, i + 1]] is the value at (x, y) = ({} + i, {} + j)", grid.x0, grid.y0)
    }
}

fn row(grid: &Grid, j: usize) -> String {
    let cells: Vec<String> = (0..grid.width).map(|i| grid.value(i, j).to_string()).collect();
    format!("{{{}}}", cells.join(", "))
}

/// Text that cannot close a Mathematica comment early.
fn comment_text(text: &str) -> String {
    text.replace("*)", "* )").replace("(*", "( *")
}

/// The planes `z = 0, 1, ...` of a three-coordinate game as one list of
/// planes: `t[[z + 1, j + 1, i + 1]]`.
pub fn cube(planes: &[Grid]) -> String {
    let Some(first) = planes.first() else { return "{}\n".to_string() };
    let mut out = format!(
        "(* {}, every plane z: t[[z + 1, j + 1, i + 1]] is the value at (x, y, z) = ({} + i, {} + j, z) *)\n",
        comment_text(&first.describe().replace(", z = 0", "")),
        first.x0,
        first.y0
    );
    let blocks: Vec<String> = planes
        .iter()
        .map(|g| {
            let rows: Vec<String> = (0..g.height).map(|j| row(g, j)).collect();
            format!("{{{}}}", rows.join(",\n  "))
        })
        .collect();
    out.push_str(&format!("{{{}}}\n", blocks.join(",\n ")));
    out
}
