//! Nim
