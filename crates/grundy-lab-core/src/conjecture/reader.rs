//! What `g(...)` and `g_of(...)` read during a check: the table being
//! checked and the tables of the other games the formula names, each a
//! [`GameTable`] (one to three coordinates, or four to eight heaps).

use crate::game_table::GameTable;
use crate::grundy::NOT_A_POSITION;
use crate::script::tables::{ReadError, TableReader};

/// The tables of one check.
pub(super) struct Reader {
    /// The table being checked (the whole table, for a plane cut from one);
    /// `None` when the formula does not call `g(...)`.
    pub own: Option<GameTable>,
    /// The other games' tables, by the spec the formula wrote.
    pub others: Vec<(String, GameTable)>,
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
fn read(table: &GameTable, spec: Option<&str>, coords: &[i64], layer: usize) -> Result<i64, ReadError> {
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
        None | Some(NOT_A_POSITION) => Err(ReadError::NotAPosition { call }),
        Some(v) => Ok(v.into()),
    }
}

impl TableReader for Reader {
    fn own(&self, coords: &[i64], layer: usize) -> Result<i64, ReadError> {
        match &self.own {
            Some(t) => read(t, None, coords, layer),
            None => Err(ReadError::NoTable { call: call_text(None, coords) }),
        }
    }

    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, ReadError> {
        match self.others.iter().find(|(s, _)| s == spec) {
            Some((_, t)) => read(t, Some(spec), coords, t.start_layer()),
            None => Err(ReadError::UnquotedGame { call: call_text(Some(spec), coords) }),
        }
    }
}
