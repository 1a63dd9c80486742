//! The `check` subcommand: a formula (`--formula`) or a statement
//! (`--holds`) checked on a computed table, on the cells where a condition
//! holds (`--where`), with the tables of other games that `g_of` reads,
//! and the result saved as a paragraph (`--report FILE.md|FILE.tex`).

use super::{CliError, RulesArg, compute_box_table, note, parse_box, progress, put, table_error};
use crate::Control;
use crate::conjecture::paragraph::{ParagraphFormat, paragraph, shell_word};
use crate::conjecture::{CheckMode, ErrorKind, Formula, FormulaError, Question, compute_others, other_games};
use std::io::Write;
use std::path::PathBuf;

/// What `check` was asked.
pub(super) struct CheckArgs {
    /// The game.
    pub rules: RulesArg,
    /// The box, as typed.
    pub size: String,
    /// The text and how it is read.
    pub text: String,
    /// A formula for the table, or a statement.
    pub mode: CheckMode,
    /// The condition choosing the cells, if any.
    pub condition: Option<String>,
    /// Where to save the paragraph, if anywhere.
    pub report: Option<PathBuf>,
    /// The budget in seconds.
    pub budget: f64,
}

impl CheckArgs {
    /// The command line that reproduces the check.
    pub(super) fn command(&self) -> String {
        let mut words = vec!["grundy-lab".to_string(), "check".into(), "--rules".into(), shell_word(&self.rules.rules)];
        if self.rules.misere {
            words.push("--misere".into());
        }
        if self.rules.pass {
            words.push("--pass".into());
        }
        if let Some(k) = self.rules.passes {
            words.extend(["--passes".to_string(), k.to_string()]);
        }
        if self.rules.pass_at_end {
            words.push("--pass-at-end".into());
        }
        words.push("--size".into());
        words.push(shell_word(&self.size));
        if let Some(c) = &self.condition {
            words.push("--where".into());
            words.push(shell_word(c));
        }
        words.push(match self.mode {
            CheckMode::Formula => "--formula".into(),
            CheckMode::Holds => "--holds".into(),
        });
        words.push(shell_word(&self.text));
        words.join(" ")
    }
}

/// The budget and the paragraph's form (from the file name) of a check,
/// both checked before anything is computed.
pub(super) fn budget_and_format(args: &CheckArgs) -> Result<(std::time::Duration, Option<ParagraphFormat>), CliError> {
    let budget = super::budget_duration(args.budget)?;
    let format = match &args.report {
        Some(path) => Some(ParagraphFormat::of_path(path).ok_or_else(|| {
            format!("`{}`: --report writes Markdown or LaTeX; name the file *.md or *.tex", path.display())
        })?),
        None => None,
    };
    Ok((budget, format))
}

/// Add `text`, a check's paragraph, to the report `--report` names (a new
/// file, or after what it holds: a report collects paragraphs).
pub(super) fn save_paragraph(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    match crate::fsutil::append_paragraph(path, text)? {
        crate::fsutil::Appended::New => note(&format!("wrote the paragraph to {}", path.display())),
        crate::fsutil::Appended::Added => note(&format!("added the paragraph to the end of {}", path.display())),
    }
    Ok(())
}

/// Run `check`: the summary on `out`, the exit code (0 holds, 1 does not).
pub(super) fn run(args: CheckArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    let (budget, format) = budget_and_format(&args)?;
    // The rules, then the formula, which may use their parameters
    // (p of ryuoh:P): a typo is reported before any table is built.
    let r = args.rules.load()?;
    let formula = Formula::compile_for(&args.text, &r).map_err(|e| format!("error in the formula: {e}"))?;
    let condition = match &args.condition {
        Some(c) => Some(Formula::compile_for(c, &r).map_err(|e| format!("error in the condition (--where): {e}"))?),
        None => None,
    };
    let texts: Vec<&str> = std::iter::once(args.text.as_str()).chain(args.condition.as_deref()).collect();
    let games = other_games(&texts, r.dimension).map_err(|e| e.to_string())?;
    let dims = parse_box(&args.size, r.dimension)?;
    for (_, rules) in &games {
        crate::game_table::GameTable::check(rules, &dims, false).map_err(|e| e.to_string())?;
    }
    // The budget covers building the tables and checking.
    let building = Control::with_time_limit(budget);
    let t = compute_box_table(&r, dims, &building)?;
    let others = progress::watch("computing the other games", &building, || compute_others(&games, &dims, &building))
        .map_err(|e| match e {
        crate::conjecture::OtherGameError::Table { .. } if building.is_out_of_time() => {
            table_error(crate::grundy::EngineError::Cancelled.into(), &building)
        }
        e => e.to_string(),
    })?;
    let left = building.deadline().map_or(budget, |d| d.saturating_duration_since(web_time::Instant::now()));
    if left.is_zero() {
        return Err(table_error(crate::grundy::EngineError::Cancelled.into(), &building).into());
    }
    let question = Question { formula: &formula, mode: args.mode, condition: condition.as_ref(), others: &others };
    let control = Control::new();
    let (report, text, code) = progress::watch("checking the formula", &control, || {
        crate::conjecture::run_question(&t, question, &control, Some(left))
    })
    .map_err(|e| checking_error(e, &building, left))?;
    put(out, &text)?;
    if let (Some(path), Some(format)) = (&args.report, format) {
        save_paragraph(path, &paragraph(&report, &args.command(), format))?;
    }
    Ok(code)
}

