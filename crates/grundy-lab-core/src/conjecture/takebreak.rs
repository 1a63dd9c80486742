//! A formula or a statement checked against the values `g(n)` of one heap
//! of a take-and-break game, at the heaps `n = 0, ..., N - 1`. The heap is
//! `n` (also `x`), `g` its value, `g(k)` the value of another heap (beyond
//! those computed, by the period proved) and `g_of("SPEC", k)` the value of
//! a heap of another take-and-break game, computed as far. A condition in
//! the same language chooses the heaps checked.
//!
//! When the sequences read have proved periods and the statement reads `n`
//! only through values at constant offsets and residues `n % m` (a
//! [`Shape`]), the statement repeats from some heap `s` with a period `P`
//! ([`Shape::period_from`]). A check that holds on every heap below `s + P`
//! then holds for every `n`: the report says it is proved, and why.

use super::shape::{Periodic, Shape, shape};
use super::{CheckMode, Formula, FormulaError, FormulaValue};
use crate::Control;
use crate::script::tables::{ReadError, TableReader, reading};
use crate::takebreak::{PeriodReport, Sequence, TakeBreak};
use rayon::prelude::*;
use rhai::Scope;
use std::fmt;
use std::sync::Arc;

/// The counterexamples a report keeps.
const KEPT: usize = 10;
/// Heaps judged between two looks at the cancel flag and the progress.
const CHUNK: u64 = 1 << 14;

/// One heap where the check fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapFailure {
    /// The heap.
    pub n: u64,
    /// Its value.
    pub g: u32,
    /// What the formula gave.
    pub value: FormulaValue,
}

/// Whether a check that holds is a proof, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds for every heap: from `start` on it repeats with `period`,
    /// and it holds on every heap below `start + period`.
    Proved {
        /// Where the repetition starts.
        start: u64,
        /// Its period.
        period: u64,
    },
    /// It holds on the heaps checked; a longer check would prove it.
    ProvedUpTo {
        /// Where the repetition starts.
        start: u64,
        /// Its period.
        period: u64,
    },
    /// It holds on the heaps checked; why that proves nothing more.
    Evidence(Unproved),
    /// It fails somewhere.
    Fails,
}

/// Why a check that holds proves nothing beyond the heaps checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unproved {
    /// The game's own period is not proved.
    OwnPeriod,
    /// The period of a game of `g_of` is not proved.
    OtherPeriod,
    /// The text reads `n` otherwise than the forms that repeat with the
    /// values.
    ReadsN,
    /// A game of `g_of` is not written as the check read it.
    OtherGame,
    /// The period of the statement does not fit in 64 bits.
    TooLong,
}

impl fmt::Display for Unproved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unproved::OwnPeriod => "the game's period is not proved",
            Unproved::OtherPeriod => "the period of a game of g_of is not proved",
            Unproved::ReadsN => {
                "it reads n otherwise than through g(n + c), g_of(\"SPEC\", n + c), n % m and comparisons such as \
                 n >= c (c, m written as numbers), so it need not repeat with the values"
            }
            Unproved::OtherGame => "a game of g_of is not written as the check read it",
            Unproved::TooLong => "its period is too long to check",
        })
    }
}

/// What a check of a sequence found.
#[derive(Clone, Debug)]
pub struct SequenceReport {
    /// The game, in words.
    pub game: String,
    /// The heaps checked are `0` to `heaps - 1`.
    pub heaps: u64,
    /// Heaps where the condition held (all of them without one).
    pub checked: u64,
    /// Heaps where the check fails.
    pub failures: u64,
    /// The first of them.
    pub first: Vec<HeapFailure>,
    /// A formula or a statement.
    pub mode: CheckMode,
    /// Its text.
    pub formula: String,
    /// The condition, if any.
    pub condition: Option<String>,
    /// The game's period, as `sequence` reports it.
    pub period: PeriodReport,
    /// The other games' periods, by spec.
    pub others: Vec<(String, PeriodReport)>,
    /// Proved, evidence or a failure.
    pub verdict: Verdict,
}

impl SequenceReport {
    /// Whether it holds on every heap checked.
    pub fn holds(&self) -> bool {
        self.failures == 0
    }

