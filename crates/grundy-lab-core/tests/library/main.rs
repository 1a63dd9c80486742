//! The library's integration tests, one test program (one link, as the
//! app's UI tests in `tests/app/`): a module per area of the library.

mod conjecture;
mod construction;
mod engine;
mod families;
mod genus;
mod heaps;
mod hints;
mod knight;
mod map;
mod map_svg;
mod passes;
mod program_compiler;
mod proofs;
mod repeating_codes;
mod sequence_check;
mod statements;
mod takebreak;
