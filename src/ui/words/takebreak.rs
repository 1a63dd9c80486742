//! Take-and-break games in the user's language: why a game or a run of
//! values cannot be had, and what is known of the period. The library's
//! `Display` texts are the English of the command line.

use crate::grundy::human_bytes;
use crate::rules::breaks::BreaksError;
use crate::takebreak::{Base, CodeError, MAX_CODE_DIGITS, MAX_PARTS, PeriodReport, SequenceError, TakeBreakError};
use crate::ui::i18n::{tr, trf};

/// `octal` or `hex`, as a spec writes it.
fn prefix(base: &Base) -> &'static str {
    base.prefix()
}

/// Why a code cannot be read.
pub fn code_error(e: &CodeError) -> String {
    match e {
        CodeError::Empty { base } => trf("tb.code.empty", &[("prefix", &prefix(base))]),
        CodeError::NoPoint { text, base } => trf("tb.code.no_point", &[("prefix", &prefix(base)), ("text", text)]),
        CodeError::TwoPoints { base } => trf("tb.code.two_points", &[("prefix", &prefix(base))]),
        CodeError::LongWholePart { whole, base } => {
            trf("tb.code.long_whole", &[("prefix", &prefix(base)), ("whole", whole)])
        }
        CodeError::BadDigit { found, k, base } => trf(
            match base {
                Base::Octal => "tb.code.bad_octal_digit",
                Base::Hex => "tb.code.bad_hex_digit",
            },
            &[("found", found), ("k", k)],
        ),
        CodeError::NothingRepeats { base } => trf("tb.code.nothing_repeats", &[("prefix", &prefix(base))]),
        CodeError::TooManyDigits { digits } => {
            trf("tb.code.too_many_digits", &[("digits", digits), ("max", &MAX_CODE_DIGITS)])
        }
        CodeError::BadZeroDigit { digit, .. } => trf("tb.code.bad_zero_digit", &[("digit", digit)]),
    }
}

/// Why a text does not write a take-and-break game.
pub fn breaks_error(e: &BreaksError) -> String {
    match e {
        BreaksError::Code(c) => code_error(c),
        BreaksError::BadSplit(s) => trf("tb.bad_split", &[("text", s), ("max", &MAX_PARTS)]),
        BreaksError::BadSubtraction(s) => trf("tb.bad_subtraction", &[("text", s), ("max", &MAX_CODE_DIGITS)]),
        BreaksError::NotASpec(s) => trf("tb.not_a_spec", &[("text", s)]),
    }
}

/// Why a take-and-break game cannot be described.
pub fn takebreak_error(e: &TakeBreakError) -> String {
    match e {
        TakeBreakError::Breaks(e) => breaks_error(e),
        TakeBreakError::Program(p) => crate::ui::words::errors::program_error(p),
        TakeBreakError::NotOneHeap { name, dimension } => trf("tb.not_one_heap", &[("name", name), ("n", dimension)]),
        TakeBreakError::NotNormalPlay { name } => trf("tb.not_normal_play", &[("name", name)]),
        TakeBreakError::File(m) => m.clone(),
    }
}

/// Why values could not be computed.
pub fn sequence_error(e: &SequenceError) -> String {
    match e {
        SequenceError::TooLarge { heaps, needed, limit } => {
            trf("tb.too_large", &[("heaps", heaps), ("needed", &human_bytes(*needed)), ("limit", &human_bytes(*limit))])
        }
        SequenceError::BeyondMethod { up_to, max, .. } => trf("tb.beyond_method", &[("up_to", up_to), ("max", max)]),
        SequenceError::Rules(e) => takebreak_error(e),
        SequenceError::Cancelled => tr("map.engine.cancelled").to_string(),
    }
}

/// Why a misère quotient was not found.
pub fn quotient_error(e: &crate::takebreak::quotient::QuotientError) -> String {
    use crate::takebreak::quotient::{MAX_ELEMENTS, MAX_HEAP, MAX_STATES, QuotientError};
    use crate::takebreak::search::SearchError;
    match e {
        QuotientError::Bound { .. } => trf("tb.quotient.up_to.bad", &[("max", &MAX_HEAP)]),
        QuotientError::Search(SearchError::TooLarge { needed, limit, .. }) => {
            trf("tb.quotient.too_large", &[("needed", &human_bytes(*needed)), ("limit", &human_bytes(*limit))])
        }
        QuotientError::Search(SearchError::Rules(e)) => takebreak_error(e),
        QuotientError::Search(SearchError::Values(e)) => sequence_error(e),
        QuotientError::Search(SearchError::Cancelled) => tr("map.engine.cancelled").to_string(),
        QuotientError::Search(SearchError::HeapTooLarge { .. } | SearchError::GenusOfPasses) => {
            trf("job.internal_error", &[("error", &e)])
        }
        QuotientError::Options { heaps_up_to, needed, limit } => trf(
            "tb.quotient.options_too_large",
            &[("up_to", heaps_up_to), ("needed", &human_bytes(*needed)), ("limit", &human_bytes(*limit))],
        ),
        QuotientError::TooManyElements { heaps_up_to } => {
            trf("tb.quotient.too_many", &[("max", &MAX_ELEMENTS), ("up_to", heaps_up_to)])
        }
        QuotientError::TooManyStates { .. } => trf("tb.quotient.too_many_states", &[("max", &MAX_STATES)]),
        QuotientError::Refuted { row } => {
            trf("tb.quotient.refuted", &[("row", &crate::takebreak::quotient::row_text(row))])
        }
    }
}