/// The message of a check that failed: one stopped by the budget names
/// the whole budget, not what was left of it.
fn checking_error(mut e: FormulaError, building: &Control, left: std::time::Duration) -> String {
    if e.kind == ErrorKind::Limit && building.is_out_of_time() {
        e.message = format!(
            "building the table and checking it took longer than the time budget of {} s and was \
             stopped; raise it with --budget SECONDS",
            building.time_limit().unwrap_or(left).as_secs_f64()
        );
        e.to_string()
    } else {
        format!("error in the formula: {e}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cli, run_inner};
    use clap::{CommandFactory, Parser};

    fn run(args: &[&str]) -> Result<(String, i32), String> {
        let cli = Cli::try_parse_from(std::iter::once("grundy-lab").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        run_inner(cli.command.expect("a subcommand"))
    }

    #[test]
    fn the_statement_of_arxiv_2510_11767_in_one_command() {
        let statement = r#"(g == 1) == (g_of("queen", x, y) == 0)"#;
        let (text, code) = run(&[
            "check",
            "--rules",
            "queen-t2",
            "--size",
            "120",
            "--where",
            "x >= 8 || y >= 8",
            "--holds",
            statement,
        ])
        .unwrap();
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("holds on all 14336 cells checked"), "{text}");
        assert!(text.contains("64 left out, where x >= 8 || y >= 8 is false"), "{text}");
        // Without the condition: false in the corner, exit 1.
        let (text, code) = run(&["check", "--rules", "queen-t2", "--size", "120", "--holds", statement]).unwrap();
        assert_eq!(code, 1, "{text}");
        assert!(text.contains("First counterexamples (x, y)"), "{text}");
    }

    #[test]
    fn a_report_is_a_paragraph_with_the_command_and_other_names_are_refused() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-cli-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let md = dir.join("choc.md");
        let md_text = md.to_str().unwrap();
        let holds = "(g == 0) == ((x ^ y ^ z) == 0)";
        let (text, code) =
            run(&["check", "--rules", "chocolate-3d", "--size", "10", "--holds", holds, "--report", md_text]).unwrap();
        assert_eq!(code, 0, "{text}");
        let paragraph = std::fs::read_to_string(&md).unwrap();
        assert!(paragraph.contains(&format!("grundy-lab check --rules chocolate-3d --size 10 --holds '{holds}'")));
        assert!(paragraph.contains("cells that are not positions of the game left out"), "{paragraph}");
        assert!(paragraph.contains("Result: it holds at every cell checked."), "{paragraph}");
        assert!(paragraph.ends_with("A finite check is evidence, not a proof.\n"), "{paragraph}");
        // A second check adds its paragraph after the first: a report
        // collects paragraphs, it is never emptied.
        let (_, code) =
            run(&["check", "--rules", "nim", "--size", "8", "--formula", "x ^ y", "--report", md_text]).unwrap();
        assert_eq!(code, 0);
        let both = std::fs::read_to_string(&md).unwrap();
        assert!(both.starts_with(&paragraph) && both.contains("grundy-lab check --rules nim --size 8"), "{both}");
        let txt = dir.join("choc.txt");
        let e =
            run(&["check", "--rules", "nim", "--size", "4", "--formula", "x ^ y", "--report", txt.to_str().unwrap()])
                .unwrap_err();
        assert!(e.contains("*.md or *.tex"), "{e}");
        assert!(!txt.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn one_of_formula_and_holds_and_the_size_for_three_heaps() {
        assert!(run(&["check", "--rules", "nim", "--size", "4"]).is_err());
        assert!(run(&["check", "--rules", "nim", "--size", "4", "--formula", "x", "--holds", "true"]).is_err());
        let e = run(&["check", "--rules", "nim", "--size", "4", "--where", "x", "--holds", "true"]).unwrap_err();
        assert!(e.contains("--where") || e.contains("condition"), "{e}");
        let help = Cli::command().find_subcommand_mut("check").expect("check").render_long_help().to_string();
        assert!(help.contains("--size <N[xM...]>") && help.contains("up to 8"), "{help}");
        // A three-heap box: every coordinate in the counterexamples' heading.
        let (text, code) = run(&["check", "--rules", "queen-3", "--size", "5", "--formula", "x ^ y"]).unwrap();
        assert_eq!(code, 1);
        assert!(text.contains("First counterexamples (x, y, z)"), "{text}");
    }
}
