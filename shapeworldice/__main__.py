"""``python -m shapeworldice``: the same command line as the ``shapeworldice`` script."""
from .cli import main

if __name__ == "__main__":
    main(prog_name="shapeworldice")