    /// The report in words, as `check` prints it.
    pub fn describe(&self) -> String {
        let what = what(self.mode);
        let last = self.heaps.saturating_sub(1);
        let mut out = if self.holds() {
            format!("The {what} holds at every heap n = 0 to {last} of {}.\n", self.game)
        } else {
            format!(
                "The {what} fails at {} of the {} heaps checked (n = 0 to {last}) of {}. The first:\n",
                self.failures, self.checked, self.game
            )
        };
        if let Some(condition) = &self.condition {
            out += &format!("{} left out, where {condition} is false.\n", self.heaps - self.checked);
        }
        for c in &self.first {
            out += &format!("  n = {}: g = {}, the {what} gives {}\n", c.n, c.g, c.value);
        }
        out += &self.period_lines();
        out += &self.verdict_text();
        out.push('\n');
        out
    }

    /// The periods the verdict rests on, a line each.
    fn period_lines(&self) -> String {
        let mut out = format!("{}: {}\n", self.game, first_line(&self.period));
        for (spec, report) in &self.others {
            out += &format!("g_of(\"{spec}\"): {}\n", first_line(report));
        }
        out
    }

    /// The last sentence: proved (and why), or evidence (and why).
    pub fn verdict_text(&self) -> String {
        let what = what(self.mode);
        // With a condition, what is proved is for the heaps it chooses.
        let every = match &self.condition {
            Some(c) => format!("every n where {c}"),
            None => "every n".to_string(),
        };
        match &self.verdict {
            Verdict::Proved { start, period } => format!(
                "Proved for {every}: by the periods proved above (the periodicity theorem), the check reads the \
                 same values at n and n + {period} for every n >= {start}, and the {what} holds at every heap \
                 below {}.",
                start + period
            ),
            Verdict::ProvedUpTo { start, period } => format!(
                "A finite check is evidence, not a proof: from n = {start} on the {what} repeats with period \
                 {period}, so checking every heap below {} (--size {}) would prove it for {every}.",
                start + period,
                start + period
            ),
            Verdict::Evidence(why) => format!("A finite check is evidence, not a proof: {why}."),
            Verdict::Fails => format!("The {what} is false."),
        }
    }
}

fn what(mode: CheckMode) -> &'static str {
    match mode {
        CheckMode::Formula => "formula",
        CheckMode::Holds => "statement",
    }
}

fn first_line(report: &PeriodReport) -> String {
    report.to_string().lines().next().unwrap_or_default().to_string()
}

/// Why a check of a sequence could not be made.
#[derive(Clone, Debug)]
pub enum SequenceCheckError {
    /// The formula does not read.
    Formula(FormulaError),
    /// The condition does not read.
    Condition(FormulaError),
    /// A `g_of` names something that is not a take-and-break game.
    Other {
        /// The spec as written.
        spec: String,
        /// Why, in English.
        why: String,
        /// The game's own error, when the spec names a take-and-break
        /// game that cannot be had (`None`: it names none).
        error: Option<Box<crate::takebreak::TakeBreakError>>,
    },
    /// The formula failed at a heap.
    Run {
        /// The heap.
        n: u64,
        /// What went wrong.
        error: Box<FormulaError>,
    },
    /// The condition failed at a heap.
    ConditionRun {
        /// The heap.
        n: u64,
        /// What went wrong.
        error: Box<FormulaError>,
    },
    /// A statement (or a condition) gave a number at a heap.
    NotAStatement {
        /// The heap.
        n: u64,
        /// Whether it was the condition.
        condition: bool,
    },
    /// The check was cancelled or ran out of time.
    Stopped,
}

impl fmt::Display for SequenceCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SequenceCheckError::Formula(e) => write!(f, "error in the formula: {e}"),
            SequenceCheckError::Condition(e) => write!(f, "error in the condition (--where): {e}"),
            SequenceCheckError::Other { spec, why, .. } => write!(f, "g_of(\"{spec}\", ...): {why}"),
            SequenceCheckError::Run { n, error } => write!(f, "at the heap n = {n}: {error}"),
            SequenceCheckError::ConditionRun { n, error } => write!(f, "at the heap n = {n}: the condition: {error}"),
            SequenceCheckError::NotAStatement { n, condition } => write!(
                f,
                "at the heap n = {n}: a {} must give true or false, not a number",
                if *condition { "condition" } else { "statement" }
            ),
            SequenceCheckError::Stopped => f.write_str("cancelled"),
        }
    }
}

impl std::error::Error for SequenceCheckError {}

