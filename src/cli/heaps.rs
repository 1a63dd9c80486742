//! `table`, `ppos` and `value` for games of more than three coordinates
//! (programs of 4 to 8 heaps, [`crate::grundy::heaps`]).

use super::{CliError, note, progress, put};
use crate::Control;
use crate::game_table::{GameTable, TableError, TableShape};
use crate::grundy::heaps::{self, HeapTable, Storage};
use crate::grundy::{EngineError, NOT_A_POSITION, human_bytes};
use crate::rules::{MAX_DIMENSION, Rules, point_text};
use std::io::Write;
use std::sync::Arc;

/// Parse the box of a game of `d` coordinates: `N` (N in each) or one side
/// per coordinate, `AxBxCxD`.
pub fn parse_sides(s: &str, d: usize) -> Result<Vec<usize>, String> {
    let bad = || {
        format!(
            "`{s}` is not a size for a game of {d} coordinates: write N (N in every coordinate) or one side per \
             coordinate, e.g. 16 or {}",
            vec!["8"; d].join("x")
        )
    };
    let sides: Vec<usize> =
        s.split(['x', 'X']).map(|t| t.trim().parse::<usize>().map_err(|_| bad())).collect::<Result<_, _>>()?;
    let sides = match sides.len() {
        1 => vec![sides[0]; d],
        n if n == d => sides,
        _ => return Err(bad()),
    };
    if sides.contains(&0) {
        return Err(bad());
    }
    Ok(sides)
}

/// Compute the table of `rules` on `sides` (sorted where the program says
/// its heaps are alike, unless `full`), with progress on a terminal, and
/// say on stderr how it is stored.
fn compute(rules: &Rules, sides: &[usize], full: bool) -> Result<Arc<HeapTable>, String> {
    compute_table(rules, sides, full, &Control::new())
}

/// [`compute`] under `control` (a check's budget), through the one door of
/// every shape ([`super::compute_table`]).
fn compute_table(rules: &Rules, sides: &[usize], full: bool, control: &Control) -> Result<Arc<HeapTable>, String> {
    GameTable::refuse_other_shape(rules, TableShape::Heaps, sides).map_err(|e| e.to_string())?;
    let t = super::compute_table(rules, sides, full, control)?.into_heaps(rules, sides).map_err(|e| e.to_string())?;
    stored_note(rules, &t);
    Ok(t)
}

/// Say on stderr when a table keeps the sorted positions only.
fn stored_note(rules: &Rules, t: &HeapTable) {
    if t.storage() == Storage::Sorted {
        let why = if rules.program.is_some() {
            format!(
                "fn heaps_alike, a claim of the program checked at every position of up to {} stones a heap and at \
                 {} positions spread over the box; where it is false elsewhere the values are wrong",
                heaps::alike_checked_heap(t.sides().len()),
                heaps::ALIKE_SPREAD_POSITIONS
            )
        } else {
            "every order of the coordinates keeps the piece's slides and jumps".to_string()
        };
        note(&format!(
            "{}: the heaps are alike ({why}), so the {} sorted positions (largest heap first) were computed ({}); \
             --full computes every position",
            rules.label(),
            t.positions_stored(),
            human_bytes(heaps::estimate_bytes(rules, t.sides(), Storage::Sorted))
        ));
    }
}

/// `check`: a formula or a statement in `x1` to `xd` on every position the
/// table stores (where the condition holds), and the paragraph if
/// `--report` asks for it; exit 0 when it holds, 1 when it does not.
pub(super) fn check(
    rules: &Rules,
    args: &super::check::CheckArgs,
    full: bool,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let d = rules.dimension as usize;
    let (budget, format) = super::check::budget_and_format(args)?;
    // The formula and the condition are read before the table is computed.
    crate::conjecture::Formula::compile_heaps(&args.text, d).map_err(|e| e.to_string())?;
    if let Some(c) = &args.condition {
        crate::conjecture::Formula::compile_heaps(c, d)
            .map_err(|e| format!("error in the condition (--where): {e}"))?;
    }
    // So are the games of its g_of (the check computes them on the box).
    let texts: Vec<&str> = std::iter::once(args.text.as_str()).chain(args.condition.as_deref()).collect();
    crate::conjecture::other_games(&texts, rules.dimension).map_err(|e| e.to_string())?;
    // The budget covers building the table and checking.
    let control = Control::with_time_limit(budget);
    let sides = parse_sides(&args.size, d)?;
    let t = compute_table(rules, &sides, full, &control)?;
    let report = progress::watch("checking", &control, || {
        crate::conjecture::heaps::check_heaps(t, &args.text, args.condition.as_deref(), args.mode, &control)
    })
    .map_err(|e| match e {
        crate::conjecture::heaps::HeapsCheckError::Stopped if control.is_out_of_time() => format!(
            "the check took longer than the time budget of {} s and was stopped; raise it with --budget SECONDS",
            budget.as_secs_f64()
        ),
        e => e.to_string(),
    })?;
    put(out, &report.describe())?;
    if let (Some(path), Some(format)) = (&args.report, format) {
        let command = if full { format!("{} --full", args.command()) } else { args.command() };
        let text = crate::conjecture::paragraph::heaps_paragraph(&report, &command, format);
        super::check::save_paragraph(path, &text)?;
    }
    Ok(if report.holds() { 0 } else { 1 })
}

