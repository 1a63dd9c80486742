//! The verdict: the sets of positions of Grundy value k (the P-positions
//! for k = 0) guessed from the table, then *proved* by the induction of
//! docs/math.md §8, then statements about them decided.
//!
//! For a game whose every move lowers the sum of the coordinates, a set
//! `S_k` is the set of positions of value k iff `S_k` equals
//! `{p ∉ S_0 ∪ … ∪ S_(k−1) : p has a move into each S_j, j < k, and none
//! into S_k}` (for k = 0: no move into `S_0`). In misère play the
//! P-positions are the set `S = {p with a move : no move into S}`. Each
//! condition is a statement; the guess is proved when the automaton of
//! the positions where it fails is empty. A guess that fails is never
//! called proved: the answer is then "not proved", with the position.

use super::automaton::Automaton;
use super::formula::{self, Compiler, Formula, Predicates, Term};
use super::game::GameMoves;
use super::guess::{self, Data};
use super::numeration::Numeration;
use super::{Limits, ProofError};
use crate::control::Control;
use std::fmt;

/// The largest k of `G(k, …)`.
pub const MAX_VALUE: u32 = 8;

/// A set proved, or why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The automaton of the set, proved.
    Proved(Automaton),
    /// No automaton consistent with the table was found.
    NoAutomaton {
        /// Which set ("P", "G(1)", "W").
        set: String,
        /// The table's bound.
        limit: u64,
        /// The longest words of digits the table covers.
        digits: usize,
    },
    /// An automaton agreed with the table but failed the proof here.
    GuessFails {
        /// Which set.
        set: String,
        /// The least position where the conditions fail.
        at: Vec<u64>,
    },
}

/// The answer about a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// True for every value of its variables.
    Proved {
        /// The statement as read, in Walnut's syntax.
        statement: String,
        /// The sizes of the proved sets it uses (name, states).
        sets: Vec<(String, usize)>,
    },
    /// False.
    Refuted {
        /// The statement as read.
        statement: String,
        /// The least values of the universally quantified variables for
        /// which it fails (empty for a false "there is").
        counterexample: Vec<(String, u64)>,
    },
    /// Not decided.
    NotProved {
        /// The statement as read.
        statement: String,
        /// Why.
        why: Outcome,
    },
}

/// The proved sets of one game in one numeration, found from a table of
/// its values.
pub struct Prover<'a> {
    numeration: Numeration,
    game: GameMoves,
    limits: Limits,
    control: &'a Control,
    moves: Automaton,
    /// The value of a position below `limit` (misère: the misère Grundy
    /// value, 0 exactly at a P-position).
    value: &'a dyn Fn(&[u64]) -> u32,
    limit: u64,
    /// Proved: `values[k]` is the set of value k (normal play; in misère
    /// only `values[0]`, the P-positions).
    values: Vec<Automaton>,
    wythoff: Option<Automaton>,
}

/// The predicates a statement may use: `M`, `P`, `G(k, …)`, `W`, and
/// while one is being proved, the candidate.
struct Known<'b> {
    moves: &'b Automaton,
    values: &'b [Automaton],
    candidate: Option<&'b Automaton>,
    wythoff: Option<&'b Automaton>,
    misere: bool,
}

/// The k of `G(k, …)` (or of `Gk(…)`, as Walnut writes it) and how many
/// arguments it takes up; `None` for another predicate.
fn grundy_index(name: &str, args: &[Term]) -> Option<Result<(usize, usize), ProofError>> {
    let bad = |written: String| Err(ProofError::GrundyIndex { written, max: MAX_VALUE });
    if name == "G" {
        return Some(match args.first() {
            Some(Term::Const(k)) if *k <= MAX_VALUE as u64 => Ok((*k as usize, 1)),
            other => bad(other.map_or(String::new(), |t| t.to_string())),
        });
    }
    let digits = name.strip_prefix('G')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(match digits.parse::<u32>() {
        Ok(k) if k <= MAX_VALUE => Ok((k as usize, 0)),
        _ => bad(digits.to_string()),
    })
}

impl Predicates for Known<'_> {
    fn automaton(&self, name: &str, args: &[Term]) -> Result<(Automaton, usize), ProofError> {
        let none = || ProofError::UnknownPredicate { name: name.to_string() };
        if let Some(index) = grundy_index(name, args) {
            if self.misere {
                return Err(none());
            }
            let (k, skip) = index?;
            let a = if k < self.values.len() {
                Some(&self.values[k])
            } else if k == self.values.len() {
                self.candidate
            } else {
                None
            };
            return a.cloned().map(|a| (a, skip)).ok_or_else(none);
        }
        match name {
            "M" => Ok((self.moves.clone(), 0)),
            "P" => self.values.first().or(self.candidate).cloned().map(|a| (a, 0)).ok_or_else(none),
            "W" => self.wythoff.cloned().map(|a| (a, 0)).ok_or_else(none),
            _ => Err(none()),
        }
    }
}