/// A formula and a condition read for a sequence.
pub struct SequenceQuestion {
    formula: Formula,
    condition: Option<Formula>,
    mode: CheckMode,
    /// The other games of its `g_of`, by spec.
    pub others: Vec<(String, TakeBreak)>,
    shape: Option<Shape>,
}

impl SequenceQuestion {
    /// Read `text` (and `condition`) for a sequence, and the games their
    /// `g_of` names: errors before any value is computed.
    pub fn new(text: &str, condition: Option<&str>, mode: CheckMode) -> Result<Self, SequenceCheckError> {
        let formula = Formula::compile_sequence(text).map_err(SequenceCheckError::Formula)?;
        let chosen = condition.map(Formula::compile_sequence).transpose().map_err(SequenceCheckError::Condition)?;
        let mut others: Vec<(String, TakeBreak)> = Vec::new();
        for t in std::iter::once(text).chain(condition) {
            for spec in crate::script::tables::other_games(t) {
                if others.iter().any(|(s, _)| *s == spec) {
                    continue;
                }
                let game = crate::takebreak::load(&spec).map_err(|e| SequenceCheckError::Other {
                    spec: spec.clone(),
                    why: format!("{e} (a sequence is compared with another take-and-break game)"),
                    error: match e {
                        crate::takebreak::LoadError::Game(g) => Some(Box::new(g)),
                        crate::takebreak::LoadError::Spec(_) => None,
                    },
                })?;
                others.push((spec, game));
            }
        }
        let shape = match condition {
            Some(c) => shape(text).zip(shape(c)).map(|(a, b)| a.join(b)),
            None => shape(text),
        };
        Ok(SequenceQuestion { formula, condition: chosen, mode, others, shape })
    }
}

/// A sequence and its proved period, which gives the values beyond it.
type Values = (Arc<Sequence>, Option<Periodic>);

/// Reads `g(k)` and `g_of("SPEC", k)` during a check.
struct SequenceReader {
    own: Values,
    others: Vec<(String, Values)>,
}

fn read((seq, periodic): &Values, spec: Option<&str>, coords: &[i64]) -> Result<i64, ReadError> {
    let args = coords.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let call = match spec {
        Some(s) => format!("g_of(\"{s}\", {args})"),
        None => format!("g({args})"),
    };
    let &[k] = coords else { return Err(ReadError::Arity { call, coordinates: 1, top_layer: None }) };
    let k = u64::try_from(k).map_err(|_| ReadError::Negative { call: call.clone() })?;
    let heap = match periodic {
        Some(p) if k >= seq.len() && k >= p.start => p.start + (k - p.start) % p.period,
        _ => k,
    };
    seq.get(heap).map(i64::from).ok_or(ReadError::Beyond { call, heaps: seq.len() })
}

impl TableReader for SequenceReader {
    fn own(&self, coords: &[i64], _layer: usize) -> Result<i64, ReadError> {
        read(&self.own, None, coords)
    }

    fn other(&self, spec: &str, coords: &[i64]) -> Result<i64, ReadError> {
        match self.others.iter().find(|(s, _)| s == spec) {
            Some((_, values)) => read(values, Some(spec), coords),
            None => Err(ReadError::UnquotedGame { call: format!("g_of({spec:?}, ...)") }),
        }
    }
}

/// The period `sequence` would report for `seq`.
fn period_of(seq: &Sequence) -> PeriodReport {
    PeriodReport::of(seq.game().as_code(), seq.len(), |n| seq.get(n).unwrap_or(0))
}

fn periodic(report: &PeriodReport) -> Option<Periodic> {
    match report {
        PeriodReport::Proved(p) => Some(Periodic { period: p.period, start: p.start }),
        _ => None,
    }
}

