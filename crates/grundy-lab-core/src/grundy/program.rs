//! Tables of rules written as a program ([`crate::rules::Program`]): where
//! every move lowers the sum of some of the coordinates (all of them, in
//! most games), the positions of one such sum depend only on positions of
//! smaller sums, so they are computed in parallel, sum by sum, each worker
//! thread with its own script scope. The fill starts with the sum of every
//! coordinate; an option that does not lower it takes the coordinates it
//! raises out of the sum and the fill starts again (a game with a memory,
//! such as the no-imitation game (x, y, t), is ordered by x + y). Where no
//! sum is left that the option lowers, the whole table goes to the search of
//! [`super::search`], which also finds cycles. The program runs once per
//! position and layer; its options are checked (see
//! [`crate::rules::Program::options`]) and must lie in the box. Where the
//! program's `fn position` is false, the cell gets the marker
//! [`NOT_A_POSITION`] and no value; a move into such a cell is an error
//! naming the move.

use super::error::{program_failure, program_stopped};
use super::{EngineError, NOT_A_POSITION, Order, Table};
use crate::Control;
use crate::rules::{Convention, Program, ProgramError, Rules};
use rayon::prelude::*;
use rhai::Scope;
use std::sync::atomic::Ordering;

/// Why the sum-by-sum fill stopped.
enum Halt {
    /// An error of the program (or the stop).
    Error(ProgramError),
    /// An option `q` of `p` that does not lower the sum: the fill starts
    /// again with another sum, or the search fills the table.
    Unordered { p: [usize; 3], q: [usize; 3] },
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

/// The positions of the box whose coordinates in `order` sum to `s`.
fn positions_with_sum(dims: [usize; 3], order: Order, s: usize) -> Vec<[usize; 3]> {
    let [w, h, d] = dims;
    // A game of fewer than three coordinates has sides of 1 beyond them.
    let on = |i: usize| order.coordinates().get(i).copied().unwrap_or(false);
    let on = [on(0), on(1), on(2)];
    let mut out = Vec::new();
    for z in 0..d {
        let Some(rest) = s.checked_sub(if on[2] { z } else { 0 }) else { break };
        for y in 0..h {
            let Some(x) = rest.checked_sub(if on[1] { y } else { 0 }) else { break };
            if on[0] {
                if x < w {
                    out.push([x, y, z]);
                }
            } else if x == 0 {
                out.extend((0..w).map(|x| [x, y, z]));
            }
        }
    }
    out
}

/// Fill a table made by [`prepare`] in the first order of sums that every
/// option lowers (see [`Order`]; kept as the table's order), or by the
/// search; progress counts positions, and the control's cancel flag and
/// time limit are looked at before every position (and stop a position's
/// run when the time limit passes).
pub(super) fn fill(table: &Table, control: &Control) -> Result<(), EngineError> {
    let Some(program) = table.rules().program.as_ref() else {
        return Err(EngineError::InvalidRules(crate::rules::RulesError::ProgramAndPiece));
    };
    let mut order = Order::all(table.rules().dimension as usize);
    loop {
        match fill_in(table, program, order, control) {
            Ok(()) => {
                let _ = table.order.set(order);
                return Ok(());
            }
            Err(Halt::Error(e)) => return Err(EngineError::of_program(e)),
            Err(Halt::Unordered { p, q }) => match order.without_raised(&p, &q) {
                Some(next) => order = next,
                None => return super::search::fill(table, control),
            },
        }
    }
}

/// Fill the table with `program`, sum by sum of the coordinates in `order`.
fn fill_in(table: &Table, program: &Program, order: Order, control: &Control) -> Result<(), Halt> {
    let rules = table.rules();
    let dims = table.dims();
    let max_sum = order.sum(&dims.map(|n| n - 1));
    let layers = table.layers();
    control.start(table.cells_per_layer() as u64 * layers as u64);
    let stop = control.deadline();
    let misere = rules.convention == Convention::Misere;
    let d = rules.dimension;
    for layer in 0..layers {
        for s in 0..=max_sum {
            let positions = positions_with_sum(dims, order, s);
            let results: Vec<Result<(), Halt>> = positions
                .par_iter()
                .map_init(
                    || (Scope::new(), Vec::new()),
                    |(scope, values), &c| {
                        if control.must_stop() {
                            return Err(program_stopped(control).into());
                        }
                        let p = c.map(|v| v as u64);
                        // Outside the domain: no value, in either layer.
                        let is_position = if layer == 0 {
                            program.is_position(p, scope, stop).map_err(|e| program_failure(control, e))?
                        } else {
                            table.get_at(c, 0) != NOT_A_POSITION
                        };
                        if !is_position {
                            table.cells[table.index_at(c, layer)].store(NOT_A_POSITION, Ordering::Relaxed);
                            return Ok(());
                        }
                        // The options as listed: the value needs neither their
                        // order nor the repeats gone.
                        let options = program
                            .options_listed::<3>(&p[..d as usize], scope, stop, &rules.limits)
                            .map_err(|e| program_failure(control, e))?;
                        // The value of an option, or why it has none.
                        let value_of = |q: &[u64; 3]| -> Result<u32, Halt> {
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
                            if order.sum(&q) >= s {
                                return Err(Halt::Unordered { p: c, q });
                            }
                            let v = table.get_at(q, layer);
                            if v == NOT_A_POSITION {
                                return Err(ProgramError::OptionNotAPosition {
                                    position: crate::rules::coordinates(p, d),
                                    option: crate::rules::coordinates(q.map(|v| v as u64), d),
                                }
                                .into());
                            }
                            Ok(v)
                        };
                        values.clear();
                        for q in &options {
                            match value_of(q) {
                                Ok(v) => values.push(v),
                                Err(e) => return Err(smallest_fault(&options, value_of).unwrap_or(e)),
                            }
                        }
                        if rules.passes.allowed(layer, !options.is_empty()) {
                            values.push(table.get_at(c, layer - 1));
                        }
                        let v = if misere { super::naive::misere_mex(values) } else { super::naive::mex(values) };
                        table.cells[table.index_at(c, layer)].store(v, Ordering::Relaxed);
                        Ok(())
                    },
                )
                .collect();
            // The first failing position in a fixed order, whatever the
            // threads did first.
            if let Some(e) = results.into_iter().find_map(Result::err) {
                return Err(e);
            }
            control.advance(positions.len() as u64);
        }
        table.frontier.store(layer + 1, Ordering::Release);
    }
    Ok(())
}

/// The fault of the smallest option that has one: what a fill reports at
/// a position (and so the box a covering grows to, or the order it tries
/// next) does not hang on the order the program lists its options in. Run
/// only once an option has failed, so the fill itself never sorts.
pub(super) fn smallest_fault<T: Ord + Clone, E>(options: &[T], value_of: impl Fn(&T) -> Result<u32, E>) -> Option<E> {
    let mut sorted = options.to_vec();
    sorted.sort_unstable();
    sorted.iter().find_map(|q| value_of(q).err())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_order_lists_every_cell_of_the_box_once() {
        let dims = [4, 3, 5];
        for mask in 1..8u8 {
            let order = Order::of(&[mask & 1 != 0, mask & 2 != 0, mask & 4 != 0]);
            let top = order.sum(&dims.map(|n| n - 1));
            let mut all: Vec<[usize; 3]> = (0..=top).flat_map(|s| positions_with_sum(dims, order, s)).collect();
            for s in 0..=top {
                assert!(positions_with_sum(dims, order, s).iter().all(|c| order.sum(c) == s), "{order:?} {s}");
            }
            all.sort_unstable();
            let cells = dims[0] * dims[1] * dims[2];
            assert_eq!(all.len(), cells, "{order:?}");
            all.dedup();
            assert_eq!(all.len(), cells, "{order:?}");
        }
    }
}
