//! The limits of one position of a program that a researcher may raise:
//! how many options `moves` may list, and how long one position may take.
//! They are part of the game ([`super::Rules::limits`]): saved in rules
//! files, set with `--max-options` and `--seconds-per-position`, and edited
//! in the Pieces tab. Today's values are the defaults.
//!
//! The time is counted in steps (operations): [`Limits::operations`] is
//! [`script::MAX_OPERATIONS`] for every [`DEFAULT_MILLIS_PER_POSITION`], and
//! the steps decide whether a position ran too long, so that the verdict
//! does not depend on how busy the machine is. A clock at ten times the
//! time ([`Limits::clock_per_position`]) stops only the rare program whose
//! few steps each take long.

use crate::script;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The default number of options one position may list (the size of an
/// array of the script).
pub const DEFAULT_MAX_OPTIONS: u32 = script::MAX_ARRAY as u32;
/// The most options any setting allows: 4 194 304 (2^22).
pub const MAX_OPTIONS_CEILING: u32 = script::MAX_WIDE_ARRAY as u32;
/// The default time of one position, in milliseconds.
pub const DEFAULT_MILLIS_PER_POSITION: u32 = script::MAX_RUN_TIME.as_millis() as u32;
/// The longest time per position any setting allows: 600 s.
pub const MAX_MILLIS_PER_POSITION: u32 = 600_000;

/// How many options and how much time one position of a program may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The most options `moves` may list at one position (1 to
    /// [`MAX_OPTIONS_CEILING`]).
    #[serde(default = "default_options")]
    pub max_options: u32,
    /// The longest time one position may take, in milliseconds (1 to
    /// [`MAX_MILLIS_PER_POSITION`]).
    #[serde(default = "default_millis")]
    pub millis_per_position: u32,
}

fn default_options() -> u32 {
    DEFAULT_MAX_OPTIONS
}

