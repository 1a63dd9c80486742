//! The take-and-break games on the command line: `sequence` (the values of
//! one heap and the period report), and `value`, `table` and `ppos` for
//! rows of heaps (a position is a list of heaps; its value the XOR).

use super::{CliError, note, progress, put};
use crate::Control;
use crate::grundy::memory_limit;
use crate::takebreak::search::{Play, RowSearch, SearchError};
use crate::takebreak::{self, PeriodReport, Sequence, TakeBreak, check_memory, check_reach, reach};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// How often a long run with `--file` saves its values.
const CHECKPOINT: Duration = Duration::from_secs(60);

/// The take-and-break game of a `--rules` spec, when it names one, with the
/// limits of its program; misère and the pass are refused for them.
pub(super) fn game_of(rules: &super::RulesArg) -> Result<Option<TakeBreak>, String> {
    let game = plain_game_of(&rules.rules, rules.misere, rules.any_pass())?;
    game.map(|g| with_limits(g, &rules.limits)).transpose()
}

/// `game` with the limits of the flags; refused for a game that is no
/// program (the flags would be ignored).
fn with_limits(game: TakeBreak, limits: &super::LimitsArg) -> Result<TakeBreak, String> {
    if !limits.any() {
        return Ok(game);
    }
    let label = game.label();
    let set = limits.apply(game.limits().unwrap_or_default());
    if let Some((setting, value)) = set.out_of_range() {
        return Err(crate::rules::RulesError::Limit { setting, value }.to_string());
    }
    game.with_limits(set).ok_or_else(|| {
        format!(
            "--max-options and --seconds-per-position are limits of a program; {label} is not one (its moves \
             are computed without a program)"
        )
    })
}

/// The take-and-break game of a `--rules` spec in misère play (`--misere`
/// or `misere:SPEC`) or with passes (`--pass`, `--passes K`,
/// `--pass-at-end`, `SPEC+pass`), which `value`, `is-p`, `ppos` and `table`
/// answer by search; `None` for normal play without a pass.
pub(super) fn searched_game_of(rules: &super::RulesArg) -> Result<Option<(TakeBreak, Play)>, String> {
    let trimmed = rules.rules.trim();
    let (misere, spec) = match trimmed.strip_prefix("misere:") {
        Some(rest) => (true, rest),
        None => (rules.misere, trimmed),
    };
    // The spec's own suffixes, as the presets of the other families take
    // them: `+pass`, `+passes:K`, `+pass-at-end`.
    let (mut spec, mut passes, mut at_end) = (spec, rules.passes, rules.pass_at_end);
    let mut one = rules.pass || rules.pass_at_end;
    loop {
        if let Some(rest) = spec.strip_suffix("+pass-at-end") {
            (spec, at_end, one) = (rest, true, true);
        } else if let Some(rest) = spec.strip_suffix("+pass") {
            (spec, one) = (rest, true);
        } else if let Some((rest, k)) = spec.rsplit_once("+passes:") {
            // The check of the other families' `+passes:K`, and its message.
            let k = k.parse::<u8>().ok().filter(|&k| k <= crate::rules::MAX_PASSES);
            let k = k.ok_or_else(|| crate::rules::PresetError::Passes { name: trimmed.to_string() }.to_string())?;
            (spec, passes) = (rest, Some(k));
        } else {
            break;
        }
    }
    // A spec of a take-and-break game, or a rules file of one (its `breaks`).
    if TakeBreak::parse_spec(spec).is_none() && plain_game_of(spec, false, false)?.is_none() {
        return Ok(None);
    }
    let count = passes.unwrap_or(u8::from(one));
    let play = match (misere, count) {
        (false, 0) => return Ok(None),
        (true, 0) => Play::Misere,
        (false, count) => Play::Passes { count, at_end },
        (true, _) => {
            let Some(game) = plain_game_of(spec, false, false)? else { return Ok(None) };
            return Err(format!("{}: misère play with a pass is not computed for take-and-break games", game.label()));
        }
    };
    let game = plain_game_of(spec, false, false)?.map(|g| with_limits(g, &rules.limits)).transpose()?;
    Ok(game.map(|g| (g, play)))
}

