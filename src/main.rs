//! `grundy-lab`: with no arguments opens the desktop app; with a subcommand
//! runs the same library code headless. (In the browser the page starts the
//! app through `grundy_lab::platform::web::start`; this program is the
//! desktop's.)

// On Windows: no console window at a double-click (a subcommand attaches
// to the terminal's console, see `platform::windows`).
#![windows_subsystem = "windows"]

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    grundy_lab::platform::return_freed_memory();
    // Any argument (a subcommand, `--help`, a mistake clap explains) prints.
    if std::env::args_os().len() > 1 {
        grundy_lab::platform::native::attach_console();
    }
    let cli = grundy_lab::cli::Cli::parse();
    if let Some(command) = cli.command {
        return std::process::ExitCode::from(grundy_lab::cli::run(command) as u8);
    }
    match grundy_lab::platform::native::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grundy-lab: could not open the window: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
