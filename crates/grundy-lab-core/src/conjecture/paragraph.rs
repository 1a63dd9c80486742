//! A check's result (of one to three coordinates, or of many heaps) as a
//! short paragraph for a paper or a notebook, in Markdown or LaTeX: the statement, the game, the box and the cells
//! checked (and left out), "holds" or the first counterexamples, the
//! command that reproduces it, and the sentence "A finite check is
//! evidence, not a proof."

use super::heaps::HeapsReport;
use super::takebreak::{SequenceReport, Verdict};
use super::{CheckMode, CheckReport};
use crate::grundy::heaps::Storage;
use crate::rules::point_text;
use std::path::Path;

/// How many counterexamples a paragraph lists.
pub const PARAGRAPH_COUNTEREXAMPLES: usize = 5;

/// The two forms of a paragraph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParagraphFormat {
    /// Markdown (`.md`).
    Markdown,
    /// LaTeX (`.tex`), to `\input` into a document.
    Latex,
}

impl ParagraphFormat {
    /// The form a file name asks for: `.md` or `.tex`, else `None`.
    pub fn of_path(path: &Path) -> Option<ParagraphFormat> {
        match path.extension()?.to_string_lossy().to_ascii_lowercase().as_str() {
            "md" | "markdown" => Some(ParagraphFormat::Markdown),
            "tex" => Some(ParagraphFormat::Latex),
            _ => None,
        }
    }
}

/// The box, the cells checked and those left out, in words.
fn cells_text(report: &CheckReport, latex: bool) -> String {
    let d = report.dimension.clamp(1, 3) as usize;
    let le = if latex { "\\le" } else { "<=" };
    let sides = ["x", "y", "z"][..d]
        .iter()
        .zip(report.dims)
        .map(|(c, n)| if latex { format!("$0 {le} {c} < {n}$") } else { format!("0 {le} {c} < {n}") })
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = format!("the box {sides}");
    out.push_str(&passes_text(report.passes));
    out.push_str(&format!("; {} cells checked", report.cells_checked));
    if report.condition.is_some() {
        out.push_str(&format!(", {} left out by the condition", report.cells_left_out));
    }
    if report.cells_not_positions > 0 {
        out.push_str(&format!(", {} cells that are not positions of the game left out", report.cells_not_positions));
    }
    out
}

/// A delimiter for LaTeX's `\verb` that `text` does not contain.
fn verb(text: &str) -> String {
    let delimiter = ['|', '!', '+', '@', '#', ';', ':', '/', '?', '='].into_iter().find(|&c| !text.contains(c));
    match delimiter {
        Some(c) => format!("\\verb{c}{text}{c}"),
        None => format!("\\texttt{{{}}}", latex_escape(text)),
    }
}

/// `text` with LaTeX's special characters escaped.
fn latex_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            _ => out.push(c),
        }
    }
    out
}

/// The title of every paragraph.
fn opening(latex: bool) -> &'static str {
    if latex { "\\paragraph{A computer check.}\n" } else { "**A computer check.**\n" }
}

/// The layers checked of a game with `passes`, as the end of a sentence
/// about the box (empty without passes).
fn passes_text(passes: u8) -> String {
    match passes {
        0 => String::new(),
        1 => ", with the pass still there and used".to_string(),
        k => format!(", with every number of passes left from {k} to 0"),
    }
}

/// The command that reproduces the check, and the last sentence.
fn closing(command: &str, latex: bool) -> String {
    closing_with(command, latex, "A finite check is evidence, not a proof.")
}

/// The command that reproduces the check, and `last`.
fn closing_with(command: &str, latex: bool, last: &str) -> String {
    let reproduce = if latex {
        format!("To reproduce it:\n\\begin{{verbatim}}\n{command}\n\\end{{verbatim}}\n")
    } else {
        format!("To reproduce it:\n\n```\n{command}\n```\n\n")
    };
    let last = if latex { latex_escape(last) } else { last.to_string() };
    format!("{reproduce}{last}\n")
}

/// The paragraph of a check on the values of one heap of a take-and-break
/// game, with `command` the command line that reproduces it; it ends with
/// the proof for every heap, or why the check is only evidence.
pub fn sequence_paragraph(report: &SequenceReport, command: &str, format: ParagraphFormat) -> String {
    let latex = format == ParagraphFormat::Latex;
    let code = |t: &str| if latex { verb(t) } else { format!("`{t}`") };
    let text = |t: &str| if latex { latex_escape(t) } else { t.to_string() };
    let what = match report.mode {
        CheckMode::Formula => "Formula for g(n)",
        CheckMode::Holds => "Statement",
    };
    let mut out = opening(latex).to_string();
    out.push_str(&format!("{what}: {}", code(&report.formula)));
    if let Some(c) = &report.condition {
        out.push_str(&format!(", on the heaps where {}", code(c)));
    }
    out.push_str(".\n");
    let range = if latex { format!("$0 \\le n < {}$", report.heaps) } else { format!("0 <= n < {}", report.heaps) };
    out.push_str(&format!(
        "Game: {}, one heap of n. Checked at the heaps {range}; {} heaps checked",
        text(&report.game),
        report.checked
    ));
    if report.condition.is_some() {
        out.push_str(&format!(", {} left out by the condition", report.heaps - report.checked));
    }
    out.push_str(&format!(". Period of the game: {}.\n", text(&report.period.to_string().replace('\n', "; "))));
    if report.holds() {
        out.push_str("Result: it holds at every heap checked.\n");
    } else {
        let first: Vec<String> = report
            .first
            .iter()
            .take(PARAGRAPH_COUNTEREXAMPLES)
            .map(|c| format!("n = {}, where g = {} and it gives {}", c.n, c.g, c.value))
            .collect();
        out.push_str(&format!(
            "Result: it does not hold; it fails at {} of the {} heaps checked. The first counterexamples: {}.\n",
            report.failures,
            report.checked,
            text(&first.join("; "))
        ));
    }
    let last = match report.verdict {
        Verdict::Fails => "A counterexample is a proof that it is false.".to_string(),
        _ => report.verdict_text(),
    };
    out.push_str(&closing_with(command, latex, &last));
    out
}