/// How a searched row is played, in words: `misère`, `with 2 passes`.
fn play_words(play: Play) -> String {
    match play {
        Play::Misere => "misère".to_string(),
        Play::Passes { count, at_end } => format!(
            "with {count} pass{}{}",
            if count == 1 { "" } else { "es" },
            if at_end { " (also at the end)" } else { "" }
        ),
    }
}

/// A failed search in words, naming the game and how it is played.
fn searched_failure(game: &TakeBreak, play: Play) -> impl Fn(SearchError) -> String + '_ {
    move |e| format!("{}, {}: {e}", game.label(), play_words(play))
}

/// `value` (`outcome` false) and `is-p` (`outcome` true: P or N) of a row
/// of heaps in misère play or with passes, by search over the rows it
/// reaches.
pub(super) fn searched_row(
    game: &TakeBreak,
    play: Play,
    heaps: &[u64],
    outcome: bool,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let control = Control::new();
    let mut search = RowSearch::new(game.clone(), play, memory_limit()).reporting_memory();
    let found = progress::watch("searching the game, memory used of the limit", &control, || {
        if outcome {
            search.is_p(heaps, &control).map(|p| if p { "P".to_string() } else { "N".to_string() })
        } else {
            search.value(heaps, &control).map(|v| v.to_string())
        }
    })
    .map_err(searched_failure(game, play))?;
    let shown = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let what = match play {
        _ if outcome => "",
        Play::Misere => {
            " the misère Grundy value (1 with no move, else the least number not among the options' values; 0 \
             exactly at a P-position),"
        }
        Play::Passes { .. } => " the Grundy value with every pass still there,",
    };
    put(
        out,
        &format!(
            "{found}\n({shown}) in {}, {}:{what} found by search over {} rows of heaps (the values do not add up by \
             XOR here)\n",
            game.label(),
            play_words(play),
            search.rows()
        ),
    )?;
    Ok(0)
}

/// `table` in misère play or with passes: the values of the rows of the
/// box, as `table` writes values in normal play.
pub(super) fn searched_table(game: &TakeBreak, play: Play, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let sides = sides(size)?;
    let control = Control::new();
    let mut search = RowSearch::new(game.clone(), play, memory_limit());
    control.start(sides.iter().product());
    progress::watch("searching the game", &control, || -> Result<(), CliError> {
        let mut value = |p: &[u64]| -> Result<String, CliError> {
            control.advance(1);
            let v = search.value(p, &control).map_err(searched_failure(game, play))?;
            Ok(v.to_string())
        };
        match sides[..] {
            [w] | [w, 1] => {
                let row = (0..w).map(|x| value(&[x])).collect::<Result<Vec<_>, _>>()?;
                put(out, &(row.join(",") + "\n"))?;
            }
            [w, h] => {
                for y in 0..h {
                    let row = (0..w).map(|x| value(&[x, y])).collect::<Result<Vec<_>, _>>()?;
                    put(out, &(row.join(",") + "\n"))?;
                }
            }
            _ => {
                put(out, "x,y,z,g\n")?;
                for p in positions(&sides) {
                    let v = value(&p)?;
                    put(out, &format!("{},{},{},{v}\n", p[0], p[1], p[2]))?;
                }
            }
        }
        Ok(())
    })?;
    Ok(0)
}