/// The verdict on the period, in one sentence.
pub fn period_verdict(r: &PeriodReport) -> String {
    match r {
        PeriodReport::Proved(p) if p.start == 0 => trf("tb.period.proved_pure", &[("p", &p.period)]),
        PeriodReport::Proved(p) => {
            trf("tb.period.proved", &[("p", &p.period), ("n0", &p.start), ("last", &(p.start - 1))])
        }
        PeriodReport::NoPeriod { up_to } => trf("tb.period.none", &[("up_to", up_to)]),
        PeriodReport::NoTheorem { up_to, apparent: Some((p, n0, s)) } if *s > 0 => {
            trf("tb.period.apparent_arithmetic", &[("up_to", up_to), ("p", p), ("n0", n0), ("s", s)])
        }
        PeriodReport::NoTheorem { up_to, apparent: Some((p, n0, _)) } => {
            trf("tb.period.apparent", &[("up_to", up_to), ("p", p), ("n0", n0)])
        }
        PeriodReport::NoTheorem { up_to, apparent: None } => trf("tb.period.no_theorem", &[("up_to", up_to)]),
    }
}

/// Why the verdict holds: the window a proof checked and the theorem.
pub fn period_why(r: &PeriodReport) -> Option<String> {
    let PeriodReport::Proved(p) = r else { return None };
    Some(trf(
        "tb.period.why",
        &[
            ("p", &p.period),
            ("n0", &p.start),
            ("end", &p.window_end),
            ("values", &(p.window_end + p.period - 1)),
            ("t", &p.last_digit),
            ("r", &p.heaps),
        ],
    ))
}

/// "formula" or "statement", for the sentences of a sequence check.
fn checked_what(mode: crate::conjecture::CheckMode) -> &'static str {
    match mode {
        crate::conjecture::CheckMode::Formula => tr("tb.check.formula"),
        crate::conjecture::CheckMode::Holds => tr("tb.check.statement"),
    }
}

/// A check of a sequence in sentences: whether it holds, the first heaps
/// where it fails, and whether it is proved (and why, or why not).
pub fn sequence_report(r: &crate::conjecture::takebreak::SequenceReport) -> Vec<String> {
    use crate::conjecture::takebreak::{Unproved, Verdict};
    let what = checked_what(r.mode);
    let last = r.heaps.saturating_sub(1);
    let mut out = vec![if r.holds() {
        trf("tb.check.holds", &[("what", &what), ("last", &last)])
    } else {
        trf("tb.check.fails", &[("what", &what), ("d", &r.failures), ("checked", &r.checked), ("last", &last)])
    }];
    // The first few: a screen, not a list (the command line and the
    // report file give ten).
    for f in r.first.iter().take(5) {
        out.push(trf("tb.check.failure", &[("n", &f.n), ("g", &f.g), ("what", &what), ("value", &f.value)]));
    }
    out.push(match &r.verdict {
        Verdict::Proved { start, period } => {
            trf("tb.check.proved", &[("p", period), ("s", start), ("end", &(start + period))])
        }
        Verdict::ProvedUpTo { start, period } => {
            trf("tb.check.proved_up_to", &[("p", period), ("s", start), ("end", &(start + period))])
        }
        Verdict::Evidence(why) => {
            let key = match why {
                Unproved::OwnPeriod => "tb.check.unproved.own",
                Unproved::OtherPeriod => "tb.check.unproved.other",
                Unproved::ReadsN => "tb.check.unproved.reads_n",
                Unproved::OtherGame => "tb.check.unproved.other_game",
                Unproved::TooLong => "tb.check.unproved.too_long",
            };
            trf("tb.check.evidence", &[("why", &tr(key))])
        }
        Verdict::Fails => trf("tb.check.false", &[("what", &what)]),
    });
    out
}

/// Why a check of a sequence could not be made.
pub fn sequence_check_error(e: &crate::conjecture::takebreak::SequenceCheckError) -> String {
    use crate::conjecture::takebreak::SequenceCheckError as E;
    use crate::ui::words::errors::formula_error;
    match e {
        E::Formula(e) | E::Condition(e) => formula_error(e),
        E::Other { spec, error: Some(e), .. } => {
            trf("tb.check.other_game", &[("spec", spec), ("error", &takebreak_error(e))])
        }
        E::Other { spec, error: None, .. } => trf("tb.check.other", &[("spec", spec)]),
        E::Run { n, error } | E::ConditionRun { n, error } => {
            trf("tb.check.at_heap", &[("n", n), ("error", &formula_error(error))])
        }
        E::NotAStatement { n, .. } => trf("tb.check.not_a_statement", &[("n", n)]),
        E::Stopped => tr("map.engine.cancelled").to_string(),
    }
}
