//! The game's moves as a small table for a worksheet or a paper: a LaTeX
//! `tabular` or plain text with tabs (for a spreadsheet), with the move
//! number, the player, from, to and the review's mark. The texts are
//! worded by the caller in the user's language; this module only escapes
//! and lays them out.

/// One row: the move number, the player, from, to and the mark.
pub type Row = [String; 5];

/// `text` with LaTeX's special characters escaped, and the signs a plain
/// LaTeX file cannot take as they are written as commands (→, ·, φ, ≤, ≥,
/// ⌊ ⌋, −).
pub fn latex_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str(r"\textasciitilde{}"),
            '^' => out.push_str(r"\textasciicircum{}"),
            '→' => out.push_str(r"$\to$"),
            '·' => out.push_str(r"$\cdot$"),
            'φ' => out.push_str(r"$\varphi$"),
            '≤' => out.push_str(r"$\le$"),
            '≥' => out.push_str(r"$\ge$"),
            '⌊' => out.push_str(r"$\lfloor$"),
            '⌋' => out.push_str(r"$\rfloor$"),
            '−' => out.push_str("$-$"),
            '²' => out.push_str(r"$^2$"),
            _ => out.push(c),
        }
    }
    out
}

/// The rows as a LaTeX `tabular`: a header row, a rule, one row per move.
pub fn latex(header: &Row, rows: &[Row]) -> String {
    let line = |cells: &Row| cells.iter().map(|c| latex_escape(c)).collect::<Vec<_>>().join(" & ") + r" \\";
    let mut out = String::from("\\begin{tabular}{rllll}\n\\hline\n");
    out.push_str(&line(header));
    out.push_str("\n\\hline\n");
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    out.push_str("\\hline\n\\end{tabular}\n");
    out
}

/// The rows as plain text: one line each, the columns separated by tabs
/// (a spreadsheet reads them as cells).
pub fn plain(header: &Row, rows: &[Row]) -> String {
    std::iter::once(header).chain(rows).map(|r| r.join("\t") + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: [&str; 5]) -> Row {
        cells.map(String::from)
    }

    #[test]
    fn the_latex_table_of_a_short_game() {
        let header = row(["No.", "Player", "From", "To", "Mark"]);
        let rows = [
            row(["1", "Player 1", "(5,7)", "(5,6)", "a mistake; better: (3,5)"]),
            row(["2", "Player 2", "(5,6)", "(5,3)", "to a P-position"]),
            row(["3", "Player 1", "(5,3)", "(5,2)", "no winning move: any move loses against perfect play"]),
        ];
        let expected = r"\begin{tabular}{rllll}
\hline
No. & Player & From & To & Mark \\
\hline
1 & Player 1 & (5,7) & (5,6) & a mistake; better: (3,5) \\
2 & Player 2 & (5,6) & (5,3) & to a P-position \\
3 & Player 1 & (5,3) & (5,2) & no winning move: any move loses against perfect play \\
\hline
\end{tabular}
";
        assert_eq!(latex(&header, &rows), expected);
        assert_eq!(
            plain(&header, &rows[..1]),
            "No.\tPlayer\tFrom\tTo\tMark\n1\tPlayer 1\t(5,7)\t(5,6)\ta mistake; better: (3,5)\n"
        );
    }

    #[test]
    fn special_characters_are_escaped() {
        assert_eq!(
            latex_escape("50% & $x_1$ {a} #2 ~ ^ \\"),
            r"50\% \& \$x\_1\$ \{a\} \#2 \textasciitilde{} \textasciicircum{} \textbackslash{}"
        );
        assert_eq!(latex_escape("A → (3, 5) · pass"), r"A $\to$ (3, 5) $\cdot$ pass");
        assert_eq!(
            latex_escape("3 = ⌊2φ⌋, 5 = ⌊2φ²⌋"),
            r"3 = $\lfloor$2$\varphi$$\rfloor$, 5 = $\lfloor$2$\varphi$$^2$$\rfloor$"
        );
        assert_eq!(latex_escape("山2を 1 個にする"), "山2を 1 個にする", "Japanese is left to a Japanese LaTeX");
    }
}