/// Whether `(x, y)` is a P-position of Wythoff's game, exactly: with
/// `a <= b` and `n = b − a`, iff `a = ⌊nφ⌋ = (n + ⌊√(5n²)⌋) / 2`.
pub fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y) as u128, x.max(y) as u128);
    let n = b - a;
    let s = 5 * n * n;
    let mut r = (s as f64).sqrt() as u128;
    while r * r > s {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= s {
        r += 1;
    }
    a == (n + r) / 2
}

impl<'a> Prover<'a> {
    /// A prover for `game` in `numeration`, from the values of its
    /// positions below `limit` in every coordinate.
    pub fn new(
        game: GameMoves,
        numeration: Numeration,
        limits: Limits,
        value: &'a dyn Fn(&[u64]) -> u32,
        limit: u64,
        control: &'a Control,
    ) -> Result<Self, ProofError> {
        let mut compiler = Compiler::new(numeration, &formula::NoPredicates, &limits).with_control(control);
        let mut moves = compiler.compile(&game.move_formula()?)?;
        // The tracks in the order x, y, …, u, v, …
        let order: Vec<String> = game.coordinates().into_iter().chain(game.targets()).collect();
        moves = moves.with_tracks(&order, &limits)?;
        Ok(Prover { numeration, game, limits, control, moves, value, limit, values: Vec::new(), wythoff: None })
    }

    /// The numeration of the proofs.
    pub fn numeration(&self) -> Numeration {
        self.numeration
    }

    /// The automaton of the moves, `M(x, y, u, v)`.
    pub fn moves(&self) -> &Automaton {
        &self.moves
    }

    /// The proved sets so far: value 0 (the P-positions), 1, …
    pub fn values(&self) -> &[Automaton] {
        &self.values
    }

    /// The proved P-positions of Wythoff's game, once asked for.
    pub fn wythoff(&self) -> Option<&Automaton> {
        self.wythoff.as_ref()
    }

    fn known<'b>(&'b self, candidate: Option<&'b Automaton>) -> Known<'b> {
        Known {
            moves: &self.moves,
            values: &self.values,
            candidate,
            wythoff: self.wythoff.as_ref(),
            misere: self.game.misere,
        }
    }

    /// The statement that the candidate for value `k` is right, in
    /// Walnut's syntax over the coordinates (true iff the candidate is
    /// the set of value k).
    pub fn condition_text(&self, k: usize) -> String {
        let xs = self.game.coordinates().join(",");
        let us = self.game.targets().join(",");
        let into = |set: String| format!("(E {us} $M({xs},{us}) & {set}({us}))");
        if self.game.misere {
            return format!("A {xs} ($P({xs}) <=> ((E {us} $M({xs},{us})) & ~{}))", into("$P".into()));
        }
        let mut parts = Vec::new();
        for j in 0..k {
            parts.push(format!("~$G{j}({xs})"));
            parts.push(into(format!("$G{j}")));
        }
        parts.push(format!("~{}", into(format!("$G{k}"))));
        format!("A {xs} ($G{k}({xs}) <=> ({}))", parts.join(" & "))
    }

    /// Guess and prove the sets of value 0 to `k` (misère: only the
    /// P-positions, k = 0).
    pub fn prove_values(&mut self, k: usize) -> Result<Option<Outcome>, ProofError> {
        while self.values.len() <= k {
            let j = self.values.len();
            let name = if j == 0 { "P".to_string() } else { format!("G({j})") };
            let value = self.value;
            let contains = move |p: &[u64]| value(p) == j as u32;
            let data = Data { limit: self.limit, contains: &contains };
            let tracks = self.game.coordinates();
            let candidate = match guess::guess(self.numeration, &tracks, &data, &self.limits, self.control)? {
                Ok(a) => a,
                Err(nf) => {
                    return Ok(Some(Outcome::NoAutomaton { set: name, limit: self.limit, digits: nf.digits }));
                }
            };
            let text = self.condition_text(j);
            let formula = formula::parse(&text)?.formula;
            if let Some(at) = self.failures(&formula, &candidate)? {
                return Ok(Some(Outcome::GuessFails { set: name, at }));
            }
            self.values.push(candidate);
        }
        Ok(None)
    }

