"""Durak kernels: state layout and tables, rules (moves), policies, whole-game loops."""