/// `ppos` in misère play or with passes: the rows of the box that are
/// P-positions, by one search that keeps what it found from row to row.
pub(super) fn searched_ppos(game: &TakeBreak, play: Play, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let sides = sides(size)?;
    let control = Control::new();
    let mut search = RowSearch::new(game.clone(), play, memory_limit());
    control.start(sides.iter().product());
    progress::watch("searching the game", &control, || -> Result<(), CliError> {
        for p in positions(&sides) {
            let is_p = search.is_p(&p, &control).map_err(searched_failure(game, play))?;
            if is_p {
                put(out, &(p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n"))?;
            }
            control.advance(1);
        }
        Ok(())
    })?;
    Ok(0)
}

/// The take-and-break game of a spec, when it names one; misère and the
/// pass are refused for them.
fn plain_game_of(spec: &str, misere: bool, pass: bool) -> Result<Option<TakeBreak>, String> {
    // `misere:kayles` or `kayles+pass` name a take-and-break game in a form
    // it does not have: the take-and-break message, not "unknown rules".
    let trimmed = spec.trim();
    let plain = trimmed.strip_prefix("misere:").unwrap_or(trimmed);
    let plain = plain.find("+pass").map_or(plain, |i| &plain[..i]);
    if plain.len() < trimmed.len()
        && let Some(Ok(game)) = TakeBreak::parse_spec(plain)
    {
        return Err(takebreak::TakeBreakError::NotNormalPlay { name: game.label() }.to_string());
    }
    let game = match TakeBreak::parse_spec(spec) {
        Some(game) => game.map_err(|e| e.to_string())?,
        // A rules file may describe a take-and-break game (its `breaks`).
        None if spec.trim().to_ascii_lowercase().ends_with(".json") => match crate::rules::load_spec(spec) {
            Ok(rules) if rules.breaks.is_some() => TakeBreak::from_rules(&rules).map_err(|e| e.to_string())?,
            _ => return Ok(None),
        },
        None => return Ok(None),
    };
    if misere || pass {
        return Err(takebreak::TakeBreakError::NotNormalPlay { name: game.label() }.to_string());
    }
    Ok(Some(game))
}

/// The values of `game` up to heap `up_to`, with progress on stderr; with
/// `file`, resumed from it and saved to it now and then and at the end.
fn values(game: &TakeBreak, up_to: u64, file: Option<&Path>) -> Result<Sequence, String> {
    values_from(None, game, up_to, file)
}

/// [`values`], going on from `start` when given.
fn values_from(start: Option<Sequence>, game: &TakeBreak, up_to: u64, file: Option<&Path>) -> Result<Sequence, String> {
    let limit = memory_limit();
    check_reach(game, up_to).map_err(|e| e.to_string())?;
    check_memory(up_to, false, limit).map_err(|e| e.to_string())?;
    // A file in a folder that is not there is refused before the work, not
    // at its first save a minute later.
    if let Some(folder) = file.and_then(Path::parent).filter(|f| !f.as_os_str().is_empty())
        && !folder.is_dir()
    {
        return Err(format!(
            "cannot write `{}`: the folder `{}` does not exist",
            file.unwrap_or(folder).display(),
            folder.display()
        ));
    }
    let mut seq = match (start, file) {
        (Some(s), _) => s,
        (None, Some(path)) => match takebreak::file::load(path, game, limit).map_err(|e| e.to_string())? {
            Some(s) => {
                note(&format!("went on from the {} values in {}", s.len(), path.display()));
                s
            }
            None => Sequence::new(game.clone()),
        },
        (None, None) => Sequence::new(game.clone()),
    };
    // A file that already holds the values is only read (it may be
    // read-only, or someone else's).
    if seq.len() > up_to {
        return Ok(seq);
    }
    // More values than a read-only file holds: said before the work, not
    // at its first save.
    if let Some(path) = file
        && std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
    {
        return Err(format!(
            "`{}` is read-only and holds the values up to g({}): ask --up-to {} or less, or name another file",
            path.display(),
            seq.len() - 1,
            seq.len() - 1
        ));
    }
    let control = Control::new();
    progress::watch("computing the values", &control, || -> Result<(), String> {
        loop {
            let pause = file.map(|_| Instant::now() + CHECKPOINT);
            let done = seq.extend(up_to, &control, pause).map_err(|e| e.to_string())?;
            if let Some(path) = file {
                takebreak::file::save(path, &seq)?;
            }
            if done {
                return Ok(());
            }
        }
    })?;
    Ok(seq)
}

/// What `sequence` prints besides the period report.
pub(super) struct SequenceAsks<'a> {
    /// The values, one line `n g(n)` a heap.
    pub values: bool,
    /// Every exception of a proved period.
    pub exceptions: bool,
    /// A b-file to compare with.
    pub compare: Option<&'a Path>,
}

/// The most bytes of a b-file read (a b-file of the OEIS holds at most
/// 10 000 terms or so; millions of lines still fit).
const MAX_BFILE_BYTES: u64 = 1 << 30;

/// `sequence`: optionally the values, then the period report, the largest
/// value and the rare heaps; optionally every exception and the comparison
/// with a b-file (exit 1 when it differs).
pub(super) fn sequence(
    spec: &str,
    limits: &super::LimitsArg,
    up_to: u64,
    file: Option<&Path>,
    asks: SequenceAsks<'_>,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    // `misere:kayles`, `kayles+pass`: the take-and-break message.
    plain_game_of(spec, false, false)?;
    let game = with_limits(takebreak::load(spec)?, limits)?;
    // A b-file that cannot be read is said before the values are computed.
    let terms = match asks.compare {
        Some(path) => {
            // The text and its terms (16 bytes a term of a line of at
            // least 4) held at once: about 5 times the file.
            let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
            let limit = memory_limit();
            if bytes.saturating_mul(5) > limit {
                return Err(format!(
                    "the b-file {} is {}; reading it needs about {}, more than the limit on this machine, {} ({})",
                    path.display(),
                    crate::grundy::human_bytes(bytes),
                    crate::grundy::human_bytes(bytes.saturating_mul(5)),
                    crate::grundy::human_bytes(limit),
                    crate::system::memory::limit_source()
                )
                .into());
            }
            let text = crate::fsutil::read_text(path, MAX_BFILE_BYTES)
                .map_err(|e| format!("cannot read the b-file {}: {e}", path.display()))?;
            let terms = takebreak::bfile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            Some((path, terms))
        }
        None => None,
    };
    let print_values = asks.values;
    let seq = values(&game, up_to, file)?;
    let len = up_to + 1;
    let g = |n: u64| seq.get(n).unwrap_or(0);
    put(out, &format!("rules: {}\n", game.label()))?;
    if print_values {
        let mut line = String::new();
        for n in 0..len {
            use std::fmt::Write as _;
            line.clear();
            let _ = writeln!(line, "{n} {}", g(n));
            put(out, &line)?;
        }
    }
    let report = PeriodReport::of(game.as_code(), len, g);
    put(out, &format!("{report}\n"))?;
    let largest = (0..len).map(g).max().unwrap_or(0);
    put(out, &format!("largest value: {largest}\n"))?;
    let mask = seq.rare_mask();
    let rare = (0..len).filter(|&n| (g(n) & mask).count_ones().is_multiple_of(2)).count();
    put(
        out,
        &format!(
            "rare values (an even number of bits in g & {mask:#x}): {rare} of the {len} heaps; g(0) to g({up_to})\n"
        ),
    )?;
    if asks.exceptions {
        exceptions(&report, g, out)?;
    }
    match terms {
        Some((path, terms)) => {
            // Beyond the values, by the period the report proved.
            let proof = match &report {
                PeriodReport::Proved(p) => Some(p),
                _ => None,
            };
            let by_period = |n: u64| match proof {
                Some(p) if n >= len && n >= p.start => seq.get(p.start + (n - p.start) % p.period),
                _ => seq.get(n),
            };
            compare(by_period, reach(&game).0, path, &terms, out)
        }
        None => Ok(0),
    }
}

/// `sequence --exceptions`: every heap below the preperiod whose value is
/// not the periodic one, a line `n g(n) periodic` each.
fn exceptions(report: &PeriodReport, g: impl Fn(u64) -> u32, out: &mut dyn Write) -> Result<(), CliError> {
    let PeriodReport::Proved(proof) = report else {
        return put(out, "exceptions: none listed, as no period is proved (raise --up-to)\n");
    };
    put(out, &format!("exceptions below {} (n, g(n), the value the period gives):\n", proof.start))?;
    let mut count = 0_u64;
    let mut line = String::new();
    for (n, periodic) in takebreak::exception_heaps(proof, &g) {
        use std::fmt::Write as _;
        line.clear();
        let _ = writeln!(line, "{n} {} {periodic}", g(n));
        put(out, &line)?;
        count += 1;
    }
    put(out, &format!("{count} exceptions\n"))
}

/// `sequence --compare FILE`: the b-file's terms against `g` (the values,
/// and a proved period beyond them); exit 1 at a difference, or when terms
/// lie beyond what is known (they are not said to agree). `max_heap`: the
/// largest heap the method computes.
fn compare(
    g: impl Fn(u64) -> Option<u32>,
    max_heap: u64,
    path: &Path,
    terms: &[(u64, i128)],
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let c = takebreak::bfile::compare(terms, g);
    let name = path.display();
    let terms_agree = |k: u64| if k == 1 { "1 term agrees".to_string() } else { format!("{k} terms agree") };
    let first = terms.first().map_or(0, |t| t.0);
    if let Some((n, file, game)) = c.first_difference {
        put(
            out,
            &format!(
                "compare {name}: first difference at heap {n}: the file says {file}, g({n}) = {game} (before it, \
                 {})\n",
                terms_agree(c.agreed)
            ),
        )?;
        return Ok(1);
    }
    let last = terms.last().map_or(first, |t| t.0);
    let text = match c.unknown_from {
        Some(n) => {
            let raise = if last <= max_heap {
                format!("raise --up-to to {last}")
            } else if n <= max_heap {
                format!("raise --up-to to {max_heap} for some; values are computed up to {max_heap}")
            } else {
                format!("values are computed up to {max_heap}")
            };
            put(
                out,
                &format!(
                    "compare {name}: from heap {first}, {}; the file goes on from heap {n}, beyond the values \
                     computed and with no period proved: those terms are not compared ({raise})\n",
                    terms_agree(c.agreed)
                ),
            )?;
            return Ok(1);
        }
        None => format!("compare {name}: every term agrees, {} of them (heaps {first} to {last})\n", c.agreed),
    };
    put(out, &text)?;
    Ok(0)
}

/// `check` of a take-and-break game: a formula or a statement at the heaps
/// `n = 0` to `N - 1` (`--size N`), proved for every `n` where the periods
/// allow it (see `conjecture::takebreak`). The budget covers computing the
/// values (the other games' too) and checking.
pub(super) fn check(game: &TakeBreak, args: &super::check::CheckArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    use crate::conjecture::takebreak::{SequenceCheckError, SequenceQuestion, check_sequence};
    let (budget, format) = super::check::budget_and_format(args)?;
    let question =
        SequenceQuestion::new(&args.text, args.condition.as_deref(), args.mode).map_err(|e| e.to_string())?;
    let heaps = heaps_of(&args.size)?;
    let control = Control::with_time_limit(budget);
    let out_of_time = || {
        format!(
            "computing the values and checking took longer than the time budget of {} s and was stopped; raise it \
             with --budget SECONDS",
            budget.as_secs_f64()
        )
    };
    let values = |game: &TakeBreak| -> Result<Arc<Sequence>, String> {
        let up_to = heaps - 1;
        check_reach(game, up_to).map_err(|e| e.to_string())?;
        check_memory(up_to, false, memory_limit()).map_err(|e| e.to_string())?;
        let mut seq = Sequence::new(game.clone());
        progress::watch("computing the values", &control, || seq.extend(up_to, &control, None))
            .map_err(|e| if control.is_out_of_time() { out_of_time() } else { format!("{}: {e}", game.label()) })?;
        Ok(Arc::new(seq))
    };
    let seq = values(game)?;
    let others = question
        .others
        .iter()
        .map(|(spec, other)| Ok((spec.clone(), values(other)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let report = progress::watch("checking", &control, || check_sequence(seq, others, &question, heaps, &control))
        .map_err(|e| match e {
            SequenceCheckError::Stopped if control.is_out_of_time() => out_of_time(),
            e => e.to_string(),
        })?;
    put(out, &report.describe())?;
    if let (Some(path), Some(format)) = (&args.report, format) {
        let text = crate::conjecture::paragraph::sequence_paragraph(&report, &args.command(), format);
        super::check::save_paragraph(path, &text)?;
    }
    Ok(if report.holds() { 0 } else { 1 })
}

/// The heaps of `check --size N`: `0` to `N - 1`.
fn heaps_of(size: &str) -> Result<u64, String> {
    match size.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "`{size}` is not a size for a take-and-break game: write N, the number of heaps checked (0 to N - 1)"
        )),
    }
}

/// The values of the heaps up to `max`; for a code, a period proved on the
/// first 65536 heaps spares the rest.
fn values_for(game: &TakeBreak, max: u64) -> Result<Sequence, String> {
    if game.as_code().is_some() && max >= 1 << 16 {
        let seq = values(game, 1 << 16, None)?;
        if seq.proof().is_some() {
            return Ok(seq);
        }
        return values_from(Some(seq), game, max, None);
    }
    values(game, max, None)
}

/// `is-p`: P when the XOR of the heaps' values is 0.
pub(super) fn is_p(game: &TakeBreak, heaps: &[u64], out: &mut dyn Write) -> Result<i32, CliError> {
    let (total, why) = row_value(game, heaps)?;
    put(out, &format!("{}\n{why}\n", if total == 0 { "P" } else { "N" }))?;
    Ok(0)
}

/// `value`: the XOR of the heaps' values.
pub(super) fn value(game: &TakeBreak, heaps: &[u64], out: &mut dyn Write) -> Result<i32, CliError> {
    let (total, why) = row_value(game, heaps)?;
    put(out, &format!("{total}\n{why}\n"))?;
    Ok(0)
}

/// The value of a row in normal play, the XOR of its heaps' values, and
/// the sentence that says how it was found.
fn row_value(game: &TakeBreak, heaps: &[u64]) -> Result<(u32, String), CliError> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    let seq = values_for(game, max)?;
    let parts: Vec<u32> = heaps.iter().map(|&h| seq.g(h).unwrap_or(0)).collect();
    let total = parts.iter().fold(0, |x, &v| x ^ v);
    let shown = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
    let terms = heaps.iter().map(|h| format!("g({h})")).collect::<Vec<_>>().join(" ^ ");
    let numbers = parts.iter().map(u32::to_string).collect::<Vec<_>>().join(" ^ ");
    let how = match seq.proof() {
        Some(p) if max >= seq.len() => {
            format!("; beyond {}, by the period {} proved from {}", seq.len() - 1, p.period, p.start)
        }
        _ => String::new(),
    };
    Ok((total, format!("({shown}) in {}: {terms} = {numbers}{how}", game.label())))
}

