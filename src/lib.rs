pub mod draw;
pub mod knight;