/// The coordinates of `p` separated by spaces.
fn spaced(p: &[u64]) -> String {
    p.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// `ppos`: the P-positions (every pass still there), one per line.
pub fn ppos(rules: &Rules, size: &str, full: bool, out: &mut dyn Write) -> Result<i32, CliError> {
    let d = rules.dimension as usize;
    let t = compute(rules, &parse_sides(size, d)?, full)?;
    for p in t.p_positions() {
        put(out, &(spaced(&p[..d]) + "\n"))?;
    }
    Ok(0)
}

/// `table`: one line per stored position, `x1,...,xd,g` after a header
/// (misère: the misère Grundy value, in the column `misere_g`).
pub fn table(rules: &Rules, size: &str, full: bool, out: &mut dyn Write) -> Result<i32, CliError> {
    let d = rules.dimension as usize;
    let t = compute(rules, &parse_sides(size, d)?, full)?;
    let last = if t.is_misere() { "misere_g" } else { "g" };
    let header: Vec<String> = (1..=d).map(|i| format!("x{i}")).chain([last.to_string()]).collect();
    put(out, &(header.join(",") + "\n"))?;
    let layer = t.start_layer();
    // Streamed: a box of 30^5 positions is printed as it is read, not
    // listed first (64 bytes a position).
    for p in t.positions() {
        let v = t.get(&p[..d], layer).unwrap_or(NOT_A_POSITION);
        let shown = match v {
            NOT_A_POSITION => String::new(),
            v => v.to_string(),
        };
        let coordinates = p[..d].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
        put(out, &format!("{coordinates},{shown}\n"))?;
    }
    Ok(0)
}

/// `value`: the value of one position, from the smallest box that holds
/// it (a cube for heaps alike).
pub fn value(rules: &Rules, position: &[u64], out: &mut dyn Write) -> Result<i32, CliError> {
    answer(rules, position, false, out)
}

/// `is-p`: `P` or `N` for one position, as [`value`] finds it.
pub fn is_p(rules: &Rules, position: &[u64], out: &mut dyn Write) -> Result<i32, CliError> {
    answer(rules, position, true, out)
}

fn answer(rules: &Rules, position: &[u64], p_or_n: bool, out: &mut dyn Write) -> Result<i32, CliError> {
    let d = rules.dimension as usize;
    if position.len() != d {
        return Err(format!("{} has {d} coordinates; give {d} numbers, not {}", rules.label(), position.len()).into());
    }
    debug_assert!(d <= MAX_DIMENSION);
    let shown = point_text(position);
    // n-heap Nim is answered by Bouton's rule at any size.
    if let Some(form @ crate::theory::ClosedForm::Nim { misere }) = crate::theory::closed_form_of_heaps(rules) {
        let what = match (p_or_n, form.grundy_at(position)) {
            (false, Some(g)) => g.to_string(),
            _ if crate::theory::is_nim_p(position, misere) => "P".to_string(),
            _ => "N".to_string(),
        };
        let rule = if misere {
            "Bouton's misère rule, g = the XOR of the heaps, or 1 − XOR where no heap has more than one stone"
        } else {
            "Bouton's rule, g = the XOR of the heaps"
        };
        put(out, &format!("{what}\n{shown} in {}: by {rule}, exact at any size\n", rules.label()))?;
        return Ok(0);
    }
    if position.iter().any(|&c| usize::try_from(c).map_or(true, |c| c == usize::MAX)) {
        return Err(
            format!("{shown} is beyond what can be computed: the box would not have a size of this machine").into()
        );
    }
    let control = Control::new();
    let made = progress::watch("computing the table", &control, || GameTable::covering(rules, position, &control));
    let t = match made {
        Err(TableError::Engine(EngineError::Heaps(heaps::HeapsFault::OutsideBox {
            position, option, sides, ..
        }))) => {
            return Err(format!(
                "{shown} in {}: the program's moves leave every box tried: the box was grown {} times, the last \
                 time to {}, and the option {option} of {position} still lies outside it; a table of a box holds a \
                 game whose moves stay in it",
                rules.label(),
                heaps::GROWTHS,
                heaps::sides_text(&sides)
            )
            .into());
        }
        made => made.and_then(|t| t.into_heaps(rules, &[])).map_err(|e| e.to_string())?,
    };
    let sides = t.sides().to_vec();
    stored_note(rules, &t);
    let v = t.get(position, t.start_layer()).unwrap_or(NOT_A_POSITION);
    if v == NOT_A_POSITION {
        return Err(format!(
            "{shown} is not a position of {} (its program's `fn position` is false there)",
            rules.label()
        )
        .into());
    }
    let what = match (p_or_n, v) {
        (true, 0) => "P".to_string(),
        (true, _) => "N".to_string(),
        (false, v) => v.to_string(),
    };
    put(
        out,
        &format!("{what}\n{shown} in {}: from the computed {} table\n", rules.label(), heaps::sides_text(&sides)),
    )?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_of_many_heaps() {
        assert_eq!(parse_sides("16", 5), Ok(vec![16; 5]));
        assert_eq!(parse_sides("2x3x4x5", 4), Ok(vec![2, 3, 4, 5]));
        for bad in ["2x3", "0", "x", "4x4x4x0"] {
            let e = parse_sides(bad, 4).unwrap_err();
            assert!(e.contains("not a size for a game of 4 coordinates") && e.contains("8x8x8x8"), "{e}");
        }
    }
}
