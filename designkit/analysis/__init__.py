"""Metrics, comparisons and plot builders over simulation results (pure functions)."""
