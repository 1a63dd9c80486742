//! The settings file: `settings.json` in the app's data folder (in the
//! browser, the page's storage: see [`crate::platform`]), read with a
//! size cap and only when it is a regular file, checked like every other
//! door (see [`super::state::AppState::from_saved`]), and written through
//! the project's atomic writer (a temporary file, then a rename), so a full
//! disk never leaves half a file.
//!
//! When the file cannot be used, the app starts with the defaults and keeps
//! a copy as `settings.json.bak`. When no copy can be made, the file is
//! never written over: the app says so and saves nothing until the next
//! start.
//!
//! Older versions kept the settings inside eframe's `app.ron`; that string
//! is read once when `settings.json` does not exist yet.

use crate::fsutil::OsError;
use std::path::{Path, PathBuf};

/// The app id, which names the data folder.
pub const APP_ID: &str = "grundy-lab";
/// The settings file's name in the data folder.
pub const FILE_NAME: &str = "settings.json";
/// The largest settings file read (a few hundred saved pieces fit well).
pub const MAX_BYTES: u64 = 64 << 20;

/// Where the settings are kept on this machine.
pub fn path() -> Option<PathBuf> {
    crate::platform::settings_dir(APP_ID).map(|dir| dir.join(FILE_NAME))
}

/// The text of the settings file: `Ok(None)` when there is none yet.
pub fn read(file: &Path) -> std::io::Result<Option<String>> {
    match crate::fsutil::read_text(file, MAX_BYTES) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Copy `file` to `file.bak` (replacing an older copy); returns the copy's
/// path. Reads the file with the same checks as [`read`], so a device or a
/// FIFO is never copied (and so never written over).
pub fn back_up(file: &Path) -> std::io::Result<PathBuf> {
    let mut name = file.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    let copy = file.with_file_name(name);
    let bytes = crate::fsutil::read_limited(file, MAX_BYTES)?;
    crate::fsutil::atomic_write_io(&copy, |w| w.write_all(&bytes))?;
    Ok(copy)
}

/// A copy of settings that could not be used (or a part of them), and
/// whether the file may be written over later (only when a copy was kept).
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    /// The file whose settings were refused.
    pub file: PathBuf,
    /// Where its copy is, or why none could be made.
    pub copy: Result<PathBuf, OsError>,
}

impl Refused {
    /// False when no copy could be made: then the file is never replaced.
    pub fn may_save(&self) -> bool {
        self.copy.is_ok()
    }
}

/// Keep a copy of `file`, whose settings (or a part of them) could not be
/// used.
pub fn refuse(file: &Path) -> Refused {
    Refused { file: file.to_path_buf(), copy: back_up(file).map_err(|e| OsError::from(&e)) }
}

/// Write the settings `text` to `file` atomically.
pub fn save(file: &Path, text: &str) -> Result<(), crate::fsutil::FileError> {
    crate::fsutil::atomic_write(file, |w| w.write_all(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-lab-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_refused_file_is_copied_before_anything_replaces_it() {
        let dir = scratch("copy");
        let file = dir.join(FILE_NAME);
        assert_eq!(read(&file).unwrap(), None, "no file: a first run");
        std::fs::write(&file, "{\"shared\": broken").unwrap();
        assert_eq!(read(&file).unwrap().as_deref(), Some("{\"shared\": broken"));
        let refused = refuse(&file);
        assert!(refused.may_save());
        let copy = dir.join("settings.json.bak");
        assert_eq!(refused.copy, Ok(copy.clone()));
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), "{\"shared\": broken");
        save(&file, "{}").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "{}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_special_file_is_neither_read_nor_copied_nor_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("fifo");
        let file = dir.join(FILE_NAME);
        assert!(std::process::Command::new("mkfifo").arg(&file).status().unwrap().success());
        let e = read(&file).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let refused = refuse(&file);
        assert!(!refused.may_save(), "no copy, so no save: {:?}", refused.copy);
        assert!(save(&file, "{}").is_err());
        assert!(std::fs::metadata(&file).unwrap().file_type().is_fifo());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
