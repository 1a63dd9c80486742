//! Tables of programs whose options do not all lower the coordinate sum:
//! games with a memory (the last move kept as a coordinate), which are
//! finite although a move may keep or raise the sum. The values are found
//! by a depth-first search over the positions the game reaches from each
//! cell of the box, with an explicit stack (never the call stack): a
//! position's value is written once all its options have theirs. The
//! status of every state (not seen, on the search path, done) is one byte
//! beside the table, counted by the memory check with it. An option that is
//! on the search path closes a cycle: the game would not end, and the error
//! names the positions of the cycle in the order they are played.

use super::{EngineError, NOT_A_POSITION, Table};
use crate::Control;
use crate::rules::{Convention, Pos, ProgramError, coordinates};
use rhai::Scope;
use std::sync::atomic::Ordering;

/// The status of a state in the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    /// Not reached yet.
    No,
    /// On the search path: its options are being computed.
    OnPath,
    /// Its value is in the table.
    Done,
}

/// One position on the search path: its state index, and where its
/// options start in the shared list and how far they have been looked at.
struct Frame {
    state: usize,
    first: usize,
    next: usize,
}

/// Fill `table` (a program's) by the search; progress counts states, and
/// the control's cancel flag and time limit are looked at every position.
pub(super) fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    let rules = table.rules();
    let Some(program) = rules.program.as_ref() else {
        return Err(EngineError::InvalidRules(crate::rules::RulesError::ProgramAndPiece));
    };
    let dims = table.dims();
    let cells = table.cells_per_layer();
    let layers = table.layers();
    control.start(cells as u64 * layers as u64);
    let stop = control.deadline();
    let misere = rules.convention == Convention::Misere;
    let d = rules.dimension;
    let failed = |e: ProgramError| super::program::engine_error(super::program::failure(control, e));
    let position_of = |state: usize| -> [usize; 3] {
        let i = state % cells;
        let (w, h) = (dims[0], dims[1]);
        [i % w, i / w % h, i / (w * h)]
    };
    let mut work =
        Work { seen: vec![Seen::No; cells * layers], scope: Scope::new(), options: Vec::new(), path: Vec::new() };
    let mut values: Vec<u32> = Vec::new();
    for layer in 0..layers {
        for start in layer * cells..(layer + 1) * cells {
            if work.seen[start] == Seen::Done {
                continue;
            }
            let c = position_of(start);
            if layer > 0 && table.get_at(c, 0) == NOT_A_POSITION {
                table.cells[start].store(NOT_A_POSITION, Ordering::Relaxed);
                work.seen[start] = Seen::Done;
                continue;
            }
            if layer == 0 && !program.is_position(c.map(|v| v as u64), &mut work.scope, stop).map_err(failed)? {
                table.cells[start].store(NOT_A_POSITION, Ordering::Relaxed);
                work.seen[start] = Seen::Done;
                continue;
            }
            push(table, start, layer, &mut work, control).map_err(failed)?;
            while let Some(top) = work.path.last_mut() {
                if control.must_stop() {
                    return Err(super::program::engine_error(super::program::stopped(control)));
                }
                let end = work.options.len();
                // The first option not yet done: look at it first.
                let (mut child, mut outside) = (None, None);
                while top.next < end {
                    let o = work.options[top.next];
                    if work.seen[o] != Seen::Done {
                        child = Some(o);
                        break;
                    }
                    // A start outside the domain was done first: still no option.
                    if table.cells[o].load(Ordering::Relaxed) == NOT_A_POSITION {
                        outside = Some(o);
                        break;
                    }
                    top.next += 1;
                }
                let from = top.state;
                if let Some(o) = outside {
                    return Err(EngineError::Program(ProgramError::OptionNotAPosition {
                        position: coordinates(position_of(from).map(|v| v as u64), d),
                        option: coordinates(position_of(o).map(|v| v as u64), d),
                    }));
                }
                let Some(o) = child else {
                    // Every option has its value: this position gets its own.
                    let Some(frame) = work.path.pop() else { break };
                    values.clear();
                    values.extend(work.options[frame.first..].iter().map(|&o| table.cells[o].load(Ordering::Relaxed)));
                    work.options.truncate(frame.first);
                    let v = if misere {
                        let p_position = !values.is_empty() && values.iter().all(|&v| v == 1);
                        u32::from(!p_position)
                    } else {
                        super::naive::mex(&values)
                    };
                    table.cells[frame.state].store(v, Ordering::Relaxed);
                    work.seen[frame.state] = Seen::Done;
                    control.advance(1);
                    continue;
                };
                if work.seen[o] == Seen::OnPath {
                    let at = work.path.iter().position(|f| f.state == o).unwrap_or(0);
                    let mut cycle: Vec<Pos> =
                        work.path[at..].iter().map(|f| position_of(f.state).map(|v| v as u64)).collect();
                    cycle.push(position_of(o).map(|v| v as u64));
                    return Err(EngineError::Program(ProgramError::Cycle { positions: cycle, dimension: d }));
                }
                let q = position_of(o);
                let domain = if layer == 0 {
                    program.is_position(q.map(|v| v as u64), &mut work.scope, stop).map_err(failed)?
                } else {
                    table.get_at(q, 0) != NOT_A_POSITION
                };
                if !domain {
                    return Err(EngineError::Program(ProgramError::OptionNotAPosition {
                        position: coordinates(position_of(from).map(|v| v as u64), d),
                        option: coordinates(q.map(|v| v as u64), d),
                    }));
                }
                push(table, o, layer, &mut work, control).map_err(failed)?;
            }
        }
        table.frontier.store(layer + 1, Ordering::Release);
    }
    Ok(())
}

/// What the search keeps while it walks: the status of every state, the
/// path, the options of the positions on it (state indices, each
/// position's after its parent's), and the script scope.
struct Work {
    seen: Vec<Seen>,
    scope: Scope<'static>,
    options: Vec<usize>,
    path: Vec<Frame>,
}

/// Put the state `state` (of `layer`) on the path with its options (and the
/// pass to the layer below, where the rules allow one there).
fn push(table: &Table, state: usize, layer: usize, work: &mut Work, control: &Control) -> Result<(), ProgramError> {
    let cells = table.cells_per_layer();
    let rules = table.rules();
    let program = rules.program.as_ref().ok_or(ProgramError::Cancelled)?;
    let dims = table.dims();
    let i = state % cells;
    let c = [i % dims[0], i / dims[0] % dims[1], i / (dims[0] * dims[1])];
    let p = c.map(|v| v as u64);
    let listed = program.options_within(p, &mut work.scope, control.deadline(), &rules.limits)?;
    let options = &mut work.options;
    let first = options.len();
    for q in &listed {
        let q = q.map(|v| v as usize);
        if q.iter().zip(dims).any(|(&v, n)| v >= n) {
            options.truncate(first);
            return Err(ProgramError::OutsideBox {
                position: p,
                option: q.map(|v| v as u64),
                dims,
                dimension: rules.dimension,
            });
        }
        options.push(table.index_at(q, layer));
    }
    if rules.passes.allowed(layer, !listed.is_empty()) {
        // The pass: the same position, one pass fewer (its layer is done).
        options.push(table.index_at(c, layer - 1));
    }
    work.seen[state] = Seen::OnPath;
    work.path.push(Frame { state, first, next: first });
    Ok(())
}
