"""The one exception type for bad user input: the CLI prints its message on one line and exits 2."""


class UserError(Exception):
    """Bad input named in one line (unknown dataset, unreadable file, wrong id, ...)."""
