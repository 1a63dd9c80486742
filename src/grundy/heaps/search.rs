//! Tables of many heaps whose options do not all lower the sum of the
//! coordinates: games with a memory of four to eight coordinates (the last
//! move kept as coordinates), finite although a move may keep or raise the
//! sum. As for one to three coordinates (`grundy/search.rs`), the values
//! are found by a depth-first search with an explicit stack (never the call
//! stack); a position's value is written once all its options have theirs,
//! and an option on the search path closes a cycle, reported with its
//! positions in the order they are played.

use super::{HeapTable, HeapsFault};
use crate::Control;
use crate::grundy::{EngineError, NOT_A_POSITION};
use crate::rules::{Convention, MAX_DIMENSION, Point, Program, point_text};
use rhai::Scope;

/// The status of a state in the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    No,
    OnPath,
    Done,
}

/// One state on the search path, and where its options start in the
/// shared list and how far they have been looked at.
struct Frame {
    state: usize,
    first: usize,
    next: usize,
}

/// What the search keeps while it walks.
struct Walk<'a> {
    table: &'a mut HeapTable,
    program: &'a Program,
    /// The position stored at each index.
    positions: Vec<Point>,
    seen: Vec<Seen>,
    options: Vec<usize>,
    path: Vec<Frame>,
    scope: Scope<'static>,
    control: &'a Control,
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
    let mut walk = Walk {
        table,
        program,
        positions,
        seen: vec![Seen::No; count * layers],
        options: Vec::new(),
        path: Vec::new(),
        scope: Scope::new(),
        control,
    };
    for start in 0..count * layers {
        if walk.seen[start] == Seen::No {
            walk.from(start)?;
        }
    }
    Ok(())
}

impl Walk<'_> {
    fn d(&self) -> usize {
        self.table.sides.len()
    }

    fn text(&self, state: usize) -> String {
        point_text(&self.positions[state % self.table.count][..self.d()])
    }

    fn failed(&self, e: crate::rules::ProgramError) -> EngineError {
        crate::grundy::program::engine_error(crate::grundy::program::failure(self.control, e))
    }

    /// Whether the state is a position of the program's domain (layer 0
    /// asks the program; a layer above is as layer 0).
    fn in_domain(&mut self, state: usize) -> Result<bool, EngineError> {
        let count = self.table.count;
        if state >= count {
            return Ok(self.table.values[state % count] != NOT_A_POSITION);
        }
        let p = self.positions[state];
        let d = self.d();
        let stop = self.control.deadline();
        self.program.is_position_of(&p[..d], &mut self.scope, stop).map_err(|e| self.failed(e))
    }

    /// Every state the search reaches from `start`, each given its value.
    fn from(&mut self, start: usize) -> Result<(), EngineError> {
        if !self.in_domain(start)? {
            self.table.values[start] = NOT_A_POSITION;
            self.seen[start] = Seen::Done;
            self.control.advance(1);
            return Ok(());
        }
        self.push(start)?;
        let misere = self.table.rules.convention == Convention::Misere;
        let mut values = Vec::new();
        while let Some(top) = self.path.last_mut() {
            if self.control.must_stop() {
                return Err(crate::grundy::program::engine_error(crate::grundy::program::stopped(self.control)));
            }
            let (mut child, mut outside) = (None, None);
            while top.next < self.options.len() {
                let o = self.options[top.next];
                if self.seen[o] != Seen::Done {
                    child = Some(o);
                    break;
                }
                // A start outside the domain was done first: still no option.
                if self.table.values[o] == NOT_A_POSITION {
                    outside = Some(o);
                    break;
                }
                top.next += 1;
            }
            let from = top.state;
            if let Some(o) = outside {
                return Err(EngineError::Heaps(HeapsFault::OptionNotAPosition {
                    position: self.text(from),
                    option: self.text(o),
                }));
            }
            let Some(o) = child else {
                // Every option has its value: this state gets its own.
                let Some(frame) = self.path.pop() else { break };
                values.clear();
                values.extend(self.options[frame.first..].iter().map(|&o| self.table.values[o]));
                self.options.truncate(frame.first);
                let v = if misere {
                    let p_position = !values.is_empty() && values.iter().all(|&v| v == 1);
                    u32::from(!p_position)
                } else {
                    crate::grundy::naive::mex(&values)
                };
                self.table.values[frame.state] = v;
                self.seen[frame.state] = Seen::Done;
                self.control.advance(1);
                continue;
            };
            if self.seen[o] == Seen::OnPath {
                let at = self.path.iter().position(|f| f.state == o).unwrap_or(0);
                let mut cycle: Vec<usize> = self.path[at..].iter().map(|f| f.state).collect();
                cycle.push(o);
                let positions = crate::rules::cycle_of(&cycle, |&s| self.text(s));
                return Err(EngineError::Heaps(HeapsFault::Cycle { positions }));
            }
            if !self.in_domain(o)? {
                return Err(EngineError::Heaps(HeapsFault::OptionNotAPosition {
                    position: self.text(from),
                    option: self.text(o),
                }));
            }
            self.push(o)?;
        }
        Ok(())
    }

    /// Put `state` on the path with its options (and the pass to the layer
    /// below, where the rules allow one).
    fn push(&mut self, state: usize) -> Result<(), EngineError> {
        let (count, d) = (self.table.count, self.d());
        let layer = state / count;
        let p = self.positions[state % count];
        let stop = self.control.deadline();
        let listed = self
            .program
            .options_of::<MAX_DIMENSION>(&p[..d], &mut self.scope, stop, &self.table.rules.limits)
            .map_err(|e| self.failed(e))?;
        let first = self.options.len();
        for q in &listed {
            let q = &q[..d];
            if q.iter().zip(&self.table.sides).any(|(&c, &n)| c >= n as u64) {
                self.options.truncate(first);
                return Err(EngineError::Heaps(HeapsFault::OutsideBox {
                    position: point_text(&p[..d]),
                    option: point_text(q),
                    sides: self.table.sides.clone(),
                }));
            }
            self.options.push(layer * count + self.table.index(q));
        }
        if self.table.rules.passes.allowed(layer, !listed.is_empty()) {
            self.options.push(state - count);
        }
        self.seen[state] = Seen::OnPath;
        self.path.push(Frame { state, first, next: first });
        Ok(())
    }
}
