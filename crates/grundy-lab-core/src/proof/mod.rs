//! Proofs by automata: statements about *every* position of a game,
//! decided exactly (docs/math.md §8).
//!
//! In base b and in Fibonacci (Zeckendorf) numeration, every first-order
//! statement over the natural numbers with `+`, `<` and predicates that
//! finite automata recognise defines a set that a finite automaton
//! recognises, and that automaton can be computed (the Büchi–Bruyère
//! theorem). So once the P-positions of a game are given by an automaton,
//! and that automaton is *proved* to be the P-positions (two conditions
//! that are themselves such statements), every statement about them is
//! decided, for all positions at once.
//!
//! The rooms: [`numeration`] (digits), [`automaton`] (automata over
//! tuples of digits and their operations), [`basic`] (`=`, `<`, `+`,
//! constants), [`formula`] (Walnut's syntax, compiled to automata),
//! [`game`] (the moves of a game as a formula), [`guess`] (the smallest
//! automaton consistent with a computed table), [`prove`] (the verdict),
//! [`walnut`] (files a referee can check with Walnut). The engine's table
//! is the only input from outside; nothing here knows of the UI.

pub mod automaton;
pub mod basic;
pub mod formula;
pub mod game;
pub mod guess;
pub mod numeration;
pub mod prove;
pub mod session;
pub mod walnut;

#[cfg(test)]
mod tests;

pub use automaton::Automaton;
pub use game::{GameMoves, Terminal};
pub use numeration::Numeration;
pub use prove::{Outcome, Prover, Verdict};

use std::fmt;

/// The limits of one proof: how large an automaton and its alphabet may
/// grow before the work is refused (with the limit named), so that a hard
/// statement ends in a clear refusal rather than in an exhausted memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most states of one automaton while it is built.
    pub max_states: usize,
    /// The most letters (tuples of digits) of one automaton.
    pub max_letters: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_states: 2_000_000, max_letters: 1 << 16 }
    }
}

/// Why a proof could not be carried out (as opposed to a statement being
/// false, which is a [`Verdict`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// An automaton grew past [`Limits::max_states`].
    TooManyStates {
        /// The limit that was reached.
        limit: usize,
    },
    /// A formula has too many variables at once for [`Limits::max_letters`].
    TooManyLetters {
        /// Variables at once.
        tracks: usize,
        /// Letters they need.
        letters: u64,
        /// The limit.
        limit: usize,
    },
    /// The statement cannot be read.
    Syntax {
        /// Byte offset in the statement.
        at: usize,
        /// What is wrong there.
        message: String,
    },
    /// A predicate that this game does not define.
    UnknownPredicate {
        /// Its name as written.
        name: String,
    },
    /// A predicate with the wrong number of arguments.
    Arity {
        /// Its name.
        name: String,
        /// Arguments it takes.
        expected: usize,
        /// Arguments given.
        got: usize,
    },
    /// `G(k, …)` whose k is not a constant, or too large.
    GrundyIndex {
        /// What was written for k.
        written: String,
        /// The largest k allowed.
        max: u32,
    },
    /// A witness beyond 64 bits.
    WitnessTooLarge,
    /// The game's moves cannot be said in this logic.
    NotExpressible {
        /// Why, in words.
        reason: String,
    },
    /// The statement names another numeration than the proof.
    NumerationMismatch {
        /// The statement's.
        statement: Numeration,
        /// The proof's.
        proof: Numeration,
    },
    /// Stopped by the user or a time limit.
    Cancelled,
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::TooManyStates { limit } => {
                write!(f, "an automaton grew past {limit} states (the limit of states; raise it with --max-states)")
            }
            ProofError::TooManyLetters { tracks, letters, limit } => write!(
                f,
                "{tracks} variables at once need {letters} letters, more than the limit of {limit}; \
                 use fewer variables in one part of the statement or a smaller base"
            ),
            ProofError::Syntax { at, message } => {
                write!(f, "the statement cannot be read at character {}: {message}", at + 1)
            }
            ProofError::UnknownPredicate { name } => write!(
                f,
                "unknown predicate {name}; this game has P (P-positions), G(k, …) (Grundy value k), \
                 W(x, y) (Wythoff's P-positions) and M (a move)"
            ),
            ProofError::Arity { name, expected, got } => {
                write!(f, "{name} takes {expected} coordinates here, not {got}")
            }
            ProofError::GrundyIndex { written, max } => {
                write!(f, "in G(k, …) k must be a number from 0 to {max}, not {written}")
            }
            ProofError::WitnessTooLarge => write!(f, "the least witness does not fit in 64 bits"),
            ProofError::NotExpressible { reason } => write!(f, "the moves cannot be written as a formula: {reason}"),
            ProofError::NumerationMismatch { statement, proof } => {
                write!(f, "the statement names {statement} but the proof uses {proof}; give --numeration to match")
            }
            ProofError::Cancelled => write!(f, "stopped"),
        }
    }
}

impl std::error::Error for ProofError {}
