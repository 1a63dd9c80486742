//! What `g(...)` and `g_of(...)` read during a check: the table being
//! checked and the tables of the other games the formula names.

use crate::grundy::{NOT_A_POSITION, Table};
use crate::script::tables::TableReader;
use std::sync::Arc;

/// The tables of one check.
pub(super) struct Reader {
    /// The table being checked (the whole table, for a plane cut from one);
    /// `None` when the formula does not call `g(...)`.
    pub own: Option<Arc<Table>>,
    /// The other games' tables, by the spec the formula wrote.
    pub others: Vec<(String, Arc<Table>)>,
}

/// `g(3, 4)` or `g_of("queen", 3, 4)`, as the formula wrote the call.
fn call_text(spec: Option<&str>, coords: &[i64]) -> String {
    let args = coords.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
    match spec {
        Some(s) => format!("g_of(\"{s}\", {args})"),
        None => format!("g({args})"),
    }
}

/// The box of `table` written as inequalities: `0 <= x < 40, 0 <= y < 40`.
fn box_text(table: &Table) -> String {
    let d = table.rules().dimension.clamp(1, 3) as usize;
    ["x", "y", "z"][..d].iter().zip(table.dims()).map(|(c, n)| format!("0 <= {c} < {n}")).collect::<Vec<_>>().join(", ")
}

/// The value at `coords` of `table` (the game's coordinates, or one more
/// naming the layer; else `layer`), or a sentence naming the call.
fn read(table: &Table, spec: Option<&str>, coords: &[i64], layer: usize) -> Result<i64, String> {
    let call = call_text(spec, coords);
    let d = table.rules().dimension.clamp(1, 3) as usize;
    let with_pass = table.layers() > 1;
    let top = table.layers() as i64 - 1;
    let (position, layer) = match coords.len() {
        n if n == d => (coords, layer as i64),
        n if n == d + 1 && with_pass => (&coords[..d], coords[d]),
        n if n == d + 1 => return Err(format!("{call}: this game has no pass, so it takes {d} coordinates")),
        _ if with_pass => {
            return Err(format!(
                "{call}: give {d} coordinates, or {} (the last one names the layer: the number of passes left, 0 to \
                 {top})",
                d + 1
            ));
        }
        _ => return Err(format!("{call}: give {d} coordinates, as many as the game has")),
    };
    if !(0..=top.max(0)).contains(&layer) {
        return Err(if top == 1 {
            format!(
                "{call}: the last argument names the layer: 1 (the pass is still there) or 0 (it is used), not {layer}"
            )
        } else {
            format!("{call}: the last argument names the layer: the number of passes left, 0 to {top}, not {layer}")
        });
    }
    if position.iter().any(|&c| c < 0) {
        return Err(format!("{call}: the coordinates of a position are >= 0"));
    }
    let mut p = [0usize; 3];
    for (i, &c) in position.iter().enumerate() {
        p[i] = c as usize;
    }
    if p.iter().zip(table.dims()).any(|(&c, n)| c >= n) {
        return Err(format!(
            "{call} is outside the computed box ({}): check a larger box, or leave such cells out with a condition \
             (--where)",
            box_text(table)
        ));
    }
    match table.get_at(p, layer as usize) {
        NOT_A_POSITION => Err(format!("{call} is not a position of the game")),
        v => Ok(v.into()),
    }
}

impl TableReader for Reader {
    fn own(&self, coords: &[i64], layer: usize) -> Result<i64, String> {
        match &self.own {
            Some(t) => read(t, None, coords, layer),
            None => Err(format!("{}: the table cannot be read here", call_text(None, coords))),
        }
    }

    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, String> {
        match self.others.iter().find(|(s, _)| s == spec) {
            Some((_, t)) => read(t, Some(spec), coords, t.start_layer()),
            None => Err(format!(
                "{}: the game of g_of must be written in the formula as a text in quotes, such as \
                 g_of(\"queen\", x, y)",
                call_text(Some(spec), coords)
            )),
        }
    }
}
