//! What `g(...)` and `g_of(...)` read during a check: the table being
//! checked and the tables of the other games the formula names, tables of
//! one to three coordinates ([`Table`]) or of four to eight heaps
//! ([`HeapTable`]).

use crate::grundy::heaps::HeapTable;
use crate::grundy::{NOT_A_POSITION, Table};
use crate::script::tables::{ReadError, TableReader};
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

/// The value at `coords` of `table` (the game's coordinates, or one more
/// naming the layer; else `layer`), or why not.
fn read(table: &dyn Readable, spec: Option<&str>, coords: &[i64], layer: usize) -> Result<i64, ReadError> {
    let call = call_text(spec, coords);
    let sides = table.sides();
    let d = sides.len();
    let with_pass = table.layers() > 1;
    let top = table.layers() as i64 - 1;
    let (position, layer) = match coords.len() {
        n if n == d => (coords, layer as i64),
        n if n == d + 1 && with_pass => (&coords[..d], coords[d]),
        n if n == d + 1 => return Err(ReadError::NoPass { call, coordinates: d }),
        _ => {
            return Err(ReadError::Arity { call, coordinates: d, top_layer: with_pass.then_some(top as usize) });
        }
    };
    if !(0..=top.max(0)).contains(&layer) {
        return Err(ReadError::Layer { call, top_layer: top.max(0) as usize, layer });
    }
    if position.iter().any(|&c| c < 0) {
        return Err(ReadError::Negative { call });
    }
    let p: Vec<u64> = position.iter().map(|&c| c as u64).collect();
    if p.iter().zip(&sides).any(|(&c, &n)| c >= n as u64) {
        return Err(ReadError::Outside { call, sides });
    }
    match table.value(&p, layer as usize) {
        NOT_A_POSITION => Err(ReadError::NotAPosition { call }),
        v => Ok(v.into()),
    }
}

impl<T: Readable + 'static> TableReader for Reader<T> {
    fn own(&self, coords: &[i64], layer: usize) -> Result<i64, ReadError> {
        match &self.own {
            Some(t) => read(&**t, None, coords, layer),
            None => Err(ReadError::NoTable { call: call_text(None, coords) }),
        }
    }

    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, ReadError> {
        match self.others.iter().find(|(s, _)| s == spec) {
            Some((_, t)) => read(&**t, Some(spec), coords, t.start_layer()),
            None => Err(ReadError::UnquotedGame { call: call_text(Some(spec), coords) }),
        }
    }
}
