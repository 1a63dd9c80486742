//! Passes: a player may, instead of moving, leave the position as it is.
//!
//! [`Passes`] says how many passes a game has (shared by the two players,
//! counted down for the game, not per player) and whether a pass is allowed
//! also where no other move is left. The state of a game is the position and
//! the number `k` of passes still left; the engine stores one **layer** per
//! `k`, from 0 (no pass left: the game without passes) to
//! [`Passes::count`] (every pass still there, where a game starts).
//!
//! With `at_end` false (Gale's pass, the default `pass` of presets and
//! files), a pass is an option of `(p, k)` for `k >= 1` only when `p` has a
//! move: the game ends where the position has no move, passes left or not.
//! With `at_end` true the pass is an option of `(p, k)` for every `k >= 1`;
//! the game still ends, since the passes are finite: a state is terminal
//! exactly when its position has no move and no pass is left. In normal
//! play the player who cannot move at `(p, 0)` loses; in misère play the
//! player who makes the last move, a pass included, loses.
//!
//! The values, for `k >= 1` and `E(p)` the options of `p`:
//!
//! ```text
//! g(p, 0) = mex { g(q, 0) : q ∈ E(p) }
//! g(p, k) = mex ({ g(q, k) : q ∈ E(p) } ∪ { g(p, k − 1) })   if E(p) ≠ ∅ or at_end
//! g(p, k) = 0                                                  otherwise
//! ```
//!
//! Where a pass is allowed, `g(p, k)` is a mex over a set holding
//! `g(p, k − 1)`, so the two differ; by induction `g(p, k + 2) = g(p, k)`
//! (in misère play too, for the misère Grundy values): K passes have the values of
//! Gale's game for K odd and of the game without passes for K even.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most passes a game may have: 8. Each pass is one more layer as large
/// as the whole table, so 8 passes already take 9 times the memory of the
/// game without them (the memory check counts every layer). More would
/// show nothing new: the values depend only on the parity of the passes
/// left, `g(p, k + 2) = g(p, k)` (docs/math.md, tested against a brute
/// force), and a count of one digit stays something a person can step
/// through layer by layer on the map.
pub const MAX_PASSES: u8 = 8;

/// The passes of a game: how many (shared by both players) and whether a
/// pass is allowed also at a position with no move. See the module's
/// documentation for what the game then is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Passes {
    /// How many passes the game has, for both players together (0 to
    /// [`MAX_PASSES`]; 0: no pass).
    pub count: u8,
    /// Whether a pass is allowed where no other move is left (at a position
    /// with no move, a terminal cell included). Without passes it changes
    /// nothing.
    pub at_end: bool,
}

impl Passes {
    /// No pass.
    pub const NONE: Passes = Passes { count: 0, at_end: false };
    /// Gale's one-time pass: once per game, never at a position with no move.
    pub const GALE: Passes = Passes { count: 1, at_end: false };

    /// `count` passes, never at a position with no move.
    pub const fn times(count: u8) -> Passes {
        Passes { count, at_end: false }
    }

    /// Whether the game has a pass at all.
    pub const fn any(self) -> bool {
        self.count > 0
    }

    /// The number of layers of a table: one per number of passes left,
    /// `count + 1`.
    pub const fn layers(self) -> usize {
        self.count as usize + 1
    }

    /// Whether a pass is an option of the state with `left` passes left at a
    /// position that has a move (`has_move`) or not.
    pub const fn allowed(self, left: usize, has_move: bool) -> bool {
        left >= 1 && (has_move || self.at_end)
    }

    /// Whether a rules file of version 3 or earlier can say these passes
    /// (none, or Gale's one).
    pub const fn is_gale_or_none(self) -> bool {
        !self.at_end && self.count <= 1
    }

    /// `None` when `count` is within 0 to [`MAX_PASSES`], else the count.
    pub fn out_of_range(self) -> Option<u8> {
        (self.count > MAX_PASSES).then_some(self.count)
    }
}

impl fmt::Display for Passes {
    /// `no pass`, `a pass`, `3 passes`, with ` (also at the end)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            0 => f.write_str("no pass")?,
            1 => f.write_str("a pass")?,
            n => write!(f, "{n} passes")?,
        }
        if self.at_end && self.any() {
            f.write_str(" (also at the end)")?;
        }
        Ok(())
    }
}

/// How passes are written: `false` / `true` (none, Gale's one pass: files
/// and settings from before read unchanged, and these still write so), or
/// `{"count": K, "at_end": B}`.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Written {
    Gale(bool),
    Counted(Counted),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Counted {
    /// Read as a wide number, so that a hostile count (10^9) reaches
    /// [`crate::rules::Rules::validate`] and its message instead of a JSON
    /// error about a byte.
    count: u64,
    #[serde(default)]
    at_end: bool,
}

impl Serialize for Passes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_gale_or_none() {
            Written::Gale(self.any()).serialize(s)
        } else {
            Written::Counted(Counted { count: u64::from(self.count), at_end: self.at_end }).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Passes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Written::deserialize(d).map_err(|_| {
            serde::de::Error::custom(
                "`pass` is true, false or {\"count\": K, \"at_end\": true or false} (K passes, 0 to 8)",
            )
        })? {
            Written::Gale(b) => Ok(if b { Passes::GALE } else { Passes::NONE }),
            // A count beyond a byte is kept as the largest byte, which
            // `validate` refuses with the limit in its message.
            Written::Counted(c) => Ok(Passes { count: u8::try_from(c.count).unwrap_or(u8::MAX), at_end: c.at_end }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gale_and_none_are_written_as_before_and_others_as_a_count() {
        assert_eq!(serde_json::to_string(&Passes::NONE).unwrap(), "false");
        assert_eq!(serde_json::to_string(&Passes::GALE).unwrap(), "true");
        let two = Passes { count: 2, at_end: true };
        assert_eq!(serde_json::to_string(&two).unwrap(), r#"{"count":2,"at_end":true}"#);
        for p in [Passes::NONE, Passes::GALE, two, Passes::times(8), Passes { count: 1, at_end: true }] {
            assert_eq!(serde_json::from_str::<Passes>(&serde_json::to_string(&p).unwrap()).unwrap(), p);
        }
        assert_eq!(serde_json::from_str::<Passes>(r#"{"count":3}"#).unwrap(), Passes::times(3));
        // A hostile count reads, and is left for the validation to refuse.
        assert_eq!(serde_json::from_str::<Passes>(r#"{"count":1000000000}"#).unwrap().count, u8::MAX);
        let e = serde_json::from_str::<Passes>(r#"{"count":2,"later":1}"#).unwrap_err().to_string();
        assert!(e.contains("`pass` is true, false or"), "{e}");
    }

    #[test]
    fn a_pass_is_allowed_by_the_rule_of_each_kind() {
        assert!(!Passes::GALE.allowed(0, true));
        assert!(Passes::GALE.allowed(1, true) && !Passes::GALE.allowed(1, false));
        let end = Passes { count: 2, at_end: true };
        assert!(end.allowed(2, false) && end.allowed(1, false) && !end.allowed(0, false));
        assert_eq!((Passes::NONE.layers(), Passes::times(3).layers()), (1, 4));
        assert_eq!(end.to_string(), "2 passes (also at the end)");
    }
}
