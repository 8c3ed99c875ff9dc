"""`pnp serve`: the gallery on a local web server that rebuilds on save and updates the open page.

- watch.py   what to watch and the rebuild after a save (the build's public `build_games`)
- live.py    the latest news (built / error) handed to every open page over server-sent events
- app.py     the starlette application: the gallery, the output files, the event stream, live.js
- run.py     uvicorn and the watcher together; Ctrl-C stops both
"""
