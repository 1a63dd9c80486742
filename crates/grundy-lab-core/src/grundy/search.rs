//! Tables of programs whose options lower no sum of the coordinates (see
//! `program.rs`, which tries the sums first): games that are finite although
//! a move may keep or raise every such sum, or games that do not end. The
//! values are found by the depth-first search of `walk.rs` over the
//! positions the game reaches from each cell of the box. The status of
//! every state (not seen, on the search path, done) is one byte beside the
//! table, counted by the memory check with it. An option that is on the
//! search path closes a cycle: the game would not end, and the error names
//! the positions of the cycle in the order they are played.

use super::walk::{Graph, Walker};
use super::{EngineError, NOT_A_POSITION, Table};
use crate::Control;
use crate::rules::{Convention, Pos, Program, ProgramError, coordinates};
use rhai::Scope;
use std::sync::atomic::Ordering;

/// A table of one to three coordinates as the search sees it: state
/// `layer * cells + i` is cell `i` of `layer`.
struct Cells<'a> {
    table: &'a Table,
    program: &'a Program,
    control: &'a Control,
}

impl Cells<'_> {
    /// The cell of a state.
    fn cell(&self, state: usize) -> [usize; 3] {
        let dims = self.table.dims();
        let i = state % self.table.cells_per_layer();
        let (w, h) = (dims[0], dims[1]);
        [i % w, i / w % h, i / (w * h)]
    }

    fn position(&self, state: usize) -> Pos {
        self.cell(state).map(|v| v as u64)
    }

    fn failed(&self, e: ProgramError) -> EngineError {
        crate::grundy::EngineError::of_program(crate::grundy::error::program_failure(self.control, e))
    }
}

impl Graph for Cells<'_> {
    fn in_domain(&self, state: usize, scope: &mut Scope<'static>) -> Result<bool, EngineError> {
        if state >= self.table.cells_per_layer() {
            // A layer above the first has the first's domain (done first).
            return Ok(self.table.get_at(self.cell(state), 0) != NOT_A_POSITION);
        }
        let p = self.position(state);
        self.program.is_position(p, scope, self.control.deadline()).map_err(|e| self.failed(e))
    }

    fn options(&self, state: usize, scope: &mut Scope<'static>, out: &mut Vec<usize>) -> Result<(), EngineError> {
        let (table, rules) = (self.table, self.table.rules());
        let layer = state / table.cells_per_layer();
        let (c, p, dims) = (self.cell(state), self.position(state), table.dims());
        let listed = self
            .program
            .options_within(p, scope, self.control.deadline(), &rules.limits)
            .map_err(|e| self.failed(e))?;
        for q in &listed {
            let q = q.map(|v| v as usize);
            if q.iter().zip(dims).any(|(&v, n)| v >= n) {
                return Err(EngineError::Program(ProgramError::OutsideBox {
                    position: p,
                    option: q.map(|v| v as u64),
                    dims,
                    dimension: rules.dimension,
                }));
            }
            out.push(table.index_at(q, layer));
        }
        if rules.passes.allowed(layer, !listed.is_empty()) {
            // The pass: the same position, one pass fewer (its layer is done).
            out.push(table.index_at(c, layer - 1));
        }
        Ok(())
    }

    fn value(&self, state: usize) -> u32 {
        self.table.cells[state].load(Ordering::Relaxed)
    }

    fn set(&mut self, state: usize, value: u32) {
        self.table.cells[state].store(value, Ordering::Relaxed);
    }

    fn cycle(&self, states: &[usize]) -> EngineError {
        let positions = states.iter().map(|&s| self.position(s)).collect();
        EngineError::Program(ProgramError::Cycle { positions, dimension: self.table.rules().dimension })
    }

    fn outside(&self, state: usize, option: usize) -> EngineError {
        let d = self.table.rules().dimension;
        EngineError::Program(ProgramError::OptionNotAPosition {
            position: coordinates(self.position(state), d),
            option: coordinates(self.position(option), d),
        })
    }
}

/// Fill `table` (a program's) by the search, layer by layer (a pass leads
/// to the layer below, which is done first); progress counts states, and
/// the control's cancel flag and time limit are looked at every position.
pub fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    let rules = table.rules();
    let Some(program) = rules.program.as_ref() else {
        return Err(EngineError::InvalidRules(crate::rules::RulesError::ProgramAndPiece));
    };
    let cells = table.cells_per_layer();
    let layers = table.layers();
    control.start(cells as u64 * layers as u64);
    let misere = rules.convention == Convention::Misere;
    let mut graph = Cells { table, program, control };
    let mut walker = Walker::new(cells * layers);
    for layer in 0..layers {
        walker.all(&mut graph, layer * cells..(layer + 1) * cells, misere, control)?;
        table.frontier.store(layer + 1, Ordering::Release);
    }
    Ok(())
}
