//! The sentences of the interface, a file per area of the library, built
//! from the texts of `locales/app.yml` with the machinery of
//! [`crate::ui::i18n`] (`tr`, `trf`, the language of the moment):
//!
//! - [`errors`]: the library's errors, limits and sizes;
//! - [`reports`]: the checker's reports, which the Pieces workbench and
//!   the map's formula overlay share;
//! - [`formulas`]: the known formulas' names and descriptions, the helper
//!   functions' meanings, the pattern hints' periodic lines;
//! - [`play`]: Play's reasons, hints and results, and the names of the
//!   rules;
//! - [`posters`]: the titles and legends of exported posters;
//! - [`takebreak`]: take-and-break games (what cannot be had, what is
//!   known of the period).

pub mod errors;
pub mod formulas;
pub mod play;
pub mod posters;
pub mod reports;
pub mod takebreak;