/// The sides of `--size` for rows of one, two or three heaps.
fn sides(size: &str) -> Result<Vec<u64>, String> {
    let bad =
        || format!("`{size}` is not a size: write N (one heap, 0 to N - 1), WxH (two heaps) or WxHxD (three heaps)");
    let sides: Vec<u64> =
        size.split(['x', 'X']).map(|t| t.trim().parse().map_err(|_| bad())).collect::<Result<_, _>>()?;
    if sides.is_empty() || sides.len() > 3 || sides.contains(&0) {
        return Err(bad());
    }
    let cells = sides.iter().try_fold(1u64, |a, &s| a.checked_mul(s)).ok_or_else(bad)?;
    if cells > 1 << 32 {
        return Err(format!("`{size}` has {cells} positions; write at most 2^32"));
    }
    Ok(sides)
}

/// Every position of the box, the first heap fastest.
fn positions(sides: &[u64]) -> impl Iterator<Item = Vec<u64>> + '_ {
    let cells: u64 = sides.iter().product();
    (0..cells).map(move |mut i| {
        sides
            .iter()
            .map(|&s| {
                let c = i % s;
                i /= s;
                c
            })
            .collect()
    })
}

/// `table`: one heap as one line `g(0), g(1), …`; two heaps as lines `y`
/// of `g(x) ^ g(y)`; three as lines `x,y,z,g` after a header.
pub(super) fn table(game: &TakeBreak, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let sides = sides(size)?;
    let seq = values_for(game, sides.iter().max().copied().unwrap_or(1) - 1)?;
    let g = |n: u64| seq.g(n).unwrap_or(0);
    let count: u64 = sides.iter().product();
    announce_rows(game, &sides, count as f64 * TABLE_NS_A_VALUE);
    let control = Control::new();
    control.start(count);
    progress::watch("writing the table", &control, || -> Result<(), CliError> {
        use std::fmt::Write as _;
        match sides[..] {
            [w] | [w, 1] => write_row(out, w, g)?,
            [w, h] => {
                // One buffer for all the lines: a row may be one value.
                let mut lines = String::with_capacity(1 << 16);
                for y in 0..h {
                    let gy = g(y);
                    for x in 0..w {
                        let _ = write!(lines, "{}{}", if x == 0 { "" } else { "," }, g(x) ^ gy);
                        if lines.len() >= (1 << 16) - 16 {
                            put(out, &lines)?;
                            lines.clear();
                        }
                    }
                    lines.push('\n');
                    control.advance(w);
                }
                put(out, &lines)?;
            }
            _ => {
                put(out, "x,y,z,g\n")?;
                let mut lines = String::with_capacity(1 << 16);
                for z in 0..sides[2] {
                    for y in 0..sides[1] {
                        let gyz = g(y) ^ g(z);
                        for x in 0..sides[0] {
                            let _ = writeln!(lines, "{x},{y},{z},{}", g(x) ^ gyz);
                            if lines.len() >= (1 << 16) - 64 {
                                put(out, &lines)?;
                                lines.clear();
                            }
                        }
                        control.advance(sides[0]);
                    }
                }
                put(out, &lines)?;
            }
        }
        Ok(())
    })?;
    Ok(0)
}

