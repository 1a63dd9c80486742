//! The conjecture library's data in the user's language: names and
//! descriptions of the known formulas, the meanings of the helper
//! functions, and the periodic lines found by the pattern hints.

use crate::conjecture::{Helper, KnownKind, Line, Periodicity};
use crate::ui::i18n::{tr, trf};

/// The name of a known formula in the current language.
pub fn known_name(kind: KnownKind) -> String {
    match kind {
        KnownKind::Nim => tr("known.nim").to_string(),
        KnownKind::DragonKing => tr("known.dragon_king").to_string(),
        KnownKind::ParameterP(p) => trf("known.parameter_p", &[("p", &p)]),
        KnownKind::Wythoff => tr("known.wythoff").to_string(),
        KnownKind::MisereWythoff => tr("known.misere_wythoff").to_string(),
        KnownKind::HofstadterVariant => tr("known.hofstadter").to_string(),
        KnownKind::WythoffWrittenOut => tr("known.wythoff_written").to_string(),
        KnownKind::WrongPhi => tr("known.wrong_phi").to_string(),
    }
}

/// What a known formula says, in the current language.
pub fn known_description(kind: KnownKind) -> String {
    match kind {
        KnownKind::Nim => tr("known.nim.desc").to_string(),
        KnownKind::DragonKing => tr("known.dragon_king.desc").to_string(),
        KnownKind::ParameterP(p) => trf("known.parameter_p.desc", &[("p", &p)]),
        KnownKind::Wythoff => tr("known.wythoff.desc").to_string(),
        KnownKind::MisereWythoff => tr("known.misere_wythoff.desc").to_string(),
        KnownKind::HofstadterVariant => tr("known.hofstadter.desc").to_string(),
        KnownKind::WythoffWrittenOut => tr("known.wythoff_written.desc").to_string(),
        KnownKind::WrongPhi => tr("known.wrong_phi.desc").to_string(),
    }
}

/// What a helper computes, in the current language (the library's English
/// for a helper this table does not know yet).
pub fn helper_meaning(h: &Helper) -> &'static str {
    match h.name {
        "floor_phi" => tr("helper.floor_phi"),
        "floor_phi2" => tr("helper.floor_phi2"),
        "wythoff_pair" => tr("helper.wythoff_pair"),
        "is_wythoff_p" => tr("helper.is_wythoff_p"),
        "is_misere_wythoff_p" => tr("helper.is_misere_wythoff_p"),
        "hofstadter" => tr("helper.hofstadter"),
        "gs" => tr("helper.gs"),
        "is_t2_p" => tr("helper.is_t2_p"),
        "is_t2_misere_p" => tr("helper.is_t2_misere_p"),
        "ryuoh" => tr("helper.ryuoh"),
        "nim" => tr("helper.nim"),
        "mex" => tr("helper.mex"),
        "min_max" => tr("helper.min_max"),
        "abs" => tr("helper.abs"),
        "floor_div" => tr("helper.floor_div"),
        "mod" => tr("helper.mod"),
        "xor" => tr("helper.xor"),
        "isqrt" => tr("helper.isqrt"),
        "fib" => tr("helper.fib"),
        "popcount" => tr("helper.popcount"),
        _ => h.meaning,
    }
}

/// A line of the table in the current language.
pub fn line_text(line: Line) -> String {
    match line {
        Line::Row(y) => trf("hints.row", &[("y", &y)]),
        Line::Column(x) => trf("hints.column", &[("x", &x)]),
        Line::Diagonal(d) => {
            let (x0, y0) = if d >= 0 { (d, 0) } else { (0, -d) };
            trf("hints.diagonal", &[("d", &d), ("x0", &x0), ("y0", &y0)])
        }
    }
}

/// The relation `g(v + period) = g(v) + saltus` in the current language,
/// with `var` the running coordinate.
pub fn periodicity_text(p: &Periodicity, var: &str) -> String {
    let Periodicity { preperiod, period, saltus } = *p;
    if saltus == 0 {
        return trf("hints.periodic", &[("v", &var), ("period", &period), ("pre", &preperiod)]);
    }
    let sign = if saltus < 0 { "-" } else { "+" };
    trf(
        "hints.additive",
        &[
            ("v", &var),
            ("period", &period),
            ("pre", &preperiod),
            ("sign", &sign),
            ("step", &saltus.unsigned_abs()),
            ("saltus", &saltus),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conjecture::{HELPERS, known_formulas};
    use crate::ui::i18n::{Language, set_language};

    #[test]
    fn the_library_in_english_is_the_library_and_japanese_has_no_english_words() {
        set_language(Language::English);
        for k in known_formulas() {
            assert_eq!(known_name(k.kind), k.name);
            assert_eq!(known_description(k.kind), k.description);
        }
        for h in HELPERS {
            assert_eq!(helper_meaning(h), h.meaning, "{} has no translation", h.name);
        }
        let p = Periodicity { preperiod: 2, period: 3, saltus: -4 };
        assert_eq!(periodicity_text(&p, "x"), p.describe("x").replace(">=", "≥"));
        for line in [Line::Row(4), Line::Column(2), Line::Diagonal(3), Line::Diagonal(-5)] {
            // The library says "(t, 5 + t)" for d = -5; the UI says "(0 + t, 5 + t)".
            let lib = line.to_string().replace("(t, ", "(0 + t, ").replace(" + t, t)", " + t, 0 + t)");
            assert_eq!(line_text(line), lib);
        }
        set_language(Language::Japanese);
        // Only formula words remain in Latin letters.
        let allowed = ["XOR", "mod", "floor_phi", "floor_phi2", "min", "gs", "arXiv", "true", "t2", "n", "x", "y", "p"];
        let english = |s: &str| {
            s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
                .find(|w| !allowed.contains(w) && w.len() > 1 && !w.chars().all(|c| c.is_ascii_digit() || c == 'g'))
                .map(str::to_string)
        };
        for k in known_formulas() {
            for text in [known_name(k.kind), known_description(k.kind)] {
                assert_eq!(english(&text), None, "{text}");
            }
        }
        for h in HELPERS {
            assert_eq!(english(helper_meaning(h)), None, "{}", helper_meaning(h));
        }
        assert_eq!(english(&periodicity_text(&p, "x")), None);
        assert_eq!(english(&line_text(Line::Diagonal(3))), None);
        set_language(Language::English);
    }
}