/// The paragraph of `report`, with `command` the command line that
/// reproduces it.
pub fn paragraph(report: &CheckReport, command: &str, format: ParagraphFormat) -> String {
    let latex = format == ParagraphFormat::Latex;
    let code = |t: &str| if latex { verb(t) } else { format!("`{t}`") };
    let text = |t: &str| if latex { latex_escape(t) } else { t.to_string() };
    let what = match report.mode {
        CheckMode::Formula => "Formula",
        CheckMode::Holds => "Statement",
    };
    let mut out = opening(latex).to_string();
    out.push_str(&format!("{what}: {}", code(&report.formula)));
    if let Some(c) = &report.condition {
        out.push_str(&format!(", on the cells where {}", code(c)));
    }
    out.push_str(&format!(" ({}).\n", text(report.compared())));
    out.push_str(&format!("Game: {}. Checked on {}.\n", text(&report.rules), cells_text(report, latex)));
    if report.holds() {
        out.push_str("Result: it holds at every cell checked.\n");
    } else {
        let n = PARAGRAPH_COUNTEREXAMPLES.min(report.counterexamples.len());
        let first: Vec<String> =
            report.counterexamples[..n].iter().map(|c| text(&c.describe(report.table_kind))).collect();
        out.push_str(&format!(
            "Result: it does not hold; it fails at {} of the {} cells checked. The first counterexamples: {}.\n",
            report.cells_differing,
            report.cells_checked,
            first.join("; ")
        ));
    }
    out.push_str(&closing(command, latex));
    out
}

/// The paragraph of a check on a table of four to eight heaps, with
/// `command` the command line that reproduces it.
pub fn heaps_paragraph(report: &HeapsReport, command: &str, format: ParagraphFormat) -> String {
    let latex = format == ParagraphFormat::Latex;
    let code = |t: &str| if latex { verb(t) } else { format!("`{t}`") };
    let text = |t: &str| if latex { latex_escape(t) } else { t.to_string() };
    let maths = |t: String| if latex { format!("${t}$") } else { t };
    let d = report.sides.len();
    let (le, ge, dots) = if latex { ("\\le", "\\ge", "\\dots") } else { ("<=", ">=", "...") };
    let what = match report.mode {
        CheckMode::Formula => "Formula for g",
        CheckMode::Holds => "Statement",
    };
    let mut out = opening(latex).to_string();
    out.push_str(&format!("{what}: {}", code(&report.formula)));
    if let Some(c) = &report.condition {
        out.push_str(&format!(", on the positions where {}", code(c)));
    }
    out.push_str(".\n");
    let sides: Vec<String> =
        report.sides.iter().enumerate().map(|(i, n)| maths(format!("0 {le} x_{} < {n}", i + 1))).collect();
    out.push_str(&format!("Game: {}, on {d} heaps. Checked on the box {}", text(&report.game), sides.join(", ")));
    if report.sorted {
        out.push_str(&format!(
            ", at the sorted positions {} only (the moves treat the heaps alike)",
            maths(format!("x_1 {ge} x_2 {ge} {dots} {ge} x_{d}"))
        ));
    }
    out.push_str(&passes_text(report.passes));
    out.push_str(&format!("; {} positions checked", report.checked));
    if report.condition.is_some() {
        out.push_str(&format!(", {} left out by the condition", report.left_out));
    }
    out.push_str(".\n");
    if report.holds() {
        out.push_str("Result: it holds at every position checked.\n");
    } else {
        let first: Vec<String> = report
            .first
            .iter()
            .take(PARAGRAPH_COUNTEREXAMPLES)
            .map(|c| {
                let layer = if report.passes > 0 { format!(" with {} passes left", c.layer) } else { String::new() };
                format!("{}{layer}, where g = {} and it gives {}", point_text(&c.position), c.g, c.value)
            })
            .collect();
        out.push_str(&format!(
            "Result: it does not hold; it fails at {} of the {} positions checked. The first counterexamples: {}.\n",
            report.failures,
            report.checked,
            text(&first.join("; "))
        ));
    }
    out.push_str(&closing(command, latex));
    out
}

