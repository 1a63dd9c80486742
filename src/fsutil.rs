//! Writing files so that nothing is lost: write a temporary file next to the
//! target, then rename it over the target. A failure leaves no half file.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What the operating system said about a file: the kind of failure, so
/// that the app can say it in the user's language, and its own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OsError {
    pub kind: std::io::ErrorKind,
    pub message: String,
}

impl From<&std::io::Error> for OsError {
    fn from(e: &std::io::Error) -> Self {
        OsError { kind: e.kind(), message: e.to_string() }
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
    pub path: PathBuf,
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
/// of their own.
pub fn atomic_write_io(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path does not name a file"))?;
    let tmp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let file = std::fs::File::create(&tmp)?;
        let mut buf = std::io::BufWriter::new(file);
        write(&mut buf)?;
        buf.flush()?;
        buf.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
