"""``cache``: where the built lookup tables are cached, how much room they take, and clearing it."""

from __future__ import annotations

import click

from analyzer.cli.options import FORMATS, emit


@click.command("cache")
@click.option("--clear", is_flag=True, help="Remove the cached tables (rebuilt on next use, a few seconds each).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="Output format.")
def cache_cmd(clear: bool, fmt: str) -> None:
    """The on-disk cache of built lookup tables: its folder, files and size; --clear empties it.

    The folder is $JOKER_ODDS_CACHE, else ~/.cache/joker-odds; JOKER_ODDS_CACHE=off turns caching
    off. Only the cache's own table-*.bin files are counted or removed.

    Example: joker-odds cache --clear
    """
    from analyzer.tablecache import cache_dir, cache_files, clear_cache

    folder = cache_dir()
    files = cache_files(folder)
    size = sum(p.stat().st_size for p in files)
    row = {"folder": str(folder) if folder is not None else "off (JOKER_ODDS_CACHE=off)",
           "tables": len(files), "size (MB)": round(size / 1e6, 1)}
    if clear:
        removed, freed = clear_cache(folder)
        row.update({"removed": removed, "freed (MB)": round(freed / 1e6, 1)})
    emit([row], fmt, None, {"cache": row})


COMMANDS = [cache_cmd]
