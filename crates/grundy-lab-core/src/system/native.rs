//! The desktop: threads of the operating system, the file system with
//! atomic writes, the system's memory figures.

use super::{Refusal, refused, too_large};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// A job's thread can wake the UI itself (a watcher thread calls the
/// repaint callback), so the UI does not poll.
pub const THREADS_WAKE_THE_UI: bool = true;

/// Whether this thread may wait for others (a rayon loop waits for its
/// parts): every thread of the desktop may.
pub fn may_wait() -> bool {
    true
}

/// Run `work` on a new thread named `name`.
pub fn start_thread(name: String, work: Box<dyn FnOnce() + Send>) -> std::io::Result<()> {
    std::thread::Builder::new().name(name).spawn(work).map(drop)
}

/// The memory available now and the machine's total, in bytes, as the
/// system reports them (`None` where it cannot say).
pub fn memory_available() -> Option<(u64, u64)> {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let system =
        System::new_with_specifics(RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram())).ok()?;
    let (available, total) = (system.available_memory(), system.total_memory());
    (available > 0 && total > 0).then_some((available, total))
}

/// The address space this process may still map under a limit of
/// `ulimit -v` (`RLIMIT_AS`): the limit less what is mapped now, read from
/// `/proc/self/limits` and `/proc/self/status`. `None` without such a
/// limit, and off Linux.
pub fn address_space_left() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    super::memory::address_space_left_from(&limits, &status)
}

/// Have the allocator give every large block back to the system when it
/// is freed. glibc's allocator otherwise raises its threshold for
/// mapping a block on its own (up to 32 MB) each time a large one is
/// freed, and serves the next ones from its heaps, which keep the pages:
/// in a 12-minute soak of the app the memory held stayed between 66 and
/// 201 MB while the resident memory grew from 151 to 306 MB; with the
/// threshold fixed at 128 KB it followed what was held (87 to 136 MB).
/// Called once, first thing, by the program; elsewhere than glibc, nothing.
pub fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        #[expect(unsafe_code, reason = "mallopt is a C function of glibc")]
        // SAFETY: mallopt takes two integers and changes a setting of the
        // allocator under the allocator's own lock; no memory is passed.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}

/// A fixed budget for the whole program (only in the browser).
pub fn page_memory_limit() -> Option<u64> {
    None
}

/// Files written for download (only in the browser).
pub fn deliver_downloads() {}

/// Write `path` atomically: a temporary file beside it, then a rename.
pub fn atomic_write_io(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let target = writable_target(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| refused(ErrorKind::InvalidInput, Refusal::NoFileName, "the path does not name a file".into()))?;
    let kept_permissions = std::fs::metadata(&target).ok().map(|m| m.permissions());
    let tmp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        // `create_new`: never write through something already at the
        // temporary path (a link left there, say).
        let _ = std::fs::remove_file(&tmp);
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        let mut buf = std::io::BufWriter::new(file);
        write(&mut buf)?;
        buf.flush()?;
        let file = buf.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        if let Some(permissions) = kept_permissions {
            file.set_permissions(permissions)?;
        }
        std::fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The file a write to `path` replaces: `path` itself, or the file a
/// symbolic link names. Refuses what is not a regular file and read-only
/// files.
fn writable_target(path: &Path) -> std::io::Result<PathBuf> {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(path).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("the link `{}` names no file that can be reached: {e}", path.display()),
            )
        })?
    } else {
        path.to_path_buf()
    };
    match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() => Err(refused(
            ErrorKind::InvalidInput,
            Refusal::NotRegular,
            format!("`{}` is not a regular file (a device, a pipe or a folder); choose a file name", target.display()),
        )),
        Ok(m) if m.permissions().readonly() => Err(refused(
            ErrorKind::PermissionDenied,
            Refusal::ReadOnly,
            format!("`{}` is read-only; it was left as it is", target.display()),
        )),
        Ok(_) => Ok(target),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(target),
        Err(e) => Err(e),
    }
}

/// The bytes of the regular file `path`, refusing anything else (a device,
/// a FIFO, a folder) and files larger than `max_bytes`.
pub fn read_limited(path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    // Asked before opening: opening a FIFO would wait for a writer.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(refused(
            ErrorKind::InvalidInput,
            Refusal::NotRegular,
            format!("`{}` is not a regular file (a device, a pipe or a folder)", path.display()),
        ));
    }
    if meta.len() > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    Ok(bytes)
}
