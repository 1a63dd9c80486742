//! Files in and out so that nothing is lost and nothing hangs.
//!
//! Writing: a temporary file next to the target, then a rename over it, so a
//! failure leaves no half file. Only regular files (or new paths) are
//! written: a device, a FIFO or a directory is refused, a symbolic link is
//! followed (the file it names is replaced, the link stays), a read-only
//! file is refused, and the permissions of a replaced file are kept.
//!
//! Reading: only regular files, and at most a stated number of bytes, so
//! `/dev/zero` or a FIFO gives a message instead of filling the memory or
//! blocking forever.

pub use crate::system::Refusal;
use crate::system::{refusal_of, refused};
use std::fmt;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// What the operating system said about a file: the kind of failure, so
/// that the app can say it in the user's language, and its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OsError {
    /// The kind of failure, as the standard library classifies it.
    pub kind: std::io::ErrorKind,
    /// The system's own words (English, for the CLI and logs).
    pub message: String,
    /// When Grundy Lab itself refused the file (not the system), why.
    pub refusal: Option<Refusal>,
}

impl From<&std::io::Error> for OsError {
    fn from(e: &std::io::Error) -> Self {
        let refusal = refusal_of(e);
        OsError { kind: e.kind(), message: e.to_string(), refusal }
    }
}

impl fmt::Display for OsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A file that could not be written; nothing was left behind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file we tried to write.
    pub path: PathBuf,
    /// What the operating system said.
    pub os: OsError,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write `{}`: {}", self.path.display(), self.os)
    }
}

impl From<FileError> for String {
    fn from(e: FileError) -> String {
        e.to_string()
    }
}

/// Write `path` atomically with `write`. Errors name the file and the cause.
pub fn atomic_write(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), FileError> {
    atomic_write_io(path, write).map_err(|e| FileError { path: path.to_path_buf(), os: OsError::from(&e) })
}

/// [`atomic_write`] with the plain I/O error, for callers with error types
/// of their own: a file on the desktop, a download (or the browser's
/// storage, for the settings) in the browser.
pub use crate::system::atomic_write_io;

/// The bytes of the regular file `path`, refusing anything else (a device,
/// a FIFO, a folder) and files larger than `max_bytes`. In the browser, a
/// file the person opened through the picker (or one kept in the
/// browser's storage).
pub use crate::system::read_limited;

/// [`read_limited`] as UTF-8 text, without a leading byte-order mark.
pub fn read_text(path: &Path, max_bytes: u64) -> std::io::Result<String> {
    let mut text = String::from_utf8(read_limited(path, max_bytes)?).map_err(|_| {
        refused(ErrorKind::InvalidData, Refusal::NotText, format!("`{}` is not text (UTF-8)", path.display()))
    })?;
    // A byte-order mark (as some editors save UTF-8) is not part of the text.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The largest file a paragraph is added to (a report of many checks is a
/// few hundred kilobytes).
pub const MAX_REPORT_BYTES: u64 = 16 << 20;

/// What [`append_paragraph`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The file did not exist: it holds the paragraph alone.
    New,
    /// The paragraph was added after what the file held.
    Added,
}

