"""``python -m digest2notes``: the same CLI as the console script."""

from digest2notes.cli import main

if __name__ == "__main__":
    main()
