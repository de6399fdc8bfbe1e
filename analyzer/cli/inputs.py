"""The one reader of ``--input`` files: regular files only, a size cap, UTF-8 with a clear error.

A FIFO, a device (``/dev/zero``) or a folder is refused without blocking or reading; a file over
the cap or not UTF-8 is one error line naming the file (and the byte at fault).

>>> input_option()(lambda input_path: None).__click_params__[0].opts
['--input']
>>> read_input("/dev/zero")
Traceback (most recent call last):
...
click.exceptions.BadParameter: /dev/zero: not a regular file (a character device)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from analyzer.io import STDIO, UnsafeFileError, clip, read_untrusted_text

__all__ = ["MAX_INPUT_BYTES", "InputPath", "input_option", "read_input"]

F = TypeVar("F", bound=Callable[..., Any])

MAX_INPUT_BYTES = 16 << 20  # one hand or deal per line: hundreds of thousands of lines


def read_input(path: str | Path, max_bytes: int = MAX_INPUT_BYTES, option: str = "--input") -> str:
    """The text of an input file (``-``: standard input), or a :class:`click.BadParameter`."""
    try:
        return read_untrusted_text(path, max_bytes)
    except UnsafeFileError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{option}'") from None
    except UnicodeDecodeError as exc:
        raise click.BadParameter(f"{clip(str(path))}: not UTF-8 text ({exc.reason} at byte {exc.start:,})",
                                 param_hint=f"'{option}'") from None
    except OSError as exc:
        raise click.BadParameter(f"{clip(str(path))}: {exc.strerror or exc}", param_hint=f"'{option}'") from None


class InputPath(click.ParamType):
    """An input file name, read (and checked) when the command starts: the value is the file's text
    paired with its name, ``(path, text)``."""

    name = "file"

    def __init__(self, max_bytes: int = MAX_INPUT_BYTES) -> None:
        self.max_bytes = max_bytes

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        text = str(value)
        if not text.strip():
            self.fail("empty file name", param, ctx)
        opt = param.opts[0] if param is not None and param.opts else "--input"
        return (Path(text) if text != STDIO else Path(STDIO), read_input(text, self.max_bytes, opt))


def input_option(help_text: str = "Read the input from this file ('-' = standard input).",
                 name: str = "input_path") -> Callable[[F], F]:
    """``--input FILE`` read by :class:`InputPath`: the command receives ``(path, text)`` or ``None``."""
    return click.option("--input", name, type=InputPath(), default=None, metavar="FILE", help=help_text)
