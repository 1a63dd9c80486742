//! What `g(...)` and `g_of(...)` read during a check: the table being
//! checked and the tables of the other games the formula names, tables of
//! one to three coordinates ([`Table`]) or of four to eight heaps
//! ([`HeapTable`]).

use crate::grundy::heaps::HeapTable;
use crate::grundy::{NOT_A_POSITION, Table};
use crate::script::tables::TableReader;
use std::sync::Arc;

/// A table a formula can read: its box, its layers and its values.
pub(super) trait Readable: Send + Sync {
    /// The sides of the box, one per coordinate of the game.
    fn sides(&self) -> Vec<usize>;
    /// The layers: one more than the passes of the game.
    fn layers(&self) -> usize;
    /// The layer of the start of a game (every pass still there).
    fn start_layer(&self) -> usize;
    /// The value at `p` (inside the box) in `layer`.
    fn value(&self, p: &[u64], layer: usize) -> u32;
}

impl Readable for Table {
    fn sides(&self) -> Vec<usize> {
        self.dims()[..self.rules().dimension.clamp(1, 3) as usize].to_vec()
    }
    fn layers(&self) -> usize {
        Table::layers(self)
    }
    fn start_layer(&self) -> usize {
        Table::start_layer(self)
    }
    fn value(&self, p: &[u64], layer: usize) -> u32 {
        let mut at = [0usize; 3];
        for (a, &c) in at.iter_mut().zip(p) {
            *a = c as usize;
        }
        self.get_at(at, layer)
    }
}

impl Readable for HeapTable {
    fn sides(&self) -> Vec<usize> {
        HeapTable::sides(self).to_vec()
    }
    fn layers(&self) -> usize {
        self.rules().passes.layers()
    }
    fn start_layer(&self) -> usize {
        HeapTable::start_layer(self)
    }
    fn value(&self, p: &[u64], layer: usize) -> u32 {
        self.get(p, layer).unwrap_or(NOT_A_POSITION)
    }
}

/// The tables of one check.
pub(super) struct Reader<T> {
    /// The table being checked (the whole table, for a plane cut from one);
    /// `None` when the formula does not call `g(...)`.
    pub own: Option<Arc<T>>,
    /// The other games' tables, by the spec the formula wrote.
    pub others: Vec<(String, Arc<T>)>,
}

/// `g(3, 4)` or `g_of("queen", 3, 4)`, as the formula wrote the call.
fn call_text(spec: Option<&str>, coords: &[i64]) -> String {
    let args = coords.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
    match spec {
        Some(s) => format!("g_of(\"{s}\", {args})"),
        None => format!("g({args})"),
    }
}

/// The box `sides` written as inequalities: `0 <= x < 40, 0 <= y < 40`
/// (`0 <= x1 < 6, ...` for four heaps or more).
fn box_text(sides: &[usize]) -> String {
    let name = |i: usize| if sides.len() <= 3 { ["x", "y", "z"][i].to_string() } else { format!("x{}", i + 1) };
    sides.iter().enumerate().map(|(i, n)| format!("0 <= {} < {n}", name(i))).collect::<Vec<_>>().join(", ")
}

/// The value at `coords` of `table` (the game's coordinates, or one more
/// naming the layer; else `layer`), or a sentence naming the call.
fn read(table: &dyn Readable, spec: Option<&str>, coords: &[i64], layer: usize) -> Result<i64, String> {
    let call = call_text(spec, coords);
    let sides = table.sides();
    let d = sides.len();
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
    let p: Vec<u64> = position.iter().map(|&c| c as u64).collect();
    if p.iter().zip(&sides).any(|(&c, &n)| c >= n as u64) {
        return Err(format!(
            "{call} is outside the computed box ({}): check a larger box, or leave such cells out with a condition \
             (--where)",
            box_text(&sides)
        ));
    }
    match table.value(&p, layer as usize) {
        NOT_A_POSITION => Err(format!("{call} is not a position of the game")),
        v => Ok(v.into()),
    }
}

impl<T: Readable + 'static> TableReader for Reader<T> {
    fn own(&self, coords: &[i64], layer: usize) -> Result<i64, String> {
        match &self.own {
            Some(t) => read(&**t, None, coords, layer),
            None => Err(format!("{}: the table cannot be read here", call_text(None, coords))),
        }
    }

    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, String> {
        match self.others.iter().find(|(s, _)| s == spec) {
            Some((_, t)) => read(&**t, Some(spec), coords, t.start_layer()),
            None => Err(format!(
                "{}: the game of g_of must be written in the formula as a text in quotes, such as \
                 g_of(\"queen\", x, y)",
                call_text(Some(spec), coords)
            )),
        }
    }
}
