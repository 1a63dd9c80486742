//! Files that let a referee check a proof with Walnut, a prover we did not
//! write: each proved automaton in Walnut's file format (for its
//! `Automata Library/`) and a command file whose `eval` lines restate the
//! conditions that prove them and the statement.

use super::automaton::Automaton;

/// One automaton in Walnut's text format: the numeration of each track on
/// the first line, then each state as `number output` followed by its
/// transitions `digits -> state`. Transitions into the dead state (a
/// rejecting state that no path leaves) are left out, as Walnut reads a
/// missing transition as rejection.
pub fn automaton_text(a: &Automaton) -> String {
    let name = a.numeration().walnut_name();
    let mut out = vec![vec![name; a.tracks().len()].join(" "), String::new()];
    let dead: Vec<bool> =
        (0..a.states() as u32).map(|q| !a.accepts_state(q) && (0..a.letters()).all(|l| a.step(q, l) == q)).collect();
    for q in 0..a.states() as u32 {
        if dead[q as usize] && q != a.start() {
            continue;
        }
        out.push(format!("{} {}", q, u8::from(a.accepts_state(q))));
        for l in 0..a.letters() {
            let t = a.step(q, l);
            if !dead[t as usize] {
                let digits: Vec<String> = a.digits_of(l).iter().map(|d| d.to_string()).collect();
                out.push(format!("{} -> {}", digits.join(" "), t));
            }
        }
        out.push(String::new());
    }
    // Walnut numbers states from 0 in the order written: renumber the
    // states kept so that none is skipped.
    renumber(&out.join("\n"), &dead)
}

/// The text with the dead states' numbers removed from the numbering.
fn renumber(text: &str, dead: &[bool]) -> String {
    let mut new = vec![0usize; dead.len()];
    let mut n = 0;
    for (q, &d) in dead.iter().enumerate() {
        new[q] = n;
        if !d || q == 0 {
            n += 1;
        }
    }
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i < 2 || line.is_empty() {
            out.push_str(line);
        } else if let Some((digits, target)) = line.split_once(" -> ") {
            let t: usize = target.parse().unwrap_or(0);
            out.push_str(&format!("{digits} -> {}", new[t]));
        } else if let Some((q, acc)) = line.split_once(' ') {
            let q: usize = q.parse().unwrap_or(0);
            out.push_str(&format!("{} {acc}", new[q]));
        }
        out.push('\n');
    }
    out
}

/// The command file: a `def` per formula of moves (`M` from the rules,
/// `Q` for the queen's when `W` is used), then one `eval` per condition
/// and one for the statement; each must print TRUE.
pub fn command_text(
    numeration: &str,
    defs: &[(String, String)],
    conditions: &[(String, String)],
    statement: Option<&str>,
) -> String {
    let mut out = vec![
        "# Grundy Lab: the proof, to be checked with Walnut.".to_string(),
        "# Copy the .txt automata into Walnut's \"Automata Library/\", then: exec prove.txt".to_string(),
    ];
    for (name, formula) in defs {
        out.push(format!("def {name} \"?{numeration} {formula}\";"));
    }
    for (name, text) in conditions {
        out.push(format!("eval {name} \"?{numeration} {text}\";"));
    }
    if let Some(s) = statement {
        out.push(format!("eval statement \"?{numeration} {s}\";"));
    }
    out.push(String::new());
    out.join("\n")
}

/// `M` for Walnut's `def`: Walnut orders the arguments of a defined
/// automaton by the names of its free variables, so the coordinates are
/// renamed to names in the order of the arguments (`x, y, z` to
/// `a, b, c`; `u, v, w` to `p, q, r`).
pub fn move_definition(move_formula: &str) -> Result<String, super::ProofError> {
    let f = super::formula::parse(move_formula)?.formula;
    let renamed = f.renamed(&|v| {
        match v {
            "x" => "a",
            "y" => "b",
            "z" => "c",
            "u" => "p",
            "v" => "q",
            "w" => "r",
            other => other,
        }
        .to_string()
    });
    Ok(renamed.to_string())
}

/// One automaton for Graphviz: states as circles (double for accepting),
/// arrows labelled with the digits read, the dead state left out.
pub fn dot_text(name: &str, a: &Automaton) -> String {
    let mut out = format!("digraph {name} {{\n  rankdir=LR;\n  start [shape=point];\n  start -> q{};\n", a.start());
    let dead = |q: u32| !a.accepts_state(q) && (0..a.letters()).all(|l| a.step(q, l) == q);
    for q in 0..a.states() as u32 {
        if dead(q) {
            continue;
        }
        let shape = if a.accepts_state(q) { "doublecircle" } else { "circle" };
        out.push_str(&format!("  q{q} [shape={shape}, label=\"{q}\"];\n"));
        let mut labels: std::collections::BTreeMap<u32, Vec<String>> = std::collections::BTreeMap::new();
        for l in 0..a.letters() {
            let t = a.step(q, l);
            if !dead(t) {
                let digits: Vec<String> = a.digits_of(l).iter().map(|d| d.to_string()).collect();
                labels.entry(t).or_default().push(format!("[{}]", digits.join(",")));
            }
        }
        for (t, ls) in labels {
            out.push_str(&format!("  q{q} -> q{t} [label=\"{}\"];\n", ls.join(" ")));
        }
    }
    out.push_str("}\n");
    out
}
