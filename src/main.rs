//! `grundy-lab`: with no arguments opens the desktop app; with a subcommand
//! runs the same library code headless.

fn main() -> std::process::ExitCode {
    if std::env::args_os().len() > 1 {
        return cli_main();
    }
    match grundy_lab::ui::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("grundy-lab: could not open the window: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Stand-in until the CLI (`grundy_lab::cli::run`) is merged: prints help.
fn cli_main() -> std::process::ExitCode {
    println!("grundy-lab: play and research Wythoff's game (Corner the Queen) and its relatives.\n");
    println!("Usage: grundy-lab            open the desktop app");
    println!("       grundy-lab <COMMAND>  (the command-line tools are not in this build yet)");
    std::process::ExitCode::SUCCESS
}
