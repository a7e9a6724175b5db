"""One module per `companion` subcommand, each with `register(subparsers)`."""
