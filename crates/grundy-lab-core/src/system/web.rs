//! The browser (wasm32): jobs on web workers, files in the browser's
//! storage, from its picker and as downloads, a memory budget for the page.

use super::{Refusal, refused, too_large};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// A web worker cannot wake the page's UI (eframe's repaint asks the
/// page's window), so the UI polls while a job runs.
pub const THREADS_WAKE_THE_UI: bool = false;

/// The memory a page's tables and pictures may take. A wasm32 page can
/// address at most 4 GiB, and a browser often grants less; 1 GiB is a
/// budget a tablet's or a Chromebook's browser usually allows a tab.
pub const PAGE_MEMORY: u64 = 1 << 30;

/// The folder whose files are kept in the browser's storage (the
/// settings); every other file written is a download.
pub const KEPT: &str = "/browser-storage";

/// The prefix of the storage keys of kept files.
const STORAGE_PREFIX: &str = "grundy-lab:";

/// Files the person opened through the picker: name, and the bytes or
/// (for a file larger than [`MAX_PICKED`], never read) the size.
static PICKED: Mutex<Vec<(PathBuf, Result<Arc<[u8]>, u64>)>> = Mutex::new(Vec::new());

/// How many opened files are kept (the newest; a reader takes its file
/// in the frame after the pick).
pub const KEPT_PICKS: usize = 8;

/// Files written (perhaps by a worker) and not yet handed to the browser.
static DOWNLOADS: Mutex<Vec<(String, Vec<u8>)>> = Mutex::new(Vec::new());

/// The allocator of the page's memory needs no setting.
pub fn return_freed_memory() {}

/// Run `work` on the pool of web workers (started by the page before the
/// app, see `web/index.html`).
pub fn start_thread(_name: String, work: Box<dyn FnOnce() + Send>) -> std::io::Result<()> {
    rayon::spawn(work);
    Ok(())
}

/// Whether this thread may wait for others (a rayon loop waits for its
/// parts): the web workers may, the page's own thread may not (a browser
/// stops a page that waits).
pub fn may_wait() -> bool {
    rayon::current_thread_index().is_some()
}

/// A page cannot ask how much memory the device has.
pub fn memory_available() -> Option<(u64, u64)> {
    None
}

/// A page has no `ulimit -v`: its budget is [`page_memory_limit`].
pub fn address_space_left() -> Option<u64> {
    None
}

/// The page's budget, [`PAGE_MEMORY`].
pub fn page_memory_limit() -> Option<u64> {
    Some(PAGE_MEMORY)
}

/// Keep a file the person opened through the browser's picker under its
/// `name`: its bytes, or (for a file too large to read) its size. The
/// newest [`KEPT_PICKS`] are kept, for [`read_limited`].
pub fn keep_picked(name: PathBuf, bytes: Result<Arc<[u8]>, u64>) {
    if let Ok(mut picked) = PICKED.lock() {
        picked.retain(|(n, _)| *n != name);
        picked.push((name, bytes));
        let extra = picked.len().saturating_sub(KEPT_PICKS);
        picked.drain(..extra);
    }
}

/// Hand the files written since the last frame to the browser as
/// downloads (called by the app every frame, on the page's thread).
pub fn deliver_downloads() {
    let Ok(mut queue) = DOWNLOADS.try_lock() else { return };
    for (name, bytes) in queue.drain(..) {
        if let Err(e) = download(&name, &bytes) {
            web_sys::console::error_1(&format!("grundy-lab: the download of {name} failed: {e:?}").into());
        }
    }
}

fn download(name: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    // A copy outside the shared memory: a Blob cannot be made from a view
    // of a SharedArrayBuffer.
    let array = js_sys::Uint8Array::new_with_length(bytes.len() as u32);
    array.copy_from(bytes);
    let parts = js_sys::Array::of1(&array);
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // Revoked a minute later: at once would cancel the download in some
    // browsers.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000)?;
    Ok(())
}

fn storage() -> std::io::Result<web_sys::Storage> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or_else(|| std::io::Error::new(ErrorKind::Unsupported, "the browser's storage cannot be reached here"))
}

fn kept_key(path: &Path) -> Option<String> {
    path.strip_prefix(KEPT).ok().map(|rest| format!("{STORAGE_PREFIX}{}", rest.display()))
}

/// Write `path`: a file of the settings folder into the browser's storage
/// (at once, whole), any other file as a download named after it.
pub fn atomic_write_io(path: &Path, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    write(&mut bytes)?;
    if let Some(key) = kept_key(path) {
        let text = String::from_utf8(bytes).map_err(|_| {
            refused(ErrorKind::InvalidData, Refusal::NotText, format!("`{}` is not text", path.display()))
        })?;
        return storage()?
            .set_item(&key, &text)
            .map_err(|_| std::io::Error::new(ErrorKind::StorageFull, "the browser's storage for this page is full"));
    }
    let name = path
        .file_name()
        .ok_or_else(|| refused(ErrorKind::InvalidInput, Refusal::NoFileName, "the path does not name a file".into()))?;
    DOWNLOADS
        .lock()
        .map_err(|_| std::io::Error::other("the list of downloads is broken"))?
        .push((name.to_string_lossy().into_owned(), bytes));
    Ok(())
}

/// The bytes of `path`: a file of the settings folder from the browser's
/// storage, any other from the files opened through the picker; at most
/// `max_bytes`.
pub fn read_limited(path: &Path, max_bytes: u64) -> std::io::Result<Vec<u8>> {
    let bytes: Vec<u8> = if let Some(key) = kept_key(path) {
        match storage()?.get_item(&key) {
            Ok(Some(text)) => text.into_bytes(),
            _ => return Err(std::io::Error::new(ErrorKind::NotFound, format!("`{}` is not kept", path.display()))),
        }
    } else {
        // The bytes are copied after the lock is let go: the page's thread
        // must not wait for a worker's copy.
        let found = PICKED
            .lock()
            .map_err(|_| std::io::Error::other("the list of opened files is broken"))?
            .iter()
            .find(|(n, _)| n == path)
            .map(|(_, b)| b.clone());
        match found {
            Some(Ok(b)) if b.len() as u64 <= max_bytes => b.to_vec(),
            Some(_) => return Err(too_large(path, max_bytes)),
            None => {
                return Err(std::io::Error::new(
                    ErrorKind::NotFound,
                    format!("`{}` was not opened in this page: open it with the Open button", path.display()),
                ));
            }
        }
    };
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(path, max_bytes));
    }
    Ok(bytes)
}
