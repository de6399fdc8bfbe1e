"""Video poker: exact returns, optimal holds and strategy tables for any pay table."""
