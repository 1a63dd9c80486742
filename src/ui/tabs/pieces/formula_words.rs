//! The conjecture library's data in the user's language: names and
//! descriptions of the known formulas, the meanings of the helper
//! functions, and the periodic lines found by the pattern hints.

use crate::conjecture::{Helper, KnownKind, Line, Periodicity};
use crate::ui::i18n::{Text, tr, trf};

/// Texts of the known formulas, helpers and pattern lines.
pub const TEXTS: &[Text] = &[
    ("known.nim", "Nim (rook)", "ニム (飛車)"),
    (
        "known.nim.desc",
        "g = x XOR y: the Grundy numbers of two-pile Nim, the rook",
        "g = x XOR y: 2山のニム (飛車) のグランディ数",
    ),
    ("known.dragon_king", "Dragon king (p = 3)", "龍王 (p = 3)"),
    (
        "known.dragon_king.desc",
        "g = mod(x+y, 3) + 3 (floor(x/3) XOR floor(y/3)): the dragon king (Ryuo Nim, arXiv 1711.01411)",
        "g = mod(x+y, 3) + 3 (⌊x/3⌋ XOR ⌊y/3⌋): 龍王 (龍王ニム、arXiv 1711.01411)",
    ),
    ("known.parameter_p", "Parameter-p piece (p = {p})", "パラメータ p の駒 (p = {p})"),
    (
        "known.parameter_p.desc",
        "g = mod(x+y, p) + p (floor(x/p) XOR floor(y/p)); change {p} to the p of your piece",
        "g = mod(x+y, p) + p (⌊x/p⌋ XOR ⌊y/p⌋)。{p} をあなたの駒の p に変えてください",
    ),
    ("known.wythoff", "Wythoff P-positions (queen)", "ワイソフのP局面 (クイーン)"),
    (
        "known.wythoff.desc",
        "P iff (x, y) is (floor(n phi), floor(n phi^2)) in either order: Wythoff's game, normal play",
        "(x, y) が (⌊nφ⌋, ⌊nφ²⌋) か (⌊nφ²⌋, ⌊nφ⌋) のときだけP局面: ワイソフのゲーム、通常ルール",
    ),
    ("known.misere_wythoff", "Misère Wythoff P-positions", "ミゼール・ワイソフのP局面"),
    (
        "known.misere_wythoff.desc",
        "(0,1), (2,2) and the Wythoff pairs for n >= 2: the queen, misère play",
        "(0,1)、(2,2) と n ≥ 2 のワイソフの組: クイーン、ミゼール",
    ),
    ("known.hofstadter", "Hofstadter-G variant (queen-t2)", "ホフスタッターG の変種 (クイーン t2)"),
    (
        "known.hofstadter.desc",
        "P iff x + y <= 2 or (x, y) is (floor(n phi) + gs(n) - 1, floor(n phi^2) + gs(n)) in either order",
        "x + y ≤ 2、または (x, y) を並べかえると (⌊nφ⌋ + gs(n) - 1, ⌊nφ²⌋ + gs(n)) になるときだけP局面",
    ),
    ("known.wythoff_written", "Wythoff written out", "ワイソフを式で書く"),
    (
        "known.wythoff_written.desc",
        "the same P-positions from floor_phi: min(x, y) = floor(n phi) with n = |x - y|",
        "同じP局面を floor_phi で: n = |x - y| として min(x, y) = ⌊nφ⌋",
    ),
    ("known.wrong_phi", "Wrong on purpose: phi = 8/5", "わざと間違えた式: φ = 8/5"),
    (
        "known.wrong_phi.desc",
        "Wythoff with phi replaced by 8/5: agrees for n <= 12, first fails at (20, 33) and (21, 34)",
        "ワイソフの φ を 8/5 に置きかえた式: n ≤ 12 では合うが、(20, 33) と (21, 34) で初めて外れる",
    ),
    ("helper.insert", "Click to insert {call} into the formula.", "クリックすると式に {call} を入れます。"),
    ("helper.floor_phi", "floor(n * phi), phi = (1 + sqrt 5) / 2, exact", "⌊n·φ⌋、φ = (1 + √5) / 2 (誤差なしで計算)"),
    ("helper.floor_phi2", "floor(n * phi^2) = floor_phi(n) + n, exact", "⌊n·φ²⌋ = floor_phi(n) + n (誤差なしで計算)"),
    (
        "helper.wythoff_pair",
        "the n-th Wythoff P-position [floor_phi(n), floor_phi2(n)]",
        "n 番目のワイソフのP局面 [floor_phi(n), floor_phi2(n)]",
    ),
    (
        "helper.is_wythoff_p",
        "true when (x, y) is a P-position of Wythoff's game (the queen)",
        "(x, y) がワイソフのゲーム (クイーン) のP局面なら true",
    ),
    (
        "helper.is_misere_wythoff_p",
        "true when (x, y) is a P-position of misère Wythoff",
        "(x, y) がミゼール・ワイソフのP局面なら true",
    ),
    (
        "helper.hofstadter",
        "Hofstadter's G: h(0) = 0, h(n) = n - h(h(n-1))",
        "ホフスタッターの G 数列: h(0) = 0、h(n) = n - h(h(n-1))",
    ),
    (
        "helper.gs",
        "the 0/1 sequence gs of the Hofstadter-G variant (arXiv 2510.11767)",
        "ホフスタッターG の変種の 0/1 数列 gs (arXiv 2510.11767)",
    ),
    (
        "helper.is_t2_p",
        "true when (x, y) is a P-position of the queen with terminal set x + y <= 2",
        "(x, y) が終了マス x + y ≤ 2 のクイーンのP局面なら true",
    ),
    ("helper.is_t2_misere_p", "the same for the misère version", "その ミゼール版"),
    (
        "helper.ryuoh",
        "mod(x+y, p) + p * (floor(x/p) XOR floor(y/p)), the parameter-p piece",
        "mod(x+y, p) + p · (⌊x/p⌋ XOR ⌊y/p⌋)、パラメータ p の駒",
    ),
    ("helper.nim", "x XOR y, the Grundy number of two-pile Nim (the rook)", "x XOR y、2山のニム (飛車) のグランディ数"),
    ("helper.mex", "the least non-negative integer not in the array", "配列に入っていない最小の 0 以上の整数"),
    ("helper.min_max", "the smaller / larger of two integers", "2つの整数の小さい方 / 大きい方"),
    ("helper.abs", "absolute value", "絶対値"),
    ("helper.floor_div", "floor(a / b), rounding toward minus infinity", "⌊a / b⌋ (小さい方へ切り捨て)"),
    ("helper.mod", "the mathematical remainder, 0 <= mod(a, b) < |b|", "数学の余り、0 ≤ mod(a, b) < |b|"),
    ("helper.xor", "a XOR b (the same as a ^ b)", "a XOR b (a ^ b と同じ)"),
    ("helper.isqrt", "floor(sqrt(n)), exact", "⌊√n⌋ (誤差なしで計算)"),
    (
        "helper.fib",
        "the Fibonacci number F(n), F(0) = 0, F(1) = 1, n <= 92",
        "フィボナッチ数 F(n)、F(0) = 0、F(1) = 1、n ≤ 92",
    ),
    ("helper.popcount", "the number of 1 bits of n >= 0", "0 以上の n を2進法で書いたときの 1 の個数"),
    ("hints.row", "row y = {y}", "行 y = {y}"),
    ("hints.column", "column x = {x}", "列 x = {x}"),
    (
        "hints.diagonal",
        "diagonal x - y = {d}, cells ({x0} + t, {y0} + t)",
        "対角線 x - y = {d}、マス ({x0} + t, {y0} + t)",
    ),
    (
        "hints.periodic",
        "g({v} + {period}) = g({v}) for {v} ≥ {pre} (periodic: period {period})",
        "{v} ≥ {pre} で g({v} + {period}) = g({v}) (周期的: 周期 {period})",
    ),
    (
        "hints.additive",
        "g({v} + {period}) = g({v}) {sign} {step} for {v} ≥ {pre} (additively periodic: period {period}, saltus {saltus})",
        "{v} ≥ {pre} で g({v} + {period}) = g({v}) {sign} {step} (加法的に周期的: 周期 {period}、増え方 {saltus})",
    ),
];

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