/// The `--rules` spec of `rules` with its flags: a preset's name (with
/// `--misere`, `--pass`, `--passes K`, `--pass-at-end`) when the rules are one, else `RULES.json`, the
/// file the rules are to be saved in (the app's "Save" of the Pieces tab).
pub fn rules_words(rules: &crate::rules::Rules) -> Vec<String> {
    use crate::rules::{Convention, FAMILY_PRESETS, PRESET_NAMES, preset};
    let plain = crate::rules::Rules { convention: Convention::Normal, ..rules.clone().without_passes() };
    // The rules' own name first: the presets of many heaps (`greedy-nim-4`)
    // are named, not listed.
    let name = std::iter::once(&plain.name.as_str())
        .chain(PRESET_NAMES)
        .chain(FAMILY_PRESETS)
        .find(|n| preset(n).is_ok_and(|p| p.same_game(&plain)))
        .map_or_else(|| "RULES.json".to_string(), |n| n.to_string());
    let mut words = vec!["--rules".to_string(), name];
    if rules.convention == Convention::Misere {
        words.push("--misere".into());
    }
    match rules.passes {
        p if p == crate::rules::Passes::GALE => words.push("--pass".into()),
        p if p.any() => {
            words.extend(["--passes".to_string(), p.count.to_string()]);
            if p.at_end {
                words.push("--pass-at-end".into());
            }
        }
        _ => {}
    }
    words
}

/// The command line of `grundy-lab check` that makes the same check as
/// `report` on the game `rules`.
pub fn command_for(rules: &crate::rules::Rules, report: &CheckReport) -> String {
    let d = report.dimension.clamp(1, 3) as usize;
    let size = report.dims[..d].iter().map(|n| n.to_string()).collect::<Vec<_>>().join("x");
    check_command(rules, &size, &[], report.condition.as_deref(), report.mode, &report.formula)
}

/// The command line of `grundy-lab check` that makes the same check as
/// the check of many heaps `report` on the game `rules`: `--size N` for a
/// box of equal sides, and `--full` where the heaps are alike but every
/// position was checked.
pub fn heaps_command_for(rules: &crate::rules::Rules, report: &HeapsReport) -> String {
    let equal = report.sides.iter().all(|&n| n == report.sides[0]);
    let size = match equal {
        true => report.sides[0].to_string(),
        false => report.sides.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("x"),
    };
    let full = !report.sorted && crate::grundy::heaps::storage_for(rules, &report.sides, false) == Storage::Sorted;
    let flags: &[&str] = if full { &["--full"] } else { &[] };
    check_command(rules, &size, flags, report.condition.as_deref(), report.mode, &report.formula)
}

/// `grundy-lab check`, the rules, `--size size`, `flags`, the condition
/// and the formula, each word quoted for a shell where it needs it.
fn check_command(
    rules: &crate::rules::Rules,
    size: &str,
    flags: &[&str],
    condition: Option<&str>,
    mode: CheckMode,
    formula: &str,
) -> String {
    let mut words = vec!["grundy-lab".to_string(), "check".into()];
    words.extend(rules_words(rules).iter().map(|w| shell_word(w)));
    words.extend(["--size".to_string(), size.to_string()]);
    words.extend(flags.iter().map(|f| f.to_string()));
    if let Some(c) = condition {
        words.extend(["--where".to_string(), shell_word(c)]);
    }
    let flag = match mode {
        CheckMode::Formula => "--formula",
        CheckMode::Holds => "--holds",
    };
    words.extend([flag.to_string(), shell_word(formula)]);
    words.join(" ")
}

/// A word for a shell: quoted in single quotes unless it is plain.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:/+=".contains(c));
    if plain { word.to_string() } else { format!("'{}'", word.replace('\'', "'\\''")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_words_name_the_passes_as_the_command_line_takes_them() {
        use crate::rules::{Passes, preset};
        let words = |name: &str| rules_words(&preset(name).unwrap()).join(" ");
        assert_eq!(words("queen"), "--rules queen");
        assert_eq!(words("queen+pass"), "--rules queen --pass");
        assert_eq!(words("queen+passes:3"), "--rules queen --passes 3");
        assert_eq!(words("nim-1+pass-at-end"), "--rules nim-1 --passes 1 --pass-at-end");
        assert_eq!(words("greedy-nim-4+pass"), "--rules greedy-nim-4 --pass");
        assert_eq!(words("moore-5-2"), "--rules moore-5-2");
        let r = preset("queen").unwrap().misere().with_passes(Passes { count: 2, at_end: true });
        assert_eq!(rules_words(&r).join(" "), "--rules queen --misere --passes 2 --pass-at-end");
    }

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_word("queen-t2"), "queen-t2");
        assert_eq!(shell_word("x >= 8 || y >= 8"), "'x >= 8 || y >= 8'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
    }

    #[test]
    fn latex_verb_picks_a_free_delimiter() {
        assert_eq!(verb("x | y"), "\\verb!x | y!");
        assert_eq!(latex_escape("a_b & 50%"), "a\\_b \\& 50\\%");
    }
}
