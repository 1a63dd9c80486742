//! Rebuild when a text in `locales/` changes: rust-i18n compiles the texts
//! into the program.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