/// One line `v(0),v(1),…,v(w - 1)` written in pieces of about 64 KB, so
/// that a line of 2^32 values never lies whole in memory.
fn write_row(out: &mut dyn Write, w: u64, v: impl Fn(u64) -> u32) -> Result<(), CliError> {
    use std::fmt::Write as _;
    let mut piece = String::with_capacity(1 << 16);
    for x in 0..w {
        let _ = write!(piece, "{}{}", if x == 0 { "" } else { "," }, v(x));
        if piece.len() >= (1 << 16) - 16 {
            put(out, &piece)?;
            piece.clear();
        }
    }
    piece.push('\n');
    put(out, &piece)
}

/// `ppos`: the rows of heaps in the box whose value is 0, the first heap
/// fastest, streamed, with progress (4 billion rows of two heaps are a
/// number, not a list).
pub(super) fn ppos(game: &TakeBreak, size: &str, out: &mut dyn Write) -> Result<i32, CliError> {
    let sides = sides(size)?;
    let seq = values_for(game, sides.iter().max().copied().unwrap_or(1) - 1)?;
    let g = |n: u64| seq.g(n).unwrap_or(0);
    let count: u64 = sides.iter().product();
    announce_rows(game, &sides, count as f64 * PPOS_NS_A_ROW);
    let side = |i: usize| sides.get(i).copied().unwrap_or(1);
    let control = Control::new();
    control.start(count);
    progress::watch("listing the P-positions", &control, || -> Result<(), CliError> {
        use std::fmt::Write as _;
        let mut lines = String::with_capacity(1 << 16);
        for z in 0..side(2) {
            let gz = if sides.len() > 2 { g(z) } else { 0 };
            for y in 0..side(1) {
                let gyz = if sides.len() > 1 { g(y) ^ gz } else { gz };
                for x in 0..side(0) {
                    if g(x) != gyz {
                        continue;
                    }
                    let _ = match sides.len() {
                        1 => writeln!(lines, "{x}"),
                        2 => writeln!(lines, "{x} {y}"),
                        _ => writeln!(lines, "{x} {y} {z}"),
                    };
                    if lines.len() >= (1 << 16) - 64 {
                        put(out, &lines)?;
                        lines.clear();
                    }
                }
                control.advance(side(0));
            }
        }
        put(out, &lines)
    })?;
    Ok(0)
}

/// About the time `ppos` takes for a row of heaps (measured: 6 to 20 ns, more where many are P).
const PPOS_NS_A_ROW: f64 = 15.0;
/// About the time `table` takes for a value it writes (measured: 40 to 60 ns).
const TABLE_NS_A_VALUE: f64 = 50.0;

/// Say on stderr, before a listing of `rows` rows that will take minutes
/// (`ns` nanoseconds in all), how long.
fn announce_rows(game: &TakeBreak, sides: &[u64], ns: f64) {
    let seconds = ns * 1e-9;
    if seconds > 60.0 {
        note(&format!(
            "the {} rows of heaps of {} will take about {} (a rough estimate); Ctrl+C stops it",
            sides.iter().product::<u64>(),
            game.label(),
            super::duration_text(seconds)
        ));
    }
}
