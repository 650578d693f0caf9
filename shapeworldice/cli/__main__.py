"""``python -m shapeworldice.cli``: kept working from when the command line was one module."""
from . import main

if __name__ == "__main__":
    main(prog_name="shapeworldice")