    /// The least position where a universal condition fails for the
    /// candidate, or `None` when it holds everywhere.
    fn failures(&self, condition: &Formula, candidate: &Automaton) -> Result<Option<Vec<u64>>, ProofError> {
        let Formula::Forall(vars, body) = condition else {
            return Ok(None);
        };
        let known = self.known(Some(candidate));
        let mut compiler = Compiler::new(self.numeration, &known, &self.limits).with_control(self.control);
        let bad = compiler.compile(&Formula::Not(body.clone()))?.with_tracks(vars, &self.limits)?;
        bad.least(&self.limits)
    }

    /// Prove the P-positions of Wythoff's game in this numeration (for
    /// `W(x, y)`): guessed from the exact formula, proved with the queen's
    /// moves like any game.
    pub fn prove_wythoff(&mut self) -> Result<Option<Outcome>, ProofError> {
        if self.wythoff.is_some() {
            return Ok(None);
        }
        let queen = GameMoves::queen();
        let value = |p: &[u64]| u32::from(!is_wythoff_p(p[0], p[1]));
        let mut prover = Prover::new(queen, self.numeration, self.limits, &value, 2000, self.control)?;
        if let Some(mut why) = prover.prove_values(0)? {
            match &mut why {
                Outcome::NoAutomaton { set, .. } | Outcome::GuessFails { set, .. } => *set = "W".into(),
                Outcome::Proved(_) => {}
            }
            return Ok(Some(why));
        }
        self.wythoff = prover.values.into_iter().next();
        Ok(None)
    }

    /// Decide a statement in Walnut's syntax. Free variables are read as
    /// "for all"; a false statement of the form `A x, … φ` comes with the
    /// least values for which φ fails.
    pub fn decide(&mut self, text: &str) -> Result<Verdict, ProofError> {
        let statement = formula::parse(text)?;
        if let Some(n) = statement.numeration
            && n != self.numeration
        {
            return Err(ProofError::NumerationMismatch { statement: n, proof: self.numeration });
        }
        let f = statement.formula;
        let shown = f.to_string();
        // The sets the statement needs, proved first.
        let mut sets = Vec::new();
        for (name, args) in f.predicates() {
            let grundy = match grundy_index(&name, &args) {
                Some(_) if self.game.misere => {
                    return Err(ProofError::UnknownPredicate { name });
                }
                Some(index) => Some(index?.0),
                None => None,
            };
            let why = match (name.as_str(), grundy) {
                (_, Some(k)) => self.prove_values(k)?,
                ("P", _) => self.prove_values(0)?,
                ("W", _) => self.prove_wythoff()?,
                ("M", _) => None,
                _ => return Err(ProofError::UnknownPredicate { name }),
            };
            if let Some(why) = why {
                return Ok(Verdict::NotProved { statement: shown, why });
            }
            let entry = match (name.as_str(), grundy) {
                (_, Some(k)) => (format!("G({k})"), self.values[k].states()),
                ("P", _) => ("P".to_string(), self.values[0].states()),
                ("W", _) => ("W".to_string(), self.wythoff.as_ref().map_or(0, Automaton::states)),
                _ => ("M".to_string(), self.moves.states()),
            };
            if !sets.contains(&entry) {
                sets.push(entry);
            }
        }
        // Leading "for all" and free variables: look for the least
        // counterexample.
        let mut vars = f.free_variables();
        let mut body = f.clone();
        while let Formula::Forall(vs, inner) = body {
            vars.extend(vs);
            body = *inner;
        }
        let known = self.known(None);
        let mut compiler = Compiler::new(self.numeration, &known, &self.limits).with_control(self.control);
        let bad = compiler.compile(&Formula::Not(Box::new(body)))?;
        let bad = bad.with_tracks(&vars, &self.limits)?;
        Ok(match bad.least(&self.limits)? {
            None => Verdict::Proved { statement: shown, sets },
            Some(values) => {
                Verdict::Refuted { statement: shown, counterexample: vars.into_iter().zip(values).collect() }
            }
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Proved(a) => write!(f, "proved ({} states)", a.states()),
            Outcome::NoAutomaton { set, limit, digits } => write!(
                f,
                "no automaton of {set} was found that agrees with the table below {limit} \
                 (words of up to {digits} digits); it may not be automatic in this numeration"
            ),
            Outcome::GuessFails { set, at } => write!(
                f,
                "the automaton guessed for {set} agrees with the table but fails the proof at ({}); \
                 a larger table may help",
                at.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
            ),
        }
    }
}
