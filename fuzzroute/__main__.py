"""`python -m fuzzroute` and the `fuzzroute` console script: the same command, after checks that come first.

Loading the commands loads libraries that read the working directory while
they are imported (hypothesis places its cache under it), so a working
directory that was deleted under the shell would end in a traceback before
any command could say what is wrong.  It is checked here first: exit 2 with
a message, as for any other bad environment.
"""

from __future__ import annotations

import os
from typing import NoReturn

EXIT_BAD_INPUT = 2


def run() -> NoReturn:
    """Check the working directory, then run the `fuzzroute` command line (`fuzzroute.cli.entry.run`)."""
    try:
        os.getcwd()
    except OSError as exc:
        message = (
            f"fuzzroute: error: the working directory cannot be read ({exc.strerror or exc}); it was probably "
            "deleted or moved after this shell entered it. Change to an existing directory (cd) and run again.\n"
        )
        try:
            os.write(2, message.encode())
        finally:
            os._exit(EXIT_BAD_INPUT)
    from fuzzroute.cli.entry import run as run_command

    run_command()


if __name__ == "__main__":
    run()
