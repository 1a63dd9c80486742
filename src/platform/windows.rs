//! Windows only: the program is a windowed program (`windows_subsystem =
//! "windows"` in `main.rs`), so a double-click opens no console window; a
//! subcommand typed in a terminal still prints there, because the program
//! then attaches to the terminal's console.
//!
//! `unsafe` here, as in the engine's two files, for a reason: windows-sys's
//! calls to Win32 are `unsafe` functions, and a wrapper crate for four
//! calls is not worth its weight.
#![expect(unsafe_code, reason = "the Win32 console calls of windows-sys are unsafe functions")]

use windows_sys::Win32::Foundation::{GENERIC_READ, GENERIC_WRITE, HANDLE, INVALID_HANDLE_VALUE};
use windows_sys::Win32::Storage::FileSystem::{CreateFileW, FILE_SHARE_READ, FILE_SHARE_WRITE, OPEN_EXISTING};
use windows_sys::Win32::System::Console::{
    ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_HANDLE, STD_INPUT_HANDLE,
    STD_OUTPUT_HANDLE, SetStdHandle,
};

fn missing(id: STD_HANDLE) -> bool {
    // SAFETY: GetStdHandle only reads the process's table of handles.
    let handle: HANDLE = unsafe { GetStdHandle(id) };
    handle.is_null() || handle == INVALID_HANDLE_VALUE
}

/// Give standard input, output and error the console of the terminal that
/// started the program, where they have nothing else: a redirection (`>`
/// a file, `|` a pipe) is kept as it is. Started from Explorer there is no
/// such console, and nothing changes.
pub fn attach_console() {
    let streams = [(STD_INPUT_HANDLE, "CONIN$"), (STD_OUTPUT_HANDLE, "CONOUT$"), (STD_ERROR_HANDLE, "CONOUT$")];
    let lacking: Vec<_> = streams.into_iter().filter(|&(id, _)| missing(id)).collect();
    // SAFETY: AttachConsole takes a process id (here: the parent's).
    if lacking.is_empty() || unsafe { AttachConsole(ATTACH_PARENT_PROCESS) } == 0 {
        return;
    }
    for (id, device) in lacking {
        if !missing(id) {
            continue;
        }
        let name: Vec<u16> = device.encode_utf16().chain([0]).collect();
        // SAFETY: `name` is a NUL-terminated UTF-16 string that outlives
        // the call; no security attributes and no template file.
        let handle = unsafe {
            CreateFileW(
                name.as_ptr(),
                GENERIC_READ | GENERIC_WRITE,
                FILE_SHARE_READ | FILE_SHARE_WRITE,
                std::ptr::null(),
                OPEN_EXISTING,
                0,
                std::ptr::null_mut(),
            )
        };
        if handle != INVALID_HANDLE_VALUE {
            // SAFETY: `handle` is a console handle this process owns from
            // now on (it is never closed: it lives as long as the program).
            unsafe { SetStdHandle(id, handle) };
        }
    }
}
