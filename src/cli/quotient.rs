//! `grundy-lab quotient`: the misère quotient (Plambeck and Siegel) of a
//! take-and-break game, for heaps of 1 to N stones.

use super::{CliError, progress, put};
use crate::Control;
use crate::grundy::memory_limit;
use crate::takebreak::TakeBreak;
use crate::takebreak::quotient::{MAX_STATES, MisereQuotient, Proof, misere_quotient, row_text};
use std::fmt::Write as _;
use std::io::Write;

/// The quotient of `game` for heaps of 1 to `up_to`, with the products
/// when `table`.
pub(super) fn quotient(game: &TakeBreak, up_to: u64, table: bool, out: &mut dyn Write) -> Result<i32, CliError> {
    let control = Control::new();
    let q = progress::watch("finding the classes of rows and proving them", &control, || {
        misere_quotient(game, up_to, memory_limit(), &control)
    })
    .map_err(|e| format!("{}: {e}", game.label()))?;
    put(out, &text(&q, &game.label(), table))?;
    Ok(0)
}

/// The quotient in words: what it is, how it is known, its elements (each
/// with a row of its class), the class of each heap, the P-portion.
fn text(q: &MisereQuotient, label: &str, table: bool) -> String {
    let name = |i: usize| format!("e{i}");
    let p_count = q.p_portion.iter().filter(|&&p| p).count();
    let mut s = format!(
        "misère quotient of {label}, rows of heaps of 1 to {} stones: {} elements, {p_count} in the P-portion\n",
        q.heaps_up_to,
        q.len()
    );
    s += &match q.proof {
        Proof::ByStates(states) => format!(
            "proved: every row has one of {states} states (its class, whether it has a move, and the classes a \
             move of it takes to the P-portion when multiplied by them), and the rule of misère play holds at each \
             (by induction on the moves, each of which replaces a heap by smaller ones)\n"
        ),
        Proof::Checked { rows, heaps } => format!(
            "not proved (more than {MAX_STATES} states): checked against the search of misère play on every row of \
             at most {heaps} heaps ({rows} rows)\n"
        ),
    };
    s += "the elements are told apart by rows the search found, each shown by one row of its class\n\n";
    s += "element,row,outcome\n";
    for (i, row) in q.rows.iter().enumerate() {
        let _ = writeln!(s, "{},{},{}", name(i), row_text(row), if q.p_portion[i] { "P" } else { "N" });
    }
    s += "\nheap,class\n";
    for h in 1..=q.heaps_up_to {
        let _ = writeln!(s, "{h},{}", name(q.heap_class[h as usize]));
    }
    let portion: Vec<String> = (0..q.len()).filter(|&i| q.p_portion[i]).map(name).collect();
    let _ = writeln!(s, "\nP-portion: {}", portion.join(", "));
    if table {
        s += "\nproduct";
        for b in 0..q.len() {
            let _ = write!(s, ",{}", name(b));
        }
        s.push('\n');
        for (a, row) in q.product.iter().enumerate() {
            s += &name(a);
            for &c in row {
                let _ = write!(s, ",{}", name(c));
            }
            s.push('\n');
        }
    }
    s
}
