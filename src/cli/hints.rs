//! `grundy-lab hints`: what the workbench finds in a table, on the command
//! line: periodic lines, the block form and, for games of two
//! coordinates, the P-positions as sequences ([`crate::conjecture::sequences`]).

use super::{CliError, RulesArg, compute_box_table, parse_box, progress};
use crate::Control;
use crate::conjecture::{find_hints, sequences};
use clap::Args;

/// `hints --rules SPEC --size N`.
#[derive(Args, Debug)]
pub struct HintsArgs {
    /// The game.
    #[command(flatten)]
    pub rules: RulesArg,
    /// N for N in every coordinate, or WxH (the hints read the plane z = 0; a game of 4 to 8 heaps: the
    /// plane (x1, x2, 0, ..., 0), N x N).
    #[arg(long, value_name = "N[xM]")]
    pub size: String,
    /// How many periodic lines of each kind, and how many pairs, to show.
    #[arg(long, default_value_t = 8)]
    pub shown: usize,
}

/// The words of the hints, explained once.
const TERMS: &str = "\
Terms: a line is a row (y fixed), a column (x fixed) or a diagonal (x - y fixed), read along t.
  periodic: from some t on (the preperiod) the values repeat every p steps (p is the period);
  additively periodic: over every period the values grow by the same amount, the saltus s:
  g(t + p) = g(t) + s. A hint describes the computed range only: it is evidence, not a proof.
";

/// The text `hints` prints.
pub fn run(args: &HintsArgs) -> Result<String, CliError> {
    let r = args.rules.load()?;
    let d = r.dimension as usize;
    let t = match d {
        // Many heaps: the plane (x1, x2, 0, ...), computed on its own box.
        4.. => {
            let n = args.size.trim().parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                CliError::Message(format!(
                    "{} has {d} heaps: --size takes one number N, the side of the plane (x1, x2, 0, ...) read, not {}",
                    r.label(),
                    args.size
                ))
            })?;
            let control = Control::new();
            progress::watch("computing the plane", &control, || {
                crate::game_table::GameTable::compute_first_plane(
                    &r,
                    &crate::game_table::GameTable::plane_box(&r, n),
                    &control,
                )
            })
            .map_err(|e| super::table_error(e, &control))?
        }
        _ => compute_box_table(&r, parse_box(&args.size, r.dimension)?, &Control::new())?,
    };
    let control = Control::new();
    let lines = progress::watch("looking for patterns", &control, || find_hints(&t, &control))
        .map_err(|e| CliError::Message(e.to_string()))?;
    let mut out = format!("Hints for {} on the computed {} x {} table", r.label(), t.width(), t.height());
    if r.dimension == 3 {
        out.push_str(" (the plane z = 0)");
    }
    if d > 3 {
        let zeros = crate::conjecture::heaps::plane_zeros(d);
        let empty = crate::conjecture::heaps::plane_condition(d);
        out.push_str(&format!(
            " of the plane (x1, x2, {zeros}), x being x1 and y being x2; a formula holds there, where {empty} \
             (check it with --where '{empty}')"
        ));
    }
    out.push_str(":\n\n");
    out.push_str(TERMS);
    out.push('\n');
    out.push_str(&lines.summary(args.shown));
    out.push('\n');
    let control = Control::new();
    let found =
        progress::watch("checking the sequence hints", &control, || sequences::find_sequence_hints(&t, &control));
    match found {
        Some(s) => {
            out.push_str(&s.summary(args.shown));
            out.push_str("Each formula is true exactly at the P-positions (a boolean formula of `check`).\n");
        }
        None if r.dimension != 2 => {
            out.push_str("The P-positions as sequences are looked at in games of two coordinates only.\n")
        }
        None => out.push_str("The P-positions as sequences are looked at in games without a pass only.\n"),
    }
    Ok(out)
}
