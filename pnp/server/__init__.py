"""`pnp serve` and `pnp play`: the gallery on a local web server that rebuilds on save and updates the open
page, and the virtual table.

- watch.py   what to watch and the rebuild after a save (the build's public `build_games`)
- live.py    the latest news (built / error) handed to every open page over server-sent events
- app.py     the starlette applications: the gallery, the output files, the event stream, live.js;
             pnp play's table
- play.py    the virtual table's API (sessions judged by the rules engine, records)
- trust.py   who is answered: this machine's pages only (Host, Origin or token, JSON, body limits)
- run.py     uvicorn and the watcher together; Ctrl-C or SIGTERM stops both
"""
