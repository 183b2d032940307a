"""The subcommands of the ``majiang`` command line, one module each."""
