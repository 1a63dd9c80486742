//! `grundy-lab`: with no arguments opens the desktop app; with a subcommand
//! runs the same library code headless. (In the browser the page starts the
//! app through `grundy_lab::platform::web::start`; this program is the
//! desktop's.)

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
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
