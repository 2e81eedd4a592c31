//! `mancala serve`: the web playground.

use std::path::PathBuf;

use clap::Args;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// A folder of game files to offer beside the bundled games (only its
    /// own .toml files are read).
    #[arg(long, value_name = "DIR")]
    pub games: Option<PathBuf>,
    /// A folder of scenario files to run on the scenarios page (only its own
    /// files, and games bundled or inside it, are read).
    #[arg(long, value_name = "DIR")]
    pub scenarios: Option<PathBuf>,
    /// A host name requests may name besides localhost and addresses
    /// (repeatable); others are refused, so that a page elsewhere cannot
    /// drive the server through a name pointed at this machine.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Let the editor save files into the --games folder.
    #[arg(long, requires = "games")]
    pub writable: bool,
}

pub fn serve(args: ServeArgs) -> Result<(), String> {
    mancala::serve::run(mancala::serve::Config {
        bind: args.bind,
        port: args.port,
        games: args.games,
        scenarios: args.scenarios,
        allow_host: args.allow_host,
        writable: args.writable,
    })
}
