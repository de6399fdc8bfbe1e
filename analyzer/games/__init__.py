"""Games built on the core: each module or package models one game from the seeds."""