fn default_millis() -> u32 {
    DEFAULT_MILLIS_PER_POSITION
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Which setting of [`Limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitSetting {
    /// [`Limits::max_options`].
    Options,
    /// [`Limits::millis_per_position`].
    Time,
}

impl Limits {
    /// Today's limits: [`DEFAULT_MAX_OPTIONS`] options and
    /// [`DEFAULT_MILLIS_PER_POSITION`] ms per position.
    pub const DEFAULT: Limits =
        Limits { max_options: DEFAULT_MAX_OPTIONS, millis_per_position: DEFAULT_MILLIS_PER_POSITION };

    /// Whether these are today's values (then a file need not say them).
    pub fn is_default(&self) -> bool {
        *self == Limits::default()
    }

    /// The time one position may take.
    pub fn time_per_position(&self) -> Duration {
        Duration::from_millis(u64::from(self.millis_per_position))
    }

    /// The clock of one position: a safety stop at ten times the time
    /// (at least 5 s), for the rare program whose few steps each take long.
    /// A position is judged by its steps ([`Limits::operations`]), which
    /// do not depend on the machine's load.
    pub fn clock_per_position(&self) -> Duration {
        script::clock_for(self.time_per_position())
    }

    /// The time per position in seconds, as a person writes it.
    pub fn seconds_per_position(&self) -> f64 {
        f64::from(self.millis_per_position) / 1000.0
    }

    /// The steps one position may take: [`script::MAX_OPERATIONS`] per
    /// [`DEFAULT_MILLIS_PER_POSITION`] of time (2 000 000 a second, 2 000
    /// a millisecond). The steps, not the clock, decide whether a position
    /// ran too long, so the verdict does not depend on the machine's load.
    pub fn operations(&self) -> u64 {
        let per = u64::from(DEFAULT_MILLIS_PER_POSITION);
        script::MAX_OPERATIONS * u64::from(self.millis_per_position) / per
    }

    /// Whether the options need arrays larger than the script's usual
    /// [`script::MAX_ARRAY`] (then programs run on the engine with wide
    /// arrays).
    pub fn wide_arrays(&self) -> bool {
        self.max_options as usize > script::MAX_ARRAY
    }

    /// The longest array a program may build under these limits when an
    /// option holds `width` numbers: rhai counts the numbers inside an
    /// array's arrays too, so a list of options of `width` coordinates has
    /// `width + 1` items an option, and the cap is the number of options
    /// allowed times that ([`script::MAX_ARRAY`] or
    /// [`script::MAX_WIDE_ARRAY`] options).
    pub fn array_size(&self, width: usize) -> usize {
        let options = if self.wide_arrays() { script::MAX_WIDE_ARRAY } else { script::MAX_ARRAY };
        options * (width + 1)
    }

    /// The first setting out of its range, with its value.
    pub fn out_of_range(&self) -> Option<(LimitSetting, u32)> {
        if !(1..=MAX_OPTIONS_CEILING).contains(&self.max_options) {
            return Some((LimitSetting::Options, self.max_options));
        }
        if !(1..=MAX_MILLIS_PER_POSITION).contains(&self.millis_per_position) {
            return Some((LimitSetting::Time, self.millis_per_position));
        }
        None
    }

    /// The time of a person's text in seconds (`2`, `0.5`, `1.25`), to the
    /// millisecond; `None` when it is not such a number.
    pub fn millis_of_seconds(text: &str) -> Option<u32> {
        let text = text.trim();
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty() && fraction.is_empty() || fraction.len() > 3 {
            return None;
        }
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if !digits(whole) || !digits(fraction) {
            return None;
        }
        let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
        let fraction: u64 = if fraction.is_empty() { 0 } else { format!("{fraction:0<3}").parse().ok()? };
        u32::try_from(whole.checked_mul(1000)?.checked_add(fraction)?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_todays_limits() {
        let d = Limits::default();
        assert_eq!(d.max_options as usize, script::MAX_ARRAY);
        assert_eq!(d.time_per_position(), script::MAX_RUN_TIME);
        assert_eq!(d.operations(), script::MAX_OPERATIONS);
        assert!(!d.wide_arrays() && d.out_of_range().is_none() && d.is_default());
    }

    #[test]
    fn operations_grow_with_the_time() {
        let l = Limits { millis_per_position: 2000, ..Limits::default() };
        assert_eq!(l.operations(), 4 * script::MAX_OPERATIONS);
        // Fewer steps for a shorter time: 2 000 a millisecond.
        let short = Limits { millis_per_position: 10, ..Limits::default() };
        assert_eq!(short.operations(), 20_000);
    }

    #[test]
    fn settings_out_of_range_are_named() {
        let zero = Limits { max_options: 0, ..Limits::default() };
        assert_eq!(zero.out_of_range(), Some((LimitSetting::Options, 0)));
        let huge = Limits { max_options: MAX_OPTIONS_CEILING + 1, ..Limits::default() };
        assert_eq!(huge.out_of_range(), Some((LimitSetting::Options, MAX_OPTIONS_CEILING + 1)));
        let long = Limits { millis_per_position: MAX_MILLIS_PER_POSITION + 1, ..Limits::default() };
        assert_eq!(long.out_of_range(), Some((LimitSetting::Time, MAX_MILLIS_PER_POSITION + 1)));
        let wide = Limits { max_options: MAX_OPTIONS_CEILING, ..Limits::default() };
        assert!(wide.out_of_range().is_none() && wide.wide_arrays());
        assert_eq!(wide.array_size(2), 3 * script::MAX_WIDE_ARRAY);
    }

    #[test]
    fn seconds_are_read_to_the_millisecond() {
        assert_eq!(Limits::millis_of_seconds("0.5"), Some(500));
        assert_eq!(Limits::millis_of_seconds("2"), Some(2000));
        assert_eq!(Limits::millis_of_seconds(" 1.25 "), Some(1250));
        assert_eq!(Limits::millis_of_seconds(".1"), Some(100));
        for bad in ["", ".", "1.2345", "-1", "1e3", "a", "99999999999"] {
            assert_eq!(Limits::millis_of_seconds(bad), None, "{bad}");
        }
    }
}
