//! The settings file eframe keeps (`app.ron` in the app's data folder): when
//! it cannot be read, the app starts with the defaults and keeps a copy of
//! the file, so the next save does not lose what was in it.

use super::i18n::trf;
use std::path::{Path, PathBuf};

/// The app id, which names the data folder.
pub const APP_ID: &str = "grundy-lab";

/// Where eframe keeps the settings file on this machine.
pub fn path() -> Option<PathBuf> {
    eframe::storage_dir(APP_ID).map(|dir| dir.join("app.ron"))
}

/// Whether `file` has content although nothing could be loaded from it
/// (eframe reads a damaged file as empty and would overwrite it on exit).
pub fn is_unreadable(file: &Path, loaded: bool) -> bool {
    !loaded && std::fs::metadata(file).is_ok_and(|m| m.len() > 0)
}

/// Copy `file` to `file.bak` (replacing an older copy); returns the copy's
/// path.
pub fn back_up(file: &Path) -> std::io::Result<PathBuf> {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    let copy = file.with_file_name(name);
    std::fs::copy(file, &copy)?;
    Ok(copy)
}

/// The reason for a file that has content but gave no settings.
pub fn damaged(file: &Path) -> String {
    trf("settings.damaged", &[("path", &file.display())])
}

/// The warning for a settings file that could not be read: `error` says
/// why, and where a copy was kept (or why none could be made).
pub fn warning(file: &Path, error: &str) -> String {
    match back_up(file) {
        Ok(copy) => trf("settings.copy_kept", &[("error", &error), ("copy", &copy.display())]),
        Err(e) => {
            let why = crate::ui::i18n::io_reason(&e);
            trf("settings.no_copy", &[("error", &error), ("path", &file.display()), ("why", &why)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_is_noticed_and_copied() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("app.ron");
        // No file, or an empty one: a first run, nothing to warn about.
        assert!(!is_unreadable(&file, false));
        std::fs::write(&file, "").unwrap();
        assert!(!is_unreadable(&file, false));
        // Content that gave nothing: damaged.
        std::fs::write(&file, "(\"grundy-lab-state\": broken").unwrap();
        assert!(is_unreadable(&file, false));
        assert!(!is_unreadable(&file, true));
        let text = warning(&file, "damaged");
        let copy = dir.join("app.ron.bak");
        assert!(text.contains(&copy.display().to_string()), "{text}");
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), "(\"grundy-lab-state\": broken");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
