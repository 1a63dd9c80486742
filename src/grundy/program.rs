//! Tables of rules written as a program ([`crate::rules::Program`]): where
//! every move lowers the coordinate sum, the positions of one sum depend
//! only on positions of smaller sums, so they are computed in parallel, sum
//! by sum, each worker thread with its own script scope. The first option
//! that does not lower the sum (a game with a memory) hands the whole table
//! to the search of [`super::search`], which also finds cycles. The program runs once
//! per position and layer; its options are checked (see
//! [`crate::rules::Program::options`]) and must lie in the box. Where the
//! program's `fn position` is false, the cell gets the marker
//! [`NOT_A_POSITION`] and no value; a move into such a cell is an error
//! naming the move.

use super::{EngineError, NOT_A_POSITION, Table};
use crate::Control;
use crate::rules::{Convention, ProgramError, Rules};
use rayon::prelude::*;
use rhai::Scope;
use std::sync::atomic::Ordering;

/// Why the sum-by-sum fill stopped.
enum Halt {
    /// An error of the program (or the stop).
    Error(ProgramError),
    /// An option that does not lower the sum: the search must fill the table.
    Search,
}

impl From<ProgramError> for Halt {
    fn from(e: ProgramError) -> Self {
        Halt::Error(e)
    }
}

/// Allocate the table after checking the memory (4 bytes a state).
/// The sides and the memory are checked by the caller (`prepare_box`,
/// through `check_box`).
pub(super) fn prepare(rules: &Rules, dims: [usize; 3]) -> Result<Table, EngineError> {
    // One tile holds the whole box: the table counts as computed layer by
    // layer, not tile by tile.
    let tile = dims.iter().max().copied().unwrap_or(1).next_power_of_two();
    Ok(Table::allocate(rules, dims, false, tile))
}

/// The positions of the box with coordinate sum `s`.
fn positions_with_sum([w, h, d]: [usize; 3], s: usize) -> Vec<[usize; 3]> {
    let mut out = Vec::new();
    for z in 0..d.min(s + 1) {
        for y in 0..h.min(s - z + 1) {
            let x = s - z - y;
            if x < w {
                out.push([x, y, z]);
            }
        }
    }
    out
}

/// Fill a table made by [`prepare`]; progress counts positions, and the
/// control's cancel flag and time limit are looked at before every position
/// (and stop a position's run when the time limit passes).
pub(super) fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    let rules = table.rules();
    let Some(program) = rules.program.as_ref() else {
        return Err(EngineError::InvalidRules(crate::rules::RulesError::ProgramAndPiece));
    };
    let dims = table.dims();
    let max_sum: usize = dims.iter().map(|n| n - 1).sum();
    let layers = table.layers();
    control.start(table.cells_per_layer() as u64 * layers as u64);
    let stop = control.deadline();
    let misere = rules.convention == Convention::Misere;
    let d = rules.dimension;
    for layer in 0..layers {
        for s in 0..=max_sum {
            let positions = positions_with_sum(dims, s);
            let results: Vec<Result<(), Halt>> = positions
                .par_iter()
                .map_init(Scope::new, |scope, &c| {
                    if control.must_stop() {
                        return Err(stopped(control).into());
                    }
                    let p = c.map(|v| v as u64);
                    // Outside the domain: no value, in either layer.
                    let is_position = if layer == 0 {
                        program.is_position(p, scope, stop).map_err(|e| failure(control, e))?
                    } else {
                        table.get_at(c, 0) != NOT_A_POSITION
                    };
                    if !is_position {
                        table.cells[table.index_at(c, layer)].store(NOT_A_POSITION, Ordering::Relaxed);
                        return Ok(());
                    }
                    let options =
                        program.options_within(p, scope, stop, &rules.limits).map_err(|e| failure(control, e))?;
                    let mut values = Vec::with_capacity(options.len() + 1);
                    for q in &options {
                        let q = q.map(|v| v as usize);
                        if q.iter().zip(dims).any(|(&v, n)| v >= n) {
                            return Err(ProgramError::OutsideBox {
                                position: p,
                                option: q.map(|v| v as u64),
                                dims,
                                dimension: d,
                            }
                            .into());
                        }
                        if q.iter().sum::<usize>() >= s {
                            return Err(Halt::Search);
                        }
                        let v = table.get_at(q, layer);
                        if v == NOT_A_POSITION {
                            return Err(ProgramError::OptionNotAPosition {
                                position: crate::rules::coordinates(p, d),
                                option: crate::rules::coordinates(q.map(|v| v as u64), d),
                            }
                            .into());
                        }
                        values.push(v);
                    }
                    if rules.passes.allowed(layer, !options.is_empty()) {
                        values.push(table.get_at(c, layer - 1));
                    }
                    let v = if misere {
                        let p_position = !values.is_empty() && values.iter().all(|&v| v == 1);
                        if p_position { 0 } else { 1 }
                    } else {
                        super::naive::mex(&values)
                    };
                    table.cells[table.index_at(c, layer)].store(v, Ordering::Relaxed);
                    Ok(())
                })
                .collect();
            // The first failing position in a fixed order, whatever the
            // threads did first.
            if let Some(e) = results.into_iter().find_map(Result::err) {
                return Err(match e {
                    Halt::Search => return super::search::fill(table, control),
                    Halt::Error(e) => engine_error(e),
                });
            }
            control.advance(positions.len() as u64);
        }
        table.frontier.store(layer + 1, Ordering::Release);
    }
    Ok(())
}

/// What stopped a fill of a program's table: a cancel, or its time limit.
pub(super) fn stopped(control: &Control) -> ProgramError {
    if control.is_cancelled() {
        ProgramError::Cancelled
    } else {
        ProgramError::Budget { millis: control.time_limit().map_or(0, |l| l.as_millis() as u64) }
    }
}

/// A program's error at one position, or what stopped the fill when the
/// run broke off because the fill was asked to stop.
pub(super) fn failure(control: &Control, e: ProgramError) -> ProgramError {
    match e {
        ProgramError::Run { .. } | ProgramError::Limit { .. } if control.must_stop() => stopped(control),
        e => e,
    }
}

/// A program's error as the engine's (a cancel is the engine's own).
pub(super) fn engine_error(e: ProgramError) -> EngineError {
    match e {
        ProgramError::Cancelled => EngineError::Cancelled,
        e => EngineError::Program(e),
    }
}
