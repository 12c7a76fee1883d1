"""The search behind the ``hard`` player: deals sampled from a seat's view, played out on the kernel.

- :mod:`.sampler`: deals of the unseen cards consistent with the view, weighted by the bids;
- :mod:`.policy`: the compiled rule player that plays the playouts (and quick bids for the seats after);
- :mod:`.reward`: what a finished hand is worth, bags and the end of the game counted;
- :mod:`.solver`: exact alpha-beta play of the last tricks;
- :mod:`.pimc`: the compiled loops that try every candidate on every deal;
- :mod:`.search`: the budget (seconds or deals) and the choice, with its reason.

Importing this package imports numba (through :mod:`spades.kernel`).
"""
