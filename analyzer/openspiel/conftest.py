"""The doctests of this package need OpenSpiel: without the ``openspiel`` extra they are not collected."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("pyspiel") else ["*.py"]