/// Check `question` at the heaps `0` to `heaps - 1` of `seq` (computed that
/// far at least), the other games' sequences given by spec.
pub fn check_sequence(
    seq: Arc<Sequence>,
    others: Vec<(String, Arc<Sequence>)>,
    question: &SequenceQuestion,
    heaps: u64,
    control: &Control,
) -> Result<SequenceReport, SequenceCheckError> {
    let g = |n: u64| seq.get(n).unwrap_or(0);
    let period = period_of(&seq);
    let other_periods: Vec<(String, PeriodReport)> = others.iter().map(|(s, q)| (s.clone(), period_of(q))).collect();
    let reader: Arc<dyn TableReader> = Arc::new(SequenceReader {
        own: (Arc::clone(&seq), periodic(&period)),
        others: others
            .iter()
            .zip(&other_periods)
            .map(|((s, q), (_, r))| (s.clone(), (Arc::clone(q), periodic(r))))
            .collect(),
    });
    let stop = control.deadline();
    let judge = |scope: &mut Scope<'static>, n: u64| -> Result<(bool, Option<HeapFailure>), SequenceCheckError> {
        let v = g(n);
        let (ni, gi) = (n as i64, i64::from(v));
        if let Some(c) = &question.condition {
            let r = reading(&reader, 0, || c.eval_sequence(scope, ni, gi, stop))
                .map_err(|error| SequenceCheckError::ConditionRun { n, error: Box::new(error) })?;
            match r {
                FormulaValue::Bool(true) => {}
                FormulaValue::Bool(false) => return Ok((false, None)),
                FormulaValue::Int(_) => return Err(SequenceCheckError::NotAStatement { n, condition: true }),
            }
        }
        let value = reading(&reader, 0, || question.formula.eval_sequence(scope, ni, gi, stop))
            .map_err(|error| SequenceCheckError::Run { n, error: Box::new(error) })?;
        let holds = match (question.mode, value) {
            (CheckMode::Formula, FormulaValue::Int(w)) => w == gi,
            (CheckMode::Formula, FormulaValue::Bool(b)) => b == (v == 0),
            (CheckMode::Holds, FormulaValue::Bool(b)) => b,
            (CheckMode::Holds, FormulaValue::Int(_)) => {
                return Err(SequenceCheckError::NotAStatement { n, condition: false });
            }
        };
        Ok((true, (!holds).then_some(HeapFailure { n, g: v, value })))
    };
    control.start(heaps);
    let (mut checked, mut failures, mut first) = (0u64, 0u64, Vec::new());
    let mut from = 0;
    while from < heaps {
        let to = heaps.min(from + CHUNK);
        let results: Vec<_> = (from..to)
            .into_par_iter()
            .map_init(Scope::new, |scope, n| {
                if control.must_stop() {
                    return Err(SequenceCheckError::Stopped);
                }
                judge(scope, n).map_err(|e| if control.must_stop() { SequenceCheckError::Stopped } else { e })
            })
            .collect();
        for r in results {
            let (seen, failure) = r?;
            checked += u64::from(seen);
            if let Some(f) = failure {
                failures += 1;
                if first.len() < KEPT {
                    first.push(f);
                }
            }
        }
        control.advance(to - from);
        from = to;
    }
    let verdict =
        if failures > 0 { Verdict::Fails } else { verdict(question.shape.as_ref(), &period, &other_periods, heaps) };
    Ok(SequenceReport {
        game: seq.game().label(),
        heaps,
        checked,
        failures,
        first,
        mode: question.mode,
        formula: question.formula.text().to_string(),
        condition: question.condition.as_ref().map(|c| c.text().to_string()),
        period,
        others: other_periods,
        verdict,
    })
}

/// Whether a check that held on the heaps below `heaps` proves it for
/// every heap.
fn verdict(shape: Option<&Shape>, own: &PeriodReport, others: &[(String, PeriodReport)], heaps: u64) -> Verdict {
    let Some(own) = periodic(own) else { return Verdict::Evidence(Unproved::OwnPeriod) };
    let others: Vec<(String, Option<Periodic>)> = others.iter().map(|(s, r)| (s.clone(), periodic(r))).collect();
    if others.iter().any(|(_, p)| p.is_none()) {
        return Verdict::Evidence(Unproved::OtherPeriod);
    }
    let Some(shape) = shape else {
        return Verdict::Evidence(Unproved::ReadsN);
    };
    if shape.others.iter().any(|(spec, _)| !others.iter().any(|(s, _)| s == spec)) {
        return Verdict::Evidence(Unproved::OtherGame);
    }
    match shape.period_from(own, &others) {
        Some((start, period)) if start.checked_add(period).is_some_and(|end| end <= heaps) => {
            Verdict::Proved { start, period }
        }
        Some((start, period)) if start.checked_add(period).is_some() => Verdict::ProvedUpTo { start, period },
        _ => Verdict::Evidence(Unproved::TooLong),
    }
}
