//! The file of values of a long run, to go on from later: written
//! atomically ([`crate::fsutil::atomic_write`]) so that a run stopped while
//! saving keeps the previous file, and read back only when it is the same
//! game's and its checksum agrees.
//!
//! Layout (little-endian): the line `grundy-lab take-and-break values\n`,
//! the version (u32, 2), the length of the rules key (u32) and the key
//! ([`TakeBreak::key`]: the code, the split rule or a checksum of the
//! program), the bytes of a value (u8: 2 or 4), the number of values
//! (u64), the FNV-1a checksum (u64) of the key, the width, the number and
//! the value bytes, then `g(0), g(1), …`. Version 1 files (whose checksum
//! covered the value bytes only, so a damaged key could pass for another
//! game's) are still read.

use super::rules::{TakeBreak, fnv1a};
use super::sequence::{Sequence, SequenceError, Values, check_memory};
use crate::fsutil::FileError;
use std::fmt;
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

const MAGIC: &[u8] = b"grundy-lab take-and-break values\n";
const VERSION: u32 = 2;
/// The first version, still read: its checksum covers only the values.
const VERSION_1: u32 = 1;
/// The longest rules key a file may hold.
const MAX_KEY: u32 = 4096;

/// Why a values file cannot be used.
#[derive(Clone, Debug, PartialEq)]
pub enum ValuesFileError {
    /// The operating system refused to read it.
    Read {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        message: String,
    },
    /// Not a values file (or cut short in its header).
    NotValuesFile {
        /// The file.
        path: PathBuf,
    },
    /// A later version of the format.
    Version {
        /// The file.
        path: PathBuf,
        /// The version the file has.
        found: u32,
    },
    /// The values of another game.
    OtherRules {
        /// The file.
        path: PathBuf,
        /// The rules the file holds.
        found: String,
        /// The rules asked for.
        wanted: String,
    },
    /// Cut short or changed since it was written.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: &'static str,
    },
    /// The values do not fit in memory.
    TooLarge(SequenceError),
}

