//! One proof from a game's [`Rules`]: translate the moves into a formula
//! (or say why they cannot be), compute the engine's table, guess and
//! prove the sets the statement needs, decide it. The one door that the
//! command line, the app and the bench use.

use super::game::{GameMoves, Terminal};
use super::numeration::Numeration;
use super::prove::{Outcome, Prover, Verdict};
use super::{Automaton, Limits, ProofError};
use crate::control::Control;
use crate::grundy::{EngineError, compute_box};
use crate::rules::{Convention, Rules};

/// What to prove.
#[derive(Clone, Debug)]
pub struct Request {
    /// A statement in Walnut's syntax; `None`: prove the P-positions.
    pub statement: Option<String>,
    /// The numeration of the automata.
    pub numeration: Numeration,
    /// The side of the table the guesses read (`None`: [`default_side`]).
    pub side: Option<usize>,
    /// The limits of the automata.
    pub limits: Limits,
}

/// The side of table read by default: 2000 for two coordinates (words of
/// 15 Fibonacci digits), 100 000 for one, 100 for three.
pub fn default_side(dimension: u8) -> usize {
    match dimension {
        1 => 100_000,
        2 => 2000,
        _ => 100,
    }
}

/// What a proof found, owned (the automata can be drawn and exported).
#[derive(Clone, Debug)]
pub struct Report {
    /// The game's label.
    pub game: String,
    /// The numeration.
    pub numeration: Numeration,
    /// The answer.
    pub verdict: Verdict,
    /// The side of the table that was read.
    pub side: usize,
    /// `M(x, y, u, v)` in Walnut's syntax.
    pub move_formula: String,
    /// The formulas of moves to define, by name (`M`, and `Q` for the
    /// queen's when `W` is used), in Walnut's syntax.
    pub defs: Vec<(String, String)>,
    /// The proved sets by their Walnut names (`G0`, `G1`, …, or `P` in
    /// misère, and `W`), with their automata.
    pub sets: Vec<(String, Automaton)>,
    /// The conditions that prove each set, by name, in Walnut's syntax.
    pub conditions: Vec<(String, String)>,
}

/// Why a proof could not even start, or stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// A fault of the proof room (a limit, a statement that cannot be read…).
    Proof(ProofError),
    /// The table could not be computed.
    Engine(EngineError),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::Proof(e) => e.fmt(f),
            SessionError::Engine(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<ProofError> for SessionError {
    fn from(e: ProofError) -> Self {
        SessionError::Proof(e)
    }
}

/// The moves of `rules` for the proof room, or why they cannot be said in
/// Presburger arithmetic.
pub fn game_of(rules: &Rules) -> Result<GameMoves, ProofError> {
    let no = |reason: &str| Err(ProofError::NotExpressible { reason: reason.to_string() });
    if rules.breaks.is_some() {
        return no("a take-and-break game is a sequence of heaps, not a board; its periods are proved by `sequence`");
    }
    if rules.program.is_some() {
        return no("a rules program may compute anything (loops, tables, arithmetic beyond + and <), \
                   so its moves cannot be translated into a formula in general");
    }
    if rules.passes.any() {
        return no("passes make a game with a memory (the passes left); proofs take games without passes");
    }
    if !(1..=3).contains(&rules.dimension) {
        return no("proofs take games of one to three coordinates");
    }
    let d = rules.dimension as usize;
    let offsets = |set: &std::collections::BTreeSet<crate::rules::Offset>| -> Vec<[u32; 3]> {
        set.iter()
            .map(|o| [o.dx, o.dy, o.dz])
            .map(|mut o| {
                o[d..].iter_mut().for_each(|c| *c = 0);
                o
            })
            .filter(|o| o.iter().any(|&c| c != 0))
            .collect()
    };
    let terminal = match rules.terminal.as_triangle() {
        Some(n) if d == 2 => Terminal::Triangle(n as u64),
        _ => Terminal::Cells(rules.terminal.cells().map(|c| c.map(u64::from)).collect()),
    };
    Ok(GameMoves {
        dimension: d,
        slides: offsets(&rules.piece.slides),
        jumps: offsets(&rules.piece.jumps),
        terminal,
        misere: rules.convention == Convention::Misere,
    })
}

/// Prove what `request` asks about `rules`.
pub fn prove(rules: &Rules, request: &Request, control: &Control) -> Result<Report, SessionError> {
    let game = game_of(rules)?;
    let move_formula = game.move_formula_text()?;
    let d = game.dimension;
    let side = request.side.unwrap_or_else(|| default_side(rules.dimension));
    let mut dims = [1usize; 3];
    dims[..d].iter_mut().for_each(|s| *s = side);
    let table = compute_box(rules, dims, control).map_err(SessionError::Engine)?;
    let value = |p: &[u64]| {
        let mut c = [0usize; 3];
        for (i, &v) in p.iter().enumerate() {
            c[i] = v as usize;
        }
        table.get_at(c, 0)
    };
    let mut prover = Prover::new(game.clone(), request.numeration, request.limits, &value, side as u64, control)?;
    let verdict = match &request.statement {
        Some(text) => prover.decide(text)?,
        None => match prover.prove_values(0)? {
            None => {
                Verdict::Proved { statement: String::new(), sets: vec![("P".to_string(), prover.values()[0].states())] }
            }
            Some(why) => Verdict::NotProved { statement: String::new(), why },
        },
    };
    let mut sets = Vec::new();
    let mut conditions = Vec::new();
    for (k, a) in prover.values().iter().enumerate() {
        let name = if game.misere { "P".to_string() } else { format!("G{k}") };
        conditions.push((format!("{name}_is_proved"), prover.condition_text(k)));
        sets.push((name, a.clone()));
    }
    let mut defs = vec![("M".to_string(), move_formula.clone())];
    if let Some(w) = prover.wythoff() {
        sets.push(("W".to_string(), w.clone()));
        defs.push(("Q".to_string(), super::game::GameMoves::queen().move_formula_text()?));
        conditions.push(("W_is_proved".to_string(), "A x,y ($W(x,y) <=> ~(E u,v $Q(x,y,u,v) & $W(u,v)))".to_string()));
    }
    Ok(Report {
        game: rules.label(),
        numeration: request.numeration,
        verdict,
        side,
        move_formula,
        defs,
        sets,
        conditions,
    })
}

impl Report {
    /// Whether the verdict is "not proved" because no automaton was found
    /// (as opposed to a guess that failed the proof).
    pub fn no_automaton(&self) -> bool {
        matches!(&self.verdict, Verdict::NotProved { why: Outcome::NoAutomaton { .. }, .. })
    }
}
