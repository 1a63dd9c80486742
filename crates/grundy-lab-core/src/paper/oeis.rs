//! A grid as the OEIS writes a table: `T(i, j)` read by antidiagonals, as a
//! b-file (`n a(n)` lines) whose comment lines state the order and the
//! offset.
//!
//! The order: `T(i, j) = g(x0 + i, y0 + j)`; antidiagonal `s = i + j` is
//! read from `i = 0` to `i = s`, so `a(s (s + 1) / 2 + i) = T(i, s - i)`:
//! `T(0,0), T(0,1), T(1,0), T(0,2), T(1,1), T(2,0), ...` (OEIS's
//! A004481, Wythoff's Grundy numbers, is read so). Only the antidiagonals
//! that lie wholly in the window are written: `s < min(width, height)`.
//! A game of one coordinate gives its sequence `a(n) = g(n)` with the
//! offset `x0`. In misère play the terms are misère Grundy values.

use super::Grid;

/// The index of `T(i, j)` in the antidiagonal order.
pub fn antidiagonal_index(i: u64, j: u64) -> u64 {
    let s = i + j;
    s * (s + 1) / 2 + i
}

/// The grid as a b-file.
pub fn b_file(grid: &Grid) -> String {
    let mut out = format!("# {}\n", grid.describe());
    if grid.kind == crate::grundy::TableKind::Misere {
        out.push_str("# g is the misère Grundy value: 1 where no move is left, else the mex of the options' values; 0 exactly at a P-position\n");
    }
    if grid.dimension == 1 {
        out.push_str(&format!("# a(n) = g(n), offset {}\n", grid.x0));
        for i in 0..grid.width {
            out.push_str(&format!("{} {}\n", grid.x0 + i, grid.value(i, 0)));
        }
        return out;
    }
    let sides = grid.width.min(grid.height);
    out.push_str(&format!(
        "# T(i, j) = g({} + i, {} + j), read by antidiagonals: a(n) = T(i, s - i) with n = s(s+1)/2 + i, \
         i = 0..s (T(0,0), T(0,1), T(1,0), T(0,2), ...)\n# offset 0; the {sides} complete antidiagonals, {} terms\n",
        grid.x0,
        grid.y0,
        sides * (sides + 1) / 2
    ));
    for s in 0..sides {
        for i in 0..=s {
            let n = antidiagonal_index(i as u64, (s - i) as u64);
            out.push_str(&format!("{n} {}\n", grid.value(i, s - i)));
        }
    }
    out
}