impl fmt::Display for ValuesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValuesFileError::Read { path, message } => write!(f, "cannot read `{}`: {message}", path.display()),
            ValuesFileError::NotValuesFile { path } => {
                write!(f, "`{}` is not a file of take-and-break values", path.display())
            }
            ValuesFileError::Version { path, found } => write!(
                f,
                "`{}` is a values file of version {found}; this program reads versions {VERSION_1} to {VERSION}",
                path.display()
            ),
            ValuesFileError::OtherRules { path, found, wanted } => {
                let program = |k: &str| k.starts_with("splits-program:");
                if program(found) && program(wanted) {
                    write!(
                        f,
                        "`{}` holds the values of another `fn splits` program (its code differs from this one's; \
                         comments and spacing do not count, but did in files written by earlier builds); choose \
                         another file",
                        path.display()
                    )
                } else {
                    write!(f, "`{}` holds the values of {found}, not of {wanted}; choose another file", path.display())
                }
            }
            ValuesFileError::Damaged { path, why } => write!(f, "`{}` is damaged: {why}", path.display()),
            ValuesFileError::TooLarge(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ValuesFileError {}

/// Write the values of `seq` to `path`, atomically.
pub fn save(path: &Path, seq: &Sequence) -> Result<(), FileError> {
    let key = seq.game().key();
    let values = seq.stored();
    let width = values.width();
    let checksum = checksum(&header(&key, width, values.len() as u64), values);
    crate::fsutil::atomic_write(path, |w| {
        w.write_all(MAGIC)?;
        w.write_all(&VERSION.to_le_bytes())?;
        w.write_all(&(key.len() as u32).to_le_bytes())?;
        w.write_all(key.as_bytes())?;
        w.write_all(&[width])?;
        w.write_all(&(values.len() as u64).to_le_bytes())?;
        w.write_all(&checksum.to_le_bytes())?;
        for_each_chunk(values, |chunk| w.write_all(chunk))
    })
}

/// Hand the value bytes to `f` in chunks of 64 KB.
fn for_each_chunk(values: &Values, mut f: impl FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    match values {
        Values::U16(v) => {
            for chunk in v.chunks(1 << 15) {
                buf.clear();
                chunk.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
        Values::U32(v) => {
            for chunk in v.chunks(1 << 14) {
                buf.clear();
                chunk.iter().for_each(|x| buf.extend_from_slice(&x.to_le_bytes()));
                f(&buf)?;
            }
        }
    }
    Ok(())
}

/// What the checksum covers before the values: the key, the width of a
/// value and the number of values.
fn header(key: &str, width: u8, count: u64) -> Vec<u8> {
    let mut h = key.as_bytes().to_vec();
    h.push(width);
    h.extend_from_slice(&count.to_le_bytes());
    h
}

/// FNV-1a of `header`, then of the value bytes.
fn checksum(header: &[u8], values: &Values) -> u64 {
    let mut h = fnv1a(header);
    let _ = for_each_chunk(values, |chunk| {
        h = chunk.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        Ok(())
    });
    h
}

/// The values of `game` stored at `path`, as a sequence to go on from;
/// `Ok(None)` when there is no file there yet. `memory_limit` bounds what
/// is read.
pub fn load(path: &Path, game: &TakeBreak, memory_limit: u64) -> Result<Option<Sequence>, ValuesFileError> {
    let read_error = |e: std::io::Error| ValuesFileError::Read { path: path.to_path_buf(), message: e.to_string() };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(read_error(e)),
    };
    if !meta.is_file() {
        return Err(ValuesFileError::Read {
            path: path.to_path_buf(),
            message: "not a regular file (a device, a pipe or a folder)".into(),
        });
    }
    let file = std::fs::File::open(path).map_err(read_error)?;
    let mut r = std::io::BufReader::new(file);
    let not_ours = || ValuesFileError::NotValuesFile { path: path.to_path_buf() };
    let short = || ValuesFileError::Damaged { path: path.to_path_buf(), why: "it ends before its last value" };
    let mut magic = vec![0u8; MAGIC.len()];
    r.read_exact(&mut magic).map_err(|_| not_ours())?;
    if magic != MAGIC {
        return Err(not_ours());
    }
    let mut u32b = [0u8; 4];
    let mut u64b = [0u8; 8];
    r.read_exact(&mut u32b).map_err(|_| not_ours())?;
    let version = u32::from_le_bytes(u32b);
    if version != VERSION && version != VERSION_1 {
        return Err(ValuesFileError::Version { path: path.to_path_buf(), found: version });
    }
    r.read_exact(&mut u32b).map_err(|_| not_ours())?;
    let key_len = u32::from_le_bytes(u32b);
    if key_len > MAX_KEY {
        return Err(not_ours());
    }
    let mut key = vec![0u8; key_len as usize];
    r.read_exact(&mut key).map_err(|_| not_ours())?;
    let key = String::from_utf8(key).map_err(|_| not_ours())?;
    if !game.accepts_key(&key) {
        return Err(ValuesFileError::OtherRules { path: path.to_path_buf(), found: key, wanted: game.key() });
    }
    let mut width = [0u8; 1];
    r.read_exact(&mut width).map_err(|_| not_ours())?;
    r.read_exact(&mut u64b).map_err(|_| not_ours())?;
    let count = u64::from_le_bytes(u64b);
    r.read_exact(&mut u64b).map_err(|_| not_ours())?;
    let stored_sum = u64::from_le_bytes(u64b);
    let wide = match width[0] {
        2 => false,
        4 => true,
        _ => return Err(not_ours()),
    };
    let body = meta.len().saturating_sub((MAGIC.len() + 4 + 4 + key_len as usize + 1 + 8 + 8) as u64);
    if count == 0 || body != count.saturating_mul(u64::from(width[0])) {
        return Err(short());
    }
    check_memory(count - 1, wide, memory_limit).map_err(ValuesFileError::TooLarge)?;
    let mut buf = vec![0u8; 1 << 16];
    let mut left = body as usize;
    let values = if wide {
        let mut v: Vec<u32> = Vec::with_capacity(count as usize);
        while left > 0 {
            let n = left.min(buf.len());
            r.read_exact(&mut buf[..n]).map_err(|_| short())?;
            v.extend(buf[..n].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
            left -= n;
        }
        Values::U32(v)
    } else {
        let mut v: Vec<u16> = Vec::with_capacity(count as usize);
        while left > 0 {
            let n = left.min(buf.len());
            r.read_exact(&mut buf[..n]).map_err(|_| short())?;
            v.extend(buf[..n].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])));
            left -= n;
        }
        Values::U16(v)
    };
    let covered = if version == VERSION_1 { Vec::new() } else { header(&key, width[0], count) };
    if checksum(&covered, &values) != stored_sum {
        return Err(ValuesFileError::Damaged {
            path: path.to_path_buf(),
            why: "its rules, length or values do not match its checksum",
        });
    }
    Sequence::from_stored(game.clone(), values, memory_limit).map(Some).map_err(ValuesFileError::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;

    #[test]
    fn a_damaged_key_is_caught_and_version_1_is_still_read() {
        let dir = std::env::temp_dir().join(format!("grundy-lab-values-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let kayles = super::super::load("octal:0.77").unwrap();
        let seq = super::super::compute(&kayles, 200, &Control::new()).unwrap();
        let path = dir.join("kayles.values");
        save(&path, &seq).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(load(&path, &kayles, u64::MAX).unwrap().unwrap().get(3), Some(3));
        // One flipped bit turns Kayles' key into 0.76's: the checksum says so.
        let at = bytes.windows(10).position(|w| w == b"octal:0.77").unwrap() + 9;
        let mut changed = bytes.clone();
        changed[at] ^= 1;
        std::fs::write(&path, &changed).unwrap();
        let other = super::super::load("octal:0.76").unwrap();
        let e = load(&path, &other, u64::MAX).unwrap_err();
        assert!(e.to_string().contains("do not match its checksum"), "{e}");
        // A file of version 1, whose checksum covers the values only.
        let (sum_at, body_at) = (bytes.len() - 201 * 2 - 8, bytes.len() - 201 * 2);
        let mut v1 = bytes.clone();
        v1[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&VERSION_1.to_le_bytes());
        v1[sum_at..body_at].copy_from_slice(&fnv1a(&bytes[body_at..]).to_le_bytes());
        std::fs::write(&path, &v1).unwrap();
        assert_eq!(load(&path, &kayles, u64::MAX).unwrap().unwrap().get(3), Some(3));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
