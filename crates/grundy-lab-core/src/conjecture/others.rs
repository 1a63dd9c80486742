//! The other games of a formula's `g_of("SPEC", ...)`: read once from
//! their specs, and computed once on the same box as the table checked
//! (of one to three coordinates, or of four to eight heaps).
//!
//! A spec is what `--rules` takes (a preset, a rules file, a program),
//! with `+pass` at the end for the one-time pass and `misere:` in front for
//! misère play (whose table holds misère Grundy values: 0 exactly at a
//! P-position).

use crate::Control;
use crate::game_table::{GameTable, TableError};
use crate::rules::{Convention, Rules, SpecError, load_spec};
use std::fmt;

/// Why the game of a `g_of` cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OtherGameError {
    /// The spec names no game.
    Spec {
        /// The spec as written.
        spec: String,
        /// Why.
        error: Box<SpecError>,
    },
    /// The spec names a take-and-break game, which has no table of positions.
    TakeBreak {
        /// The spec as written.
        spec: String,
    },
    /// The game has another number of coordinates than the table checked.
    Dimension {
        /// The spec as written.
        spec: String,
        /// Its number of coordinates.
        game: u8,
        /// The checked table's.
        table: u8,
    },
    /// Its table could not be computed on the box.
    Table {
        /// The spec as written.
        spec: String,
        /// Why.
        error: Box<TableError>,
    },
}

impl fmt::Display for OtherGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OtherGameError::Spec { spec, error } => write!(f, "g_of(\"{spec}\", ...): {error}"),
            OtherGameError::TakeBreak { spec } => {
                write!(f, "g_of(\"{spec}\", ...): a take-and-break game has no table of positions to read")
            }
            OtherGameError::Dimension { spec, game, table } => write!(
                f,
                "g_of(\"{spec}\", ...): that game has {game} coordinates and the table checked has {table}; \
                 g_of reads a game with as many coordinates, on the same box"
            ),
            OtherGameError::Table { spec, error } => write!(f, "g_of(\"{spec}\", ...): {error}"),
        }
    }
}

impl std::error::Error for OtherGameError {}

/// The rules a `g_of` spec names: `misere:` in front for misère play,
/// `+pass` at the end for the one-time pass.
pub fn other_rules(spec: &str) -> Result<Rules, OtherGameError> {
    let (misere, rest) = match spec.strip_prefix("misere:") {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    if crate::takebreak::TakeBreak::parse_spec(rest).is_some() {
        return Err(OtherGameError::TakeBreak { spec: spec.to_string() });
    }
    let (pass, name) = match rest.strip_suffix("+pass") {
        Some(name) if load_spec(rest).is_err() => (true, name),
        _ => (false, rest),
    };
    let mut rules =
        load_spec(name).map_err(|error| OtherGameError::Spec { spec: spec.to_string(), error: Box::new(error) })?;
    if misere {
        rules.convention = Convention::Misere;
    }
    if pass && !rules.passes.any() {
        rules.passes = crate::rules::Passes::GALE;
    }
    Ok(rules)
}

/// The games the formulas `texts` read with `g_of`, each once, checked to
/// have `dimension` coordinates like the table checked.
pub fn other_games(texts: &[&str], dimension: u8) -> Result<Vec<(String, Rules)>, OtherGameError> {
    let mut out: Vec<(String, Rules)> = Vec::new();
    for text in texts {
        for spec in crate::script::tables::other_games(text) {
            if out.iter().any(|(s, _)| *s == spec) {
                continue;
            }
            let rules = other_rules(&spec)?;
            if rules.dimension != dimension {
                return Err(OtherGameError::Dimension { spec, game: rules.dimension, table: dimension });
            }
            out.push((spec, rules));
        }
    }
    Ok(out)
}

/// The tables of `games` on the box `sides` (one side per coordinate, as
/// [`GameTable::compute`] reads them: the sorted positions only where a
/// game's heaps are alike), one after the other, under `control` (its
/// cancel flag and time limit stop the work).
pub fn compute_others(
    games: &[(String, Rules)],
    sides: &[usize],
    control: &Control,
) -> Result<Vec<(String, GameTable)>, OtherGameError> {
    games
        .iter()
        .map(|(spec, rules)| {
            let table = GameTable::compute(rules, sides, false, control)
                .map_err(|error| OtherGameError::Table { spec: spec.clone(), error: Box::new(error) })?;
            Ok((spec.clone(), table))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_take_a_misere_prefix_and_a_pass_suffix() {
        let r = other_rules("misere:queen+pass").unwrap();
        assert_eq!((r.convention, r.passes), (Convention::Misere, crate::rules::Passes::GALE));
        assert!(r.same_game(&crate::rules::preset("queen+pass").unwrap().misere()));
        let r = other_rules("nim").unwrap();
        assert_eq!((r.convention, r.passes), (Convention::Normal, crate::rules::Passes::NONE));
        assert!(matches!(other_rules("no-such-game"), Err(OtherGameError::Spec { .. })));
        assert!(matches!(other_rules("kayles"), Err(OtherGameError::TakeBreak { .. })));
        let e = other_games(&["g_of(\"nim-3\", x, y, 0) == 0"], 2).unwrap_err();
        assert!(matches!(e, OtherGameError::Dimension { game: 3, table: 2, .. }), "{e}");
    }
}
