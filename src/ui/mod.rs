//! The desktop app (egui).
