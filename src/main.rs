//! `grundy-lab`: with no arguments opens the desktop app; with a subcommand
//! runs the same library code headless.

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = grundy_lab::cli::Cli::parse();
    if let Some(command) = cli.command {
        return std::process::ExitCode::from(grundy_lab::cli::run(command) as u8);
    }
    match grundy_lab::ui::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grundy-lab: could not open the window: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
