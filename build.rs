//! Rebuild when a text in `locales/` changes: rust-i18n compiles the texts
//! into the program. For Windows, put the icon and the version into the
//! `.exe` (what Explorer and the taskbar show), with MinGW's `windres` when
//! cross-building from Linux or Microsoft's `rc.exe` on Windows.

fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=assets/grundy-lab.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource
            .set_icon("assets/grundy-lab.ico")
            .set("ProductName", "Grundy Lab")
            .set("FileDescription", "Grundy Lab")
            .set("LegalCopyright", "MIT licence");
        if let Err(e) = resource.compile() {
            // Without the resource the program works, but has no icon: say
            // so loudly rather than fail a build on a machine without windres.
            println!("cargo:warning=the Windows icon and version were not embedded: {e}");
        }
    }
}