/// Add `paragraph` at the end of the text file `path` (a blank line
/// between), atomically, or write it to a new file: a report collects
/// paragraphs, so a file someone wrote is never emptied. A file that is not
/// text, larger than [`MAX_REPORT_BYTES`] or not a regular file is refused
/// and left as it is.
pub fn append_paragraph(path: &Path, paragraph: &str) -> Result<Appended, FileError> {
    let error = |e: std::io::Error| FileError { path: path.to_path_buf(), os: OsError::from(&e) };
    // Through [`read_text`], so that the browser's files (a download, a
    // file opened in the page) follow the same rule.
    let before = match read_text(path, MAX_REPORT_BYTES) {
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(error(e)),
        Ok(text) => Some(text),
    };
    let appended = if before.is_some() { Appended::Added } else { Appended::New };
    let mut text = before.unwrap_or_default();
    if !text.is_empty() {
        let trimmed = text.trim_end_matches(['\n', '\r']).len();
        text.truncate(trimmed);
        text.push_str("\n\n");
    }
    text.push_str(paragraph);
    atomic_write(path, |w| w.write_all(text.as_bytes()))?;
    Ok(appended)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paragraph_is_added_to_a_report_and_other_files_are_left_alone() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-fsutil-append-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("notes.md");
        assert_eq!(append_paragraph(&p, "first\n").unwrap(), Appended::New);
        std::fs::write(&p, "my own notes\n\n\n").unwrap();
        assert_eq!(append_paragraph(&p, "second\n").unwrap(), Appended::Added);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "my own notes\n\nsecond\n");
        // Not text: refused, unchanged.
        std::fs::write(&p, [0x89, b'P', b'N', b'G', 0xff]).unwrap();
        let e = append_paragraph(&p, "third\n").unwrap_err();
        assert_eq!(e.os.kind, ErrorKind::InvalidData, "{e}");
        assert_eq!(std::fs::read(&p).unwrap(), [0x89, b'P', b'N', b'G', 0xff]);
        // A folder: refused.
        assert!(append_paragraph(&dir, "x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_and_reports_failures() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-fsutil-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.txt");
        atomic_write(&p, |w| w.write_all(b"hello")).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "hello");
        // A failing writer leaves the old file and no temporary file.
        let e = atomic_write(&p, |_| Err(std::io::Error::other("disk full"))).unwrap_err().to_string();
        assert!(e.contains("disk full"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "hello");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        let e = atomic_write(&dir.join("no/such/dir/x"), |w| w.write_all(b"x")).unwrap_err();
        assert_eq!(e.os.kind, std::io::ErrorKind::NotFound, "{e}");
        assert!(e.to_string().contains("cannot write"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_written_and_links_are_followed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("grundy-lab-fsutil-special-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A device and a folder are refused and left as they are.
        let e = atomic_write(Path::new("/dev/null"), |w| w.write_all(b"x")).unwrap_err();
        assert_eq!(e.os.kind, ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
        {
            use std::os::unix::fs::FileTypeExt;
            assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        }
        let e = atomic_write(&dir, |w| w.write_all(b"x")).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        // A link: the file it names is replaced, the link stays a link.
        let real = dir.join("real.txt");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        atomic_write(&link, |w| w.write_all(b"new")).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // Its permissions are kept.
        assert_eq!(std::fs::metadata(&real).unwrap().permissions().mode() & 0o777, 0o640);
        // A read-only file is refused and unchanged.
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o444)).unwrap();
        let e = atomic_write(&real, |w| w.write_all(b"newer")).unwrap_err();
        assert_eq!(e.os.kind, ErrorKind::PermissionDenied, "{e}");
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A dangling link is refused.
        let dangling = dir.join("dangling.txt");
        std::os::unix::fs::symlink(dir.join("nowhere/x"), &dangling).unwrap();
        assert!(atomic_write(&dangling, |w| w.write_all(b"x")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_are_capped_and_only_from_regular_files() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-fsutil-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.txt");
        std::fs::write(&p, "hello").unwrap();
        assert_eq!(read_text(&p, 5).unwrap(), "hello");
        assert_eq!(read_limited(&p, 4).unwrap_err().kind(), ErrorKind::FileTooLarge);
        std::fs::write(&p, [0xff, 0xfe]).unwrap();
        assert_eq!(read_text(&p, 5).unwrap_err().kind(), ErrorKind::InvalidData);
        assert_eq!(read_limited(&dir, 5).unwrap_err().kind(), ErrorKind::InvalidInput);
        if Path::new("/dev/zero").exists() {
            let e = read_limited(Path::new("/dev/zero"), 1 << 20).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_text() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-fsutil-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bom.txt");
        std::fs::write(&p, b"\xEF\xBB\xBF{}").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "{}");
        std::fs::write(&p, b"{}\xEF\xBB\xBF").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "{}\u{feff}", "only a leading mark is skipped");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
