use clap::Parser;

fn main() {
    let cli = grundy_lab::cli::Cli::parse();
    match cli.command {
        Some(command) => std::process::exit(grundy_lab::cli::run(command)),
        None => {
            eprintln!("The desktop app is being built; meanwhile here is the command line:");
            let _ = <grundy_lab::cli::Cli as clap::CommandFactory>::command().print_help();
        }
    }
}
