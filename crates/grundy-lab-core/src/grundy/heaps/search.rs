//! Tables of many heaps whose options lower no sum of the coordinates (see
//! `compute` in `heaps.rs`, which tries the sums first): finite games whose
//! moves may keep or raise every such sum, or games that do not end. As for
//! one to three coordinates, the values are found by the depth-first search
//! of `grundy/walk.rs`; a cycle is reported with its positions in the order
//! they are played.

use super::{HeapTable, HeapsFault};
use crate::Control;
use crate::grundy::walk::{Graph, Walker};
use crate::grundy::{EngineError, NOT_A_POSITION};
use crate::rules::{Convention, MAX_DIMENSION, Point, Program, point_text};
use rhai::Scope;

/// A table of many heaps as the search sees it: state `layer * count + i`
/// is the position stored at index `i` in `layer`.
struct Stored<'a> {
    table: &'a mut HeapTable,
    program: &'a Program,
    /// The position stored at each index.
    positions: Vec<Point>,
    control: &'a Control,
}

impl Stored<'_> {
    fn d(&self) -> usize {
        self.table.sides.len()
    }

    fn text(&self, state: usize) -> String {
        point_text(&self.positions[state % self.table.count][..self.d()])
    }

    fn failed(&self, e: crate::rules::ProgramError) -> EngineError {
        crate::grundy::EngineError::of_program(crate::grundy::error::program_failure(self.control, e))
    }
}

impl Graph for Stored<'_> {
    fn in_domain(&self, state: usize, scope: &mut Scope<'static>) -> Result<bool, EngineError> {
        let count = self.table.count;
        if state >= count {
            // A layer above the first has the first's domain (done first).
            return Ok(self.table.values[state % count] != NOT_A_POSITION);
        }
        let (p, d) = (self.positions[state], self.d());
        self.program.is_position_of(&p[..d], scope, self.control.deadline()).map_err(|e| self.failed(e))
    }

    fn options(&self, state: usize, scope: &mut Scope<'static>, out: &mut Vec<usize>) -> Result<(), EngineError> {
        let (count, d) = (self.table.count, self.d());
        let layer = state / count;
        let p = self.positions[state % count];
        let listed = self
            .program
            .options_of::<MAX_DIMENSION>(&p[..d], scope, self.control.deadline(), &self.table.rules.limits)
            .map_err(|e| self.failed(e))?;
        for q in &listed {
            let q = &q[..d];
            if q.iter().zip(&self.table.sides).any(|(&c, &n)| c >= n as u64) {
                return Err(EngineError::Heaps(HeapsFault::OutsideBox {
                    position: point_text(&p[..d]),
                    option: point_text(q),
                    reached: q.to_vec(),
                    sides: self.table.sides.clone(),
                }));
            }
            out.push(layer * count + self.table.index(q));
        }
        if self.table.rules.passes.allowed(layer, !listed.is_empty()) {
            out.push(state - count);
        }
        Ok(())
    }

    fn value(&self, state: usize) -> u32 {
        self.table.values[state]
    }

    fn set(&mut self, state: usize, value: u32) {
        self.table.values[state] = value;
    }

    fn cycle(&self, states: &[usize]) -> EngineError {
        let positions = crate::rules::cycle_of(states, |&s| self.text(s));
        EngineError::Heaps(HeapsFault::Cycle { positions })
    }

    fn outside(&self, state: usize, option: usize) -> EngineError {
        EngineError::Heaps(HeapsFault::OptionNotAPosition { position: self.text(state), option: self.text(option) })
    }
}

/// Fill `table` by the search, layer by layer (a pass leads to the layer
/// below, which is done first). Progress counts states.
pub(super) fn fill(table: &mut HeapTable, program: &Program, control: &Control) -> Result<(), EngineError> {
    let count = table.count;
    let layers = table.rules.passes.layers();
    // The position of each index, placed sum by sum (one sum's list at a
    // time beside the whole).
    let mut positions = vec![[0; MAX_DIMENSION]; count];
    let max_sum: usize = table.sides.iter().map(|n| n - 1).sum();
    let mut of_sum = Vec::new();
    for s in 0..=max_sum {
        of_sum.clear();
        super::positions_with_sum(&table.sides, table.storage, s, &mut of_sum);
        for p in &of_sum {
            positions[table.index(&p[..table.sides.len()])] = *p;
        }
    }
    control.start((count * layers) as u64);
    let misere = table.rules.convention == Convention::Misere;
    let mut graph = Stored { table, program, positions, control };
    let mut walker = Walker::new(count * layers);
    // Layer by layer: a layer's domain is read from the first's values.
    for layer in 0..layers {
        walker.all(&mut graph, layer * count..(layer + 1) * count, misere, control)?;
    }
    Ok(())
}
